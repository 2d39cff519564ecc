"""Whole-state dicts: exact dumps for saves and clones, and hand-written scenarios.

`game_from_dict` reads a full `to_dict()` dump, or a short scenario with card names as the
rulebook spells them; missing fields take sensible defaults. A scenario village is a list
of entries: a name (a villager that starts a chain or stands alone), a chain (a list of
names, bottom first; an int first means "continue on that slot"), or a slot dict
`{"card", "on", "role", "coins", "flipped"}`. Slots are numbered in the order written:

    {"players": [{"gold": 3, "hand": ["Cartwright"],
                  "village": ["Founders", ["Lumberjack", "Carpenter"], [1, "Wheeler"]]},
                 {"village": ["Founders", ["Miner", {"card": "Blacksmith", "coins": 2}]]}],
     "phase": "build"}

Cards that the scenario does not place are shuffled into the six stacks (2 per player
each) and the Reserve; when both are given, the rest are discarded face up.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from ..core import words
from ..core.actions import short_repr
from ..core.info import row_names
from ..core.rng import Rng
from ..core.shapes import (
    COUNT,
    FLAG,
    JSON,
    SEAT,
    TEXT,
    Int,
    ListOf,
    MapOf,
    Maybe,
    Row,
    Text,
    check_saved_options,
    check_shape,
    saved_rng_state,
)
from .audit import full_deck, villages_let_go
from .cards import resolve_deck
from .draft import drafting_limit
from .flow import build_limit
from .modes import EXPANSIONS, PHASES, SOLO
from .options import (
    CARDS_PER_STACK_PER_PLAYER,
    COINS_IN_BOX,
    INFO,
    ROAD_SLOTS,
    STACKS,
    START_GOLD,
)
from .piles import Pile
from .player import PlayerState
from .saved_draft import check_drafting, default_drafting, draft_moment
from .village import Slot, capacity

if TYPE_CHECKING:
    from .game import Villagers

SLOT = COUNT  # a village slot (checked against the village where it is read)
# The parts of a state the reader takes as they are written (the rest it checks itself)
SHAPE = {
    "coin_queue": ListOf(SEAT, max_len=5), "tinner": FLAG, "cover": Maybe(SLOT),
    "agent_queue": ListOf(Row(SEAT, SLOT)), "agent_reads": ListOf(Row(SEAT, SLOT, Maybe(SLOT))),
    "winners": ListOf(SEAT, max_len=5), "result": TEXT, "tiebreak": TEXT,
    "basics": MapOf(Text(200), COUNT), "road_coins": ListOf(COUNT),
    "stacks": ListOf(JSON), "discard_known": ListOf(Int(0, 2**6 - 1)), "start": Maybe(JSON),
}
PLAYER_SHAPE = {"name": Maybe(Text(200))}


def game_to_dict(g: Villagers) -> dict[str, Any]:
    return {
        "game": g.game_name, "version": g.version, "seed": g.seed, "options": dict(g.options),
        "round": g.round, "phase": g.phase, "first": g.first, "turn": g.turn,
        "coin_queue": g.coin_queue[:], "limit": g.limit, "used": g.used,
        "returns": g.returns, "tinner": g.tinner, "cover": g.cover, "markets": g.markets,
        "agent_queue": [q[:] for q in g.agent_queue],
        "agent_reads": [r[:] for r in g.agent_reads],
        "winners": g.final_winners[:], "result": g.result, "tiebreak": g.tiebreak,
        "rng": format(g.rng.state, "x"), "bank": g.bank, "basics": dict(g.basics),
        "road": g.road[:], "road_coins": g.road_coins[:],
        "stacks": [s.to_dict() for s in g.stacks], "reserve": g.reserve.to_dict(),
        "discard": g.discard[:], "discard_known": g.discard_known[:],
        "players": [_player_dict(p) for p in g.players],
        "history": g.history_dicts(), "log": [e.to_dict() for e in g.log],
        **({"start": g.start} if g.start is not None else {}),
        **({"expansion_state": g.ext.to_dict()} if g.ext is not None else {}),
        **({"solo": g.solo.to_dict()} if g.solo is not None else {}),
    }


def _player_dict(p: PlayerState) -> dict[str, Any]:
    return {"name": p.name, "gold": p.gold, "hand_pub": p.hand_pub[:],
            "hand_sec": p.hand_sec[:], "square": p.square[:],
            "village": [{"card": s.card, "role": s.role, "on": None if s.parent < 0 else s.parent,
                         "coins": s.coins, "flipped": s.flipped} for s in p.village],
            "draft_limit": p.draft_limit, "drafting": p.drafting}


# ------------------------------------------------------------------ reading
def _int(d: dict, key: str, default: int, where: str, lo: int, hi: int) -> int:
    value = d.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise ValueError(f"{where}: {key} must be a whole number from {lo} to {hi}, "
                         f"got {short_repr(value)}")
    return value


class _Reader:
    """Checks names against the deck and counts every card placed."""

    def __init__(self, g: Villagers) -> None:
        self.g = g
        self.placed: Counter[str] = Counter()
        # Basic Villagers and Founders out of the villages (only a Schemer takes them out)
        self.loose: Counter[str] = Counter()
        self.let_go = villages_let_go(g)

    def names(self, value: object, where: str, count: bool = True) -> list[str]:
        if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
            raise ValueError(f"{where} must be a list of card names, got {short_repr(value)}")
        loose = 0
        for name in value:
            card = self.g.cards.cards.get(name)
            if card is not None and card.kind in ("basic", "founders") and self.let_go:
                loose += 1
            elif card is None or card.kind != "villager":
                raise ValueError(f"{where}: {short_repr(name)} is not a villager card of "
                                 "this deck (Founders and Basic Villagers have their own "
                                 "places, which only a Schemer takes them from)")
        if count:
            if loose:
                kinds = self.g.cards
                self.loose.update(c for c in value if kinds[c].kind != "villager")
                self.placed.update(c for c in value if kinds[c].kind == "villager")
            else:
                self.placed.update(value)
        return list(value)

    def pile(self, value: object, where: str) -> Pile:
        if isinstance(value, dict):
            cards = self.names(value.get("cards", []), f"{where}.cards")
            known = value.get("known", [0] * len(cards))
            if (not isinstance(known, list) or len(known) != len(cards)
                    or not all(type(m) is int and 0 <= m <= self.g.all_seats for m in known)):
                raise ValueError(f"{where}.known must hold a seat mask per card")
            low = _int(value, "low", len(cards), where, 0, 10_000)
            return self._shown(Pile(cards, list(known), min(low, len(cards))))
        return self._shown(Pile(self.names(value, where)))

    def _shown(self, pile: Pile) -> Pile:
        """A Basic Villager or the Founders in a pile is known to all (no back)."""
        if self.loose:
            two_faced, everyone = self.g.tables.two_faced, self.g.all_seats
            pile.known = [everyone if c in two_faced else m
                          for c, m in zip(pile.cards, pile.known, strict=True)]
        return pile


def _village(r: _Reader, value: object, where: str) -> list[Slot]:
    g = r.g
    cards = g.cards
    if not isinstance(value, list):
        raise ValueError(f"{where} must be a list of villagers, chains or slot dicts")
    rows: list[tuple[str, str | None, int, int, bool]] = []  # card, role, parent, coins, flip

    def add(entry: object, parent: int, here: str) -> int:
        if isinstance(entry, str):
            entry = {"card": entry}
        if not isinstance(entry, dict) or not isinstance(entry.get("card"), str):
            raise ValueError(f"{here}: a villager is a name or a dict with 'card'")
        name = entry["card"]
        if name not in cards:
            raise ValueError(f"{here}: no villager called {short_repr(name)}")
        role = entry.get("role")
        if role is not None and (type(role) is not str or role not in cards):
            raise ValueError(f"{here}: no villager called {short_repr(role)} for the role")
        coins = _int(entry, "coins", 0, here, 0, 10_000)
        flipped = entry.get("flipped", False)
        if not isinstance(flipped, bool):
            raise ValueError(f"{here}: flipped must be true or false")
        rows.append((name, role, parent, coins, flipped))
        return len(rows) - 1

    for i, entry in enumerate(value):
        here = f"{where}[{i}]"
        if isinstance(entry, list):
            parent = -1
            items = entry
            if items and isinstance(items[0], int) and not isinstance(items[0], bool):
                parent = items[0]
                items = items[1:]
                if not 0 <= parent < len(rows):
                    raise ValueError(f"{here}: no slot {parent} to continue on")
            for j, item in enumerate(items):
                parent = add(item, parent, f"{here}[{j}]")
        else:
            on = entry.get("on") if isinstance(entry, dict) else None
            if on is not None and (type(on) is not int or not 0 <= on < len(rows)):
                raise ValueError(f"{here}: 'on' must name an earlier slot, got {short_repr(on)}")
            add(entry, -1 if on is None else on, here)
    village: list[Slot] = []
    kids = Counter(parent for _, _, parent, _, _ in rows)
    for k, (name, role, parent, coins, flipped) in enumerate(rows):
        card = cards[name]
        if role is None:
            role = name
        if role != name and card.effect not in ("monk", "apprentice"):
            raise ValueError(f"{where} slot {k}: only a Monk or an Apprentice stands in for "
                             f"another villager ({name} as {role})")
        below = cards[role].on
        if parent < 0 and below is not None:
            raise ValueError(f"{where} slot {k}: {role} must sit on {words.a(below)}")
        if parent >= 0 and village[parent].role != below:
            raise ValueError(f"{where} slot {k}: {role} cannot sit on "
                             f"{words.a(village[parent].role)} (it goes on {below or 'nothing'})")
        if flipped and card.kind != "founders":
            raise ValueError(f"{where} slot {k}: only the Founders can be flipped")
        village.append(Slot(name, role, parent, kids.get(k, 0), coins, flipped))
        if card.kind == "villager":
            r.placed[name] += 1
    for k, slot in enumerate(village):
        if slot.kids > capacity(slot, cards):
            raise ValueError(f"{where} slot {k}: {slot.card} holds {slot.kids}, more than its "
                             "stacking hint allows")
    if sum(1 for s in village if cards[s.card].kind == "founders") != 1 and not r.let_go:
        raise ValueError(f"{where}: every village has exactly one Founders")
    return village


def game_from_dict(cls: type[Villagers], d: dict[str, Any]) -> Villagers:
    if not isinstance(d, dict):
        raise ValueError(f"a Villagers state must be a dict, got {type(d).__name__}")
    if d.get("game", "villagers") != "villagers":
        raise ValueError(f"this state is for {short_repr(d['game'], 40)}, not Villagers")
    cls.check_version(d)
    raw = d.get("players", 3)
    if isinstance(raw, int) and not isinstance(raw, bool):
        INFO.check_players(raw)
        rows: Any = [{} for _ in range(raw)]
    else:
        rows = raw
    if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
        raise ValueError("players must be a number of players or a list of player dicts")
    options = d.get("options") or {}
    if not isinstance(options, dict):
        raise ValueError("options must be a dict (players, names, deck)")
    options = dict(options)
    rows, her = SOLO.saved_rows(options, rows)  # a solo game: the Countess's row apart
    n = INFO.check_players(len(rows))
    check_saved_options(options, n, INFO.options)
    check_shape(d, SHAPE, n + (her is not None))  # (a Countess's Agents are read too)
    for i, row in enumerate(rows):
        check_shape(row, PLAYER_SHAPE, n, f"players[{i}]")
    options["players"] = n
    try:
        cards = resolve_deck(options.get("deck"))
    except ValueError as exc:
        raise ValueError(f"the save's deck cannot be used: {exc}") from None
    if cards.is_standard:
        options.pop("deck", None)
    chosen = read_expansions(options, n)
    cards = EXPANSIONS.with_expansions(cards, chosen)
    mode, events = SOLO.read_saved(options, n, chosen)
    if mode is not None:
        if d.get("version", 2) == 1:
            raise ValueError("a solo game is saved in format version 2; this save says 1")
        cards = SOLO.with_countess(cards)
    g = cls(cards)
    if mode is not None:
        g.version = 2  # (the solo save format)
    g.set_table(n)
    if chosen:
        g.ext = EXPANSIONS.state_from_dict(chosen, n, d.get("expansion_state", {}))
    g.seed = _int(d, "seed", 0, "state", 0, 2**63)
    named = row_names(rows)
    if "names" not in options and named != [f"Player {i + 1}" for i in range(n)]:
        options["names"] = named
    g.options = options
    g.rng = Rng(saved_rng_state(d, g.seed))
    r = _Reader(g)
    g.players = []
    for i, row in enumerate(rows):
        where = f"players[{i}]"
        p = PlayerState(g.player_name(i), _int(row, "gold", START_GOLD, where, 0, 10_000),
                        _village(r, row.get("village", [cards.founders.name]),
                                 f"{where}.village"))
        p.hand_pub = sorted(r.names(row.get("hand_pub", []), f"{where}.hand_pub"),
                            key=g.order.__getitem__)
        p.hand_sec = sorted(r.names(row.get("hand_sec", row.get("hand", [])),
                                    f"{where}.hand"), key=g.order.__getitem__)
        if r.loose:  # a Basic Villager or the Founders in hand shows itself (no back)
            shown = [c for c in p.hand_sec if c in g.tables.two_faced]
            if shown:
                p.hand_sec = [c for c in p.hand_sec if c not in g.tables.two_faced]
                p.hand_pub = sorted(p.hand_pub + shown, key=g.order.__getitem__)
        p.square = r.names(row.get("square", []), f"{where}.square")
        g.players.append(p)
    if mode is not None:
        g.players.append(SOLO.countess_row(r, her, mode))
    g.phase = d.get("phase", "draft")
    if g.phase not in PHASES:
        raise ValueError(f"phase must be one of {', '.join(PHASES)}, got {short_repr(g.phase)}")
    if mode is not None:
        g.solo = SOLO.state_from_dict(g, mode, events, d.get("solo"))
    moment = draft_moment(g)
    for i, (row, p) in enumerate(zip(rows, g.players[:n], strict=True)):
        food = p.summary(cards).food
        p.draft_limit = _int(row, "draft_limit", drafting_limit(food), f"players[{i}]", 0, 5)
        drafting = row.get("drafting", default_drafting(p, moment))
        if not isinstance(drafting, bool):
            raise ValueError(f"players[{i}].drafting must be true or false")
        p.drafting = drafting
    _table(g, r, d)
    if g.solo is not None:
        SOLO.check_refill(g)
    g.round = _int(d, "round", 1, "state", 1, 10_000)
    g.first = _int(d, "first", 0, "state", 0, n - 1)
    g.turn = _int(d, "turn", g.first, "state", -1, n - 1)
    if g.turn < 0 and g.phase != "over":  # (-1: nobody, once the game has ended)
        raise ValueError(f"turn must be a seat from 0 to {n - 1} in the {g.phase} phase "
                         f"(-1, nobody, only once the game has ended), got {g.turn}")
    g.coin_queue = list(d.get("coin_queue", []))
    if g.phase == "road" and n > 2:
        raise ValueError("only a 2-player game stops after the draft for Gold on the Road")
    if g.phase == "road" and not g.coin_queue:
        from .road import reverse_turn_order

        g.coin_queue = reverse_turn_order(g)
        g.turn = g.coin_queue[0]
    default_limit = build_limit(g.players[g.turn].summary(cards).builders) if g.turn >= 0 else 0
    g.limit = _int(d, "limit", default_limit, "state", 0, 5)
    g.used = _int(d, "used", 0, "state", 0, 5)
    g.returns = _int(d, "returns", 0, "state", 0, 3)
    g.tinner = d.get("tinner", False)
    g.cover = d.get("cover")
    if g.cover is not None and (g.phase != "build" or g.turn < 0
                                or g.cover >= len(g.players[g.turn].village)):
        raise ValueError("cover must name a slot of the village of the player building now")
    g.markets = _int(d, "markets", 0, "state", 0, 2)
    g.agent_queue = [list(q) for q in d.get("agent_queue", [])]
    g.agent_reads = [list(x) for x in d.get("agent_reads", [])]
    for seat, k, *read in g.agent_queue + g.agent_reads:
        size = len(g.players[seat].village)
        if k >= size or (read and read[0] is not None and read[0] >= size):
            raise ValueError(f"agent_queue and agent_reads name slots of {g.player_name(seat)}'s "
                             f"village (0 to {size - 1})")
    if g.phase == "agent" and not g.agent_queue:
        raise ValueError("the Agent phase needs agent_queue: [[seat, Agent's slot], ...]")
    g.final_winners = list(d.get("winners", []))
    g.result = d.get("result", "")
    g.tiebreak = d.get("tiebreak", "")
    if g.ext is not None and g.ext.pending is not None and g.ext.pending["back"] not in PHASES:
        raise ValueError(f"expansion_state.pending.back must be a phase ({', '.join(PHASES)})")
    check_drafting(g)
    if g.ext is not None:
        EXPANSIONS.check_moment(g)
    if g.solo is not None:
        SOLO.check_waiting(g)
    g.check_adds_up()
    g.load_log(d.get("log", []))
    g.load_history(d.get("history", []))
    if "start" in d:
        g.start = d["start"]
    elif "history" not in d:  # a hand-written scenario: remember it so records replay
        g.start = {k: v for k, v in game_to_dict(g).items() if k not in ("history", "log")}
    return g


def read_expansions(options: dict[str, Any], n: int) -> tuple[str, ...]:
    """The expansions a saved game or scenario names (kept in its options)."""
    chosen = EXPANSIONS.check(options.get("expansions"), n)
    if chosen:
        options["expansions"] = list(chosen)
    else:
        options.pop("expansions", None)
    return chosen


def _table(g: Villagers, r: _Reader, d: dict[str, Any]) -> None:
    """Road, piles, discard, basics and Bank; cards not placed fill stacks and Reserve."""
    cards = g.cards
    road_raw = d.get("road")
    g.road_coins = [0] * ROAD_SLOTS
    if road_raw is not None:
        if not isinstance(road_raw, list) or len(road_raw) > ROAD_SLOTS:
            raise ValueError(f"road must list up to {ROAD_SLOTS} slots (null for an empty one)")
        g.road = [None] * ROAD_SLOTS
        for i, item in enumerate(road_raw):
            if isinstance(item, dict):
                g.road_coins[i] = _int(item, "coins", 0, f"road[{i}]", 0, 10_000)
                item = item.get("card")
            g.road[i] = None if item is None else r.names([item], f"road[{i}]")[0]
    coins = d.get("road_coins")
    if coins is not None:
        if not isinstance(coins, list) or len(coins) != ROAD_SLOTS:
            raise ValueError(f"road_coins must list {ROAD_SLOTS} whole numbers")
        g.road_coins = list(coins)
    g.stacks = [r.pile(s, f"stacks[{j}]") for j, s in enumerate(d.get("stacks", []))]
    if "stacks" in d and len(g.stacks) != STACKS:
        raise ValueError(f"stacks must list {STACKS} stacks (empty ones as [])")
    g.reserve = r.pile(d["reserve"], "reserve") if "reserve" in d else Pile([])
    g.discard = r.names(d.get("discard", []), "discard")
    known = d.get("discard_known", [g.all_seats] * len(g.discard))
    if (not isinstance(known, list) or len(known) != len(g.discard)
            or not all(type(m) is int and 0 <= m <= g.all_seats for m in known)):
        raise ValueError("discard_known must hold a seat mask per discarded card")
    g.discard_known = list(known)
    if g.ext is not None and "dealt" not in d.get("expansion_state", {}):
        # a hand-written scenario: the dealt expansion cards are those it places
        g.ext.dealt = sorted((c for c in r.placed.elements()
                              if cards[c].expansion is not None and cards[c].dealt),
                             key=g.order.__getitem__)
    if g.ext is not None:
        for name in g.ext.dealt:
            card = cards.cards.get(name) if type(name) is str else None
            if card is None or not card.dealt or card.expansion not in g.ext.names:
                raise ValueError(f"expansion_state.dealt lists the cards the chosen "
                                 f"expansions deal at setup; {short_repr(name)} is not one")
        EXPANSIONS.check_developments(g.ext)
    if g.ext is not None and g.ext.has("developments") and not g.ext.devs:
        g.ext.devs = EXPANSIONS.deal_developments(g)
        g.ext.holders = [None] * len(g.ext.devs)
    full = full_deck(g)
    over = r.placed - full
    if over:
        name, extra = next(iter(over.items()))
        raise ValueError(f"the scenario places {full[name] + extra} {name} cards, but this "
                         f"game has {full[name]}" + (" (4+ cards need 4 players)"
                                                      if cards[name].four_plus else ""))
    rest = sorted((full - r.placed).elements(), key=g.order.__getitem__)
    if road_raw is None:
        start = list(cards.starting_road)
        if not Counter(start) - Counter(rest):
            dealt = start[:ROAD_SLOTS]
            g.road = list(dealt)
            for c in dealt:
                rest.remove(c)
        else:
            g.rng.shuffle(rest)
            g.road = [rest.pop() if rest else None for _ in range(ROAD_SLOTS)]
    g.road += [None] * (ROAD_SLOTS - len(g.road))
    for i, c in enumerate(g.road_coins):
        if c and g.road[i] is None:  # (refilling the slot would lose them)
            raise ValueError(f"road_coins[{i}] must be 0: Road slot {i} is empty, and Gold "
                             f"lies only on a face-up villager (got {c})")
    if "stacks" not in d:
        g.rng.shuffle(rest)
        per = SOLO.stack_size if g.solo is not None else CARDS_PER_STACK_PER_PLAYER * g.n
        g.stacks = [Pile(rest[j * per:(j + 1) * per]) for j in range(STACKS)]
        rest = rest[STACKS * per:]
    if "reserve" not in d:
        g.rng.shuffle(rest)
        g.reserve = Pile(rest)
    elif rest:
        g.discard += rest
        g.discard_known += [g.all_seats] * len(rest)
    used = Counter(s.card for p in g.players for s in p.village)
    basics = d.get("basics")
    g.basics = {}
    unknown = sorted(set(basics or ()) - set(cards.basics))
    if unknown:
        raise ValueError(f"basics: no Basic Villager called {short_repr(unknown[0])}")
    for b in cards.basics:
        default = cards[b].copies - used[b] - r.loose[b]
        value = default if basics is None else basics.get(b, default)
        if value != default or value < 0:
            raise ValueError(f"basics: {b} supply must be {default} ({cards[b].copies} less "
                             "those in villages" + (" and elsewhere" if r.loose[b] else "")
                             + ")")
        g.basics[b] = value
    held = sum(p.gold for p in g.players) + sum(g.road_coins) + sum(
        s.coins for p in g.players for s in p.village)
    g.bank = d.get("bank", COINS_IN_BOX - held)
    if g.bank != COINS_IN_BOX - held:
        raise ValueError(f"bank must be {COINS_IN_BOX - held}: the Bank holds what the "
                         f"players and cards do not, of the {COINS_IN_BOX} coins")
