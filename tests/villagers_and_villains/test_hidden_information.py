"""Hidden information: only cards drawn face down by an ability are secret (and the
deck's order); observations and logs never show them; determinize is fair."""

from __future__ import annotations

import json
import random

from village_games import villagers_and_villains as vv
from village_games.core.game import ALL_CARDS
from village_games.villagers_and_villains import UseAbility, VillagersAndVillains

from .scenarios import make


def drawn() -> VillagersAndVillains:
    g = make([{"gold": 3, "town": ["Library"]}, {"gold": 0}, {"gold": 0}], advanced=True,
             phase="earning", deck=["Farm", "Mill", "Dragon"])
    g.apply(0, UseAbility("Library"))
    return g


def test_a_card_drawn_by_an_ability_is_seen_only_by_its_owner() -> None:
    g = drawn()
    assert g.players[0].hand_sec == ["Dragon"]
    mine, theirs = g.observation(0)["players"][0], g.observation(1)["players"][0]
    assert "Dragon" in mine["hand"]
    assert theirs["hand"] is None and theirs["hand_hidden"] == 1
    assert theirs["hand_known"] == ["Angry Mob", "Deputy Mayor"]
    assert '"Dragon"' not in json.dumps(g.observation(1))
    assert '"Dragon"' not in json.dumps(g.observation(None))
    draw = next(e for e in g.log if e.kind == "draw")
    assert draw.chance and "_card" not in draw.visible_data(1)
    k = g.log.index(draw)
    assert "Dragon" not in g.log_for(1)[k] and "Dragon" in g.log_for(0)[k]


def test_the_deck_order_is_hidden_from_everyone_but_the_referee_view() -> None:
    g = vv.new_game(3, seed=5)
    assert g.observation(0)["deck"] is None and g.observation(0)["deck_size"] == len(g.deck)
    full = g.view(ALL_CARDS)
    assert full["deck"][0] == g.deck[-1] and full["all_cards"]


def test_recruited_and_defeated_cards_are_public_knowledge() -> None:
    g = vv.new_game(2, seed=3)
    g.apply(0, vv.Recruit(1))
    card = g.log[-2].data.get("card") if g.log[-2].kind == "recruit" else None
    obs = g.observation(1)["players"][0]
    assert card is None or card in obs["hand_known"] + obs["town"]


def test_determinize_keeps_what_the_seat_sees_and_deals_the_rest_again() -> None:
    g = drawn()
    obs1 = g.observation(1)
    worlds = [g.determinize(1, random.Random(k)) for k in range(8)]
    assert all(w.observation(1) == obs1 for w in worlds)
    assert len({tuple(w.players[0].hand_sec) for w in worlds}) > 1
    assert all(w.quiet and not w.log and w.audit() == [] for w in worlds)
    own = g.determinize(0, random.Random(1))
    assert own.players[0].hand_sec == ["Dragon"]  # the drawer's own card stays


def test_determinize_depends_only_on_the_observers_view() -> None:
    """Two games that differ only in what seat 1 cannot see give the same worlds."""
    base = {"players": [{"gold": 3, "hand_secret": ["Dragon"]}, {}], "advanced": True,
            "deck": ["Farm", "Mill", "Ogre"], "pool": ["Weaver"]}
    twin = json.loads(json.dumps(base))
    twin["players"][0]["hand_secret"] = ["Mill"]
    twin["deck"] = ["Ogre", "Dragon", "Farm"]
    a, b = VillagersAndVillains.from_dict(base), VillagersAndVillains.from_dict(twin)
    assert a.observation(1) == b.observation(1)
    assert a.observation(0) != b.observation(0)
    wa, wb = a.determinize(1, random.Random(3)), b.determinize(1, random.Random(3))
    assert wa.to_dict() == wb.to_dict()


def test_determinize_never_foresees_scripted_dice_or_the_games_generator() -> None:
    g = make([{}, {}], dice=[6, 6, 6])
    w = g.determinize(0, random.Random(2))
    assert w.dice == [] and w.rng.state != g.rng.state
