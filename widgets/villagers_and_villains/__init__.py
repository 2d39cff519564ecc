"""The Villagers & Villains apps: play, rules walkthrough, replay and the dice lessons."""
