"""The engine protocol: refusals naming the rule, malformed input, saves and versions,
records and scenarios that replay, read-only legal lists, traces, events' flags."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Sequence
from itertools import islice

import pytest

from village_games import villagers_and_villains as vv
from village_games.core.actions import Action
from village_games.core.errors import IllegalAction
from village_games.villagers_and_villains import (
    Attack,
    Build,
    Pass,
    PayVend,
    Recruit,
    Roll,
    UseAbility,
    VillagersAndVillains,
)

from .scenarios import make, refused, state


def decisions(g: VillagersAndVillains) -> Iterator[tuple[int, Sequence[Action]]]:
    """Each decision of `g` to its end: the seat to act and its legal list (the caller
    applies a move before asking for the next)."""
    while not g.is_over():
        p = g.to_act()[0]
        yield p, g.legal_actions(p)


def play_some(g: VillagersAndVillains, steps: int, seed: int = 0) -> VillagersAndVillains:
    rng = random.Random(seed)
    for p, legal in islice(decisions(g), steps):  # (at most `steps` moves)
        g.apply(p, rng.choice(legal))
    return g


def test_out_of_turn_and_malformed_actions_are_refused_without_change() -> None:
    g = vv.new_game(3, seed=2)
    assert "nothing to decide" in refused(g, 1, Recruit(1))
    assert "'type' key" in refused(g, 0, {"position": 1})
    assert "unknown action type" in refused(g, 0, {"type": "Steal"})
    assert "must be int" in refused(g, 0, {"type": "Recruit", "position": "x"})
    assert "an action must be one of" in refused(g, 0, 42)
    assert "player must be a seat" in refused(g, 7, Recruit(1))
    assert "Recruit(position)" in refused(g, 0, Build("Farm"))
    g.apply(0, {"type": "Recruit", "position": 1})
    assert g.to_act() == [1]


def test_refusals_name_the_rule_in_the_games_words() -> None:
    g = make([{"town": ["Witch"]}, {}], phase="defend")
    assert "attack a challenge (Attack) or stop (Pass)" in refused(g, 0, Recruit(1))
    assert "advanced game" in refused(g, 0, UseAbility("Witch"))
    assert "advanced game" in refused(g, 0, PayVend(1, "Tower"))
    g.apply(0, Attack("Witch", None))
    assert "Roll" in refused(g, 0, Pass())


def test_nothing_but_illegal_action_is_raised_for_odd_actions() -> None:
    g = make([{"town": ["Witch", "Castle"]}, {"town": ["Tower"]}], advanced=True)
    odd = [Recruit(-1), Recruit(99), Attack("Nobody", None), Attack("Witch", "Witch"),
           UseAbility("Nobody"), PayVend(9, "Tower"), PayVend(1, "Nobody"),
           vv.MoveStart(17), vv.Resolve("taxes"), Build("Witch"), vv.AllowVend()]
    for action in odd:
        with pytest.raises(IllegalAction):
            g.apply(0, action)


def test_round_trip_through_json_and_clone_independence() -> None:
    g = play_some(vv.new_game(4, seed=6, advanced=True), 120)
    again = VillagersAndVillains.from_dict(json.loads(json.dumps(g.to_dict())))
    assert state(again) == state(g)
    twin = g.clone()
    p = twin.to_act()[0]
    twin.apply(p, twin.legal_actions(p)[0])
    assert state(twin) != state(g)


def test_a_saved_game_offers_the_same_choices_once_loaded_card_abilities_included() -> None:
    # the game keeps a phase's town abilities as its turns are set up: a loaded save,
    # whose phase began before it was saved, must offer them all the same
    with_ability = 0
    for seed in range(2):
        g = vv.new_game(3, seed=seed, advanced=True)
        rng = random.Random(seed)
        for p, legal in decisions(g):
            if g.turn_state.step == "choose" and rng.random() < 0.3:
                loaded = VillagersAndVillains.from_dict(g.to_dict())
                assert loaded.legal_actions(p) == legal
                with_ability += any(type(a) in (UseAbility, PayVend) for a in legal)
            g.apply(p, rng.choice(legal))
    assert with_ability > 0


def test_saves_carry_a_format_version_and_other_versions_are_refused() -> None:
    d = vv.new_game(2, seed=1).to_dict()
    assert d["version"] == 1 and d["game"] == "villagers_and_villains"
    with pytest.raises(ValueError, match="format version 99; this program reads version 1"):
        VillagersAndVillains.from_dict({**d, "version": 99})
    with pytest.raises(ValueError, match="not Villagers & Villains"):
        VillagersAndVillains.from_dict({**d, "game": "villagers"})


def test_a_save_with_a_card_too_many_or_missing_is_refused() -> None:
    d = vv.new_game(2, seed=1).to_dict()
    d["players"][0]["town"] = ["Farm"] if "Farm" not in d["players"][0]["town"] else []
    with pytest.raises(ValueError, match="Farm"):
        VillagersAndVillains.from_dict(d)


def test_records_replay_to_the_same_game_scenarios_included() -> None:
    g = play_some(vv.new_game(3, seed=4, advanced=True, names=["Ana", "Ben", "Cy"]), 2000)
    assert g.is_over()
    again = vv.replay(g.record())
    assert state(again) == state(g) and again.outcome() == g.outcome()
    s = make([{"town": ["Witch"]}, {}], phase="defend", dice=[5])
    s.apply(0, Attack("Witch", None))
    s.apply(0, Roll())
    assert state(vv.replay(s.record())) == state(s)


def test_legal_lists_are_read_only_and_not_shared_between_games() -> None:
    g = make([{"gold": 6, "hand": ["Farm", "Mill"]}, {}], phase="build")
    legal = g.legal_actions(0)
    assert isinstance(legal, tuple)
    twin = g.clone()
    twin.apply(0, Build("Farm"))
    assert Build("Farm") in g.legal_actions(0)


def test_legal_list_agrees_with_the_refusals() -> None:
    """No reason for a listed action; a reason for every other action seen elsewhere."""
    rng = random.Random(8)
    seen: list = []
    for seed in range(6):
        g = vv.new_game(2 + seed % 4, seed=seed, advanced=seed % 2 == 1)
        while not g.is_over():
            p = g.to_act()[0]
            legal = g.legal_actions(p)
            for a in seen[-60:]:
                if a not in legal:
                    assert not g.is_legal(p, a)
                    assert g.why_illegal(p, a), a
            seen += list(legal)[:6]
            g.apply(p, rng.choice(legal))


def test_traced_moves_show_each_step_and_end_on_the_table_as_it_is() -> None:
    g = make([{"town": ["Witch"]}, {}], phase="defend", dice=[4])
    g.apply(0, Attack("Witch", None))
    steps = g.apply_traced(0, Roll(), viewer=1)
    assert [s.event.kind for s in steps][:3] == ["die", "defeat", "gain"]
    assert steps[1].obs["players"][0]["hand_known"][-1] == "Witch"
    assert steps[-1].obs == g.observation(1)


@pytest.mark.parametrize("advanced", [False, True])
def test_each_pillage_and_earning_step_shows_that_mayors_turn(advanced: bool) -> None:
    # a phase without choices may be played in one go, but a step-by-step display still
    # shows each mayor's loss or earnings during that mayor's own turn
    seen = 0
    for seed in range(6):
        g = vv.new_game(3, seed=seed, advanced=advanced)
        rng = random.Random(seed)
        for p, legal in decisions(g):
            for s in g.apply_traced(p, rng.choice(legal), viewer=None):
                if s.event.kind in ("pillage", "gain") and s.obs["phase"] in ("pillage",
                                                                               "earning"):
                    seen += 1
                    assert s.obs["turn"]["seat"] is not None, s.event.text_for(None)
                    assert s.obs["to_act"] == [s.obs["turn"]["seat"]], s.event.text_for(None)
    assert seen > 50


def test_dice_draws_and_deals_are_final_so_undo_stops_there() -> None:
    g = play_some(vv.new_game(3, seed=5, advanced=True), 300)
    finals = {e.kind for e in g.log if e.final}
    assert {"die", "pool"} <= finals
    assert not any(e.final for e in g.log if e.kind in ("announce", "buy_roll", "attack"))


def test_scenarios_refuse_impossible_positions() -> None:
    with pytest.raises(ValueError, match="the deck has 1"):
        make([{"town": ["Farm"]}, {"hand": ["Farm"]}])
    with pytest.raises(ValueError, match="never goes into a town"):
        make([{"town": ["Angry Mob"]}, {}])
    with pytest.raises(ValueError, match="advanced game"):
        make([{}, {}], favor=0)
    with pytest.raises(ValueError, match="not a card"):
        make([{"hand": ["Unicorn"]}, {}])
    with pytest.raises(ValueError, match="phase must be one of"):
        make([{}, {}], phase="party")


def test_a_recorded_game_steps_through_as_its_seat_saw_it() -> None:
    g = play_some(vv.new_game(2, seed=12), 30)
    steps = vv.timeline(g.record(), viewer=1).steps
    assert steps[-1].obs == g.observation(1)
    # who acts next folds into the following step (only the very last one stays)
    assert all(s.event is None or s.event.kind != "next" for s in steps[:-1])


def test_a_save_that_does_not_add_up_is_refused() -> None:
    d = vv.new_game(3, seed=1, advanced=True).to_dict()
    with pytest.raises(ValueError, match="gold is not conserved"):
        VillagersAndVillains.from_dict({**d, "bank": d["bank"] + 5})
    with pytest.raises(ValueError, match="favor_seat must be null or a whole number"):
        VillagersAndVillains.from_dict({**d, "favor_seat": 9})
    with pytest.raises(ValueError, match="turn.step must be one of"):
        VillagersAndVillains.from_dict({**d, "turn": {**d["turn"], "step": "dance"}})


def test_a_finished_game_can_be_replayed_with_every_card_face_up() -> None:
    g = play_some(vv.new_game(2, seed=14, advanced=True), 3000)
    assert g.is_over()
    tl = vv.timeline(g.record(), viewer="all")
    assert tl.steps[-1].obs == g.full_observation()
    with pytest.raises(ValueError, match="only once the game is over"):
        vv.timeline(play_some(vv.new_game(2, seed=14), 5).record(), viewer="all")
