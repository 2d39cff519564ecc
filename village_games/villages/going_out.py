"""Going out first in Villages: empty your hand now for the bonus, or wait a turn to build?

The first player to empty their hand on their own turn scores EMPTY_BONUS (10) more, and
every other player gets one final turn. Cards still in a hand at the end cost their gold.
So a player who could go out now, but holds units that might grow into a village, faces
a trade: go out now and bank the bonus, or keep the units one more turn, hoping the next
two deck draws complete the village (its gold), at the risk that an opponent goes out
first (the bonus lost).

The model, kept small enough to count exactly (each step is said in the lesson's words):

* The seat keeps the cards of its hand that fit a colour (its units of that colour and
  wild Light units); going out now means giving or discarding them, unless they already
  make a village (or join one the seat has), in which case their gold counts now too.
* Waiting: each of the other players, on their turn before the seat's next one, goes out
  with chance `r`, independently. If one does, the seat still has its final turn.
* On that next turn (normal or final) the seat draws two from the deck, a random pair of
  the cards it has not seen (every unseen card is as likely as any other to be there, as
  in `odds`, whatever the others draw meanwhile), and builds (or adds to its village)
  every card that fits.
  Cards that do not fit are shed as they could have been this turn: in a real game some
  may stay in hand and cost their gold, so the model, if anything, flatters waiting.
* Both choices keep the seat's other villages and give the others a final turn, so only
  what differs is counted: the village gold the kept cards make, and the bonus.

    gain of waiting = E[gold after the draws] - gold now - EMPTY_BONUS * (1 - (1 - r)^m)

for m opponents. `going_out_odds` counts the expectation exactly over every pair of unseen
cards; `simulate_going_out` plays the same bet with numpy, by its own vectorised sums.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from math import comb
from typing import TYPE_CHECKING

from .cards import CardSet
from .odds import unseen_cards, viewer_seat
from .options import DRAWS, EMPTY_BONUS, SET_SIZE
from .scoring import village_gold

if TYPE_CHECKING:
    import numpy as np

    from .views import VillagesObservation


@dataclass(frozen=True)
class GoingOut:
    """A seat's position for the going-out question about one colour."""

    colour: str
    home: tuple[str, ...]  # the seat's village of this colour ((): none yet)
    kept: tuple[str, ...]  # hand cards that fit the colour: its units and Light units
    unseen: tuple[str, ...]  # cards the seat has not seen: the next draws come from these
    opponents: int  # players who take a turn before the seat's next one


def fits(cards: CardSet, card: str, colour: str) -> bool:
    """A unit that may go into a village of `colour` (its own colour, or a wild one)."""
    return cards.kind_of[card] == "unit" and cards.fits(card, colour)


def truly(cards: CardSet, card: str, colour: str) -> bool:
    """A unit truly of `colour` (either colour of a dual-colour card; never Light)."""
    return cards.kind_of[card] == "unit" and colour in cards.colours_of[card]


def village_gain(cards: CardSet, q: GoingOut, extra: Iterable[str]) -> int:
    """The gold the seat's `q.colour` village gains from the kept cards and the fitting
    cards of `extra`: added to its village, or built when they make three with at least
    one unit truly of the colour; 0 when they cannot be laid down."""
    fit = [c for c in (*q.kept, *extra) if fits(cards, c, q.colour)]
    if not q.home and (len(fit) < SET_SIZE
                       or not any(truly(cards, c, q.colour) for c in fit)):
        return 0
    return village_gold(cards, [*q.home, *fit]) - village_gold(cards, list(q.home))


def going_out_question(obs: VillagesObservation, cards: CardSet, colour: str) -> GoingOut:
    """The question for the seat whose observation this is (obs["viewer"])."""
    seat = viewer_seat(obs, cards, colour, "the going-out question is")
    home: tuple[str, ...] = ()
    for v in seat["villages"]:
        if v["colour"] == colour:
            home = tuple(v["cards"])
    hand = seat["hand"]
    assert hand is not None  # (`viewer_seat` refuses a view without it)
    kept = tuple(c for c in hand if fits(cards, c, colour))
    unseen = tuple(unseen_cards(obs, cards))
    if len(unseen) < DRAWS or obs["deck_size"] < DRAWS:
        raise ValueError("the deck is nearly out: there is no next turn of draws to wait for")
    return GoingOut(colour, home, kept, unseen, len(obs["players"]) - 1)


def beaten(opponents: int, chance_out: Fraction) -> Fraction:
    """Chance that at least one of `opponents` goes out first, each with `chance_out`."""
    if not 0 <= chance_out <= 1:
        raise ValueError(f"the chance an opponent goes out must be from 0 to 1, got "
                         f"{chance_out}")
    return 1 - (1 - chance_out) ** opponents


