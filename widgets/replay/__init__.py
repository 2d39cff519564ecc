"""Replays: step through a recorded game of any engine, from any seat's view."""
