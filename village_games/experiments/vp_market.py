"""Village Pillage, the market lesson: has a card you want reached the market yet?

One trial deals a two-player game with the engine and watches its market: the starting
market, then one more card per purchase (`market_order.reveal_order`), until a wanted card
shows or the purchases are used up. The exact chance is hypergeometric
(`probability.chance_seen`).
"""

from __future__ import annotations

import numpy as np

from village_games import village_pillage
from village_games.core import words
from village_games.probability import chance_seen
from village_games.village_pillage.market_order import reveal_order

from .kind import Answer, Kind, Step, Trial, Values, py_seed
from .settings import Several, Whole


def _market() -> tuple[tuple[str, ...], int]:
    deck = village_pillage.standard_deck()
    return tuple(deck.market), deck.market_slots


class Market(Kind):
    key = "vp-market"
    game = "Village Pillage"
    title = "Has the card you want reached the market?"
    lesson = "village_pillage_market_lesson.ipynb"
    unit = "deal"
    hit_words = ("seen", "not seen")
    settings = (
        Several("wanted", "Cards you want", _market()[0], ("Bard",)),
        Whole("purchases", "Purchases so far", 0, len(_market()[0]) - _market()[1], 4),
    )

    def question(self, v: Values) -> str:
        wanted = words.and_list(v["wanted"]) if len(v["wanted"]) < 4 else (
            f"any of {len(v['wanted'])} cards")
        return (f"Deal a game and make {words.count(v['purchases'], 'purchase')}: has "
                f"{'a' if len(v['wanted']) > 1 else 'the'} card you want ({wanted}) shown "
                "up in the market?")

    def exact(self, v: Values) -> Answer:
        market, slots = _market()
        seen = slots + v["purchases"]
        p = chance_seen(len(market), len(v["wanted"]), seen)
        return Answer(p, f"{seen} of the {len(market)} market cards have been seen; they "
                         f"miss all {len(v['wanted'])} wanted with chance "
                         f"C({len(market) - len(v['wanted'])}, {seen}) / C({len(market)}, "
                         f"{seen}), so a wanted card shows with {words.fraction(p)}.")

    def trial(self, v: Values, rng: np.random.Generator) -> Trial:
        g = village_pillage.new_game(players=2, seed=py_seed(rng))
        order = reveal_order(g)
        slots, wanted = g.cards.market_slots, set(v["wanted"])
        start = order[:slots]
        got = wanted.intersection(start)
        steps = [Step("cards", "Deal the market", "the starting market", ", ".join(start),
                      bool(got))]
        if got:
            return Trial(True, tuple(steps), f"{words.and_list(sorted(got))} on show from the "
                                             "start")
        for k in range(1, v["purchases"] + 1):
            card = order[slots + k - 1]
            steps.append(Step("card", f"Purchase {k}: show the next card",
                              f"after purchase {k}", card, card in wanted))
            if card in wanted:
                return Trial(True, tuple(steps), f"{card} showed after purchase {k}")
        return Trial(False, tuple(steps), f"no wanted card after "
                                          f"{words.count(v['purchases'], 'purchase')}")


KIND = Market()
