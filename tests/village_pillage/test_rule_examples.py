"""The rulebook's worked examples and the project's rule readings, as played positions.

Seating (reading 9): seat i's left card faces seat (i + 1) % n's right card. With three
players the facing pairs are 0.left-1.right, 1.left-2.right and 2.left-0.right.
All numbers are worked out by hand in the comments.
"""

from __future__ import annotations

import pytest

from village_games.core.errors import IllegalAction

from .scenarios import (
    MARKET_CARDS,
    STARTERS,
    Plan,
    Queue,
    QueueTwo,
    ResolveFirst,
    TakeMarketCard,
    finish_choices,
    make,
    player,
)


def counts(g, seat):
    v = g.players[seat]
    return v.stockpile, v.bank


def phase_of_events(g, kind):
    """[(phase, event)] for every logged event of `kind`, phase = the type phase it fell in."""
    out, phase = [], None
    for e in g.log:
        if e.kind == "phase":
            phase = e.data["phase"]
        elif e.kind in ("refresh", "reveal"):
            phase = None
        if e.kind == kind:
            out.append((phase, e))
    return out


def new_cards(g, seat):
    return sorted(set(g.players[seat].owned()) - set(STARTERS))


# ---------------------------------------------------------------- Wall and Raider
def test_wall_steals_one_and_banks_one_from_a_raider_whose_steal_does_nothing():
    g = make([player(3, 0), player(3, 0)])
    g.apply(0, QueueTwo("Wall", "Farmer"))
    g.apply(1, QueueTwo("Raider", "Farmer"))
    assert counts(g, 0) == (3, 1)  # 3 + 1 stolen = 4, bank 1
    assert counts(g, 1) == (2, 0)  # the Raider has no effect against a Wall


@pytest.mark.parametrize(("vs", "ana", "bo"), [
    ("Farmer", (4, 0), (5, 0)),  # Bo gains 3 (9), the Raider takes 4
    ("Wall", (0, 0), (5, 1)),  # nothing to steal; Bo's Wall finds Ana's stockpile empty
    ("Raider", (0, 0), (6, 0)),  # Raider against Raider: nothing
    ("Merchant", (4, 0), (1, 0)),  # steal 4, then Bo (2 < 6) buys a card for 1
])
def test_raider_steals_four_from_farmers_and_merchants_only(vs, ana, bo):
    g = make([player(0, 0), player(6, 0)])
    g.apply(0, QueueTwo("Raider", "Farmer"))
    g.apply(1, QueueTwo(vs, "Wall" if vs == "Farmer" else "Farmer"))
    finish_choices(g)
    assert counts(g, 0) == ana and counts(g, 1) == bo


# ---------------------------------------------------------------- Merchants
def test_merchant_who_cannot_afford_a_relic_must_buy_a_market_card_for_one():
    market = ["Florist", "Moat", "Outlaw", "Bard"]
    g = make([player(3, 2), player(3, 0), player(3, 0)], market=market)
    top = g.deck[-1]
    g.apply(0, Plan("Merchant", "Wall"))  # Wall vs Seat 2's Farmer: 4, bank 1 -> 3/3 = 6 < 8
    g.apply(1, Plan("Farmer", "Wall"))
    g.apply(2, Plan("Farmer", "Wall"))
    assert counts(g, 0) == (3, 3) and g.players[0].relics == 0
    assert g.to_act() == [0]
    assert list(g.legal_actions(0)) == [TakeMarketCard(c) for c in market]
    g.apply(0, TakeMarketCard("Outlaw"))
    assert counts(g, 0) == (2, 3)  # paid from the stockpile first
    assert "Outlaw" in g.players[0].hand
    assert g.market == ["Florist", "Moat", top, "Bard"]  # refilled at once from the deck
    assert g.phase == "plan" and g.round == 2