@dataclass(frozen=True)
class GoingOutOdds:
    """Exact values of the two choices; gold counts only what differs between them."""

    question: GoingOut
    now_gold: int  # village gold the kept cards make if laid down now (0: shed instead)
    draws_gold: Fraction  # expected village gold after next turn's two draws
    completes: Fraction  # chance the village stands after the draws
    pairs: int  # pairs of unseen cards counted

    def beaten(self, chance_out: Fraction) -> Fraction:
        return beaten(self.question.opponents, chance_out)

    @property
    def now(self) -> Fraction:
        """Going out now: the kept cards' gold (if they make a village) and the bonus."""
        return Fraction(self.now_gold + EMPTY_BONUS)

    def wait(self, chance_out: Fraction) -> Fraction:
        """Waiting a turn: the draws' village gold, and the bonus unless someone is first."""
        return self.draws_gold + EMPTY_BONUS * (1 - self.beaten(chance_out))

    def gain(self, chance_out: Fraction) -> Fraction:
        """What waiting gains over going out now, on average (negative: go out now)."""
        return self.wait(chance_out) - self.now

    @property
    def break_even(self) -> float | None:
        """The chance per opponent at which both choices are worth the same (None when
        waiting wins, or loses, whatever the chance)."""
        # the share of the bonus that the draws' extra gold pays for losing
        affordable = (self.draws_gold - self.now_gold) / EMPTY_BONUS
        if affordable <= 0 or affordable >= 1:
            return None
        return 1 - float(1 - affordable) ** (1 / self.question.opponents)


def going_out_odds(cards: CardSet, q: GoingOut) -> GoingOutOdds:
    """Count every pair of unseen cards the next turn's draws could be."""
    total = hits = 0
    for pair in combinations(q.unseen, DRAWS):
        gold = village_gain(cards, q, pair)
        total += gold
        hits += q.home != () or _stands(cards, q, pair)
    n = comb(len(q.unseen), DRAWS)
    return GoingOutOdds(q, village_gain(cards, q, ()), Fraction(total, n), Fraction(hits, n),
                        n)


def _stands(cards: CardSet, q: GoingOut, extra: tuple[str, ...]) -> bool:
    return stands(cards, q.colour, (*q.kept, *extra))


def stands(cards: CardSet, colour: str, ids: Iterable[str]) -> bool:
    """Whether the units of `ids` that fit `colour` make a new village of it: three or
    more, at least one truly of the colour (Light cards never make one alone)."""
    fit = [c for c in ids if fits(cards, c, colour)]
    return len(fit) >= SET_SIZE and any(truly(cards, c, colour) for c in fit)


def simulate_going_out(cards: CardSet, q: GoingOut, chance_out: float, trials: int,
                       rng: np.random.Generator) -> np.ndarray:
    """`trials` plays of "wait a turn": random opponents going out, then two random unseen
    cards drawn. Each value is the gold waiting gained over going out now."""
    import numpy as np

    if not isinstance(trials, int) or trials < 1:
        raise ValueError(f"trials must be a whole number, 1 or more; got {trials!r}")
    if not 0 <= chance_out <= 1:
        raise ValueError(f"the chance an opponent goes out must be from 0 to 1, got "
                         f"{chance_out}")
    pool = q.unseen
    fit = np.array([fits(cards, c, q.colour) for c in pool])
    true = np.array([truly(cards, c, q.colour) for c in pool])
    gold = np.array([cards.gold_of[c] for c in pool])
    mult = np.array([cards[c].village_multiplier for c in pool])
    kept_fit = [c for c in q.kept if fits(cards, c, q.colour)]
    base_n = len(kept_fit)
    base_true = sum(truly(cards, c, q.colour) for c in kept_fit)
    base_gold = sum(cards.gold_of[c] for c in (*q.home, *kept_fit))
    base_mult = 1
    for c in (*q.home, *kept_fit):
        base_mult *= cards[c].village_multiplier
    home_value = village_gold(cards, list(q.home))
    # two distinct cards per trial: the two lowest of random keys
    keys = rng.random((trials, len(pool)))
    drawn = np.argpartition(keys, DRAWS - 1, axis=1)[:, :DRAWS]
    f = fit[drawn]
    n_fit = base_n + f.sum(axis=1)
    n_true = base_true + (true[drawn] & f).sum(axis=1)
    v_gold = base_gold + np.where(f, gold[drawn], 0).sum(axis=1)
    v_mult = base_mult * np.where(f, mult[drawn], 1).prod(axis=1)
    stands = np.full(trials, bool(q.home)) | ((n_fit >= SET_SIZE) & (n_true >= 1))
    after = np.where(stands, v_gold * v_mult - home_value, 0)
    first = ~(rng.random((trials, q.opponents)) < chance_out).any(axis=1)
    now = village_gain(cards, q, ()) + EMPTY_BONUS
    return (after + EMPTY_BONUS * first - now).astype(float)


__all__ = ["GoingOut", "GoingOutOdds", "beaten", "fits", "going_out_odds",
           "going_out_question", "simulate_going_out", "stands", "truly", "village_gain"]
