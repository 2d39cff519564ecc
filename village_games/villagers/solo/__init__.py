"""Villagers' solo mode: one player against the Countess (Beginner, normal or Hard).

The Countess's village is `players[1]` of a one-seat game: she never acts herself; the
player gives her villagers, resolves the events and plays the Jester.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.actions import short_repr
from ...core.events import event
from .countess import COUNTESS, GOLD_SIDE, STACK_SIZE, START_GOLD, solo_deck, with_countess
from .dealing import START_EVENTS, deal_events
from .events import MODES, EventSet, EventSpec, load_events, resolve_events, standard_events
from .state import SoloState

if TYPE_CHECKING:
    from ..game import Villagers

__all__ = ["COUNTESS", "GOLD_SIDE", "MODES", "STACK_SIZE", "START_GOLD", "EventSet",
           "EventSpec", "SoloState", "check_solo", "load_events", "resolve_events",
           "set_up", "solo_deck", "standard_events", "with_countess"]


def check_solo(mode: Any, players: int, expansions: Any, events: Any) -> str | None:
    """The solo mode for this many players: None for 2-5 players, else a checked mode."""
    if players != 1:
        if mode is not None or events is not None:
            raise ValueError(f"solo_mode and events are for a 1-player game (solo against "
                             f"the Countess); this game has {players} players")
        return None
    if mode is None:
        mode = "normal"
    if mode not in MODES:
        raise ValueError(f"solo_mode must be one of {', '.join(MODES)}, got {short_repr(mode)}")
    if expansions:
        # Rulebook: the Kickstarter expansions are not balanced for the solo mode
        raise ValueError("the Kickstarter expansions are not offered in the solo mode "
                         "(the rulebook says they are not balanced for it)")
    return str(mode)


def set_up(g: Villagers, mode: str, events: EventSet) -> None:
    """Shuffle both event decks and deal the first Summer events (Hard: 2)."""
    s = g.solo = SoloState(mode, events)
    for season in ("summer", "winter"):
        deck = events.deck(season, mode)
        g.rng.shuffle(deck)
        s.decks[season] = deck
    if g.loud:
        g.emit(event("solo", "Solo game ({} mode) against the Countess: she starts with {} "
                             "Gold and her card{}; the Jester is {}.",
                     {"mode": mode}, (mode, g.players[COUNTESS].gold,
                                      "" if mode != "beginner" else " on its side without Gold",
                                      "out of the game" if mode == "hard" else "beside you")))
    deal_events(g, "summer", START_EVENTS[mode])
