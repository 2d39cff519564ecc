"""A table's setup (players, seats, seed, names, variant, flags) and reading it from a page
link."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote

from village_games.core import Game, words
from village_games.tables import BOT, HUMAN, REMOTE

from ..kit.query import echo, unknown_keys
from .adapter import Flag, GameAdapter, Variant
from .files import user_file

SEAT_WORDS = {"human": HUMAN, "person": HUMAN, "people": HUMAN, "h": HUMAN, "p": HUMAN,
              "remote": REMOTE, "device": REMOTE, "link": REMOTE, "r": REMOTE,
              "bot": BOT, "computer": BOT, "cpu": BOT, "ai": BOT, "b": BOT}
MAX_SEED = 2**31 - 1
SECRET_SEED_BITS = 63  # a shared table's own seed, which nobody sees (engines take < 2**63)


@dataclass
class Setup:
    players: int
    seats: list[str]
    seed: int
    names: list[str]
    variant: str = ""  # a Variant.key; "" is the first (default) variant
    flags: list[str] = field(default_factory=list)  # the Flag keys turned on


def _small_whole(raw: str) -> bool:
    """Plain ASCII digits, short enough to be a real setting ('²' is a digit to Python but
    not a number to int(); thousands of digits would make int() refuse)."""
    return raw.isascii() and raw.isdigit() and len(raw) <= 12


def variants_for(adapter: GameAdapter, players: int) -> list[Variant]:
    """The adapter's variants for this player count ([] if it declares none)."""
    declared = adapter.variants
    return list(declared(players)) if declared is not None else []


def variant_options(adapter: GameAdapter, players: int, key: str) -> dict[str, Any]:
    """The `new_game` keyword options of variant `key` ("" = the default one)."""
    choices = variants_for(adapter, players)
    for v in choices:
        if v.key == key:
            return dict(v.options)
    if key:
        raise ValueError(f"there is no variant {key!r} for {players} players")
    return dict(choices[0].options) if choices else {}


def variant_of(adapter: GameAdapter, game: Game) -> str:
    """The key of the variant a (loaded) game was set up with: the one whose options the
    game's own options match most closely; "" when none match. A user's file in an option
    (its saved form) matches True there: the variant's shipped data, replaced."""
    options = getattr(game, "options", None) or {}
    best, best_size = "", -1
    for v in variants_for(adapter, game.num_players):
        fits = all(options.get(k) == val or (val is True and user_file(options, k))
                   for k, val in v.options.items())
        if fits and len(v.options) > best_size:
            best, best_size = v.key, len(v.options)
    return best


def declared_flags(adapter: GameAdapter) -> tuple[str, list[Flag]]:
    """(the option's name, its flags) an adapter declares; ("", []) without flags."""
    flags = list(adapter.flags or ())
    return (adapter.flags_option if flags else ""), flags


def flag_options(adapter: GameAdapter, setup: Setup) -> dict[str, Any]:
    """The `new_game` keyword option for the setup's flags ({} when none is on)."""
    option, _flags = declared_flags(adapter)
    return {option: list(setup.flags)} if option and setup.flags else {}


def setup_options(adapter: GameAdapter, setup: Setup) -> dict[str, Any]:
    """The `new_game` keyword options of the setup's variant and flags."""
    return variant_options(adapter, setup.players, setup.variant) | flag_options(adapter, setup)


def flags_of(adapter: GameAdapter, game: Game) -> list[str]:
    """The flags a (loaded) game was set up with, read from its options."""
    option, flags = declared_flags(adapter)
    chosen = (getattr(game, "options", None) or {}).get(option) or [] if option else []
    return [f.key for f in flags if f.key in chosen]


def default_setup(adapter: GameAdapter, seed: int | None = None) -> Setup:
    n = adapter.default_players
    return Setup(n, [HUMAN] + [BOT] * (n - 1),
                 random.randrange(1000) if seed is None else seed,
                 list(adapter.default_names[:n]))


def setup_query(setup: Setup, adapter: GameAdapter) -> str:
    """The page-address query that opens this setup (the inverse of `parse_setup`); names
    and variant only when they differ from the defaults."""
    parts = [f"players={setup.players}", "seats=" + ",".join(setup.seats),
             f"seed={setup.seed}"]
    custom = list(setup.names) != list(adapter.default_names[:setup.players])
    if custom and not any("," in n for n in setup.names):  # a link lists names with commas
        parts.append("names=" + ",".join(quote(n) for n in setup.names))
    choices = variants_for(adapter, setup.players)
    if setup.variant and choices and setup.variant != choices[0].key:
        parts.append(f"variant={quote(setup.variant)}")
    option, _flags = declared_flags(adapter)
    if option and setup.flags:
        parts.append(f"{option}=" + ",".join(quote(k) for k in setup.flags))
    return "?" + "&".join(parts)


SETUP_KEYS = ("players", "seats", "seed", "names", "variant")  # what `parse_setup` reads
TABLE_KEYS = ("table", "key")  # a stored table's link (`table_links.table_query`)


def unknown_settings(params: dict[str, str], adapter: GameAdapter, *also: str) -> list[str]:
    """A notice for each key of a play link that neither `parse_setup`, a table link nor
    the app's own settings (`also`: the bot kind...) read."""
    option, _flags = declared_flags(adapter)
    known = [*SETUP_KEYS, *([option] if option else []), *also, *TABLE_KEYS]
    return unknown_keys(params, known)


