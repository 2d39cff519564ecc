"""Whole-state dicts: exact dumps for saves and clones, and hand-written scenarios.

`game_from_dict` reads a full `to_dict()` dump, or a short scenario with card ids as the
deck file spells them ("Blue Knight", "Tavern"); missing fields take sensible defaults:

    {"players": [{"hand": ["Blue Wizard", "Red Farmer"],
                  "villages": {"Blue": ["Blue Farmer", "Blue Monk", "Blue Ace"]}},
                 {"villages": {"Blue": ["Blue Knight", "Blue Builder", "Blue Princess"]}}],
     "phase": "main"}

Cards the scenario does not place are shuffled (with the seed) and put under the deck
(the deck's listed cards are its top, the last one on top), or under the discard pile
with `"unplaced": "discard"`. A save (a dict with a format `version`, as `to_dict` writes)
is held to more: each player row has every part, and every card is in exactly one place.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from ..core import words
from ..core.actions import short_repr
from ..core.info import row_names
from ..core.rng import Rng
from ..core.shapes import (
    FLAG,
    JSON,
    SEAT,
    TEXT,
    Int,
    ListOf,
    Maybe,
    Obj,
    Row,
    Text,
    check_saved_options,
    check_shape,
    saved_rng_state,
)
from .battle_state import Battle
from .cards import GREY, VILLAGE_COLOURS, resolve_deck
from .expansion_cards import check_flag, with_expansions
from .locations import MAX_DRAWS, MAX_GIFTS, draws_per_turn, resolve_locations
from .options import HAND, INFO, TARGET, check_max_rounds, check_target

if TYPE_CHECKING:
    from .game import Villages

PHASES = ("draw", "main", "defend", "reward", "over")
SCORE = Int(-10_000, 10_000)  # a round's or a game's gold: far past any real game
NAME = Text(200)
PARTS = ("villages", "hand", "graveyard", "first_empty", "score_card", "score")
# The parts of a state the reader takes as they are written (the rest it checks itself)
SHAPE = {
    "winners": ListOf(SEAT, max_len=5), "result": TEXT, "tiebreak": TEXT,
    "start": Maybe(JSON), "totals": ListOf(SCORE),
    "sheet": ListOf(Obj({"round": Int(0, 10_000),
                         "parts": ListOf(Obj(dict.fromkeys(PARTS, SCORE), required=PARTS))},
                        required=("round", "parts"))),
    "location": Maybe(NAME), "land_deck": ListOf(NAME),
    "battle": Maybe(Obj({
        "attacker": SEAT, "unit": NAME, "source": NAME, "seat": SEAT, "village": NAME,
        "defender": Maybe(NAME), "d_source": Maybe(NAME), "shown": FLAG, "revealed": FLAG,
        "a_power": Maybe(SCORE), "d_power": Maybe(SCORE),
        "a_parts": Maybe(ListOf(Row(TEXT, SCORE))), "d_parts": Maybe(ListOf(Row(TEXT, SCORE)))},
        required=("attacker", "unit", "source", "seat", "village"))),
}
PLAYER_SHAPE = {"name": Maybe(NAME)}
PLAYER_PARTS = ("hand", "known", "villages", "graveyard")  # what a save's row always has


def game_to_dict(g: Villages) -> dict[str, Any]:
    return {
        "game": g.game_name, "version": g.version, "seed": g.seed, "options": dict(g.options),
        "round": g.round, "dealer": g.dealer, "turn": g.turn, "phase": g.phase,
        "draws_left": g.draws_left, "built": g.built, "given": g.given, "acted": g.acted,
        "final_by": g.final_by, "emptied": g.emptied, "totals": g.totals[:],
        "sheet": [{"round": r["round"], "parts": [dict(p) for p in r["parts"]]}
                  for r in g.sheet],
        "high": g.high, "low": g.low, "rng": format(g.rng.state, "x"),
        "deck": g.deck[:], "discard": g.discard[:],
        "players": [{"name": g.player_name(i), "hand": g.hands[i][:], "known": g.known[i][:],
                     "villages": {c: v[:] for c, v in g.villages[i].items()},
                     "graveyard": g.graves[i][:]} for i in range(g.n)],
        "battle": None if g.battle is None else g.battle.to_dict(),
        "winners": g.final_winners[:], "result": g.result, "tiebreak": g.tiebreak,
        "history": g.history_dicts(), "log": [e.to_dict() for e in g.log],
        **({"start": g.start} if g.start is not None else {}),
        **({"location": None if g.location is None else g.location.name,
            "land_deck": g.land_deck[:], "built_n": g.built_n}
           if g.lands is not None else {}),
    }


def _int(d: dict, key: str, default: int | None, where: str, lo: int, hi: int,
         optional: bool = False) -> Any:
    value = d.get(key, default)
    if optional and value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise ValueError(f"{where}: {key} must be a whole number from {lo} to {hi}"
                         f"{' (or null)' if optional else ''}, got {short_repr(value)}")
    return value


def _flag(d: dict, key: str, default: bool) -> bool:
    value = d.get(key, default)
    if not isinstance(value, bool):
        raise ValueError(f"{key} must be true or false, got {short_repr(value)}")
    return value


class _Reader:
    """Checks card ids against the deck and counts every card placed."""

    def __init__(self, g: Villages) -> None:
        self.g = g
        self.placed: Counter[str] = Counter()

    def ids(self, value: object, where: str) -> list[str]:
        if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
            raise ValueError(f"{where} must be a list of card ids, got {short_repr(value)}")
        for c in value:
            if c not in self.g.cards:
                raise ValueError(f"{where}: {short_repr(c)} is not a card of this deck "
                                 "(units are named like 'Blue Knight', grey cards by name)")
        self.placed.update(value)
        return list(value)


def _villages(r: _Reader, value: object, where: str) -> dict[str, list[str]]:
    if not isinstance(value, dict):
        raise ValueError(f"{where} must map colours to lists of card ids")
    out: dict[str, list[str]] = {}
    deck = r.g.cards
    for colour in VILLAGE_COLOURS:
        if colour not in value:
            continue
        cards = r.ids(value[colour], f"{where}.{colour}")
        for c in cards:
            if deck.colour_of[c] != GREY and not deck.fits(c, colour):
                raise ValueError(f"{where}.{colour}: the {c} cannot live in "
                                 f"{words.a(colour)} village")
        if cards:
            out[colour] = cards
    allowed = deck.village_colours
    extra = [k for k in value if k not in allowed]
    if extra:
        raise ValueError(f"{where}: {short_repr(extra[0])} is not a village colour of this "
                         f"deck ({', '.join(allowed)})")
    return out


def game_from_dict(cls: type[Villages], d: dict[str, Any]) -> Villages:
    if not isinstance(d, dict):
        raise ValueError(f"a Villages state must be a dict, got {type(d).__name__}")
    if d.get("game", "villages") != "villages":
        raise ValueError(f"this state is for {short_repr(d['game'], 40)}, not Villages")
    cls.check_version(d)
    raw = d.get("players", 3)
    if isinstance(raw, int) and not isinstance(raw, bool):
        INFO.check_players(raw)
        rows: Any = [{} for _ in range(raw)]
    else:
        rows = raw
    if not isinstance(rows, list) or not all(isinstance(x, dict) for x in rows):
        raise ValueError("players must be a number of players or a list of player dicts")
    n = INFO.check_players(len(rows))
    options = d.get("options") or {}
    if not isinstance(options, dict):
        raise ValueError("options must be a dict (players, names, deck, target, max_rounds, "
                         "locations, dark_light, dual)")
    options = dict(options)
    check_saved_options(options, n, INFO.options)
    check_shape(d, SHAPE, n)
    save = "version" in d  # (a scenario leaves it out)
    for i, row in enumerate(rows):
        check_shape(row, PLAYER_SHAPE, n, f"players[{i}]")
        missing = [k for k in PLAYER_PARTS if k not in row]
        if save and missing:
            raise ValueError(f"players[{i}] has no {', '.join(missing)}: a save lists every "
                             "part of each player")
    options["players"] = n
    try:
        base = resolve_deck(options.get("deck"))
        cards = with_expansions(base, check_flag("dark_light", options.get("dark_light", False)),
                                check_flag("dual", options.get("dual", False)))
        lands = resolve_locations(options.get("locations", False))
    except ValueError as exc:
        raise ValueError(f"the save's deck cannot be used: {exc}") from None
    if base.is_standard:
        options.pop("deck", None)
    for key in ("dark_light", "dual", "locations"):
        if not options.get(key):
            options.pop(key, None)
    g = cls(cards, lands)
    g.n = n
    g.seed = _int(d, "seed", 0, "state", 0, 2**63)
    g.target = check_target(options.get("target", TARGET))
    g.max_rounds = check_max_rounds(options.get("max_rounds"))
    named = row_names(rows)
    if "names" not in options and named != [f"Player {i + 1}" for i in range(n)]:
        options["names"] = named
    g.options = options
    g.names = [g.player_name(i) for i in range(n)]
    g.rng = Rng(saved_rng_state(d, g.seed))
    r = _Reader(g)
    g.hands, g.known, g.villages, g.graves = [], [], [], []
    by_order = g.order.__getitem__
    for i, row in enumerate(rows):
        where = f"players[{i}]"
        hand = sorted(r.ids(row.get("hand", []), f"{where}.hand"), key=by_order)
        known = row.get("known", [])
        if (not isinstance(known, list) or not all(isinstance(c, str) for c in known)
                or Counter(known) - Counter(hand)):
            raise ValueError(f"{where}.known must list cards of that hand")
        g.hands.append(hand)
        g.known.append(sorted(known, key=by_order))
        g.villages.append(_villages(r, row.get("villages", {}), f"{where}.villages"))
        g.graves.append(r.ids(row.get("graveyard", []), f"{where}.graveyard"))
    g.discard = r.ids(d.get("discard", []), "discard")
    g.battle = None
    if d.get("battle") is not None:
        g.battle = _battle(g, r, d["battle"])
    g.deck = r.ids(d.get("deck", []), "deck")
    rest = [c for c in cards.ids if not r.placed[c]]
    if rest and save:
        raise ValueError(f"the save leaves out {len(rest)} card(s) ({', '.join(rest[:3])}"
                         f"{', ...' if len(rest) > 3 else ''}): every card is in one place")
    if rest:
        # a scenario's unplaced cards go, shuffled, under the deck (or the discard pile)
        Rng(g.seed).shuffle(rest)
        under = d.get("unplaced", "deck")
        if under not in ("deck", "discard"):
            raise ValueError(f"unplaced must be 'deck' or 'discard', got {short_repr(under)}")
        pile = g.deck if under == "deck" else g.discard
        pile[:0] = rest
        r.placed.update(rest)
    twice = [c for c, k in r.placed.items() if k > 1]
    if twice:
        raise ValueError(f"the {twice[0]} is placed {r.placed[twice[0]]} times; every card "
                         "is in exactly one place")
    _table(g, d, n)
    g.check_adds_up()
    g.load_log(d.get("log", []))
    g.load_history(d.get("history", []))
    if "start" in d:
        g.start = d["start"]
    elif "history" not in d:  # a hand-written scenario: remember it so records replay
        g.start = {k: v for k, v in game_to_dict(g).items() if k not in ("history", "log")}
    return g


def _battle(g: Villages, r: _Reader, raw: object) -> Battle:
    if not isinstance(raw, dict):
        raise ValueError("battle must be a dict (attacker, unit, source, seat, village, ...)")
    try:
        b = Battle.from_dict(raw)
    except KeyError as exc:
        raise ValueError(f"battle needs {exc}") from None
    for seat in (b.attacker, b.seat):
        if type(seat) is not int or not 0 <= seat < g.n:
            raise ValueError(f"battle seats must be from 0 to {g.n - 1}")
    if b.village not in g.villages[b.seat]:
        raise ValueError(f"battle: seat {b.seat} has no {b.village} village")
    if b.source == HAND:
        r.ids([b.unit], "battle.unit")
    elif b.unit not in g.villages[b.attacker].get(b.source, []):
        raise ValueError(f"battle: the {b.unit} is not in the attacker's {b.source} village")
    if b.defender is not None:
        if b.d_source == HAND:
            r.ids([b.defender], "battle.defender")
        elif b.defender not in g.villages[b.seat].get(b.d_source or "", []):
            raise ValueError(f"battle: the {b.defender} is not in the defender's "
                             f"{b.d_source} village")
    return b


def _table(g: Villages, d: dict[str, Any], n: int) -> None:
    g.round = _int(d, "round", 1, "state", 1, 10_000)
    g.dealer = _int(d, "dealer", n - 1, "state", 0, n - 1)
    g.turn = _int(d, "turn", (g.dealer + 1) % n, "state", 0, n - 1)
    g.phase = d.get("phase", "draw" if g.deck or g.discard else "main")
    if g.phase not in PHASES:
        raise ValueError(f"phase must be one of {', '.join(PHASES)}, got {short_repr(g.phase)}")
    if (g.phase in ("defend", "reward")) != (g.battle is not None):
        raise ValueError("a battle is given exactly when the phase is 'defend' or 'reward'")
    if g.battle is not None and g.battle.attacker != g.turn:
        raise ValueError("the attacker must be the player whose turn it is")
    _location(g, d)
    draws = draws_per_turn(g.location)
    g.draws_left = _int(d, "draws_left", draws if g.phase == "draw" else 0, "state", 0,
                        MAX_DRAWS)
    g.built = _flag(d, "built", False)
    g.built_n = _int(d, "built_n", int(g.built), "state", 0, 3)
    g.given = _int(d, "given", 0, "state", 0, MAX_GIFTS)
    g.acted = _flag(d, "acted", g.phase in ("defend", "reward"))
    g.final_by = _int(d, "final_by", None, "state", 0, n - 1, optional=True)
    g.emptied = _int(d, "emptied", None, "state", 0, n - 1, optional=True)
    totals = d.get("totals", [0] * n)
    if len(totals) != n:
        raise ValueError(f"totals must list {n} whole numbers")
    g.totals = list(totals)
    sheet = d.get("sheet", [])
    if any(len(row["parts"]) != n for row in sheet):
        raise ValueError(f"each row of the score sheet has the parts of {n} players")
    g.sheet = [{"round": row["round"], "parts": [p.copy() for p in row["parts"]]}
               for row in sheet]
    summed = [sum(row["parts"][s]["score"] for row in sheet) for s in range(n)]
    if sheet and summed != g.totals:
        raise ValueError(f"totals must add up the score sheet's rows ({summed}), got "
                         f"{short_repr(g.totals)}")
    if not g.sheet and any(g.totals):  # a scenario's totals: one earlier row holds them
        g.sheet = [{"round": 0, "parts": [
            {"villages": 0, "hand": 0, "graveyard": 0, "first_empty": 0, "score_card": 0,
             "score": t} for t in g.totals]}]
    g.high = _int(d, "high", None, "state", 0, n - 1, optional=True)
    g.low = _int(d, "low", None, "state", 0, n - 1, optional=True)
    g.final_winners = list(d.get("winners", []))
    g.result = d.get("result", "")
    g.tiebreak = d.get("tiebreak", "")


def _location(g: Villages, d: dict[str, Any]) -> None:
    """The Location card in play and the pile still to come (only with the option on)."""
    lands = g.lands
    if lands is None:
        if d.get("location") is not None:
            raise ValueError("location is given, but the locations option is off")
        return
    name = d.get("location")
    if name is None:
        # Reading: a scenario without a Location card starts with the file's first one
        name = lands.names[0]
    if not isinstance(name, str):
        raise ValueError(f"location must name a Location card, got {short_repr(name)}")
    if name not in lands.locations:
        raise ValueError(f"location {short_repr(name)} is not in the location file "
                         f"{lands.name!r} ({', '.join(lands.names)})")
    g.location = lands[name]
    pile = d.get("land_deck")
    if pile is None:
        pile = [x for x in lands.names if x != name]
        Rng(g.seed).shuffle(pile)
    if (not isinstance(pile, list) or not all(x in lands.locations for x in pile)
            or len(set(pile)) != len(pile) or name in pile):
        raise ValueError("land_deck must list distinct locations of the file, without the "
                         "one in play")
    g.land_deck = list(pile)
