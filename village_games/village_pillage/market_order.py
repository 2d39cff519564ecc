"""The order in which a game's market cards reach the market (for lessons and tests).

At setup the market shows the last cards of the shuffled deck; every purchase refills its
slot at once from the deck's end. So the cards appear in this order: the starting market,
then the deck from its end. This reads the hidden deck, so it is for simulations that
deal games, never for a player's view.
"""

from __future__ import annotations

from .game import VillagePillage


def reveal_order(g: VillagePillage) -> list[str]:
    """The market cards still to be seen, in the order the market will show them, after the
    ones on show now (a fresh game: all of them)."""
    return [c for c in g.market if c] + g.deck[::-1]


def seen_within(g: VillagePillage, wanted: set[str], purchases: int) -> bool:
    """Whether a card of `wanted` is on show, or has been, once `purchases` market cards
    have been bought (each purchase brings one more card into view)."""
    return not wanted.isdisjoint(reveal_order(g)[:g.cards.market_slots + purchases])
