"""Why a card of the hand cannot be played now, as the table says it to a screen reader:
in the Build/Hire Phase the rule that refuses its Build, else the phase it waits for."""

from __future__ import annotations

from village_games.villagers_and_villains import Build
from village_games.villagers_and_villains.table_notes import hand_notes

from .scenarios import make


def test_a_card_too_dear_to_build_says_its_price_and_the_gold_held() -> None:
    g = make([{"gold": 3, "hand": ["Farm", "Guild Hall"]}, {"gold": 0, "hand": ["Scholar"]}],
             phase="build")
    notes = hand_notes(g, 0)
    assert set(notes) == {"Guild Hall"}
    assert notes["Guild Hall"] == g.why_illegal(0, Build("Guild Hall"))
    assert "costs" in notes["Guild Hall"] and "you have 3" in notes["Guild Hall"]
    assert hand_notes(g, 1) == {"Scholar": "it is not your turn"}


def test_outside_the_build_phase_a_card_waits_for_it() -> None:
    g = make([{"gold": 9, "hand": ["Farm"]}, {}])
    assert g.phase == "recruit" and g.to_act() == [0]
    assert "built or hired in the Build/Hire Phase" in hand_notes(g, 0)["Farm"]
