"""Play Villagers: the generic table app with the Villagers adapter.

    from widgets.villagers.adapter import play_app
    play_app()          # reads ?players=3&seats=human,bot,bot&seed=7 from the page

Drafting is final (each draft waits for Confirm); builds can be undone until the builder
ends the turn, which the engine marks final (as it does reveals and draws). Bots are the
heuristic bot, random play or the search bot at a strength (drop-downs under the setup
row, or `bots=search&strength=300` in the link); "Coach" shows what the search bot thinks
of your move (widgets/table/search_coach.py).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

import ipywidgets as w

from village_games import villagers
from village_games.bots import RandomBot, VillagersBot
from village_games.core import Action, Agent
from village_games.villagers import (
    CardSet,
    DeckSpec,
    EventSpec,
    deck_from_text,
    events_from_text,
)
from village_games.villagers.actions import CODEC
from village_games.villagers.expansions import EXPANSIONS, PLAYERS, TITLES
from village_games.villagers.solo.views import mode_summary
from village_games.villagers.table_notes import hand_notes, hand_states, unseen_by_suit
from village_games.villagers.views import BuildView, SlotView, VillagersObservation

from ..kit.apps import add_nav
from ..kit.markup import esc as _e
from ..table.adapter import DataFile, Flag, Variant
from ..table.bot_choice import (
    BOT_KEYS,
    BotSettings,
    add_bot_choice,
    kinds_with_search,
    open_play_page,
    parse_bots,
)
from ..table.search_coach import SearchCoach
from ..table.setup import parse_setup, unknown_settings
from ..table.view import TableApp
from .card_face import card_tip
from .render import HER_VILLAGER_EFFECTS, render_table
from .table_view import MarketScores, table_of

NAMES = ("Ana", "Ben", "Cy", "Dee", "Eli")
NOTEBOOK = "villagers_play.ipynb"
LINK_KEYS = BOT_KEYS  # what a link may set besides the setup and the table
BOT_KINDS = kinds_with_search({
    "heuristic": ("Bots draft and build chains", VillagersBot),
    "random": ("Bots play at random", RandomBot),
})
BOTS_FALLBACK = "the bots draft and build chains"
# one player: solo against the Countess (the rulebook's three modes; normal first)
SOLO_VARIANTS = (
    Variant("normal", "Solo against the Countess", {"solo_mode": "normal"}),
    Variant("beginner", f"Solo, Beginner mode ({mode_summary('beginner')})",
            {"solo_mode": "beginner"}),
    Variant("hard", f"Solo, Hard mode ({mode_summary('hard')})", {"solo_mode": "hard"}),
)
DRAFT_KINDS = {"DraftRoad", "DraftStack", "DraftReserve"}
# fields that follow a move's first pick on the table (not lit before it)
FOLLOWING_FIELDS = {"on", "unlock", "target", "food_side"}
FOLLOWING_PAIRS = {("TakeBasic", "stack"), ("TakeBasic", "card")}
# the solo mode's event cards: the rulebook's own, or a file of the user's in that format
EVENT_FILE = DataFile(
    "events", "Solo events", "the rulebook's events", upload="Use my event file",
    reset="Use the rulebook's events", load=lambda name, text: events_from_text(text, name),
    applies=lambda players, _options: players == 1, when="a solo game (1 player)")

KIND_TITLES = {
    "DraftRoad": "Draft face up from the Road", "DraftStack": "Draft the top of a stack",
    "DraftReserve": "Draft from the Reserve", "PlaceCoin": "Put a Gold coin on the Road",
    "Build": "Build a villager", "PlaceMonk": "Place the Monk",
    "UseApprentice": "Use the Apprentice", "PlayTinner": "Play the Tinner",
    "PlaySmuggler": "Play the Smuggler", "TakeBasic": "Return a card for a Basic Villager",
    "EndTurn": "End my turn", "AgentReads": "Agent reads coins",
    # the Kickstarter expansions
    "Recruit": "Pay the Recruiter {gold} Gold: draft twice this turn",
    "PlayBenefactor": "Play the Benefactor: build now", "PlayProphet": "Play the Prophet",
    "PlayBarbarian": "Play the Barbarian: clear the Road", "PlayFlaker": "Play the Flaker",
    "PlayCourier": "Play the Courier: take a Road villager into your hand",
    "LetDraftGoOn": "Keep the Courier: let the draft go on",
    "PlayPigeoneer": "Play the Pigeoneer", "PlayNoble": "Play the Noble",
    "PlaySchemer": "Play the Schemer", "PlaySheriff": "Play the Sheriff",
    "ThiefSteals": "My Thief steals {gold} Gold", "PayFreelancer": "Pay a Freelancer {gold} Gold",
    "PickBronze": "Score this Bronze symbol instead", "TakeCard": "Take this card",
    "RewardDraw": "Church: take a face-down card", "RewardBasic": "Tavern: take a Basic",
    # the solo mode against the Countess
    "GiveCountess": "Give the Countess a Road villager", "ResolveEvent": "Resolve an event",
    "PlayJester": "Play the Jester (once): discard an event", "PickVillager": "Event: choose",
    "PickHandCard": "Event: discard from your hand",
    "Conscript": "Conscription: the Countess takes the top of", "PayToll": "Phase event",
}
FIELD_TITLES = {
    ("DraftRoad", "slot"): "Road card", ("DraftStack", "stack"): "Stack",
    ("PlaceCoin", "slot"): "Road card", ("Build", "card"): "Card from your hand",
    ("Build", "on"): "Place on", ("Build", "unlock"): "Padlock",
    ("PlaceMonk", "role"): "The Monk stands in for", ("PlaceMonk", "on"): "Place on",
    ("UseApprentice", "seat"): "Whose village", ("UseApprentice", "slot"): "Covered villager",
    ("UseApprentice", "on"): "Place it on", ("UseApprentice", "unlock"): "Padlock",
    ("UseApprentice", "food_side"): "Founders' Food side",
    ("PlaySmuggler", "target"): "Earn from", ("PlaySmuggler", "unlock"): "Padlock",
    ("TakeBasic", "basic"): "Basic Villager", ("TakeBasic", "card"): "Card to return",
    ("TakeBasic", "stack"): "Return it to", ("AgentReads", "slot"): "Villager with coins",
    ("PlayBenefactor", "card"): "Card from your hand", ("PlayBenefactor", "on"): "Place on",
    ("PlayBenefactor", "unlock"): "Padlock", ("PlayProphet", "stack"): "Search stack",
    ("PlayCourier", "slot"): "Road card",
    ("PlayFlaker", "seat"): "Whose Village Square", ("PlayFlaker", "card"): "Villager",
    ("PlayNoble", "seat"): "Whose hand", ("PlaySchemer", "seat"): "Whose village",
    ("PlaySchemer", "slot"): "Top villager", ("PlaySheriff", "seat"): "Whose Thief",
    ("PlaySheriff", "slot"): "Thief", ("ThiefSteals", "slot"): "Thief",
    ("ThiefSteals", "victim"): "Steal from", ("PayFreelancer", "seat"): "Whose Freelancer",
    ("PayFreelancer", "slot"): "Freelancer", ("PickBronze", "slot"): "Bronze villager",
    ("TakeCard", "card"): "Card", ("RewardDraw", "stack"): "From",
    ("RewardBasic", "basic"): "Basic Villager",
    ("GiveCountess", "slot"): "Road card for her", ("ResolveEvent", "event"): "Event",
    ("PlayJester", "event"): "Discard", ("PickVillager", "slot"): "Villager",
    ("PickHandCard", "card"): "Card", ("Conscript", "stack"): "Pile",
    ("PayToll", "pay"): "Choice",
}


class VillagersLabels:
    """Readable rows for the mixed-action picker, from one seat's observation."""

    def __init__(self, obs: VillagersObservation, cards: CardSet) -> None:
        self.obs = obs
        self.cards = cards
        me = obs.get("viewer")
        self.village = obs["players"][me]["village"] if me is not None else []

    def kind_title(self, kind: str) -> str:
        """The kind's title; the gold a move costs or takes is the action's own number."""
        title = KIND_TITLES.get(kind, kind)
        return title.format(gold=getattr(CODEC.kind(kind), "gold", "?")) if "{" in title \
            else title

    def field_title(self, action_type: str, field: str) -> str:
        return FIELD_TITLES.get((action_type, field), field)

    def opens_pick(self, kind: str, field: str) -> bool:
        """A move starts on the table with its card (or a Basic, a Road card, a stack, an
        event); where it goes and how a padlock is paid light up only after that."""
        return field not in FOLLOWING_FIELDS and (kind, field) not in FOLLOWING_PAIRS

    def next_hint(self, kind: str, picks: dict[str, Any], ready: Any, field: str | None,
                  options: list[Any]) -> str | None:
        """What to click next on the table, in words, once a move is under way."""
        if ready is not None:
            return (f"Ready: {self.describe(ready)}. Press Confirm, or click a picked card "
                    "again to take it back.")
        if field is None:
            return None
        card = picks.get("card") or self.played(kind)
        if field == "on":
            spot = " or the “+ new chain” spot" if None in options else ""
            return f"Now click where the {card or 'villager'} goes: a lit villager{spot}."
        if field == "unlock":
            ways = " or ".join(self.value_label(kind, field, v) for v in options)
            return (f"Now choose how to open the {card or 'villager'}'s padlock: click a lit "
                    f"spot ({ways}).")
        if field == "target":
            return "Now click the villager of yours the Smuggler earns from."
        if kind == "TakeBasic" and field == "card":
            return "Now click the card from your hand that goes back."
        if field == "stack":
            return "Now click the stack it goes to (lit), or the Reserve."
        if field == "basic":
            return "Now click the Basic Villager you want, in the supply beside the Road."
        if field == "event":
            who = "the Jester discards" if kind == "PlayJester" else "to resolve"
            return f"Now click the event {who}."
        if field == "card":
            return "Now click a card in your hand."
        return None

    @staticmethod
    def played(kind: str) -> str | None:
        """The card the engine says a kind plays (the Smuggler for PlaySmuggler)."""
        cls = CODEC.kind(kind)
        return getattr(cls, "played_card", None) if cls is not None else None

    def describe(self, action: Any) -> str:  # (any kind: its fields by its name)
        """A move in a sentence: a build says what goes where and how its padlock opens."""
        kind = type(action).__name__
        if kind in ("Build", "PlayBenefactor"):
            where = ("as a new chain" if action.on is None
                     else f"on the {self._slot(action.on)}")
            lock = ("" if action.unlock is None
                    else f", padlock: {self._unlock_label(action.unlock)}")
            return f"build the {action.card} {where}{lock}"
        fields = [f.name for f in dataclasses.fields(action)]
        parts = [self.value_label(kind, f, getattr(action, f)) for f in fields]
        title = KIND_TITLES.get(kind, kind)
        return f"{title}: {', '.join(parts)}" if parts else title

    def _slot(self, k: object, village: list[SlotView] | None = None) -> str:
        vil = self.village if village is None else village
        if not isinstance(k, int) or k >= len(vil):
            return str(k)
        return f"{vil[k]['card']} (#{k + 1})"

    def value_label(self, action_type: str, field: str, value: Any) -> str:
        obs = self.obs
        if action_type == "PayToll":
            return f"pay {toll_gold(obs)} Gold to the Bank" if value else "give up one action"
        if action_type == "PickVillager":
            solo = obs.get("solo")
            effect = solo["current"]["effect"] if solo and solo["current"] else None
            if solo and effect in HER_VILLAGER_EFFECTS:  # a villager of hers
                return self._slot(value, obs["players"][solo["countess_seat"]]["village"])
            return self._slot(value)
        if field == "slot" and action_type in ("DraftRoad", "PlaceCoin", "GiveCountess",
                                               "PlayCourier"):
            if value is None:
                return "no coin"
            road = obs["road"][value]
            coins = f" +{road['coins']}●" if road and road["coins"] else ""
            return f"{road['card']}{coins}" if road else f"slot {value + 1}"
        if field == "stack":
            if value is None:
                return "Reserve / discard"
            st = obs["stacks"][value]
            return f"stack {value + 1} ({st['top_suit'] or 'empty'}, {st['size']})"
        if field in ("on",):
            return "new chain" if value is None else self._slot(value)
        if field in ("target",) or (action_type in ("AgentReads", "ThiefSteals", "PickBronze")
                                    and field == "slot"):
            return self._slot(value)
        if action_type in ("PlaySchemer", "PlaySheriff", "PayFreelancer") and field == "slot":
            return self._slot(value, obs["players"][self._seat_of(action_type)]["village"])
        if field == "victim":
            return obs["players"][value]["name"]
        if action_type == "UseApprentice" and field == "slot":
            return str(value + 1)
        if field == "seat":
            self._last_seat = value  # (the slot that follows belongs to this village)
            return obs["players"][value]["name"]
        if field == "unlock":
            return self._unlock_label(value)
        if field == "food_side":
            return "yes" if value else "no"
        return str(value)

    def _seat_of(self, action_type: str) -> int:
        return getattr(self, "_last_seat", self.obs.get("viewer") or 0)

    def _unlock_label(self, value: str | None) -> str:
        if value is None:
            return "no padlock"
        if value == "tinner":
            return "free (Tinner)"
        cost = self.obs["unlock_cost"]  # the engine's prices (a solo event may raise one)
        if value == "bank":
            return f"pay {cost['bank']} Gold to the Bank"
        seat, _, slot = value.partition(":")
        if not seat.isdigit() or not slot.isdigit():
            return value
        p = self.obs["players"][int(seat)]
        card = p["village"][int(slot)]["card"]
        if int(seat) == self.obs.get("viewer"):
            return f"own {card}: the Bank puts {cost['villager']} Gold on it"
        return f"pay {p['name']} {cost['villager']} Gold ({card})"

    def value_classes(self, action_type: str, field: str, value: Any) -> list[str]:
        if field in ("card", "basic", "role"):
            return ["vg-pick-card"]
        return []

    def value_tooltip(self, action_type: str, field: str, value: Any) -> str:
        if field in ("card", "basic", "role") and isinstance(value, str):
            return card_tip(value, self.cards)
        return ""


