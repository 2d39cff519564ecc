"""Each of the rulebook's 24 solo events (12 Summer, 12 Winter) does what its card says."""

from __future__ import annotations

import pytest

from village_games.core.errors import IllegalAction
from village_games.villagers import Build, EndTurn, PlaceCoin, TakeBasic
from village_games.villagers.solo.actions import (
    Conscript,
    PayToll,
    PickHandCard,
    PickVillager,
    PlayJester,
    ResolveEvent,
)
from village_games.villagers.solo.dealing import deal_events
from village_games.villagers.solo.events import standard_events

from .solo_scenarios import solo

EVENTS = standard_events()


def cards_of(g, seat: int) -> list[str]:
    """The village's cards in slot order (after the Event Phase the Countess also holds
    the Reserve card she took at its end)."""
    return [s.card for s in g.players[seat].village]


def resolve(g, name: str) -> None:
    g.apply(0, ResolveEvent(name))


def test_the_decks_hold_the_rulebooks_twelve_summer_and_twelve_winter_events() -> None:
    assert len(EVENTS.deck("summer", "normal")) == 12
    assert len(EVENTS.deck("winter", "normal")) == 12
    assert "-It Was You!" not in EVENTS.deck("winter", "beginner")
    assert "-It Was You!" not in EVENTS.deck("winter", "hard")


# ------------------------------------------------------------------ Summer
def test_betrayer_moves_a_chosen_top_villager_to_her_and_its_coins_to_you() -> None:
    g = solo(["Betrayer"], village=["Founders", ["Lumberjack", {"card": "Cooper", "coins": 3}],
                                    "Hunter"])
    resolve(g, "Betrayer")
    assert g.phase == "event"
    assert set(g.legal_actions(0)) == {PickVillager(2), PickVillager(3)}  # no Basic, no Founders
    g.apply(0, PickVillager(2))
    assert cards_of(g, 0) == ["Founders", "Lumberjack", "Hunter"]
    assert cards_of(g, 1)[:2] == ["Countess", "Cooper"]  # (then the Reserve's top card)
    assert g.players[0].gold == 13 and g.players[0].village[1].kids == 0
    assert not g.audit()


def test_black_market_pays_both_villages_their_silver_now() -> None:
    g = solo(["Black Market"], village=["Founders", ["Lumberjack", "Log Rafter"]],
             countess=["Grocer", "Hunter"])
    resolve(g, "Black Market")
    assert g.players[0].gold == 13  # Log Rafter: 3 Wood symbols (its own two)
    assert g.players[1].gold == 4  # Grocer: 1 Food, 3 Gold


def test_bribes_puts_the_keyring_number_on_the_villager_chosen() -> None:
    g = solo(["Bribes"], countess=["Blacksmith", "Hunter", "Mason"])
    resolve(g, "Bribes")
    assert set(g.legal_actions(0)) == {PickVillager(1), PickVillager(2)}
    g.apply(0, PickVillager(2))
    assert [s.coins for s in g.players[1].village][:4] == [0, 0, 2, 0]


def test_customs_charges_per_villager_of_your_commonest_suit() -> None:
    g = solo(["Customs"], village=[["Founders", "Swineherd"], "Hunter"])
    resolve(g, "Customs")
    assert (g.players[0].gold, g.players[1].gold) == (8, 3)  # 2 Grains villagers


def test_guild_conspiracy_puts_two_coins_on_each_of_her_keyring_villagers() -> None:
    g = solo(["Guild Conspiracy"], countess=["Blacksmith", "Hunter", "Mason"])
    resolve(g, "Guild Conspiracy")
    assert [s.coins for s in g.players[1].village][:4] == [0, 2, 2, 0]


def test_land_claim_takes_what_you_have_when_you_cannot_pay_it_all() -> None:
    g = solo(["Land Claim"], village=["Founders", "Lumberjack", "Hayer"], gold=1)
    resolve(g, "Land Claim")
    assert (g.players[0].gold, g.players[1].gold) == (0, 2)


def test_mood_swing_deals_the_next_summer_event_and_resolves_it_at_once() -> None:
    summer = [e for e in EVENTS.deck("summer", "normal") if e not in ("Mood Swing",
                                                                       "Land Claim")]
    g = solo(["Mood Swing"], village=["Founders", "Lumberjack"],
             solo={"decks": {"summer": [*summer, "Land Claim"],
                             "winter": EVENTS.deck("winter", "normal")}})
    resolve(g, "Mood Swing")
    assert g.players[0].gold == 8  # Land Claim: one Basic Villager
    assert g.solo.discards["summer"] == ["Mood Swing", "Land Claim"]


