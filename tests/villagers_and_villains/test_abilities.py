"""Card abilities (advanced game): once per turn in their phase, paid abilities, VEND
abilities others may pay for and the owner may refuse, the timing ruling, the mayor's
order of rulings, extra cards drawn to the hand. One test per effect of the vocabulary."""

from __future__ import annotations

from village_games.villagers_and_villains import (
    AllowVend,
    Attack,
    Build,
    Pass,
    PayVend,
    Recruit,
    RefuseVend,
    Resolve,
    Roll,
    UseAbility,
    VillagersAndVillains,
)

from .scenarios import make, refused


# ---------------------------------------------------------------- recruit
def test_castle_adds_one_to_every_recruit_die_once_per_turn() -> None:
    g = make([{"town": ["Castle"]}, {}], advanced=True, dice=[3])
    g.apply(0, Recruit(4))
    g.apply(0, UseAbility("Castle"))
    assert UseAbility("Castle") not in g.legal_actions(0)
    assert "once per turn" in refused(g, 0, UseAbility("Castle"))
    g.apply(0, Roll())  # 3 + 1 reaches 4
    assert g.players[0].hand_pub[-1] == "Cathedral"


def test_abilities_are_not_used_in_the_basic_game() -> None:
    g = make([{"town": ["Castle"]}, {}], dice=[3])
    g.apply(0, Recruit(4))
    assert "advanced game" in refused(g, 0, UseAbility("Castle"))


def test_recruit_bonuses_are_declared_after_announcing_and_before_rolling() -> None:
    g = make([{"town": ["Castle"]}, {}], advanced=True)
    assert "declared before rolling" in refused(g, 0, UseAbility("Castle"))


def test_stable_gives_a_free_extra_recruit_roll() -> None:
    g = make([{"gold": 0, "town": ["Stable"]}, {}], advanced=True, dice=[1, 6])
    g.apply(0, Recruit(6))
    g.apply(0, UseAbility("Stable"))
    g.apply(0, Roll())
    assert g.players[0].hand_pub[-1] == "Midwife" and g.players[0].gold == 0


def test_paid_ability_costs_its_owner_gold_to_the_bank() -> None:
    g = make([{"gold": 2, "town": ["Elf Scout"]}, {}], advanced=True, dice=[2])
    bank = g.bank
    g.apply(0, Recruit(3))
    g.apply(0, UseAbility("Elf Scout"))
    assert g.players[0].gold == 1 and g.bank == bank + 1
    g.apply(0, Roll())
    assert g.players[0].town == ["Elf Scout", "Flood"]


def test_a_paid_ability_is_refused_without_the_gold() -> None:
    g = make([{"gold": 0, "town": ["Elf Scout"]}, {}], advanced=True)
    g.apply(0, Recruit(3))
    assert "costs 1 gold and you have 0" in refused(g, 0, UseAbility("Elf Scout"))


# ---------------------------------------------------------------- VEND
def test_another_mayor_pays_the_owner_to_use_a_vend_ability() -> None:
    g = make([{"gold": 3}, {"gold": 0, "town": ["Tower"]}], advanced=True, dice=[3])
    g.apply(0, Recruit(4))
    assert PayVend(1, "Tower") in g.legal_actions(0)
    g.apply(0, PayVend(1, "Tower"))
    assert g.to_act() == [1] and set(g.legal_actions(1)) == {AllowVend(), RefuseVend()}
    g.apply(1, AllowVend())
    assert g.players[0].gold == 2 and g.players[1].gold == 1
    assert g.to_act() == [0]
    g.apply(0, Roll())  # 3 + 1 reaches 4
    assert g.players[0].hand_pub[-1] == "Cathedral"


def test_the_owner_may_refuse_a_vend_request_and_it_cannot_be_asked_again() -> None:
    g = make([{"gold": 3}, {"gold": 0, "town": ["Tower"]}], advanced=True, dice=[3])
    g.apply(0, Recruit(4))
    g.apply(0, PayVend(1, "Tower"))
    g.apply(1, RefuseVend())
    assert g.players[0].gold == 3 and g.players[1].gold == 0 and g.turn_state.bonus == 0
    assert "once per turn" in refused(g, 0, PayVend(1, "Tower"))
    g.apply(0, Roll())
    assert g.players[0].town == ["Imps"]


