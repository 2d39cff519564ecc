"""Play Villages: the generic table app with the Villages adapter.

    from widgets.villages.adapter import play_app
    play_app()      # reads ?players=3&seats=human,bot,bot&seed=7&bots=random from the page

Bots are the heuristic bot, random play or the search bot at a strength (drop-downs under
the setup row, or `bots=` and `strength=` in the link; widgets/table/bot_choice.py); "Coach"
shows what the search bot thinks of your move (widgets/table/search_coach.py).

The cards are this project's stand-in deck (the real unit list is not public), which the
setup area, the table and every card's hover text say; the table app's Deck section loads
a deck file of your own. Beside every attack you may make, the table shows your chance of
winning it, worked out by the engine (`village_games.villages.odds`) from what you see.

The expansions are the table's variants (`?variant=locations`, `dark-light`, `dual` or
`all`): the round's Location card sits beside the piles with its rule, and Dark, Light and
dual-colour cards are drawn apart; all of them are stand-in designs, and say so.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as w

from village_games import villages
from village_games.bots import RandomBot, VillagesBot
from village_games.core import Action, Agent, Event, words
from village_games.villages import CardSet, DeckSpec, deck_from_text
from village_games.villages.locations import LocationSpec, gifts_per_turn, locations_from_text
from village_games.villages.odds import attack_table, location_of
from village_games.villages.options import TARGET, TARGET_RANGE, check_target
from village_games.villages.table_notes import hand_notes
from village_games.villages.views import VillagesObservation

from ..kit.apps import add_nav
from ..kit.markup import esc as _e
from ..kit.safe import guarded
from ..table.adapter import DataFile, Variant
from ..table.bot_choice import BOT_KEYS, BotSettings, add_bot_choice, kinds_with_search, parse_bots
from ..table.page import open_page
from ..table.search_coach import SearchCoach
from ..table.setup import parse_setup, unknown_settings
from ..table.view import TableApp
from .render import AttackRow, RecapRow, card_tip, render_table

NAMES = ("Ana", "Ben", "Cy", "Dee", "Eli")
NOTEBOOK = "villages_play.ipynb"
LINK_KEYS = (*BOT_KEYS, "target")  # what a link may set besides the setup and the table

BOT_KINDS = kinds_with_search({
    "heuristic": ("Bots build and weigh attacks", VillagesBot),
    "random": ("Bots play at random", RandomBot),
})

# the expansions, as table variants (their cards and locations are stand-in designs)
VARIANTS: tuple[Variant, ...] = (
    Variant("base", "Base game"),
    Variant("locations", "Locations (stand-in Location cards)", {"locations": True}),
    Variant("dark-light", "Dark & Light (stand-in cards)", {"dark_light": True}),
    Variant("dual", "Dual colours (stand-in cards)", {"dual": True}),
    Variant("all", "All expansions (stand-in cards)",
            {"locations": True, "dark_light": True, "dual": True}),
)

# "Play to": the rulebook's 100, or a shorter race (a house rule). Five players often need
# 30 rounds and more to reach 100 (benchmarks/replay_long_games.py), two about 3.
TARGETS = (100, 75, 50, 30)


def target_label(target: int) -> str:
    rule = "the rules" if target == TARGET else "house rule"
    return f"Play to {target} gold ({rule})"


# the Location cards: the stand-in set, or a file of the user's in locations.toml's format
LOCATION_FILE = DataFile(
    "locations", "Locations", "this project's stand-in Location cards",
    upload="Use my location file", reset="Use the stand-in Location cards",
    load=lambda name, text: locations_from_text(text, name),
    applies=lambda _players, options: bool(options.get("locations")),
    when="a game with Location cards (a Locations variant)")

KIND_TITLES = {
    "Draw": "Draw a card", "Build": "Build a new village ({size} units of a colour)",
    "BuildAs": "Build a new village, naming its colour (dual-colour or Light units)",
    "Add": "Add to your village", "Give": "Give to another player's village",
    "Discard": "Discard a card (your action)", "Attack": "Attack a village (your action)",
    "Defend": "Defend your village", "Reward": "Take your reward", "EndTurn": "End my turn",
}
FIELD_TITLES = {
    ("Draw", "source"): "Draw from", ("Build", "first"): "First unit",
    ("Build", "second"): "Second unit", ("Build", "third"): "Third unit",
    ("BuildAs", "first"): "First unit", ("BuildAs", "second"): "Second unit",
    ("BuildAs", "third"): "Third unit", ("BuildAs", "village"): "Colour of the village",
    ("Add", "card"): "Card", ("Add", "village"): "Your village",
    ("Give", "card"): "Card", ("Give", "seat"): "To", ("Give", "village"): "Their village",
    ("Discard", "card"): "Card", ("Attack", "seat"): "Player",
    ("Attack", "village"): "Their village", ("Attack", "unit"): "Your unit",
    ("Attack", "source"): "Sent from", ("Defend", "unit"): "Defender",
    ("Defend", "source"): "Sent from", ("Reward", "choice"): "Reward",
    ("Reward", "card"): "Card",
}
REWARD_WORDS = {"destroy": "destroy the defender", "kidnap": "kidnap the defender",
                "take": "kidnap a card of the village"}
BATTLE_STEPS = {"attack": "1. Attacker", "defend": "2. Defender",
                "no_defender": "2. Defender", "reveal": "3. Reveal", "destroy": "4. Result",
                "reward": "4. Reward", "paid": "5. Regroup"}
STAND_IN_NOTE = ("<div class=\"vg-note vg-vl-setup-note\"><b>Stand-in deck.</b> The real unit "
                 "list of Villages is not public, so the cards are this project's own design "
                 "(by the rulebook's deckbuilding rules); every card's hover text says so. "
                 "Load a deck file of your own under <i>Deck</i> below the log (and, with "
                 "Location cards, a location file under <i>Locations</i>). The "
                 "<i>Variant</i> menu adds the expansions the rulebook describes (Location "
                 "cards; Dark and Light cards; dual-colour cards): their cards are not public "
                 "either, so they too are stand-in designs.</div>")


class VillagesLabels:
    """Readable picker rows for one seat's observation."""

    def __init__(self, obs: VillagesObservation, cards: CardSet) -> None:
        self.obs = obs
        self.cards = cards

    def kind_title(self, kind: str) -> str:
        if kind == "Give":
            limit = gifts_per_turn(location_of(self.obs))
            return f"{KIND_TITLES[kind]} ({self.obs['given']} of {limit} given)"
        return KIND_TITLES.get(kind, kind).format(size=self.obs["village_size"])

    def field_title(self, action_type: str, field: str) -> str:
        return FIELD_TITLES.get((action_type, field), field)

    def pick_hint(self, kind: str) -> str:
        if kind == "Attack":
            return ("Pick your unit, where it comes from, the player and their village (or "
                    "click them on the table), then Confirm.")
        return "Pick one in each row, then confirm."

    def value_label(self, action_type: str, field: str, value: Any) -> str:
        obs = self.obs
        if action_type == "Draw":
            if value == "deck":
                return f"the deck ({obs['deck_size']} left)"
            return f"the discard pile: {obs['discard'][-1]}" if obs["discard"] else "discard"
        if field == "seat":
            return obs["players"][value]["name"]
        if field == "source":
            return "hired from your hand" if value == "hand" else f"your {value} village"
        if field == "village":
            return f"{value} village"
        if field == "choice":
            return REWARD_WORDS.get(value, str(value))
        if isinstance(value, str) and value in self.cards:
            c = self.cards[value]
            if c.is_unit:
                return f"{value} ⚔{c.power} {c.gold}●"
            return f"{value} {c.gold}●"
        return str(value)

    def value_classes(self, action_type: str, field: str, value: Any) -> list[str]:
        if isinstance(value, str) and value in self.cards and field != "source":
            return ["vg-pick-card", "vg-vl-pick-" + self.cards.colour_of[value].lower()]
        return []

    def value_tooltip(self, action_type: str, field: str, value: Any) -> str:
        if isinstance(value, str) and value in self.cards and field != "source":
            return card_tip(value, self.cards)
        return ""