def test_rulebook_three_player_steal_tania_only_gets_nicoles_one_turnip():
    # Tania's Raider (left) hits Nicole's Merchant (right); Nicole's Raider (left) hits
    # Tom's Merchant (right); Tania's and Tom's Walls face each other.
    g = make([player(0, 0), player(1, 0), player(5, 0)], names=["Tania", "Nicole", "Tom"])
    g.apply(0, Plan("Raider", "Wall"))
    g.apply(1, Plan("Raider", "Merchant"))
    g.apply(2, Plan("Wall", "Merchant"))
    steals = {e.data["card"] + ">" + str(e.data["victim"]): e for _, e in
              phase_of_events(g, "steal")}
    assert "steals 1 of 4 from Nicole" in steals["Raider>1"].text
    assert "steals 4 of 4 from Tom" in steals["Raider>2"].text
    # Merchant phase: Tom (1 + 1 banked = 2) buys before Nicole (4), fewest turnips first.
    assert g.awaiting == {"player": 2, "kind": "market", "price": 1, "source": "Merchant"}
    finish_choices(g)
    assert counts(g, 0) == (1, 1)  # Wall: 0/1, then 1 from Nicole
    assert counts(g, 1) == (3, 0)  # 1 - 1 + 4 = 4, minus 1 for a card
    assert counts(g, 2) == (0, 1)  # 5 + 1 - 1 banked = 5, - 4 = 1, minus 1 for a card
    order = [e for e in g.log if e.kind == "order"][-1]
    assert order.data["order"] == [2, 1] and order.data["coin"] is False


# ---------------------------------------------------------------- split steals (reading 2)
def _two_thieves(left_thief: str, right_thief: str, victim: dict, victim_plan: Plan,
                 seed: int = 0):
    """Seat 0's left card and seat 2's right card both face seat 1 (the victim); seat 0's
    right and seat 2's left are Walls facing each other (each gains 1 and banks 1)."""
    hand0 = (left_thief,) if left_thief not in STARTERS else ()
    hand2 = (right_thief,) if right_thief not in STARTERS else ()
    g = make([player(0, 0, extra=hand0), victim, player(0, 0, extra=hand2)], seed=seed)
    g.apply(0, Plan(left_thief, "Wall"))
    g.apply(1, victim_plan)
    g.apply(2, Plan("Wall", right_thief))
    return g


@pytest.mark.parametrize(("left", "right", "got0", "got2"), [
    ("Berserker", "Raider", 3, 2),  # steal 6 and steal 4 on a stockpile of 5: 2/2, odd to 6
    ("Raider", "Berserker", 2, 3),  # the same with the seats swapped
])
def test_split_steal_gives_the_odd_turnip_to_the_higher_steal(left, right, got0, got2):
    # The victim's Farmer (left, facing seat 2) gains 3: stockpile 2 -> 5.
    g = _two_thieves(left, right, player(2, 0), Plan("Farmer", "Merchant"))
    assert counts(g, 0) == (got0, 1) and counts(g, 2) == (got2, 1)
    assert counts(g, 1) == (0, 0)
    split = [e for e in g.log if e.kind == "split"][0]
    assert split.data["coin"] is False


def test_split_steal_between_equal_steals_flips_a_seeded_coin():
    winners = set()
    for seed in range(30):
        g = _two_thieves("Raider", "Raider", player(2, 0), Plan("Farmer", "Merchant"), seed)
        shares = (counts(g, 0)[0], counts(g, 2)[0])
        assert sorted(shares) == [2, 3]
        assert [e for e in g.log if e.kind == "split"][0].data["coin"] is True
        again = _two_thieves("Raider", "Raider", player(2, 0), Plan("Farmer", "Merchant"), seed)
        assert (counts(again, 0)[0], counts(again, 2)[0]) == shares  # same seed, same flip
        winners.add(0 if shares[0] == 3 else 2)
    assert winners == {0, 2}


def test_capped_split_trapper_one_and_raider_four_from_four_gives_one_and_three():
    # Seat 0's Trapper faces the victim's Raider (steal 1); seat 2's Raider faces the
    # victim's Merchant (steal 4). Even split would be 2/2; nobody takes more than printed.
    g = _two_thieves("Trapper", "Raider", player(4, 0), Plan("Merchant", "Raider"))
    assert counts(g, 0) == (1, 1)  # Wall 0/1, + 1
    assert counts(g, 2) == (3, 1)  # Wall 0/1, + 3
    assert counts(g, 1) == (0, 0)


def test_burglar_takes_from_the_bank_only_after_the_split():
    # Victim 0/3, Farmer +3 -> 3. Burglar 4 (seat 0) and Berserker 6 (seat 2) split 3:
    # 1/1 and the odd one to the Berserker (2); the Burglar then takes 3 from the bank.
    g = _two_thieves("Burglar", "Berserker", player(0, 3), Plan("Farmer", "Merchant"))
    assert counts(g, 0) == (4, 1)
    assert counts(g, 2) == (2, 1)
    assert counts(g, 1) == (0, 0)


