"""Why a card cannot be chosen now, as the table says it to a screen reader: market cards
during the Plan phase (the rule's words), the hand once its plan is in."""

from __future__ import annotations

from village_games import village_pillage
from village_games.village_pillage.table_notes import hand_notes, market_notes


def test_in_the_plan_phase_the_hand_is_free_and_the_market_says_the_rule() -> None:
    g = village_pillage.new_game(players=3, seed=5, names=["Ana", "Ben", "Cy"])
    assert hand_notes(g, 0) == {}
    notes = market_notes(g, 0)
    assert set(notes) == {c for c in g.market if c}
    assert all(n.startswith("it is the Plan phase") for n in notes.values())


def test_once_planned_the_hand_waits_for_the_others() -> None:
    g = village_pillage.new_game(players=3, seed=5, names=["Ana", "Ben", "Cy"])
    g.apply(0, g.legal_actions(0)[0])
    assert 0 not in g.to_act() and g.phase == "plan"
    notes = hand_notes(g, 0)
    assert set(notes) == set(g.players[0].hand)
    assert set(notes.values()) == {"your cards are planned: the others are still choosing"}
