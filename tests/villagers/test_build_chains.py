"""Build Phase: the build limit, production chains, stacking hints, covered symbols."""

from __future__ import annotations

from village_games.villagers import Build, EndTurn, TakeBasic

from .scenarios import make, refused, slot_of, village_cards


def test_cartwright_with_a_builder_the_rulebook_example() -> None:
    """A Carpenter (1 Builder) on a Lumberjack: build limit 3. The Swineherd covers the
    Founders, the Wheeler shares the Lumberjack with the Carpenter, the Cartwright goes
    on the Wheeler."""
    g = make([{"hand": ["Wheeler", "Cartwright", "Swineherd"],
               "village": ["Founders", ["Lumberjack", "Carpenter"]]}, {}], phase="build")
    assert g.limit == 3
    g.apply(0, Build("Swineherd", 0, None))
    g.apply(0, Build("Wheeler", 1, None))
    wheeler = slot_of(g, 0, "Wheeler")
    g.apply(0, Build("Cartwright", wheeler, None))
    assert village_cards(g, 0) == ["Founders", "Lumberjack", "Carpenter", "Swineherd",
                                   "Wheeler", "Cartwright"]
    assert g.players[0].village[1].kids == 2  # two branches on the chain's first villager
    assert g.legal_actions(0) == (EndTurn(),) or all(
        type(a) in (EndTurn, TakeBasic) for a in g.legal_actions(0))


def test_chain_cards_go_on_the_villager_before_them_named_in_the_error() -> None:
    g = make([{"hand": ["Cartwright", "Wheeler"], "village": ["Founders", "Lumberjack"]},
              {}], phase="build")
    why = refused(g, 0, Build("Cartwright", 1, None))
    assert "Cartwright must be placed on a Wheeler" in why
    assert "Lumberjack → Wheeler → Cartwright" in why
    assert "must be placed on a Lumberjack" in refused(g, 0, Build("Wheeler", None, None))


def test_a_chain_may_be_built_over_several_turns_in_order() -> None:
    g = make([{"hand": ["Wheeler", "Cartwright"], "village": ["Founders", "Lumberjack"]},
              {"hand": []}], phase="build")
    g.apply(0, Build("Wheeler", 1, None))
    g.apply(0, EndTurn())
    g.apply(1, EndTurn())
    g2 = make([{"hand": ["Cartwright"],
                "village": ["Founders", ["Lumberjack", "Wheeler"]]}, {}], phase="build")
    g2.apply(0, Build("Cartwright", 2, None))
    assert village_cards(g2, 0)[-1] == "Cartwright"


def test_stacking_hints_two_on_a_chain_start_one_on_a_link_none_on_an_end() -> None:
    g = make([{"hand": ["Cooper", "Carpenter", "Cartwright"],
               "village": ["Founders", ["Lumberjack", "Wheeler", "Cartwright"],
                           [1, "Shipwright"], ["Lumberjack", "Wheeler"]]}, {}],
             phase="build", limit=5)
    assert "stacking hint allows 2" in refused(g, 0, Build("Carpenter", 1, None))
    assert "Cartwright must be placed on a Wheeler" in refused(
        g, 0, Build("Cartwright", 3, None))  # slot 3 is the Cartwright
    assert "stacking hint allows 1" in refused(g, 0, Build("Cartwright", 2, None))
    g.apply(0, Build("Cartwright", 6, None))


def test_two_of_the_same_villager_may_share_a_chain_start() -> None:
    g = make([{"hand": ["Wheeler", "Wheeler"], "village": ["Founders", "Lumberjack"]}, {}],
             phase="build")
    g.apply(0, Build("Wheeler", 1, None))
    g.apply(0, Build("Wheeler", 1, None))
    assert village_cards(g, 0).count("Wheeler") == 2


def test_solitary_villagers_stand_alone() -> None:
    g = make([{"hand": ["Wattler"]}, {}], phase="build")
    assert "stands alone" in refused(g, 0, Build("Wattler", 0, None))
    g.apply(0, Build("Wattler", None, None))


def test_build_limit_two_plus_builders_at_most_five_and_fewer_is_fine() -> None:
    g = make([{"village": ["Founders", "Wattler", ["Hayer", "Thatcher"],
                           ["Miner", "Mason"], ["Lumberjack", "Carpenter"]]}, {}],
             phase="build")
    assert g.limit == 5  # 4 Builders, capped at 5
    g = make([{"hand": ["Fisher", "Hunter", "Harvester"]}, {}], phase="build")
    assert g.limit == 2
    g.apply(0, Build("Hunter", None, None))
    g.apply(0, Build("Harvester", None, None))
    assert "build limit of 2 is used up" in refused(g, 0, Build("Fisher", None, "bank"))
    g = make([{"hand": ["Hunter"]}, {}], phase="build")
    g.apply(0, EndTurn())  # playing fewer than the limit, even none, is allowed
    assert g.to_act() == [1]


def test_build_limit_is_fixed_at_the_start_of_the_turn() -> None:
    g = make([{"hand": ["Wattler", "Hunter", "Harvester"]}, {}], phase="build")
    g.apply(0, Build("Wattler", None, None))  # a Builder placed now adds nothing this turn
    g.apply(0, Build("Hunter", None, None))
    assert g.players[0].summary(g.cards).builders == 1
    assert "used up" in refused(g, 0, Build("Harvester", None, None))


def test_covered_symbols_stop_counting_but_suit_symbols_and_padlocks_do_not() -> None:
    g = make([{"village": ["Founders"], "hand": ["Swineherd"]}, {}], phase="build")
    s = g.players[0].summary(g.cards)
    assert (s.food, s.gold) == (0, 2)
    g.apply(0, Build("Swineherd", 0, None))
    s = g.players[0].summary(g.cards)
    assert (s.food, s.gold) == (1, 2)  # Founders' 2 Gold covered; Swineherd's 1 Food, 2 Gold
    g = make([{"village": ["Founders", ["Hayer", "Grazier", "Milk Maid", "Fromager"]]}, {}])
    s = g.players[0].summary(g.cards)
    assert s.food == 1 and s.gold == 2 + 15  # only the Fromager's Food; Founders' Gold
    assert s.suits["Hay"] == 4 and s.padlocks == 1  # covered Milk Maid's padlock counts


def test_special_villagers_are_not_built_with_build() -> None:
    g = make([{"hand": ["Monk", "Tinner"], "village": ["Founders", "Lumberjack"]}, {}],
             phase="build")
    assert "Special villager: play it with PlaceMonk" in refused(g, 0, Build("Monk", 1, None))
    assert "not in your hand" in refused(g, 0, Build("Wheeler", 1, None))
