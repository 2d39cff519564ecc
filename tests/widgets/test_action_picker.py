"""The staged action picker: rows per field, narrowing, Confirm, one-click single fields."""

import dataclasses
from typing import ClassVar

import ipywidgets as w
import pytest

from village_games import village_pillage
from village_games.core import Action
from village_games.village_pillage import Plan, Queue, TakeMarketCard
from widgets.table.choices import DefaultLabels
from widgets.table.picker import ActionPicker


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
    picker.button("left", "Wall").click()
    assert picker.options("right") == ["Farmer", "Raider"]  # one Wall cannot go both ways
    assert picker.button("right", "Wall").disabled  # shown, but not selectable
    assert not picker.button("right", "Farmer").disabled
    assert "vg-selected" in picker.button("left", "Wall")._dom_classes
    assert picker.button("left", "Wall").icon == "check"
    assert picker.confirm.disabled and not chosen
    picker.button("right", "Raider").click()
    assert not picker.confirm.disabled
    assert "Wall" in picker.summary.value and "Raider" in picker.summary.value
    picker.confirm.click()
    assert chosen == [Plan("Wall", "Raider")]


def test_clicking_a_selected_value_again_unselects_it_and_clear_resets():
    picker, chosen = make(plans(["Farmer", "Wall", "Raider"]))
    picker.button("left", "Farmer").click()
    picker.button("left", "Farmer").click()
    assert picker.chosen == {} and picker.options("right") == ["Wall", "Raider", "Farmer"]
    picker.button("right", "Farmer").click()
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
    assert set(picker.buttons) == {("Plan", "left", "Farmer"), ("Plan", "left", "Raider"),
                                   ("Plan", "right", "Wall"), ("Plan", "right", "Merchant")}
    picker.button("left", "Raider").click()
    assert picker.options("right") == ["Merchant"]
    assert picker.button("right", "Wall").disabled
    assert not picker.button("left", "Farmer").disabled  # the left pick may still change
    with pytest.raises(ValueError):
        picker.pick("right", "Wall")
    picker.button("right", "Wall").click()  # a click that got through anyway: refused
    assert picker.chosen == {"left": "Raider"} and not chosen


@dataclasses.dataclass(frozen=True, slots=True)
class Look(Action):
    card: str  # a move that can be taken back: not final


def test_a_single_field_move_that_can_be_taken_back_applies_on_one_click():
    picker, chosen = make([Look("Farmer"), Look("Bard"), Look("Wall")])
    assert picker.fields == ["card"]
    picker.button("card", "Bard").click()
    assert chosen == [Look("Bard")]
    assert not any("vg-confirm" in c._dom_classes for c in picker.children)


@pytest.mark.parametrize("action", [Queue("Farmer"), TakeMarketCard("Bard")])
def test_a_final_single_field_move_is_picked_then_confirmed_and_can_be_taken_back(action):
    cls = type(action)
    assert cls.final  # the engine says it cannot be taken back once made
    picker, chosen = make([cls("Farmer"), cls("Bard"), cls("Wall")])
    picker.button("card", action.card).click()
    assert not chosen and picker.ready() == action and not picker.confirm.disabled
    assert "vg-selected" in picker.button("card", action.card)._dom_classes
    picker.button("card", action.card).click()  # a second click takes it back
    assert picker.ready() is None and picker.confirm.disabled
    picker.button("card", action.card).click()
    picker.confirm.click()
    assert chosen == [action]


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
    b = picker.button("left", "Rat Catcher")
    assert b.description == "RAT CATCHER"
    assert {"vg-pick", "vg-pick-left", "vg-val-rat-catcher", "vg-rat"} <= set(
        b._dom_classes)
    title = picker.children[0].children[0].value
    assert "&lt;b&gt;left&lt;/b&gt;" in title  # labels are escaped


def test_empty_list_hides_everything():
    picker, _ = make(plans(["Farmer", "Wall"]))
    picker.set_actions([])
    assert picker.children == () and picker.buttons == {}


