"""Errors shared by every engine."""


class IllegalAction(ValueError):
    """An action the rules forbid; raised before anything in the game changes."""
