"""Location cards (stand-in set): one per round, replacing the last, each rule in force
for its round: draws, builds, gifts and battle."""

from __future__ import annotations

import random

from village_games import villages
from village_games.villages import Add, Attack, Build, Defend, Draw, Give, Villages
from village_games.villages.odds import attack_odds

from .scenarios import make, refused

BLUE = ["Blue Farmer", "Blue Builder", "Blue Monk"]
RED = ["Red Farmer", "Red Builder", "Red Squire"]


# count 0 is allowed in a location file of your own (the stand-in set is gentler)
STRICT = villages.locations_from_text(
    '[[location]]\nname = "Flooded Valley"\neffect = "builds"\ncount = 0\n'
    'help = "No new village this round."\n'
    '[[location]]\nname = "Closed Border"\neffect = "gifts"\ncount = 0\n'
    'help = "No gifts this round."\n', "strict.toml")


def at(location: str, players: list[dict], **table: object) -> Villages:
    lands = STRICT.saved_form() if location in STRICT.names else True
    return make(players, options={"locations": lands}, location=location, **table)


def test_fertile_plains_draws_three_and_barren_steppe_one() -> None:
    g = at("Fertile Plains", [{}, {}], phase="draw")
    assert g.draws_left == 3
    for _ in range(3):
        assert g.phase == "draw"
        g.apply(0, Draw("deck"))
    assert g.phase == "main" and len(g.hands[0]) == 3
    assert "drawn your 3 cards" in refused(g, 0, Draw("deck"))
    g = at("Barren Steppe", [{}, {}], phase="draw")
    g.apply(0, Draw("deck"))
    assert g.phase == "main" and len(g.hands[0]) == 1
    assert "drawn your 1 card this turn" in refused(g, 0, Draw("deck"))


def test_the_draw_count_of_a_location_applies_to_every_turn_of_the_round() -> None:
    g = at("Fertile Plains", [{"hand": ["Pig"]}, {}])
    g.apply(0, villages.Discard("Pig"))
    g.apply(0, villages.EndTurn())
    assert g.turn == 1 and g.phase == "draw" and g.draws_left == 3


def test_boomtown_allows_three_new_villages_in_a_turn() -> None:
    green = ["Green Farmer", "Green Builder", "Green Ranger"]
    g = at("Boomtown", [{"hand": [*RED, *BLUE, *green, "Pig"]}, {}])
    for trio in (RED, BLUE, green):
        g.apply(0, Build(*trio))
    assert set(g.villages[0]) == {"Red", "Blue", "Green"}


def test_narrow_pass_allows_one_gift() -> None:
    g = at("Narrow Pass", [{"hand": ["Blue Knight", "Blue Ace"]},
                           {"villages": {"Blue": BLUE}}])
    g.apply(0, Give("Blue Knight", 1, "Blue"))
    assert "at most 1 card per turn" in refused(g, 0, Give("Blue Ace", 1, "Blue"))


def test_open_meadows_allows_two_new_villages_in_a_turn() -> None:
    g = at("Open Meadows", [{"hand": [*RED, *BLUE, "Pig"]}, {}])
    g.apply(0, Build(*RED))
    g.apply(0, Build(*BLUE))
    assert set(g.villages[0]) == {"Red", "Blue"}
    g2 = make([{"hand": [*RED, *BLUE, "Pig"]}, {}])  # without the location: one only
    g2.apply(0, Build(*RED))
    assert "only 1 new village" in refused(g2, 0, Build(*BLUE))


def test_flooded_valley_forbids_new_villages_but_villages_still_grow() -> None:
    g = at("Flooded Valley", [{"hand": [*RED, "Blue Knight"],
                               "villages": {"Blue": BLUE}}, {}])
    assert not any(type(a) is Build for a in g.legal_actions(0))
    assert "Flooded Valley" in refused(g, 0, Build(*RED))
    g.apply(0, Add("Blue Knight", "Blue"))
    assert g.villages[0]["Blue"][-1] == "Blue Knight"


def test_trade_road_allows_five_gifts_and_closed_border_none() -> None:
    hand = ["Blue Knight", "Blue Princess", "Blue Ace", "Blue Wizard", "Blue Sorcerer",
            "Blue Archer"]
    g = at("Trade Road", [{"hand": hand}, {"villages": {"Blue": BLUE}}])
    for card in hand[:5]:
        g.apply(0, Give(card, 1, "Blue"))
    assert g.given == 5
    assert "at most 5 cards" in refused(g, 0, Give("Blue Archer", 1, "Blue"))
    g = at("Closed Border", [{"hand": hand}, {"villages": {"Blue": BLUE}}])
    assert not any(type(a) is Give for a in g.legal_actions(0))
    assert "Closed Border" in refused(g, 0, Give("Blue Knight", 1, "Blue"))


