"""Choosing the Kickstarter expansions: options, setup, hidden dealt cards, saves."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from village_games import villagers
from village_games.villagers.expansions import EXPANSIONS

from .expansion_scenarios import ALL


def test_unknown_expansion_names_the_allowed_ones() -> None:
    with pytest.raises(ValueError, match="allowed: saints, scoundrels, profiteers, "
                                         "developments"):
        villagers.new_game(players=3, seed=1, expansions=["saints", "villains"])


def test_every_expansion_seats_two_to_five_and_refuses_the_solo_game() -> None:
    g = villagers.new_game(players=5, seed=1, expansions=EXPANSIONS)
    assert g.options["expansions"] == list(EXPANSIONS)
    with pytest.raises(ValueError, match="expansion"):
        villagers.new_game(players=1, seed=1, expansions="scoundrels")


def test_a_base_game_is_untouched_by_the_option() -> None:
    plain = villagers.new_game(players=3, seed=11)
    empty = villagers.new_game(players=3, seed=11, expansions=[])
    assert plain.to_dict() == empty.to_dict()
    assert "expansions" not in plain.options and "expansion_state" not in plain.to_dict()
    assert "expansions" not in plain.observation(0)


def test_each_player_gets_one_saint_and_one_scoundrel_as_hidden_hand_cards() -> None:
    g = villagers.new_game(players=4, seed=5, expansions=["saints", "scoundrels"])
    saints = {"Benefactor", "Nun", "Pigeoneer", "Prophet", "Recruiter"}
    dealt = {"Barbarian", "Courier", "Flaker", "Noble", "Schemer"}
    for seat, p in enumerate(g.players):
        hand = p.hand_sec
        assert len(hand) == 7
        assert len(saints & set(hand)) == 1 and len(dealt & set(hand)) == 1
        other = g.observation((seat + 1) % 4)["players"][seat]
        assert other["hand"] is None and other["hand_hidden_suits"].count("Special") >= 2
    assert len(g.ext.dealt) == 8  # one Saint and one Scoundrel stay in the box


@pytest.mark.parametrize("players, sheriffs", [(3, 0), (4, 2)])
def test_sheriffs_and_thieves_are_shuffled_in_from_four_players(players: int,
                                                                sheriffs: int) -> None:
    g = villagers.new_game(players=players, seed=2, expansions=["scoundrels"])
    everywhere = Counter(c for s in g.stacks for c in s.cards) + Counter(g.reserve.cards) \
        + Counter(c for p in g.players for c in p.hand())
    assert everywhere["Sheriff"] == everywhere["Thief"] == sheriffs


def test_the_eight_profiteers_are_mixed_into_the_deck() -> None:
    g = villagers.new_game(players=2, seed=4, expansions=["profiteers"])
    everywhere = Counter(c for s in g.stacks for c in s.cards) + Counter(g.reserve.cards) \
        + Counter(c for p in g.players for c in p.hand()) + Counter(c for c in g.road if c)
    assert {n: everywhere[n] for n in ("Alchemist", "Arkwright", "Captain", "Carter",
                                       "Freelancer", "Wholesaler")} == {
        "Alchemist": 1, "Arkwright": 1, "Captain": 1, "Carter": 1, "Freelancer": 2,
        "Wholesaler": 2}


def test_one_development_of_each_suit_lies_beside_the_road() -> None:
    seen = set()
    for seed in range(12):
        g = villagers.new_game(players=3, seed=seed, expansions=["developments"])
        rows = g.observation(None)["expansions"]["developments"]
        assert [r["suit"] for r in rows] == ["Technology", "Mercantile", "Community"]
        assert all(r["holder"] is None for r in rows)
        seen.update(r["name"] for r in rows)
    assert len(seen) > 6  # random draws, not always the same three


def test_expansion_games_save_load_and_replay() -> None:
    g = villagers.new_game(players=4, seed=9, expansions=ALL[:1] + ALL[2:] + ["scoundrels"])
    from village_games.bots.random_bot import RandomBot
    from village_games.core.seat import SeatView

    bot = RandomBot(seed=3)
    for _ in range(120):
        seat = g.to_act()[0]
        g.apply(seat, bot.act(SeatView(g, seat)))
    d = json.loads(json.dumps(g.to_dict()))
    h = villagers.Game.from_dict(d)
    assert h.to_dict() == g.to_dict()
    again = villagers.replay(g.record())
    assert again.to_dict()["players"] == g.to_dict()["players"]
    assert set(g.options["expansions"]) == set(EXPANSIONS)


def test_determinize_deals_again_which_saints_stayed_in_the_box() -> None:
    """Ana knows her own Saint and Scoundrel; which others were dealt is hidden from her."""
    import random

    g = villagers.new_game(players=2, seed=3, expansions="saints,scoundrels")
    mine = [c for c in g.players[0].hand_sec if c in g.ext.dealt]
    worlds = [g.determinize(0, random.Random(s)) for s in range(12)]
    assert all(set(mine) <= set(w.ext.dealt) and not w.audit() for w in worlds)
    assert len({tuple(w.ext.dealt) for w in worlds}) > 1
    assert all(w.players[0].hand_sec == g.players[0].hand_sec for w in worlds)


def test_bad_expansion_card_data_names_the_card_and_field() -> None:
    from village_games.core.card_data import CardDataError
    from village_games.villagers.cards import parse_cards

    base = {"card": [{"name": "Founders", "suit": "Grains", "kind": "founders", "copies": 1,
                      "hint": 2, "flipped": {"food": 1}},
                     {"name": "Miner", "suit": "Ore", "kind": "basic", "copies": 1,
                      "hint": 2}],
            "meta": {"starting_road": 0}}

    def bad(card: dict, *words: str) -> None:
        with pytest.raises(CardDataError) as err:
            parse_cards({**base, "card": [*base["card"], card]}, "test.toml")
        assert all(w in str(err.value) for w in words), str(err.value)

    bad({"name": "Captain", "suit": "Solitary", "copies": 1, "hint": 0,
         "bronze": {"kind": "per_moon"}}, "card 'Captain'", "field 'kind'", "half_silver")
    bad({"name": "Nun", "suit": "Special", "copies": 1, "hint": 0, "effect": "nun",
         "expansion": "angels"}, "card 'Nun'", "field 'expansion'", "saints")
    bad({"name": "Alchemist", "suit": "Ore", "copies": 1, "hint": 0, "dealt": True},
        "card 'Alchemist'", "'dealt' is only for an expansion")
