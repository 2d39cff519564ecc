"""The engine protocol for Village Pillage: refusals, options, hidden information,
determinization, serialisation, determinism and replays."""

from __future__ import annotations

import json
import random

import pytest

from village_games import village_pillage
from village_games.core.errors import IllegalAction
from village_games.village_pillage import VillagePillage

from .scenarios import (
    Plan,
    Queue,
    QueueTwo,
    ResolveFirst,
    TakeMarketCard,
    finish_choices,
    make,
    player,
)

HIDDEN = "?"


def state(g) -> str:
    return json.dumps(g.to_dict(), sort_keys=True)


def play_random(g, rng: random.Random, max_steps: int = 5000) -> list:
    """Random legal play to the end; returns the (seat, action) pairs applied."""
    done = []
    for _ in range(max_steps):
        if g.is_over():
            return done
        seat = rng.choice(g.to_act())
        action = rng.choice(g.legal_actions(seat))
        g.apply(seat, action)
        done.append((seat, action))
    raise AssertionError("game did not end")


# ---------------------------------------------------------------- positions
def three_player_plan():
    return make([player(), player(exhausted=["Raider"], hand=["Farmer", "Wall", "Merchant"]),
                 player()], market=["Florist", "Moat", "Outlaw", "Bard"])


def three_player_half_planned():
    g = three_player_plan()
    g.apply(0, Plan("Farmer", "Raider"))
    return g


def three_player_market_choice():
    g = make([player(3, 0), player(3, 0), player(0, 0)],
             market=["Florist", "Moat", "Outlaw", "Bard"])
    g.apply(0, Plan("Merchant", "Wall"))
    g.apply(1, Plan("Farmer", "Wall"))
    g.apply(2, Plan("Farmer", "Wall"))
    assert g.awaiting["kind"] == "market" and g.to_act() == [0]
    return g


def three_player_order_choice():
    g = make([player(9, 0, extra=("Bard",)), player(0, 0), player(0, 0)])
    g.apply(0, Plan("Merchant", "Bard"))
    g.apply(1, Plan("Farmer", "Wall"))
    g.apply(2, Plan("Wall", "Farmer"))
    assert g.awaiting["kind"] == "order"
    return g


def duel_round_one():
    return make([player(), player()])


def duel_round_two():
    g = duel_round_one()
    g.apply(0, QueueTwo("Farmer", "Raider"))
    g.apply(1, QueueTwo("Wall", "Farmer"))
    return g


def duel_back_card_during_choice():
    """Ana's Merchant (front) must pick a card; her Raider waits behind it, face down."""
    g = make([player(3, 0), player(0, 0)], market=["Florist", "Moat", "Outlaw", "Doctor"])
    g.apply(0, QueueTwo("Merchant", "Raider"))
    g.apply(1, QueueTwo("Wall", "Farmer"))
    assert g.awaiting["player"] == 0
    return g


BARD_DECK_TOP = "Trapper"


def duel_after_bard_draw():
    """Ana's Bard could not buy a relic, so she drew the deck's top card (Trapper)."""
    deck = ["Florist", "Mason", "Rat Catcher", "Innkeeper", "Pickler", "Miner", "Labyrinth",
            "Cathedral", "Toll Bridge", "Moat", "Treasury", "Dungeon", "Berserker", "Outlaw",
            "Veteran", BARD_DECK_TOP]
    g = make([player(0, 0, extra=("Bard",)), player(0, 0)],
             market=["Burglar", "Cutpurse", "Doctor", None], deck=deck, names=["Ana", "Bo"])
    g.apply(0, QueueTwo("Bard", "Farmer"))
    g.apply(1, QueueTwo("Farmer", "Wall"))
    assert BARD_DECK_TOP in g.players[0].hand
    return g


def finished_game():
    g = village_pillage.new_game(players=3, seed=11)
    play_random(g, random.Random(5))
    return g


POSITIONS = [three_player_plan, three_player_half_planned, three_player_market_choice,
             three_player_order_choice, duel_round_one, duel_round_two,
             duel_back_card_during_choice, duel_after_bard_draw, finished_game]


