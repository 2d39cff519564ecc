"""Every card against every opposing type: 24 cards x 4 types = 96 duels, numbers by hand.

Setup of every case (a duel on the standard bank side: cap 5, relics 8/9/10, so the caps
never get in the way): Ana (seat 0) has 5 turnips in her stockpile, an empty bank and the
card under test in front; Bo (seat 1) has 7 in his stockpile (unless a row says otherwise),
an empty bank and the starter of the opposing type in front. Only front cards resolve in a
duel, so nothing else acts. Bo's starter does its own printed thing, which the expected
numbers include:

* Farmer: Bo gains 3 (Farmer phase).
* Wall:   gain 1 and bank 1 (Wall phase); against a Raider it steals 1 from Ana and banks 1.
* Raider: steals 4 from Ana's Farmer- or Merchant-type card (Raider phase), else nothing.
* Merchant: Bo cannot reach 8 for a relic, so he buys the first face-up market card for 1.

Market tokens: M0 is the first face-up card, D1 the top of the deck, D2 the card under it.
Every expected number below was worked out by hand from the rulebook's card list (see the
reference table), never from the engine's effect data, so a wrong cards.toml fails here.
"""

from __future__ import annotations

from typing import NamedTuple

import pytest

from .scenarios import MARKET_CARDS, STARTERS, QueueTwo, finish_choices, make, player


class End(NamedTuple):
    stockpile: int
    bank: int
    new_cards: tuple[str, ...] = ()  # market tokens: M0, D1, D2
    exhausted: tuple[str, ...] = ()


S0, B0, S1, B1 = 5, 0, 7, 0  # default start: Ana 5/0, Bo 7/0
TOLL = (5, 0, 1, 4)  # Bo 1 in the stockpile, 4 banked: shows the bank part of a steal
BURGLE_F = (5, 0, 0, 4)  # Bo's Farmer gains 3 first, so his stockpile is 3 when robbed

