"""What the engine reports to apps and bots: traces of a round, outcomes, flags for undo,
versioned saves, legal actions nobody can corrupt, and determinize that is fair."""

import json
import random

import pytest

from village_games import village_pillage
from village_games.village_pillage import VillagePillage

from .scenarios import Plan, ResolveFirst, make, player

MARKET = ["Florist", "Mason", "Miner", "Outlaw"]


def three_planned(viewer=0):
    g = make([player(stockpile=4), player(stockpile=2), player(stockpile=3)], market=MARKET)
    g.apply(0, Plan("Farmer", "Raider"))
    g.apply(1, Plan("Raider", "Wall"))
    return g, g.apply_traced(2, Plan("Wall", "Farmer"), viewer)


def test_a_traced_round_shows_the_table_after_every_event():
    g, trace = three_planned()
    kinds = [s.event.kind for s in trace]
    assert kinds[:2] == ["plan", "reveal"] and kinds[-1] == "refresh"
    revealed = trace[1].obs
    assert revealed["phase"] == "resolve" and len(revealed["played"]) == 6
    assert revealed["players"][1]["plan"] == ["Raider", "Wall"]  # face up for everyone
    for before, after in zip(trace, trace[1:], strict=False):
        if after.event.kind == "steal":
            victim = after.event.data["victim"]
            taken = -after.event.data["delta"][1][1]
            assert (before.obs["players"][victim]["stockpile"] - taken
                    == after.obs["players"][victim]["stockpile"])
            acting = [p for p in after.obs["played"] if p["acting"]]
            assert [(p["seat"], p["card"]) for p in acting] == [
                (after.event.data["owner"], after.event.data["card"])]
    assert trace[-1].obs == g.observation(0)


def test_a_trace_for_one_seat_never_shows_another_seats_hidden_cards():
    g = make([player(), player(extra=("Pickler",), secret=["Pickler"]), player()], market=MARKET)
    steps = g.apply_traced(1, Plan("Pickler", "Wall"), viewer=0)
    assert "Pickler" not in json.dumps([s.obs for s in steps])


def test_reveals_and_chance_are_flagged_and_plain_plans_are_not():
    g, trace = three_planned()
    flags = {s.event.kind: s.event.final for s in trace}
    assert flags["plan"] is False and flags["reveal"] is True
    bard = make([player(stockpile=0, extra=("Bard",)), player(), player()], market=MARKET)
    bard.apply(0, Plan("Bard", "Wall"))
    bard.apply(1, Plan("Farmer", "Wall"))
    events = bard.apply(2, Plan("Farmer", "Wall"))
    assert [e.chance for e in events if e.kind == "draw"] == [True]


def test_a_finished_game_reports_its_outcome_and_tie_break():
    g = make([player(stockpile=10, bank=0, relics=2), player(stockpile=10, bank=0, relics=2),
              player()], market=MARKET)
    assert g.outcome() is None
    g.apply(0, Plan("Merchant", "Wall"))
    g.apply(1, Plan("Merchant", "Wall"))
    g.apply(2, Plan("Farmer", "Wall"))
    out = g.outcome()
    assert g.is_over() and out.winners == tuple(g.winners())
    assert out.scores[:2] == (3.0, 3.0) and out.reason == g.result
    assert out.tiebreak in ("most turnips", "most cards", "shared")


def test_a_village_holding_every_relic_counts_as_unable_to_buy_one():
    """Reading 11: the Bard's fallback (gain 1, draw) happens when no relic is left."""
    g = make([player(stockpile=10, bank=0, relics=2, extra=("Bard",)), player(), player()],
             market=MARKET)
    g.apply(0, Plan("Merchant", "Bard"))
    g.apply(1, Plan("Farmer", "Wall"))
    g.apply(2, Plan("Farmer", "Wall"))
    assert g.awaiting["kind"] == "order"
    events = g.apply(0, ResolveFirst("Merchant"))
    texts = [e.text for e in events]
    assert any("buys relic 3 for 10" in t for t in texts)
    assert any("Bard cannot buy a relic (no relic left to buy)" in t for t in texts)
    assert any("Bard gains 1" in t for t in texts) and any(e.kind == "draw" for e in events)
    assert g.players[0].stockpile == 1 and len(g.players[0].owned()) == 6


