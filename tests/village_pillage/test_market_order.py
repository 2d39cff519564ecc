"""The order in which market cards come into view is the one the engine then deals."""

from village_games import village_pillage
from village_games.village_pillage import TakeMarketCard
from village_games.village_pillage.market_order import reveal_order, seen_within


def test_seen_within_counts_the_starting_market_and_each_purchase():
    g = village_pillage.new_game(players=2, seed=9)
    order = reveal_order(g)
    assert seen_within(g, {order[3]}, 0) and not seen_within(g, {order[4]}, 0)
    assert seen_within(g, {order[4]}, 1) and seen_within(g, {order[-1]}, 16)


def test_the_engine_refills_the_market_in_that_order():
    g = village_pillage.Game.from_dict({
        "players": [{"stockpile": 0, "hand": ["Farmer", "Wall", "Raider", "Merchant"]}, {}],
        "seed": 2})
    order = reveal_order(g)
    g.apply(0, village_pillage.QueueTwo("Merchant", "Wall"))  # 1 turnip: buys a card for 1
    g.apply(1, village_pillage.QueueTwo("Farmer", "Wall"))
    assert g.awaiting and g.awaiting["kind"] == "market"
    g.apply(0, TakeMarketCard(g.market[0]))
    assert g.market[0] == order[4]  # the fifth card to come into view fills the bought slot
    assert set(g.market) == set(order[1:5])
