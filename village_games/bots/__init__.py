"""Bots that play through the public protocol (a SeatView) only."""

from .beginner_bot import BeginnerBot
from .random_bot import RandomBot
from .search_bot import SearchBot
from .village_pillage_bot import PillageBot
from .villagers_and_villains_bot import VillagersAndVillainsBot
from .villagers_bot import VillagersBot
from .villages_bot import VillagesBot

__all__ = ["BeginnerBot", "PillageBot", "RandomBot", "SearchBot", "VillagersAndVillainsBot",
           "VillagersBot", "VillagesBot"]