def test_a_save_from_an_unknown_version_is_refused():
    d = village_pillage.new_game(players=3, seed=2).to_dict()
    d["version"] = 99
    with pytest.raises(ValueError, match="format version 99; this program reads version 1 or 2"):
        VillagePillage.from_dict(d)
    d["version"] = 1  # the format before decks and event flags still loads
    assert VillagePillage.from_dict(d).round == 1


def test_legal_actions_cannot_be_corrupted_by_a_caller():
    a = village_pillage.new_game(players=3, seed=1)
    b = village_pillage.new_game(players=3, seed=2)
    mine = a.legal_actions(0)
    with pytest.raises(AttributeError):
        mine.clear()
    assert len(b.legal_actions(0)) == 12 and len(a.legal_actions(0)) == 12


def _hidden_variants():
    """Two 3-player positions seat 0 cannot tell apart: seat 1's face-down cards swapped,
    and the deck in another order."""
    one = village_pillage.new_game(players=3, seed=5)
    two = village_pillage.new_game(players=3, seed=5)
    one.apply(1, Plan("Farmer", "Raider"))
    two.apply(1, Plan("Raider", "Farmer"))
    d = two.to_dict()
    d["deck"] = list(reversed(d["deck"]))
    return one, VillagePillage.from_dict(d)


def test_two_positions_a_seat_cannot_tell_apart_give_it_the_same_worlds():
    one, two = _hidden_variants()
    assert one.observation(0) == two.observation(0)
    assert one.to_dict()["players"][1] != two.to_dict()["players"][1]
    for k in range(5):
        w1 = one.determinize(0, random.Random(k))
        w2 = two.determinize(0, random.Random(k))
        assert w1.to_dict() == w2.to_dict()


def test_a_bot_with_a_fixed_seed_chooses_the_same_whatever_it_cannot_see():
    from village_games.bots import PillageBot
    from village_games.core import SeatView

    one, two = _hidden_variants()
    for seed in range(3):
        assert (PillageBot(seed=seed).act(SeatView(one, 0))
                == PillageBot(seed=seed).act(SeatView(two, 0)))


def test_the_log_names_the_owner_of_an_opponent_steals_card_and_idle_cards():
    g = make([player(stockpile=0, extra=("Florist",)), player(), player()],
             market=["Bard", "Mason", "Miner", "Outlaw"],
             names=["Ana", "Ben", "Cy"])
    g.apply(0, Plan("Florist", "Wall"))  # Ana's Florist faces Ben's right card
    g.apply(1, Plan("Farmer", "Raider"))
    g.apply(2, Plan("Farmer", "Raider"))
    lines = g.log_for(None)
    assert "Ana's Florist lets Ben steal 2 of 2 from Ana." in lines
    assert not any("Ben's Florist" in line for line in lines)
    assert not any("nothing happens" in line for line in lines)  # every card acted


def test_a_card_that_does_nothing_against_what_it_faces_is_logged():
    g = make([player(), player(), player()], market=MARKET, names=["Ana", "Ben", "Cy"])
    g.apply(0, Plan("Wall", "Farmer"))  # Ana's Wall faces Ben's right card
    g.apply(1, Plan("Farmer", "Raider"))
    events = g.apply(2, Plan("Farmer", "Wall"))
    idle = [e for e in events if e.kind == "nothing"]
    assert [e.text for e in idle] == ["Ben's Raider meets Ana's Wall: nothing happens."]
    assert not idle[0].final and "nothing" in village_pillage.INFO.silent_kinds