def test_toll_bridge_takes_from_the_bank_only_after_the_split():
    # Victim 2/3 plays Trapper (left, facing seat 2's Wall) and Raider (right, facing seat
    # 0's Toll Bridge). Toll Bridge 2 and Wall 1 split 2: 1/1; Toll Bridge adds 1 from bank.
    g = make([player(0, 0, extra=("Toll Bridge",)), player(2, 3, extra=("Trapper",)),
              player(0, 0)])
    g.apply(0, Plan("Toll Bridge", "Farmer"))
    g.apply(1, Plan("Trapper", "Raider"))
    g.apply(2, Plan("Farmer", "Wall"))
    assert counts(g, 0) == (5, 0)  # Farmer 3 + toll 2
    assert counts(g, 2) == (3, 1)  # Farmer 3, Wall steal 1 = 4, bank 1
    assert counts(g, 1) == (0, 2)


# ---------------------------------------------------------------- bank cap
def test_bank_cap_five_is_shared_by_two_walls_of_one_player():
    # Wall (bank 1) and Treasury (bank 4) each fit alone from bank 1, but not together.
    g = make([player(10, 1, extra=("Treasury",)), player(0, 0), player(0, 0)])
    g.apply(0, Plan("Wall", "Treasury"))  # both face Farmers
    g.apply(1, Plan("Wall", "Farmer"))
    g.apply(2, Plan("Farmer", "Wall"))
    assert counts(g, 0) == (8, 5)  # gains 2 -> 12; only 4 fit in the bank


@pytest.mark.parametrize(("bank_side", "bank", "ana"), [
    (None, 1, (3, 4)),  # duel cap 4: 6 in stock, 3 fit
    ("standard", 2, (3, 5)),  # variant duel, cap 5: 6 in stock, 3 fit
    ("standard", 0, (2, 4)),  # room enough: all 4 banked
])
def test_bank_cap_is_four_in_the_duel_and_five_otherwise(bank_side, bank, ana):
    g = make([player(5, bank, extra=("Treasury",)), player(0, 0)], bank_side=bank_side)
    g.apply(0, QueueTwo("Treasury", "Farmer"))
    g.apply(1, QueueTwo("Farmer", "Wall"))
    assert counts(g, 0) == ana


# ---------------------------------------------------------------- exhaust (reading 4)
def test_exhausted_card_resolves_sits_out_the_next_plan_and_returns_after():
    g = make([player(1, 0, extra=("Miner",)), player(1, 0)])
    g.apply(0, QueueTwo("Miner", "Farmer"))
    g.apply(1, QueueTwo("Wall", "Raider"))
    assert counts(g, 1) == (1, 1)  # the exhausted Wall still resolved: gain 1, bank 1
    assert g.players[1].exhausted == ["Wall"] and "Wall" not in g.players[1].hand
    assert Queue("Wall") not in g.legal_actions(1)
    with pytest.raises(IllegalAction, match="exhausted"):
        g.apply(1, Queue("Wall"))
    g.apply(0, Queue("Wall"))
    g.apply(1, Queue("Merchant"))  # round 2: Farmer vs Raider
    assert g.round == 3 and g.players[1].exhausted == []
    assert "Wall" in g.players[1].hand and Queue("Wall") in g.legal_actions(1)


def test_labyrinth_steals_five_from_a_raider_and_exhausts_it():
    g = make([player(0, 0, extra=("Labyrinth",)), player(9, 0), player(0, 0)])
    g.apply(0, Plan("Labyrinth", "Wall"))  # faces seat 1's Raider
    g.apply(1, Plan("Farmer", "Raider"))
    g.apply(2, Plan("Farmer", "Wall"))
    assert counts(g, 0) == (5, 1)  # 5 stolen (printed cards say 3: the rulebook wins)
    assert counts(g, 1) == (7, 0)  # 9 + 3 - 5
    assert g.players[1].exhausted == ["Raider"]
    with pytest.raises(IllegalAction, match="exhausted"):
        g.apply(1, Plan("Raider", "Farmer"))


def test_veteran_exhausts_itself_after_stealing():
    g = make([player(0, 0, extra=("Veteran",)), player(7, 0)])
    g.apply(0, QueueTwo("Veteran", "Farmer"))
    g.apply(1, QueueTwo("Merchant", "Farmer"))
    finish_choices(g)
    assert g.players[0].exhausted == ["Veteran"] and counts(g, 0) == (6, 0)


