"""A Villages bot that builds and fills villages and attacks when the odds are good,
through the SeatView only.

Each decision scores the legal actions with a one-step look and plays the best one:

* draw from the discard pile when its top card fits a village it has or a set it is
  collecting, else from the deck;
* build a village whenever it can (the richest three units), then add every card that
  fits (a card in hand costs its gold at scoring; in a village it earns it);
* give cards away only to empty a short hand (the first to empty scores a bonus);
* the turn's action: an attack when its chance of winning, worked out from what the seat
  sees (`villages.odds.attack_odds`), makes it worth more than a discard, else discard
  the card it is least likely to use;
* defend with a unit that wins if there is one (the cheapest such), else give up the
  cheapest; as a winner, destroy or kidnap whatever costs the loser most.

Cheap enough for the app (a few milliseconds a decision) and clearly better than random.
"""

from __future__ import annotations

from collections import Counter
from typing import Literal

from ..core.actions import Action
from ..core.seat import SeatView
from ..villages.actions import (
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
from ..villages.cards import CardSet
from ..villages.locations import ties_to_attacker
from ..villages.odds import attack_odds, location_of
from ..villages.options import HAND
from ..villages.power import attacker_wins, power_parts
from ..villages.views import VillagesObservation
from .ranking import ScoringBot

ATTACK_AT_LEAST = 0.55  # below this chance of winning an attack is not worth its risk


class VillagesBot(ScoringBot[VillagesObservation]):
    name = "Villages"

    def context(self, seat: SeatView[VillagesObservation]) -> _Context:
        return _Context(seat.observation(), seat.cards, seat.player)


class _Context:
    """What the bot knows this decision: its hand, its villages and the table."""

    def __init__(self, obs: VillagesObservation, cards: CardSet, me: int) -> None:
        self.obs = obs
        self.cards = cards
        self.me = me
        p = obs["players"][me]
        self.hand: list[str] = p["hand"] or []
        self.villages = {v["colour"]: v for v in p["villages"]}
        # a dual-colour unit counts toward both its colours
        self.colours = Counter(x for c in self.hand if cards.kind_of[c] == "unit"
                               for x in cards.colours_of[c])
        self.location = location_of(obs)
        self.best_attack: float | None = None

    # ------------------------------------------------------------ card values
    def gold(self, card: str) -> int:
        return self.cards.gold_of[card]

    def fits_mine(self, card: str) -> bool:
        """Could `card` join one of my villages now?"""
        kind = self.cards.kind_of[card]
        if kind == "unit":
            return any(self.cards.fits(card, v) for v in self.villages)
        need: Literal["animals", "buildings"] = "animals" if kind == "animal" else "buildings"
        return any(v[need] for v in self.villages.values())

    def usefulness(self, card: str) -> float:
        """How likely the card is to reach a village of mine (0 = never)."""
        if self.fits_mine(card):
            return 3.0
        if card in self.cards.wild_ids:
            return 1.5  # a Light unit helps any set but founds none alone
        if self.cards.kind_of[card] == "unit":  # 1 or 2 toward a set
            return float(max(self.colours[x] for x in self.cards.colours_of[card]))
        return 0.5  # grey: it needs a village with a Farmer or a Builder first

    # ------------------------------------------------------------ scoring actions
    def score(self, a: Action) -> float:
        if type(a) is Build or type(a) is BuildAs:
            trio = (a.first, a.second, a.third)
            return 100.0 + sum(self.gold(c) for c in trio)
        if type(a) is Add:
            return 50.0 + self.gold(a.card)
        if type(a) is Give:
            return self.give(a)
        if type(a) is Discard:
            return self.discard(a.card)
        if type(a) is Attack:
            return self.attack(a)
        if type(a) is EndTurn:
            return 0.0
        if type(a) is Draw:
            return self.draw(a.source)
        if type(a) is Defend:
            return self.defend(a)
        if type(a) is Reward:
            return self.reward(a)
        return 0.0

    def draw(self, source: str) -> float:
        if source == "deck":
            return 1.5
        top = self.obs["discard"][-1]
        return self.usefulness(top) + self.gold(top) * 0.2

    def give(self, a: Give) -> float:
        # a gift helps its receiver: only worth it to empty a short hand first
        size = len(self.hand)
        if size > 2 or self.obs["emptied"] is not None:
            return -5.0
        leader = max(range(len(self.obs["players"])),
                     key=lambda s: self.obs["players"][s]["total"])
        return 20.0 - self.gold(a.card) - (5.0 if a.seat == leader else 0.0)

    def discard(self, card: str) -> float:
        return 10.0 + self.gold(card) * 0.3 - self.usefulness(card) * 2.0

    def attack(self, a: Attack) -> float:
        odds = attack_odds(self.obs, self.cards, a)
        chance = float(odds.chance)
        if chance < ATTACK_AT_LEAST:
            return -10.0
        target = next(v for v in self.obs["players"][a.seat]["villages"]
                      if v["colour"] == a.village)
        prize = max((self.gold(c) for c in target["cards"]
                     if self.cards.kind_of[c] != "building"), default=0)
        # a unit sent from a village is lost if it loses; a hired one is spent either way,
        # which costs nothing (a hand card counts against you at scoring anyway)
        risk = 2 * self.gold(a.unit) if a.source != HAND else 0
        hire = 1.0 if a.source == HAND and self.usefulness(a.unit) < 2 else 0.0
        return 10.0 + chance * (prize + 2) - (1 - chance) * risk + hire

    def defend(self, d: Defend) -> float:
        b = self.obs["battle"]
        assert b is not None  # (asked in a battle only)
        attacker = b["unit"]
        home = None
        if d.source == b["village"]:
            home = self.villages[d.source]["cards"]
        loc = self.location
        mine = sum(x for _, x in power_parts(self.cards, d.unit, attacker, False, home, loc,
                                             d.source == HAND))
        if attacker is None:  # hired face down: expect an average unit
            wins = mine >= 4
        else:
            a_home = (None if b["source"] == HAND else next(
                v["cards"] for v in self.obs["players"][b["attacker"]]["villages"]
                if v["colour"] == b["source"]))
            theirs = sum(x for _, x in power_parts(self.cards, attacker, d.unit, True, a_home,
                                                   loc, b["source"] == HAND))
            wins = not attacker_wins(theirs, mine, ties_to_attacker(loc))
        cost = self.gold(d.unit) if d.source != HAND else 0.5 * self.gold(d.unit)
        return (50.0 if wins else 0.0) - cost + mine * 0.1

    def reward(self, r: Reward) -> float:
        gold = self.gold(r.card)
        b = self.obs["battle"]
        assert b is not None  # (asked in a battle only)
        from_village = r.choice == "take" or b["d_source"] != HAND
        if r.choice == "destroy":
            # the loser loses the card's gold and its graveyard costs them as much again
            return 2.0 * gold if from_village else 0.5
        keep = gold if self.fits_mine(r.card) else -gold  # in my hand it costs me at scoring
        return (gold if from_village else 0.0) + keep