# ---------------------------------------------------------------- illegal actions
ILLEGAL = [
    (three_player_plan, 0, Plan("Florist", "Farmer"), "not in your hand"),
    (three_player_plan, 0, Plan("Farmer", "Farmer"), "cannot be played twice"),
    (three_player_plan, 1, Plan("Raider", "Farmer"), "exhausted"),
    (three_player_plan, 0, TakeMarketCard("Florist"), "Plan phase"),
    (three_player_plan, 0, QueueTwo("Farmer", "Wall"), "one card toward each neighbour"),
    (three_player_plan, 0, ResolveFirst("Merchant"), "Plan phase"),
    (three_player_plan, 3, Plan("Farmer", "Wall"), "seat from 0 to 2"),
    (three_player_half_planned, 0, Plan("Wall", "Merchant"), "nothing to decide"),
    (three_player_market_choice, 1, TakeMarketCard("Florist"), "nothing to decide"),
    (three_player_market_choice, 0, TakeMarketCard("Doctor"), "not in the market"),
    (three_player_market_choice, 0, Plan("Farmer", "Wall"), "TakeMarketCard"),
    (three_player_market_choice, 0, ResolveFirst("Merchant"), "TakeMarketCard"),
    (three_player_order_choice, 0, ResolveFirst("Wall"), "not one of your buying cards"),
    (three_player_order_choice, 0, TakeMarketCard("Florist"), "ResolveFirst"),
    (duel_round_one, 0, Plan("Farmer", "Wall"), "in a duel you queue cards"),
    (duel_round_one, 0, Queue("Farmer"), "first round queues two cards"),
    (duel_round_one, 0, QueueTwo("Wall", "Wall"), "cannot be played twice"),
    (duel_round_two, 0, QueueTwo("Farmer", "Wall"), "only the duel's first round"),
    (duel_round_two, 0, Queue("Raider"), "already waiting in your queue"),
    (duel_round_two, 1, Queue("Florist"), "not in your hand"),
    (finished_game, 0, Plan("Farmer", "Wall"), "game is over"),
]


@pytest.mark.parametrize(("build", "seat", "action", "rule"), ILLEGAL,
                         ids=[f"{b.__name__}-{a}" for b, _, a, _ in ILLEGAL])
def test_illegal_action_raises_naming_the_rule_and_changes_nothing(build, seat, action, rule):
    g = build()
    before = state(g)
    with pytest.raises(IllegalAction, match=rule):
        g.apply(seat, action)
    with pytest.raises(IllegalAction, match=rule):
        g.apply(seat, action.to_dict())  # the JSON form is refused the same way
    assert state(g) == before


def test_illegal_action_is_a_value_error_and_not_in_legal_actions():
    g = three_player_plan()
    assert issubclass(IllegalAction, ValueError)
    assert Plan("Raider", "Farmer") not in g.legal_actions(1)
    assert not g.is_legal(1, Plan("Raider", "Farmer"))
    assert g.is_legal(1, Plan("Merchant", "Farmer"))


def test_unknown_action_dicts_are_refused_without_changing_the_state():
    g = three_player_plan()
    before = state(g)
    with pytest.raises(ValueError, match="unknown action type"):
        g.apply(0, {"type": "Pillage", "card": "Raider"})
    with pytest.raises(ValueError, match="takes the fields"):
        g.apply(0, {"type": "Plan", "left": "Farmer"})
    assert state(g) == before


def test_actions_read_well_and_round_trip_as_dicts():
    a = Plan("Farmer", "Raider")
    assert str(a) == "Plan(left=Farmer, right=Raider)"
    assert a.to_dict() == {"type": "Plan", "left": "Farmer", "right": "Raider"}
    for act in (a, QueueTwo("Wall", "Farmer"), Queue("Wall"), TakeMarketCard("Moat"),
                ResolveFirst("Bard")):
        assert VillagePillage.codec.from_dict(json.loads(json.dumps(act.to_dict()))) == act