def test_doctor_who_cannot_buy_a_relic_gains_two_and_exhausts_the_opposing_card():
    g = make([player(0, 0, extra=("Doctor",)), player(0, 0), player(0, 0)])
    g.apply(0, Plan("Doctor", "Farmer"))  # Doctor faces seat 1's Wall
    g.apply(1, Plan("Farmer", "Wall"))
    g.apply(2, Plan("Wall", "Farmer"))
    assert counts(g, 0) == (5, 0)  # Farmer 3 + Doctor 2
    assert counts(g, 1) == (3, 1)  # the Wall still resolved: 3 + 1, bank 1
    assert g.players[1].exhausted == ["Wall"]
    assert all("Wall" not in (a.left, a.right) for a in g.legal_actions(1))


# ---------------------------------------------------------------- relic costs
RELIC_COSTS = [(3, None, [8, 9, 10]), (2, None, [6, 7, 8]), (2, "standard", [8, 9, 10])]


def _merchant_round(players: int, bank_side, relics: int, turnips: int):
    """Seat 0 plays a Merchant with `turnips` (2 banked); nothing else touches seat 0."""
    rows = [player(turnips - 2, 2, relics)] + [player(0, 0) for _ in range(players - 1)]
    g = make(rows, bank_side=bank_side)
    if players == 2:
        g.apply(0, QueueTwo("Merchant", "Farmer"))
        g.apply(1, QueueTwo("Wall", "Farmer"))
    else:  # 0.left Merchant - 1.right Wall; 0.right Raider - 2.left Raider
        g.apply(0, Plan("Merchant", "Raider"))
        g.apply(1, Plan("Farmer", "Wall"))
        g.apply(2, Plan("Raider", "Wall"))
    return g


@pytest.mark.parametrize(("players", "bank_side", "costs"), RELIC_COSTS,
                         ids=["3p-8-9-10", "duel-6-7-8", "variant-duel-8-9-10"])
@pytest.mark.parametrize("relics", [0, 1, 2])
def test_relic_costs_by_bank_side(players, bank_side, costs, relics):
    cost = costs[relics]
    g = _merchant_round(players, bank_side, relics, cost)
    assert g.players[0].relics == relics + 1 and counts(g, 0) == (0, 0)
    assert g.is_over() == (relics == 2)
    if relics == 2:
        assert g.winners() == [0]
    short = _merchant_round(players, bank_side, relics, cost - 1)
    assert short.players[0].relics == relics  # one short: a card for 1 instead
    assert short.awaiting["kind"] == "market" and short.awaiting["price"] == 1


def test_variant_duel_uses_the_standard_bank_card():
    g = make([player(), player()], bank_side="standard")
    assert (g.bank_cap, g.relic_costs, g.duel) == (5, [8, 9, 10], True)
    d = make([player(), player()])
    assert (d.bank_cap, d.relic_costs) == (4, [6, 7, 8])


# ---------------------------------------------------------------- the duel queue
def test_duel_queues_two_cards_then_one_and_only_front_cards_resolve():
    g = make([player(1, 1), player(1, 1)], market=["Florist", "Moat", "Bard", "Doctor"])
    g.apply(0, QueueTwo("Farmer", "Raider"))
    g.apply(1, QueueTwo("Wall", "Merchant"))
    # Only Farmer (+3) and Wall (vs Farmer: gain 1, bank 1) resolved.
    assert counts(g, 0) == (4, 1) and counts(g, 1) == (1, 2)
    assert g.players[0].plan == ["Raider"] and g.players[1].plan == ["Merchant"]
    assert g.players[0].hand == ["Farmer", "Wall", "Merchant"]
    assert all(type(a) is Queue for a in g.legal_actions(0))
    with pytest.raises(IllegalAction, match="first round"):
        g.apply(0, QueueTwo("Farmer", "Wall"))
    g.apply(0, Queue("Wall"))
    g.apply(1, Queue("Farmer"))
    # Round 2: Raider (back card, now in front) vs Merchant: steal 1 (all Bo has);
    # Bo (0 + 2 banked < 6) buys a card for 1 out of his bank.
    assert counts(g, 0) == (5, 1)
    assert g.awaiting["player"] == 1
    g.apply(1, TakeMarketCard("Moat"))
    assert counts(g, 1) == (0, 1) and "Moat" in g.players[1].hand
    assert g.players[0].plan == ["Wall"] and g.players[1].plan == ["Farmer"]
    assert g.players[0].hand == ["Farmer", "Raider", "Merchant"]