def toll_gold(obs: VillagersObservation) -> int | str:
    """What the phase event being met asks (its card's Gold, from the observation)."""
    solo = obs.get("solo")
    current = solo["current"] if solo else None
    return current["gold"] if current else "?"


def market_scores(game: villagers.Game, viewer: int | None) -> list[MarketScores]:
    """The Market breakdowns the engine reported so far, as rows per villager."""
    out: list[MarketScores] = []
    for ev in game.log:
        if ev.kind != "market":
            continue
        d = ev.data
        name = game.players[d["seat"]].name
        if not out or out[-1]["market"] != d["market"]:
            out.append({"market": d["market"], "rows": [],
                        "title": f"{'First' if d['market'] == 1 else 'Second'} Market"})
        rows = out[-1]["rows"]
        for r in d["breakdown"]:
            parts = [f"{r['gold']} printed"] if r["gold"] else []
            if r.get("silver"):
                parts.append(f"{r['silver']} silver")
            if r["coins"]:
                parts.append(f"{r['coins']} coins")
            rows.append({"player": name, "what": f"{r['card']}: " + " + ".join(parts),
                         "gold": r["gold"] + r.get("silver", 0) + r["coins"]})
        rows.append({"player": name, "what": "total", "gold": d["earned"], "total": True})
    return out


