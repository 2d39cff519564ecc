"""Pages of the server as a whole: the gallery and the teacher's lobby."""