def test_only_vend_cards_can_be_bought_and_own_cards_are_used_directly() -> None:
    g = make([{"town": ["Castle"]}, {"town": ["Stable"]}], advanced=True)
    g.apply(0, Recruit(4))
    assert "not a VEND card" in refused(g, 0, PayVend(1, "Stable"))
    assert "is yours" in refused(g, 0, PayVend(0, "Castle"))
    assert "not in Player 2's town" in refused(g, 0, PayVend(1, "Tower"))


def test_the_owner_can_use_a_vend_card_for_its_own_cost() -> None:
    g = make([{"gold": 0, "town": ["Tower"]}, {}], advanced=True, dice=[3])
    g.apply(0, Recruit(4))
    g.apply(0, UseAbility("Tower"))
    g.apply(0, Roll())
    assert g.players[0].hand_pub[-1] == "Cathedral"


# ---------------------------------------------------------------- defend
def test_watchtower_adds_one_to_a_defense_roll() -> None:
    g = make([{"town": ["Witch", "Watchtower"]}, {}], advanced=True, phase="defend", dice=[3])
    g.apply(0, Attack("Witch", None))
    g.apply(0, UseAbility("Watchtower"))
    g.apply(0, Roll())
    assert "Witch" in g.players[0].hand_pub


def test_smithy_defense_bonus_is_sold_to_others_by_vend() -> None:
    g = make([{"town": ["Witch"]}, {"gold": 0, "town": ["Smithy"]}], advanced=True,
             phase="defend", dice=[3])
    g.apply(0, Attack("Witch", None))
    g.apply(0, PayVend(1, "Smithy"))
    g.apply(1, AllowVend())
    g.apply(0, Roll())
    assert "Witch" in g.players[0].hand_pub and g.players[1].gold == 1


def test_barracks_give_an_extra_town_defense() -> None:
    g = make([{"town": ["Witch", "Barracks"]}, {}], advanced=True, phase="defend",
             dice=[1, 4])
    g.apply(0, UseAbility("Barracks"))
    g.apply(0, Attack("Witch", None))
    g.apply(0, Roll())
    assert Attack("Witch", None) in g.legal_actions(0)
    g.apply(0, Attack("Witch", None))
    g.apply(0, Roll())
    assert "Witch" in g.players[0].hand_pub


def test_rogue_draws_a_card_into_the_hand_without_loot() -> None:
    g = make([{"gold": 1, "town": ["Witch", "Rogue"]}, {}], advanced=True, phase="defend",
             deck=["Farm", "Dragon"])
    g.apply(0, UseAbility("Rogue"))
    p = g.players[0]
    assert p.hand_sec == ["Dragon"] and p.gold == 0  # a drawn challenge brings no loot
    assert g.score_sheet()[0]["challenges_in_hand"] == 1  # but counts for Victory
    assert g.observation(1)["players"][0]["hand"] is None
    assert "Dragon" not in g.log_for(1)[-1] and "Dragon" in g.log_for(0)[-1]


# ---------------------------------------------------------------- pillage and ordering
def tim_table() -> dict:
    return {"players": [{"name": "Tim", "gold": 3, "town": ["Witch", "Goblins", "Lord"]},
                        {"name": "Ana", "gold": 0, "town": ["Tax Collector"]}],
            "advanced": True, "phase": "pillage"}


def test_tim_orders_pillage_loss_tax_collector_and_the_lord_as_he_likes() -> None:
    first = make(**tim_table())
    legal = set(first.legal_actions(0))
    assert legal == {Resolve("pillage"), Resolve("Tax Collector"), UseAbility("Lord")}
    assert "carry out your rulings first" in refused(first, 0, Pass())
    # Lord first (pay 1, loss 3 - 2 = 1), then the loss, then the Tax Collector
    first.apply(0, UseAbility("Lord"))
    first.apply(0, Resolve("pillage"))  # the tax, the last ruling, follows by itself
    assert paid(first) == {"lord": 1, "pillage": 1, "tax": 1}
    assert first.players[1].gold == 1
    # loss first: all 3 gold go to the bank, nothing is left for the tax or the Lord
    second = make(**tim_table())
    second.apply(0, Resolve("pillage"))
    assert UseAbility("Lord") not in second.legal_actions(0)
    assert paid(second) == {"lord": 0, "pillage": 3, "tax": 0}
    assert second.players[1].gold == 0


