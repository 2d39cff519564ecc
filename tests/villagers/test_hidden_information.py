"""Hidden information: hands hidden but suits visible, drafted cards public, returned
cards show only their suit; the log follows the observation; determinize is fair."""

from __future__ import annotations

import json
import random

from village_games import villagers
from village_games.villagers import DraftRoad, DraftStack, TakeBasic

from .scenarios import make

STACKS = [["Cooper"], ["Cooper"], ["Mason"], ["Seeker"], ["Tinner"], ["Tinner"]]


def test_hands_are_hidden_but_their_suits_show() -> None:
    g = villagers.new_game(3, seed=5)
    secret = g.players[1].hand_sec
    obs = g.observation(0)
    assert obs["players"][1]["hand"] is None and obs["players"][1]["hand_size"] == 5
    assert sorted(obs["players"][1]["hand_hidden_suits"]) == sorted(
        g.cards[c].suit for c in secret)
    assert g.observation(1)["players"][1]["hand"] == sorted(secret, key=g.cards.order.get)
    text = json.dumps(obs)
    for name in set(secret) - set(g.road) - set(obs["players"][0]["hand"]):
        assert f'"{name}"' not in text
    assert "dealt 5 cards" in g.log_for(0)[2]
    assert all(c not in g.log_for(0)[2] for c in secret)
    assert all(c in g.log_for(1)[2] for c in secret)


def test_drafted_cards_are_public_from_square_to_hand() -> None:
    g = make([{"draft_limit": 2}, {}, {}], stacks=STACKS)
    g.apply(0, DraftRoad(0))
    g.apply(1, DraftStack(3))
    assert g.observation(2)["players"][1]["square"] == ["Seeker"]
    g.apply(2, DraftRoad(1))
    g.apply(0, DraftRoad(2))
    assert sorted(g.observation(2)["players"][0]["hand_known"]) == sorted(
        g.players[0].hand_pub)


def test_a_returned_known_card_stays_known_when_the_table_can_tell_which_it_was() -> None:
    g = make([{"hand_pub": ["Jeweler"], "hand": ["Fisher"]}, {}], phase="build",
             stacks=STACKS)
    g.apply(0, TakeBasic("Miner", "Jeweler", 1))
    assert g.observation(1)["stacks"][1]["known"] == [[1, "Jeweler"]]


def test_after_a_return_the_table_loses_track_of_that_suit_in_the_hand() -> None:
    g = make([{"hand_pub": ["Jeweler", "Mason"], "hand": ["Fisher"]}, {}], phase="build",
             stacks=STACKS[:2] + [["Priest"], ["Seeker"], ["Tinner"], ["Tinner"]])
    g.apply(0, TakeBasic("Miner", "Jeweler", 1))
    seen = g.observation(1)["players"][0]
    assert seen["hand_known"] == [] and seen["hand_hidden_suits"] == ["Ore", "Solitary"]
    assert g.observation(1)["stacks"][1]["known"] == []


def test_face_down_pile_suits_are_remembered_once_seen_on_top() -> None:
    g = make([{}, {}, {}], stacks=[["Fisher", "Cooper", "Agent"], ["Mason"], ["Priest"],
                                   ["Seeker"], ["Tinner"], ["Tinner"]])
    assert g.observation(1)["stacks"][0]["suits"] == [None, None, "Solitary"]
    g.apply(0, DraftStack(0))
    assert g.observation(1)["stacks"][0]["suits"] == [None, "Wood"]


def test_determinize_keeps_what_the_seat_sees_and_deals_the_rest_by_suit() -> None:
    g = villagers.new_game(4, seed=11)
    for _ in range(5):
        p = g.to_act()[0]
        g.apply(p, g.legal_actions(p)[-1])
    obs = g.observation(0)
    worlds = [g.determinize(0, random.Random(k)) for k in range(6)]
    assert all(w.observation(0) == obs for w in worlds)
    hands = {tuple(w.players[1].hand_sec) for w in worlds}
    assert len(hands) > 1  # other hands really are resampled
    for w in worlds:
        assert sorted(w.cards[c].suit for c in w.players[1].hand_sec) == sorted(
            g.cards[c].suit for c in g.players[1].hand_sec)
        assert w.players[0].hand() == g.players[0].hand() and w.quiet and not w.log
        assert w.audit() == []


def test_determinize_depends_only_on_the_observers_view() -> None:
    """Two games that differ only in a card seat 0 cannot see give the same worlds."""
    base = {"players": [{"hand": ["Fisher"]}, {"hand": ["Jeweler"]}], "phase": "build",
            "stacks": [["Cooper"], ["Cooper"], ["Mason"], ["Seeker"], ["Tinner"],
                       ["Tinner"]], "reserve": ["Spelunker", "Agent"]}
    twin = json.loads(json.dumps(base))
    twin["players"][1]["hand"] = ["Spelunker"]
    twin["reserve"] = ["Jeweler", "Agent"]
    a, b = villagers.Villagers.from_dict(base), villagers.Villagers.from_dict(twin)
    assert a.observation(0) == b.observation(0)
    wa, wb = a.determinize(0, random.Random(3)), b.determinize(0, random.Random(3))
    assert wa.to_dict() == wb.to_dict()
    assert a.observation(1) != b.observation(1)


def test_the_log_for_a_seat_never_names_a_card_it_cannot_see() -> None:
    g = make([{"hand": ["Jeweler", "Cooper"]}, {}], phase="build", stacks=[
        ["Fisher"], ["Mason"], ["Priest"], ["Seeker"], ["Tinner"], ["Tinner"]])
    g.apply(0, TakeBasic("Hayer", "Jeweler", 0))
    assert "Jeweler" not in " ".join(g.log_for(1))
    assert "Jeweler" in " ".join(g.log_for(0))
    assert "_card" not in g.log[-1].visible_data(1) and "_card" in g.log[-1].visible_data(0)


def test_a_spectator_sees_no_hand_and_the_referee_view_sees_all() -> None:
    from village_games.core.game import ALL_CARDS

    g = villagers.new_game(3, seed=5)
    spectator = g.observation(None)
    assert all(p["hand"] is None for p in spectator["players"])
    assert all(s["known"] == [] for s in spectator["stacks"])
    full = g.view(ALL_CARDS)
    assert full["all_cards"] and all(p["hand"] for p in full["players"])
    assert full["stacks"][0]["known"][0][1] == g.stacks[0].cards[0]