def test_a_pick_changes_buttons_in_place_with_a_few_small_messages(sent):
    hand = ["Farmer", "Wall", "Raider", "Merchant"]
    picker, chosen = make(plans(hand))
    buttons = dict(picker.buttons)
    rows = picker.children
    for key, expect_disabled in [(("Plan", "left", "Farmer"), ("Plan", "right", "Farmer")),
                                 (("Plan", "right", "Raider"), ("Plan", "left", "Raider"))]:
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
    picker.button("right", "Raider").click()  # unselect
    assert picker.confirm.disabled and not picker.button("left", "Raider").disabled
    assert 0 < len(sent) <= 5 and {kind for kind, _ in sent} == {"comm_msg"}
    sent.clear()
    picker.clear.click()
    assert len(sent) <= 5 and not picker.chosen and not chosen


def test_a_new_set_of_actions_reuses_the_buttons_it_can(sent):
    picker, _ = make(plans(["Farmer", "Wall", "Raider"]))
    old = dict(picker.buttons)
    picker.button("left", "Wall").click()
    picker.set_actions([])  # what the table app does between turns
    assert picker.children == () and picker.buttons == {}
    sent.clear()
    picker.set_actions(plans(["Farmer", "Wall", "Merchant"]))
    assert picker.button("left", "Wall") is old[("Plan", "left", "Wall")]
    assert ("Plan", "left", "Raider") not in picker.buttons
    assert old[("Plan", "left", "Raider")].comm is None
    new = picker.button("left", "Merchant")
    assert new is not old.get(("Plan", "left", "Merchant")) and new.comm is not None
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
    b = picker.button("left", "Farmer")
    picker.labels = Labels("two")
    picker.set_actions(plans(["Farmer", "Wall"]))
    assert picker.button("left", "Farmer") is b
    assert (b.description, b.tooltip) == ("Farmer two", "two")
    assert "vg-two" in b._dom_classes and "vg-one" not in b._dom_classes
    assert "two left" in picker.children[0].children[0].value


# ---------------------------------------------------------------- mixed kinds
@dataclasses.dataclass(frozen=True, slots=True)
class Build(Action):
    card: str
    on: str


@dataclasses.dataclass(frozen=True, slots=True)
class TakeBasic(Action):
    kind: str


@dataclasses.dataclass(frozen=True, slots=True)
class Pass(Action):
    pass


def turn():
    """A build turn: two ways to build, two basics to take, or pass."""
    return [Build("Cooper", "Miner"), Build("Cooper", "Smith"), Build("Mason", "Miner"),
            TakeBasic("Builder"), TakeBasic("Farmer"), Pass()]


def texts(widget):
    """Every HTML value and button label under a widget, in order."""
    if isinstance(widget, w.HTML):
        return [widget.value]
    if isinstance(widget, w.Button):
        return [widget.description]
    return [t for child in getattr(widget, "children", ()) for t in texts(child)]


def test_mixed_kinds_get_a_titled_section_each_in_first_seen_order():
    picker, _ = make([Pass(), *turn()[:-1]])
    assert picker.kinds == {"Pass": [], "Build": ["card", "on"], "TakeBasic": ["kind"]}
    sections = picker.children
    assert [s._dom_classes for s in sections] == [
        ("vg-pick-kind", "vg-pick-kind-pass"), ("vg-pick-kind", "vg-pick-kind-build"),
        ("vg-pick-kind", "vg-pick-kind-take-basic")]
    assert texts(sections[0]) == ["Pass"]  # the button says it: no title over it
    build = texts(sections[1])
    assert "Build" in build[0] and "Card" in build[1] and "On" in build[4]
    assert build[2:4] == ["Cooper", "Mason"] and build[5:7] == ["Miner", "Smith"]
    assert any("vg-confirm" in c._dom_classes for c in sections[1].children[-1].children)
    assert "Take basic" in texts(sections[2])[0]
    assert texts(sections[2])[2:] == ["Builder", "Farmer"]
    assert not any("vg-confirm" in c._dom_classes for c in sections[2].children)
    b = picker.button("kind", "Builder")
    assert {"vg-pick", "vg-kind-take-basic", "vg-pick-kind", "vg-val-builder"} <= set(
        b._dom_classes)
    assert picker.fields == []  # no single kind's fields