# (card, opposing type): (start or None, Ana's end, Bo's end)
CASES: dict[tuple[str, str], tuple[tuple[int, int, int, int] | None, End, End]] = {
    # ---- starters
    ("Farmer", "Farmer"): (None, End(8, 0), End(10, 0)),
    ("Farmer", "Wall"): (None, End(8, 0), End(7, 1)),
    ("Farmer", "Raider"): (None, End(4, 0), End(11, 0)),
    ("Farmer", "Merchant"): (None, End(8, 0), End(6, 0, ("M0",))),
    ("Wall", "Farmer"): (None, End(5, 1), End(10, 0)),
    ("Wall", "Wall"): (None, End(5, 1), End(7, 1)),
    ("Wall", "Raider"): (None, End(5, 1), End(6, 0)),
    ("Wall", "Merchant"): (None, End(5, 1), End(6, 0, ("M0",))),
    ("Raider", "Farmer"): (None, End(9, 0), End(6, 0)),
    ("Raider", "Wall"): (None, End(4, 0), End(7, 1)),
    ("Raider", "Raider"): (None, End(5, 0), End(7, 0)),
    ("Raider", "Merchant"): (None, End(9, 0), End(2, 0, ("M0",))),
    ("Merchant", "Farmer"): (None, End(4, 0, ("M0",)), End(10, 0)),
    ("Merchant", "Wall"): (None, End(4, 0, ("M0",)), End(7, 1)),
    ("Merchant", "Raider"): (None, End(0, 0, ("M0",)), End(11, 0)),
    # Ana (5) buys before Bo (7): she takes M0, the slot refills with D1, Bo takes D1.
    ("Merchant", "Merchant"): (None, End(4, 0, ("M0",)), End(6, 0, ("D1",))),
    # ---- market Farmers
    ("Florist", "Farmer"): (None, End(10, 0), End(10, 0)),
    ("Florist", "Wall"): (None, End(10, 0), End(7, 1)),
    # gain 5 (10), Bo steals 2 in the Farmer phase (8 / 9), then the Raider steals 4.
    ("Florist", "Raider"): (None, End(4, 0), End(13, 0)),
    ("Florist", "Merchant"): (None, End(10, 0), End(6, 0, ("M0",))),
    ("Mason", "Farmer"): (None, End(9, 0), End(10, 0)),
    # gain 4 (9), steal 1 (10; Bo 6), bank 2 (8/2); then Bo's Wall: gain 1, bank 1.
    ("Mason", "Wall"): (None, End(8, 2), End(6, 1)),
    ("Mason", "Raider"): (None, End(5, 0), End(11, 0)),
    ("Mason", "Merchant"): (None, End(9, 0), End(6, 0, ("M0",))),
    ("Rat Catcher", "Farmer"): (None, End(11, 0), End(10, 0)),
    ("Rat Catcher", "Wall"): (None, End(9, 0), End(7, 1)),
    ("Rat Catcher", "Raider"): (None, End(5, 0), End(11, 0)),
    ("Rat Catcher", "Merchant"): (None, End(9, 0), End(6, 0, ("M0",))),
    ("Innkeeper", "Farmer"): (None, End(9, 0), End(10, 0)),
    ("Innkeeper", "Wall"): (None, End(9, 0), End(7, 1)),
    ("Innkeeper", "Raider"): (None, End(5, 0), End(11, 0)),
    # gain 5 and a free card in the Farmer phase (M0, refill D1); Bo later buys D1 for 1.
    ("Innkeeper", "Merchant"): (None, End(10, 0, ("M0",)), End(6, 0, ("D1",))),
    ("Pickler", "Farmer"): (None, End(7, 2), End(10, 0)),
    ("Pickler", "Wall"): (None, End(7, 2), End(7, 1)),
    ("Pickler", "Raider"): (None, End(5, 0), End(11, 0)),
    ("Pickler", "Merchant"): (None, End(7, 2), End(6, 0, ("M0",))),
    ("Miner", "Farmer"): (None, End(9, 0), End(10, 0)),
    # gain 5; Bo's Wall still resolves this round, then rests.
    ("Miner", "Wall"): (None, End(10, 0), End(7, 1, (), ("Wall",))),
    ("Miner", "Raider"): (None, End(5, 0), End(11, 0)),
    ("Miner", "Merchant"): (None, End(9, 0), End(6, 0, ("M0",))),
    # ---- market Walls
    ("Labyrinth", "Farmer"): (None, End(4, 2), End(10, 0)),
    ("Labyrinth", "Wall"): (None, End(4, 2), End(7, 1)),
    # steal 5 (rulebook; some printings say 3) and exhaust the Raider.
    ("Labyrinth", "Raider"): (None, End(10, 0), End(2, 0, (), ("Raider",))),
    ("Labyrinth", "Merchant"): (None, End(4, 2), End(6, 0, ("M0",))),
    ("Cathedral", "Farmer"): (None, End(4, 0, ("M0",)), End(10, 0)),
    ("Cathedral", "Wall"): (None, End(4, 0, ("M0",)), End(7, 1)),
    ("Cathedral", "Raider"): (None, End(7, 1), End(4, 0)),
    # Ana buys M0 in the Wall phase (refill D1); Bo's Merchant later buys D1.
    ("Cathedral", "Merchant"): (None, End(4, 0, ("M0",)), End(6, 0, ("D1",))),
    ("Toll Bridge", "Farmer"): (TOLL, End(3, 2), End(4, 4)),
    ("Toll Bridge", "Wall"): (TOLL, End(3, 2), End(1, 5)),
    # 1 from Bo's stockpile, then 1 from his bank.
    ("Toll Bridge", "Raider"): (TOLL, End(7, 0), End(0, 3)),
    # the same toll, then Bo pays 1 for M0 out of his bank.
    ("Toll Bridge", "Merchant"): (TOLL, End(7, 0), End(0, 2, ("M0",))),
    # Bo gains 1 in the Wall phase, after his Farmer's 3.
    ("Moat", "Farmer"): (None, End(5, 0), End(11, 0)),
    ("Moat", "Wall"): (None, End(3, 2), End(7, 1)),
    ("Moat", "Raider"): (None, End(10, 0), End(4, 0)),
    ("Moat", "Merchant"): (None, End(3, 2), End(6, 0, ("M0",))),
    ("Treasury", "Farmer"): (None, End(2, 4), End(10, 0)),
    ("Treasury", "Wall"): (None, End(2, 4), End(7, 1)),
    ("Treasury", "Raider"): (None, End(3, 4), End(5, 0)),
    ("Treasury", "Merchant"): (None, End(2, 4), End(6, 0, ("M0",))),
    ("Dungeon", "Farmer"): (None, End(4, 2), End(10, 0)),
    # both gain 1 (6 / 8), Ana steals 1 (7 / 7), both bank 1.
    ("Dungeon", "Wall"): (None, End(6, 1), End(6, 1)),
    ("Dungeon", "Raider"): (None, End(6, 1), End(6, 0)),
    ("Dungeon", "Merchant"): (None, End(4, 2), End(6, 0, ("M0",))),
    # ---- market Raiders (a Wall opposite always steals 1 from Ana first and banks 1)
    ("Berserker", "Farmer"): (None, End(11, 0), End(4, 0)),
    # Wall phase: Bo steals 1 (4 / 8) and banks 1; Raider phase: Bo steals 1 more.
    ("Berserker", "Wall"): (None, End(3, 0), End(8, 1)),
    ("Berserker", "Raider"): (None, End(5, 0), End(7, 0)),
    ("Berserker", "Merchant"): (None, End(11, 0), End(0, 0, ("M0",))),
    ("Outlaw", "Farmer"): (None, End(10, 0), End(5, 0)),
    ("Outlaw", "Wall"): (None, End(4, 0), End(7, 1)),
    ("Outlaw", "Raider"): (None, End(5, 0), End(7, 0)),
    # steal 4 and a free card in the Raider phase (M0, refill D1); Bo buys D1 for 1.
    ("Outlaw", "Merchant"): (None, End(9, 0, ("M0",)), End(2, 0, ("D1",))),
    ("Veteran", "Farmer"): (None, End(11, 0, (), ("Veteran",)), End(4, 0)),
    ("Veteran", "Wall"): (None, End(4, 0), End(7, 1)),
    ("Veteran", "Raider"): (None, End(5, 0), End(7, 0)),
    ("Veteran", "Merchant"): (None, End(11, 0, (), ("Veteran",)), End(0, 0, ("M0",))),
    # Bo has 0/4, gains 3: Burglar takes 3 from the stockpile and 1 from the bank.
    ("Burglar", "Farmer"): (BURGLE_F, End(9, 0), End(0, 3)),
    ("Burglar", "Wall"): (None, End(4, 0), End(7, 1)),
    ("Burglar", "Raider"): (None, End(5, 0), End(7, 0)),
    # Bo has 1/4: 1 from the stockpile, 3 from the bank; his last banked turnip buys M0.
    ("Burglar", "Merchant"): (TOLL, End(9, 0), End(0, 0, ("M0",))),
    ("Cutpurse", "Farmer"): (None, End(11, 0), End(4, 0)),
    ("Cutpurse", "Wall"): (None, End(4, 0), End(7, 1)),
    ("Cutpurse", "Raider"): (None, End(4, 0), End(8, 0)),
    ("Cutpurse", "Merchant"): (None, End(11, 0), End(0, 0, ("M0",))),
    ("Trapper", "Farmer"): (None, End(10, 0), End(6, 0)),
    ("Trapper", "Wall"): (None, End(4, 0), End(7, 1)),
    ("Trapper", "Raider"): (None, End(6, 0), End(6, 0)),
    ("Trapper", "Merchant"): (None, End(10, 0), End(2, 0, ("M0",))),
    # ---- market Merchants (Ana cannot afford a relic: the "if unable" part)
    ("Bard", "Farmer"): (None, End(6, 0, ("D1",)), End(10, 0)),
    ("Bard", "Wall"): (None, End(6, 0, ("D1",)), End(7, 1)),
    ("Bard", "Raider"): (None, End(2, 0, ("D1",)), End(11, 0)),
    # Ana (5) acts before Bo (7): she draws D1; Bo then buys M0.
    ("Bard", "Merchant"): (None, End(6, 0, ("D1",)), End(6, 0, ("M0",))),
    ("Doctor", "Farmer"): (None, End(7, 0), End(10, 0, (), ("Farmer",))),
    ("Doctor", "Wall"): (None, End(7, 0), End(7, 1, (), ("Wall",))),
    ("Doctor", "Raider"): (None, End(3, 0), End(11, 0, (), ("Raider",))),
    ("Doctor", "Merchant"): (None, End(7, 0), End(6, 0, ("M0",), ("Merchant",))),
}