# ---------------------------------------------------------------- third relic ties
def _third_relic_race(p0: dict, p1: dict):
    # 0.left Farmer - 1.right Farmer (both +3); 1.left Merchant - 2.right Farmer;
    # 2.left Wall - 0.right Merchant. Seats 0 and 1 buy their third relic (10) together.
    g = make([p0, p1, player(0, 0)])
    g.apply(0, Plan("Farmer", "Merchant"))
    g.apply(1, Plan("Merchant", "Farmer"))
    g.apply(2, Plan("Wall", "Farmer"))
    finish_choices(g)
    assert g.is_over()
    return g


def test_third_relic_tie_goes_to_the_most_turnips():
    g = _third_relic_race(player(9, 0, 2), player(8, 0, 2))
    assert g.players[0].relics == 3 and g.players[1].relics == 3
    assert counts(g, 0) == (2, 0) and counts(g, 1) == (1, 0)
    assert g.winners() == [0] and "most turnips" in g.result


def test_third_relic_tie_on_turnips_goes_to_the_most_cards():
    g = _third_relic_race(player(9, 0, 2), player(9, 0, 2, extra=("Florist",)))
    assert g.winners() == [1] and "most cards" in g.result


def test_third_relic_tie_on_turnips_and_cards_means_everybody_wins():
    g = _third_relic_race(player(9, 0, 2), player(9, 0, 2))
    assert g.winners() == [0, 1] and "both win" in g.result


def test_game_ends_at_the_end_of_the_merchant_phase_of_the_third_relic():
    g = _third_relic_race(player(9, 0, 2), player(0, 0, 2))
    assert g.winners() == [0] and g.players[1].relics == 2
    assert g.phase == "over" and g.to_act() == [] and g.round == 1
    with pytest.raises(IllegalAction, match="over"):
        g.apply(0, Plan("Farmer", "Wall"))


# ---------------------------------------------------------------- buy order
def test_buyers_buy_fewest_turnips_first():
    # Seat 0 ends on 6 turnips, seat 1 on 5: seat 1 chooses first and takes Bard, the
    # slot refills from the deck, and seat 0 chooses from the refilled market.
    market = ["Florist", "Moat", "Bard", "Doctor"]
    g = make([player(3, 0), player(2, 0), player(0, 0)], market=market)
    top = g.deck[-1]
    g.apply(0, Plan("Farmer", "Merchant"))
    g.apply(1, Plan("Merchant", "Farmer"))
    g.apply(2, Plan("Wall", "Farmer"))
    assert g.to_act() == [1]
    g.apply(1, TakeMarketCard("Bard"))
    assert g.to_act() == [0] and TakeMarketCard(top) in g.legal_actions(0)
    assert TakeMarketCard("Bard") not in g.legal_actions(0)
    with pytest.raises(IllegalAction, match="not in the market"):
        g.apply(0, TakeMarketCard("Bard"))
    g.apply(0, TakeMarketCard(top))
    assert new_cards(g, 0) == [top] and new_cards(g, 1) == ["Bard"]


def test_buyers_with_equal_turnips_are_ordered_by_a_seeded_coin_flip():
    firsts = set()
    for seed in range(20):
        g = make([player(3, 0), player(3, 0), player(0, 0)], seed=seed)
        g.apply(0, Plan("Farmer", "Merchant"))
        g.apply(1, Plan("Merchant", "Farmer"))
        g.apply(2, Plan("Wall", "Farmer"))
        order = [e for e in g.log if e.kind == "order"][-1]
        assert order.data["coin"] is True
        assert g.to_act() == [order.data["order"][0]]
        firsts.add(g.to_act()[0])
    assert firsts == {0, 1}