def test_windy_ridge_gives_every_attacker_two_power() -> None:
    g = at("Windy Ridge", [{"villages": {"Red": [*RED]}},
                           {"villages": {"Blue": BLUE}}])
    g.apply(0, Attack(1, "Blue", "Red Squire", "Red"))
    g.apply(1, Defend("Blue Monk", "Blue"))
    parts = dict(g.battle.a_parts)
    assert parts["at the Windy Ridge"] == 2
    assert "at the Windy Ridge" not in dict(g.battle.d_parts)


def test_mercenary_port_helps_hired_units_only() -> None:
    g = at("Mercenary Port", [{"hand": ["Red Dragon"], "villages": {"Red": RED}},
                              {"villages": {"Blue": BLUE}}])
    g.apply(0, Attack(1, "Blue", "Red Dragon", "hand"))
    g.apply(1, Defend("Blue Monk", "Blue"))
    assert dict(g.battle.a_parts)["hired at the Mercenary Port"] == 1
    assert "hired at the Mercenary Port" not in dict(g.battle.d_parts)


def test_fog_marsh_gives_a_tie_to_the_defender() -> None:
    # Red Farmer (power 1) against Blue Farmer (power 1): level
    def play(g: Villages) -> str:
        g.apply(0, Attack(1, "Blue", "Red Farmer", "Red"))
        g.apply(1, Defend("Blue Farmer", "Blue"))
        return g.phase

    players = [{"villages": {"Red": RED}}, {"villages": {"Blue": BLUE}}]
    assert play(make(players)) == "reward"  # the base rule: ties to the attacker
    g = at("Fog Marsh", players)
    assert play(g) == "main"
    assert "Red Farmer" in g.graves[0]
    assert "a tie goes to the defender" in g.log[-2].text or any(
        "tie goes to the defender" in e.text for e in g.log)


def test_attack_odds_follow_the_location_rule() -> None:
    weak = ["Blue Farmer", "Blue Builder", "Blue Princess"]  # power 1, 1, 0
    players = [{"villages": {"Red": RED}}, {"villages": {"Blue": weak}}]
    attack = Attack(1, "Blue", "Red Farmer", "Red")
    base = attack_odds(make(players).observation(0), villages.standard_deck(), attack)
    assert not base.sure_loss
    fog = at("Fog Marsh", players)
    odds = attack_odds(fog.observation(0), fog.cards, attack)
    assert odds.sure_loss and odds.chance == 0
    windy = at("Windy Ridge", players)
    assert attack_odds(windy.observation(0), windy.cards, attack).unopposed_power == 3


def test_a_new_location_replaces_the_last_before_each_round() -> None:
    g = villages.new_game(players=2, seed=3, locations=True, max_rounds=6)
    names = set(g.lands.names)
    seen = [g.location.name]
    rng = random.Random(3)
    while not g.is_over():
        p = g.to_act()[0]
        g.apply(p, rng.choice(list(g.legal_actions(p))))
        if not g.is_over() and g.location.name != seen[-1]:
            seen.append(g.location.name)
    assert len(seen) == g.round and set(seen) <= names
    rounds = [e for e in g.log if e.kind == "location"]
    assert [e.data["location"]["name"] for e in rounds] == seen
    assert all(a != b for a, b in zip(seen, seen[1:], strict=False))


def test_the_location_is_public_but_the_pile_order_is_hidden() -> None:
    g = villages.new_game(players=3, seed=5, locations=True)
    obs = g.observation(1)
    assert obs["location"]["name"] == g.location.name
    assert obs["locations_left"] == len(g.land_deck) and obs["locations_stand_in"]
    assert "land_deck" not in obs
    worlds = {tuple(g.determinize(1, random.Random(s)).land_deck) for s in range(8)}
    assert len(worlds) > 1


def test_base_games_have_no_location_at_all() -> None:
    g = villages.new_game(players=3, seed=5)
    assert g.location is None and g.observation(0)["location"] is None
    assert "location" not in g.to_dict() and "locations" not in g.options


def test_a_game_with_locations_saves_and_loads() -> None:
    g = villages.new_game(players=3, seed=9, locations=True, dark_light=True, dual=True)
    rng = random.Random(9)
    for _ in range(60):
        p = g.to_act()[0]
        g.apply(p, rng.choice(list(g.legal_actions(p))))
    h = Villages.from_dict(g.to_dict())
    assert h.to_dict() == g.to_dict()
    assert h.location == g.location and h.land_deck == g.land_deck
