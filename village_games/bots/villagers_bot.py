"""A Villagers bot that drafts and builds production chains, through the SeatView only.

It scores each legal action with a one-step look: a villager is worth its Gold, more Food
and Builders while the game is young (they raise tomorrow's limits) or while cards pile up
in hand, more when it extends a chain it has started or unlocks its own padlocks, less
when a padlock costs Gold. A chain card counts less for every link still missing below it
(so a Jeweler is drafted when the Spelunker is in sight, not on hope), a link counts a
share of the Gold of the cards in hand that need it, and a build counts what it covers.
Cheap enough for the app (well under a millisecond per decision) and clearly better than
random (benchmarks/villagers_bot_speed.py measures both).
"""

from __future__ import annotations

from ..core.actions import Action
from ..core.seat import SeatView
from ..villagers.actions import (
    AgentReads,
    Build,
    DraftReserve,
    DraftRoad,
    DraftStack,
    EndTurn,
    PlaceCoin,
    PlaceMonk,
    PlaySmuggler,
    PlayTinner,
    TakeBasic,
    UseApprentice,
    parse_unlock,
)
from ..villagers.cards import CardSet
from ..villagers.expansions.actions import (
    LetDraftGoOn,
    PayFreelancer,
    PickBronze,
    PlayBarbarian,
    PlayBenefactor,
    PlayCourier,
    PlayFlaker,
    PlayNoble,
    PlayPigeoneer,
    PlayProphet,
    PlaySchemer,
    PlaySheriff,
    Recruit,
    RewardBasic,
    RewardDraw,
    TakeCard,
    ThiefSteals,
)
from ..villagers.specials import smuggler_earnings
from ..villagers.views import VillagersObservation
from .ranking import ScoringBot
from .villagers_solo import SOLO_TYPES, feed_cost, solo_score

# Specials of the expansions that work from the village: what having one is worth
PLACED_SPECIAL_VALUE = {"thief": 4.0, "nun": 3.0, "recruiter": 2.5, "freelancer": 1.5}

UNKNOWN_CARD = 3.0  # a face-down draw: roughly an average villager
BACKLOG_BUILDER = 1.0  # a Builder's extra worth per card waiting beyond the build limit
BACKLOG_STUCK = 0.5  # a chain card with no start in sight weighs more on a full hand
COVER_WEIGHT = 1.0  # how much of a covered villager's symbols a build counts as lost
REACH = 0.5  # a chain card's symbols count this much less per link still missing below it
FULL_FOUNDERS_GAP = 4.0  # a card for a Founders already carrying all it can: hopeless
CHILD_SHARE = 0.3  # a link is worth this share of the Gold of a card in hand that needs it
# Keeping the Courier is worth more while the game is young (better Road cards will
# come); with the stacks gone it is now or never, so any card will do.
COURIER_KEEP, COURIER_KEEP_EARLY = 1.0, 6.0


class VillagersBot(ScoringBot[VillagersObservation]):
    name = "Villagers"

    def context(self, seat: SeatView[VillagersObservation]) -> _Context:
        return _Context(seat.observation(), seat.cards, seat.player)

    def act(self, seat: SeatView[VillagersObservation]) -> Action:
        # no shortcut for a forced move: its one jitter draw is kept so that seeded
        # games replay as they always have
        legal = seat.legal_actions()
        ctx = self.context(seat)
        rand = self.rng.random
        return max(legal, key=lambda a: ctx.score(a) + rand() * 0.01)


