"""The staged action picker: rows per field, narrowing, Confirm, one-click single fields."""

import dataclasses

import comm
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
    assert picker.buttons[("right", "Wall")].disabled  # shown, but not selectable
    assert not picker.buttons[("right", "Farmer")].disabled
    assert "vg-selected" in picker.buttons[("left", "Wall")]._dom_classes
    assert picker.buttons[("left", "Wall")].icon == "check"
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
    assert not any(b.disabled or b.icon or "vg-selected" in b._dom_classes
                   for b in picker.buttons.values())


def test_legality_comes_only_from_the_actions_given():
    # an odd legal set: the picker offers exactly these combinations and nothing else
    actions = [Plan("Farmer", "Wall"), Plan("Raider", "Merchant")]
    picker, chosen = make(actions)
    assert set(picker.buttons) == {("left", "Farmer"), ("left", "Raider"),
                                   ("right", "Wall"), ("right", "Merchant")}
    picker.buttons[("left", "Raider")].click()
    assert picker.options("right") == ["Merchant"]
    assert picker.buttons[("right", "Wall")].disabled
    assert not picker.buttons[("left", "Farmer")].disabled  # the left pick may still change
    with pytest.raises(ValueError):
        picker.pick("right", "Wall")
    picker.buttons[("right", "Wall")].click()  # a click that got through anyway: refused
    assert picker.chosen == {"left": "Raider"} and not chosen


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


class RecordingComm(comm.DummyComm):
    """A comm that keeps what it would send to the browser."""

    sent: list = []

    def publish_msg(self, msg_type, data=None, metadata=None, buffers=None, **keys):
        RecordingComm.sent.append((msg_type, data))


@pytest.fixture
def sent(monkeypatch):
    """Every comm message of widgets created in the test: (msg_type, data)."""
    RecordingComm.sent = []
    monkeypatch.setattr(comm, "create_comm", RecordingComm)
    return RecordingComm.sent


def test_a_pick_changes_buttons_in_place_with_a_few_small_messages(sent):
    hand = ["Farmer", "Wall", "Raider", "Merchant"]
    picker, chosen = make(plans(hand))
    buttons = dict(picker.buttons)
    rows = picker.children
    for key, expect_disabled in [(("left", "Farmer"), ("right", "Farmer")),
                                 (("right", "Raider"), ("left", "Raider"))]:
        sent.clear()
        picker.buttons[key].click()
        assert picker.buttons[expect_disabled].disabled
        assert picker.buttons == buttons and all(  # the very same buttons, same rows
            picker.buttons[k] is b for k, b in buttons.items())
        assert picker.children == rows
        kinds = [kind for kind, _ in sent]
        assert kinds and set(kinds) == {"comm_msg"}  # no widget opened or closed
        assert len(sent) <= 5, sent
        for _, data in sent:  # the selected class goes in one assignment, not one by one
            assert list(data["state"]).count("_dom_classes") <= 1
    assert not picker.confirm.disabled
    sent.clear()
    picker.buttons[("right", "Raider")].click()  # unselect
    assert picker.confirm.disabled and not picker.buttons[("left", "Raider")].disabled
    assert 0 < len(sent) <= 5 and {kind for kind, _ in sent} == {"comm_msg"}
    sent.clear()
    picker.clear.click()
    assert len(sent) <= 5 and not picker.chosen and not chosen


def test_a_new_set_of_actions_reuses_the_buttons_it_can(sent):
    picker, _ = make(plans(["Farmer", "Wall", "Raider"]))
    old = dict(picker.buttons)
    picker.buttons[("left", "Wall")].click()
    picker.set_actions([])  # what the table app does between turns
    assert picker.children == () and picker.buttons == {}
    sent.clear()
    picker.set_actions(plans(["Farmer", "Wall", "Merchant"]))
    assert picker.buttons[("left", "Wall")] is old[("left", "Wall")]
    assert ("left", "Raider") not in picker.buttons and old[("left", "Raider")].comm is None
    new = picker.buttons[("left", "Merchant")]
    assert new is not old.get(("left", "Merchant")) and new.comm is not None
    opened = [data["state"]["_model_name"] for kind, data in sent if kind == "comm_open"]
    assert opened.count("ButtonModel") == 2  # only Merchant, on the left and on the right
    assert picker.chosen == {} and not any(  # nothing of the old picks is left
        b.disabled or "vg-selected" in b._dom_classes for b in picker.buttons.values())
    assert [b.description for b in picker.children[0].children[1].children] == [
        "Farmer", "Wall", "Merchant"]


def test_reused_buttons_take_the_new_labels():
    class Labels:
        def __init__(self, word):
            self.word = word

        def field_title(self, t, f):
            return f"{self.word} {f}"

        def value_label(self, t, f, v):
            return f"{v} {self.word}"

        def value_classes(self, t, f, v):
            return [f"vg-{self.word}"]

        def value_tooltip(self, t, f, v):
            return self.word

    picker = ActionPicker(lambda a: None, Labels("one"))
    picker.set_actions(plans(["Farmer", "Wall"]))
    b = picker.buttons[("left", "Farmer")]
    picker.labels = Labels("two")
    picker.set_actions(plans(["Farmer", "Wall"]))
    assert picker.buttons[("left", "Farmer")] is b
    assert (b.description, b.tooltip) == ("Farmer two", "two")
    assert "vg-two" in b._dom_classes and "vg-one" not in b._dom_classes
    assert "two left" in picker.children[0].children[0].value


def test_mixed_actions_get_one_button_each():
    @dataclasses.dataclass(frozen=True)
    class Pass:
        pass

    chosen = []
    picker = ActionPicker(chosen.append)
    picker.set_actions([Pass(), Queue("Farmer")])
    assert picker.fields == [] and len(picker.buttons) == 2
    picker.buttons[("action", str(Queue("Farmer")))].click()
    assert chosen == [Queue("Farmer")]
    picker.set_actions([Queue("Farmer"), Queue("Wall")])  # then a normal set again
    assert picker.fields == ["card"] and ("card", "Wall") in picker.buttons