def battle_recap(log: Sequence[Event], viewer: int | None) -> list[RecapRow]:
    """The last battle in the log as the viewer may read it: one row per step event."""
    start = None
    for k in range(len(log) - 1, -1, -1):
        if log[k].kind == "attack":
            start = k
            break
        if log[k].kind == "round":
            return []  # no battle yet this round
    if start is None:
        return []
    rows: list[RecapRow] = []
    for e in log[start:]:
        step = BATTLE_STEPS.get(e.kind)
        if step is None:
            if e.kind in ("next", "empty"):
                continue
            break
        rows.append({"step": step, "text": e.text_for(viewer)})
    return rows


def odds_rows(game: villages.Game, seat: int) -> list[AttackRow]:
    """Every attack `seat` may make, best first, as rows for the table."""
    names = [game.player_name(i) for i in range(game.num_players)]
    rows: list[AttackRow] = []
    for o in attack_table(game, seat):
        a = o.attack
        rows.append({"seat": a.seat, "village": a.village, "unit": a.unit,
                     "target": f"{names[a.seat]}'s {a.village}",
                     "from": "hand (hired)" if a.source == "hand" else f"{a.source} village",
                     "value": float(o.chance), "pct": f"{float(o.chance):.0%}",
                     "why": o.describe()})
    rows.sort(key=lambda r: (-r["value"], r["target"], r["unit"]))
    return rows


