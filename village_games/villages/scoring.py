"""Round scoring: villages, less hand and graveyard, the first-to-empty bonus, and the
High and Low Score cards (a stand-in catch-up effect)."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict

from .cards import CardSet
from .options import EMPTY_BONUS

if TYPE_CHECKING:
    from .game import Villages


class RoundParts(TypedDict):
    """What one seat scored in a round, part by part (hand and graveyard count against)."""

    villages: int
    hand: int
    graveyard: int
    first_empty: int
    score_card: int
    score: int


class SheetRow(TypedDict):
    """One round of the score sheet: its number and each seat's parts, by seat."""

    round: int
    parts: list[RoundParts]


def village_gold(cards: CardSet, village: list[str]) -> int:
    """The gold of one village: its cards' gold, times each King's multiplier in it."""
    gold = 0
    mult = 1
    for c in village:
        card = cards.cards[c]
        gold += card.gold
        mult *= card.village_multiplier  # Reading: two Kings in one village double twice
    return gold * mult


def cards_gold(cards: CardSet, pile: list[str]) -> int:
    gold_of = cards.gold_of
    return sum(gold_of[c] for c in pile)


def round_parts(g: Villages, seat: int) -> RoundParts:
    """What one seat scores this round, part by part (the score sheet's row)."""
    cards = g.cards
    villages = sum(village_gold(cards, v) for v in g.villages[seat].values())
    hand = cards_gold(cards, g.hands[seat])
    grave = cards_gold(cards, g.graves[seat])
    bonus = EMPTY_BONUS if g.emptied == seat else 0
    card = 0
    if g.high == seat:
        card += cards.high.round_bonus
    if g.low == seat:
        card += cards.low.round_bonus
    return {"villages": villages, "hand": -hand, "graveyard": -grave, "first_empty": bonus,
            "score_card": card, "score": villages - hand - grave + bonus + card}


def holder(totals: list[int], best: int, current: int | None) -> int | None:
    """Who gets a score card: a seat with the `best` total; the current holder keeps it
    in a tie, else the lowest seat among the tied."""
    tied = [s for s, t in enumerate(totals) if t == best]
    # Reading: a tie for the High (or Low) Score card leaves it with its holder, else the
    # first tied seat
    if current in tied:
        return current
    return tied[0]


def pass_score_cards(totals: list[int], high: int | None,
                     low: int | None) -> tuple[int | None, int | None]:
    """The holders of the High and Low Score cards for the next round."""
    # Reading: the cards go by running totals (the race to 100), not by the last round
    top, bottom = max(totals), min(totals)
    if top == bottom:  # Reading: when every total is equal, neither card is handed out
        return None, None
    return holder(totals, top, high), holder(totals, bottom, low)


def sheet_row(g: Villages) -> SheetRow:
    """The whole round's scoring as JSON: one parts dict per seat."""
    return {"round": g.round, "parts": [round_parts(g, s) for s in range(g.n)]}