def test_serfdom_sends_the_card_given_up_for_a_basic_villager_to_her_village() -> None:
    g = solo(["Serfdom"], phase="build", hand=["Cooper", "Hunter"])
    legal = g.legal_actions(0)
    assert TakeBasic("Lumberjack", "Cooper", None) in legal
    assert TakeBasic("Lumberjack", "Cooper", 0) not in legal
    with pytest.raises(IllegalAction, match="Serfdom"):
        g.apply(0, TakeBasic("Lumberjack", "Cooper", 0))
    g.apply(0, TakeBasic("Lumberjack", "Cooper", None))
    assert cards_of(g, 1) == ["Countess", "Cooper"]
    assert cards_of(g, 0) == ["Founders", "Lumberjack"]
    assert not g.audit()


def test_sinister_banquet_pays_her_two_gold_per_food() -> None:
    g = solo(["Sinister Banquet"], countess=["Hunter", "Harvester"])
    resolve(g, "Sinister Banquet")
    assert g.players[1].gold == 5


def test_temporary_employment_pays_her_per_suit_in_your_hand() -> None:
    g = solo(["Temporary Employment"], hand=["Cooper", "Wheeler", "Hunter"])
    resolve(g, "Temporary Employment")
    assert g.players[1].gold == 5 and g.players[0].gold == 10  # Wood and Solitary


def test_the_countess_bank_makes_a_bank_unlock_cost_three() -> None:
    g = solo(["The Countess Bank"], phase="build", hand=["Poulterer"], gold=3)
    g.apply(0, Build("Poulterer", 0, "bank"))
    assert g.players[0].gold == 0
    poor = solo(["The Countess Bank"], phase="build", hand=["Poulterer"], gold=2)
    assert not any(isinstance(a, Build) for a in poor.legal_actions(0))


def test_a_padlock_refused_under_the_countess_bank_names_its_real_cost() -> None:
    poor = solo(["The Countess Bank"], phase="build", hand=["Poulterer"], gold=2)
    with pytest.raises(IllegalAction, match=r"paying 3 Gold needs 3 Gold in your Supply "
                                            r"\(you have 2\)"):
        poor.apply(0, Build("Poulterer", 0, "bank"))
    assert poor.players[0].gold == 2 and poor.observation(0)["unlock_cost"]["bank"] == 3
    tinner = solo(["The Countess Bank"], phase="build", hand=["Poulterer"], gold=2,
                  tinner=True)
    with pytest.raises(IllegalAction, match="paying the Bank costs 3 Gold now"):
        tinner.apply(0, Build("Poulterer", 0, "bank"))


def test_value_added_tax_charges_per_gold_symbol_showing() -> None:
    g = solo(["Value Added Tax"], village=["Founders", "Hunter", ["Lumberjack", "Cooper"]])
    resolve(g, "Value Added Tax")
    assert (g.players[0].gold, g.players[1].gold) == (8, 3)  # Founders and Cooper


# ------------------------------------------------------------------ Winter
def test_abduction_discards_the_hand_card_you_choose_face_up() -> None:
    g = solo(["Abduction"], hand=["Cooper", "Hunter"], markets=1)
    resolve(g, "Abduction")
    g.apply(0, PickHandCard("Hunter"))
    assert g.players[0].hand() == ["Cooper"] and g.discard[-1] == "Hunter"
    assert g.discard_known[-1] == g.all_seats


def test_arrest_discards_a_top_villager_and_gives_you_its_coins() -> None:
    g = solo(["Arrest"], village=["Founders", ["Lumberjack", {"card": "Cooper", "coins": 2}]])
    resolve(g, "Arrest")  # one candidate: no choice to make
    assert cards_of(g, 0) == ["Founders", "Lumberjack"]
    assert g.discard[-1] == "Cooper" and g.players[0].gold == 12


@pytest.mark.parametrize("pay", [True, False])
def test_arson_costs_a_build_action_or_three_gold(pay: bool) -> None:
    g = solo(["Arson"], phase="road", hand=["Hunter"])
    g.apply(0, PlaceCoin(None))
    assert g.phase == "toll"
    with pytest.raises(IllegalAction, match="already begun"):
        g.apply(0, PlayJester("Arson"))
    g.apply(0, PayToll(pay))
    assert g.phase == "build"
    assert (g.players[0].gold, g.limit) == ((7, 2) if pay else (10, 1))


def test_blackmail_pays_her_your_highest_printed_gold_showing() -> None:
    g = solo(["Blackmail"], village=["Founders", ["Lumberjack", "Cooper"], "Hunter"])
    resolve(g, "Blackmail")
    assert g.players[1].gold == 5 and g.players[0].gold == 10


def test_conscription_gives_her_a_face_down_card_of_your_choice() -> None:
    g = solo(["Conscription"], stacks=[[], [], ["Fisher"], [], [], ["Hunter", "Seeker"]],
             reserve=["Priest", "Agent"])
    resolve(g, "Conscription")
    assert set(g.legal_actions(0)) == {Conscript(2), Conscript(5), Conscript(None)}
    g.apply(0, Conscript(None))
    assert cards_of(g, 1)[:2] == ["Countess", "Agent"]


