"""Bots that play through the public protocol (a SeatView) only."""

from .random_bot import RandomBot

__all__ = ["RandomBot"]
