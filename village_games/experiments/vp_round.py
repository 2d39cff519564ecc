"""Village Pillage, the lesson's match: a duel round against a mix. Does it put you ahead?

Both villages put a card in front, each drawn from its strategy (the lesson's: the
equilibrium mix, uniform, or always one card), and the round is read off the engine's
payoff table (`payoffs.payoff_matrix`: the turnip swing of every pairing, played by the
real rules). A trial is a hit when the swing is above 0. The exact chance adds the chance
of every pairing that puts you ahead; the average swing, the lesson's own number, is
given beside it.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from village_games.probability import expected_payoff, solve_zero_sum
from village_games.village_pillage.cards import standard_deck
from village_games.village_pillage.options import BANK_SIDES, DUEL_SIDE_TITLES, side_title
from village_games.village_pillage.payoffs import (
    STRATEGIES,
    Position,
    named_mix,
    payoff_matrix,
)

from .kind import Answer, Kind, Step, Trial, Values
from .settings import Pick, Whole

STRATEGY_CHOICES = tuple(STRATEGIES.items())
SIDES = tuple((side, side_title(side)) for side in DUEL_SIDE_TITLES)
MAX_CAP = max(cap for cap, _ in BANK_SIDES.values())


def _signed(x: float) -> str:
    return f"+{x:g}" if x > 0 else f"{x:g}".replace("-", "\u2212")


def as_fraction(p: float) -> Fraction | float:
    """A chance made of the solver's mixes, as the small fraction it is when it is one."""
    f = Fraction(p).limit_denominator(10_000)
    return f if abs(float(f) - p) < 1e-9 else p


class Round(Kind):
    key = "vp-round"
    game = "Village Pillage"
    title = "A duel round against a mix"
    lesson = "village_pillage_lesson.ipynb"
    unit = "round"
    hit_words = ("ahead", "not ahead")
    batch_sizes = (10, 50, 100)
    settings = (
        Whole("my_stockpile", "Your stockpile", 0, 12, 1),
        Whole("my_bank", "Your bank", 0, MAX_CAP, 1),
        Whole("their_stockpile", "Their stockpile", 0, 12, 1),
        Whole("their_bank", "Their bank", 0, MAX_CAP, 1),
        Pick("side", "Bank side", SIDES, "duel"),
        Whole("relic_bonus", "Relic bonus (turnips on top of its price)", 0, 10, 0),
        Pick("you", "You play", STRATEGY_CHOICES, "equilibrium"),
        Pick("they", "They play", STRATEGY_CHOICES, "uniform"),
    )

    def refine(self, v: Values) -> None:
        cap = BANK_SIDES[v["side"]][0]
        wrong = [f"{s.label} ({s.key}) must be from 0 to {cap} (the {v['side']} bank cap), "
                 f"got {v[s.key]}" for s in self.settings
                 if s.key in ("my_bank", "their_bank") and v[s.key] > cap]
        if wrong:
            raise ValueError("; ".join(wrong))

    def _game(self, v: Values) -> tuple[list[str], list[str], np.ndarray, np.ndarray,
                                        np.ndarray]:
        """Row and column cards, the swings, and both mixes."""
        position = Position(my_stockpile=v["my_stockpile"], my_bank=v["my_bank"],
                            their_stockpile=v["their_stockpile"], their_bank=v["their_bank"],
                            bank_side=v["side"])
        mine, theirs, matrix = payoff_matrix(position, v["relic_bonus"])
        eq = solve_zero_sum(matrix)
        x = named_mix(STRATEGIES[v["you"]], mine, eq.row)
        y = named_mix(STRATEGIES[v["they"]], theirs, eq.col)
        return mine, theirs, matrix, x, y

    def question(self, v: Values) -> str:
        return (f"You play “{STRATEGIES[v['you']]}”, they play “{STRATEGIES[v['they']]}”, "
                f"from your stockpile {v['my_stockpile']} and bank {v['my_bank']} against "
                f"their {v['their_stockpile']} and {v['their_bank']}: does the round put "
                "you ahead (a turnip swing above 0)?")

    def exact(self, v: Values) -> Answer:
        _mine, _theirs, matrix, x, y = self._game(v)
        p = float(x @ (matrix > 0).astype(float) @ y)
        value = as_fraction(p)
        mean = expected_payoff(matrix, x, y)
        shown = str(value) if isinstance(value, Fraction) else f"{p:.4f}"
        return Answer(value if isinstance(value, Fraction) else Fraction(p),
                      "Every pairing of your card and theirs, weighted by how often both "
                      "mixes play it, counted when its swing is above 0: "
                      f"{shown}. (The average swing, the lesson's number, is "
                      f"{_signed(round(mean, 3))} turnips.)")

    def trial(self, v: Values, rng: np.random.Generator) -> Trial:
        mine, theirs, matrix, x, y = self._game(v)
        i = int(rng.choice(len(mine), p=x / x.sum()))
        j = int(rng.choice(len(theirs), p=y / y.sum()))
        deck = standard_deck()
        swing = float(matrix[i, j])
        steps = (Step("card", "Draw your card", "your front card", mine[i], None,
                      deck.type_name(mine[i])),
                 Step("card", "Draw their card", "their front card", theirs[j], swing > 0,
                      deck.type_name(theirs[j])))
        word = "ahead" if swing > 0 else "level" if swing == 0 else "behind"
        return Trial(swing > 0, steps, f"turnip swing {_signed(swing)}: you are {word}")


KIND = Round()