# ---------------------------------------------------------------- options
@pytest.mark.parametrize(("options", "message"), [
    ({"players": 1}, "2 to 5 players"),
    ({"players": 6}, "2 to 5 players"),
    ({"players": "3"}, "2 to 5 players"),
    ({"players": 3, "bank_side": "duel"}, "2 players only"),
    ({"players": 4, "bank_side": "duel"}, "2 players only"),
    ({"players": 2, "bank_side": "gold"}, "'duel' or 'standard'"),
    ({"seed": -1}, "seed must be a whole number from 0"),
    ({"seed": "7"}, "seed must be a whole number from 0"),
    ({"seed": 1.5}, "seed must be a whole number from 0"),
    ({"seed": True}, "seed must be a whole number from 0"),
    ({"seed": 2**64}, "seed must be a whole number from 0"),
    ({"players": 3, "names": ["Ana", "Bo"]}, "names must be 3 non-empty strings"),
    ({"players": 2, "names": ["Ana", " "]}, "names must be 2 non-empty strings"),
    ({"players": 2, "names": ["Ana", 7]}, "names must be 2 non-empty strings"),
    ({"players": 2, "names": ["Ana", "\u200b"]}, "names must be 2 non-empty strings of visible"),
    ({"players": 2, "names": ["Ana", "B\x00"]}, "no control or invisible ones"),
])
def test_bad_new_game_options_raise_value_error_naming_the_allowed_range(options, message):
    with pytest.raises(ValueError, match=message):
        village_pillage.new_game(**options)


@pytest.mark.parametrize(("players", "side", "cap", "costs"), [
    (2, None, 4, [6, 7, 8]), (2, "standard", 5, [8, 9, 10]), (2, "duel", 4, [6, 7, 8]),
    (3, None, 5, [8, 9, 10]), (5, "standard", 5, [8, 9, 10]),
])
def test_good_options_set_up_the_rulebook_start(players, side, cap, costs):
    g = village_pillage.new_game(players=players, seed=3, bank_side=side)
    assert (g.bank_cap, g.relic_costs, g.duel) == (cap, costs, players == 2)
    for v in g.players:
        assert (v.stockpile, v.bank, v.relics) == (1, 1, 0)
        assert v.hand == ["Farmer", "Wall", "Raider", "Merchant"]
    assert len([c for c in g.market if c]) == 4 and len(g.deck) == 16
    assert g.to_act() == list(range(players))


@pytest.mark.parametrize(("scenario", "message"), [
    ({"players": [{}]}, "2 to 5 players"),
    ({"players": [{"bank": 6}, {}, {}]}, "bank must be a whole number from 0 to 5"),
    ({"players": [{"bank": 5}, {}]}, "bank must be a whole number from 0 to 4"),
    ({"players": [{"hand": ["Farmer", "Wall", "Raider"]}, {}, {}]}, "four starters"),
    ({"players": [{"hand": ["Farmer", "Wall", "Raider", "Merchant", "Dragon"]}, {}, {}]},
     "no Village Pillage card named 'Dragon'"),
    ({"players": [{"hand": ["Farmer", "Wall", "Raider", "Merchant", "Moat"]},
                  {"hand": ["Farmer", "Wall", "Raider", "Merchant", "Moat"]}, {}]},
     "two villages own the same one"),
    ({"players": 3, "market": ["Moat"], "deck": ["Moat"]}, "two places"),
])
def test_bad_scenarios_raise_value_error(scenario, message):
    with pytest.raises(ValueError, match=message):
        VillagePillage.from_dict(scenario)


# ---------------------------------------------------------------- observations
def test_observation_hides_other_players_hands():
    g = three_player_plan()
    for viewer in (0, 1, 2, None):
        obs = g.observation(viewer)
        for p in obs["players"]:
            if p["seat"] == viewer:
                assert p["hand"] == g.players[viewer].hand
            else:
                assert p["hand"] is None and p["hand_size"] == len(g.players[p["seat"]].hand)
        json.dumps(obs)


def test_observation_hides_planned_cards_until_the_reveal():
    g = three_player_half_planned()
    assert g.observation(0)["players"][0]["plan"] == ["Farmer", "Raider"]
    for viewer in (1, 2, None):
        seat0 = g.observation(viewer)["players"][0]
        assert seat0["plan"] == [HIDDEN, HIDDEN] and seat0["planned"] is True
        assert g.observation(viewer)["played"] == []
    g = three_player_market_choice()  # revealed: resolution waits on seat 0's choice
    for viewer in (1, 2, None):
        assert g.observation(viewer)["players"][0]["plan"] == ["Merchant", "Wall"]
        assert len(g.observation(viewer)["played"]) == 6