def paid(g: VillagersAndVillains) -> dict[str, int]:
    """What Tim paid on his Pillage turn, by ruling, read from the events."""
    out = {"lord": 0, "pillage": 0, "tax": 0}
    for e in g.log:
        if e.kind == "ability" and e.data["card"] == "Lord":
            out["lord"] += e.data["paid"]
        elif e.kind == "pillage" and e.data["seat"] == 0:
            out["pillage"] += e.data["lost"]
        elif e.kind == "tax" and e.data["seat"] == 0:
            out["tax"] += e.data["gold"]
    return out


def test_the_tax_collector_takes_gold_on_other_mayors_pillage_turns_only() -> None:
    g = make([{"gold": 2, "town": ["Tax Collector", "Witch"]}, {"gold": 2}, {"gold": 0}],
             advanced=True, phase="pillage")
    assert g.players[0].gold == 0 + 1 and g.players[1].gold == 1


def test_town_wall_reduces_pillage_for_a_vend_buyer() -> None:
    g = make([{"gold": 5, "town": ["Bandits", "Witch"]}, {"gold": 0, "town": ["Town Wall"]}],
             advanced=True, phase="pillage")
    g.apply(0, PayVend(1, "Town Wall"))
    g.apply(1, AllowVend())
    assert g.players[0].gold == 5 - 1 - 2 and g.players[1].gold == 1


# ---------------------------------------------------------------- earning and reset
def test_gravedigger_gains_gold_in_the_earning_phase() -> None:
    g = make([{"gold": 0, "town": ["Gravedigger"]}, {"gold": 0}], advanced=True,
             phase="earning")
    g.apply(0, UseAbility("Gravedigger"))
    assert g.players[0].gold == 1 + 1


def test_market_vend_lets_another_mayor_buy_two_gold_for_one() -> None:
    g = make([{"gold": 1}, {"gold": 0, "town": ["Market"]}], advanced=True, phase="earning")
    g.apply(0, PayVend(1, "Market"))
    g.apply(1, AllowVend())
    assert g.players[0].gold == 2 and g.players[1].gold == 1


def test_treasury_pays_income_at_every_reset() -> None:
    g = make([{"gold": 0, "town": ["Treasury"]}, {"gold": 0}], advanced=True, phase="build")
    assert g.round == 2 and g.players[0].gold == 1


# ---------------------------------------------------------------- build
def test_architect_adds_a_second_card_in_build_hire() -> None:
    g = make([{"gold": 6, "hand": ["Farm", "Farmer"], "town": ["Architect"]}, {"gold": 0}],
             advanced=True, phase="build")
    g.apply(0, Build("Farm"))
    assert "only 1 card" in refused(g, 0, Build("Farmer"))
    g.apply(0, UseAbility("Architect"))
    g.apply(0, Build("Farmer"))
    assert g.players[0].town == ["Architect", "Farm", "Farmer"]


def test_workshop_discounts_the_next_build() -> None:
    g = make([{"gold": 2, "hand": ["Farm"], "town": ["Workshop"]}, {"gold": 0}],
             advanced=True, phase="build")
    assert Build("Farm") not in g.legal_actions(0)
    g.apply(0, UseAbility("Workshop"))
    g.apply(0, Build("Farm"))
    assert g.players[0].gold == 0 and "Farm" in g.players[0].town


def test_a_card_acts_only_after_the_phase_it_entered() -> None:
    g = make([{"gold": 9, "hand": ["Guild Hall", "Farm"]}, {"gold": 0}], advanced=True,
             phase="build")
    g.apply(0, Build("Guild Hall"))
    assert g.to_act() != [0]  # its extra build cannot be used in the phase it arrived
    assert "Farm" in g.players[0].hand_pub


def test_a_challenge_recruited_this_round_can_be_defended_in_the_next_phase() -> None:
    g = make([{}, {}], dice=[6, 6])
    g.apply(0, Recruit(1))  # the Imps go to the town
    g.apply(1, Recruit(1))
    g.apply(0, Recruit(1))
    g.apply(1, Recruit(1))
    assert g.phase == "defend" and Attack("Imps", None) in g.legal_actions(0)