class VillagersAdapter(SearchCoach[VillagersObservation]):
    """What the generic table app needs to know about Villagers."""

    info = villagers.INFO
    title = "Villagers"
    default_players = 3
    default_names = NAMES
    step_label = "Step through each event"
    replay_notebook = "villagers_replay.ipynb"

    # the Kickstarter expansions, as checkboxes (the engine says which player counts each allows)
    flags = tuple(Flag(key, TITLES[key], *PLAYERS[key]) for key in EXPANSIONS)
    flags_option = "expansions"
    data_files = (EVENT_FILE,)

    def __init__(self, bots: BotSettings | None = None) -> None:
        self.game: villagers.Game | None = None  # the game on the table (the engine's notes)
        self.bots = bots or BotSettings(BOT_KINDS, "heuristic")

    def variants(self, players: int) -> list[Variant]:
        """One player plays solo against the Countess, in one of the rulebook's modes."""
        return list(SOLO_VARIANTS) if players == 1 else []

    def new_game(self, players: int, seed: int, names: list[str],
                 deck: DeckSpec = None, expansions: Sequence[str] = (),
                 solo_mode: str | None = None, events: EventSpec = None) -> villagers.Game:
        self.game = villagers.new_game(players=players, seed=seed, names=names, deck=deck,
                                       expansions=list(expansions), solo_mode=solo_mode,
                                       events=events)
        return self.game

    def load_deck(self, name: str, text: str) -> CardSet:
        return deck_from_text(text, name)

    def from_dict(self, state: dict[str, Any]) -> villagers.Game:
        self.game = villagers.Game.from_dict(state)
        return self.game

    def render(self, obs: VillagersObservation, cards: CardSet,
               highlight: list[int] | None = None) -> str:
        view = table_of(obs.copy())  # (the table's own parts go into a copy)
        view["unseen"] = unseen_by_suit(obs, cards)
        g = self.game
        me = obs.get("viewer")
        if g is not None and g.cards is cards:
            view["market_scores"] = market_scores(g, me)
            build = obs["build"]
            if isinstance(me, int) and build is not None and build["seat"] == me:
                view["hand_notes"] = hand_notes(g, me)
            if isinstance(me, int) and highlight is None:  # live: said to a screen reader
                view["hand_states"] = hand_states(g, me)
        return render_table(view, cards, highlight=highlight)

    def labels(self, obs: VillagersObservation, cards: CardSet) -> VillagersLabels:
        return VillagersLabels(obs, cards)

    def make_bot(self, seat: int, seed: int) -> Agent:
        return self.bots.make(seed)

    def use_settings(self, settings: dict[str, str]) -> None:
        """A stored table's settings (its bot kind and strength, as the link names them)."""
        self.bots.use_settings(settings)

    def share_params(self) -> dict[str, str]:
        """What the table's share link adds: the bot kind and strength, when not the
        defaults."""
        return self.bots.share_params()

    def prompt(self, obs: VillagersObservation, actions: Sequence[Action]) -> str:
        me = obs["viewer"]
        assert me is not None  # (a seat's own view: it is asked to choose)
        p = obs["players"][me]
        name = _e(p["name"])
        kinds = {type(a).__name__ for a in actions}
        if kinds & DRAFT_KINDS:
            text = (f"draft a villager ({len(p['square']) + 1} of {p['draft_limit']}): a "
                    "Road card with its coins, or the top of a stack: click it, then Confirm (a "
                    "draft is final).")
        elif "LetDraftGoOn" in kinds:
            courier = obs["expansions"]["courier"]
            assert courier is not None  # (shown to its holder, who is asked)
            before = obs["players"][courier["before"]]["name"]
            text = (f"{_e(before)}'s draft turn is about to begin. Play your Courier to take a "
                    "Road villager (and its coins) straight into your hand, or keep it.")
        elif "GiveCountess" in kinds:
            text = ("click the face-up Road villager the Countess gets (she places it on its "
                    "own), then Confirm; the Road is refilled after.")
        elif "PayToll" in kinds:
            text = (f"a phase event is in force: pay {toll_gold(obs)} Gold to the Bank or give "
                    "up one action.")
        elif "ResolveEvent" in kinds:
            text = ("the Event Phase: click a face-up event to resolve it, then Confirm; "
                    "resolve them in any order. To discard one that has not begun, click the "
                    "Jester first, then the event.")
        elif kinds == {"PlayJester"}:
            text = "click the Jester, then the event he discards, then Confirm."
        elif kinds & {"PickVillager", "PickHandCard", "Conscript"}:
            solo = obs.get("solo")
            current = solo["current"] if solo else None
            event = current["name"] if current else "the event"
            text = f"{_e(event)}: make the choice it asks for."
        elif "PlaceCoin" in kinds:
            text = ("click the Road card that gets a Gold coin from the Bank (or choose none "
                    "below), then Confirm.")
        elif "AgentReads" in kinds:
            text = "your Agent reads the coins on one of your villagers: pick one."
        elif "TakeCard" in kinds:
            text = "choose the card to take from the ones you are looking at."
        elif kinds & {"RewardDraw", "RewardBasic"}:
            text = "take your Development reward."
        else:
            b: BuildView | dict[str, int] = obs.get("build") or {}
            text = (f"build ({b.get('used', 0)} of {b.get('limit', 0)} used): click a card "
                    "in your hand, then the villager it goes on (or “+ new chain”); the line "
                    "under this one says what comes next, and Confirm builds. Builds can be "
                    "undone until you end your turn.")
        return (f'<div class="vg-prompt-line"><span class="vg-turn-badge">Your turn</span> '
                f"<b>{name}</b>, {text} <span class=\"vg-note\">Click a card on the table "
                "or a button below.</span></div>")


def play_app(query: dict[str, str] | None = None, step_by_step: bool = False) -> w.Widget:
    """The Villagers table, set up from the page's query string (or `query`), kept on
    the server."""
    return add_nav(open_play_page(make_app, query, step_by_step).widget, NOTEBOOK)


def make_app(query: dict[str, str] | None = None, step_by_step: bool = False) -> TableApp:
    """The app object itself (tests drive it through its buttons); `app.bot_box` is the
    bot drop-down."""
    params = query or {}
    notices: list[str] = []
    adapter = VillagersAdapter(parse_bots(params, BOT_KINDS, notices, BOTS_FALLBACK))
    setup, errors = parse_setup(params, adapter)
    notices += unknown_settings(params, adapter, *LINK_KEYS)
    app = TableApp(adapter, setup, [*errors, *notices], step_by_step=step_by_step)
    app.link_keys = LINK_KEYS
    app.bot_box = add_bot_choice(app, adapter.bots, "vg-vg-bots")
    return app
