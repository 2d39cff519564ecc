"""The hand index main_legal keeps between calls (hand_index.py): it always matches a fresh
grouping of its hand, a hand changed behind its back is grouped afresh, and `audit`
reports an index that went wrong."""

from __future__ import annotations

import random

import pytest

from village_games import villages
from village_games.villages.choices import main_legal
from village_games.villages.hand_index import HandIndex, index_problems

EVERYTHING = {"locations": True, "dark_light": True, "dual": True}


def _fresh_legal(g: villages.Villages, p: int) -> list:
    """The legal list worked out with no kept index at all."""
    w = g.clone(keep_log=False)
    assert w._hand_index == {}
    return list(main_legal(w, p))


@pytest.mark.parametrize("options", [{}, EVERYTHING], ids=["base", "expansions"])
def test_kept_indexes_match_fresh_ones_through_random_play(options: dict) -> None:
    for seed in range(6):
        g = villages.new_game(players=3 + seed % 3, seed=seed, **options).clone(keep_log=False)
        rnd = random.Random(seed)
        while not g.is_over():
            p = g.to_act()[0]
            acts = g.legal_actions(p)
            if g.phase == "main":
                assert list(acts) == _fresh_legal(g, p)
            g.apply(p, acts[int(rnd.random() * len(acts))])
            assert index_problems(g) == []


def test_a_hand_changed_behind_the_index_is_grouped_afresh() -> None:
    g = villages.new_game(players=3, seed=4, **EVERYTHING)
    while g.phase != "main":
        p = g.to_act()[0]
        g.apply(p, g.legal_actions(p)[0])
    p = g.to_act()[0]
    g.legal_actions(p)
    kept = g._hand_index[p]
    # swap a card of the hand for one of the deck, without telling the index
    g.hands[p].remove(g.hands[p][0])
    g.hands[p].append(g.deck.pop())
    g.hands[p].sort(key=g.order.__getitem__)
    g._legal = None
    assert list(g.legal_actions(p)) == _fresh_legal(g, p)
    assert g._hand_index[p] is not kept


def test_audit_reports_an_index_out_of_step_with_its_hand() -> None:
    g = villages.new_game(players=2, seed=1, **EVERYTHING)
    g._hand_index[0] = ix = HandIndex(g.cards, g.hands[0])
    assert g.audit() == []
    ix.units.clear()
    assert any("hand index" in problem for problem in g.audit())
