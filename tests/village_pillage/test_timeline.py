"""counts_after_events: replaying a round's deltas gives the engine's own counts."""

import random

from village_games import village_pillage
from village_games.core import Event
from village_games.village_pillage.timeline import changed_seats, counts_after_events


def counts(g):
    return [[v.stockpile, v.bank, v.relics] for v in g.players]


def test_deltas_and_relics_apply_in_order():
    start = [[1, 1, 0], [5, 0, 1]]
    events = [
        Event("phase", "Farmer phase."),
        Event("gain", "", {"delta": [[0, 3, 0]]}),
        Event("steal", "", {"delta": [[0, 2, 0], [1, -2, 0]]}),
        Event("bank", "", {"delta": [[0, -2, 2]]}),
        Event("relic", "", {"delta": [[1, -3, 0]], "seat": 1, "relics": 2}),
    ]
    out = counts_after_events(start, events)
    assert out == [
        [[1, 1, 0], [5, 0, 1]],
        [[4, 1, 0], [5, 0, 1]],
        [[6, 1, 0], [3, 0, 1]],
        [[4, 3, 0], [3, 0, 1]],
        [[4, 3, 0], [0, 0, 2]],
    ]
    assert start == [[1, 1, 0], [5, 0, 1]]  # not modified
    assert changed_seats(out[2], out[3]) == [0]
    # the dict form of events works too
    assert counts_after_events(start, [e.to_dict() for e in events]) == out


def test_replayed_counts_match_the_engine_every_round():
    for seed, players in [(1, 2), (2, 3), (3, 4), (4, 5), (5, 3)]:
        g = village_pillage.new_game(players=players, seed=seed)
        rng = random.Random(seed)
        before = counts(g)
        while not g.is_over():
            p = g.to_act()[0]
            events = g.apply(p, rng.choice(g.legal_actions(p)))
            if events:
                assert counts_after_events(before, events)[-1] == counts(g)
            before = counts(g)