class VillagesAdapter(SearchCoach[VillagesObservation]):
    """What the generic table app needs to know about Villages."""

    info = villages.INFO
    title = "Villages"
    default_players = 3
    default_names = NAMES
    step_label = "Step by step (battles in five steps)"
    replay_notebook = "villages_replay.ipynb"
    data_files = (LOCATION_FILE,)

    def __init__(self, bots: BotSettings | None = None, target: int = TARGET) -> None:
        self.game: villages.Game | None = None  # the game on the table (odds, battle recap)
        self.bots = bots or BotSettings(BOT_KINDS, "heuristic")
        self.target = check_target(target)  # for the next new game
        self.on_target: Any = None  # called with a loaded game's target (the drop-down)

    def use_settings(self, settings: dict[str, str]) -> None:
        """A stored table's settings (its bot kind and strength, as the link names them)."""
        self.bots.use_settings(settings)

    def share_params(self) -> dict[str, str]:
        """What the table's share link adds: the bot kind and the game's target, when not
        the defaults."""
        extra = self.bots.share_params()
        target = self.game.target if self.game is not None else self.target
        if target != TARGET:
            extra["target"] = str(target)
        return extra

    def variants(self, players: int) -> list[Variant]:
        return list(VARIANTS)

    def new_game(self, players: int, seed: int, names: list[str],
                 deck: DeckSpec = None, locations: LocationSpec = False,
                 dark_light: bool = False, dual: bool = False) -> villages.Game:
        self.game = villages.new_game(players=players, seed=seed, names=names, deck=deck,
                                      target=self.target, locations=locations,
                                      dark_light=dark_light, dual=dual)
        return self.game

    def load_deck(self, name: str, text: str) -> CardSet:
        """A user's deck file (the cards.toml format), checked by the rulebook's
        deckbuilding rules; CardDataError names the file, the card and the rule."""
        return deck_from_text(text, name)

    def from_dict(self, state: dict[str, Any]) -> villages.Game:
        game = villages.Game.from_dict(state)
        self.game, self.target = game, game.target
        if self.on_target is not None:
            self.on_target(game.target)
        return game

    def render(self, obs: VillagesObservation, cards: CardSet,
               highlight: list[int] | None = None) -> str:
        g = self.game
        me = obs.get("viewer")
        odds: list[AttackRow] = []
        recap: list[RecapRow] = []
        states: dict[str, str] = {}
        # a step of a move in progress (highlight given) shows only what that step showed
        if g is not None and highlight is None and g.cards is cards:  # (live)
            if isinstance(me, int) and obs["phase"] == "main" and not obs["acted"] \
                    and me in obs["to_act"]:
                odds = odds_rows(g, me)
            if obs.get("battle") is None:
                recap = battle_recap(g.log, me)
            if isinstance(me, int):  # why a hand card cannot be played now (screen reader)
                states = hand_notes(g, me)
        return render_table(obs, cards, highlight=highlight, odds=odds, recap=recap,
                            hand_states=states)

    def labels(self, obs: VillagesObservation, cards: CardSet) -> VillagesLabels:
        return VillagesLabels(obs, cards)

    def make_bot(self, seat: int, seed: int) -> Agent:
        return self.bots.make(seed)

    def prompt(self, obs: VillagesObservation, actions: Sequence[Action]) -> str:
        me = obs["viewer"]
        assert me is not None  # (a seat's own view: it is asked to choose)
        name = _e(obs["players"][me]["name"])
        phase = obs["phase"]
        kinds = {type(a).__name__ for a in actions}
        if phase == "draw":
            top = f" (its top card is the {_e(obs['discard'][-1])})" if obs["discard"] else ""
            text = (f"draw {words.count(obs['draws_left'], 'more card')}"
                    f": click the deck or the discard pile{top}.")
        elif phase == "defend":
            b = obs["battle"]
            assert b is not None  # (a battle is on)
            who = obs["players"][b["attacker"]]["name"]
            unit = f"the {_e(b['unit'])}" if b["unit"] else "a face-down hired unit"
            text = (f"{_e(who)} attacks your {_e(b['village'])} village with {unit}. Choose a "
                    "defender: a unit of that village, a unit hired from your hand, or an "
                    "Archer from another village.")
        elif phase == "reward":
            text = "you won the battle: choose your reward."
        elif "EndTurn" in kinds and "Discard" not in kinds and "Attack" not in kinds:
            text = ("your action is done: add cards to your villages or give some away, then "
                    "End my turn.")
        else:
            gifts = gifts_per_turn(location_of(obs))
            text = (f"build a village ({obs['village_size']} units of a colour), add cards, "
                    f"give up to {gifts} "
                    "away, then "
                    "take one action: discard a card or attack. Your chance of winning each "
                    "attack is shown on the table. To attack by clicking: your unit, where it "
                    "comes from, the player's name, their village, then Confirm.")
        return (f'<div class="vg-prompt-line"><span class="vg-turn-badge">Your turn</span> '
                f"<b>{name}</b>, {text} <span class=\"vg-note\">Click a card on the table "
                "or a button below.</span></div>")


