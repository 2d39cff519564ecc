"""The staged action picker: rows per field, narrowing, Confirm, one-click single fields."""

import pytest

from village_games import village_pillage
from village_games.village_pillage import Plan, Queue, TakeMarketCard
from widgets.action_picker import ActionPicker


def plans(hand):
    return [Plan(a, b) for a in hand for b in hand if a != b]


def test_a_games_legal_plans_give_one_row_per_side():
    picker, _ = make(village_pillage.new_game(players=3, seed=1).legal_actions(0))
    assert picker.options("left") == ["Farmer", "Wall", "Raider", "Merchant"]


def make(actions):
    chosen = []
    picker = ActionPicker(chosen.append)
    picker.set_actions(actions)
    return picker, chosen


def test_two_fields_narrow_each_other_then_confirm():
    picker, chosen = make(plans(["Farmer", "Wall", "Raider"]))
    assert picker.fields == ["left", "right"]
    assert picker.options("left") == ["Farmer", "Wall", "Raider"]
    assert picker.confirm.disabled
    picker.buttons[("left", "Wall")].click()
    assert picker.options("right") == ["Farmer", "Raider"]  # one Wall cannot go both ways
    assert ("right", "Wall") not in picker.buttons
    assert "vg-selected" in picker.buttons[("left", "Wall")]._dom_classes
    assert picker.confirm.disabled and not chosen
    picker.buttons[("right", "Raider")].click()
    assert not picker.confirm.disabled
    assert "Wall" in picker.summary.value and "Raider" in picker.summary.value
    picker.confirm.click()
    assert chosen == [Plan("Wall", "Raider")]


def test_clicking_a_selected_value_again_unselects_it_and_clear_resets():
    picker, chosen = make(plans(["Farmer", "Wall", "Raider"]))
    picker.buttons[("left", "Farmer")].click()
    picker.buttons[("left", "Farmer")].click()
    assert picker.chosen == {} and picker.options("right") == ["Wall", "Raider", "Farmer"]
    picker.buttons[("right", "Farmer")].click()
    assert picker.options("left") == ["Wall", "Raider"]
    assert not picker.clear.disabled
    picker.clear.click()
    assert picker.chosen == {} and picker.clear.disabled and not chosen


def test_legality_comes_only_from_the_actions_given():
    # an odd legal set: the picker offers exactly these combinations and nothing else
    actions = [Plan("Farmer", "Wall"), Plan("Raider", "Merchant")]
    picker, chosen = make(actions)
    picker.buttons[("left", "Raider")].click()
    assert picker.options("right") == ["Merchant"]
    with pytest.raises(ValueError):
        picker.pick("right", "Wall")


@pytest.mark.parametrize("action", [Queue("Farmer"), TakeMarketCard("Bard")])
def test_single_field_actions_apply_on_one_click(action):
    cls = type(action)
    picker, chosen = make([cls("Farmer"), cls("Bard"), cls("Wall")])
    assert picker.fields == ["card"]
    picker.buttons[("card", action.card)].click()
    assert chosen == [action]
    assert not any("vg-confirm" in c._dom_classes for c in picker.children)


def test_buttons_carry_test_hooks_and_adapter_classes():
    class Labels:
        def field_title(self, t, f):
            return f"Toward <b>{f}</b>"

        def value_label(self, t, f, v):
            return v.upper()

        def value_classes(self, t, f, v):
            return ["vg-" + v.split()[0].lower()]

        def value_tooltip(self, t, f, v):
            return ""

    picker = ActionPicker(lambda a: None, Labels())
    picker.set_actions(plans(["Farmer", "Rat Catcher"]))
    b = picker.buttons[("left", "Rat Catcher")]
    assert b.description == "RAT CATCHER"
    assert {"vg-pick", "vg-pick-left", "vg-val-rat-catcher", "vg-rat"} <= set(
        b._dom_classes)
    title = picker.children[0].children[0].value
    assert "&lt;b&gt;left&lt;/b&gt;" in title  # labels are escaped


def test_empty_list_hides_everything():
    picker, _ = make(plans(["Farmer", "Wall"]))
    picker.set_actions([])
    assert picker.children == () and picker.buttons == {}
