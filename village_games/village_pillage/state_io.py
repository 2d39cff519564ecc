"""Whole-state dicts: exact dumps for saves and clones, and hand-written scenarios.

`game_from_dict` accepts a full `to_dict()` dump, or a short scenario such as
`{"players": [{"stockpile": 3}, {"hand": ["Farmer", "Wall", "Raider", "Merchant", "Florist"]}],
"market": ["Bard", "Moat", "Miner", "Outlaw"]}`; missing fields take setup defaults. This is
how rule walkthroughs and tests start from the rulebook's mid-game positions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.actions import short_repr
from ..core.info import row_names
from ..core.rng import Rng
from ..core.shapes import (
    COUNT,
    FLAG,
    JSON,
    NAMES,
    SEAT,
    TEXT,
    ListOf,
    Maybe,
    Obj,
    OneOf,
    Row,
    Tagged,
    Text,
    check_saved_options,
    check_shape,
    saved_rng_state,
)
from .cards import resolve_deck
from .options import BANK_SIDES, INFO, check_options
from .player import Village
from .saved_round import check_saved_round

if TYPE_CHECKING:
    from .game import VillagePillage

PHASES = ("plan", "resolve", "over")
SIDE = OneOf(0, 1)  # a card's place in a plan: left or right
CARD = Text(200)
# The parts of a state the reader takes as they are written (the rest it checks itself)
SHAPE = {
    "buy_queue": Maybe(ListOf(Row(SEAT, ListOf(SIDE, max_len=2), FLAG), max_len=5)),
    "awaiting": Maybe(Tagged("kind", {
        "order": Obj({"player": SEAT, "kind": TEXT, "cards": ListOf(CARD, max_len=2)},
                     required=("player", "kind", "cards")),
        "market": Obj({"player": SEAT, "kind": TEXT, "price": COUNT, "source": CARD},
                      required=("player", "kind", "price", "source"))})),
    "marked": ListOf(Row(SEAT, SIDE), max_len=10), "winners": ListOf(SEAT, max_len=5),
    "result": TEXT, "tiebreak": TEXT, "last_played": ListOf(Row(SEAT, SIDE, CARD), max_len=10),
    "acting": Maybe(Row(SEAT, SIDE)), "start": Maybe(JSON),
}
PLAYER_SHAPE = {"name": Maybe(Text(200)), "pools": ListOf(NAMES, max_len=2)}


def game_to_dict(g: VillagePillage) -> dict[str, Any]:
    return {
        "game": g.game_name, "version": g.version, "seed": g.seed, "options": dict(g.options),
        "round": g.round, "phase": g.phase, "stage": g.stage,
        "buy_queue": None if g.buy_queue is None else [
            [s, sides[:], o] for s, sides, o in g.buy_queue],
        "awaiting": None if g.awaiting is None else dict(g.awaiting),
        "marked": [m[:] for m in g.marked], "winners": g.final_winners[:], "result": g.result,
        "last_played": [list(row) for row in g.last_played],
        "tiebreak": g.tiebreak, "acting": None if g.acting is None else g.acting[:],
        "rng": format(g.rng.state, "x"), "market": g.market[:], "deck": g.deck[:],
        "players": [v.to_dict() for v in g.players],
        "history": g.history_dicts(), "log": [e.to_dict() for e in g.log],
        **({"start": g.start} if g.start is not None else {}),
    }


def _int(d: dict, key: str, default: int, where: str, lo: int, hi: int) -> int:
    value = d.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise ValueError(f"{where}: {key} must be a whole number from {lo} to {hi}, "
                         f"got {short_repr(value)}")
    return value


def _names(value: object, where: str, known: dict) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
        raise ValueError(f"{where} must be a list of card names, got {short_repr(value)}")
    for name in value:
        if name not in known:
            raise ValueError(f"{where}: no Village Pillage card named {short_repr(name)}")
    return list(value)


def game_from_dict(cls: type[VillagePillage], d: dict[str, Any]) -> VillagePillage:
    if not isinstance(d, dict):
        raise ValueError(f"a Village Pillage state must be a dict, got {type(d).__name__}")
    if d.get("game", "village_pillage") != "village_pillage":
        raise ValueError(f"this state is for {short_repr(d['game'], 40)}, not Village Pillage")
    cls.check_version(d)
    raw_players = d.get("players", 3)
    if isinstance(raw_players, int):
        INFO.check_players(raw_players)
    rows = [{} for _ in range(raw_players)] if isinstance(raw_players, int) else raw_players
    if not isinstance(rows, list):
        raise ValueError("players must be a number of players or a list of player dicts")
    n = len(rows)
    options = d.get("options") or {}
    if not isinstance(options, dict):
        raise ValueError("options must be a dict (players, bank_side, names, deck)")
    options = dict(options)
    check_saved_options(options, n, INFO.options)
    check_shape(d, SHAPE, n)
    side = check_options(n, options.get("bank_side", d.get("bank_side")))
    options.update(players=n, bank_side=side)
    try:
        cards = resolve_deck(options.get("deck"))
    except ValueError as exc:
        raise ValueError(f"the save's deck cannot be used: {exc}") from None
    if cards.is_standard:
        options.pop("deck", None)
    g = cls(cards)
    g.seed = _int(d, "seed", 0, "state", 0, 2**63)
    named = row_names([r if isinstance(r, dict) else {} for r in rows])
    if "names" not in options and named != [f"Player {i + 1}" for i in range(n)]:
        options["names"] = named  # scenario names reach every log line, not just the rows
    g.options = options
    g.n, g.duel, g.bank_side = n, n == 2, side
    g.bank_cap, costs = BANK_SIDES[side]
    g.relic_costs = list(costs)
    g.rng = Rng(saved_rng_state(d, g.seed))
    known = g.cards.cards
    starters = list(g.cards.starters)
    g.players = []
    for i, row in enumerate(rows):
        where = f"players[{i}]"
        if not isinstance(row, dict):
            raise ValueError(f"{where} must be a dict")
        check_shape(row, PLAYER_SHAPE, n, where)
        name = row.get("name") or (options.get("names") or [None] * n)[i] or f"Player {i + 1}"
        plan = _names(row.get("plan", []), f"{where}.plan", known)
        exhausted = _names(row.get("exhausted", []), f"{where}.exhausted", known)
        if "hand" in row:
            hand = _names(row["hand"], f"{where}.hand", known)
        else:
            hand = [c for c in starters if c not in plan and c not in exhausted]
        v = Village(name, _int(row, "stockpile", 1, where, 0, 10_000),
                    _int(row, "bank", 1, where, 0, g.bank_cap),
                    _int(row, "relics", 0, where, 0, 3), hand, exhausted,
                    _names(row.get("secret", []), f"{where}.secret", known), plan,
                    [_names(p, f"{where}.pools", known) for p in row.get("pools", [])])
        owned = v.owned()
        if len(owned) != len(set(owned)):
            raise ValueError(f"{where}: a card appears twice among hand, plan and exhausted")
        missing = [c for c in starters if c not in owned]
        if missing:
            raise ValueError(f"{where}: every village keeps its four starters; "
                             f"missing {', '.join(missing)}")
        if len(plan) > 2:
            raise ValueError(f"{where}: at most 2 planned cards, got {plan}")
        v.hand.sort(key=g.card_order)
        g.players.append(v)
    owned_market = [c for v in g.players for c in v.owned() if c not in starters]
    if len(owned_market) != len(set(owned_market)):
        raise ValueError("each market card exists once: two villages own the same one")
    slots = g.cards.market_slots
    free = [c for c in g.cards.market if c not in owned_market]
    if "deck" in d:
        g.deck = _names(d["deck"], "deck", known)
    if "market" in d:
        market = d["market"]
        if not isinstance(market, list) or len(market) > slots:
            raise ValueError(f"market must list up to {slots} cards (null for an empty slot)")
        g.market = [None if c is None else _names([c], "market", known)[0] for c in market]
        g.market += [None] * (slots - len(g.market))
    if "deck" not in d:
        g.deck = [c for c in free if c not in (g.market if "market" in d else [])]
        g.rng.shuffle(g.deck)
    if "market" not in d:
        g.market = [g.deck.pop() if g.deck else None for _ in range(slots)]
    placed = owned_market + [c for c in g.market if c] + g.deck
    if len(placed) != len(set(placed)) or any(c in starters for c in placed[len(owned_market):]):
        raise ValueError("a market card is in two places (villages, market, deck), "
                         "or a starter is in the market or deck")
    if "deck" in d and sorted(placed) != sorted(g.cards.market):
        lost = sorted(set(g.cards.market) - set(placed))
        raise ValueError(f"with an explicit deck every market card must be somewhere; "
                         f"missing: {', '.join(lost)}")
    g.round = _int(d, "round", 1, "state", 1, 10_000)
    g.phase = d.get("phase", "plan")
    if g.phase not in PHASES:
        raise ValueError(f"phase must be one of {', '.join(PHASES)}, got {short_repr(g.phase)}")
    done = [v.name for v in g.players if v.relics >= 3]
    if done and g.phase == "plan":  # the game ends in the round a third relic is bought
        raise ValueError(f"an impossible position: {', '.join(done)} already holds three "
                         "relics, yet the game goes on")
    g.planning = g.unplanned()
    g.stage = _int(d, "stage", 0, "state", 0, 4)
    bq = d.get("buy_queue")
    g.buy_queue = None if bq is None else [[s, list(sides), o] for s, sides, o in bq]
    awaiting = d.get("awaiting")
    if awaiting is not None and awaiting["kind"] == "order":
        _names(awaiting["cards"], "awaiting.cards", known)
    g.awaiting = None if awaiting is None else dict(awaiting)
    g.marked = [list(m) for m in d.get("marked", [])]
    for row in d.get("last_played", []):
        if row[2] not in known:
            raise ValueError(f"last_played rows are [seat, side, card name], got {short_repr(row)}")
    g.last_played = tuple(tuple(row) for row in d.get("last_played", []))
    g.final_winners = list(d.get("winners", []))
    g.result = d.get("result", "")
    g.tiebreak = d.get("tiebreak", "")
    acting = d.get("acting")
    g.acting = list(acting) if acting is not None else None
    for seat, side in g.marked + ([g.acting] if g.acting else []):
        if side >= len(g.players[seat].plan):
            raise ValueError(f"acting and marked name planned cards: {g.players[seat].name} "
                             f"has no card on the {('left', 'right')[side]}")
    check_saved_round(g)
    g.check_adds_up()
    g.load_log(d.get("log", []))
    g.load_history(d.get("history", []))
    if "start" in d:
        g.start = d["start"]
    elif "history" not in d:  # a hand-written scenario: remember it so records replay
        g.start = {k: v for k, v in game_to_dict(g).items() if k not in ("history", "log")}
    return g
