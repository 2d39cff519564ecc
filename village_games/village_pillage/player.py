"""One village's state: turnips, relics and where each of its cards is."""

from __future__ import annotations

from typing import Any


class Village:
    """A player's village. `plan` holds this round's face-down cards:
    3-5 players `[left, right]` (empty until planned); duel `[front, back]` (the front card
    is the one left from last round)."""

    __slots__ = ("name", "stockpile", "bank", "relics", "hand", "exhausted", "secret", "plan",
                 "pools")

    def __init__(self, name: str, stockpile: int = 1, bank: int = 1, relics: int = 0,
                 hand: list[str] | None = None, exhausted: list[str] | None = None,
                 secret: list[str] | None = None, plan: list[str] | None = None,
                 pools: list[list[str]] | None = None) -> None:
        self.name = name
        self.stockpile = stockpile
        self.bank = bank
        self.relics = relics
        self.hand: list[str] = hand if hand is not None else []
        self.exhausted: list[str] = exhausted if exhausted is not None else []
        self.secret: list[str] = secret if secret is not None else []  # cards only we have seen
        self.plan: list[str] = plan if plan is not None else []
        # Duel only: for each queued card, the hand it was chosen from. Others can work this
        # out from the table, and determinize needs it to keep a face-down card plausible.
        self.pools: list[list[str]] = pools if pools is not None else []

    @property
    def turnips(self) -> int:
        return self.stockpile + self.bank

    def owned(self) -> list[str]:
        return self.hand + self.plan + self.exhausted

    def pay(self, amount: int) -> tuple[int, int]:
        """Pay from the stockpile first, then the bank (banked turnips are the safe ones)."""
        # Reading 5: payments come from the stockpile first, then the bank
        from_stock = min(amount, self.stockpile)
        from_bank = amount - from_stock
        self.stockpile -= from_stock
        self.bank -= from_bank
        return from_stock, from_bank

    def copy(self) -> Village:
        return Village(self.name, self.stockpile, self.bank, self.relics, self.hand[:],
                       self.exhausted[:], self.secret[:], self.plan[:], self.pools[:])

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "stockpile": self.stockpile, "bank": self.bank,
                "relics": self.relics, "hand": self.hand[:], "exhausted": self.exhausted[:],
                "secret": self.secret[:], "plan": self.plan[:],
                "pools": [p[:] for p in self.pools]}
