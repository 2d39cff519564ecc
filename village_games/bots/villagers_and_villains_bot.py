"""A Villagers & Villains bot that weighs the dice, through the SeatView only.

Every legal action gets a score from a one-step look at the seat's observation, using the
exact chances of `villagers_and_villains.odds`:

* a recruit is worth `p · value(card) + (1 − p) · value(card in position 1)`, for the best
  number of extra rolls it can afford, less the gold those rolls cost; once announced, one
  more roll is bought only while its gain in chance times the value at stake beats its gold;
* a DEFENSE goes to the challenge where the chance of the roll times what the challenge
  costs (pillage to come, its negative points, the loot and Victory point missed) is
  largest; the Angry Mob (3 points at the end if kept), the King's Favor and paid bonuses
  are spent only when the chance they add is worth more than they cost;
* Build/Hire takes the card with the most points for its price; paid abilities, the
  Favor's bonuses, VEND requests and the order of rulings are weighed the same way.

A card's value is its Town Value plus what it will earn or defend in the rounds likely to
be left, so cheap income counts early and points count late. Decisions take well under a
millisecond (no search), far below the play app's 300 ms budget.
"""

from __future__ import annotations

from typing import cast

from ..core.actions import Action
from ..core.seat import SeatView
from ..villagers_and_villains.actions import (
    AllowVend,
    Attack,
    Build,
    BuyRoll,
    BuyRollFrom,
    DeclareMob,
    KeepFavor,
    KeepRoll,
    MoveStart,
    Ordinance,
    Pass,
    PayVend,
    Recruit,
    RefuseVend,
    Resolve,
    Roll,
    SellRoll,
    UseAbility,
    UseFavor,
)
from ..villagers_and_villains.cards import Card, CardSet
from ..villagers_and_villains.odds import recruit_chance, roll_succeeds
from ..villagers_and_villains.options import (
    FAVOR_DEFENSE_BONUS,
    FAVOR_RECRUIT_BONUS,
    end_size,
    pool_size,
)
from ..villagers_and_villains.views import PoolCard, TurnView, VVObservation
from .ranking import ScoringBot

GOLD = 0.7  # points a gold is worth: what it buys at Build/Hire, on average
CIVILITY = 3.0  # points for an Angry Mob still in hand at the end
MAX_EXTRA = 5  # extra rolls worth considering for one recruit


class VillagersAndVillainsBot(ScoringBot[VVObservation]):
    name = "V&V heuristic"

    def context(self, seat: SeatView[VVObservation]) -> _Context:
        return _Context(seat.observation(), seat.cards, seat.player)


