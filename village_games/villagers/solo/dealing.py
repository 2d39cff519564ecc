"""Event decks: dealing face up, reshuffling a spent deck, discarding."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import words
from ...core.events import event
from .state import solo_of

if TYPE_CHECKING:
    from ..game import Villagers


def season(g: Villagers) -> str:
    """Summer until the First Market has been resolved, Winter after."""
    return "winter" if g.markets >= 1 else "summer"


def discard_event(g: Villagers, name: str) -> None:
    s = solo_of(g)
    s.discards[s.events.events[name].season].append(name)
    if g.loud:
        g.emit(event("event_discard", "{} goes to the discard pile.", {"event": name},
                     (name,)))


def draw_event(g: Villagers, which: str) -> str | None:
    """The top card of `which` deck; a spent deck is rebuilt from its discards. None when
    nothing can be drawn (or only cards that would deal again and again are left)."""
    s = solo_of(g)
    deck = s.decks[which]
    if not deck:
        pile = s.discards[which]
        if all(s.events[n].effect == "redeal" for n in pile):
            return None  # Reading: nothing but redeal cards left: the deck is spent
        deck.extend(sorted(pile, key=list(s.events.events).index))
        pile.clear()
        g.rng.shuffle(deck)
        if g.loud:
            g.emit(event("event_shuffle", "The {} events are shuffled into a new deck.",
                         {"season": which}, (which.capitalize(),), chance=True))
    return deck.pop()


def deal_events(g: Villagers, which: str, count: int) -> list[str]:
    """Deal `count` events face up; one that acts when revealed (Dark Mood) deals its own
    replacements. Returns the events left face up."""
    s = solo_of(g)
    dealt: list[str] = []
    for _ in range(count):
        name = draw_event(g, which)
        if name is None:
            break
        card = s.events.events[name]  # (the dict itself: a drawn name is in the deck)
        if card.kind == "on_reveal":
            if g.loud:
                g.emit(event("event_reveal", "{} turns up: it deals {} in its "
                                             "place.",
                             {"event": name, "deal": card.deal},
                             (name, words.count(card.deal, "more event")),
                             reveals=True, chance=True))
            discard_event(g, name)
            dealt += deal_events(g, which, card.deal)
            continue
        s.face_up.append(name)
        dealt.append(name)
        if g.loud:
            g.emit(event("event_deal", "A {} event is dealt face up: {}.",
                         {"event": name, "season": which}, (which.capitalize(), name),
                         reveals=True, chance=True))
    return dealt


# Summer events dealt at setup, by mode
START_EVENTS = {"beginner": 1, "normal": 1, "hard": 2}


RICH = 10  # Gold a villager must be worth to the Countess to bring a single event


def events_to_deal(value: int, mode: str) -> int:
    """New events for a villager worth `value` Gold to the Countess: 1 from RICH (10) Gold
    up, 2 from 1 to 9, 3 for nothing; Beginner mode always deals 1."""
    if mode == "beginner":
        return 1
    return 1 if value >= RICH else 2 if value >= 1 else 3


def events_rule() -> str:
    """`events_to_deal` in words, for lessons (beside it, so that the two change together)."""
    return (f"{RICH} Gold or more brings {events_to_deal(RICH, 'normal')} event, 1 to {RICH - 1} "
            f"brings {events_to_deal(1, 'normal')}, nothing brings "
            f"{events_to_deal(0, 'normal')} (Beginner: always "
            f"{events_to_deal(0, 'beginner')})")