ALL_CARDS = STARTERS + MARKET_CARDS
TYPES = ["Farmer", "Wall", "Raider", "Merchant"]


def test_the_case_table_covers_every_card_against_every_type():
    assert len(ALL_CARDS) == 24
    assert set(CASES) == {(c, t) for c in ALL_CARDS for t in TYPES}


def _duel_with(card: str, start: tuple[int, int, int, int] | None):
    s0, b0, s1, b1 = start or (S0, B0, S1, B1)
    extra = () if card in STARTERS else (card,)
    pool = [c for c in MARKET_CARDS if c != card]
    market, deck = pool[:4], pool[4:]
    g = make([player(s0, b0, extra=extra), player(s1, b1)], market=market, deck=deck,
             bank_side="standard", names=["Ana", "Bo"])
    tokens = {"M0": market[0], "D1": deck[-1], "D2": deck[-2]}
    return g, tokens


@pytest.mark.parametrize(("card", "vs"), sorted(CASES, key=lambda k: (
    ALL_CARDS.index(k[0]), TYPES.index(k[1]))), ids=lambda x: x.replace(" ", "_"))
def test_card_against_opposing_type_gives_the_printed_result(card, vs):
    start, ana_end, bo_end = CASES[(card, vs)]
    g, tokens = _duel_with(card, start)
    back0 = "Wall" if card == "Farmer" else "Farmer"
    back1 = "Wall" if vs == "Farmer" else "Farmer"
    g.apply(0, QueueTwo(card, back0))
    g.apply(1, QueueTwo(vs, back1))
    finish_choices(g)
    assert g.phase == "plan" and g.round == 2
    for seat, end, front, back, own in ((0, ana_end, card, back0, {card}),
                                        (1, bo_end, vs, back1, set())):
        v = g.players[seat]
        got = {"stockpile": v.stockpile, "bank": v.bank, "relics": v.relics,
               "new": sorted(set(v.owned()) - set(STARTERS) - own),
               "exhausted": v.exhausted}
        want = {"stockpile": end.stockpile, "bank": end.bank, "relics": 0,
                "new": sorted(tokens[t] for t in end.new_cards),
                "exhausted": list(end.exhausted)}
        assert got == want, f"{v.name}"
        assert v.plan == [back]  # the duel's back card moved to the front
        if front not in end.exhausted:
            assert front in v.hand  # a resolved card goes back to hand at Refresh
    assert g.audit() == []


@pytest.mark.parametrize("card", ["Merchant", "Bard", "Doctor"])
def test_merchant_type_card_buys_a_relic_when_affordable_and_nothing_else(card):
    """With 8 turnips (6 stockpile + 2 bank) the relic is compulsory; the 'if unable' part
    (card for 1 / gain 1 and draw / gain 2 and exhaust) does not happen."""
    extra = () if card in STARTERS else (card,)
    pool = [c for c in MARKET_CARDS if c != card]
    g = make([player(6, 2, extra=extra), player(7, 0)], market=pool[:4], deck=pool[4:],
             bank_side="standard")
    deck_before = g.deck[:]
    g.apply(0, QueueTwo(card, "Farmer"))
    g.apply(1, QueueTwo("Farmer", "Wall"))
    ana = g.players[0]
    assert (ana.stockpile, ana.bank, ana.relics) == (0, 0, 1)  # stockpile paid first
    assert sorted(set(ana.owned()) - set(STARTERS)) == sorted(extra)
    assert ana.exhausted == [] and g.players[1].exhausted == []
    assert g.deck == deck_before and g.market == pool[:4]