def test_conscription_emptying_the_last_stack_ends_the_game() -> None:
    g = solo(["Conscription"], stacks=[[], [], [], [], [], ["Seeker"]], reserve=["Agent"],
             markets=1)
    resolve(g, "Conscription")
    g.apply(0, Conscript(5))
    assert g.is_over() and cards_of(g, 1) == ["Countess", "Seeker"]  # no Reserve card


def test_dark_mood_is_discarded_when_revealed_and_deals_two_in_its_place() -> None:
    winter = [e for e in EVENTS.deck("winter", "normal")
              if e not in ("Dark Mood", "Rats", "Tribute")]
    g = solo(["Land Claim"], solo={"decks": {"summer": [], "winter": [
        *winter, "Tribute", "Rats", "Dark Mood"]},
        "discards": {"summer": [e for e in EVENTS.deck("summer", "normal")
                                if e != "Land Claim"]}})
    deal_events(g, "winter", 1)
    assert g.solo.face_up == ["Land Claim", "Rats", "Tribute"]
    assert g.solo.discards["winter"] == ["Dark Mood"]


def test_it_was_you_forces_the_jester_before_any_event_is_resolved() -> None:
    g = solo(["-It Was You!", "Tribute"], hand=["Cooper"], markets=1)
    assert set(g.legal_actions(0)) == {PlayJester("-It Was You!"), PlayJester("Tribute")}
    with pytest.raises(IllegalAction, match="Jester must be played"):
        resolve(g, "Tribute")
    g.apply(0, PlayJester("Tribute"))
    resolve(g, "-It Was You!")  # with the Jester gone it is simply discarded
    assert g.solo.discards["winter"][-2:] == ["Tribute", "-It Was You!"]
    assert g.players[0].gold == 10


def test_protection_money_pays_the_coins_of_the_villager_you_choose() -> None:
    g = solo(["Protection Money"], village=["Founders", {"card": "Hunter", "coins": 3},
                                            {"card": "Harvester", "coins": 1}])
    resolve(g, "Protection Money")
    g.apply(0, PickVillager(2))
    assert (g.players[0].gold, g.players[1].gold) == (9, 2)
    assert g.players[0].village[2].coins == 1  # the coins stay where they are


def _rats_next_round(gold: int):
    winter = [e for e in EVENTS.deck("winter", "normal") if e != "Rats"]
    g = solo(["Land Claim"], gold=gold, markets=1, reserve=["Hunter", "Jeweler"],
             solo={"decks": {"summer": [e for e in EVENTS.deck("summer", "normal")
                                        if e != "Land Claim"], "winter": [*winter, "Rats"]}})
    resolve(g, "Land Claim")  # she takes the Jeweler (20 Gold): one event, Rats
    return g


def test_rats_costs_a_draft_or_three_gold_in_the_next_draft_phase() -> None:
    g = _rats_next_round(gold=10)
    assert g.solo.face_up == ["Rats"] and g.phase == "toll"
    g.apply(0, PayToll(False))
    assert g.phase == "draft" and g.players[0].draft_limit == 1
    poor = _rats_next_round(gold=2)  # too poor to pay: the draft is simply lost
    assert poor.phase == "draft" and poor.players[0].draft_limit == 1


def test_phase_events_are_only_discarded_in_the_event_phase() -> None:
    g = solo(["Rats", "Serfdom"], markets=1)
    resolve(g, "Rats")
    assert g.players[0].gold == 10 and "Rats" in g.solo.discards["winter"]


def test_spy_network_pays_her_the_silver_villager_you_choose() -> None:
    g = solo(["Spy Network"], village=["Founders", ["Lumberjack", "Log Rafter"],
                                       ["Hayer", "Horse Trader"]])
    resolve(g, "Spy Network")
    assert set(g.legal_actions(0)) == {PickVillager(2), PickVillager(4)}
    g.apply(0, PickVillager(2))
    assert g.players[1].gold == 4  # Log Rafter: 3 Wood symbols (its own two)


def test_trade_network_pays_her_one_of_her_own_silver_villagers() -> None:
    g = solo(["Trade Network"], countess=["Grocer", "Hunter", "Log Rafter"])
    resolve(g, "Trade Network")
    g.apply(0, PickVillager(1))
    assert g.players[1].gold == 4  # Grocer: 1 Food in her village (the Hunter's)


def test_tribute_charges_per_card_in_hand() -> None:
    g = solo(["Tribute"], hand=["Cooper", "Hunter", "Mason"], markets=1)
    resolve(g, "Tribute")
    assert (g.players[0].gold, g.players[1].gold) == (7, 4)


def test_an_event_without_anything_to_act_on_does_nothing() -> None:
    g = solo(["Betrayer", "Tribute"], village=["Founders", "Lumberjack"])
    resolve(g, "Betrayer")
    assert g.phase == "events" and cards_of(g, 0) == ["Founders", "Lumberjack"]


def test_a_build_turn_then_the_event_phase() -> None:
    g = solo(["Customs"], phase="build")
    g.apply(0, EndTurn())
    assert g.phase == "events"
