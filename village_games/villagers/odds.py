"""Card backs and counting: what the top card of a face-down stack can be.

A stack's top card shows its suit on the back. Given everything a seat has seen, the cards
of that suit it has not seen are exchangeable: the deal treats them alike, so each is
equally likely to be the one on top. The exact chance that the top is villager X is
therefore (unseen copies of X) / (unseen cards of the suit), and it rises as cards of
the suit leave the game face up. `simulate_top` checks that by dealing the hidden cards
again with the engine's own `determinize` (consistent with the seat's view).
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import TYPE_CHECKING

from .cards import CardSet
from .table_notes import unseen_by_suit
from .village import why_not_target

if TYPE_CHECKING:
    import numpy as np

    from .game import Villagers
    from .views import PileView, VillagersObservation


def villagers_position(players: int, seed: int, moves: int) -> Villagers:
    """The lessons' positions: a real game after `moves` seeded random legal actions."""
    from ..core.play import random_moves
    from .game import Villagers

    return random_moves(Villagers.new(players=players, seed=seed), moves, seed)


def top_card_chances(obs: VillagersObservation, cards: CardSet) -> list[dict[str, Fraction]]:
    """For each stack of the observation (`g.observation(seat)`), the chance of each
    villager being its top card: {} for an empty stack, {name: 1} when the seat knows
    the card (it returned it), else unseen copies over unseen cards of the shown suit."""
    unseen = unseen_by_suit(obs, cards)
    return [pile_top_chances(pile, unseen) for pile in obs["stacks"]]


def reserve_top_chances(obs: VillagersObservation, cards: CardSet) -> dict[str, Fraction]:
    """The chance of each villager being the Reserve's top card, as for a stack."""
    return pile_top_chances(obs["reserve"], unseen_by_suit(obs, cards))


def pile_top_chances(pile: PileView,
                     unseen: dict[str, dict[str, int]]) -> dict[str, Fraction]:
    """One face-down pile's top card: known, or any unseen card of the suit on its back."""
    if not pile["size"]:
        return {}
    top = pile["size"] - 1
    known = dict((k, c) for k, c in pile["known"])
    if top in known:
        return {known[top]: Fraction(1)}
    suit = pile["top_suit"]
    names = unseen.get(suit, {}) if suit is not None else {}
    total = sum(names.values())
    return {n: Fraction(k, total) for n, k in sorted(names.items())} if total else {}


def chance_top_is(obs: VillagersObservation, cards: CardSet, stack: int, name: str) -> Fraction:
    """The exact chance that stack `stack`'s top card is `name`, for the observation's seat."""
    return top_card_chances(obs, cards)[stack].get(name, Fraction(0))


def chance_as_cards_leave(copies: int, suit_cards: int) -> list[Fraction]:
    """The chance the top card is the wanted villager after m = 0, 1, ... other cards of
    its suit have been seen elsewhere: copies / (suit_cards - m), up to certainty."""
    if not 0 < copies <= suit_cards:
        raise ValueError(f"need 0 < copies <= suit_cards, got {copies} and {suit_cards}")
    return [Fraction(copies, suit_cards - m) for m in range(suit_cards - copies + 1)]


def simulate_top(g: Villagers, seat: int, stack: int, name: str | set[str], trials: int,
                 seed: int) -> np.ndarray:
    """One 0/1 per trial: deal every card `seat` cannot identify again (the engine's
    `determinize`, with a generator seeded by `seed`) and look whether `name` (or one of
    a set of names) is on top."""
    if trials < 1:
        raise ValueError(f"trials must be at least 1, got {trials}")
    import numpy as np  # only the lessons' simulations need it: the play app does not

    wanted = {name} if isinstance(name, str) else set(name)
    rng = random.Random(seed)
    hits = np.zeros(trials, dtype=np.int8)
    for t in range(trials):
        cards = g.determinize(seat, rng).stacks[stack].cards
        hits[t] = bool(cards) and cards[-1] in wanted
    return hits


def fits_now(g: Villagers, seat: int) -> set[str]:
    """The non-Special villagers `seat` could place in its village as it stands, by the
    chain and stacking rules alone (padlocks, limits and Gold aside)."""
    places = [None, *range(len(g.players[seat].village))]
    return {c.name for c in g.cards if c.kind == "villager" and c.suit != "Special"
            and any(why_not_target(g, seat, c.name, on) is None for on in places)}


def fits_after_basic(g: Villagers, seat: int) -> set[str]:
    """The non-Special villagers that go straight on a Basic Villager (Lumberjack, Miner,
    Hayer) still in the supply, and do not fit `seat`'s village now: they fit once that
    Basic Villager is taken in the Build Phase (a hand card returned for it)."""
    left = {name for name, n in g.basics.items() if n > 0}
    return {c.name for c in g.cards if c.kind == "villager" and c.suit != "Special"
            and c.on in left} - fits_now(g, seat)


def chance_top_fits(obs: VillagersObservation, cards: CardSet, stack: int,
                    fitting: set[str]) -> Fraction:
    """The exact chance that a face-down draft from `stack` is one of `fitting`."""
    return sum((p for n, p in top_card_chances(obs, cards)[stack].items() if n in fitting),
               Fraction(0))
