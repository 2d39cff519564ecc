"""Class experiments in the browser: the teacher's and the students' pages
(village_games.experiments holds the kinds, the store and the tallies)."""
