"""Which bots each game has, by kind, for tournaments, the strategy lab and the play apps.

    from village_games.bots.lineups import bot_factory, kinds_for
    kinds_for("villages", players=3)         # ['random', 'heuristic', 'search']
    make = bot_factory("villages", "search", iterations=500)
    make(7)                                  # a SearchBot(seed=7, iterations=500)

A factory is a `functools.partial` of a bot class, so it pickles and a tournament can send
it to other processes or a Dask cluster.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from ..core.seat import Agent
from .equilibrium_bot import EquilibriumBot
from .random_bot import RandomBot
from .search_bot import SearchBot
from .village_pillage_bot import PillageBot
from .villagers_and_villains_bot import VillagersAndVillainsBot
from .villagers_bot import VillagersBot
from .villages_bot import VillagesBot

ENGINES = ("village_pillage", "villagers", "villagers_and_villains", "villages")

# each game's hand-written heuristic bot
HEURISTIC: dict[str, type] = {
    "village_pillage": PillageBot,
    "villagers": VillagersBot,
    "villagers_and_villains": VillagersAndVillainsBot,
    "villages": VillagesBot,
}

KIND_LABELS = {"random": "Random", "heuristic": "Heuristic", "search": "Search",
               "equilibrium": "Equilibrium"}


def kinds_for(engine: str, players: int) -> list[str]:
    """The bot kinds a game offers at this player count (Village Pillage's equilibrium
    bot solves the duel's matrix game, so it plays two-player games only)."""
    check_engine(engine)
    kinds = ["random", "heuristic", "search"]
    if engine == "village_pillage" and players == 2:
        kinds.append("equilibrium")
    return kinds


def check_engine(engine: str) -> str:
    if engine not in ENGINES:
        raise ValueError(f"game must be one of {', '.join(ENGINES)}; got {engine!r}")
    return engine


def bot_factory(engine: str, kind: str, **settings: Any) -> Callable[[int], Agent]:
    """`factory(seed) -> bot` of this kind for this game; `settings` go to the bot
    (a search bot's `iterations` or `seconds`)."""
    check_engine(engine)
    classes: dict[str, type] = {"random": RandomBot, "heuristic": HEURISTIC[engine],
                                "search": SearchBot, "equilibrium": EquilibriumBot}
    if kind not in classes or (kind == "equilibrium" and engine != "village_pillage"):
        allowed = ", ".join(k for k in classes
                            if k != "equilibrium" or engine == "village_pillage")
        raise ValueError(f"bot kind must be one of {allowed}; got {kind!r}")
    return functools.partial(classes[kind], **settings)
