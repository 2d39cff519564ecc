"""Why a card of the hand cannot be played now, as the table says it to a screen reader:
the rule of the phase at hand, or "not your turn"."""

from __future__ import annotations

from village_games.villages import Attack, Discard
from village_games.villages.table_notes import hand_notes

from .scenarios import make

BLUE = ["Blue Farmer", "Blue Builder", "Blue Monk"]


def test_before_the_draw_every_card_waits_for_the_draw_and_the_other_seat_waits_its_turn(
) -> None:
    g = make([{"hand": ["Red Orc", "Pig"]}, {"hand": ["Blue Monk"]}], phase="draw")
    notes = hand_notes(g, 0)
    assert set(notes) == {"Red Orc", "Pig"}
    assert notes["Pig"].startswith("a turn starts by drawing")
    assert hand_notes(g, 1) == {"Blue Monk": "it is not your turn"}


def test_in_the_main_phase_a_card_in_some_move_has_no_note_until_the_action_is_used(
) -> None:
    g = make([{"hand": ["Red Orc", "Red Warrior", "Blue Monk"]}, {}])
    assert hand_notes(g, 0) == {}  # any card may be discarded
    g.apply(0, Discard("Blue Monk"))
    notes = hand_notes(g, 0)
    assert set(notes) == {"Red Orc", "Red Warrior"}
    assert "already taken this turn's one action" in notes["Red Orc"]


def test_a_defender_hears_that_only_units_fight() -> None:
    g = make([{"villages": {"Red": ["Red Farmer", "Red Builder", "Red Conqueror"]}},
              {"villages": {"Blue": BLUE}, "hand": ["Pig", "Blue Knight"]}])
    g.apply(0, Attack(1, "Blue", "Red Conqueror", "Red"))
    assert hand_notes(g, 1) == {"Pig": "only units fight: defend with a unit"}
    assert set(hand_notes(g, 0)) == set(g.hands[0])  # the attacker waits
