"""Facts about a deck that the rules look up all the time, worked out once per deck."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import Build
from .choices import product
from .modes import SOLO

if TYPE_CHECKING:
    from .cards import CardSet

# the Kickstarter Specials played from hand in the Draft Phase (expansions/turns.py)
DRAFT_EFFECTS = frozenset({"benefactor", "prophet", "barbarian", "flaker"})


class Tables:
    """`on[name]`: the villager a card goes on (None: it starts a chain or stands alone);
    `effect[name]`: a Special villager's effect; `by_effect[effect]`: its card's name;
    `start_roles`: what a Monk may stand in for as a chain's first villager (a card that
    goes straight down and holds others); `links_on[Q]`: what a Monk may stand in for on
    a Q (a card that goes on Q and holds another)."""

    __slots__ = ("on", "effect", "by_effect", "start_roles", "links_on", "suit_of", "order",
                 "basics", "faces", "link_hint", "padlock", "builds", "bronze", "bronze_set",
                 "silver", "agents", "founders", "starting_road", "supply", "_cards", "_decks",
                 "silver_names", "villager_names", "specials", "schemable", "schemable_own",
                 "unstealable", "two_faced", "draft_specials", "placed_parts",
                 "village_extras", "bronze_of", "dealt_courier")

    def __init__(self, cards: CardSet) -> None:
        self._cards = cards
        self._decks: dict[object, Any] = {}  # decks and name sets, each made once
        self.on = {c.name: c.on for c in cards}
        self.effect = {c.name: c.effect for c in cards if c.effect is not None}
        self.by_effect = {c.effect: c.name for c in cards if c.effect is not None}
        self.start_roles = tuple(c.name for c in cards if c.on is None and c.hint
                                 and c.effect is None)
        links: dict[str, list[str]] = {}
        for c in cards:
            if c.on is not None and c.hint:
                links.setdefault(c.on, []).append(c.name)
        self.links_on = {k: tuple(v) for k, v in links.items()}
        self.suit_of = {c.name: c.suit for c in cards}
        self.order = dict(cards.order)
        self.basics = cards.basics
        self.padlock = {c.name: c.padlock for c in cards}
        # name -> (suit, suit symbols, padlocked, (food, builders, gold) face up,
        #          (food, builders, gold) flipped, hint)
        self.faces = {c.name: (c.suit, c.suit_symbols, c.padlock is not None,
                               (c.food, c.builders, c.gold),
                               (c.flipped.food, c.flipped.builders, c.flipped.gold)
                               if c.flipped is not None else (c.food, c.builders, c.gold),
                               c.hint or 0) for c in cards}
        # name -> (effect, on, padlock, (name,), alone): what a builder's legal list reads
        # per card; `alone`: for a villager that starts a chain and has no padlock, its one
        # Build part (the same every time: made once, never changed), else None
        self.builds = {}
        for c in cards:
            card = (c.name,)
            alone = (product(Build, (card, (None,), (None,)), 1)
                     if c.effect is None and c.on is None and c.padlock is None else None)
            self.builds[c.name] = (c.effect, c.on, c.padlock, card, alone)
        # the hint of a card that is not the bottom of its chain, where it differs
        self.link_hint = {c.name: c.hint_as_link for c in cards if c.hint_as_link is not None}
        self.bronze = tuple(c.name for c in cards if c.bronze)  # cards with a Bronze symbol
        self.bronze_set = frozenset(self.bronze)
        # what setting up a game reads (the card set works these out card by card)
        self.founders = cards.founders.name
        self.starting_road = cards.starting_road
        self.supply = {b: cards[b].copies for b in self.basics}  # Basic Villagers at the start
        # Silver formula of each villager that has one
        self.silver = {c.name: c.silver for c in cards if c.silver is not None}
        # the villagers whose Silver an Agent reads (the coins on one villager)
        self.agents = frozenset(c.name for c in cards
                                if c.silver is not None and c.silver.kind == "coins_on_one")
        # by name: a Silver formula (the solo events' tests, `best_silver`); a villager of
        # the stacks
        self.silver_names = frozenset(c.name for c in cards if c.silver is not None)
        self.villager_names = frozenset(c.name for c in cards if c.kind == "villager")
        # What the Kickstarter expansions' hooks read on every decision (expansions/turns.py,
        # saints.py, scoundrels.py): the Special villagers; the villagers a Schemer may take
        # (in the stacks, not a Special); the Draft Phase Specials played from hand
        # (none in a deck without the Saints and Scoundrels)
        self.specials = frozenset([c.name for c in cards if c.suit == "Special"])
        # the Schemer takes any top villager but a Special: a Basic Villager too, and the
        # Founders from your own village only (no Special may take another player's
        # Founders); `unstealable`: what a Special never takes from another player's hand
        # or Village Square (the Noble, the Flaker)
        self.schemable_own = frozenset([c.name for c in cards if c.suit != "Special"
                                        and c.kind in ("villager", "basic", "founders")])
        self.schemable = self.schemable_own - {self.founders}
        self.unstealable = self.specials | {self.founders}
        # cards printed on both sides (the Basic Villagers, the Founders): they have no
        # back, so whoever sees one in a hand or a pile knows which card it is
        self.two_faced = frozenset([*self.basics, self.founders])
        self.draft_specials = frozenset([c.name for c in cards if c.effect in DRAFT_EFFECTS])
        # the villagers whose presence in a village can add to a Build Phase list (Bronze
        # symbol, Thief: `turns.build_extras`)
        self.village_extras = self.bronze_set.union(
            [c.name for c in cards if c.effect == "thief"])
        # effect -> the one Build part of a placed Special (`turns._placed` makes each
        # the first time it is asked; a part is never changed once made)
        self.placed_parts: dict[str, list[Any]] = {}
        # name -> its Bronze formula (the Profiteers' cards)
        self.bronze_of = {c.name: c.bronze for c in cards if c.bronze is not None}
        # the Courier when it is a card dealt one per player: in play only when dealt
        # (`ext.dealt`; a save placing an undealt one is refused), else
        # `courier.open_moment` need not look; None: no Courier, or one that may come from
        # the stacks or the Road
        courier = self.by_effect.get("courier")
        self.dealt_courier = courier if courier is not None and cards[courier].dealt and \
            courier not in self.starting_road else None


    def deck(self, players: int, expansions: tuple[str, ...] = ()) -> tuple[str, ...]:
        """`cards.deck(players, expansions)`, worked out once per player count and set of
        expansions (every new game asks)."""
        key = (players, expansions)
        names = self._decks.get(key)
        if names is None:
            names = self._decks[key] = tuple(self._cards.deck(players, expansions))
        return names

    def with_effect(self, effect: str) -> frozenset[str]:
        """The names of the cards with `effect`, worked out once."""
        key = ("effect", effect)
        names = self._decks.get(key)
        if names is None:
            names = self._decks[key] = frozenset(
                [name for name, e in self.effect.items() if e == effect])
        return names

    def dealt(self, expansion: str) -> tuple[str, ...]:
        """The names of `expansion`'s cards dealt one per player, in file order, once."""
        key = ("dealt", expansion)
        names = self._decks.get(key)
        if names is None:
            names = self._decks[key] = tuple(
                [c.name for c in self._cards if c.expansion == expansion and c.dealt])
        return names

    def solo_deck(self) -> tuple[str, ...]:
        """`solo_deck(cards)`, worked out once (every new solo game asks)."""
        names = self._decks.get("solo")
        if names is None:
            names = self._decks["solo"] = tuple(SOLO.solo_deck(self._cards))
        return names


_TABLES: dict[int, tuple[CardSet, Tables]] = {}


def tables_for(cards: CardSet) -> Tables:
    hit = _TABLES.get(id(cards))
    if hit is None or hit[0] is not cards:
        hit = _TABLES[id(cards)] = (cards, Tables(cards))
    return hit[1]
