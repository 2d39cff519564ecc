"""What a table display asks of the rules: why a hand card cannot be played now (shown in
a build turn, and said to a screen reader at every turn), and which villagers a seat has
not seen yet (per suit), so widgets need no rules of their own."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ..core.actions import Action
from ..core.table_notes import NOT_NOW, NOT_YOUR_TURN
from .actions import Build, PlaceMonk, PlaySmuggler, PlayTinner, UseApprentice
from .cards import SUITS, CardSet
from .modes import EXPANSIONS, SOLO

if TYPE_CHECKING:
    from .game import Villagers
    from .views import VillagersObservation

PLAYS_A_CARD = (Build, PlaceMonk, PlaySmuggler, PlayTinner, UseApprentice)


def _card_of(g: Villagers, seat: int, action: Action) -> str | None:
    if isinstance(action, Build):
        return action.card
    name = {PlaceMonk: "Monk", PlayTinner: "Tinner", PlaySmuggler: "Smuggler",
            UseApprentice: "Apprentice"}.get(type(action))
    effect = EXPANSIONS.plays.get(type(action))  # an expansion Special played by its own action
    return g.tables.by_effect.get(effect) if effect is not None else name


def hand_notes(g: Villagers, seat: int) -> dict[str, str]:
    """For `seat`'s turn to build: each hand card that cannot be played now, and why in
    the game's words (a card absent from the result can be played). Empty otherwise."""
    if g.phase != "build" or g.turn != seat or seat not in g.to_act():
        return {}
    playable = {_card_of(g, seat, a) for a in g.legal_actions(seat)}
    notes: dict[str, str] = {}
    build = g.limit - g.used
    for name in g.players[seat].hand():
        if name in playable or name in notes:
            continue
        if build <= 0:
            notes[name] = "you have used your whole build limit this turn"
            continue
        reasons = [g.why_illegal(seat, Build(name, None, unlock))
                   for unlock in (None, "bank")]
        notes[name] = next((r for r in reasons if "padlock" in r.lower()), reasons[0])
    return notes


def hand_states(g: Villagers, seat: int) -> dict[str, str]:
    """Each card of `seat`'s hand that cannot be played now, and why, at any moment of the
    game: the build turn's reasons (`hand_notes`); "not your turn" while another seat acts;
    in the seat's draft, that villagers are built later. Empty once the game is over."""
    if g.is_over():
        return {}
    hand = g.players[seat].hand()
    if seat not in g.to_act():
        return dict.fromkeys(hand, NOT_YOUR_TURN)
    if g.phase == "build" and g.turn == seat:
        return hand_notes(g, seat)
    playable = {_card_of(g, seat, a) for a in g.legal_actions(seat)}
    why = ("it is the Draft Phase: villagers are built in your build turn"
           if g.phase == "draft" else NOT_NOW)
    return {name: why for name in hand if name not in playable}


def unseen_by_suit(obs: VillagersObservation, cards: CardSet) -> dict[str, dict[str, int]]:
    """Per suit, the villagers (name -> copies) that the observation's viewer has not seen
    face up anywhere: still in a stack, the Reserve, another hand or returned face down."""
    players = obs["players"]
    left: Counter[str] = Counter()
    solo = set(SOLO.solo_deck(cards)) if obs.get("solo") else None  # no Special suit in solo
    for c in cards:
        if c.kind == "villager" and (cards.in_play(c.name, len(players)) if solo is None
                                     else c.name in solo):
            left[c.name] += c.copies
    seen: Counter[str] = Counter()
    seen.update(s["card"] for s in obs["road"] if s)
    for p in players:
        seen.update(v["card"] for v in p["village"])
        seen.update(p["square"])
        seen.update(p["hand"] if p["hand"] is not None else p["hand_known"])
    seen.update(d["card"] for d in obs["discard"] if d["card"])
    for pile in (*obs["stacks"], obs["reserve"]):
        seen.update(card for _, card in pile["known"])
    out: dict[str, dict[str, int]] = {s: {} for s in SUITS}
    for name, n in left.items():
        k = n - seen[name]
        if k > 0:
            out.setdefault(cards[name].suit, {})[name] = k
    return {s: names for s, names in out.items() if names}
