"""Whole-state dicts: exact dumps for saves, and hand-written scenarios.

`game_from_dict` reads a full `to_dict()` dump, or a short scenario with card names as
the cards are named in the deck; missing fields take sensible defaults:

    {"players": [{"name": "Tim", "gold": 3, "town": ["Witch", "Knight"]},
                 {"hand": ["Angry Mob", "Farm"]}],
     "pool": ["Goblins", "Farm", "Troll", "Castle", "Rats", "Bridge"],
     "phase": "recruit", "advanced": true, "favor": "pool:4", "dice": [2, 5]}

A scenario player's `hand` defaults to the two starting cards; `hand_secret` holds cards
drawn face down. Cards not placed are shuffled into the deck (unless `deck` is given,
top card last; then the rest leave the game). `favor` is "pool:N" (on position N), a
seat number (held), or null (in the bank). `dice` scripts the next dice rolled, so a
walkthrough shows exactly what its text says. The phase begins as the scenario opens.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from ..core.actions import short_repr
from ..core.card_data import CardDataError
from ..core.info import row_names
from ..core.rng import Rng
from ..core.shapes import (
    JSON,
    NAMES,
    SEAT,
    TEXT,
    ListOf,
    Maybe,
    Text,
    check_saved_options,
    check_shape,
)
from . import flow, powers
from .cards import resolve_deck
from .options import DIE, GOLD_IN_BOX, INFO, START_GOLD, pool_size
from .player import Mayor
from .saved_turn import check_saved_turn
from .turn import TurnState

if TYPE_CHECKING:
    from .game import VillagersAndVillains

PHASES = ("recruit", "defend", "pillage", "earning", "build", "over")
# The parts of a save the reader takes as they are written (the rest it checks itself)
SHAPE = {"final_winners": ListOf(SEAT, max_len=5), "result": TEXT, "tiebreak": TEXT,
         "start": Maybe(JSON), "names": NAMES}
PLAYER_SHAPE = {"name": Text(200)}
# What `game_to_dict` always writes: a save (it has "turn") must have each
DUMP_KEYS = ("game", "version", "seed", "options", "rng", "dice", "round", "phase", "marker",
             "order", "turn_idx", "turn", "favor_seat", "favor_pool", "deck", "pool",
             "removed", "fresh", "bank", "ordinance_used", "sold", "players",
             "final_winners", "result", "tiebreak", "history", "log")


def game_to_dict(g: VillagersAndVillains) -> dict[str, Any]:
    return {
        "game": g.game_name, "version": g.version, "seed": g.seed, "options": dict(g.options),
        "rng": g.rng.state, "dice": g.dice[:], "round": g.round, "phase": g.phase,
        "marker": g.marker, "order": g.order[:], "turn_idx": g.turn_idx,
        "turn": g.turn_state.to_dict(), "favor_seat": g.favor_seat,
        "favor_pool": g.favor_pool, "deck": g.deck[:], "pool": g.pool[:],
        "removed": g.removed[:], "fresh": g.fresh[:], "bank": g.bank,
        "ordinance_used": g.ordinance_used[:], "sold": g.sold[:],
        "players": [{"name": p.name, "gold": p.gold, "hand_pub": p.hand_pub[:],
                     "hand_sec": p.hand_sec[:], "town": p.town[:]} for p in g.players],
        "final_winners": g.final_winners[:], "result": g.result, "tiebreak": g.tiebreak,
        "history": g.history_dicts(), "log": [e.to_dict() for e in g.log],
        **({"start": g.start} if g.start is not None else {}),
    }


def _int(d: dict, key: str, default: int, where: str, lo: int, hi: int) -> int:
    value = d.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise ValueError(f"{where}: {key} must be a whole number from {lo} to {hi}, "
                         f"got {short_repr(value)}")
    return value


def _names(g: VillagersAndVillains, value: object, where: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
        raise ValueError(f"{where} must be a list of card names, got {short_repr(value)}")
    for name in value:
        if name not in g.card:
            raise ValueError(f"{where}: {short_repr(name)} is not a card of the deck "
                             f"{g.cards.name!r}")
    return list(value)


def game_from_dict(cls: type[VillagersAndVillains], d: dict[str, Any]) -> VillagersAndVillains:
    if not isinstance(d, dict):
        raise ValueError(f"a Villagers & Villains state must be a dict, got "
                         f"{type(d).__name__}")
    if d.get("game", INFO.name) != INFO.name:
        raise ValueError(f"this state is for {short_repr(d['game'], 40)}, not Villagers & "
                         "Villains")
    cls.check_version(d)
    options = d.get("options", {})
    if not isinstance(options, dict):
        raise ValueError("options must be a dict")
    rows = d.get("players", options.get("players", 3))
    if isinstance(rows, int) and not isinstance(rows, bool):
        INFO.check_players(rows)
        rows = [{} for _ in range(rows)]
    if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
        raise ValueError("players must be a number of players or a list of player dicts")
    n = INFO.check_players(len(rows))
    check_saved_options(options, n, INFO.options)
    check_shape(d, SHAPE, n)
    for i, r in enumerate(rows):
        check_shape(r, PLAYER_SHAPE, n, f"players[{i}]")
    advanced = d.get("advanced", options.get("advanced", False))
    if not isinstance(advanced, bool):
        raise ValueError("advanced must be true or false")
    try:
        cards = resolve_deck(options.get("deck"))
    except (CardDataError, ValueError) as exc:
        raise ValueError(f"the save's deck cannot be used: {exc}") from None
    g = cls(cards)
    g.seed = _int(d, "seed", 0, "state", 0, 2**63)
    ordinance = options.get("ordinance", False)
    pony_express = options.get("pony_express", False)
    if not isinstance(ordinance, bool) or not isinstance(pony_express, bool):
        raise ValueError("ordinance and pony_express must be true or false")
    g.options = {"players": n, "advanced": advanced}
    names = options.get("names")
    named = row_names(rows)  # (checked even where the options' names are the ones used)
    if names is None and "turn" not in d and any("name" in r for r in rows):
        names = named
    if names is not None:
        g.options["names"] = list(names)
    if not cards.is_standard:
        g.options["deck"] = cards.saved_form()
    if ordinance:
        g.options["ordinance"] = True
    if pony_express:
        g.options["pony_express"] = True
    g.setup(n, advanced, ordinance, pony_express)
    g.names = [g.player_name(i) for i in range(n)]
    if "turn" in d:
        _read_dump(g, d, rows)
    else:
        _read_scenario(g, d, rows)
    return g


def _read_dump(g: VillagersAndVillains, d: dict[str, Any], rows: list[dict]) -> None:
    missing = [k for k in DUMP_KEYS if k not in d]
    if missing:  # (a scenario has no "turn"; a save has every part)
        raise ValueError(f"the save has no {', '.join(missing)}")
    g.rng = Rng(_int(d, "rng", 0, "state", 0, 2**64 - 1))
    g.players = []
    for i, r in enumerate(rows):
        m = Mayor(r.get("name") or g.names[i],
                  _int(r, "gold", 0, f"players[{i}]", 0, 10_000))
        m.hand_pub = _names(g, r.get("hand_pub", []), f"players[{i}].hand_pub")
        m.hand_sec = _names(g, r.get("hand_sec", []), f"players[{i}].hand_sec")
        m.town = _names(g, r.get("town", []), f"players[{i}].town")
        g.players.append(m)
    g.deck = _names(g, d.get("deck", []), "deck")
    g.pool = _names(g, d.get("pool", []), "pool")
    g.removed = _names(g, d.get("removed", []), "removed")
    g.fresh = _names(g, d.get("fresh", []), "fresh")
    used = d.get("ordinance_used", [])
    if not isinstance(used, list) or not all(type(s) is int and 0 <= s < g.n for s in used):
        raise ValueError("ordinance_used must list seats")
    g.ordinance_used = list(used)
    sold = d.get("sold", [])
    if not isinstance(sold, list) or not all(type(s) is int and 0 <= s < g.n for s in sold):
        raise ValueError("sold must list seats")
    g.sold = list(sold)
    g.dice = _dice(d)
    g.round = _int(d, "round", 1, "state", 1, 10_000)
    g.phase = d.get("phase", "recruit")
    if g.phase not in PHASES:
        raise ValueError(f"phase must be one of {', '.join(PHASES)}, got {short_repr(g.phase)}")
    g.marker = _int(d, "marker", 0, "state", 0, g.n - 1)
    order = d.get("order", [])
    if not isinstance(order, list) or not all(type(s) is int and 0 <= s < g.n for s in order):
        raise ValueError("order must list seats")
    g.order = list(order)
    last = len(g.order) if g.phase == "over" else len(g.order) - 1  # (past the end: over)
    g.turn_idx = _int(d, "turn_idx", 0, "state", 0, max(0, last))
    g.turn_state = TurnState.from_dict(d["turn"], g.n)
    _check_turn(g)
    g.favor_seat = _seat_or_none(d, "favor_seat", g.n)
    g.favor_pool = _seat_or_none(d, "favor_pool", max(1, len(g.pool)))
    check_saved_turn(g)  # (the turn order, and the turn as play could have left it)
    if g.phase != "over":
        powers.note_phase_abilities(g)
    g.bank = _int(d, "bank", 0, "state", -10_000, 10_000)
    g.final_winners = list(d.get("final_winners", []))
    g.result = d.get("result", "")
    g.tiebreak = d.get("tiebreak", "")
    _check_cards(g)
    g.check_adds_up()
    g.load_history(d.get("history", []))
    g.load_log(d.get("log", []))
    g.start = d.get("start")


def _check_turn(g: VillagersAndVillains) -> None:
    """The names a saved turn holds are of this game (its cards and its rulings)."""
    t = g.turn_state
    for part, names in (("heroes_used", t.heroes_used), ("hits", list(t.hits)),
                        ("challenge", [t.challenge] if t.challenge else []),
                        ("hero", [t.hero] if t.hero else []),
                        ("vend", [t.vend[1]] if t.vend and t.vend[1] != "roll" else [])):
        _names(g, names, f"turn.{part}")
    unknown = [r for r in t.pending if r not in g.facts.resolve]
    if unknown:
        raise ValueError(f"turn.pending: {short_repr(unknown[0])} is no ruling of this game "
                         f"({', '.join(g.facts.resolve)})")


def _seat_or_none(d: dict[str, Any], key: str, size: int) -> int | None:
    value = d.get(key)
    if value is not None and (type(value) is not int or not 0 <= value < size):
        raise ValueError(f"{key} must be null or a whole number from 0 to {size - 1}, got "
                         f"{short_repr(value)}")
    return value


def _dice(d: dict[str, Any]) -> list[int]:
    dice = d.get("dice", [])
    if not isinstance(dice, list) or not all(type(x) is int and 1 <= x <= DIE for x in dice):
        raise ValueError(f"dice must list die faces from 1 to {DIE}")
    return list(dice)


def _check_cards(g: VillagersAndVillains) -> None:
    where: Counter[str] = Counter(g.deck) + Counter(g.pool) + Counter(g.removed)
    for p in g.players:
        where.update(p.hand_pub)
        where.update(p.hand_sec)
        where.update(p.town)
    full = g.cards.full_set()
    over = where - full
    if over:
        name = next(iter(over))
        raise ValueError(f"the state holds {where[name]} {name} card(s), but the deck has "
                         f"{full[name]}")
    if where != full:
        missing = ", ".join(sorted((full - where).elements())[:5])
        raise ValueError(f"cards are missing from the state: {missing}")


def _read_scenario(g: VillagersAndVillains, d: dict[str, Any], rows: list[dict]) -> None:
    cards = g.cards
    mob, deputy = cards.mob.name, cards.deputy.name
    g.rng = Rng(g.seed)
    g.dice = _dice(d)
    g.players = []
    for i, r in enumerate(rows):
        where = f"players[{i}]"
        unknown = set(r) - {"name", "gold", "hand", "hand_secret", "town"}
        if unknown:
            raise ValueError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
        m = Mayor(str(r.get("name", g.names[i])),
                  _int(r, "gold", START_GOLD, where, 0, 10_000))
        m.hand_pub = _names(g, r.get("hand", [mob, deputy]), f"{where}.hand")
        m.hand_sec = _names(g, r.get("hand_secret", []), f"{where}.hand_secret")
        m.town = _names(g, r.get("town", []), f"{where}.town")
        for c in m.town:
            if g.card[c].type == "mob":
                raise ValueError(f"{where}.town: the {c} never goes into a town")
        g.players.append(m)
    g.pool = _names(g, d.get("pool", []), "pool") if "pool" in d else []
    placed: Counter[str] = Counter(g.pool)
    for p in g.players:
        placed.update(p.hand_pub)
        placed.update(p.hand_sec)
        placed.update(p.town)
    g.removed = _names(g, d.get("removed", []), "removed")
    placed.update(g.removed)
    full = cards.full_set()
    over = placed - full
    if over:
        name = next(iter(over))
        raise ValueError(f"the scenario places {placed[name]} {name} card(s), but the deck "
                         f"has {full[name]}")
    rest = sorted((full - placed).elements(), key=cards.order.__getitem__)
    starting = [c for c in rest if cards[c].starting]
    rest = [c for c in rest if not cards[c].starting]
    g.removed += starting  # starting cards nobody holds are out of the game
    if "deck" in d:
        g.deck = _names(g, d["deck"], "deck")
        left = Counter(rest) - Counter(g.deck)
        twice = Counter(g.deck) - Counter(rest)
        if twice:
            raise ValueError(f"deck: {', '.join(sorted(twice))} is placed elsewhere in the "
                             "scenario too")
        g.removed += sorted(left.elements(), key=cards.order.__getitem__)
    else:
        g.deck = rest
        g.rng.shuffle(g.deck)
    if "pool" not in d:
        g.pool = [g.deck.pop() for _ in range(min(pool_size(g.n), len(g.deck)))]
    if "rng" in d:  # a saved opening carries its generator as it was
        g.rng = Rng(_int(d, "rng", 0, "state", 0, 2**64 - 1))
    g.round = _int(d, "round", 1, "state", 1, 10_000)
    g.marker = _int(d, "marker", 0, "state", 0, g.n - 1)
    phase = d.get("phase", "recruit")
    if phase not in PHASES[:-1]:
        raise ValueError(f"a scenario's phase must be one of {', '.join(PHASES[:-1])}, got "
                         f"{short_repr(phase)}")
    favor = d.get("favor")
    if favor is not None:
        if not g.advanced:
            raise ValueError("favor: the King's Favor is part of the advanced game")
        if isinstance(favor, str) and favor.startswith("pool:") and favor[5:].isdigit() \
                and 1 <= int(favor[5:]) <= len(g.pool):
            g.favor_pool = int(favor[5:]) - 1
        elif type(favor) is int and 0 <= favor < g.n:
            g.favor_seat = favor
        else:
            raise ValueError(f"favor must be 'pool:N' (a pool position), a seat, or null; got "
                             f"{short_repr(favor)}")
    g.bank = GOLD_IN_BOX - sum(p.gold for p in g.players)
    g.phase = phase
    g.order = []
    g.turn_state = TurnState()
    snapshot = _opening(g)
    with g.events_to_log():
        flow.begin_phase(g, phase)
    g.start = snapshot


def _opening(g: VillagersAndVillains) -> dict[str, Any]:
    """The scenario as a replayable start: the state just before its phase begins, which
    `from_dict` turns into the same game again."""
    d = {k: v for k, v in game_to_dict(g).items()
         if k not in ("history", "log", "turn", "order", "turn_idx", "fresh",
                      "ordinance_used", "sold", "final_winners", "result", "tiebreak",
                      "bank", "version")}
    d["players"] = [{"gold": p.gold, "hand": p.hand_pub[:], "hand_secret": p.hand_sec[:],
                     "town": p.town[:]} for p in g.players]
    d["favor"] = (f"pool:{g.favor_pool + 1}" if g.favor_pool is not None
                  else g.favor_seat)
    d["advanced"] = g.advanced
    for k in ("favor_seat", "favor_pool"):
        d.pop(k)
    return d
