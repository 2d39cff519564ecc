"""The clickable board: targets and picks as classes, clicks back to Python, local JS/CSS."""

import re
from pathlib import Path

import pytest

import widgets.kit.board.board as board_module
from widgets.kit.board import Board
from widgets.kit.safe import ErrorBanner, guarded

CARDS = ('<div class="vg-card" data-vg-value="Farmer" data-vg-field="left">Farmer</div>'
         '<div class="vg-card" data-vg-value="Wall">Wall</div>')


def make(**kwargs):
    picks = []
    board = Board(CARDS, targets=["Farmer", "left=Farmer"], **kwargs)
    board.on_pick(lambda value, field: picks.append((value, field)))
    return board, picks


def browser_click(board, value, field=None):
    """What a click in the browser sends: a custom comm message, through ipywidgets."""
    content = {"type": "pick", "value": value, "field": field}
    board._handle_msg({"content": {"data": {"method": "custom", "content": content}},
                      "buffers": []})


def test_set_sends_only_the_traits_that_differ_in_one_message(sent):
    board, _ = make(picked=[])
    sent.clear()
    board.set(html=CARDS, targets=["Wall"], picked=[])
    assert [kind for kind, _ in sent] == ["comm_msg"]
    assert set(sent[0][1]["state"]) == {"targets"}  # the HTML is not sent again
    sent.clear()
    board.set(html=CARDS + "<p>more</p>", picked=["Wall"])
    assert len(sent) == 1 and set(sent[0][1]["state"]) == {"html", "picked"}
    sent.clear()
    board.set(html=board.html, targets=["Wall"], picked=["Wall"])
    assert sent == []


def test_clicking_a_target_calls_the_callback_with_value_and_field():
    board, picks = make()
    board.click("Farmer", "left")
    board.click("Farmer")
    assert picks == [("Farmer", "left"), ("Farmer", None)]


def test_an_element_that_names_its_fields_is_a_target_only_for_those_fields():
    board = Board(CARDS, targets=["2", "slot=2"])
    hits = []
    board.on_pick(lambda value, field: hits.append((value, field)))
    board.click("2", "slot")
    board.click("2", "on slot")  # one of the fields it stands for is enough
    board.click("2")  # an element without fields: the bare value
    for field in ("on", "stack target"):  # a village slot 2 when a Road slot 2 is on offer
        with pytest.raises(ValueError, match="2 cannot be picked on the board now"):
            board.click("2", field)
    assert hits == [("2", "slot"), ("2", "on slot"), ("2", None)]


def test_clicking_a_value_that_is_not_a_target_raises_and_calls_nothing():
    board, picks = make()
    with pytest.raises(ValueError, match="Wall cannot be picked on the board now"):
        board.click("Wall")
    board.set(targets=[])
    with pytest.raises(ValueError, match="Farmer cannot be picked"):
        board.click("Farmer")
    assert picks == []


def test_a_pick_message_from_the_browser_reaches_the_callback():
    board, picks = make()
    browser_click(board, "Farmer", "left")
    board._on_custom_msg(board, {"type": "pick", "value": "Farmer"}, [])  # no field key
    board._on_custom_msg(board, {"type": "something-else", "value": "Farmer"}, [])
    assert picks == [("Farmer", "left"), ("Farmer", None)]


def test_a_removed_callback_is_not_called_again():
    board, picks = make()
    other = []
    board.on_pick(other.append)
    board.on_pick(other.append, remove=True)
    board.click("Farmer")
    assert picks == [("Farmer", None)] and other == []


def test_a_callbacks_error_goes_through_the_apps_wrap():
    banner = ErrorBanner()
    board = Board(CARDS, targets=["Farmer"], wrap=guarded(banner))

    def boom(value, field):
        raise RuntimeError(f"no {value} today")

    board.on_pick(boom)
    browser_click(board, "Farmer")
    assert "RuntimeError: no Farmer today" in banner.value
    assert banner.layout.display != "none"  # shown, not swallowed


def test_a_stale_click_from_the_browser_is_shown_through_the_wrap_not_raised():
    banner = ErrorBanner()
    board = Board(CARDS, targets=["Farmer"], wrap=guarded(banner))
    picks = []
    board.on_pick(lambda value, field: picks.append(value))
    browser_click(board, "Wall")  # the targets changed while the click was on its way
    assert "Wall cannot be picked on the board now" in banner.value and picks == []


def test_the_default_wrap_leaves_callback_errors_raised():
    board = Board(CARDS, targets=["Farmer"])
    board.on_pick(lambda value, field: 1 / 0)
    with pytest.raises(ZeroDivisionError):
        board.click("Farmer")


def test_the_root_has_the_board_class_and_add_class_adds_more():
    board = Board()
    board.add_class("vg-table-board")
    assert {"vg-board-widget", "vg-table-board"} <= set(board._dom_classes)


def test_js_and_css_are_the_files_next_to_the_widget():
    here = Path(board_module.__file__).resolve().parent
    assert board_module.ESM_PATH == here / "board.js" and board_module.ESM_PATH.is_file()
    assert board_module.CSS_PATH == here / "board.css" and board_module.CSS_PATH.is_file()
    board = Board()
    assert board._esm == board_module.ESM_PATH.read_text()  # the synced trait: file contents
    assert board._css == board_module.CSS_PATH.read_text()
    assert "export default" in board._esm and "vg-clickable" in board._css


def test_the_js_fetches_nothing_from_the_network():
    js = board_module.ESM_PATH.read_text()
    assert not re.search(r"https?://", js)
    assert not re.search(r"^\s*import\s", js, re.M)  # no imports at all, so nothing remote
