"""The Village Pillage game object: setup, the protocol, planning and pending choices."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..core.actions import Action
from ..core.decks import no_file_paths
from ..core.events import event
from ..core.game import Game
from ..core.info import check_names
from ..core.outcome import Outcome
from ..core.rng import Rng, game_seed
from .actions import (
    CODEC,
    PLAN_TYPES,
    Plan,
    Queue,
    QueueTwo,
    ResolveFirst,
    TakeMarketCard,
    planned_cards,
)
from .cards import CardSet, DeckSpec, resolve_deck
from .choices import plan_menu, queue_menu, queue_two_menu
from .options import BANK_SIDES, INFO, check_options
from .player import Village
from .resolution import continue_round, finish_buy, relic_cost, reveal, take_market_card
from .state_io import game_from_dict, game_to_dict
from .views import PillageObservation, determinize, observe

__all__ = ["VillagePillage"]


class _Singles(dict[str, Action]):
    """The one-card actions `kind(card)` by card name; frozen and shared, so each is built
    once, on first use, and later lookups stay plain dict reads."""

    def __init__(self, kind: type) -> None:
        super().__init__()
        self.kind = kind

    def __missing__(self, card: str) -> Action:
        action = self[card] = self.kind(card)
        return action


_RESOLVE_FIRST, _TAKE = _Singles(ResolveFirst), _Singles(TakeMarketCard)


class VillagePillage(Game[PillageObservation]):
    info = INFO
    version = 2  # 2: options may carry a deck; events carry reveal/chance flags
    readable_versions = (1,)
    codec = CODEC

    # The state a move reads and writes lives in slots, not in the instance's dict (as in
    # Villagers): a slot is a quicker attribute to read and write than a name in a dict of
    # some 30, and a decision touches dozens. `clone` copies every slot (the core's too),
    # then what is mutable.
    __slots__ = ("n", "duel", "bank_side", "bank_cap", "relic_costs", "rng", "players", "deck",
                 "market", "round", "phase", "round_pairs", "stage", "buy_queue", "awaiting",
                 "marked", "final_winners", "result", "tiebreak", "acting", "last_played",
                 "planning", "cards")

    # state, set by new(), from_dict() and clone()
    n: int
    duel: bool  # two players: two front cards decide the whole round
    bank_side: str
    bank_cap: int
    relic_costs: list[int]
    rng: Rng
    players: list[Village]
    deck: list[str]
    market: list[str | None]  # (None: a slot the deck could not refill)
    round: int
    phase: str
    round_pairs: list | None  # this round's stages (resolution.matchups), a cache
    stage: int  # the card type the round's resolution has reached (4: done)
    buy_queue: list[list] | None
    awaiting: dict[str, Any] | None
    marked: list[list]
    final_winners: list[int]
    result: str
    tiebreak: str

    def __init__(self, cards: CardSet) -> None:  # use new_game() or from_dict()
        super().__init__()
        self.cards = cards  # the deck in play: bots and renderers read card facts here
        self.round_pairs = None  # this round's matchups, derived from the plans (a cache)
        self.acting: list[int] | None = None  # [seat, side] of the card resolving now
        # (seat, side, card) revealed in the last round: immutable, so clones share it
        self.last_played: tuple[tuple[int, int, str], ...] = ()
        # Seats whose plan is not complete yet: to_act in the Plan phase. Derived from the
        # plans (see `unplanned`), kept up to date by planning and Refresh because every
        # move asks for it; whoever edits plans by hand calls `recount_planners`.
        self.planning: list[int] = []

    # ------------------------------------------------------------ setup
    @classmethod
    def new(cls, players: int = 3, seed: int | None = None, bank_side: str | None = None,
            names: list[str] | None = None, deck: DeckSpec = None) -> VillagePillage:
        side = check_options(players, bank_side)
        cards = resolve_deck(deck)
        check_names(names, players)
        seed = game_seed(seed)
        g = cls(cards)
        g.seed = seed
        g.options = {"players": players, "bank_side": side}
        if names is not None:
            g.options["names"] = list(names)
        if not cards.is_standard:
            g.options["deck"] = cards.saved_form()
        g.n = players
        g.duel = players == 2
        g.bank_side = side
        g.bank_cap, costs = BANK_SIDES[side]
        g.relic_costs = list(costs)
        g.rng = Rng(seed)
        g.players = [Village(g.player_name(i), 1, 1, 0, list(g.cards.starters))
                     for i in range(players)]
        for v in g.players:
            v.hand.sort(key=g.card_order)
        g.deck = list(g.cards.market)
        g.rng.shuffle(g.deck)
        g.market = [g.deck.pop() for _ in range(g.cards.market_slots)]
        g.round = 1
        g.phase = "plan"
        g.planning = g.unplanned()
        g.stage = 0
        g.buy_queue = None
        g.awaiting = None
        g.marked = []
        g.final_winners = []
        g.result = ""
        g.tiebreak = ""
        deck_note = "" if cards.is_standard else f" Deck: {cards.name}."
        g.log.append(event("setup", f"A {players}-player game begins"
                                    f"{' (duel)' if g.duel else ''}: bank cap {g.bank_cap}, "
                                    f"relics cost {'/'.join(map(str, g.relic_costs))}. "
                                    f"Market: {', '.join(c for c in g.market if c)}.{deck_note}",
                           {"round": 1}, chance=True))
        return g

    @property
    def num_players(self) -> int:
        return self.n

    @property
    def card_order(self) -> Any:
        """Sort key: hands are kept in card-file order, so equal states have equal dicts."""
        return self.cards.order.__getitem__

    # ------------------------------------------------------------ protocol
    def unplanned(self) -> list[int]:
        """Seats that still have cards to plan this round, worked out from the plans."""
        return [i for i, v in enumerate(self.players) if len(v.plan) < 2]

    def recount_planners(self) -> None:
        """Call after changing plans by hand (a scenario, a coach taking a plan back)."""
        self.planning = self.unplanned()
        self._legal = None

    def to_act(self) -> list[int]:
        if self.phase == "plan":
            return self.planning[:]
        if self.phase == "resolve" and self.awaiting:
            return [self.awaiting["player"]]
        return []

    def may_act(self, player: int) -> bool:
        if type(player) is not int:  # (a seat in `planning` or awaited is in range)
            return False
        if self.phase == "plan":
            return player in self.planning
        aw = self.awaiting
        return self.phase == "resolve" and aw is not None and aw["player"] == player

    def choices(self, player: int) -> Sequence[Action]:
        if self.phase == "plan":
            hand = tuple(self.players[player].hand)
            if not self.duel:
                return plan_menu(hand)
            return queue_menu(hand) if self.players[player].plan else queue_two_menu(hand)
        aw = self.awaiting  # (a seat that may act outside planning is the one awaited)
        assert aw is not None
        if aw["kind"] == "order":
            return tuple([_RESOLVE_FIRST[c] for c in dict.fromkeys(aw["cards"])])
        return tuple([_TAKE[c] for c in self.market if c])

    def accepts(self, player: int, action: Action) -> bool:
        """`may_act` and `is_legal` in one pass (every move runs it)."""
        if type(player) is not int or not 0 <= player < self.n:
            return False
        if self.phase == "plan":  # (every seat plans at once: any seat may act)
            return self.is_legal(player, action)
        aw = self.awaiting
        if self.phase != "resolve" or aw is None or aw["player"] != player:
            return False
        return self.is_legal(player, action)

    def is_legal(self, player: int, action: Action) -> bool:
        if self.phase == "plan":
            v = self.players[player]
            if type(action) is Plan:
                return (not self.duel and not v.plan and action.left != action.right
                        and action.left in v.hand and action.right in v.hand)
            if type(action) is QueueTwo:
                return (self.duel and not v.plan and action.front != action.back
                        and action.front in v.hand and action.back in v.hand)
            if type(action) is Queue:
                return self.duel and len(v.plan) == 1 and action.card in v.hand
            return False
        aw = self.awaiting  # may_act has checked that this player is the one awaited
        assert aw is not None
        if aw["kind"] == "order":
            return type(action) is ResolveFirst and action.card in aw["cards"]
        return (type(action) is TakeMarketCard and type(action.card) is str
                and action.card in self.market)

    def why_illegal(self, player: int, action: Action) -> str:
        v = self.players[player]
        if self.phase == "plan":
            if type(action) not in PLAN_TYPES:
                return "it is the Plan phase: choose cards to play before anything else"
            if type(action) is Plan and self.duel:
                return "in a duel you queue cards (QueueTwo, then Queue), not left/right"
            if type(action) in (QueueTwo, Queue) and not self.duel:
                return ("with 3-5 players you place one card toward each neighbour "
                        "(Plan(left, right))")
            if type(action) is QueueTwo and v.plan:
                return ("only the duel's first round queues two cards; now queue one card "
                        "behind the one waiting (Queue)")
            if type(action) is Queue and not v.plan:
                return "the duel's first round queues two cards: a front and a back (QueueTwo)"
            names = planned_cards(action)
            if len(names) == 2 and names[0] == names[1]:
                return (f"one {names[0]} cannot be played twice: pick two different cards "
                        "(two of the same type is fine if you own them)")
            for name in names:
                if name in v.exhausted:
                    return f"{name} is exhausted: it sits out this round and returns at Refresh"
                if name in v.plan:
                    return f"{name} is already waiting in your queue"
                if name not in v.hand:
                    return f"{name} is not in your hand (hand: {', '.join(v.hand)})"
            return "that plan is not allowed now"
        aw = self.awaiting
        if not aw:
            return "nothing is waiting for a choice"
        if aw["kind"] == "order":
            if type(action) is not ResolveFirst:
                return ("choose which of your buying cards resolves first "
                        f"(ResolveFirst: {' or '.join(aw['cards'])})")
            return f"{action.card} is not one of your buying cards this phase"
        if type(action) is not TakeMarketCard:
            return "choose a market card to buy (TakeMarketCard)"
        return (f"{action.card} is not in the market (market: "
                f"{', '.join(c for c in self.market if c) or 'empty'})")

    def _apply(self, player: int, action: Action) -> None:
        if self.phase == "plan":
            self._plan(player, action, self.loud)
            return
        aw = self.awaiting
        assert aw is not None  # (accepts: a choice is awaited)
        self.awaiting = None
        if type(action) is ResolveFirst:
            assert self.buy_queue is not None  # (an order is asked within a buy)
            head = self.buy_queue[0]
            head[1].sort(key=lambda side: self.players[player].plan[side] != action.card)
            head[2] = True
            if self.loud:
                self.emit(event("choice", "{} resolves {} first.",
                                {"seat": player, "card": action.card},
                                (self.player_name(player), action.card)))
        else:
            assert type(action) is TakeMarketCard
            take_market_card(self, player, action.card, aw["price"], aw["source"])
            finish_buy(self)
        continue_round(self, self.loud)

    def _plan(self, player: int, action: Action, report: bool) -> None:
        v = self.players[player]
        kind = type(action)
        chosen = planned_cards(action)
        if self.duel:
            _record_pools(v, chosen)
        waiting = v.plan[0] if report and v.plan else ""
        hand = v.hand
        for card in chosen:
            hand.remove(card)
        v.plan += chosen
        self.planning.remove(player)  # every planning action completes the seat's plan
        if report:  # what the planner (and a referee) reads, naming the planner
            if kind is Plan:
                secret, args = "{} places {} to the left and {} to the right.", chosen
            elif kind is QueueTwo:
                secret, args = "{} queues {} in front and {} behind it.", chosen
            else:
                secret, args = "{} queues {} behind {}.", [chosen[0], waiting]
            self.emit(event("plan", "{} has planned.", {"seat": player}, (v.name,), secret,
                            (v.name, *args), (player,)))
        if self.planning:
            return
        reveal(self, report)
        continue_round(self, report)

    def is_over(self) -> bool:
        return self.phase == "over"

    def scores(self) -> list[float]:
        """Relics owned; winners come from `outcome()` and its tie-breaks."""
        return [float(v.relics) for v in self.players]

    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        return Outcome(tuple(self.final_winners), tuple(self.scores()), self.result,
                       self.tiebreak)

    def relic_cost(self, seat: int) -> int | None:
        return relic_cost(self, seat)

    def audit(self) -> list[str]:
        problems = []
        if self.phase == "plan" and self.planning != self.unplanned():
            problems.append(f"seats waiting to plan {self.planning} do not match the plans "
                            f"({self.unplanned()})")
        for i, v in enumerate(self.players):
            if min(v.stockpile, v.bank, v.relics) < 0:
                problems.append(f"seat {i} has a negative count")
            if v.bank > self.bank_cap:
                problems.append(f"seat {i} bank {v.bank} over the cap {self.bank_cap}")
            if sorted(set(v.owned()) & set(self.cards.starters)) != sorted(self.cards.starters):
                problems.append(f"seat {i} lost a starter card")
            if len(v.owned()) != len(set(v.owned())):
                problems.append(f"seat {i} holds a card twice")
            if not set(v.secret) <= set(v.owned()):
                problems.append(f"seat {i} has a secret card it does not own")
        market_cards = [c for v in self.players for c in v.owned() if c not in self.cards.starters]
        market_cards += [c for c in self.market if c] + self.deck
        if sorted(market_cards) != sorted(self.cards.market):
            problems.append("market cards are not conserved")
        return problems

    # ------------------------------------------------------------ copies and views
    def clone(self, keep_log: bool = True) -> VillagePillage:
        g: VillagePillage = self._fields_shared()
        g.players = [v.copy() for v in self.players]
        g.deck = self.deck[:]
        g.market = self.market[:]
        g.rng = Rng(self.rng.state)
        g.marked = [m[:] for m in self.marked]
        g.buy_queue = None if self.buy_queue is None else [
            [s, sides[:], o] for s, sides, o in self.buy_queue]
        g.awaiting = None if self.awaiting is None else dict(self.awaiting)
        g.final_winners = self.final_winners[:]
        g.planning = self.planning[:]
        self.copy_record(g, keep_log)
        return g

    def to_dict(self) -> dict[str, Any]:
        return game_to_dict(self)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> VillagePillage:
        with no_file_paths():  # (a save is text anyone can write)
            return game_from_dict(cls, d)

    def observation(self, player: int | None) -> PillageObservation:
        self.check_seat(player, public=True)
        return observe(self, player)

    def full_observation(self) -> PillageObservation:
        return observe(self, None, everything=True)

    def determinize(self, observer: int, rng: random.Random) -> VillagePillage:
        self.check_seat(observer)
        return determinize(self, observer, rng)



def _record_pools(v: Village, chosen: list[str]) -> None:
    """Duel: for each queued card, the cards it could be as the opponent sees it: the hand
    it was chosen from plus the face-down card already waiting (never the card chosen
    beside it in the same move, which is revealed this very round)."""
    known, waiting = len(v.pools), len(v.plan)
    # [] = unknown (a scenario that gave no pools)
    pools = v.pools[:waiting] if known >= waiting else v.pools + [[]] * (waiting - known)
    if len(chosen) == 2:
        pools += [v.hand[:], [c for c in v.hand if c != chosen[0]]]
    else:
        pools.append(v.hand + v.plan)
    v.pools = pools
