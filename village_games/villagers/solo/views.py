"""What the player sees of the solo mode, and the event decks dealt again for a search."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ...core import words
from .countess import COUNTESS, START_GOLD
from .dealing import START_EVENTS, events_to_deal, season
from .events import SEASONS
from .state import solo_of

if TYPE_CHECKING:
    from ..game import Villagers
    from ..views import EventView, SoloView


def mode_summary(mode: str) -> str:
    """How a solo mode differs from the normal one, with the engine's numbers ("" for the
    normal mode), for a menu of modes."""
    if mode == "beginner":
        return (f"{words.count(events_to_deal(0, mode), 'event')} a round, her card "
                "without Gold")
    if mode == "hard":
        return (f"{words.count(START_EVENTS[mode], 'event')} to start, no Jester, she starts "
                f"with {START_GOLD[mode]}")
    return ""


def solo_view(g: Villagers, everything: bool) -> SoloView:
    """Face-up events with their text, the decks' sizes (their order is hidden), the
    discards (public), the Jester, and the Gold race."""
    s = solo_of(g)

    def card(name: str) -> EventView:
        e = s.events[name]
        return {"name": name, "season": e.season, "kind": e.kind, "effect": e.effect,
                "count": e.count, "gold": e.gold, "help": e.help,
                "begun": name in s.begun}

    return {
        "mode": s.mode, "countess_seat": COUNTESS, "season": season(g),
        "events_name": s.events.name,
        "face_up": [card(n) for n in s.face_up],
        "current": card(s.current) if s.current else None,
        "decks": {k: len(v) for k, v in s.decks.items()},
        "deck_order": {k: v[:] for k, v in s.decks.items()} if everything else None,
        "discards": {k: v[:] for k, v in s.discards.items()},
        "jester": s.jester,
        "jester_targets": [n for n in s.unbegun()] if s.jester else [],
        "gold": {"you": g.players[0].gold, "countess": g.players[COUNTESS].gold},
    }


def reshuffle_events(w: Villagers, rng: random.Random) -> None:
    """Deal each event deck again from its cards in file order (fair: what the player
    sees, the decks' contents, decides; their order comes from `rng`)."""
    s = w.solo
    assert s is not None
    order = list(s.events.events)
    for which in SEASONS:
        deck = sorted(s.decks[which], key=order.index)
        rng.shuffle(deck)
        s.decks[which] = deck
