"""One Village Pillage round as a matrix game, measured by running the real engine.

In a two-player game both villages reveal their front cards at the same moment, so a
single round is a simultaneous-move game: I pick a row (my card), the opponent picks a
column (theirs), and the payoff is read off a table. This module builds that table by
playing every pairing of cards through `VillagePillage` from a hand-written scenario; no
card effect is copied here, so the table always agrees with the rules engine.

The payoff is a **turnip swing**: the change in (my turnips - their turnips) over the round,
where "turnips" are stockpile + bank, and anything bought is counted at what was paid for
it. Buying a relic for 6 or a market card for 1 therefore costs nothing in this model (the
turnips became an item worth the same); a free card (Innkeeper, Outlaw) or a drawn card
(Bard) adds nothing. `relic_bonus` adds extra worth per relic bought, for lessons that ask
"how much is a relic worth beyond its price?". The model is myopic on purpose: it looks
at one round only, ignores exhaustion and the value of a card in later rounds, and the
queued back card never matters because only front cards resolve.

    from village_games.village_pillage.payoffs import Position, payoff_matrix
    labels_me, labels_them, a = payoff_matrix(Position())
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache

import numpy as np

from .actions import QueueTwo, ResolveFirst, TakeMarketCard
from .cards import TYPES, standard_deck
from .game import VillagePillage
from .options import BANK_SIDES

STARTERS: tuple[str, ...] = ("Farmer", "Wall", "Raider", "Merchant")
_SEED = 2018  # fixes the market deal and any coin flip, so every table is reproducible


@dataclass(frozen=True)
class Position:
    """A two-player position at the start of a round, seen from "me" (seat 0).

    `my_cards` / `their_cards` are the cards each side may put in front this round (the
    rows and columns of the matrix); every village also keeps its four starters in hand.
    `bank_side="duel"` is the two-player rules (bank cap 4, relics 6/7/8); `"standard"` is
    the longer two-player variant on the 3+ player side (cap 5, relics 8/9/10).
    """

    my_stockpile: int = 1
    my_bank: int = 1
    their_stockpile: int = 1
    their_bank: int = 1
    my_relics: int = 0
    their_relics: int = 0
    bank_side: str = "duel"
    my_cards: tuple[str, ...] = STARTERS
    their_cards: tuple[str, ...] = STARTERS
    # (None: dealt from a fixed seed; a None in it: a slot the deck could not refill)
    market: tuple[str | None, ...] | None = field(default=None)

    def __post_init__(self) -> None:
        if self.bank_side not in BANK_SIDES:
            raise ValueError(f"bank_side must be 'duel' or 'standard', got {self.bank_side!r}")
        cap = BANK_SIDES[self.bank_side][0]
        for name in ("my_stockpile", "their_stockpile"):
            value = getattr(self, name)
            if not isinstance(value, int) or not 0 <= value <= 10_000:
                raise ValueError(f"{name} must be a whole number from 0 to 10000, got {value!r}")
        for name in ("my_bank", "their_bank"):
            value = getattr(self, name)
            if not isinstance(value, int) or not 0 <= value <= cap:
                raise ValueError(f"{name} must be a whole number from 0 to {cap} "
                                 f"(the {self.bank_side} bank cap), got {value!r}")
        for name in ("my_relics", "their_relics"):
            value = getattr(self, name)
            if not isinstance(value, int) or not 0 <= value <= 2:
                raise ValueError(f"{name} must be 0, 1 or 2 (a third relic ends the game), "
                                 f"got {value!r}")
        known = standard_deck().cards  # the lesson's positions use the game's own cards
        for name in ("my_cards", "their_cards"):
            cards = tuple(getattr(self, name))
            object.__setattr__(self, name, cards)
            if not cards:
                raise ValueError(f"{name} must name at least one card")
            if len(set(cards)) != len(cards):
                raise ValueError(f"{name} lists a card twice: {', '.join(cards)}")
            for card in cards:
                if card not in known:
                    raise ValueError(f"{name}: no Village Pillage card named {card!r}")
        if self.market is not None:
            object.__setattr__(self, "market", tuple(self.market))

    def swapped(self) -> Position:
        """The same position seen from the other village."""
        return replace(self, my_stockpile=self.their_stockpile, my_bank=self.their_bank,
                       their_stockpile=self.my_stockpile, their_bank=self.my_bank,
                       my_relics=self.their_relics, their_relics=self.my_relics,
                       my_cards=self.their_cards, their_cards=self.my_cards)


def _hand(cards: tuple[str, ...]) -> list[str]:
    return list(STARTERS) + [c for c in cards if c not in STARTERS]


@lru_cache(maxsize=256)
def _start(position: Position) -> VillagePillage:
    """The scenario for a position, built once: a round about to be planned."""
    p = position
    d: dict = {
        "seed": _SEED,
        "bank_side": p.bank_side,
        "players": [
            {"name": "Me", "stockpile": p.my_stockpile, "bank": p.my_bank,
             "relics": p.my_relics, "hand": _hand(p.my_cards)},
            {"name": "Them", "stockpile": p.their_stockpile, "bank": p.their_bank,
             "relics": p.their_relics, "hand": _hand(p.their_cards)},
        ],
    }
    if p.market is not None:
        d["market"] = list(p.market)
    return VillagePillage.from_dict(d)


def _queue(g: VillagePillage, seat: int, front: str) -> None:
    back = next(c for c in g.players[seat].hand if c != front)  # never resolves this round
    g.apply(seat, QueueTwo(front, back))


def play_round(position: Position, mine: str, theirs: str) -> VillagePillage:
    """Play one round from `position`: my `mine` against their `theirs`, both in front.

    Purchases that need a choice take the first market card offered (its value in the
    turnip-swing model is its price, whichever card it is). Returns the game after the
    round, with the round's events at the end of `g.log`.
    """
    g = _start(position).clone()
    _queue(g, 0, mine)
    _queue(g, 1, theirs)
    while g.phase == "resolve":
        seat = g.to_act()[0]
        choice = g.legal_actions(seat)[0]
        assert isinstance(choice, (TakeMarketCard, ResolveFirst))
        g.apply(seat, choice)
    return g


@lru_cache(maxsize=4096)
def swing(position: Position, mine: str, theirs: str, relic_bonus: float = 0.0) -> float:
    """Turnip swing of one round for me: see the module docstring for the valuation."""
    before = _start(position)
    start_log = len(before.log)
    g = play_round(position, mine, theirs)
    worth = [float(v.turnips) for v in g.players]
    for event in g.log[start_log:]:
        seat = event.data.get("seat", 0)  # (every relic and buy names its seat)
        if event.kind == "relic":
            worth[seat] += event.data["cost"] + relic_bonus
        elif event.kind == "buy":
            worth[seat] += event.data["price"]
    mine_gain = worth[0] - before.players[0].turnips
    their_gain = worth[1] - before.players[1].turnips
    return mine_gain - their_gain


@lru_cache(maxsize=256)
def _matrix(position: Position, relic_bonus: float) -> np.ndarray:
    a = np.array([[swing(position, r, c, relic_bonus) for c in position.their_cards]
                  for r in position.my_cards])
    a.setflags(write=False)
    return a


def payoff_matrix(position: Position | None = None, relic_bonus: float = 0.0
                  ) -> tuple[list[str], list[str], np.ndarray]:
    """(my card names, their card names, matrix): `matrix[i, j]` is my turnip swing when I
    play `my_cards[i]` and they play `their_cards[j]`. Zero-sum: their swing is `-matrix`.
    Results are cached per position; the returned array is read-only."""
    p = Position() if position is None else position
    return list(p.my_cards), list(p.their_cards), _matrix(p, float(relic_bonus))


def payoff_table(card: str, position: Position | None = None, relic_bonus: float = 0.0
                 ) -> dict[str, float]:
    """My swing with `card` in front against each opposing type, in resolve order
    (Farmer, Wall, Raider, Merchant): the opponent plays its starter of that type."""
    p = Position() if position is None else position
    p = replace(p, my_cards=(card,), their_cards=STARTERS)
    return {t: swing(p, card, t, float(relic_bonus)) for t in TYPES}


def card_type(card: str) -> str:
    """'Raider' for Burglar, 'Farmer' for Florist, and so on (the game's own cards)."""
    return standard_deck().type_name(card)


STRATEGIES: dict[str, str] = {
    "equilibrium": "Equilibrium mix", "uniform": "Uniform random",
    "farmer": "Always Farmer", "wall": "Always Wall", "raider": "Always Raider",
    "merchant": "Always Merchant"}  # the lessons' strategies: key -> name


def named_mix(name: str, labels: list[str], equilibrium: np.ndarray) -> np.ndarray:
    """A strategy by name ('Uniform random', 'Always Raider', 'Equilibrium mix') as the
    chance of each card in `labels`; `equilibrium` is the mix the solver found."""
    if name.startswith("Equilibrium"):
        return np.asarray(equilibrium, dtype=float)
    if name.startswith("Uniform"):
        return np.full(len(labels), 1.0 / len(labels))
    if name.startswith("Always "):
        card = name.removeprefix("Always ")
        mix = np.zeros(len(labels))
        mix[labels.index(card)] = 1.0
        return mix
    raise ValueError(f"unknown strategy {name!r}")
