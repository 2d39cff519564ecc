"""Reading a solo game's state (a save or a hand-written scenario): the Countess's row,
her village (villagers one by one, no chains) and the event decks."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core import words
from ...core.actions import short_repr
from ...core.shapes import NAMES, MapOf, OneOf, check_shape
from ..player import PlayerState
from ..saved_draft import DRAFTED, TURN
from ..village import Slot
from . import check_solo
from .countess import CARD, START_GOLD
from .events import SEASONS, EventSet, resolve_events
from .state import SoloState

if TYPE_CHECKING:
    from ..game import Villagers
    from ..state_io import _Reader


def solo_rows(options: dict[str, Any], rows: list[dict]) -> tuple[list[dict], dict | None]:
    """The seats' rows and the Countess's (the last of two), when `options` name a solo mode."""
    if "solo_mode" not in options:
        return rows, None
    if len(rows) == 2:
        return rows[:1], rows[1]
    if len(rows) == 1:
        return rows, {}
    raise ValueError(f"a solo game lists the player and the Countess (2 rows), got {len(rows)}")


def read_solo(options: dict[str, Any], n: int, chosen: tuple[str, ...]
              ) -> tuple[str | None, EventSet | None]:
    mode = check_solo(options.get("solo_mode"), n, chosen, options.get("events"))
    if mode is None:
        return None, None
    options["solo_mode"] = mode
    try:
        events = resolve_events(options.get("events"))
    except ValueError as exc:
        raise ValueError(f"the save's event file cannot be used: {exc}") from None
    if events.is_standard:
        options.pop("events", None)
    return mode, events


def countess_row(r: _Reader, row: dict | None, mode: str) -> PlayerState:
    """Her village: the Countess card first, then villagers each on its own."""
    row = row or {}
    where = "players[1] (the Countess)"
    gold = row.get("gold", START_GOLD[mode])
    if type(gold) is not int or not 0 <= gold <= 10_000:
        raise ValueError(f"{where}: gold must be a whole number from 0 to 10000")
    raw = row.get("village", [{"card": CARD, "flipped": mode == "beginner"}])
    if not isinstance(raw, list) or not raw:
        raise ValueError(f"{where}.village must list her villagers, the Countess card first")
    village: list[Slot] = []
    for k, entry in enumerate(raw):
        if isinstance(entry, str):
            entry = {"card": entry}
        if not isinstance(entry, dict) or not isinstance(entry.get("card"), str):
            raise ValueError(f"{where}.village[{k}]: a villager is a name or a dict with 'card'")
        name = entry["card"]
        if k == 0:
            if name != CARD:
                raise ValueError(f"{where}.village must start with the {CARD} card")
        else:
            r.names([name], f"{where}.village[{k}]")
        if entry.get("on") is not None:
            raise ValueError(f"{where}.village[{k}]: her villagers stand alone (no 'on')")
        coins = entry.get("coins", 0)
        if type(coins) is not int or not 0 <= coins <= 10_000:
            raise ValueError(f"{where}.village[{k}]: coins must be a whole number, got "
                             f"{short_repr(coins)}")
        flipped = entry.get("flipped", False) if k == 0 else False
        if not isinstance(flipped, bool):
            raise ValueError(f"{where}.village[0]: flipped must be true or false")
        village.append(Slot(name, name, -1, 0, coins, flipped))
    return PlayerState("The Countess", gold, village)


def solo_state(g: Villagers, mode: str, events: EventSet | None, raw: object) -> SoloState:
    """The saved solo state, checked; a scenario without one gets shuffled decks and the
    face-up events it names (`{"face_up": [...]}`)."""
    assert events is not None
    s = SoloState(mode, events)
    raw = raw or {}
    if not isinstance(raw, dict):
        raise ValueError("solo must be a dict (decks, discards, face_up, ...)")
    where = "solo"
    by_season = MapOf(OneOf(*SEASONS), NAMES)
    check_shape(raw, {"decks": by_season, "discards": by_season}, 1, where)

    def names(value: object, key: str, season: str | None = None) -> list[str]:
        if not isinstance(value, list) or not all(isinstance(x, str) and x in events
                                                  for x in value):
            raise ValueError(f"{where}.{key} must list event names of {events.name!r}, got "
                             f"{short_repr(value)}")
        if season is not None and any(events[x].season != season for x in value):
            raise ValueError(f"{where}.{key}: every card must be {words.a(season)} event")
        return list(value)

    s.face_up = names(raw.get("face_up", []), "face_up")
    s.begun = names(raw.get("begun", []), "begun")
    if not set(s.begun) <= set(s.face_up):
        raise ValueError(f"{where}.begun must name face-up events")
    placed = set(s.face_up)
    current = raw.get("current")
    if current is not None:
        names([current], "current")
        placed.add(current)
    s.current = current
    for season in SEASONS:
        s.discards[season] = names(raw.get("discards", {}).get(season, []),
                                   f"discards.{season}", season)
        placed |= set(s.discards[season])
    for season in SEASONS:
        if "decks" in raw:
            s.decks[season] = names(raw["decks"].get(season, []), f"decks.{season}", season)
        else:
            s.decks[season] = [x for x in events.deck(season, mode) if x not in placed]
            g.rng.shuffle(s.decks[season])
    # (a toll's current card stays face up; an event being resolved has left the table)
    everything = [*s.face_up, *([current] if current and current not in s.face_up else []),
                  *(x for v in s.discards.values() for x in v),
                  *(x for v in s.decks.values() for x in v)]
    expected = events.deck("summer", mode) + events.deck("winter", mode)
    if sorted(everything) != sorted(expected):
        raise ValueError(f"{where}: the event cards must each be in one place (deck, discards, "
                         f"face up or being resolved): {sorted(expected)}")
    jester = raw.get("jester", mode != "hard")
    if not isinstance(jester, bool) or (jester and mode == "hard"):
        raise ValueError(f"{where}.jester must be true or false (false in Hard mode)")
    s.jester = jester
    refill = raw.get("refill", [])
    if not isinstance(refill, list) or not all(type(i) is int and 0 <= i < 6 for i in refill):
        raise ValueError(f"{where}.refill must list Road slots 0-5")
    s.refill = list(refill)
    after = raw.get("after", "")
    if after not in ("", "draft", "build"):
        raise ValueError(f"{where}.after must be 'draft' or 'build'")
    s.after = after
    return s


def check_refill(g: Villagers) -> None:
    """`refill` names the Road slot the player just drafted from, dealt again after the
    Countess's pick (phases.after_draft, apply_give): so only during that pick, one slot
    at most, and an empty one (a card there would be dealt over). The pick itself needs a
    villager on the Road to give her."""
    s = g.solo
    assert s is not None
    refill = s.refill
    if refill and g.phase != "countess":
        raise ValueError(f"solo.refill must be [] except in the Countess's pick (phase "
                         f"'countess'): an emptied Road slot is dealt again at once, got "
                         f"{short_repr(refill)} in phase {g.phase!r}")
    if len(refill) > 1:
        raise ValueError(f"solo.refill names at most one Road slot (the one just drafted "
                         f"from), got {short_repr(refill)}")
    for i in refill:
        if g.road[i] is not None:
            raise ValueError(f"solo.refill must name empty Road slots (the one just drafted "
                             f"from), but Road slot {i} holds the {g.road[i]}")
    if g.phase == "countess" and not any(g.road):
        raise ValueError("the Countess's pick (phase 'countess') needs a villager on the "
                         "Road to give her (with the Road empty her pick is skipped)")


def draft_moment(g: Villagers) -> str:
    """Where a solo phase stands in the Draft Phase (saved_draft.draft_moment): the
    Countess's pick ends a draft turn; a toll before the draft (Rats) comes before its
    first turn; the Arson toll and the Event Phase lie outside it."""
    s = g.solo
    assert s is not None
    if g.phase == "countess":
        return DRAFTED
    return TURN if g.phase == "toll" and s.after == "draft" else ""
