"""Play Village Pillage: the generic table app with the Village Pillage adapter.

    from widgets.village_pillage.adapter import play_app
    play_app()          # reads ?players=3&seats=human,bot,bot&seed=7 from the page
                        # (and ?players=2&variant=long for the longer duel)

Bots are the heuristic bot (PillageBot), random play or the search bot at a strength
(drop-downs under the setup row, or `bots=search&strength=300` in the link); the coach
offers its own advice and what the search bot thinks (widgets/table/search_coach.py).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import ipywidgets as w

from village_games import village_pillage
from village_games.bots import PillageBot, RandomBot
from village_games.core import Action, Agent, Game, words
from village_games.village_pillage import CardSet, DeckSpec
from village_games.village_pillage.cards import deck_from_text
from village_games.village_pillage.options import BANK_SIDES
from village_games.village_pillage.table_notes import hand_notes, market_notes
from village_games.village_pillage.views import Awaiting, PillageObservation

from ..kit.apps import add_nav
from ..kit.markup import esc as _e
from ..table.adapter import Variant
from ..table.bot_choice import (
    BOT_KEYS,
    BotSettings,
    add_bot_choice,
    kinds_with_search,
    open_play_page,
    parse_bots,
)
from ..table.coaching import Coaching
from ..table.search_coach import SEARCH_MODELS, SearchCoach
from ..table.setup import parse_setup, unknown_settings
from ..table.view import TableApp
from .coach_view import coach_models_here, coaching
from .render import card_type, effect_rows, render_table

NAMES = ("Ana", "Ben", "Cy", "Dee", "Eli")
NOTEBOOK = "village_pillage_play.ipynb"
LINK_KEYS = BOT_KEYS  # what a link may set besides the setup and the table
BOT_KINDS = kinds_with_search({
    "heuristic": ("Bots sample the round ahead", PillageBot),
    "random": ("Bots play at random", RandomBot),
})
BOTS_NOTE = "for every seat set to Bot"




class PillageLabels:
    """Button rows and labels for the picker, from one seat's observation."""

    def __init__(self, obs: PillageObservation, cards: CardSet) -> None:
        self.obs = obs
        self.cards = cards
        me = obs.get("viewer")
        players = obs["players"]
        self.left = players[players[me]["left"]]["name"] if me is not None else "left"
        self.right = players[players[me]["right"]]["name"] if me is not None else "right"
        self.waiting = players[me]["plan"][0] if me is not None and players[me]["plan"] else ""

    def field_title(self, action_type: str, field: str) -> str:
        titles = {
            ("Plan", "left"): f"Left card: toward {self.left}",
            ("Plan", "right"): f"Right card: toward {self.right}",
            ("QueueTwo", "front"): "Front card: resolves this round",
            ("QueueTwo", "back"): "Back card: waits for next round",
            ("Queue", "card"): f"Card to queue behind {self.waiting} (resolves next round)",
            ("TakeMarketCard", "card"): "Take a market card",
            ("ResolveFirst", "card"): "Resolve this card first",
        }
        return titles.get((action_type, field), field)

    def value_label(self, action_type: str, field: str, value: Any) -> str:
        return str(value)

    def value_classes(self, action_type: str, field: str, value: Any) -> list[str]:
        return ["vg-pick-card", f"vg-{card_type(value, self.cards).lower()}"]

    def value_tooltip(self, action_type: str, field: str, value: Any) -> str:
        rows = effect_rows(value, self.cards)
        text = " / ".join(_strip_tags(r) for r in rows)
        return f"{value} ({card_type(value, self.cards)}): {text}"


def _side_text(side: str) -> str:
    cap, costs = BANK_SIDES[side]
    return f"bank {cap}, relics {'/'.join(map(str, costs))}"


# The duel's two bank sides: the Duel side, and the longer game on the standard side.
DUEL_VARIANTS = (
    Variant("duel", f"Duel ({_side_text('duel')})", {"bank_side": "duel"}),
    Variant("long", f"Long duel ({_side_text('standard')})", {"bank_side": "standard"}),
)


def _strip_tags(s: str) -> str:
    return re.sub(r"<[^>]+>", "", s).replace("vs all", "always").strip()


