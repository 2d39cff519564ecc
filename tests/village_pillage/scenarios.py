"""Hand-written Village Pillage positions for the rule tests (no engine internals used).

Card names are typed out here on purpose: the tests must fail if cards.toml changes them.
"""

from __future__ import annotations

from typing import Any

from village_games.village_pillage import (
    Plan,
    Queue,
    QueueTwo,
    ResolveFirst,
    TakeMarketCard,
    VillagePillage,
)

STARTERS = ["Farmer", "Wall", "Raider", "Merchant"]
MARKET_CARDS = [
    "Florist", "Mason", "Rat Catcher", "Innkeeper", "Pickler", "Miner",
    "Labyrinth", "Cathedral", "Toll Bridge", "Moat", "Treasury", "Dungeon",
    "Berserker", "Outlaw", "Veteran", "Burglar", "Cutpurse", "Trapper",
    "Bard", "Doctor",
]

__all__ = [
    "MARKET_CARDS", "STARTERS", "Plan", "Queue", "QueueTwo", "ResolveFirst", "TakeMarketCard",
    "VillagePillage", "finish_choices", "make", "played_to_round", "player", "village",
]


def player(stockpile: int = 1, bank: int = 1, relics: int = 0, extra: tuple[str, ...] = (),
           **more: Any) -> dict[str, Any]:
    """A player dict: the four starters in hand plus `extra` market cards."""
    row: dict[str, Any] = {"stockpile": stockpile, "bank": bank, "relics": relics,
                           "hand": STARTERS + list(extra)}
    row.update(more)
    return row


def make(players: list[dict[str, Any]], *, market: list[str | None] | None = None,
         deck: list[str] | None = None, bank_side: str | None = None, seed: int = 0,
         names: list[str] | None = None) -> VillagePillage:
    """A scenario; with `market` but no `deck`, the deck is every other free market card
    in card-list order (the last one is the top)."""
    if names:
        players = [dict(p, name=n) for p, n in zip(players, names, strict=True)]
    d: dict[str, Any] = {"players": players, "seed": seed}
    if bank_side:
        d["bank_side"] = bank_side
    if market is not None:
        d["market"] = market
        if deck is None:
            owned = {c for p in players for k in ("hand", "plan", "exhausted")
                     for c in p.get(k, [])}
            deck = [c for c in MARKET_CARDS if c not in owned and c not in market]
    if deck is not None:
        d["deck"] = deck
    return VillagePillage.from_dict(d)


def finish_choices(g: VillagePillage, market_pick=None, first=None) -> None:
    """Answer pending mid-round choices: market buys take the first face-up card (or
    `market_pick(g)`), a two-buyer order resolves `first` (or the first offered) first."""
    while not g.is_over() and g.phase == "resolve" and g.awaiting:
        seat = g.awaiting["player"]
        if g.awaiting["kind"] == "market":
            name = market_pick(g) if market_pick else next(c for c in g.market if c)
            g.apply(seat, TakeMarketCard(name))
        else:
            g.apply(seat, ResolveFirst(first or g.awaiting["cards"][0]))


def village(g: VillagePillage, seat: int) -> dict[str, Any]:
    return g.to_dict()["players"][seat]


def played_to_round(players: int, seed: int, round_no: int, chooser: int = 1) -> VillagePillage:
    """A game played by a seeded random chooser up to the planning of `round_no` (four
    villages in round 4 with seed 5: face-down cards drawn, so the coach samples)."""
    import random

    from village_games import village_pillage

    g = village_pillage.new_game(players=players, seed=seed)
    rng = random.Random(chooser)
    while not (g.phase == "plan" and g.round == round_no):
        p = g.to_act()[0]
        g.apply(p, rng.choice(g.legal_actions(p)))
    return g
