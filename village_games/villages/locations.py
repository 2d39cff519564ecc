"""Location cards (the Distant Lands expansion): one per round, each with a rule.

The real cards are not public: locations.toml holds this project's STAND-IN set. A rule is
an effect key with parameters; this module checks a location file (errors name the file,
the location and the field) and answers the few questions the rules ask of the current
location: how many draws, builds and gifts a turn allows, and what it does to a battle.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.card_data import CardDataError, choice_field, int_field, unknown_keys
from ..core.card_data import field as checked_field
from ..core.decks import DeckLoader
from .options import DRAWS, GIFTS

if TYPE_CHECKING:
    from .views import LocationView

LOCATION_FILE = Path(__file__).with_name("locations.toml")
SIDES = ("attacker", "defender")
# effect key -> its parameters: (name, low, high) for a count, (name, choices) for a choice
EFFECTS: dict[str, tuple[tuple[Any, ...], ...]] = {
    "draws": (("count", 1, 4),),
    "builds": (("count", 0, 3),),
    "gifts": (("count", 0, 6),),
    "battle_bonus": (("side", SIDES), ("amount", -5, 5)),
    "hired_bonus": (("amount", -5, 5),),
    "ties": (("to", SIDES),),
}
MAX_DRAWS = max(spec[0][2] for key, spec in EFFECTS.items() if key == "draws")
MAX_GIFTS = max(spec[0][2] for key, spec in EFFECTS.items() if key == "gifts")
MAX_LOCATIONS = 40


@dataclass(frozen=True, slots=True)
class Location:
    name: str
    effect: str
    params: dict[str, Any]
    help: str
    # the turn limits it sets, worked out once: the legal-move generator reads them often
    builds: int = field(init=False, repr=False, compare=False)
    gifts: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "builds", _count(self, "builds", 1))
        object.__setattr__(self, "gifts", _count(self, "gifts", GIFTS))

    def to_dict(self) -> LocationView:
        return {"name": self.name, "effect": self.effect, "params": dict(self.params),
                "help": self.help}


@dataclass(frozen=True)
class LocationSet:
    """The location deck. `data` (the parsed file) travels in saves for a file of your own."""

    locations: dict[str, Location]
    stand_in: bool
    name: str = "standard"
    data: dict | None = None

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self.locations)

    def saved_form(self) -> bool | dict[str, Any]:
        """What options["locations"] holds: True for the stand-in set, else name and data."""
        return True if self.data is None else {"name": self.name, "data": self.data}

    def __getitem__(self, name: str) -> Location:
        return self.locations[name]


def _parse_location(table: object, i: int, source: str) -> Location:
    where = f"{source} location #{i + 1}"
    if not isinstance(table, dict):
        raise CardDataError(f"{where}: must be a [[location]] table")
    name = checked_field(table, "name", str, where).strip()
    if not name:
        raise CardDataError(f"{where}: field 'name' must not be empty")
    where = f"{source} location {name!r}"
    effect = choice_field(table, "effect", where, tuple(EFFECTS))
    spec = EFFECTS[effect]
    unknown_keys(table, {"name", "effect", "help", *(p[0] for p in spec)}, where)
    params: dict[str, Any] = {}
    for p in spec:
        if len(p) == 3:
            params[p[0]] = int_field(table, p[0], f"{where} (effect {effect!r})", p[1], p[2])
        else:
            params[p[0]] = choice_field(table, p[0], f"{where} (effect {effect!r})", p[1])
    help_text = table.get("help", "")
    if not isinstance(help_text, str):
        raise CardDataError(f"{where}: field 'help' must be text, got {help_text!r}")
    return Location(name, effect, params, help_text)


def parse_locations(data: dict[str, Any], source: str) -> LocationSet:
    """A parsed location file; errors name `source`, the location and the field."""
    meta = data.get("meta", {})
    if not isinstance(meta, dict):
        raise CardDataError(f"{source}: [meta] must be a table")
    unknown_keys(meta, {"stand_in"}, f"{source} [meta]")
    stand_in = meta.get("stand_in", False)
    if not isinstance(stand_in, bool):
        raise CardDataError(f"{source}: [meta] field 'stand_in' must be true or false")
    unknown_keys(data, {"meta", "location"}, source)
    raw = data.get("location")
    if not isinstance(raw, list) or len(raw) < 2:
        raise CardDataError(f"{source}: needs at least 2 [[location]] tables (one replaces "
                            "the last each round)")
    if len(raw) > MAX_LOCATIONS:
        raise CardDataError(f"{source}: at most {MAX_LOCATIONS} locations, got {len(raw)}")
    out: dict[str, Location] = {}
    for i, table in enumerate(raw):
        loc = _parse_location(table, i, source)
        if loc.name in out:
            raise CardDataError(f"{source} location {loc.name!r}: the name appears twice "
                                f"(location #{i + 1}); every location name must be unique")
        out[loc.name] = loc
    return LocationSet(out, stand_in)


_FILES = DeckLoader(parse_locations, LOCATION_FILE, LocationSet)


def load_locations(path: str | Path = LOCATION_FILE) -> LocationSet:
    """A location file; the stand-in file beside this module is read once."""
    if Path(path).resolve() == LOCATION_FILE.resolve():
        return _FILES.standard()
    return _FILES.load(path)


def locations_from_text(text: str, name: str) -> LocationSet:
    """A location file's contents (an upload, say)."""
    return _FILES.from_text(text, name)


LocationSpec = None | bool | str | Path | LocationSet | dict


def resolve_locations(spec: LocationSpec) -> LocationSet | None:
    """A `new_game(locations=...)` value: False/None (off), True (the stand-in set), a file
    path, a LocationSet, or the saved form {"name": ..., "data": {...}}."""
    if spec is None or spec is False:
        return None
    if spec is True:
        return _FILES.standard()
    if isinstance(spec, LocationSet | str | Path) or (
            isinstance(spec, dict) and isinstance(spec.get("name"), str)
            and isinstance(spec.get("data"), dict)):
        return _FILES.resolve(spec)
    raise ValueError("locations must be False (off), True (the stand-in Location cards), a "
                     "location file path, or a saved set {'name': ..., 'data': {...}}; got "
                     f"{type(spec).__name__}")


# ------------------------------------------------------------------ the rule in force
def _count(loc: Location | None, effect: str, base: int) -> int:
    if loc is not None and loc.effect == effect:
        return loc.params["count"]
    return base


def draws_per_turn(loc: Location | None) -> int:
    return _count(loc, "draws", DRAWS)


def builds_per_turn(loc: Location | None) -> int:
    return _count(loc, "builds", 1)


def gifts_per_turn(loc: Location | None) -> int:
    return _count(loc, "gifts", GIFTS)


def ties_to_attacker(loc: Location | None) -> bool:
    return loc is None or loc.effect != "ties" or loc.params["to"] == "attacker"


def battle_parts(loc: Location | None, attacking: bool, hired: bool
                 ) -> list[tuple[str, int]]:
    """What the location adds to one side's power, as (reason, amount) pairs."""
    if loc is None:
        return []
    amount = loc.params.get("amount", 0)
    if not amount:
        return []
    if loc.effect == "battle_bonus" and (loc.params["side"] == "attacker") == attacking:
        return [(f"at the {loc.name}", loc.params["amount"])]
    if loc.effect == "hired_bonus" and hired:
        return [(f"hired at the {loc.name}", loc.params["amount"])]
    return []
