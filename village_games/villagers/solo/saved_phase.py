"""A saved solo phase waits on something that is there: an Event Phase has a face-up
event left to resolve, an event that waits for a choice has choices, a toll names the
card in force. Play never stops otherwise, so a save that does would leave the player
with no legal move."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.actions import short_repr
from .effects import CHOICE_KIND, options

if TYPE_CHECKING:
    from ..game import Villagers


def check_waiting(g: Villagers) -> None:
    """ValueError naming the solo field a saved solo phase lacks."""
    s = g.solo
    assert s is not None
    if g.phase == "events" and not s.face_up:
        raise ValueError("solo.face_up: the Event Phase (phase 'events') needs a face-up "
                         "event still to resolve; with none left the phase is over")
    if g.phase not in ("event", "toll"):
        return
    card = s.events.events.get(s.current) if s.current is not None else None
    if card is None:
        raise ValueError(f"solo.current must name the event the phase {g.phase!r} waits on, "
                         f"got {short_repr(s.current)}")
    if g.phase == "toll":
        if card.effect not in ("fewer_drafts", "fewer_builds") or s.current not in s.face_up:
            raise ValueError(f"solo.current: a toll (phase 'toll') is asked by a face-up "
                             f"card that costs a draft or a build, not {card.name}")
        if s.after not in ("draft", "build"):
            raise ValueError("solo.after must be 'draft' or 'build' during a toll: the phase "
                             "the game goes back to")
        return
    if card.effect not in CHOICE_KIND or len(options(g, card)) < 2:
        raise ValueError(f"solo.current: the phase 'event' waits for a choice, but "
                         f"{card.name} leaves none to make now")
