"""Play Villagers & Villains: the generic table app with the Villagers & Villains adapter.

    from widgets.villagers_and_villains.adapter import play_app
    play_app()   # reads ?players=3&seats=human,bot,bot&seed=7&variant=advanced&bots=random

The basic or advanced game and the official Pony Express and Ordinance variants are the
table's variants (one drop-down). Bots are the heuristic bot that weighs the dice, random
play, or the search bot at a strength (drop-downs under the setup row, or `bots=` and
`strength=` in the link; widgets/table/bot_choice.py). The live odds (each
pool card's recruit chance with your gold, each challenge's DEFENSE chances, and what a
bought roll, the Favor or the Angry Mob would add) come from the engine's `table_odds`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as w

from village_games import villagers_and_villains as vv
from village_games.bots import RandomBot, VillagersAndVillainsBot
from village_games.core import Action, Agent, Event, words
from village_games.villagers_and_villains import CardSet, DeckSpec, deck_from_text
from village_games.villagers_and_villains.abilities import PHASE_TITLES
from village_games.villagers_and_villains.table_notes import hand_notes
from village_games.villagers_and_villains.table_odds import (
    ability_odds,
    announced_odds,
    defense_odds_seen,
    pool_odds_seen,
)
from village_games.villagers_and_villains.views import VVObservation

from ..kit.apps import add_nav
from ..kit.markup import esc as _e
from ..table.adapter import Variant
from ..table.bot_choice import BOT_KEYS, BotSettings, add_bot_choice, kinds_with_search, parse_bots
from ..table.page import open_page
from ..table.search_coach import SearchCoach
from ..table.setup import parse_setup, unknown_settings
from ..table.view import TableApp
from .render import card_tip, pct, render_table
from .table_view import Die, VVTable, table_of

NAMES = ("Ana", "Ben", "Cy", "Dee", "Eli")
NOTEBOOK = "villagers_and_villains_play.ipynb"
LINK_KEYS = BOT_KEYS  # what a link may set besides the setup and the table
MAX_DICE_GROUPS = 4  # rolling moments shown under "Latest rolls"

BOT_KINDS = kinds_with_search({
    "heuristic": ("Bots weigh the odds", VillagersAndVillainsBot),
    "random": ("Bots play at random", RandomBot),
})

ADVANCED_NOTE = "abilities, King's Favor, pairs"
VARIANTS: tuple[Variant, ...] = tuple(
    Variant(
        "-".join(["advanced" if adv else "basic"] + (["pony"] if pony else [])
                 + (["ordinance"] if ordn else [])),
        ("Advanced game" if adv else "Basic game")
        + (" + Pony Express" if pony else "") + (" + Ordinance" if ordn else "")
        + (f" ({ADVANCED_NOTE})" if adv and not (pony or ordn) else ""),
        {"advanced": adv, **({"pony_express": True} if pony else {}),
         **({"ordinance": True} if ordn else {})})
    for pony, ordn in ((False, False), (True, False), (False, True), (True, True))
    for adv in (False, True))

KIND_TITLES = {
    "KeepFavor": "Keep the King's Favor for later",
    "MoveStart": "Spend the Favor: give the Start Marker to",
    "Recruit": "Announce a pool card (your chance with no extra roll)",
    "Ordinance": "Ordinance (once a game): shuffle a pool card back, deal a new one",
    "BuyRoll": "Buy an extra roll ({price} gold)",
    "BuyRollFrom": "Pony Express: buy a roll from a mayor still to recruit",
    "SellRoll": "Sell my coming recruit roll for {price} gold (it will count as a 1)",
    "KeepRoll": "Keep my recruit roll",
    "Roll": "Roll",
    "Attack": "Defend: a challenge in your town, and who attacks it",
    "DeclareMob": "Send the Angry Mob (+{mob}, then it leaves the game)",
    "UseFavor": "Spend the King's Favor",
    "UseAbility": "Use an ability of your town",
    "PayVend": "Pay another mayor's VEND ability",
    "AllowVend": "Allow it (they pay)",
    "RefuseVend": "Refuse",
    "Resolve": "Carry out next",
    "Build": "Build or hire from your hand",
    "Pass": "End my turn",
}
FIELD_TITLES = {
    ("MoveStart", "seat"): "New Start Marker holder",
    ("Recruit", "position"): "Pool position",
    ("Ordinance", "position"): "Pool card to replace",
    ("BuyRollFrom", "seat"): "Buy from",
    ("Attack", "challenge"): "Challenge",
    ("Attack", "hero"): "Attacker",
    ("UseAbility", "card"): "Card",
    ("PayVend", "seat"): "Whose town",
    ("PayVend", "card"): "Card",
    ("Resolve", "ruling"): "Ruling",
    ("Build", "card"): "Card (price)",
}
PASS_TITLES = {"defend": "Stop defending", "build": "Build nothing more: end my turn",
               "recruit": "Pass", "pillage": "End my turn", "earning": "End my turn"}
# (the numbers in braces are the engine's, from the observation's "numbers")
FAVOR_TITLES = {"recruit": "Spend the King's Favor: +{bonus} on the first die of this "
                           "recruit (extra rolls go without it)",
                "defend": "Spend the King's Favor: +{bonus} on this DEFENSE roll",
                "pillage": "Spend the King's Favor: no Pillage Loss from your challenges "
                           "this turn",
                "earning": "Spend the King's Favor: {bonus} more gold from the bank"}


class VVLabels:
    """Readable buttons for the picker, with the odds each choice has, from one seat's
    observation (and the engine's `table_odds`)."""

    def __init__(self, obs: VVObservation, cards: CardSet) -> None:
        self.obs = obs
        self.cards = cards
        self.me = obs.get("viewer")
        self.adv = bool(obs.get("advanced"))
        me = self.me
        self.pool = {r["position"]: r for r in pool_odds_seen(obs, me, max_extra=0)} \
            if isinstance(me, int) else {}
        self.announced = announced_odds(obs, cards, me) if isinstance(me, int) else None
        n = obs["numbers"]  # the engine's costs and bonuses
        self.price, self.mob = n["extra_roll_price"], n["mob_bonus"]
        self.favor_bonus = n["favor_bonus"]
        self.gold_now = obs.get("turn_gold") or {"build": {}, "rulings": {}}

    def _name(self, seat: Any) -> str:
        players = self.obs["players"]
        return players[seat]["name"] if isinstance(seat, int) and seat < len(players) \
            else str(seat)

    def kind_title(self, kind: str) -> str:
        phase = self.obs["phase"]
        a = self.announced or {}
        if kind == "Pass":
            return PASS_TITLES.get(phase, "Pass")
        if kind == "UseFavor":
            base = FAVOR_TITLES.get(phase, "Spend the King's Favor").format(
                bonus=self.favor_bonus.get(phase, "?"))
            if "favor" in a:
                return f"{base}: {pct(a['now'])} → {pct(a['favor'])}"
            return base
        if kind == "BuyRoll" and "roll" in a:
            return f"Buy an extra roll ({self.price} gold): {pct(a['now'])} → {pct(a['roll'])}"
        if kind == "DeclareMob" and "mob" in a:
            return (f"Send the Angry Mob (+{self.mob}, then gone): {pct(a['now'])} → "
                    f"{pct(a['mob'])}")
        if kind == "Roll":
            t = self.obs.get("turn")
            chance = f": {pct(a['now'])} to succeed" if "now" in a else ""
            if phase == "recruit":
                rolls = t["rolls"] if t else 1
                return f"Roll {words.count(rolls, 'die', 'dice')}{chance}"
            return f"Roll the DEFENSE{chance}"
        return KIND_TITLES.get(kind, kind).format(price=self.price, mob=self.mob)

    def field_title(self, action_type: str, field: str) -> str:
        return FIELD_TITLES.get((action_type, field), field)

    def value_label(self, action_type: str, field: str, value: Any) -> str:
        obs = self.obs
        card = self.cards.cards
        if field == "position":
            pool = obs["pool"]
            name = pool[value - 1]["card"] if isinstance(value, int) and \
                1 <= value <= len(pool) else "?"
            if action_type == "Recruit" and value in self.pool:
                return f"{value}. {name} · {pct(self.pool[value]['chances'][0])}"
            return f"{value}. {name}"
        if field == "seat":
            return self._name(value)
        if field == "hero":
            if value is None:
                return "TOWN DEFENSE"
            c = card.get(value)
            return f"{value} +{c.defense}" if c is not None else str(value)
        if field == "challenge":
            c = card.get(value)
            return f"{value} (Defeat {c.defeat})" if c is not None else str(value)
        if action_type == "Build":
            price = self.gold_now["build"].get(value)  # the price now (a discount counts)
            return f"{value} ({price} gold)" if price is not None else str(value)
        if action_type == "PayVend" and field == "card":
            c = card.get(value)
            if c is not None and c.ability is not None:
                return f"{value} ({c.ability.vend} gold){self._ability_chance(value)}"
        if action_type == "UseAbility":
            c = card.get(value)
            if c is not None and c.ability is not None:
                cost = f", {c.ability.cost} gold" if c.ability.cost else ""
                return f"{value}{cost}{self._ability_chance(value)}"
        if action_type == "Resolve":
            return self._ruling(value)
        return str(value)

    def _ability_chance(self, card: str) -> str:
        """The announced roll's chance before and after the ability, as ": 50% → 67%" (the
        engine's `ability_odds`); "" for an ability that does not change it."""
        me = self.me
        odds = ability_odds(self.obs, self.cards, me, card) if isinstance(me, int) else None
        return f": {pct(odds['now'])} → {pct(odds['after'])}" if odds else ""

    def _ruling(self, ruling: str) -> str:
        gold = self.gold_now["rulings"].get(ruling)  # what carrying it out moves now
        name = {"pillage": "Pillage Loss", "earnings": "Earnings"}.get(ruling, ruling)
        return f"{name} ({gold} gold)" if gold is not None else name

    def value_classes(self, action_type: str, field: str, value: Any) -> list[str]:
        if field in ("card", "challenge") or (field == "hero" and value is not None):
            return ["vg-pick-card"]
        return []

    def value_tooltip(self, action_type: str, field: str, value: Any) -> str:
        if field in ("card", "challenge", "hero") and isinstance(value, str):
            return card_tip(value, self.cards, self.adv)
        if field == "position" and isinstance(value, int) and 1 <= value <= len(
                self.obs["pool"]):
            return card_tip(self.obs["pool"][value - 1]["card"], self.cards, self.adv)
        if action_type == "Resolve" and isinstance(value, str) and value in self.cards.cards:
            return card_tip(value, self.cards, self.adv)
        return ""


def with_odds(obs: VVObservation, cards: CardSet, seat: int | None = None) -> VVTable:
    """The observation plus the live odds of `seat` (default: the viewer), from the
    engine's `table_odds`: each pool card's recruit chance in the Recruit Phase, each
    challenge's DEFENSE chances in the Defend Phase. Only public facts and the seat's own
    gold go into them, so a spectator's table may show a mayor's odds."""
    view = table_of(obs.copy())
    me = obs.get("viewer") if seat is None else seat
    if isinstance(me, int):
        view["odds"] = {
            "seat": me,
            "pool": pool_odds_seen(obs, me) if obs["phase"] == "recruit" else [],
            "defense": defense_odds_seen(obs, cards, me) if obs["phase"] == "defend"
            else []}
    return view


def recent_dice(log: Sequence[Event], upto: int | None = None,
                groups: int = MAX_DICE_GROUPS) -> list[Die]:
    """The die events of the last `groups` rolling moments (same mayor, same purpose) in
    the first `upto` events of the log, oldest first."""
    events = log if upto is None else log[:upto]
    out: list[Die] = []
    seen = 0
    last: tuple[object, object] | None = None
    for e in reversed(events):
        if e.kind != "die":
            continue
        d = e.data
        key = (d["seat"], d["for"])
        if key != last:
            seen += 1
            if seen > groups:
                break
            last = key
        out.append({"seat": d["seat"], "die": d["die"], "for": d["for"]})
    out.reverse()
    return out


class VVAdapter(SearchCoach[VVObservation]):
    """What the generic table app needs to know about Villagers & Villains."""

    info = vv.INFO
    title = "Villagers & Villains"
    default_players = 3
    default_names = NAMES
    step_label = "Step through each event"
    replay_notebook = "villagers_and_villains_replay.ipynb"
    shows_dice = True  # the latest rolls come from the log of the game on the table

    def use_settings(self, settings: dict[str, str]) -> None:
        """A stored table's settings (its bot kind and strength, as the link names them)."""
        self.bots.use_settings(settings)

    def share_params(self) -> dict[str, str]:
        """What the table's share link adds: the bot kind and strength, when not the
        defaults."""
        return self.bots.share_params()

    def __init__(self, bots: BotSettings | None = None) -> None:
        self.game: vv.Game | None = None  # the game on the table (for its log of dice)
        self.app: TableApp | None = None  # set by make_app: which step is on show
        self.bots = bots or BotSettings(BOT_KINDS, "heuristic")

    def variants(self, players: int) -> list[Variant]:
        return list(VARIANTS)

    def new_game(self, players: int, seed: int, names: list[str], advanced: bool = False,
                 pony_express: bool = False, ordinance: bool = False,
                 deck: DeckSpec = None) -> vv.Game:
        self.game = vv.new_game(players=players, seed=seed, names=names, advanced=advanced,
                                pony_express=pony_express, ordinance=ordinance, deck=deck)
        return self.game

    def load_deck(self, name: str, text: str) -> CardSet:
        """A user's deck file (the cards.toml format); CardDataError names the problem."""
        return deck_from_text(text, name)

    def from_dict(self, state: dict[str, Any]) -> vv.Game:
        self.game = vv.Game.from_dict(state)
        return self.game

    def _log_upto(self) -> int | None:
        """While the app steps through a move, the log as far as the step on show."""
        s = self.app.session if self.app is not None else None
        if s is None or not s.steps.frames:
            return None
        return s.steps.log_start + s.steps.frames[s.steps.index].event_index + 1

    def render(self, obs: VVObservation, cards: CardSet,
               highlight: list[int] | None = None) -> str:
        view = with_odds(obs, cards)
        g = self.game
        if self.shows_dice and g is not None and g.cards is cards:
            names = [p["name"] for p in view["players"]]
            view["dice"] = [{**d, "name": names[d["seat"]]}
                            for d in recent_dice(g.log, self._log_upto())]
        me = obs.get("viewer")
        if g is not None and g.cards is cards and highlight is None and isinstance(me, int):
            view["hand_states"] = hand_notes(g, me)  # why a card cannot be played now
        return render_table(view, cards, highlight=highlight)

    def labels(self, obs: VVObservation, cards: CardSet) -> VVLabels:
        return VVLabels(obs, cards)

    def make_bot(self, seat: int, seed: int) -> Agent:
        return self.bots.make(seed)

    def prompt(self, obs: VVObservation, actions: Sequence[Action]) -> str:
        me = obs["viewer"]
        assert me is not None  # (a seat's own view: it is asked to choose)
        p = obs["players"][me]
        name = _e(p["name"])
        kinds = {type(a).__name__ for a in actions}
        phase = obs["phase"]
        t = obs.get("turn")
        step = t["step"] if t else None
        if "KeepFavor" in kinds:
            text = (f"the {PHASE_TITLES[phase]} Phase begins and you hold the King's Favor: "
                    "keep it, or spend it to hand the Start Marker to another mayor.")
        elif "AllowVend" in kinds:
            text = "another mayor asks to pay for your card's VEND ability: allow or refuse."
        elif "SellRoll" in kinds:
            text = (f"another mayor offers {obs['numbers']['extra_roll_price']} gold for your "
                    "coming recruit roll (sold, it counts as a 1): sell or keep it.")
        elif phase == "recruit" and step == "declare":
            text = (f"buy extra rolls ({obs['numbers']['extra_roll_price']} gold each) or add "
                    "bonuses before you roll; the chance beside each choice shows what it "
                    "adds. Then roll.")
        elif phase == "recruit":
            text = (f"announce the pool card you want ({p['gold']} gold for extra rolls). "
                    "Under each card: your chance with no extra roll, and with all your gold "
                    "spent on rolls. A miss takes card 1.")
        elif phase == "defend" and step == "declare":
            text = "add the Angry Mob or other bonuses before the roll if you like, then roll."
        elif phase == "defend":
            text = ("pick a challenge in your town and who attacks it: the TOWN DEFENSE or a "
                    "hero. The chances are printed under each challenge. Or stop defending.")
        elif phase == "build":
            text = f"build or hire one card from your hand ({p['gold']} gold), or build nothing."
        elif phase in ("pillage", "earning"):
            left = len(t["pending"] if t else ())
            if left > 1:
                text = (f"{left} things happen on your turn: choose which comes first, and "
                        "use abilities in between if you like.")
            elif left == 1:
                text = ("one thing is left to happen on your turn: resolve it, using an "
                        "ability first if you like.")
            else:
                text = "use an ability if you like, or end your turn."
        else:
            text = "your move."
        return (f'<div class="vg-prompt-line"><span class="vg-turn-badge">Your turn</span> '
                f"<b>{name}</b>, {text} <span class=\"vg-note\">Click a card on the table "
                "or a button below.</span></div>")


def make_app(query: dict[str, str] | None = None, step_by_step: bool = False) -> TableApp:
    """The app object itself, set up from `query` (tests drive it through its buttons);
    `app.bot_box` is the bot drop-down."""
    params = query or {}
    notices: list[str] = []
    adapter = VVAdapter(parse_bots(params, BOT_KINDS, notices, "the bots weigh the odds"))
    setup, errors = parse_setup(params, adapter)
    notices += unknown_settings(params, adapter, *LINK_KEYS)
    app = TableApp(adapter, setup, [*errors, *notices], step_by_step=step_by_step)
    app.link_keys = LINK_KEYS
    adapter.app = app
    app.bot_box = add_bot_choice(
        app, adapter.bots, "vg-vv-bots",
        "for every seat set to Bot: the heuristic weighs the dice and beats random play "
        "clearly; the search bot plays games out ahead")
    return app


def play_app(query: dict[str, str] | None = None, step_by_step: bool = False) -> w.Widget:
    """The Villagers & Villains table, set up from the page's query string (or `query`)."""
    return add_nav(open_page(make_app, query, step_by_step).widget, NOTEBOOK)

