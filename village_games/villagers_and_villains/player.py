"""One mayor's state: gold, hand and town."""

from __future__ import annotations


class Mayor:
    """A seat. The hand is split by what the other mayors know: `hand_pub` holds cards that
    arrived face up (the starting hand, recruits, defeated challenges), `hand_sec` the
    cards drawn from the deck by an ability, which only the owner has seen. The town lists
    cards in the order they entered."""

    __slots__ = ("name", "gold", "hand_pub", "hand_sec", "town")

    def __init__(self, name: str, gold: int) -> None:
        self.name = name
        self.gold = gold
        self.hand_pub: list[str] = []
        self.hand_sec: list[str] = []
        self.town: list[str] = []

    def hand(self) -> list[str]:
        return self.hand_pub + self.hand_sec

    def has_in_hand(self, card: str) -> bool:
        return card in self.hand_pub or card in self.hand_sec

    def take_from_hand(self, card: str) -> None:
        if card in self.hand_pub:
            self.hand_pub.remove(card)
        else:
            self.hand_sec.remove(card)

    def copy(self) -> Mayor:
        m = Mayor.__new__(Mayor)
        m.name = self.name
        m.gold = self.gold
        m.hand_pub = self.hand_pub[:]
        m.hand_sec = self.hand_sec[:]
        m.town = self.town[:]
        return m