def test_a_kind_without_fields_applies_on_one_click():
    picker, chosen = make(turn())
    assert ("Pass", "", "") in picker.buttons
    picker.button("", "", kind="Pass").click()
    assert chosen == [Pass()]


def test_a_one_field_kind_among_others_applies_on_one_click():
    picker, chosen = make(turn())
    picker.button("kind", "Farmer").click()
    assert chosen == [TakeBasic("Farmer")]


def test_a_two_field_kind_among_others_narrows_then_confirms():
    picker, chosen = make(turn())
    assert picker.confirm.disabled
    picker.button("card", "Mason").click()
    assert picker.options("on") == ["Miner"]
    assert picker.button("on", "Smith").disabled and not picker.button("on", "Miner").disabled
    assert not picker.button("kind", "Builder").disabled  # other kinds stay open
    picker.button("on", "Miner").click()
    assert picker.ready() == Build("Mason", "Miner") and not picker.confirm.disabled
    assert "Mason" in picker.summary.value and "Miner" in picker.summary.value
    picker.confirm.click()
    assert chosen == [Build("Mason", "Miner")]


@dataclasses.dataclass(frozen=True, slots=True)
class Attack(Action):
    target: int
    card: str


def test_picking_in_one_section_clears_the_picks_of_another():
    picker, chosen = make([*turn()[:3], Attack(1, "Cooper"), Attack(2, "Raider")])
    picker.button("card", "Cooper", kind="Build").click()
    build_confirm = picker.confirm
    picker.button("target", 2).click()
    assert (picker.chosen_kind, picker.chosen) == ("Attack", {"target": 2})
    assert "vg-selected" not in picker.button("card", "Cooper", kind="Build")._dom_classes
    assert not picker.button("on", "Smith").disabled  # Build's rows are whole again
    assert picker.confirm is not build_confirm and build_confirm.disabled
    build_confirm.click()  # a stale click on the other section's Confirm: refused
    assert not chosen and picker.chosen == {"target": 2}
    picker.button("card", "Raider", kind="Attack").click()
    picker.confirm.click()
    assert chosen == [Attack(2, "Raider")]


def test_button_finds_the_one_button_for_a_field_and_value():
    picker, _ = make([*turn()[:3], Attack(1, "Cooper")])
    assert picker.button("on", "Smith") is picker.buttons[("Build", "on", "Smith")]
    assert picker.button("card", "Cooper", "Attack") is picker.buttons[
        ("Attack", "card", "Cooper")]
    with pytest.raises(KeyError, match="several kinds"):
        picker.button("card", "Cooper")
    with pytest.raises(KeyError, match="no button"):
        picker.button("card", "Farmer")


def test_pick_value_fills_the_first_empty_field_then_the_next_then_confirm():
    picker, chosen = make(turn())
    picker.pick_value("Cooper")
    assert picker.chosen == {"card": "Cooper"}
    assert picker.picked_values() == ["Cooper", "card=Cooper", "Build.card=Cooper"]
    assert "vg-selected" in picker.button("card", "Cooper")._dom_classes
    picker.pick_value("Smith")
    assert picker.chosen == {"card": "Cooper", "on": "Smith"}
    picker.confirm.click()
    assert chosen == [Build("Cooper", "Smith")]


def test_pick_value_again_unpicks_and_a_named_field_changes_the_pick():
    picker, _ = make(plans(["Farmer", "Wall", "Raider"]))
    picker.pick_value("Wall")
    picker.pick_value("Wall")  # no empty field takes it: the left pick goes
    assert picker.chosen == {}
    picker.pick_value("Wall")
    picker.pick_value("Farmer", field="left")
    assert picker.chosen == {"left": "Farmer"}
    picker.pick_value("Wall")
    assert picker.chosen == {"left": "Farmer", "right": "Wall"}