class _Context:
    """What the bot knows at one decision: its town, hand and gold, and how long is left."""

    def __init__(self, obs: VVObservation, cards: CardSet, me: int) -> None:
        self.obs = obs
        self.cards = cards
        self.me = me
        self.p = obs["players"][me]
        # (None only once the game is over, when nobody decides anything)
        self.turn: TurnView = obs["turn"] or cast("TurnView", {})
        self.town = list(self.p["town"])
        self.hand = list(self.p["hand"] or [])
        self.gold = int(self.p["gold"])
        n = len(obs["players"])
        biggest = max(len(q["town"]) for q in obs["players"])
        by_size = (end_size(n) - biggest) / 1.3
        by_deck = obs["deck_size"] / max(1, pool_size(n) - 1)
        self.rounds_left = max(0.5, min(by_size, by_deck))
        self.favor_mine = (obs.get("favor") or {}).get("seat") == me and \
            (obs.get("favor") or {}).get("where") == "mayor"
        self.favor_value = 0.8 + min(1.5, self.rounds_left / 3)
        pony = obs["pony_express"]
        sold = pony["sold"] if pony else []
        self.sold = me in sold

    # ------------------------------------------------------------ card values
    def card(self, name: str) -> Card | None:
        return self.cards.cards.get(name)

    def town_card_value(self, name: str) -> float:
        """What a card built or hired into this town is worth, in points."""
        c = self.card(name)
        if c is None:
            return 0.0
        v = float(c.value) + c.earnings * self.rounds_left * GOLD
        if c.type == "hero":
            v += 1.5 + 0.4 * c.defense * min(self.rounds_left, 3)
        if self.obs["advanced"]:
            if c.pair and (c.pair in self.town or (c.pair_any and any(
                    (o := self.card(t)) is not None and o.type == c.pair_any
                    for t in self.town))):
                v += 2.0
            if c.ability is not None and not c.ability.passive:
                v += 0.5 * min(self.rounds_left, 3)
            elif c.ability is not None:
                v += 0.8 * c.ability.amount * min(self.rounds_left, 4)
        return v

    def challenge_harm(self, name: str, hits: int = 0) -> float:
        """What a challenge in this town costs if it stays: pillage, points, the missed
        loot and Victory point (a defeated challenge goes to hand)."""
        c = self.card(name)
        if c is None:
            return 0.0
        p = float(roll_succeeds(c.defeat, 0))
        if c.successes - hits > 1:
            p = p ** (c.successes - hits)
        stays = 1 - p
        return (c.pillage * min(self.rounds_left, 3) * GOLD * stays
                + max(0, -c.value) * stays + (c.loot * GOLD + 1) * 0.8)

    def recruit_value(self, name: str) -> float:
        """What taking a pool card is worth: a challenge lands in town, others in hand."""
        c = self.card(name)
        if c is None:
            return 0.0
        if c.type == "challenge":
            p = float(roll_succeeds(c.defeat, self._best_hero_bonus()))
            # it may be beaten next Defend Phase: loot and a Victory point, else it costs
            return p * (c.loot * GOLD + 1) - (1 - p) * (
                c.pillage * min(self.rounds_left, 3) * GOLD + max(0, -c.value))
        worth = self.town_card_value(name) - c.price * GOLD * 0.6
        if c.price > self.gold + 2 * self.rounds_left:
            worth *= 0.5  # unlikely to be paid for
        return worth

    def _best_hero_bonus(self) -> int:
        bonuses = [c.defense for t in self.town if (c := self.card(t)) and c.type == "hero"]
        return max(bonuses, default=0)

    # ------------------------------------------------------------ recruiting
    def pool_card(self, position: int) -> PoolCard:
        return self.obs["pool"][position - 1]

    def chance(self, position: int, rolls_bought: int, bonus: int, free: int,
               favor: int = 0) -> float:
        """The recruit chance, with a sold base roll counting as a 1 (Pony Express)."""
        return float(recruit_chance(position, rolls_bought, bonus, free, favor=favor,
                                    sold=self.sold))

    def recruit_ev(self, position: int, bought: int, bonus: int, free: int,
                   favor: int = 0) -> float:
        target = self.pool_card(position)
        first = self.pool_card(1)
        p = self.chance(position, bought, bonus, free, favor)
        win = self.recruit_value(target["card"]) + (self.favor_value if target["favor"] else 0)
        lose = self.recruit_value(first["card"]) + (self.favor_value if first["favor"] else 0)
        return p * win + (1 - p) * lose

    def best_recruit(self, position: int) -> float:
        """The announced card's value for the best number of extra rolls, less their gold."""
        return max(self.recruit_ev(position, e, 0, 0) - e * GOLD
                   for e in range(min(self.gold, MAX_EXTRA) + 1))

    def declared_gain(self, bonus: int = 0, free: int = 0, bought: int = 0,
                      favor: int = 0) -> float:
        """How much the announced recruit gains from more bonus (on every die, or `favor`
        on the first die), free or bought rolls."""
        t = self.turn
        pos = t["position"]
        b0, f0, n0 = t["bonus"], max(0, t["rolls"] - 1 - t["bought"]), t["bought"]
        first = FAVOR_RECRUIT_BONUS if t.get("favor") else 0
        return (self.recruit_ev(pos, n0 + bought, b0 + bonus, f0 + free, first + favor)
                - self.recruit_ev(pos, n0, b0, f0, first))

    # ------------------------------------------------------------ defending
    def defense_value(self, challenge: str, bonus: int) -> float:
        c = self.card(challenge)
        if c is None:
            return 0.0
        hits = (self.turn.get("hits") or {}).get(challenge, 0)
        p = float(roll_succeeds(c.defeat, bonus))
        return p * self.challenge_harm(challenge, hits) / max(1, c.successes - hits)

    def declared_defense_gain(self, extra: int) -> float:
        t = self.turn
        ch = t["challenge"]
        c = self.card(ch) if ch is not None else None
        if ch is None or c is None:
            return 0.0
        before = float(roll_succeeds(c.defeat, t["bonus"]))
        after = float(roll_succeeds(c.defeat, t["bonus"] + extra))
        hits = (t.get("hits") or {}).get(ch, 0)
        return (after - before) * self.challenge_harm(ch, hits) / max(1, c.successes - hits)

    # ------------------------------------------------------------ abilities
    def ability_value(self, name: str, price: int) -> float:
        c = self.card(name)
        if c is None or c.ability is None:
            return -1.0
        ab = c.ability
        n = ab.amount
        phase = self.obs["phase"]
        effect = ab.effect
        if effect == "recruit_bonus":
            gain = self.declared_gain(bonus=n)
        elif effect == "free_roll":
            gain = self.declared_gain(free=n)
        elif effect == "defense_bonus":
            gain = self.declared_defense_gain(n)
        elif effect == "extra_defense":
            gain = 1.0
        elif effect == "reduce_pillage":
            loss = self.p["pillage_loss"] - self.turn.get("reduce", 0)
            gain = min(n, max(0, loss)) * GOLD
        elif effect == "gain":
            gain = n * GOLD
        elif effect == "draw":
            gain = 1.2 * n if phase != "build" else 0.6 * n
        elif effect in ("extra_build", "discount"):
            gain = 1.0 if self._affordable_builds() else 0.0
        else:
            gain = 0.3
        return gain - price * GOLD

    def _affordable_builds(self) -> list[str]:
        out = []
        for name in self.hand:
            c = self.card(name)
            if c is not None and c.type not in ("challenge", "mob") and c.price <= self.gold:
                out.append(name)
        return out

    # ------------------------------------------------------------ the score of an action
    def score(self, a: Action) -> float:  # noqa: C901 - one branch per kind of action
        if type(a) is Recruit:
            return self.best_recruit(a.position)
        if type(a) is Ordinance:
            pos = a.position
            # send back a card that would hurt to be left with (a challenge in position 1)
            return -self.recruit_value(self.pool_card(pos)["card"]) - 2.5 \
                if pos == 1 else -5.0
        if type(a) is Roll:
            return 0.0
        if type(a) is BuyRoll:
            return self.declared_gain(bought=1) - GOLD
        if type(a) is BuyRollFrom:
            return self.declared_gain(bought=1) - GOLD - 0.05  # the seller may refuse
        if type(a) is UseFavor:
            return self._favor_score()
        if type(a) is UseAbility:
            c = self.card(a.card)
            cost = c.ability.cost if c is not None and c.ability is not None else 0
            return self.ability_value(a.card, cost)
        if type(a) is PayVend:
            c = self.card(a.card)
            price = (c.ability.vend or 0) if c is not None and c.ability is not None else 0
            return self.ability_value(a.card, price) - 0.2
        if type(a) is Attack:
            hero = a.hero
            h = self.card(hero) if hero else None
            bonus = h.defense if h is not None else 0
            # a hero is kept for the hard fights: the town defense goes first where it can
            return self.defense_value(a.challenge, bonus) - (0.05 * bonus if hero else 0)
        if type(a) is DeclareMob:
            mob = self.cards.mob
            return self.declared_defense_gain(mob.defense) - CIVILITY
        if type(a) is Build:
            c = self.card(a.card)
            price = c.price if c is not None else 0
            return self.town_card_value(a.card) - price * GOLD * 0.5 + 0.5
        if type(a) is Resolve:
            # rulings that pay come first, then the pillage (abilities may soften it)
            return {"earnings": 0.2, "pillage": 0.0}.get(a.ruling, 0.1)
        if type(a) is Pass:
            return 0.0
        if type(a) is KeepFavor:
            return 0.0
        if type(a) is MoveStart:
            # first pick of the pool is worth a little, the Favor more
            return (0.5 if self.obs["phase"] == "recruit" and a.seat == self.me
                    else -1.0) - self.favor_value + 1.0
        if type(a) is AllowVend:
            return 0.3  # the asker pays for it (to us, as a rule)
        if type(a) is RefuseVend:
            return 0.0
        if type(a) is SellRoll:
            return GOLD - 1.2  # a base roll that counts as a 1 rarely pays for itself
        if type(a) is KeepRoll:
            return 0.0
        return 0.0

    def _favor_score(self) -> float:
        phase = self.obs["phase"]
        if phase == "recruit":
            gain = self.declared_gain(favor=FAVOR_RECRUIT_BONUS)
        elif phase == "defend":
            gain = self.declared_defense_gain(FAVOR_DEFENSE_BONUS)
        elif phase == "pillage":
            gain = max(0, self.p["pillage_loss"] - self.turn.get("reduce", 0)) * GOLD
        else:
            gain = GOLD
        return gain - self.favor_value
