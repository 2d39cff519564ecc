"""Padlocks: the three payment cases, choosing a copy, never the Bank when another player
has the unlocker, and unlockers placed earlier in the same turn."""

from __future__ import annotations

from village_games.villagers import Build, EndTurn

from .scenarios import make, refused, slot_of


def padlock_example():
    """Player 1 (one Builder: limit 3) will play a Cooper, a Brewer and a Fisher;
    player 2 has a Blacksmith; nobody has a Shipwright."""
    return make([{"gold": 8, "hand": ["Cooper", "Brewer", "Fisher"],
                  "village": ["Founders", "Wattler", "Lumberjack"]},
                 {"village": ["Founders", ["Miner", "Blacksmith"]]}], phase="build")


def test_the_three_padlock_cases_the_rulebook_example() -> None:
    g = padlock_example()
    me, other = g.players
    smith = slot_of(g, 1, "Blacksmith")
    bank = g.bank
    # 1. another player's Blacksmith: 2 Gold from my Supply onto their card
    assert set(g.legal_actions(0)) >= {Build("Cooper", 2, f"1:{smith}")}
    g.apply(0, Build("Cooper", 2, f"1:{smith}"))
    assert me.gold == 6 and other.village[smith].coins == 2
    # 2. my own Cooper, placed a moment ago: the Bank puts 2 Gold on it
    cooper = slot_of(g, 0, "Cooper")
    g.apply(0, Build("Brewer", 0, f"0:{cooper}"))
    assert me.village[cooper].coins == 2 and me.gold == 6 and g.bank == bank - 2
    # 3. no Shipwright anywhere: 2 Gold from my Supply to the Bank
    g.apply(0, Build("Fisher", None, "bank"))
    assert me.gold == 4 and g.bank == bank


def test_the_bank_is_never_paid_while_another_player_has_the_unlocker() -> None:
    g = padlock_example()
    why = refused(g, 0, Build("Cooper", 2, "bank"))
    assert "padlock opened by the Blacksmith" in why and "pay a Blacksmith" in why
    assert Build("Cooper", 2, "bank") not in g.legal_actions(0)


def test_several_copies_you_choose_which_to_pay_your_own_included() -> None:
    g = make([{"hand": ["Cooper"], "village": ["Founders", "Lumberjack", ["Miner", "Blacksmith"]]},
              {"village": ["Founders", ["Miner", "Blacksmith"]]}], phase="build")
    mine, theirs = slot_of(g, 0, "Blacksmith"), slot_of(g, 1, "Blacksmith")
    options = {a.unlock for a in g.legal_actions(0) if isinstance(a, Build)}
    assert options == {f"0:{mine}", f"1:{theirs}"}
    g.apply(0, Build("Cooper", 1, f"1:{theirs}"))
    assert g.players[1].village[theirs].coins == 2 and g.players[0].gold == 6


def test_paying_needs_two_gold_but_your_own_unlocker_costs_nothing() -> None:
    g = make([{"gold": 1, "hand": ["Cooper", "Fisher", "Beekeeper"],
               "village": ["Founders", "Lumberjack", ["Lumberjack", "Carpenter"]]},
              {"village": ["Founders", ["Miner", "Blacksmith"]]}], phase="build")
    assert "2 Gold in your Supply (you have 1)" in refused(g, 0, Build("Cooper", 1, "1:2"))
    assert "2 Gold in your Supply" in refused(g, 0, Build("Fisher", None, "bank"))
    g.apply(0, Build("Beekeeper", None, f"0:{slot_of(g, 0, 'Carpenter')}"))
    assert g.players[0].village[slot_of(g, 0, "Carpenter")].coins == 2


def test_a_padlock_must_be_opened_and_the_error_names_it() -> None:
    g = padlock_example()
    assert "Cooper has a padlock opened by the Blacksmith" in refused(
        g, 0, Build("Cooper", 2, None))
    assert "Fisher has a padlock opened by the Shipwright" in refused(
        g, 0, Build("Fisher", None, "0:1"))
    assert "has nothing to decide" in refused(g, 1, EndTurn())


def test_a_monk_standing_in_is_not_an_unlocker() -> None:
    g = make([{"hand": ["Brewer"], "village": ["Founders", ["Lumberjack", "Shipwright"]]},
              {}], phase="build")
    assert {a.unlock for a in g.legal_actions(0) if isinstance(a, Build)} == {"bank"}
