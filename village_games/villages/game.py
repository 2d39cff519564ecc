"""The Villages game object: state, the protocol, and dispatch to the rules modules."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..core.actions import Action
from ..core.decks import no_file_paths
from ..core.events import Event, event
from ..core.game import Game
from ..core.info import check_names
from ..core.outcome import Outcome
from ..core.rng import Rng, game_seed
from .actions import (
    CODEC,
    Add,
    Attack,
    Build,
    BuildAs,
    Defend,
    Discard,
    Draw,
    EndTurn,
    Give,
    Reward,
)
from .battle import apply_attack, apply_defend, apply_reward
from .battle_state import Battle
from .cards import CardSet, DeckSpec, resolve_deck
from .choices import legal_for, main_legal, why_not
from .expansion_cards import check_flag, with_expansions
from .hand_index import HandIndex
from .locations import Location, LocationSet, LocationSpec, resolve_locations
from .options import INFO, TARGET, check_max_rounds, check_players, check_target
from .rounds import deal_round, end_turn
from .turn import apply_add, apply_build, apply_discard, apply_draw, apply_give

if TYPE_CHECKING:
    from .scoring import SheetRow
    from .views import VillagesObservation

__all__ = ["Villages"]

PHASES = ("draw", "main", "defend", "reward", "over")
# a seat is to act in these; "scoring" and "dealing" between rounds are seen only inside a
# move (a traced step shows them), and nobody acts there
TURN_PHASES = frozenset(("draw", "main", "reward"))
NEXT_TEXT = {"draw": "{} draws next.", "main": "{} plays on.",
             "defend": "{} chooses a defender.", "reward": "{} chooses a reward."}


class Villages(Game["VillagesObservation"]):
    info = INFO
    version = 1
    codec = CODEC

    # The state a move reads and writes lives in slots, not in the instance's dict (as in
    # Villagers): a slot is a quicker attribute to read and write than a name in a dict of
    # some 45, and a decision touches dozens. `clone` copies every slot (the core's too),
    # then what is mutable.
    __slots__ = ("n", "names", "rng", "deck", "discard", "hands", "known", "villages", "graves",
                 "round", "dealer", "turn", "phase", "draws_left", "built", "built_n", "given",
                 "acted", "final_by", "emptied", "totals", "sheet", "high", "low", "battle",
                 "target", "max_rounds", "final_winners", "result", "tiebreak", "lands",
                 "location", "land_deck", "cards", "order", "_hand_index")

    # state, set by new(), from_dict() and clone()
    n: int
    names: list[str]  # the players' names by seat (`player_name`, worked out once)
    rng: Rng
    deck: list[str]
    discard: list[str]
    hands: list[list[str]]
    known: list[list[str]]  # cards every seat knows are in that hand (a subset of it)
    villages: list[dict[str, list[str]]]
    graves: list[list[str]]
    round: int
    dealer: int
    turn: int
    phase: str
    draws_left: int
    built: bool
    built_n: int  # villages built this turn (a Location card may allow more than 1)
    given: int
    acted: bool
    final_by: int | None  # the seat whose turn started the final turns
    emptied: int | None  # the first seat to empty their hand this round
    totals: list[int]
    sheet: list[SheetRow]
    high: int | None
    low: int | None
    battle: Battle | None
    target: int
    max_rounds: int | None
    final_winners: list[int]
    result: str
    tiebreak: str
    lands: LocationSet | None  # the Location cards in play (None: the option is off)
    location: Location | None  # this round's Location card
    land_deck: list[str]  # Location cards still to come, the next one last (hidden order)

    def __init__(self, cards: CardSet, lands: LocationSet | None = None) -> None:
        # use new_game() or from_dict()
        super().__init__()
        self.cards = cards  # the deck in play: bots and renderers read card facts here
        self.order = cards.order
        self.lands = lands
        self.location = None
        self.land_deck = []
        self.built_n = 0
        self._hand_index: dict[int, HandIndex] = {}  # by seat: see hand_index.py

    # ------------------------------------------------------------ setup
    @classmethod
    def new(cls, players: int = 3, seed: int | None = None, names: list[str] | None = None,
            deck: DeckSpec = None, target: int = TARGET,
            max_rounds: int | None = None, locations: LocationSpec = False,
            dark_light: bool = False, dual: bool = False) -> Villages:
        n = check_players(players)
        base = resolve_deck(deck)
        cards = with_expansions(base, check_flag("dark_light", dark_light),
                                check_flag("dual", dual))
        lands = resolve_locations(locations)
        target = check_target(target)
        max_rounds = check_max_rounds(max_rounds)
        check_names(names, n)
        seed = game_seed(seed)
        g = cls(cards, lands)
        g.seed = seed
        g.options = {"players": n}
        if names is not None:
            g.options["names"] = list(names)
        if not base.is_standard:
            g.options["deck"] = base.saved_form()
        if lands is not None:
            g.options["locations"] = lands.saved_form()
        if dark_light:
            g.options["dark_light"] = True
        if dual:
            g.options["dual"] = True
        if target != TARGET:
            g.options["target"] = target
        if max_rounds is not None:
            g.options["max_rounds"] = max_rounds
        g.n = n
        g.names = [g.player_name(i) for i in range(n)]
        g.target, g.max_rounds = target, max_rounds
        g.rng = Rng(seed)
        g.totals = [0] * n
        g.sheet = []
        g.high = g.low = None
        g.round = 0
        g.dealer = n - 1  # Reading: the last seat deals first, so seat 0 plays first
        g.final_winners, g.result, g.tiebreak = [], "", ""
        g.battle = None
        g.phase, g.turn = "draw", 0
        with g.events_to_log():
            deal_round(g)
        return g

    @property
    def num_players(self) -> int:
        return self.n

    # ------------------------------------------------------------ protocol
    def to_act(self) -> list[int]:
        phase = self.phase
        if phase in TURN_PHASES:
            return [self.turn]
        if phase == "defend" and self.battle is not None:  # (a defence has its battle)
            return [self.battle.seat]
        return []  # the game is over, or the cards are being scored or dealt

    def actor(self) -> int:
        """The one seat that acts now (-1 when nobody does: the game is over, or a round
        is being scored or dealt)."""
        phase = self.phase
        if phase in TURN_PHASES:
            return self.turn
        if phase == "defend" and self.battle is not None:
            return self.battle.seat
        return -1

    def may_act(self, player: int) -> bool:
        return type(player) is int and player == self.actor()

    def choices(self, player: int) -> Sequence[Action]:
        # most decisions are in the main phase: straight there, one call fewer
        return main_legal(self, player) if self.phase == "main" else legal_for(self, player)

    def why_illegal(self, player: int, action: Action) -> str:
        return why_not(self, player, action) or "that is not a legal choice here"

    def turn_marker(self) -> tuple[str, int]:
        return (self.phase, self.actor())

    def next_event(self) -> Event:
        seat = self.actor()
        return event("next", NEXT_TEXT[self.phase], {"seat": seat}, (self.names[seat],))

    def _apply(self, player: int, action: Action) -> None:
        _RULES[type(action)](self, player, action)  # the rule that carries out this kind

    def is_over(self) -> bool:
        return self.phase == "over"

    def scores(self) -> list[float]:
        return [float(t) for t in self.totals]

    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        return Outcome(tuple(self.final_winners), tuple(self.scores()), self.result,
                       self.tiebreak)

    def audit(self) -> list[str]:
        from .audit import audit

        return audit(self)

    # ------------------------------------------------------------ copies and views
    def clone(self, keep_log: bool = True) -> Villages:
        g: Villages = self._fields_shared()
        g.deck = self.deck[:]
        g.discard = self.discard[:]
        g.hands = [h[:] for h in self.hands]
        g.known = [k[:] for k in self.known]
        g.villages = [{c: v[:] for c, v in vs.items()} for vs in self.villages]
        g.graves = [gr[:] for gr in self.graves]
        g.totals = self.totals[:]
        g.sheet = self.sheet[:]  # rows are never changed once written
        g.battle = None if self.battle is None else self.battle.copy()
        g.rng = Rng(self.rng.state)
        g.final_winners = self.final_winners[:]
        g.land_deck = self.land_deck[:]
        g._hand_index = {}  # a copy groups its own hands afresh (see hand_index.py)
        self.copy_record(g, keep_log)
        return g

    def to_dict(self) -> dict[str, Any]:
        from .state_io import game_to_dict

        return game_to_dict(self)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Villages:
        from .state_io import game_from_dict

        with no_file_paths():  # (a save is text anyone can write)
            return game_from_dict(cls, d)

    def observation(self, player: int | None) -> VillagesObservation:
        from .views import observe

        self.check_seat(player, public=True)
        return observe(self, player)

    def full_observation(self) -> VillagesObservation:
        from .views import observe

        return observe(self, None, everything=True)

    def determinize(self, observer: int, rng: random.Random) -> Villages:
        from .views import determinize

        self.check_seat(observer)
        return determinize(self, observer, rng)


def _end_turn(g: Villages, player: int, action: EndTurn) -> None:
    end_turn(g)  # (the rule needs neither: the seat is the one whose turn it is)


# each kind of action, the rule that carries it out (one look-up, whatever the kind)
# (each rule takes its own kind of action: the table's values take any, by their key)
_RULES: dict[type[Action], Callable[[Villages, int, Any], None]] = {
    Draw: apply_draw, Give: apply_give, EndTurn: _end_turn, Attack: apply_attack,
    Defend: apply_defend, Reward: apply_reward, Discard: apply_discard, Add: apply_add,
    Build: apply_build, BuildAs: apply_build}