def test_observation_hides_the_duel_back_card_even_after_the_reveal():
    g = duel_back_card_during_choice()
    assert g.observation(0)["players"][0]["plan"] == ["Merchant", "Raider"]
    for viewer in (1, None):
        obs = g.observation(viewer)
        assert obs["players"][0]["plan"] == ["Merchant", HIDDEN]
        assert obs["players"][1]["plan"] == ["Wall", "Farmer" if viewer == 1 else HIDDEN]
        assert [p["card"] for p in obs["played"]] == ["Merchant", "Wall"]
    g.apply(0, TakeMarketCard("Moat"))
    # Refresh: the back card moved to the front, still face down for the opponent.
    assert g.phase == "plan"
    assert g.observation(1)["players"][0]["plan"] == [HIDDEN]
    assert g.observation(0)["players"][0]["plan"] == ["Raider"]


def test_bard_drawn_card_is_hidden_from_other_players_and_their_log():
    g = duel_after_bard_draw()
    mine = g.observation(0)
    assert BARD_DECK_TOP in mine["players"][0]["hand"]
    assert BARD_DECK_TOP in mine["players"][0]["cards_known"]
    for viewer in (1, None):
        obs = g.observation(viewer)
        assert BARD_DECK_TOP not in json.dumps(obs)
        assert obs["players"][0]["secret_count"] == 1
        assert obs["players"][0]["cards_known"] == ["Farmer", "Wall", "Raider", "Merchant",
                                                    "Bard"]
        assert not any(BARD_DECK_TOP in line for line in g.log_for(viewer))
        draw = [e for e in g.log if e.kind == "draw"][0]
        assert BARD_DECK_TOP not in json.dumps(draw.visible_data(viewer))
    assert any(BARD_DECK_TOP in line for line in g.log_for(0))
    assert any(BARD_DECK_TOP in line for line in g.log_for(None, omniscient=True))


def test_bard_drawn_card_stays_hidden_in_the_queue_until_it_is_revealed():
    g = duel_after_bard_draw()
    g.apply(0, Queue(BARD_DECK_TOP))  # behind the Farmer waiting in front
    g.apply(1, Queue("Farmer"))
    assert BARD_DECK_TOP not in json.dumps(g.observation(1))  # now waiting in front
    g.apply(0, Queue("Bard"))
    g.apply(1, Queue("Raider"))
    finish_choices(g)
    obs = g.observation(1)
    assert obs["players"][0]["secret_count"] == 0
    assert BARD_DECK_TOP in obs["players"][0]["cards_known"]
    assert any(f"Ana: {BARD_DECK_TOP}" in line for line in g.log_for(1))


# ---------------------------------------------------------------- determinize
@pytest.mark.parametrize("build", POSITIONS, ids=lambda b: b.__name__)
def test_determinize_keeps_the_observers_view_identical(build):
    g = build()
    before = state(g)
    for observer in range(g.num_players):
        view = g.observation(observer)
        for k in range(6):
            w = g.determinize(observer, random.Random(k))
            assert w.observation(observer) == view
            assert w.audit() == []
            assert w.players[observer].to_dict() == g.players[observer].to_dict()
    assert state(g) == before  # the real game is untouched


def test_determinize_resamples_what_the_observer_cannot_see():
    g = duel_after_bard_draw()
    seen_secret, seen_front, seen_deck = set(), set(), set()
    for k in range(40):
        w = g.determinize(1, random.Random(k))
        seen_secret.add(tuple(w.players[0].secret))
        seen_front.add(w.players[0].plan[0])
        seen_deck.add(tuple(w.deck))
    assert len(seen_secret) > 1 and len(seen_front) > 1 and len(seen_deck) > 1
    # the observer's own view of itself is never resampled
    w = g.determinize(0, random.Random(1))
    assert w.players[0].hand == g.players[0].hand and w.players[0].plan == ["Farmer"]


def test_determinize_draws_from_the_searchers_rng_never_the_games():
    g = duel_after_bard_draw()
    real_state = g.rng.state
    a = g.determinize(1, random.Random(7))
    b = g.determinize(1, random.Random(7))
    c = g.determinize(1, random.Random(8))
    assert g.rng.state == real_state
    assert a.rng.state != real_state and c.rng.state != a.rng.state
    assert state(a) == state(b)  # the same searcher rng gives the same world


