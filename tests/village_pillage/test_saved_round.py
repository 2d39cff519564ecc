"""A save taken while a round resolves loads only with a cursor play could have stopped
at: the next move must never break half-way (found by a hostile tester, 2026-11-29)."""

import pytest

from village_games import village_pillage as vp


def resolving() -> dict:
    """Seed 927 at 3 players after these plans: the Merchant stage waits for Player 2 to
    pick a market card, with Player 1's Merchant queued behind."""
    g = vp.new_game(players=3, seed=927)
    g.apply(0, {"type": "Plan", "left": "Merchant", "right": "Wall"})
    g.apply(1, {"type": "Plan", "left": "Farmer", "right": "Merchant"})
    g.apply(2, {"type": "Plan", "left": "Farmer", "right": "Raider"})
    d = g.to_dict()
    assert d["phase"] == "resolve" and d["awaiting"]["kind"] == "market"
    assert [row[0] for row in d["buy_queue"]] == [1, 0]
    return d


def refused(d: dict) -> str:
    with pytest.raises(ValueError) as err:
        vp.Game.from_dict(d)
    return str(err.value)


def test_the_round_as_saved_loads_and_plays_on():
    g = vp.Game.from_dict(resolving())
    seat = g.to_act()[0]
    g.apply(seat, g.legal_actions(seat)[0])
    assert g.audit() == []


def test_a_buy_queue_row_of_a_card_that_does_not_buy_is_refused():
    d = resolving()
    d["players"][0]["plan"].reverse()  # the queue's [0, [0]] is now the Wall
    assert "buy_queue rows are [seat, its buying sides, ordered]" in refused(d)


def test_a_buy_queue_row_with_no_sides_is_refused():
    d = resolving()
    d["buy_queue"][1][1] = []
    assert "cards that buy in the Merchant stage" in refused(d)


def test_an_awaited_buy_with_no_buy_queue_is_refused():
    d = resolving()
    del d["buy_queue"]
    assert "buy_queue must list the Merchant stage's buyers" in refused(d)


def test_a_resolving_village_without_its_two_planned_cards_is_refused():
    d = resolving()
    d["players"][2]["hand"] += d["players"][2]["plan"]
    d["players"][2]["plan"] = []
    assert refused(d) == "in the resolve phase Player 3 needs two planned cards (plan), got []"


def test_an_awaited_market_price_other_than_the_cards_is_refused():
    d = resolving()
    d["awaiting"]["price"] = 50
    assert "so awaiting.price must be 1" in refused(d)


def test_a_resolve_phase_that_awaits_nothing_is_refused():
    d = resolving()
    d["awaiting"] = None
    assert "while it waits for a choice" in refused(d)


def test_a_buy_awaited_outside_the_resolve_phase_is_refused():
    d = vp.new_game(players=3, seed=927).to_dict()
    d["awaiting"] = resolving()["awaiting"]
    assert "awaiting and buy_queue belong to the resolve phase" in refused(d)