@pytest.mark.parametrize(("first", "ana", "gets"), [
    ("Merchant", (2, 0), "draw"),  # relic for 8, then Bard: 1 < 9, gain 1 and draw
    ("Bard", (0, 0), "buy"),  # Bard buys the relic, Merchant buys a card for 1
])
def test_player_with_two_merchant_cards_chooses_their_order(first, ana, gets):
    market = ["Florist", "Moat", "Outlaw", "Doctor"]
    g = make([player(9, 0, extra=("Bard",)), player(0, 0), player(0, 0)], market=market)
    top = g.deck[-1]
    g.apply(0, Plan("Merchant", "Bard"))  # facing Walls: nothing else touches seat 0
    g.apply(1, Plan("Farmer", "Wall"))
    g.apply(2, Plan("Wall", "Farmer"))
    assert g.to_act() == [0]
    assert list(g.legal_actions(0)) == [ResolveFirst("Merchant"), ResolveFirst("Bard")]
    with pytest.raises(IllegalAction, match="ResolveFirst"):
        g.apply(0, TakeMarketCard("Florist"))
    with pytest.raises(IllegalAction, match="not one of your buying cards"):
        g.apply(0, ResolveFirst("Farmer"))
    g.apply(0, ResolveFirst(first))
    finish_choices(g)
    assert counts(g, 0) == ana and g.players[0].relics == 1
    assert new_cards(g, 0) == sorted(["Bard", top if gets == "draw" else "Florist"])


# ---------------------------------------------------------------- empty deck (reading 7)
def test_with_the_deck_empty_buys_take_the_last_market_cards_without_refill():
    others = [c for c in MARKET_CARDS if c not in ("Florist", "Mason", "Bard")]
    g = make([player(2, 0), player(3, 0, extra=("Bard",)), player(2, 0, extra=tuple(others))],
             market=["Florist", None, "Mason", None], deck=[])
    g.apply(0, Plan("Merchant", "Wall"))  # Wall vs Wall: 2/1 = 3 turnips
    g.apply(1, Plan("Bard", "Wall"))  # Wall vs Merchant: 3/1 = 4 turnips
    g.apply(2, Plan("Wall", "Farmer"))
    assert list(g.legal_actions(0)) == [TakeMarketCard("Florist"), TakeMarketCard("Mason")]
    g.apply(0, TakeMarketCard("Mason"))
    assert g.market == ["Florist", None, None, None] and g.deck == []
    assert counts(g, 0) == (1, 1) and "Mason" in g.players[0].hand
    # The Bard could not buy a relic: it still gains 1, but there is nothing to draw.
    assert counts(g, 1) == (4, 1) and new_cards(g, 1) == ["Bard"]
    assert g.audit() == []


def test_with_deck_and_market_empty_buy_card_does_nothing():
    others = [c for c in MARKET_CARDS if c != "Bard"]
    g = make([player(2, 0), player(3, 0, extra=("Bard",)), player(2, 0, extra=tuple(others))],
             market=[None, None, None, None], deck=[])
    g.apply(0, Plan("Merchant", "Wall"))
    g.apply(1, Plan("Bard", "Wall"))
    g.apply(2, Plan("Wall", "Farmer"))
    assert g.phase == "plan" and g.round == 2
    assert counts(g, 0) == (2, 1) and counts(g, 1) == (4, 1)


# ---------------------------------------------------------------- timing of market buys
def test_cathedral_buys_in_the_wall_phase_before_a_raider_can_take_the_turnip():
    # Seat 0: Cathedral faces seat 1's Farmer (buy for 1); Merchant faces seat 2's Raider.
    g = make([player(1, 0, extra=("Cathedral",)), player(0, 0), player(0, 0)],
             market=["Florist", "Moat", "Outlaw", "Bard"])
    g.apply(0, Plan("Cathedral", "Merchant"))
    g.apply(1, Plan("Wall", "Farmer"))
    g.apply(2, Plan("Raider", "Wall"))
    assert g.awaiting == {"player": 0, "kind": "market", "price": 1, "source": "Cathedral"}
    assert [e.data["phase"] for e in g.log if e.kind == "phase"] == ["Farmer", "Wall"]
    g.apply(0, TakeMarketCard("Bard"))
    assert "Bard" in g.players[0].hand and counts(g, 0) == (0, 0)
    assert [p for p, _ in phase_of_events(g, "buy")] == ["Wall"]


