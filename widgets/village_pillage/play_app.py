"""Play Village Pillage: the generic table app with the Village Pillage adapter.

    from widgets.village_pillage.play_app import play_app
    play_app()          # reads ?players=3&seats=human,bot,bot&seed=7 from the page
                        # (and ?players=2&variant=long for the longer duel)
"""

from __future__ import annotations

import copy
import html
import re
from typing import Any

import ipywidgets as w

from village_games import village_pillage
from village_games.bots import PillageBot
from village_games.core import Event, Game
from village_games.village_pillage.game import BANK_SIDES
from village_games.village_pillage.timeline import changed_seats, counts_after_events

from ..table_adapter import Frame, Variant
from ..table_app import TableApp, table_app
from ..table_setup import parse_setup
from .render import card_type, effect_rows, render_table

NAMES = ("Ana", "Ben", "Cy", "Dee", "Eli")
SILENT_KINDS = {"plan"}  # events that do not get a step of their own


def _e(text: Any) -> str:
    return html.escape(str(text))


class PillageLabels:
    """Button rows and labels for the picker, from one seat's observation."""

    def __init__(self, obs: dict[str, Any]) -> None:
        self.obs = obs
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
        return ["vg-pick-card", f"vg-{card_type(value).lower()}"]

    def value_tooltip(self, action_type: str, field: str, value: Any) -> str:
        rows = effect_rows(value)
        text = " / ".join(_strip_tags(r) for r in rows)
        return f"{value} ({card_type(value)}): {text}"


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


class PillageAdapter:
    """What the generic table app needs to know about Village Pillage."""

    game_name = "village_pillage"
    title = "Village Pillage"
    min_players = village_pillage.MIN_PLAYERS
    max_players = village_pillage.MAX_PLAYERS
    default_players = 3
    default_names = NAMES

    def new_game(self, players: int, seed: int, names: list[str],
                 bank_side: str | None = None) -> Game:
        return village_pillage.new_game(players=players, seed=seed, bank_side=bank_side,
                                        names=names)

    def variants(self, players: int) -> list[Variant]:
        """Two players choose the bank side; three to five have only the standard one."""
        return list(DUEL_VARIANTS) if players == 2 else []

    def from_dict(self, state: dict[str, Any]) -> Game:
        return village_pillage.Game.from_dict(state)

    def render(self, obs: dict[str, Any], counts: Any = None,
               highlight: list[int] | None = None) -> str:
        return render_table(obs, counts=counts, highlight=highlight)

    def labels(self, obs: dict[str, Any]) -> PillageLabels:
        return PillageLabels(obs)

    def make_bot(self, seat: int, seed: int) -> PillageBot:
        return PillageBot(seed=seed)

    def undoable(self, events: list[Event], seat: int) -> bool:
        """A plan that revealed nothing: only the planner's own face-down cards moved."""
        return all(e.kind == "plan" for e in events)

    def prompt(self, obs: dict[str, Any], actions: list[Any]) -> str:
        if obs["phase"] == "over":
            names = " and ".join(obs["players"][s]["name"] for s in obs["winners"])
            return (f'<div class="vg-prompt-line vg-prompt-over">Game over: {_e(names)} '
                    f'{"win" if len(obs["winners"]) > 1 else "wins"}. Start a new game '
                    "above.</div>")
        me = obs["viewer"]
        name = _e(obs["players"][me]["name"])
        kind = type(actions[0]).__name__ if actions else ""
        aw = obs.get("awaiting") or {}
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
                f"<b>{name}</b>, {text}</div>")

    # ------------------------------------------------------------ step-by-step resolution
    def frames(self, base_obs: dict[str, Any], events: list[Event],
               viewer: int | None) -> list[Frame]:
        """One frame per resolution event: the revealed cards on the table, counts so far.

        `base_obs` is the table just before the action that set the resolution off; the
        revealed cards come from the reveal event itself (public by then).
        """
        if all(e.kind in SILENT_KINDS for e in events):
            return []
        start = [[p["stockpile"], p["bank"], p["relics"]] for p in base_obs["players"]]
        timeline = counts_after_events(start, events)
        obs = copy.deepcopy(base_obs)
        obs["to_act"] = []
        obs["awaiting"] = None
        out: list[Frame] = []
        before = start
        for i, e in enumerate(events):
            after = timeline[i]
            if e.kind == "reveal":
                obs = _revealed(obs, e.data["cards"])
            elif e.kind == "exhaust":
                obs = copy.deepcopy(obs)
                for p in obs["played"]:
                    if p["seat"] == e.data.get("seat") and p["card"] == e.data.get("card"):
                        p["exhausting"] = True
            if e.kind in SILENT_KINDS:
                before = after
                continue
            obs = _mark_acting(obs, e)
            hi = changed_seats(before, after)
            seat = e.data.get("seat")
            if isinstance(seat, int) and seat not in hi:
                hi.append(seat)
            out.append(Frame(obs=obs, counts=after, highlight=hi, text=e.text_for(viewer),
                             event_index=i))
            before = after
        return out


def _mark_acting(obs: dict[str, Any], e: Event) -> dict[str, Any]:
    """The table with the card this event is about marked as acting (it glows)."""
    card = e.data.get("card")
    seat = e.data.get("thief", e.data.get("seat"))
    if seat is None and e.data.get("delta"):
        seat = e.data["delta"][0][0]
    if e.kind == "exhaust":
        card = None  # the exhausted card is marked separately; the actor is not named
    obs = copy.deepcopy(obs)
    for p in obs.get("played", []):
        p["acting"] = card is not None and p["card"] == card and p["seat"] == seat
    return obs


def _revealed(obs: dict[str, Any], cards: list[list[Any]]) -> dict[str, Any]:
    """The table after the reveal: every resolving card face up, facing its target."""
    obs = copy.deepcopy(obs)
    obs["phase"] = "resolve"
    players = obs["players"]
    for p in players:
        placed = 2 - len(p["plan"])  # cards planned by the move that set off the reveal
        p["plan"] = (list(p["plan"]) + ["?", "?"])[:2]
        p["planned"] = True
        if p["hand"] is None:
            p["hand_size"] = max(0, p["hand_size"] - placed)
    played = []
    for seat, side, name, oseat, oside in cards:
        p = players[seat]
        if p["hand"] is not None and name in p["hand"] and name not in p["plan"]:
            p["hand"].remove(name)
            p["hand_size"] = len(p["hand"])
        p["plan"][side] = name
        played.append({"seat": seat, "side": side, "card": name, "type": card_type(name),
                       "faces": [oseat, oside], "exhausting": False})
    obs["played"] = played
    return obs


def play_app(query: dict[str, str] | None = None, step_by_step: bool = True) -> w.Widget:
    """The Village Pillage table, set up from the page's query string (or `query`)."""
    return table_app(PillageAdapter(), query, step_by_step=step_by_step)


def make_app(query: dict[str, str] | None = None, step_by_step: bool = True) -> TableApp:
    """The app object itself (tests drive it through its buttons)."""
    setup, errors = parse_setup(query or {}, PillageAdapter())
    return TableApp(PillageAdapter(), setup, errors, step_by_step=step_by_step)
