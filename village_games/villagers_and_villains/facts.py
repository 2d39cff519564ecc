"""Card facts the rules read on every move, worked out once per deck.

Random play and search ask "is this card a challenge?" or "what does this town pay?"
millions of times; plain dicts and sets of card names (and the shared action objects the
legal lists are made of) answer faster than looking each `Card` up. Everything here is a
read-only function of the deck.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .abilities import PHASES, Ability
from .actions import Attack, Build, PayVend, Resolve, UseAbility, act
from .cards import TOWN_TYPES, CardSet
from .options import MAX_PLAYERS


@dataclass(frozen=True, slots=True)
class DeckFacts:
    kind: dict[str, str]  # card name -> type
    challenges: frozenset[str]
    heroes: frozenset[str]
    town_cards: frozenset[str]  # buildings, citizens and heroes: built/hired from hand
    price: dict[str, int]
    value: dict[str, int]
    paired: frozenset[str]  # cards with a `pair` (a named partner or "any <Type>")
    pillage: dict[str, int]
    earnings: dict[str, int]
    defense: dict[str, int]
    ability: dict[str, Ability | None]
    when: dict[str, str]  # card with an ability -> its timing ("declare", "turn", "passive")
    phase_cards: dict[str, frozenset[str]]  # per phase, cards whose ability works in it
    playing: tuple[str, ...]  # `CardSet.playing_cards()`
    mob: str
    mob_defense: int
    deputy: str
    # the shared legal-list actions, by their fields
    attack: dict[tuple[str, str | None], Any]
    build: dict[str, Any]
    resolve: dict[str, Any]
    use: dict[str, Any]
    pay_vend: dict[tuple[int, str], Any]


def _facts(cards: CardSet) -> DeckFacts:
    every = list(cards)
    names = [c.name for c in every]
    challenges = frozenset(c.name for c in every if c.type == "challenge")
    heroes = frozenset(c.name for c in every if c.type == "hero")
    with_ability = [c.name for c in every if c.ability is not None]
    mob = cards.mob
    return DeckFacts(
        kind={c.name: c.type for c in every},
        challenges=challenges,
        heroes=heroes,
        town_cards=frozenset(c.name for c in every if c.type in TOWN_TYPES),
        price={c.name: c.price for c in every},
        value={c.name: c.value for c in every},
        paired=frozenset(c.name for c in every if c.pair),
        pillage={c.name: c.pillage for c in every},
        earnings={c.name: c.earnings for c in every},
        defense={c.name: c.defense for c in every},
        ability={c.name: c.ability for c in every},
        when={c.name: c.ability.when for c in every if c.ability is not None},
        phase_cards={ph: frozenset(c.name for c in every
                                   if c.ability and c.ability.phase == ph) for ph in PHASES},
        playing=cards.playing_cards(),
        mob=mob.name,
        mob_defense=mob.defense,
        deputy=cards.deputy.name,
        attack={(c, h): act(Attack, c, h) for c in challenges for h in (None, *heroes)},
        build={n: act(Build, n) for n in names},
        resolve={r: act(Resolve, r) for r in ("pillage", "earnings", *with_ability)},
        use={n: act(UseAbility, n) for n in with_ability},
        pay_vend={(s, n): act(PayVend, s, n) for s in range(MAX_PLAYERS)
                  for n in with_ability},
    )


# Read-only facts of a deck, by the deck object (kept alive here so its id stays its own).
_BY_DECK: dict[int, tuple[CardSet, DeckFacts]] = {}


def deck_facts(cards: CardSet) -> DeckFacts:
    hit = _BY_DECK.get(id(cards))
    if hit is not None and hit[0] is cards:
        return hit[1]
    if len(_BY_DECK) > 64:  # uploaded decks come and go; keep the table small
        _BY_DECK.clear()
    facts = _facts(cards)
    _BY_DECK[id(cards)] = (cards, facts)
    return facts
