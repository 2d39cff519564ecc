"""Which bots fill a table's Bot seats: one helper for every play app.

Each game offers its own kinds (its heuristic bot, random play, Village Pillage's... ) and
every game offers the search bot, with a strength: its iterations per move. A table keeps
the choice in a `BotSettings` on its adapter; `add_bot_choice` puts two drop-downs in the
setup panel (the kind, and the strength while the kind is Search), and a change applies at
once to the game on the table (bots keep no memory between moves), on every device of a
shared table (the adapter's `share_params` are the stored table's settings, and
`use_settings` takes them back). Links carry the choice as `bots=search&strength=300`;
`parse_bots` reads it back, with a notice for bad values.

    settings = parse_bots(params, kinds_with_search(BOT_KINDS), notices, "heuristic")
    adapter.bots = settings              # adapter.make_bot(seat, seed) -> settings.make(seed)
    app.bot_box = add_bot_choice(app, settings, "vg-vl-bots")
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from village_games.bots import SearchBot
from village_games.bots.search_bot import DEFAULT_ITERATIONS
from village_games.core import Agent

from ..kit.closing import close_all, widgets_made
from ..kit.query import echo, page_query
from ..kit.safe import guarded
from .page import open_page, serve_table

if TYPE_CHECKING:
    from .view import TableApp

SEARCH = "search"
SEARCH_LABEL = "Bots search ahead (Monte Carlo tree search)"
# a search bot's strength: iterations per move, a counted budget (so a shared table's bots
# repeat their moves), not a time; at the default a move takes under a second at the 95th
# percentile (docs/performance.md, "How long a search bot's move takes")
STRENGTHS: tuple[tuple[str, int], ...] = (
    ("Quick: 100 iterations a move", 100),
    ("Steady: 300 iterations", 300),
    (f"Strong: {DEFAULT_ITERATIONS:,} iterations (under a second a move)", DEFAULT_ITERATIONS),
    ("Stronger: 3,000 iterations", 3000),
    # the budget at which the search bot beats Villages' heuristic bots, at two seats and three
    # (docs/performance.md, "Search bots and tournaments")
    ("Strongest: 4,000 iterations", 4000),
)
STRENGTH_VALUES = tuple(v for _label, v in STRENGTHS)
# a strength as a link or a stored table writes it (no int() of an arbitrary string)
STRENGTH_TEXTS = {str(v): v for v in STRENGTH_VALUES}

BotKinds = Mapping[str, tuple[str, Callable[..., Agent]]]  # key -> (label, bot class)


def kinds_with_search(kinds: BotKinds) -> dict[str, tuple[str, Callable[..., Agent]]]:
    """A game's own bot kinds, and the search bot after them."""
    return {**kinds, SEARCH: (SEARCH_LABEL, SearchBot)}


def words(keys: list[str]) -> str:
    return keys[0] if len(keys) == 1 else f"{', '.join(keys[:-1])} or {keys[-1]}"


class BotSettings:
    """The kind of bot for every Bot seat and, for a search bot, its strength."""

    def __init__(self, kinds: BotKinds, kind: str, strength: int = DEFAULT_ITERATIONS) -> None:
        self.kinds = dict(kinds)
        self.default = next(iter(self.kinds))
        self.kind = self.check_kind(kind)
        self.strength = self.check_strength(strength)

    def check_kind(self, kind: str) -> str:
        if kind not in self.kinds:
            raise ValueError(f"bots must be one of {', '.join(self.kinds)}; got {kind!r}")
        return kind

    def check_strength(self, strength: object) -> int:
        if strength not in STRENGTH_VALUES:
            raise ValueError(f"strength must be one of {', '.join(map(str, STRENGTH_VALUES))} "
                             f"(a search bot's iterations a move); got {strength!r}")
        return strength

    def make(self, seed: int) -> Agent:
        bot = self.kinds[self.kind][1]
        if self.kind == SEARCH:
            return bot(seed=seed, iterations=self.strength)
        return bot(seed=seed)

    def use_settings(self, settings: Mapping[str, str]) -> None:
        """A stored table's settings (its share params): the kind and strength they name,
        the defaults for what they leave out."""
        kind = self.check_kind(settings.get("bots", self.default))
        raw = str(settings.get("strength", DEFAULT_ITERATIONS))
        strength = self.check_strength(STRENGTH_TEXTS.get(raw, raw))
        self.kind, self.strength = kind, strength

    def share_params(self) -> dict[str, str]:
        """What a share link adds: the kind and strength, when not the defaults."""
        out = {} if self.kind == self.default else {"bots": self.kind}
        if self.kind == SEARCH and self.strength != DEFAULT_ITERATIONS:
            out["strength"] = str(self.strength)
        return out


