"""Saints: Benefactor, Nun, Pigeoneer, Prophet, Recruiter, each with its clarification."""

from __future__ import annotations

from village_games.villagers import DraftRoad, EndTurn
from village_games.villagers.expansions.actions import (
    PlayBenefactor,
    PlayPigeoneer,
    PlayProphet,
    Recruit,
    TakeCard,
)

from .expansion_scenarios import make_ext
from .scenarios import EMPTY_STACKS, refused, slot_of, village_cards

SAINTS = ["saints"]


def draft_position(hand: list[str], village: list | None = None, gold: int = 8, **table):
    return make_ext([{"gold": gold, "hand": hand, "village": village or ["Founders"]},
                     {"hand": ["Nun"]}], SAINTS, phase="draft", **table)


def test_benefactor_builds_during_the_draft_and_the_draft_goes_on() -> None:
    g = draft_position(["Benefactor", "Wheeler"], ["Founders", "Lumberjack"])
    g.apply(0, PlayBenefactor("Wheeler", slot_of(g, 0, "Lumberjack"), None))
    assert village_cards(g, 0) == ["Founders", "Lumberjack", "Wheeler"]
    assert "Benefactor" in g.discard and g.players[0].hand() == []
    assert g.to_act() == [0] and DraftRoad(0) in g.legal_actions(0)


def test_benefactor_pays_padlocks_and_refuses_specials() -> None:
    g = draft_position(["Benefactor", "Cooper", "Monk"], ["Founders", "Lumberjack"])
    assert "not a Special" in refused(g, 0, PlayBenefactor("Monk", None, None))
    g.apply(0, PlayBenefactor("Cooper", slot_of(g, 0, "Lumberjack"), "bank"))
    assert g.players[0].gold == 6  # nobody has a Blacksmith: 2 Gold to the Bank


def test_benefactor_is_a_draft_phase_card_only() -> None:
    g = draft_position(["Benefactor", "Wheeler"], ["Founders", "Lumberjack"])
    g.phase = "build"
    assert not any(type(a) is PlayBenefactor for a in g.legal_actions(0))


def test_nun_scores_the_best_silver_of_a_villager_held_once() -> None:
    """Second Market: the Log Rafter (one copy) is worth 4; the two Grocers (6 each) are
    two copies, so the Nun passes them over."""
    g = make_ext([{"gold": 0, "village": ["Founders", "Nun", ["Lumberjack", "Log Rafter"],
                                          "Lumberjack", "Grocer", "Grocer", "Hunter",
                                          "Harvester"]},
                  {"gold": 0, "hand": ["Pigeoneer"]}],
                 SAINTS, phase="build", turn=1, markets=1, stacks=EMPTY_STACKS, reserve=[])
    g.apply(1, EndTurn())
    # Founders 2 printed; Silver: Grocers 2 x 6 (2 Food), Log Rafter 4 (4 Wood); Nun: 4
    assert g.is_over() and g.players[0].gold == 2 + 6 + 6 + 4 + 4


def test_pigeoneer_keeps_one_of_the_reserve_top_six_and_returns_the_rest() -> None:
    reserve = ["Wheeler", "Mason", "Graper", "Cooper", "Fisher", "Agent", "Jeweler", "Hunter"]
    g = make_ext([{"hand": ["Pigeoneer"]}, {"hand": ["Nun"]}], SAINTS, phase="build",
                 reserve=reserve)
    g.apply(0, PlayPigeoneer())
    assert g.phase == "pick" and g.to_act() == [0]
    assert g.observation(0)["expansions"]["pending"]["options"] == sorted(
        reserve[2:], key=g.order.__getitem__)
    assert g.observation(1)["expansions"]["pending"]["options"] is None
    assert "one of" in refused(g, 0, TakeCard("Wheeler"))  # not among the six
    g.apply(0, TakeCard("Jeweler"))
    assert g.players[0].hand() == ["Jeweler"] and g.phase == "build"
    assert g.reserve.cards == ["Wheeler", "Mason", "Graper", "Cooper", "Fisher", "Agent",
                               "Hunter"]
    assert g.reserve.known[2:] == [1] * 5 and g.reserve.known[:2] == [0, 0]


def test_prophet_searches_a_stack_and_that_is_the_turns_draft() -> None:
    stacks = [["Mason", "Jeweler", "Wheeler"], ["Fisher"], [], [], [], []]
    g = draft_position(["Prophet"], stacks=stacks)
    g.apply(0, PlayProphet(0))
    assert g.observation(0)["expansions"]["pending"]["options"] == ["Wheeler", "Mason",
                                                                     "Jeweler"]
    g.apply(0, TakeCard("Jeweler"))
    assert g.players[0].square == ["Jeweler"]
    assert g.stacks[0].cards == ["Mason", "Wheeler"]
    assert g.to_act() == [1]  # the Prophet counted as the draft
    assert "Prophet" in g.discard


def test_prophet_cannot_search_the_reserve_or_an_empty_stack() -> None:
    g = draft_position(["Prophet"], stacks=[[], ["Fisher"], [], [], [], []])
    assert "stack that still has cards" in refused(g, 0, PlayProphet(0))


def test_recruiter_pays_one_gold_to_draft_twice_in_a_turn() -> None:
    g = draft_position([], ["Founders", "Recruiter"], gold=3)
    g.apply(0, Recruit())
    assert g.players[0].gold == 2
    g.apply(0, DraftRoad(0))
    assert g.to_act() == [0]  # the second draft of the same turn
    assert "paid this turn already" in refused(g, 0, Recruit())
    g.apply(0, DraftRoad(1))
    assert g.to_act() == [1] and g.players[0].drafting is False  # limit 2 reached


def test_recruiter_respects_the_drafting_limit() -> None:
    g = draft_position([], ["Founders", "Recruiter"], square=None)
    g.players[0].square = ["Wheeler"]
    g._legal = None
    assert "room for only one" in refused(g, 0, Recruit())