def parse_setup(params: dict[str, str], adapter: GameAdapter) -> tuple[Setup, list[str]]:
    """Read `players`, `seats`, `seed`, `names`, `variant` from query parameters.

    Returns the setup and a list of problems; a bad value is reported and replaced by its
    default, so a mistyped link still opens a game.
    """
    errors: list[str] = []
    setup = default_setup(adapter)
    lo, hi = adapter.info.min_players, adapter.info.max_players
    players: int | None = None
    if params.get("players", "").strip():
        raw = params["players"].strip()
        if _small_whole(raw) and lo <= int(raw) <= hi:
            players = int(raw)
        else:
            errors.append(f"players must be a whole number from {lo} to {hi}; got {echo(raw)}, "
                          f"so the game uses {setup.players}.")
    seats: list[str] | None = None
    if params.get("seats", "").strip():
        raw_seats = [s.strip().lower() for s in params["seats"].split(",")]
        bad = [s for s in raw_seats if s not in SEAT_WORDS]
        if bad:
            errors.append(f"seats must be a comma-separated list of 'human', 'remote' or 'bot' "
                          f"({lo} to {hi} entries); {echo(', '.join(bad))} is not one.")
        elif not lo <= len(raw_seats) <= hi:
            errors.append(f"seats must list from {lo} to {hi} entries (one per player), "
                          f"got {len(raw_seats)}.")
        elif players is not None and len(raw_seats) != players:
            errors.append(f"seats lists {len(raw_seats)} entries but players={players}: give "
                          "one entry (human, remote or bot) per player. The seats list was "
                          "ignored.")
        else:
            seats = [SEAT_WORDS[s] for s in raw_seats]
    if players is None and seats is not None:
        players = len(seats)
    if players is not None:
        setup.players = players
        setup.seats = seats or [HUMAN] + [BOT] * (players - 1)
        setup.names = list(adapter.default_names[:players])
    if params.get("seed", "").strip():
        raw = params["seed"].strip()
        if _small_whole(raw) and int(raw) <= MAX_SEED:
            setup.seed = int(raw)
        else:
            errors.append(f"seed must be a whole number from 0 to {MAX_SEED}; got {echo(raw)}, "
                          f"so the game uses seed {setup.seed}.")
    if params.get("names", "").strip():
        names = [x.strip() for x in params["names"].split(",")]
        if len(names) != setup.players or not all(
                x and x.isprintable() and len(x) <= 20 for x in names):
            errors.append(f"names must list {setup.players} names of up to 20 visible "
                          "letters each (no control or invisible characters), separated by "
                          "commas; the default names are used.")
        else:
            setup.names = names
    if params.get("variant", "").strip():
        error = _parse_variant(params["variant"].strip(), setup, adapter)
        if error:
            errors.append(error)
    option, _flags = declared_flags(adapter)
    if option and params.get(option, "").strip():
        errors += _parse_flags(params[option], option, setup, adapter)
    return setup, errors


def _parse_flags(raw: str, option: str, setup: Setup, adapter: GameAdapter) -> list[str]:
    """Set `setup.flags` from a link's comma-separated keys; return the problems (a key that
    is unknown, or not for this player count, is left out)."""
    _option, flags = declared_flags(adapter)
    by_key = {f.key: f for f in flags}
    problems = []
    wanted = [x.strip().lower() for x in raw.split(",") if x.strip()]
    for key in wanted:
        flag = by_key.get(key)
        if flag is None:
            problems.append(f"{option} must be among {_one_of(list(by_key))}; {echo(key)} is "
                            "not one, so it is left out.")
        elif not flag.allows(setup.players):
            problems.append(f"{flag.label} is for {flag.min_players} to {flag.max_players} "
                            f"players, not {setup.players}, so it is left out.")
    setup.flags = [f.key for f in flags if f.key in wanted and f.allows(setup.players)]
    return problems


def _parse_variant(raw: str, setup: Setup, adapter: GameAdapter) -> str:
    """Set `setup.variant` from the link's value; return the problem, or ""."""
    choices = variants_for(adapter, setup.players)
    keys = [v.key for v in choices]
    if raw.lower() in keys:
        setup.variant = raw.lower()
        return ""
    if len(choices) > 1:
        seats = words.count(setup.players, 'player')
        return (f"variant must be {_one_of(keys)} with {seats}; got {echo(raw)}, "
                f"so the game uses {keys[0]!r} ({choices[0].label}).")
    counts = [n for n in range(adapter.info.min_players, adapter.info.max_players + 1)
              if len(variants_for(adapter, n)) > 1]
    where = "; ".join(f"with {words.count(n, 'player')}: "
                      f"{_one_of([v.key for v in variants_for(adapter, n)])}" for n in counts)
    return (f"variant {echo(raw)} does not apply: {setup.players} players have one way to play"
            + (f" (variants exist {where})." if where else "."))


def _one_of(keys: Sequence[str]) -> str:
    quoted = [repr(k) for k in keys]
    return quoted[0] if len(quoted) == 1 else f"{', '.join(quoted[:-1])} or {quoted[-1]}"
