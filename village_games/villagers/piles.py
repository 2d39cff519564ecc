"""Face-down piles (the six stacks, the Reserve) and who knows which of their cards.

A pile lists its cards bottom first (the top is the last). Beside each card sits a
knowledge mask: the seats that know what it is (a returned card is known to whoever
returned it). Card backs show suits, so every card that has ever been a pile's top has
a known suit: cards only come and go at the top, so those are exactly the positions from
`low - 1` upwards, where `low` is the smallest size the pile has had.
"""

from __future__ import annotations

from typing import Any


class Pile:
    __slots__ = ("cards", "known", "low")

    def __init__(self, cards: list[str], known: list[int] | None = None,
                 low: int | None = None) -> None:
        self.cards = cards
        self.known = known if known is not None else [0] * len(cards)
        self.low = len(cards) if low is None else low

    def __len__(self) -> int:
        return len(self.cards)

    def draw(self) -> str:
        """Take the top card (the caller reveals it)."""
        cards = self.cards
        self.known.pop()
        card = cards.pop()
        left = len(cards)
        if left < self.low:
            self.low = left
        return card

    def put(self, card: str, mask: int) -> None:
        """A card on top, known to the seats in `mask` (its suit shows to all)."""
        self.cards.append(card)
        self.known.append(mask)

    def suit_seen(self, position: int) -> bool:
        """Whether the card at `position` (from the bottom) has shown its back on top."""
        # Reading: the table remembers every suit that has shown on top of a pile
        return position >= self.low - 1

    def copy(self) -> Pile:
        return Pile(self.cards[:], self.known[:], self.low)

    def to_dict(self) -> dict[str, Any]:
        return {"cards": self.cards[:], "known": self.known[:], "low": self.low}
