"""What each step of a move looked like (`apply_traced`): the deal of a new round shows the
piles first and then each hand as it is dealt, with nobody to act in between; a unit hired
to defend stays face down until the reveal; builds, adds and gives bind only when the
turn ends."""

from __future__ import annotations

import random

from village_games import villages
from village_games.villages import Add, Attack, Build, Defend, Discard, EndTurn, Give

from .scenarios import make


def round_ending_trace(viewer: int):
    """The trace of the first move of a seeded game that ends round 1."""
    g = villages.new_game(players=3, seed=3, max_rounds=3)
    rng = random.Random(1)
    while True:
        p = g.to_act()[0]
        action = rng.choice(list(g.legal_actions(p)))
        trace = g.clone().apply_traced(p, action, viewer=viewer)
        if any(s.event.kind == "round" for s in trace):
            return trace
        g.apply(p, action)


def test_a_new_round_deals_each_hand_in_its_own_step_and_nobody_acts_meanwhile() -> None:
    trace = round_ending_trace(viewer=0)
    kinds = [s.event.kind for s in trace]
    start = kinds.index("round")
    assert kinds[start + 1:start + 4] == ["deal", "deal", "deal"]
    hands = [[p["hand_size"] for p in s.obs["players"]] for s in trace[start:start + 4]]
    assert hands == [[0, 0, 0], [8, 0, 0], [8, 8, 0], [8, 8, 8]]
    assert len(trace[start].obs["discard"]) == 3  # turned up with the round's first step
    between = [s.obs for s in trace if s.event.kind in ("score", "round", "deal")]
    assert between and all(o["to_act"] == [] for o in between)
    assert {o["phase"] for o in between} == {"scoring", "dealing"}
    assert trace[-1].obs["to_act"] == [trace[-1].obs["turn"]]  # then the first player


def test_the_status_line_names_nobody_while_the_round_is_dealt() -> None:
    from widgets.villages.render import status_html

    trace = round_ending_trace(viewer=0)
    dealing = next(s.obs for s in trace if s.event.kind == "round")
    line = status_html(dealing)
    assert "dealing the next round" in line and "’s turn" not in line


def test_a_unit_hired_to_defend_stays_face_down_until_the_reveal() -> None:
    g = make([{"villages": {"Red": ["Red Farmer", "Red Builder", "Red Squire"]}},
              {"hand": ["Blue Wizard"],
               "villages": {"Blue": ["Blue Farmer", "Blue Builder", "Blue Monk"]}},
              {}])
    g.apply(0, Attack(1, "Blue", "Red Squire", "Red"))
    for viewer, sees in ((0, False), (2, False), (None, False), (1, True)):
        trace = g.clone().apply_traced(1, Defend("Blue Wizard", "hand"), viewer=viewer)
        at_defend = next(s.obs["battle"] for s in trace if s.event.kind == "defend")
        assert (at_defend["defender"] == "Blue Wizard") is sees, viewer
        assert at_defend["d_hidden"] is not sees
        at_reveal = next(s.obs["battle"] for s in trace if s.event.kind == "reveal")
        assert at_reveal["defender"] == "Blue Wizard" and not at_reveal["d_hidden"]


def test_builds_adds_and_gives_may_be_taken_back_until_the_turn_ends() -> None:
    g = make([{"hand": ["Red Farmer", "Red Builder", "Red Squire", "Red Orc",
                        "Blue Wizard", "Pig"]},
              {"villages": {"Blue": ["Blue Farmer", "Blue Builder", "Blue Monk"]}}])
    for action in (Build("Red Farmer", "Red Builder", "Red Squire"),
                   Add("Red Orc", "Red"), Give("Blue Wizard", 1, "Blue")):
        events = g.apply(0, action)
        assert events and not any(e.final for e in events), action
        assert not type(action).final and g.to_act() == [0]
    assert g.apply(0, Discard("Pig"))[0].reveals  # the turn's action binds at once
    events = g.apply(0, EndTurn())
    assert events[0].kind == "end_turn" and events[0].reveals