BOT_KEYS = ("bots", "strength")  # what `parse_bots` reads


def parse_bots(params: Mapping[str, str], kinds: BotKinds, notices: list[str],
               fallback_words: str) -> BotSettings:
    """`bots=` and `strength=` from a link; a bad value is a notice and the default stays.
    `fallback_words` says what the default bots do ("the bots weigh the odds")."""
    keys = list(kinds)
    kind = params.get("bots", "").strip().lower() or keys[0]
    if kind not in kinds:
        notices.append(f"bots must be {words(keys)}; got {echo(kind)}, so {fallback_words}.")
        kind = keys[0]
    strength = DEFAULT_ITERATIONS
    raw = params.get("strength", "").strip()
    if raw:
        if raw in STRENGTH_TEXTS:
            strength = STRENGTH_TEXTS[raw]
        else:
            notices.append(f"strength must be one of {', '.join(map(str, STRENGTH_VALUES))} "
                           f"(a search bot's iterations a move); got {echo(raw)}, so "
                           f"{DEFAULT_ITERATIONS:,}.")
    return BotSettings(kinds, kind, strength)


def add_bot_choice(app: TableApp, settings: BotSettings, css_class: str,
                   note: str = "", first_row: bool = False) -> w.Dropdown:
    """The kind and strength drop-downs, in a row under the table's first setup row (or,
    with `first_row`, in that row before New game, where a table needs its height for the
    hand: the note is then the drop-down's tooltip); a change applies at once to the Bot
    seats of the game on the table. Returns the kind drop-down (`app.strength_box` is the
    other)."""
    box = w.Dropdown(options=[(label, key) for key, (label, _) in settings.kinds.items()],
                     value=settings.kind, description="Bots", layout=w.Layout(width="380px"))
    box.add_class(css_class)
    box.add_class("vg-bot-kind")
    strength = w.Dropdown(options=list(STRENGTHS), value=settings.strength,
                          description="Strength", layout=w.Layout(width="420px"))
    strength.add_class("vg-bot-strength")
    strength.layout.display = "" if settings.kind == SEARCH else "none"

    def rebuild() -> None:
        app.settings_changed()  # the stored table and the link name the kind and strength

    def kind_changed(change: dict[str, Any]) -> None:
        settings.kind = settings.check_kind(change["new"])
        strength.layout.display = "" if settings.kind == SEARCH else "none"
        rebuild()

    def strength_changed(change: dict[str, Any]) -> None:
        settings.strength = settings.check_strength(change["new"])
        rebuild()

    box.observe(guarded(app.banner)(kind_changed), names="value")
    strength.observe(guarded(app.banner)(strength_changed), names="value")
    app.strength_box = strength
    if first_row:
        box.tooltip = note or None
        app.setup.add_to_first_row(box, strength)
        return box
    parts = [box, strength]
    if note:
        parts.append(w.HTML(f'<span class="vg-note">{note}</span>'))
    row = w.HBox(parts, layout=w.Layout(flex_flow="row wrap"))  # (narrow screens: wraps)
    row.add_class("vg-bot-row")
    row.add_class(f"{css_class}-row")
    app.setup.add_row(row)
    return box


def open_play_page(make_app: Callable[..., TableApp], query: Mapping[str, str] | None = None,
                   step_by_step: bool = False) -> TableApp:
    """A play app with a bot choice, its table on the server (`page.open_page`).

    Without `query` a pre-heated kernel builds the table before the page's address is
    known; a link that names the bots, or a stored table (whose settings may), is then
    built anew from the address, as `open_page` builds it, and the first app is closed
    (its widgets would still be sent to the page: `kit.closing`)."""
    if query is not None:
        return open_page(make_app, dict(query), step_by_step)
    with widgets_made() as first:
        app = make_app({}, step_by_step=step_by_step)
    params = page_query()
    if params.keys() & {"bots", "strength", "table"}:
        close_all(first)
        return open_page(make_app, params, step_by_step)
    return serve_table(app, params, setup_link=True)
