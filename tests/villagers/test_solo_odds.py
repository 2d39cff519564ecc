"""The events the Countess's next villager brings: exact chances, checked by re-deals."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from village_games.bots.solo_games import event_phase_position
from village_games.villagers import Villagers
from village_games.villagers.odds import reserve_top_chances
from village_games.villagers.solo.dealing import events_to_deal
from village_games.villagers.solo.odds import (
    event_count_chances,
    expected_events,
    simulate_event_counts,
    worth_to_countess,
)
from village_games.villagers.table_notes import unseen_by_suit


def test_the_rulebook_thresholds_for_new_events():
    assert [events_to_deal(v, "normal") for v in (0, 1, 9, 10, 25)] == [3, 2, 2, 1, 1]
    assert events_to_deal(12, "hard") == 1 and events_to_deal(0, "hard") == 3
    assert {events_to_deal(v, "beginner") for v in (0, 5, 10)} == {1}


def test_the_exact_chances_follow_the_reserve_tops_suit_and_add_up_to_one():
    g = event_phase_position("normal", 3, 3)
    obs = g.observation(0)
    tops = reserve_top_chances(obs, g.cards)
    assert tops and {g.cards[n].suit for n in tops} == {obs["reserve"]["top_suit"]}
    chances = event_count_chances(g)
    assert sum(chances.values()) == 1 and set(chances) <= {1, 2, 3}
    by_hand: dict[int, Fraction] = {}
    for name, p in tops.items():
        k = events_to_deal(worth_to_countess(g, name), "normal")
        by_hand[k] = by_hand.get(k, Fraction(0)) + p
    assert chances == by_hand


def test_valuing_a_card_for_her_leaves_the_game_untouched():
    g = event_phase_position("normal", 4, 2)
    before = g.to_dict()
    worth_to_countess(g, g.reserve.cards[-1])
    assert g.to_dict() == before


def test_re_dealing_the_hidden_cards_agrees_with_the_exact_mean():
    g = event_phase_position("normal", 5, 3)
    exact = float(expected_events(event_count_chances(g)))
    sims = simulate_event_counts(g, 0, 3000, seed=9)
    spread = sims.std() / math.sqrt(sims.size)
    assert abs(sims.mean() - exact) < 4 * spread + 1e-9


def test_beginner_mode_always_deals_one_event():
    g = event_phase_position("beginner", 5, 2)
    assert event_count_chances(g) == {1: Fraction(1)}


def test_a_game_for_two_or_more_has_no_events_to_count():
    g = Villagers.new(players=2, seed=1)
    with pytest.raises(ValueError, match="not a solo game"):
        event_count_chances(g)


def test_a_solo_game_counts_no_special_villager_as_unseen():
    solo = unseen_by_suit(Villagers.new(players=1, seed=2).observation(0),
                          Villagers.new(players=1, seed=2).cards)
    duel = unseen_by_suit(Villagers.new(players=2, seed=2).observation(0),
                          Villagers.new(players=2, seed=2).cards)
    assert "Special" not in solo and "Special" in duel
