"""The protocol: saves round-trip and refuse other versions, clones are independent,
refusals explain the rule, the game declares its facts, outcomes report the end."""

from __future__ import annotations

import json
import random

import pytest

from village_games import villages
from village_games.core.errors import IllegalAction
from village_games.villages import INFO, Discard, Draw, Villages

from .scenarios import make, refused


def _played(seed: int, moves: int) -> Villages:
    g = villages.new_game(3, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        p = g.to_act()[0]
        g.apply(p, rng.choice(g.legal_actions(p)))
    return g


def test_save_round_trip_is_exact_through_json() -> None:
    g = _played(3, 80)
    d = json.loads(json.dumps(g.to_dict()))
    again = Villages.from_dict(d)
    assert again.to_dict() == g.to_dict()
    rng = random.Random(1)
    for _ in range(40):  # and plays on the same
        p = g.to_act()[0]
        a = rng.choice(g.legal_actions(p))
        g.apply(p, a)
        again.apply(p, a)
    assert again.to_dict() == g.to_dict()


def test_a_save_from_another_version_is_refused() -> None:
    d = villages.new_game(2, seed=1).to_dict()
    with pytest.raises(ValueError, match="format version 99; this program reads version 1"):
        Villages.from_dict({**d, "version": 99})
    with pytest.raises(ValueError, match="not Villages"):
        Villages.from_dict({**d, "game": "villagers"})


def test_a_scenario_with_a_card_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="Red Orc is placed 2 times"):
        make([{"hand": ["Red Orc"]}, {"hand": ["Red Orc"]}])
    with pytest.raises(ValueError, match="not a card of this deck"):
        make([{"hand": ["Red Unicorn"]}, {}])


def test_clone_is_independent_and_quiet_clone_keeps_no_log() -> None:
    g = _played(4, 30)
    twin = g.clone()
    p = twin.to_act()[0]
    twin.apply(p, twin.legal_actions(p)[0])
    assert twin.to_dict() != g.to_dict()
    quiet = g.clone(keep_log=False)
    assert quiet.log == [] and quiet.history == []
    assert quiet.apply(p, quiet.legal_actions(p)[0]) == []


def test_illegal_moves_name_the_rule_and_change_nothing() -> None:
    g = villages.new_game(3, seed=2)
    assert "drawing 2 cards" in refused(g, 0, Discard(g.hands[0][0]))
    assert "nothing to decide" in refused(g, 1, Draw("deck"))
    assert "unknown action type" in refused(g, 0, {"type": "Pass"})
    assert "Draw takes the fields source" in refused(g, 0, {"type": "Draw"})
    with pytest.raises(IllegalAction):
        g.apply(0, "Draw")  # type: ignore[arg-type]


def test_actions_have_dict_forms_that_play_the_same() -> None:
    g = villages.new_game(3, seed=2)
    g.apply(0, {"type": "Draw", "source": "deck"})
    assert g.history[-1] == (0, Draw("deck"))
    assert Draw("deck").to_dict() == {"type": "Draw", "source": "deck"}
    assert str(villages.Attack(1, "Blue", "Red Orc", "hand")) == \
        "Attack(seat=1, village=Blue, unit=Red Orc, source=hand)"


def test_the_game_declares_its_facts() -> None:
    assert (INFO.min_players, INFO.max_players) == (2, 5)
    assert not INFO.simultaneous and INFO.chance and INFO.hidden_information
    assert INFO.stand_in_deck and Villages.info is INFO and Villages.game_name == "villages"


def test_draws_and_reveals_are_final_events_so_undo_stops_there() -> None:
    g = villages.new_game(3, seed=2)
    events = g.apply(0, Draw("deck"))
    assert events[0].chance and events[0].final
    events = g.apply(0, Draw("discard"))
    assert not events[0].final  # the discard pile is face up: nothing new was seen
    card = g.hands[0][0]
    events = g.apply(0, Discard(card))
    assert events[0].reveals
    assert all(e.final for e in g.log if e.kind in ("round", "deal"))


def test_a_finished_game_reports_its_outcome() -> None:
    g = villages.new_game(2, seed=8)
    rng = random.Random(8)
    while not g.is_over():
        p = g.to_act()[0]
        g.apply(p, rng.choice(g.legal_actions(p)))
    out = g.outcome()
    assert out is not None and out.reason and len(out.scores) == 2
    assert list(out.winners) == g.winners()
    assert max(g.totals) >= 100
    assert g.scores() == [float(t) for t in g.totals]
    assert villages.replay(g.record()).to_dict() == g.to_dict()


def test_a_replay_timeline_shows_each_step() -> None:
    g = _played(5, 25)
    tl = villages.timeline(g.record(), viewer=1)
    assert len(tl) > 10 and tl.steps[-1].obs == g.observation(1)


def test_explanations_agree_with_the_legal_list() -> None:
    """No legal action draws an objection, and every refused one gets a reason of its own
    (never the generic fallback)."""
    from village_games.villages.choices import why_not

    for seed in range(8):
        g = villages.new_game(2 + seed % 4, seed=seed, max_rounds=1)
        rng = random.Random(seed)
        seen: list = []
        while not g.is_over():
            p = g.to_act()[0]
            legal = g.legal_actions(p)
            every = list(legal)
            assert all(why_not(g, p, a) is None for a in every[:80])
            for a in seen[-25:]:
                if a not in legal:
                    assert why_not(g, p, a), f"{a} is refused without a reason"
            seen = (seen + every[:40])[-60:]
            g.apply(p, rng.choice(legal))


def test_a_game_started_from_a_scenario_replays_from_its_record() -> None:
    g = make([{"hand": ["Red Orc", "Pig"]},
              {"villages": {"Blue": ["Blue Farmer", "Blue Monk", "Blue Ace"]}}])
    g.apply(0, villages.Attack(1, "Blue", "Red Orc", "hand"))
    g.apply(1, villages.Defend("Blue Monk", "Blue"))
    rec = json.loads(json.dumps(g.record()))
    assert "start" in rec
    assert villages.replay(rec).to_dict() == g.to_dict()
