"""Animals need a Farmer and buildings a Builder in the village; one supports any number;
if it leaves, what is there stays but no more can be added. The rulebook's illustrated
cases are here as positions."""

from __future__ import annotations

from village_games.villages import Add, Attack, Build, Defend, Give, Reward

from .scenarios import make, refused


def test_rulebook_case_a_tavern_cannot_join_a_village_without_a_builder() -> None:
    g = make([{"hand": ["Tavern"],
               "villages": {"Green": ["Green Knight", "Green Ranger", "Green Druid"]}}, {}])
    assert not any(isinstance(a, Add) for a in g.legal_actions(0))
    assert "buildings need a Builder" in refused(g, 0, Add("Tavern", "Green"))


def test_rulebook_case_a_builder_but_only_two_units_is_no_village() -> None:
    g = make([{"hand": ["Green Builder", "Green Ranger", "Tavern"]}, {}])
    assert not any(isinstance(a, Build) for a in g.legal_actions(0))
    assert "never count toward the 3 units" in refused(
        g, 0, Build("Green Builder", "Green Ranger", "Tavern"))


def test_rulebook_case_three_units_with_a_builder_make_a_village_the_tavern_may_join() -> None:
    g = make([{"hand": ["Green Builder", "Green Ranger", "Green Druid", "Tavern"]}, {}])
    g.apply(0, Build("Green Builder", "Green Ranger", "Green Druid"))
    g.apply(0, Add("Tavern", "Green"))
    assert g.villages[0]["Green"] == ["Green Builder", "Green Ranger", "Green Druid", "Tavern"]


def test_animals_need_a_farmer_buildings_a_builder() -> None:
    g = make([{"hand": ["Pig", "Castle"],
               "villages": {"Red": ["Red Farmer", "Red Orc", "Red Ace"],
                            "Blue": ["Blue Builder", "Blue Monk", "Blue Ace"]}}, {}])
    legal = set(g.legal_actions(0))
    assert Add("Pig", "Red") in legal and Add("Pig", "Blue") not in legal
    assert Add("Castle", "Blue") in legal and Add("Castle", "Red") not in legal
    assert "animals need a Farmer" in refused(g, 0, Add("Pig", "Blue"))


def test_one_farmer_supports_any_number_of_animals() -> None:
    g = make([{"hand": ["Pig", "Sheep", "Horse"],
               "villages": {"Red": ["Red Farmer", "Red Orc", "Red Ace"]}}, {}])
    for animal in ("Pig", "Sheep", "Horse"):
        g.apply(0, Add(animal, "Red"))
    assert g.villages[0]["Red"][-3:] == ["Pig", "Sheep", "Horse"]


def test_gifts_follow_the_same_support_rule() -> None:
    g = make([{"hand": ["Pig", "Castle"]},
              {"villages": {"Red": ["Red Farmer", "Red Orc", "Red Ace"]}}])
    assert Give("Pig", 1, "Red") in g.legal_actions(0)
    assert "buildings need a Builder" in refused(g, 0, Give("Castle", 1, "Red"))


def test_when_the_farmer_leaves_the_animals_stay_but_no_more_can_join() -> None:
    g = make([{"hand": ["Red Orc"]},
              {"hand": ["Sheep"], "villages": {"Blue": ["Blue Farmer", "Blue Monk",
                                                        "Blue Ace", "Pig"]}}])
    g.apply(0, Attack(1, "Blue", "Red Orc", "hand"))
    g.apply(1, Defend("Blue Farmer", "Blue"))  # 1 against the Orc's 4
    g.apply(0, Reward("kidnap", "Blue Farmer"))
    assert g.villages[1]["Blue"] == ["Blue Monk", "Blue Ace", "Pig"]
    later = make([{}, {"hand": ["Sheep"], "villages": {"Blue": g.villages[1]["Blue"]}}],
                 turn=1)
    assert "animals need a Farmer" in refused(later, 1, Add("Sheep", "Blue"))
