"""The referee's view (`full_observation`): every card face up, for replays of finished
games; the seats' and the spectator's views keep hiding what they hid."""

import random

from village_games import village_pillage
from village_games.core import ALL_CARDS
from village_games.village_pillage.views import HIDDEN


def planned_game(players: int) -> village_pillage.Game:
    """Everyone but the last seat has planned: the plans are still face down."""
    g = village_pillage.new_game(players=players, seed=4)
    for seat in range(players - 1):
        g.apply(seat, random.Random(seat).choice(list(g.legal_actions(seat))))
    return g


def test_the_full_view_shows_every_hand_and_face_down_plan():
    for players in (2, 3, 5):
        g = planned_game(players)
        full = g.full_observation()
        assert full["all_cards"] is True and full["viewer"] is None
        for i, p in enumerate(full["players"]):
            village = g.players[i]
            assert p["hand"] == village.hand
            assert p["plan"] == village.plan and HIDDEN not in p["plan"]
        spectator = g.observation(None)
        assert spectator["all_cards"] is False
        assert all(p["hand"] is None for p in spectator["players"])
        assert HIDDEN in spectator["players"][0]["plan"]
        assert g.view(ALL_CARDS) == full and g.view(1) == g.observation(1)


def test_drawn_face_down_cards_are_known_in_the_full_view_only():
    g = village_pillage.Game.from_dict({"players": [
        {"hand": ["Farmer", "Wall", "Raider", "Merchant", "Bard"], "secret": ["Bard"]}, {}, {}]})
    assert "Bard" in g.full_observation()["players"][0]["cards_known"]
    assert g.full_observation()["players"][0]["hand"][-1] == "Bard"
    assert "Bard" in g.observation(0)["players"][0]["cards_known"]
    for viewer in (1, 2, None):
        seen = g.observation(viewer)["players"][0]
        assert "Bard" not in seen["cards_known"] and seen["secret_count"] == 1


def test_a_traced_move_can_report_the_full_view_after_each_event():
    g = planned_game(3)
    steps = g.apply_traced(2, g.legal_actions(2)[0], ALL_CARDS)
    assert steps and all(s.obs["all_cards"] for s in steps)
    assert steps[-1].obs == g.full_observation()