def add_target_choice(app: TableApp, adapter: VillagesAdapter) -> w.Dropdown:
    """A drop-down beside New game: the running total that ends the game, from the next
    new game on (the game on the table keeps its own; a loaded game shows its own)."""
    box = w.Dropdown(options=target_options(adapter.target), value=adapter.target,
                     layout=w.Layout(width="230px"))
    box.add_class("vg-vl-target")
    box.tooltip = "Takes effect with New game"

    def changed(change: dict[str, Any]) -> None:
        adapter.target = check_target(change["new"])

    def shown(target: int) -> None:
        box.options = target_options(target)
        box.value = target

    box.observe(guarded(app.banner)(changed), names="value")
    adapter.on_target = shown
    app.setup.add_to_first_row(box)
    return box


def target_options(target: int) -> list[tuple[str, int]]:
    """The drop-down's totals, with `target` among them (a link may ask for another)."""
    return [(target_label(t), t) for t in sorted({*TARGETS, target}, reverse=True)]


def parse_target(raw: str, notices: list[str]) -> int:
    """A link's `target`: a whole number in the engine's range; else a notice and 100."""
    lo, hi = TARGET_RANGE
    text = raw.strip()
    if not text:
        return TARGET
    if text.isascii() and text.isdigit() and len(text) <= 5 and lo <= int(text) <= hi:
        return int(text)
    notices.append(f"target must be a whole number of gold from {lo} to {hi}; got "
                   f"{text[:40]!r}, so the game is played to {TARGET}.")
    return TARGET


def make_app(query: dict[str, str] | None = None, step_by_step: bool = False) -> TableApp:
    """The app object itself, set up from `query` (tests drive it through its buttons);
    `app.bot_box` is the bot drop-down, `app.target_box` the "Play to" one."""
    params = query or {}
    notices: list[str] = []
    bots = parse_bots(params, BOT_KINDS, notices, "the bots build and weigh attacks")
    adapter = VillagesAdapter(bots, parse_target(params.get("target", ""), notices))
    setup, errors = parse_setup(params, adapter)
    notices += unknown_settings(params, adapter, *LINK_KEYS)
    app = TableApp(adapter, setup, [*errors, *notices], step_by_step=step_by_step)
    app.link_keys = LINK_KEYS
    app.target_box = add_target_choice(app, adapter)
    app.bot_box = add_bot_choice(app, adapter.bots, "vg-vl-bots")
    note = w.HTML(STAND_IN_NOTE)
    note.add_class("vg-vl-setup-standin")
    app.setup.add_row(note, last=True)
    return app


def play_app(query: dict[str, str] | None = None, step_by_step: bool = False) -> w.Widget:
    """The Villages table, set up from the page's query string (or `query`)."""
    return add_nav(open_page(make_app, query, step_by_step).widget, NOTEBOOK)