def test_pick_value_prefers_the_kind_being_picked():
    picker, chosen = make([TakeBasic("Miner"), *turn()[:3]])
    picker.pick_value("Cooper")
    picker.pick_value("Miner")  # Build's empty `on`, not TakeBasic listed first
    assert picker.chosen == {"card": "Cooper", "on": "Miner"} and not chosen


def test_pick_value_on_a_one_field_kind_applies_it():
    picker, chosen = make(turn())
    picker.pick_value("Builder")
    assert chosen == [TakeBasic("Builder")]


def test_pick_value_compares_the_values_as_strings():
    picker, chosen = make([Attack(1, "Cooper"), Attack(2, "Cooper"), Pass()])
    picker.pick_value("2")
    assert picker.chosen == {"target": 2} and "target=2" in picker.picked_values()


def test_pick_value_of_a_value_not_on_offer_raises_and_changes_nothing(sent):
    picker, chosen = make(turn())
    picker.pick_value("Mason")
    sent.clear()
    with pytest.raises(ValueError, match="Smith is not a choice now"):
        picker.pick_value("Smith")  # Mason only builds on a Miner
    with pytest.raises(ValueError, match="Wall is not a choice now"):
        picker.pick_value("Wall")
    with pytest.raises(ValueError):
        picker.pick_value("Builder", field="card")
    assert picker.chosen == {"card": "Mason"} and not chosen and not sent


def bare(keys):
    """The bare values among board keys (what an element without fields matches)."""
    return [k for k in keys if "=" not in k]


def test_clickable_and_picked_values_follow_the_picks():
    picker, _ = make(turn())
    assert bare(picker.clickable_values()) == ["Cooper", "Mason", "Miner", "Smith",
                                               "Builder", "Farmer"]
    assert {"card=Cooper", "Build.card=Cooper", "on=Smith", "kind=Builder"} <= set(
        picker.clickable_values())
    assert picker.picked_values() == []
    picker.pick_value("Mason")
    # only what can still complete the Mason's build lights up: not the other kinds
    assert bare(picker.clickable_values()) == ["Miner"]
    assert bare(picker.picked_values()) == ["Mason", "Miner"]  # a Mason goes only there
    picker.pick_value("Miner")
    assert picker.clickable_values() == []
    assert bare(picker.picked_values()) == ["Mason", "Miner"]


def test_pick_value_takes_only_the_fields_the_clicked_element_stands_for():
    picker, chosen = make([Build("Cooper", "2"), Attack(2, "Cooper"), Attack(3, "Mason")])
    picker.pick_value("2", field="target")  # not the Build's `on` slot named 2
    assert (picker.chosen_kind, picker.chosen) == ("Attack", {"target": 2})
    picker.clear.click()
    picker.pick_value("2", field="Build.on card")  # a kind-qualified field
    assert (picker.chosen_kind, picker.chosen) == ("Build", {"on": "2"})
    with pytest.raises(ValueError, match="Mason is not a choice now"):
        picker.pick_value("Mason", field="on")
    assert picker.chosen == {"on": "2"} and not chosen


def test_a_field_with_one_value_left_needs_no_click_of_its_own():
    picker, chosen = make([Build("Cooper", "Miner"), Build("Mason", "Miner"),
                           Build("Mason", "Smith")])
    picker.pick_value("Cooper")
    assert picker.ready() == Build("Cooper", "Miner") and not picker.confirm.disabled
    assert "Ready" in picker.hint.value and "Miner" in picker.hint.value
    picker.confirm.click()
    assert chosen == [Build("Cooper", "Miner")]


@dataclasses.dataclass(frozen=True, slots=True)
class EndTurn(Action):
    final: ClassVar[bool] = True


@dataclasses.dataclass(frozen=True, slots=True)
class PlayJester(Action):
    final: ClassVar[bool] = True
    played_card: ClassVar[str | None] = "Jester"

    event: str


