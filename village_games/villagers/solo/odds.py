"""How many events will the Countess's next villager bring? Exact, and by simulation.

At the end of each Event Phase (but the last) the Countess takes the top card of the
Reserve, and that villager's worth in her village sets how many new events are dealt. The
player sees the suit on the card's back, so the card is one of the villagers of that suit
the player has not seen, each equally likely (`reserve_top_chances`). Valuing each
candidate in her village as it stands gives the exact chances of 1, 2 or 3 events.
`simulate_event_counts` checks that by dealing the hidden cards again with the engine's
own `determinize` and valuing the card that lands on top.

The count is read as the Event Phase begins; events still to resolve can change her
village (Betrayer) or the Reserve (Conscription) before she draws.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import TYPE_CHECKING

from ..odds import reserve_top_chances
from .countess import COUNTESS, give
from .dealing import events_to_deal
from .values import gold_value

if TYPE_CHECKING:
    import numpy as np

    from ..game import Villagers


def worth_to_countess(g: Villagers, card: str) -> int:
    """What `card` would be worth in the Countess's village now (printed Gold plus its
    Silver there), valued on a quiet copy so `g` is untouched."""
    world = g.clone(keep_log=False)
    give(world, card)
    return gold_value(world, COUNTESS, len(world.players[COUNTESS].village) - 1)


def event_count_chances(g: Villagers, seat: int = 0) -> dict[int, Fraction]:
    """The exact chance of dealing 1, 2 and 3 events for the Reserve's top card, as
    `seat` sees it; {} when the Reserve is empty."""
    mode = _mode(g)
    out: dict[int, Fraction] = {}
    for card, p in reserve_top_chances(g.observation(seat), g.cards).items():
        k = events_to_deal(worth_to_countess(g, card), mode)
        out[k] = out.get(k, Fraction(0)) + p
    return dict(sorted(out.items()))


def expected_events(chances: dict[int, Fraction]) -> Fraction:
    return sum((k * p for k, p in chances.items()), Fraction(0))


def simulate_event_counts(g: Villagers, seat: int, trials: int, seed: int) -> np.ndarray:
    """Events dealt in each of `trials` re-deals of what `seat` cannot see."""
    if trials < 1:
        raise ValueError(f"trials must be at least 1, got {trials}")
    if not g.reserve.cards:
        raise ValueError("the Reserve is empty: there is no top card to value")
    import numpy as np  # only the solo lesson's simulation needs it: the play app does not

    mode, rng = _mode(g), random.Random(seed)
    worth: dict[str, int] = {}
    out = np.zeros(trials, dtype=np.int8)
    for t in range(trials):
        card = g.determinize(seat, rng).reserve.cards[-1]
        if card not in worth:
            worth[card] = worth_to_countess(g, card)
        out[t] = events_to_deal(worth[card], mode)
    return out


def _mode(g: Villagers) -> str:
    if g.solo is None:
        raise ValueError("this is not a solo game: only the solo mode deals events")
    return g.solo.mode
