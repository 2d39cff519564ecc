"""One player's state: Gold, hand, Village Square and village."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .village import Slot, Summary

if TYPE_CHECKING:
    from .cards import CardSet
    from .tables import Tables


class PlayerState:
    """A seat. The hand is split by what the other seats know: `hand_pub` holds the cards
    everyone saw arrive (drafted face up), `hand_sec` those only the owner knows (dealt at
    setup, or whose identity the table lost track of); both are kept in card-file order.
    The village square holds this Draft Phase's cards, face up, until the limit is met."""

    __slots__ = ("name", "gold", "hand_pub", "hand_sec", "square", "village", "draft_limit",
                 "drafting", "_summary", "_own", "_distinct")

    def __init__(self, name: str, gold: int, village: list[Slot]) -> None:
        self.name = name
        self.gold = gold
        self.hand_pub: list[str] = []
        self.hand_sec: list[str] = []
        self.square: list[str] = []
        self.village = village
        self.draft_limit = 0
        self.drafting = False  # still drafting in this Draft Phase
        self._summary: Summary | None = None
        self._own = False  # whether `_summary` is this player's alone (else shared: copy it)
        # the hand's names once each, in card-file order (`hands.distinct_hand`); None: to
        # be worked out. Playing or returning a card keeps it up to date (`hands.py`);
        # anything else that changes a hand calls `hand_changed()`; `audit()` checks it.
        self._distinct: tuple[str, ...] | None = None

    def hand(self) -> list[str]:
        return self.hand_pub + self.hand_sec

    def summary(self, cards: CardSet) -> Summary:
        """The village's counts, read-only; valid until the village changes (building
        updates them in place)."""
        s = self._summary
        if s is None:
            s = self._summary = Summary(self.village, cards)
            self._own = True
        return s

    def _own_summary(self) -> Summary | None:
        """The summary, copied first if a copy of this player shares it (copy on write)."""
        s = self._summary
        if s is not None and not self._own:
            s = self._summary = s.copy()
            self._own = True
        return s

    def placed(self, tables: Tables) -> None:
        """Call after a villager was added at the end of the village (on its parent);
        `tables`: the deck's (`g.tables`)."""
        s = self._summary  # (`_own_summary`, written out: every build does this)
        if s is not None:
            if not self._own:
                s = self._summary = s.copy()
                self._own = True
            s.place_last(self.village, tables)

    def coins_added(self, added: int) -> None:
        """Call after coins were put on a villager of this village."""
        s = self._own_summary()
        if s is not None:
            s.coins += added

    def hand_changed(self) -> None:
        """Call after a change of the hand other than `hands.play_from_hand` or
        `hands.return_from_hand` (which keep the distinct names up to date)."""
        self._distinct = None

    def changed(self) -> None:
        """Call after any other change of the village: its counts are worked out again."""
        self._summary = None

    def copy(self) -> PlayerState:
        p = PlayerState.__new__(PlayerState)
        p.name, p.gold = self.name, self.gold
        p.hand_pub, p.hand_sec = self.hand_pub[:], self.hand_sec[:]
        p.square, p.village = self.square[:], self.village[:]
        p.draft_limit, p.drafting, p._summary = self.draft_limit, self.drafting, self._summary
        p._distinct = self._distinct  # (a tuple: shared safely)
        p._own = self._own = False  # both share the summary now
        return p

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "gold": self.gold, "hand_pub": self.hand_pub[:],
                "hand_sec": self.hand_sec[:], "square": self.square[:],
                "village": [list(s) for s in self.village], "draft_limit": self.draft_limit,
                "drafting": self.drafting}