@dataclasses.dataclass(frozen=True, slots=True)
class ResolveEvent(Action):
    final: ClassVar[bool] = True

    event: str


def test_a_final_kind_without_fields_is_picked_by_its_button_then_confirmed():
    picker, chosen = make([*turn()[:3], EndTurn()])
    end = picker.button("", "", kind="EndTurn")
    end.click()
    assert not chosen and picker.ready() == EndTurn() and "vg-selected" in end._dom_classes
    assert picker.confirm is picker._bars["EndTurn"].confirm and not picker.confirm.disabled
    end.click()  # taken back before Confirm
    assert picker.ready() is None and not chosen
    end.click()
    picker.confirm.click()
    assert chosen == [EndTurn()]


def test_a_kind_with_a_played_card_is_chosen_by_clicking_that_card():
    events = ["Rats", "Arson"]
    picker, chosen = make([*(ResolveEvent(e) for e in events),
                           *(PlayJester(e) for e in events)])
    assert {"Jester", "card=Jester"} <= set(picker.clickable_values())
    picker.pick_value("Rats", field="event")  # the first kind that takes an event
    assert picker.ready() == ResolveEvent("Rats") and not chosen  # final: not played yet
    picker.pick_value("Rats", field="event")  # taken back
    picker.pick_value("Jester", field="card")  # the Jester first: events go to him
    assert picker.chosen_kind == "PlayJester" and "card=Jester" in picker.picked_values()
    assert {"event=Rats", "event=Arson"} <= set(picker.clickable_values())
    picker.pick_value("Arson", field="event")
    assert picker.ready() == PlayJester("Arson")
    picker.confirm.click()
    assert chosen == [PlayJester("Arson")]


def test_labels_may_title_kinds_and_hint_but_older_labels_still_work():
    class Labels(DefaultLabels):
        def kind_title(self, kind):
            return f"<{kind}>"

        def pick_hint(self, kind):
            return f"Choose a card and a place to {kind}"

    picker = ActionPicker(lambda a: None, Labels())
    picker.set_actions(turn())
    assert "&lt;Build&gt;" in picker.children[0].children[0].value
    assert picker.button("", "", "Pass").description == "<Pass>"
    assert picker.summary.value == "Choose a card and a place to Build"

    class OldLabels:  # only the four methods adapters had before
        def field_title(self, t, f):
            return f

        def value_label(self, t, f, v):
            return str(v)

        def value_classes(self, t, f, v):
            return []

        def value_tooltip(self, t, f, v):
            return ""

    picker = ActionPicker(lambda a: None, OldLabels())
    picker.set_actions(turn())
    assert "Take basic" in picker.children[1].children[0].value
    assert picker.summary.value == "Pick one in each row, then confirm."
    assert DefaultLabels().kind_title("BuildHQVillage") == "Build HQ village"


def test_switching_sections_changes_buttons_in_place(sent):
    picker, chosen = make(turn())
    sections = picker.children
    sent.clear()
    picker.button("card", "Mason").click()
    picker.button("", "", "Pass").click()
    assert chosen == [Pass()] and picker.children == sections
    assert {kind for kind, _ in sent} == {"comm_msg"} and len(sent) <= 6
    old = dict(picker.buttons)
    picker.set_actions([])
    sent.clear()
    picker.set_actions(turn())  # the same set again: nothing opened or closed
    assert {kind for kind, _ in sent} <= {"comm_msg"}
    assert picker.buttons == old and picker.children == sections
    assert picker.chosen == {} and not any(
        "vg-selected" in b._dom_classes for b in picker.buttons.values())


def test_one_kind_after_mixed_kinds_shows_bare_rows():
    picker, _ = make(turn())
    picker.set_actions([Queue("Farmer"), Queue("Wall")])
    assert picker.fields == ["card"] and ("Queue", "card", "Wall") in picker.buttons
    assert not any("vg-pick-kind" in c._dom_classes for c in picker.children)