class PillageAdapter(SearchCoach[PillageObservation]):
    """What the generic table app needs to know about Village Pillage."""

    info = village_pillage.INFO
    title = "Village Pillage"
    default_players = 3
    default_names = NAMES
    step_label = "Step through each round"
    replay_notebook = "village_pillage_replay.ipynb"  # where "Replay this game" opens
    coach_models = coach_models_here() + SEARCH_MODELS

    def __init__(self, bots: BotSettings | None = None) -> None:
        self.game: village_pillage.Game | None = None  # the game on the table (its notes)
        self.bots = bots or BotSettings(BOT_KINDS, "heuristic")

    def use_settings(self, settings: dict[str, str]) -> None:
        """A stored table's settings (its bot kind and strength, as the link names them)."""
        self.bots.use_settings(settings)

    def share_params(self) -> dict[str, str]:
        """What the table's share link adds: the bot kind and strength, when not the
        defaults."""
        return self.bots.share_params()

    def new_game(self, players: int, seed: int, names: list[str],
                 bank_side: str | None = None, deck: DeckSpec = None) -> village_pillage.Game:
        return village_pillage.new_game(players=players, seed=seed, bank_side=bank_side,
                                        names=names, deck=deck)

    def load_deck(self, name: str, text: str) -> CardSet:
        """A user's deck file (cards.toml format); CardDataError names file, card, field."""
        return deck_from_text(text, name)

    def variants(self, players: int) -> list[Variant]:
        """Two players choose the bank side; three to five have only the standard one."""
        return list(DUEL_VARIANTS) if players == 2 else []

    def from_dict(self, state: dict[str, Any]) -> village_pillage.Game:
        return village_pillage.Game.from_dict(state)

    def render(self, obs: PillageObservation, cards: CardSet,
               highlight: list[int] | None = None) -> str:
        g = self.game
        me = obs.get("viewer")
        if g is None or highlight is not None or g.cards is not cards or not isinstance(me, int):
            return render_table(obs, cards, highlight=highlight)
        # live: why a card cannot be chosen now, in the rules' words (for a screen reader)
        return render_table(obs, cards, highlight=highlight, hand_states=hand_notes(g, me),
                            market_states=market_notes(g, me))

    def labels(self, obs: PillageObservation, cards: CardSet) -> PillageLabels:
        return PillageLabels(obs, cards)

    def coach(self, game: Game[PillageObservation], seat: int, model: str) -> Coaching | None:
        if model.startswith("search:"):
            return super().coach(game, seat, model)
        assert isinstance(game, village_pillage.Game)  # (this adapter's game)
        return coaching(game, seat, model)

    def make_bot(self, seat: int, seed: int) -> Agent:
        return self.bots.make(seed)

    def prompt(self, obs: PillageObservation, actions: Sequence[Action]) -> str:
        me = obs["viewer"]
        assert me is not None  # (a seat's own view: it is asked to choose)
        name = _e(obs["players"][me]["name"])
        kind = type(actions[0]).__name__ if actions else ""
        aw: Awaiting | dict[str, str] = obs.get("awaiting") or {}
        text = {
            "Plan": "choose one card for each neighbour; they stay face down until everyone "
                    "has planned.",
            "QueueTwo": "queue two cards: the front one resolves this round, the back one "
                        "next round.",
            "Queue": "queue one card behind the waiting one; it resolves next round.",
            "TakeMarketCard": (f"your {_e(aw.get('source', 'card'))} buys a market card"
                               + (" for free" if aw.get("price") == 0 else
                                  f" for {aw.get('price')}") + ": pick one."),
            "ResolveFirst": "two of your cards buy in this phase: which goes first?",
        }.get(kind, "your move.")
        return (f'<div class="vg-prompt-line"><span class="vg-turn-badge">Your turn</span> '
                f"<b>{name}</b>, {text} <span class=\"vg-note\">Click a card on the table "
                "or a button below.</span></div>")


    # ---------------------------------------------------------------- shared tables
    # Planning is simultaneous and every device plays a round out step by step on its own
    # (nobody's plan waits for another screen's steps): say so on both sides.
    def waiting_note(self, obs: PillageObservation, waiting: Sequence[str]) -> str:
        """The prompt (HTML) of a screen whose people have nothing to do while `waiting`
        (people on other devices) plan: that its own plan is in, if so, and, after a
        round has played out, that their screens may still be showing it. "" outside
        the planning."""
        if obs.get("phase") != "plan" or not waiting:
            return ""
        me = obs.get("viewer")
        mine = isinstance(me, int) and bool(obs["players"][me].get("planned"))
        who = words.and_list(f"<b>{_e(n)}</b>" for n in waiting)
        text = ("Your plan is in. " if mine else "") + f"Waiting for {who} to plan"
        if (obs.get("round") or 1) > 1:
            text += (" (" + ("their screen" if len(waiting) == 1 else "their screens")
                     + " may still be playing out the last round step by step)")
        return text + "."

    def steps_note(self, obs: PillageObservation) -> str:
        """Beside "Playing out the moves…" on a screen stepping through a round: who has
        planned the next round already, on another screen (and so waits for this one's
        people). `obs` is the table as it is now, as this screen may see it."""
        if obs.get("phase") != "plan":
            return ""
        me = obs.get("viewer")
        done = [p["name"] for p in obs["players"] if p.get("planned") and p["seat"] != me]
        if not done:
            return ""
        return (f"{_e(words.and_list(done))} {words.agree(len(done), 'has', 'have')} "
                "planned the next round already.")


def play_app(query: dict[str, str] | None = None, step_by_step: bool = True) -> w.Widget:
    """The Village Pillage table, set up from the page's query string (or `query`), kept on
    the server."""
    return add_nav(open_play_page(make_app, query, step_by_step).widget, NOTEBOOK)


def make_app(query: dict[str, str] | None = None, step_by_step: bool = True) -> TableApp:
    """The app object itself (tests drive it through its buttons); `app.bot_box` is the
    bot drop-down."""
    params = query or {}
    notices: list[str] = []
    adapter = PillageAdapter(parse_bots(params, BOT_KINDS, notices,
                                        "the bots sample the round ahead"))
    setup, errors = parse_setup(params, adapter)
    notices += unknown_settings(params, adapter, *LINK_KEYS)
    app = TableApp(adapter, setup, [*errors, *notices], step_by_step=step_by_step)
    app.link_keys = LINK_KEYS
    app.bot_box = add_bot_choice(
        app, adapter.bots, "vg-vp-bots", BOTS_NOTE, first_row=True)  # the hand needs the height
    return app
