"""The Villagers & Villains game object: state, setup, the protocol, and the small helpers
every rules module uses (dice, gold, draws, events)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..core import words
from ..core.actions import Action, short_repr
from ..core.decks import no_file_paths
from ..core.events import Event, event
from ..core.game import Game
from ..core.info import check_names
from ..core.outcome import Outcome
from ..core.rng import Rng, game_seed
from . import audit, dispatch, flow, legal, scoring, state_io, views
from .abilities import PHASE_TITLES
from .actions import CODEC
from .cards import CardSet, DeckSpec, resolve_deck
from .facts import deck_facts
from .options import (
    DIE,
    FAVOR_RECRUIT_BONUS,
    GOLD_IN_BOX,
    INFO,
    START_GOLD,
    check_players,
    pool_size,
)
from .player import Mayor
from .turn import TurnState

__all__ = ["VillagersAndVillains"]

class VillagersAndVillains(Game[views.VVObservation]):
    info = INFO
    version = 1
    codec = CODEC

    # The state a move reads and writes lives in slots, not in the instance's dict (as in
    # Villagers): a slot is a quicker attribute to read and write than a name in a dict of
    # some 40, and a decision touches dozens. `clone` copies every slot (the core's too),
    # then what is mutable.
    __slots__ = ("n", "advanced", "ordinance", "ordinance_used", "pony_express", "sold", "rng",
                 "dice", "players", "names", "deck", "pool", "removed", "fresh", "bank",
                 "round", "phase", "marker", "order", "turn_idx", "turn_state", "favor_seat",
                 "favor_pool", "final_winners", "result", "tiebreak", "cards", "card", "facts",
                 "phase_cards", "_abilities", "turn_abilities", "declare_abilities")

    # state, set by new(), from_dict() and clone()
    n: int
    advanced: bool
    ordinance: bool  # the official Ordinance variant
    ordinance_used: list[int]  # seats that have used their Ordinance
    pony_express: bool  # the official Pony Express variant
    sold: list[int]  # seats whose next recruit roll is sold (Pony Express)
    rng: Rng
    dice: list[int]  # scripted dice (walkthroughs, tests), used before the generator
    players: list[Mayor]
    names: list[str]  # the mayors' names, by seat
    deck: list[str]  # face down, top card last
    pool: list[str]  # the Recruitment Pool, position 1 first
    removed: list[str]  # out of the game, face up
    fresh: list[str]  # cards that entered a town during the current phase
    bank: int
    round: int
    phase: str  # recruit, defend, pillage, earning, build, over
    marker: int  # the Start Marker's seat
    order: list[int]  # this phase's turns
    turn_idx: int
    turn_state: TurnState
    favor_seat: int | None  # the mayor holding the King's Favor
    favor_pool: int | None  # the pool index of the card the Favor lies on
    final_winners: list[int]
    result: str
    tiebreak: str
    # this phase's town abilities, by timing (advanced game; see powers.note_phase_abilities)
    turn_abilities: list[tuple[int, str, Any]]
    declare_abilities: list[tuple[int, str, Any]]

    def __init__(self, cards: CardSet) -> None:  # use new_game() or from_dict()
        super().__init__()
        self.cards = cards  # the deck in play: bots and renderers read card facts here
        self.card = cards.cards
        self.facts = deck_facts(cards)  # the same facts as quick lookups, for the rules
        # per phase, the cards whose ability works in it (a quick filter for the rules)
        self.phase_cards: dict[str, frozenset[str]] = self.facts.phase_cards
        # per phase, (seat, card, ability) for town cards with an ability in it; dropped
        # whenever a card with an ability is built (challenges, the only other arrivals and
        # departures, have none)
        # (and under (phase, "timed") the same by timing, see powers.timed_abilities)
        self._abilities: dict[Any, Any] = {}

    # ------------------------------------------------------------ setup
    @classmethod
    def new(cls, players: int = 3, seed: int | None = None, advanced: bool = False,
            names: list[str] | None = None, deck: DeckSpec = None,
            ordinance: bool = False, pony_express: bool = False) -> VillagersAndVillains:
        n = check_players(players)
        if not isinstance(advanced, bool):
            raise ValueError(f"advanced must be true or false, got {short_repr(advanced)}")
        for flag, value in (("ordinance", ordinance), ("pony_express", pony_express)):
            if not isinstance(value, bool):
                raise ValueError(f"{flag} must be true or false, got {short_repr(value)}")
        cards = resolve_deck(deck)
        check_names(names, n)
        seed = game_seed(seed)
        g = cls(cards)
        g.seed = seed
        g.options = {"players": n, "advanced": advanced}
        if names is not None:
            g.options["names"] = list(names)
        if not cards.is_standard:
            g.options["deck"] = cards.saved_form()
        if ordinance:
            g.options["ordinance"] = True
        if pony_express:
            g.options["pony_express"] = True
        g.setup(n, advanced, ordinance, pony_express)
        g.names = [g.player_name(i) for i in range(n)]
        g.rng = Rng(seed)
        g.deck = list(g.facts.playing)
        g.rng.shuffle(g.deck)
        size = pool_size(n)
        mob, deputy = cards[g.facts.mob], cards[g.facts.deputy]
        g.players = []
        for i in range(n):
            m = Mayor(g.names[i], START_GOLD)
            m.hand_pub = [mob.name, deputy.name]
            g.players.append(m)
        # the starting cards nobody was dealt leave the game
        g.removed = [mob.name] * (mob.copies - n) + [deputy.name] * (deputy.copies - n)
        g.bank = GOLD_IN_BOX - START_GOLD * n
        g.pool = [g.deck.pop() for _ in range(min(size, len(g.deck)))]
        with g.events_to_log():  # setup events go straight to the log
            deck_note = (" (stand-in deck)" if cards.stand_in else "") if cards.is_standard \
                else f" (deck: {cards.name})"
            variants = [v for v, on in (("Ordinance", ordinance),
                                        ("Pony Express", pony_express)) if on]
            g.emit(event("setup", "A {}-player {} game begins{}: each mayor holds {}, {} and "
                                  "{} gold; {} holds the Start Marker.{}",
                         {"players": n, "advanced": advanced, "variants": variants},
                         (n, "advanced" if advanced else "basic", deck_note, words.a(mob.name),
                          words.a(deputy.name), START_GOLD, g.names[0],
                          f" Variants: {', '.join(variants)}." if variants else "")))
            g.emit(event("pool", "The Recruitment Pool is dealt: {}.", {"pool": g.pool[:]},
                             (", ".join(g.pool),), chance=True, reveals=True))
            if advanced:
                flow.place_favor(g)
            flow.begin_phase(g, "recruit")
        return g

    def setup(self, n: int, advanced: bool, ordinance: bool = False,
              pony_express: bool = False) -> None:
        """Fields every way of making a game shares (new, from_dict)."""
        self.n = n
        self.advanced = advanced
        self.ordinance = ordinance
        self.ordinance_used = []
        self.pony_express = pony_express
        self.sold = []
        self.dice = []
        self.fresh = []
        self.removed = []
        self.round = 1
        self.phase = "recruit"
        self.marker = 0  # Reading: seat 0 holds the Start Marker in round 1
        self.order = []
        self.turn_idx = 0
        self.turn_state = TurnState()
        self.favor_seat = None
        self.favor_pool = None
        self.final_winners, self.result, self.tiebreak = [], "", ""
        self.turn_abilities, self.declare_abilities = [], []

    @property
    def num_players(self) -> int:
        return self.n

    # ------------------------------------------------------------ helpers for the rules
    def roll_die(self, seat: int, why: str, *facts: Any) -> int:
        """One die for `seat`: a scripted die first, else the game's generator. `why` is
        a template for what the die decides, filled with `facts` only if someone reads."""
        die = self.dice.pop(0) if self.dice else self.rng.below(DIE) + 1
        if self.loud:
            what = why.format(*facts)
            self.emit(event("die", "{} rolls a {} ({}).", {"seat": seat, "die": die, "for": what},
                            (self.names[seat], die, what), chance=True))
        return die

    def pay_to_bank(self, seat: int, amount: int) -> int:
        """Up to `amount` gold from `seat` to the bank; returns what was paid."""
        # Reading: a mayor short of gold pays what they have (with none, no effect)
        p = self.players[seat]
        paid = min(amount, p.gold)
        p.gold -= paid
        self.bank += paid
        return paid

    def pay_from_bank(self, seat: int, amount: int, source: str) -> None:
        self.players[seat].gold += amount
        self.bank -= amount
        if self.loud:
            self.emit(event("gain", "{} takes {} gold from the bank ({}).",
                            {"seat": seat, "gold": amount, "from": source},
                            (self.names[seat], amount, source)))

    def pay_seat(self, payer: int, payee: int, amount: int) -> int:
        """Up to `amount` gold from one mayor to another; returns what was paid."""
        p = self.players[payer]
        paid = min(amount, p.gold)
        p.gold -= paid
        self.players[payee].gold += paid
        return paid

    def draw_to_hand(self, seat: int, source: str) -> None:
        """An extra card from the deck straight into `seat`'s hand, seen only by them."""
        card = self.deck.pop()
        self.players[seat].hand_sec.append(card)
        if self.loud:
            self.emit(event("draw", "{} draws a card from the deck ({}).",
                            {"seat": seat, "_card": card}, (self.names[seat], source),
                            "{} draws {} from the deck ({}).", (self.names[seat], card, source),
                            (seat,), chance=True))

    def recruit_certain(self) -> bool:
        """Whether the announced recruit already succeeds: its first die (the Favor's +2
        included, or a sold roll's 1) cannot miss, so nothing rolled after it matters."""
        t = self.turn_state
        return t.position - t.bonus - (FAVOR_RECRUIT_BONUS if t.favor else 0) <= 1

    def extra_die_useful(self) -> bool:
        """Whether one more recruit die (bought, sold or free) could change the result:
        the recruit is not yet certain and such a die can reach the position."""
        return not self.recruit_certain() and self.extra_die_reaches()

    def extra_die_reaches(self) -> bool:
        """Whether one more recruit die, with the bonuses on every die declared so far,
        can reach the announced position."""
        t = self.turn_state
        return t.position - t.bonus <= DIE

    def defense_certain(self) -> bool:
        t = self.turn_state
        return t.challenge is not None and 1 + t.bonus >= self.card[t.challenge].defeat

    def pillage_loss(self, seat: int) -> int:
        return sum(map(self.facts.pillage.__getitem__, self.players[seat].town))

    def town_size(self, seat: int) -> int:
        return len(self.players[seat].town)

    def actor(self) -> int:
        t = self.turn_state
        step = t.step
        if step == "choose" or step == "declare":  # the usual case first
            return self.order[self.turn_idx]
        if step == "favor" and self.favor_seat is not None:  # (a favor step has its holder)
            return self.favor_seat
        if (step == "vend" or step == "sell") and t.vend is not None:  # (and its request)
            return t.vend[0]
        return self.order[self.turn_idx]

    # ------------------------------------------------------------ protocol
    def to_act(self) -> list[int]:
        if self.phase == "over":
            return []
        step = self.turn_state.step  # `actor()` written out: asked before every move
        if step == "choose" or step == "declare":
            return [self.order[self.turn_idx]]
        return [self.actor()]

    def may_act(self, player: int) -> bool:
        return self.phase != "over" and type(player) is int and player == self.actor()

    def choices(self, player: int) -> Sequence[Action]:
        return legal.legal_for(self, player)

    def why_illegal(self, player: int, action: Action) -> str:
        return legal.why_not(self, player, action)

    def turn_marker(self) -> tuple:
        """What the table shows of whose turn it is and the turn so far."""
        t = self.turn_state
        return (self.round, self.phase, self.turn_idx, t.step, t.bonus, t.favor, t.rolls,
                t.town_left, t.reduce, t.builds_left, t.discount, t.avoid)

    def next_event(self) -> Event:
        # who acts next, and what they face
        seat = self.actor()
        return event("next", "{} to act ({} Phase).", {"seat": seat, "step": self.turn_state.step},
                     (self.names[seat], PHASE_TITLES[self.phase]))

    def _apply(self, player: int, action: Action) -> None:
        dispatch.RULES[type(action)](self, player, action)  # a legal kind has its rule

    def is_over(self) -> bool:
        return self.phase == "over"

    def scores(self) -> list[float]:
        return [float(row["total"]) for row in scoring.score_sheet(self)]

    def score_sheet(self) -> list[scoring.ScoreRow]:
        """The printed pad, one row per mayor (see scoring.py)."""
        return scoring.score_sheet(self)

    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        return Outcome(tuple(self.final_winners), tuple(self.scores()), self.result,
                       self.tiebreak)

    def audit(self) -> list[str]:
        return audit.audit(self)

    # ------------------------------------------------------------ copies and views
    def clone(self, keep_log: bool = True) -> VillagersAndVillains:
        g: VillagersAndVillains = self._fields_shared()
        g.rng = Rng(self.rng.state)
        g.dice = self.dice[:]
        g.players = [p.copy() for p in self.players]
        g.deck = self.deck[:]
        g.pool = self.pool[:]
        g.removed = self.removed[:]
        g.fresh = self.fresh[:]
        g.ordinance_used = self.ordinance_used[:]
        g.sold = self.sold[:]
        g.order = self.order[:]
        g.turn_state = self.turn_state.copy()
        g.final_winners = self.final_winners[:]
        g._abilities = {}
        self.copy_record(g, keep_log)
        return g

    def to_dict(self) -> dict[str, Any]:
        return state_io.game_to_dict(self)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> VillagersAndVillains:
        with no_file_paths():  # (a save is text anyone can write)
            return state_io.game_from_dict(cls, d)

    def observation(self, player: int | None) -> views.VVObservation:
        self.check_seat(player, public=True)
        return views.observe(self, player)

    def full_observation(self) -> views.VVObservation:
        return views.observe(self, None, everything=True)

    def determinize(self, observer: int, rng: random.Random) -> VillagersAndVillains:
        self.check_seat(observer)
        return views.determinize(self, observer, rng)