class _Context:
    """What the bot knows this decision: its village, hand and how far the game is."""

    def __init__(self, obs: VillagersObservation, cards: CardSet, me: int) -> None:
        self.obs = obs
        self.cards = cards
        self.me = me
        p = obs["players"][me]
        self.p = p
        self.names = {v["card"] for v in p["village"]}
        self.hand = set(p["hand"] or [])
        left = sum(s["size"] for s in obs["stacks"])
        total = left + sum(1 for r in obs["road"] if r) + 1
        self.early = min(1.0, left / max(total, 1))  # 1 at the start, 0 at the end
        # cards waiting in hand beyond what one build turn can place: more Builders help,
        # more cards that cannot be placed yet do not
        self.backlog = max(0, len(p["hand"] or ()) - min(5, 2 + p["builders"]))
        # open places by card name: villagers in my village that can take more on top
        self.open: dict[str, int] = {}
        for v in p["village"]:
            c = cards.cards.get(v["card"])
            if c is not None and c.hint:
                self.open[c.name] = self.open.get(c.name, 0) + max(0, c.hint - v["kids"])
        self._cache: dict[Action, float] = {}

    def symbols_value(self, name: str) -> float:
        """What a villager's Gold, Food and Builder symbols are worth while uncovered."""
        c = self.cards.cards.get(name)
        if c is None:
            return 0.0
        v = c.gold * (0.6 + 0.4 * (1 - self.early))
        v += (c.food + c.builders) * (1.0 + 3.0 * self.early) if self.p["food"] < 3 \
            else c.builders * 2.0 * self.early
        if self.early:  # in the last round a Builder comes too late to build anything
            v += c.builders * BACKLOG_BUILDER * min(self.backlog, 3)
        return v

    def covered_loss(self, slot: int | None) -> float:
        """Building on `slot` covers it: its symbols stop counting (if they still did)."""
        if slot is None:
            return 0.0
        under = self.p["village"][slot]
        return 0.0 if under["kids"] else self.symbols_value(under["card"])

    def chain_gap(self, name: str) -> float:
        """How far a chain card is from a place in my village: each missing link below it
        counts 1, a link waiting in my hand 0.5, a Basic Villager start 0.3 (one return
        away); 0 when it can go down now or stands alone."""
        cards = self.cards.cards
        gap = 0.0
        c = cards.get(name)
        while c is not None and c.on is not None and not self.open.get(c.on):
            parent = cards.get(c.on)
            if parent is not None and parent.kind == "founders":
                return FULL_FOUNDERS_GAP  # a full Founders never opens again
            if parent is not None and parent.kind == "basic":
                gap += 0.3
                break
            gap += 0.5 if c.on in self.hand else 1.0
            c = parent
        return gap

    def card_value(self, name: str) -> float:
        c = self.cards.cards.get(name)
        if c is None:
            return 0.0
        v = self.symbols_value(name) * REACH ** self.chain_gap(name)
        if c.silver is not None:
            v += 2.0
        if c.bronze is not None:
            v += 1.0 + 3.0 * self.early  # scores every round from now on
        if c.expansion is not None and c.effect is not None:
            # an expansion Special: worth keeping (not trading in for a Basic Villager)
            v += PLACED_SPECIAL_VALUE.get(c.effect, 3.0)
        if c.on is not None:
            if self.open.get(c.on):
                v += 3.0
            elif c.on in self.hand:
                v += 1.0
            else:
                v -= 2.0 + BACKLOG_STUCK * self.backlog
        if c.padlock is not None:
            v += 1.5 if c.padlock in self.names else -1.0
        # cards that my own villagers can go on (beyond the places already open for them),
        # or that open padlocks I hold
        waiting = self.open.get(name, 0)
        for name2 in sorted(self.hand):
            other = self.cards.cards.get(name2)
            if other is not None and other.on == name:
                if waiting:
                    waiting -= 1  # a place is already open for this one
                else:
                    v += 1.5 + CHILD_SHARE * other.gold
            elif other is not None and other.padlock == name:
                v += 1.5
        return v

    def unlock_cost(self, unlock: str | None) -> float:
        if unlock is None or unlock == "tinner":
            return 0.0
        if unlock == "bank":
            return 2.0
        owner = parse_unlock(unlock)
        if owner is None:
            return 2.0
        return -2.0 if owner[0] == self.me else 3.0  # my copy earns; theirs costs and helps them

    def score(self, a: Action) -> float:
        s = self._cache.get(a)
        if s is None:
            s = self._cache[a] = self._score(a)
        return s

    def _score(self, a: Action) -> float:
        obs = self.obs
        if isinstance(a, DraftRoad):
            slot = obs["road"][a.slot]
            if not slot:
                return 0.0
            fed = feed_cost(self, a.slot) if "solo" in obs else 0.0
            return self.card_value(slot["card"]) + slot["coins"] - fed
        if isinstance(a, DraftStack):
            return UNKNOWN_CARD - (feed_cost(self, None) if "solo" in obs else 0.0)
        if isinstance(a, DraftReserve):
            return UNKNOWN_CARD
        if isinstance(a, Build):
            return 1.0 + self.card_value(a.card) - self.unlock_cost(a.unlock) + \
                (0.5 if a.on is not None else 0.0) - COVER_WEIGHT * self.covered_loss(a.on)
        if isinstance(a, TakeBasic):
            return 0.5 + self.card_value(a.basic) - max(0.0, self.card_value(a.card))
        if isinstance(a, (PlaceMonk, UseApprentice)):
            return 2.5 - self.unlock_cost(getattr(a, "unlock", None))
        if isinstance(a, PlaySmuggler):
            v = self.p["village"][a.target]
            c = self.cards.cards.get(v["card"])
            if c is None or not smuggler_earnings(c, v["kids"] > 0, bool(v["flipped"])):
                return -1.0  # a Smuggler on a villager that earns nothing is wasted
            return 2.0 - self.unlock_cost(a.unlock)
        if isinstance(a, PlayTinner):
            return 0.5
        if isinstance(a, PlaceCoin):
            if a.slot is None:
                return 0.0
            slot = obs["road"][a.slot]
            return -self.card_value(slot["card"]) if slot else -1.0
        if isinstance(a, AgentReads):
            return float(self.p["village"][a.slot]["coins"])
        if isinstance(a, EndTurn):
            return 0.0
        if isinstance(a, SOLO_TYPES):  # the solo mode against the Countess
            return solo_score(self, a)
        return self._score_expansion(a)

    def _score_expansion(self, a: Action) -> float:
        """The Kickstarter expansions' choices (Saints, Scoundrels, Profiteers, rewards)."""
        obs = self.obs
        if isinstance(a, PlayBenefactor):  # a free build during the draft
            return 2.0 + self.card_value(a.card) - self.unlock_cost(a.unlock)
        if isinstance(a, Recruit):
            return 1.0 + 2.0 * self.early
        if isinstance(a, PlayProphet):
            return UNKNOWN_CARD + 1.5
        if isinstance(a, PlayBarbarian):
            return 0.5 * sum(r["coins"] for r in obs["road"] if r)
        if isinstance(a, PlayCourier):
            slot = obs["road"][a.slot]
            return self.card_value(slot["card"]) + slot["coins"] if slot else 0.0
        if isinstance(a, LetDraftGoOn):
            return COURIER_KEEP + COURIER_KEEP_EARLY * self.early if self.early else -1.0
        if isinstance(a, PlayFlaker):
            return self.card_value(a.card) + (0.5 if a.seat != self.me else 1.0)
        if isinstance(a, (PlayPigeoneer, PlayNoble)):
            return UNKNOWN_CARD
        if isinstance(a, PlaySchemer):
            slot = obs["players"][a.seat]["village"][a.slot]
            if a.seat == self.me:
                return -5.0
            return 1.0 + self.card_value(slot["card"])
        if isinstance(a, PlaySheriff):
            coins = obs["players"][a.seat]["village"][a.slot]["coins"]
            return (-3.0 if a.seat == self.me else 2.0) + coins
        if isinstance(a, ThiefSteals):
            return 4.0
        if isinstance(a, PayFreelancer):
            return 1.0 if len(self.hand) > 2 else -1.0
        if isinstance(a, PickBronze):
            return -1.0  # the best Bronze is scored anyway
        if isinstance(a, TakeCard):
            return self.card_value(a.card)
        if isinstance(a, RewardBasic):
            return self.card_value(a.basic)
        if isinstance(a, RewardDraw):
            return 0.0
        return 0.1