@pytest.mark.parametrize(("card", "vs", "phase"), [
    ("Innkeeper", "Merchant", "Farmer"),
    ("Cathedral", "Farmer", "Wall"),
    ("Outlaw", "Merchant", "Raider"),
])
def test_market_buys_of_innkeeper_cathedral_and_outlaw_happen_in_their_own_phase(card, vs,
                                                                                  phase):
    # Ana is richer than Bo, yet buys first: her card's phase comes before the Merchants'.
    g = make([player(9, 0, extra=(card,)), player(5, 0)],
             market=["Florist", "Moat", "Bard", "Doctor"], bank_side="standard")
    g.apply(0, QueueTwo(card, "Farmer"))
    g.apply(1, QueueTwo(vs, "Wall"))
    assert g.awaiting["player"] == 0 and g.awaiting["source"] == card
    finish_choices(g)
    buys = phase_of_events(g, "buy")
    assert [(p, e.data["seat"]) for p, e in buys][0] == (phase, 0)
    if vs == "Merchant":
        assert [(p, e.data["seat"]) for p, e in buys][1] == ("Merchant", 1)


# ---------------------------------------------------------------- "opponent ..." (reading 3)
def test_moat_lets_the_opposing_farmer_gain_one_in_the_wall_gain_step():
    g = make([player(0, 0, extra=("Moat",)), player(0, 0), player(0, 0)])
    g.apply(0, Plan("Moat", "Farmer"))  # Moat faces seat 1's Farmer
    g.apply(1, Plan("Wall", "Farmer"))
    g.apply(2, Plan("Farmer", "Wall"))
    wall_phase = [e for e in g.log if e.kind in ("phase", "gain", "steal", "bank")]
    start = next(i for i, e in enumerate(wall_phase) if e.data.get("phase") == "Wall")
    moat = next(i for i, e in enumerate(wall_phase) if e.data.get("card") == "Moat")
    first_bank = next(i for i, e in enumerate(wall_phase) if e.kind == "bank")
    assert start < moat < first_bank  # after the Farmers, with the Wall-phase gains
    assert wall_phase[moat].data["delta"] == [[1, 1, 0]]
    # seat 1: Farmer 3, then Moat 1 and its own Wall (vs seat 2's Wall) 1, and banks 1
    assert counts(g, 1) == (4, 1)


def test_florist_opponent_steal_happens_in_the_farmer_phase():
    g = make([player(0, 0, extra=("Florist",)), player(0, 0)])
    g.apply(0, QueueTwo("Florist", "Farmer"))
    g.apply(1, QueueTwo("Raider", "Farmer"))
    steals = [(p, e.data["thief"], e.data["card"]) for p, e in phase_of_events(g, "steal")]
    assert steals == [("Farmer", 1, "Florist"), ("Raider", 1, "Raider")]
    assert counts(g, 0) == (0, 0) and counts(g, 1) == (5, 0)  # 5 - 2, then the last 3


def test_cutpurse_opponent_steal_happens_in_the_raider_phase():
    g = make([player(3, 0, extra=("Cutpurse",)), player(0, 0)])
    g.apply(0, QueueTwo("Cutpurse", "Farmer"))
    g.apply(1, QueueTwo("Raider", "Farmer"))
    steals = [(p, e.data["thief"], e.data["victim"]) for p, e in phase_of_events(g, "steal")]
    assert steals == [("Raider", 1, 0)]
    assert counts(g, 0) == (2, 0) and counts(g, 1) == (1, 0)


def test_berserker_opponent_steal_is_simultaneous_with_the_other_raider_steals():
    # Seat 0: Berserker faces seat 1's Wall, Raider faces seat 2's Farmer.
    # Wall phase: seat 1's Wall takes seat 0's only turnip. Raider phase: the Berserker's
    # "opponent steals 1" sees seat 0's stockpile as it stood (0), not the 4 seat 0's own
    # Raider steals at the same moment.
    g = make([player(1, 0, extra=("Berserker",)), player(0, 0), player(2, 0)])
    g.apply(0, Plan("Berserker", "Raider"))
    g.apply(1, Plan("Farmer", "Wall"))
    g.apply(2, Plan("Farmer", "Wall"))
    steals = [(p, e.data["card"], e.data["thief"], e.data["delta"][0][1])
              for p, e in phase_of_events(g, "steal")]
    assert ("Raider", "Berserker", 1, 0) in steals
    assert ("Wall", "Wall", 1, 1) in steals
    assert counts(g, 0) == (4, 0)
    assert counts(g, 1) == (3, 1)  # Farmer 3 + 1 stolen, bank 1
    assert counts(g, 2) == (1, 1)  # Farmer 3 (5), Wall gain 1 bank 1 (5/1), robbed of 4
