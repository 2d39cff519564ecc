"""Hidden information: hands and the deck stay hidden, a hired attacker stays face down
until the reveal, the log follows the observation, and determinize is fair."""

from __future__ import annotations

import json
import random

from village_games import villages
from village_games.villages import Attack, Defend, Draw, Villages

from .scenarios import make


def _quoted(obs: dict) -> str:
    return json.dumps(obs)


def test_an_observation_shows_no_other_hand_and_no_deck_card() -> None:
    g = villages.new_game(3, seed=6)
    obs = g.observation(0)
    text = _quoted(obs)
    assert obs["players"][1]["hand"] is None and obs["players"][1]["hand_size"] == 8
    assert obs["players"][0]["hand"] == g.hands[0]
    for card in g.hands[1] + g.hands[2] + g.deck:
        assert f'"{card}"' not in text
    assert obs["deck_size"] == len(g.deck)
    spectator = _quoted(g.observation(None))
    assert not any(f'"{c}"' in spectator for h in g.hands for c in h)


def test_the_log_names_a_drawn_card_only_to_its_drawer() -> None:
    g = villages.new_game(3, seed=6)
    g.apply(0, Draw("deck"))
    card = next(c for c in g.hands[0] if c not in g.log[1].data["_cards"])
    assert card in g.log_for(0)[-1]
    assert card not in g.log_for(1)[-1] and "draws a card" in g.log_for(1)[-1]
    dealt = [line for line in g.log_for(1) if "dealt" in line]
    assert all(c not in " ".join(dealt) for c in g.hands[0])


def test_cards_taken_from_the_discard_pile_are_known_to_everyone() -> None:
    g = villages.new_game(3, seed=6)
    top = g.discard[-1]
    g.apply(0, Draw("discard"))
    assert g.observation(1)["players"][0]["hand_known"] == [top]


def test_a_hired_attacker_is_hidden_from_everyone_but_its_owner_until_revealed() -> None:
    g = make([{"hand": ["Red Dragon", "Pig"]},
              {"villages": {"Blue": ["Blue Farmer", "Blue Monk", "Blue Ace"]}}, {}])
    g.apply(0, Attack(1, "Blue", "Red Dragon", "hand"))
    for seat in (1, 2, None):
        assert '"Red Dragon"' not in _quoted(g.observation(seat))
        assert "Red Dragon" not in g.log_for(seat)[-2]
    assert g.observation(0)["battle"]["unit"] == "Red Dragon"
    assert g.full_observation()["battle"]["unit"] == "Red Dragon"
    g.apply(1, Defend("Blue Monk", "Blue"))
    assert "Red Dragon" in _quoted(g.observation(2))


def _twins() -> tuple[Villages, Villages]:
    """Two positions seat 0 cannot tell apart: seat 1's hidden card and a deck card swap."""
    a = villages.new_game(3, seed=11)
    d = a.to_dict()
    hand, deck = d["players"][1]["hand"], d["deck"]
    hand[0], deck[5] = deck[5], hand[0]
    order = a.cards.order
    hand.sort(key=order.__getitem__)
    return a, Villages.from_dict(d)


def test_determinize_depends_only_on_what_the_seat_can_see() -> None:
    a, b = _twins()
    assert a.observation(0) == b.observation(0) and a.to_dict() != b.to_dict()
    wa, wb = a.determinize(0, random.Random(5)), b.determinize(0, random.Random(5))
    assert wa.to_dict() == wb.to_dict()
    assert wa.observation(0) == a.observation(0)
    assert a.observation(1) != b.observation(1)


def test_determinize_keeps_known_cards_and_redeals_the_rest() -> None:
    g = villages.new_game(3, seed=6)
    top = g.discard[-1]
    g.apply(0, Draw("discard"))
    worlds = [g.determinize(1, random.Random(k)) for k in range(8)]
    assert all(top in w.hands[0] for w in worlds)
    assert all(w.hands[1] == g.hands[1] for w in worlds)
    assert len({tuple(w.hands[2]) for w in worlds}) > 1
    assert all(w.audit() == [] and w.quiet for w in worlds)


def test_determinize_redeals_a_face_down_attacker_for_the_defender() -> None:
    g = make([{"hand": ["Red Dragon", "Pig"]},
              {"villages": {"Blue": ["Blue Farmer", "Blue Monk", "Blue Ace"]}}])
    g.apply(0, Attack(1, "Blue", "Red Dragon", "hand"))
    units = {g.determinize(1, random.Random(k)).battle.unit for k in range(12)}
    assert len(units) > 1
    assert {g.determinize(0, random.Random(k)).battle.unit for k in range(4)} == {"Red Dragon"}
