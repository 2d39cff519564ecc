"""The table notes the engine gives a display: why a hand card cannot be played, and the
villagers a seat has not seen yet per suit."""

from __future__ import annotations

from village_games import villagers
from village_games.villagers import Build, EndTurn
from village_games.villagers.table_notes import hand_notes, hand_states, unseen_by_suit

from .scenarios import make


def test_a_card_without_its_chain_is_refused_by_name_and_a_playable_one_is_not() -> None:
    g = make([{"hand": ["Cartwright", "Wheeler", "Fisher"], "village": ["Founders"]},
              {"village": ["Founders"]}], phase="build")
    notes = hand_notes(g, 0)
    assert set(notes) == {"Cartwright", "Wheeler"}
    assert "on a Wheeler" in notes["Cartwright"] and "Lumberjack" in notes["Wheeler"]
    assert hand_notes(g, 1) == {}  # not seat 1's turn


def test_a_full_build_limit_is_the_reason_once_used() -> None:
    g = make([{"hand": ["Fisher", "Beekeeper", "Hunter"], "village": ["Founders"]},
              {"village": ["Founders"]}], phase="build")
    for card in ("Fisher", "Beekeeper"):
        g.apply(0, next(a for a in g.legal_actions(0)
                        if isinstance(a, Build) and a.card == card))
    assert hand_notes(g, 0) == {"Hunter": "you have used your whole build limit this turn"}
    g.apply(0, EndTurn())
    assert hand_notes(g, 0) == {}


def test_unseen_counts_drop_when_a_card_shows() -> None:
    g = make([{"hand": ["Cartwright"], "village": ["Founders"]},
              {"village": ["Founders", ["Lumberjack", "Wheeler"]]}], phase="build")
    copies = g.cards["Cartwright"].copies
    mine = unseen_by_suit(g.observation(0), g.cards)["Wood"]
    theirs = unseen_by_suit(g.observation(1), g.cards)["Wood"]
    assert mine.get("Cartwright", 0) == copies - 1 and theirs["Cartwright"] == copies
    assert mine.get("Wheeler", 0) <= g.cards["Wheeler"].copies - 1  # one is in a village


def test_a_hand_card_is_said_to_wait_for_the_build_turn_or_for_ones_turn() -> None:
    g = villagers.new_game(players=2, seed=1, names=["Ana", "Ben"])
    assert g.phase == "draft" and g.to_act() == [0]
    mine = hand_states(g, 0)
    assert set(mine) == set(g.players[0].hand())
    assert all("Draft Phase" in why for why in mine.values())
    assert set(hand_states(g, 1).values()) == {"it is not your turn"}


def test_in_a_build_turn_the_states_are_the_notes_shown() -> None:
    g = make([{"hand": ["Cartwright", "Wheeler", "Fisher"], "village": ["Founders"]},
              {"village": ["Founders"]}], phase="build")
    assert hand_states(g, 0) == hand_notes(g, 0)