def test_determinized_worlds_cannot_foresee_the_real_coin_flip():
    # Seat 0 must pick a card for its Cathedral (Wall phase); in the Raider phase two
    # Raiders of 4 split the victim's 5 turnips and a coin gives the odd one.
    def position(seed):
        g = make([player(1, 0, extra=("Cathedral",)), player(2, 0), player(0, 0)],
                 market=["Florist", "Moat", "Outlaw", "Bard"], seed=seed)
        g.apply(0, Plan("Raider", "Cathedral"))
        g.apply(1, Plan("Farmer", "Merchant"))
        g.apply(2, Plan("Wall", "Raider"))
        assert g.awaiting["source"] == "Cathedral"
        return g

    def odd_turnip_to(g):
        g.apply(0, TakeMarketCard("Moat"))
        finish_choices(g)
        return 0 if g.players[0].stockpile == 3 else 2

    g = position(4)
    outcomes = {odd_turnip_to(g.determinize(0, random.Random(k))) for k in range(30)}
    assert outcomes == {0, 2}
    assert {odd_turnip_to(position(s)) for s in range(30)} == {0, 2}


# ---------------------------------------------------------------- serialisation
@pytest.mark.parametrize("build", POSITIONS, ids=lambda b: b.__name__)
def test_to_dict_from_dict_round_trips_through_json(build):
    g = build()
    d = json.loads(json.dumps(g.to_dict()))
    h = VillagePillage.from_dict(d)
    assert h.to_dict() == g.to_dict()
    assert [e.to_dict() for e in h.log] == [e.to_dict() for e in g.log]
    if not g.is_over():  # and the copy carries on exactly like the original
        rng_a, rng_b = random.Random(3), random.Random(3)
        play_random(g, rng_a)
        play_random(h, rng_b)
        assert h.to_dict() == g.to_dict()


@pytest.mark.parametrize("build", POSITIONS, ids=lambda b: b.__name__)
def test_clone_is_equal_and_independent(build):
    g = build()
    c = g.clone()
    assert c.to_dict() == g.to_dict()
    if not g.is_over():
        before = state(g)
        play_random(c, random.Random(1))
        assert state(g) == before


# ---------------------------------------------------------------- determinism and replay
@pytest.mark.parametrize("players", [2, 3, 5])
def test_same_seed_and_same_actions_give_the_same_game(players):
    a = village_pillage.new_game(players=players, seed=42)
    b = village_pillage.new_game(players=players, seed=42)
    assert a.to_dict() == b.to_dict()
    actions = play_random(a, random.Random(9))
    for seat, action in actions:
        b.apply(seat, action)
    assert a.to_dict() == b.to_dict()
    assert a.winners() == b.winners() and a.is_over()
    fresh = village_pillage.new_game(players=players, seed=42)
    other = village_pillage.new_game(players=players, seed=43)
    assert (other.market, other.deck) != (fresh.market, fresh.deck)


@pytest.mark.parametrize("players", [2, 4])
def test_replaying_a_record_rebuilds_the_same_game(players):
    names = [f"P{i}" for i in range(players)]
    g = village_pillage.new_game(players=players, seed=8, names=names)
    play_random(g, random.Random(2))
    record = json.loads(json.dumps(g.record()))
    assert set(record) >= {"game", "version", "options", "seed", "actions"}
    again = village_pillage.replay(record)
    assert again.to_dict() == g.to_dict()
    assert again.winners() == g.winners()


def test_replaying_a_scenario_record_starts_from_the_scenario():
    g = three_player_market_choice()
    g.apply(0, TakeMarketCard("Moat"))
    play_random(g, random.Random(6))
    record = json.loads(json.dumps(g.record()))
    assert "start" in record
    assert village_pillage.replay(record).to_dict() == g.to_dict()


@pytest.mark.parametrize("seed", [0, 2**32 + 1, 2**63])
def test_every_seed_new_game_accepts_round_trips_through_from_dict(seed):
    g = village_pillage.new_game(players=3, seed=seed)
    assert VillagePillage.from_dict(json.loads(json.dumps(g.to_dict()))).to_dict() == g.to_dict()
