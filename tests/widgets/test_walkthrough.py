"""The walkthrough widget in Python: Next/Back by button clicks, Back rebuilds the same board,
the example chooser, and errors (a bad data file, a failing renderer) shown in the app."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import pytest

from widgets.kit.apps import load_apps
from widgets.teach.walkthrough import Walkthrough, narration_html
from widgets.village_pillage.walkthrough_app import walkthrough, walkthrough_app


def _shown(wt: Walkthrough, part: str) -> str:
    """The HTML of one panel (`heading`, `count`, `narration`, `board`, `log`), checked to be
    in the one widget that shows the step, inside the element with its class."""
    fragment = wt.parts[part]
    cls = "vg-wt-counter" if part == "count" else f"vg-wt-{part}"
    assert f'<div class="{cls}">{fragment}' in wt.view.value, (part, wt.view.value)
    return fragment


def _step(wt: Walkthrough) -> tuple[int, int]:
    count = _shown(wt, "count")
    m = re.search(r'class="vg-wt-count" data-step="(\d+)" data-steps="(\d+)">'
                  r"Step (\d+) of (\d+)<", count)
    assert m and m.group(1, 2) == m.group(3, 4), count
    return int(m[3]), int(m[4])


def _stockpiles(board: str) -> list[int]:
    return [int(v) for v in re.findall(r'class="vg-stockpile" data-value="(\d+)"', board)]


def test_next_and_back_walk_through_an_example():
    wt = walkthrough(example="simultaneous-steals")
    assert _step(wt) == (1, 5)
    assert wt.back_button.disabled and not wt.next_button.disabled
    assert "single turnip" in _shown(wt, "narration")
    assert _stockpiles(_shown(wt, "board")) == [1, 1, 1]
    wt.next_button.click()
    wt.next_button.click()
    assert _step(wt) == (3, 5)
    assert "Tania gets 1, not 4" in _shown(wt, "narration")
    assert "Tania&#x27;s Raider steals 1 of 4 from Nicole" in _shown(wt, "log")
    assert _stockpiles(_shown(wt, "board")) == [4, 5, 0]  # the counts as of the Raider phase
    wt.back_button.click()
    assert _step(wt) == (2, 5)
    assert _stockpiles(_shown(wt, "board")) == [1, 4, 4]
    for _ in range(10):
        wt.next_button.click()
    assert _step(wt) == (5, 5) and wt.next_button.disabled and not wt.back_button.disabled
    assert wt.banner.value == ""


def test_back_gives_the_same_board_and_log_as_going_forward():
    wt = walkthrough(example="raider-vs-each-type")
    forward = []
    for k in range(1, wt.steps + 1):
        forward.append((_shown(wt, "board"), _shown(wt, "log"), _shown(wt, "narration")))
        if k < wt.steps:
            wt.next_button.click()
    for k in range(wt.steps, 0, -1):
        shown = (_shown(wt, "board"), _shown(wt, "log"), _shown(wt, "narration"))
        assert shown == forward[k - 1], k
        wt.back_button.click()
    assert _step(wt) == (1, wt.steps)


def test_the_chooser_switches_examples_and_starts_at_step_one():
    wt = walkthrough()
    assert len(wt.chooser.options) == len(wt.examples) >= 10
    wt.next_button.click()
    wt.chooser.value = "duel-queue"
    assert wt.example.id == "duel-queue"
    assert _step(wt) == (1, 5)
    assert "The duel" in _shown(wt, "heading")
    assert "vg-duel" in _shown(wt, "board")


def test_every_step_of_every_example_renders():
    wt = walkthrough()
    for ex in wt.examples:
        wt.chooser.value = ex.id
        while not wt.next_button.disabled:
            wt.next_button.click()
        assert wt.banner.value == "", (ex.id, wt.banner.value)
        assert _step(wt) == (len(ex.steps), len(ex.steps))


def test_a_bad_data_file_shows_a_clear_error_in_the_app(tmp_path):
    bad = tmp_path / "examples.toml"
    bad.write_text('[[example]]\nid = "x"\ntitle = "X"\n[example.scenario]\n'
                   '[[example.scenario.players]]\nname = "Ann"\n'
                   '[[example.scenario.players]]\nname = "Bo"\n'
                   '[[example.step]]\nnarration = "hi"\nseat = "Cy"\n'
                   'action = {type = "Plan", left = "Farmer", right = "Wall"}\n')
    wt = walkthrough(bad)
    assert "seat must be a player name (Ann, Bo)" in wt.banner.value
    assert "examples.toml example &#x27;x&#x27; step 1" in wt.banner.value
    assert wt.banner.layout.display != "none"  # visible
    assert wt.next_button.disabled and wt.back_button.disabled and wt.chooser.disabled
    assert walkthrough_app(bad).children  # the app still builds, showing the banner


# ---------------------------------------------------------------- messages to the browser
class _RecordingComm:
    """Stands in for a widget's comm to the browser: records every update it sends."""

    kernel = object()  # widgets only send through a comm with a kernel

    def __init__(self, widget, sent: list) -> None:
        self.comm_id, self._widget, self._sent = widget.model_id, widget, sent

    def send(self, data=None, buffers=None) -> None:
        if data and data.get("method") == "update":
            name = next((c for c in self._widget._dom_classes if c.startswith("vg-")),
                        type(self._widget).__name__)
            self._sent.append((name, sorted(data["state"])))

    def on_msg(self, *_a) -> None: ...
    def on_close(self, *_a) -> None: ...
    def close(self, *_a, **_k) -> None: ...


def _record_messages(wt: Walkthrough) -> list[tuple[str, list[str]]]:
    sent: list[tuple[str, list[str]]] = []
    for widget in (wt.view, wt.back_button, wt.next_button, wt.chooser, wt.banner,
                   wt.banner.layout, wt.notice, wt.title):
        widget.comm = _RecordingComm(widget, sent)
    return sent


def test_a_step_is_one_message_to_the_browser():
    wt = walkthrough(example="simultaneous-steals")  # 5 steps
    sent = _record_messages(wt)
    view = ("vg-wt-view", ["value"])

    wt.next_button.click()  # 1 -> 2: the step, then Back is enabled
    assert sent == [view, ("vg-wt-back", ["disabled"])]
    sent.clear()
    wt.next_button.click()  # 2 -> 3: nothing but the step
    assert sent == [view]
    sent.clear()
    wt.back_button.click()  # 3 -> 2
    assert sent == [view]
    for _ in range(3):
        wt.next_button.click()
    assert _step(wt) == (5, 5)
    assert sent[-2:] == [view, ("vg-wt-next", ["disabled"])]  # the last step
    sent.clear()
    wt.next_button.click()  # already at the end: nothing to send
    assert sent == []

    # the browser picks another example (its own change of `index` is not echoed back)
    wt.chooser.set_state({"index": [ex.id for ex in wt.examples].index("duel-queue")})
    assert wt.example.id == "duel-queue" and _step(wt) == (1, 5)
    assert sent == [view, ("vg-wt-back", ["disabled"]), ("vg-wt-next", ["disabled"])]
    assert wt.back_button.disabled and not wt.next_button.disabled
    assert wt.banner.value == ""


# ---------------------------------------------------------------- engine-agnostic
@dataclass
class FakeStep:
    narration: str


@dataclass
class FakeExample:
    id: str
    title: str
    steps: list[FakeStep]
    intro: str = ""
    built: list[int] = field(default_factory=list)


@dataclass
class FakeFrame:
    k: int

    @property
    def new_lines(self) -> list[str]:
        return [f"line {self.k}"]


def test_the_widget_works_with_any_engine_and_replays_from_the_start():
    calls = []

    def frame(ex, k):
        calls.append(k)
        return FakeFrame(k)

    ex = FakeExample("a", "A", [FakeStep("one **bold**"), FakeStep("two")])
    wt = Walkthrough(lambda: [ex], frame, lambda f: f"<i>board {f.k}</i>")
    assert _shown(wt, "board") == "<i>board 1</i>" and "line 1" in _shown(wt, "log")
    assert "<b>bold</b>" in _shown(wt, "narration")
    wt.next_button.click()
    wt.back_button.click()
    assert calls == [1, 2, 1]  # Back asks for step 1 again: rebuilt, never undone


def test_a_failing_renderer_shows_in_the_banner_and_keeps_the_old_step():
    ex = FakeExample("a", "A", [FakeStep("one"), FakeStep("two")])

    def board(f):
        if f.k == 2:
            raise RuntimeError("renderer broke")
        return "ok"

    wt = Walkthrough(lambda: [ex], lambda e, k: FakeFrame(k), board)
    wt.next_button.click()
    assert "RuntimeError: renderer broke" in wt.banner.value
    assert _step(wt) == (1, 2) and _shown(wt, "board") == "ok"
    assert not wt.next_button.disabled


def test_narration_is_escaped():
    assert narration_html("a <b> & **c**\n\nd") == "<p>a &lt;b&gt; &amp; <b>c</b></p><p>d</p>"


def test_an_unknown_example_id_is_a_clear_error():
    with pytest.raises(ValueError, match="no example 'nope'"):
        walkthrough(example="nope")


# ---------------------------------------------------------------- links: ?example=<id>
def test_the_query_string_opens_an_example_first():
    wt = walkthrough(query={"example": "split-odd-turnip"})
    assert wt.example.id == "split-odd-turnip" and wt.chooser.value == "split-odd-turnip"
    assert "the split" in _shown(wt, "heading") and _step(wt)[0] == 1
    assert wt.notice.value == "" and wt.banner.value == ""


def test_walkthrough_app_reads_the_page_query(monkeypatch):
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.setenv("QUERY_STRING", "example=duel-queue")
    app = walkthrough_app()
    assert any("The duel: a queue of two cards" in getattr(c, "value", "")
               for c in app.children)


def test_an_unknown_example_in_the_link_is_a_notice_and_the_first_example_opens():
    wt = walkthrough(query={"example": "no-such-example"})
    first = wt.examples[0]
    assert wt.example.id == first.id and _step(wt)[0] == 1
    assert "no-such-example" in wt.notice.value and wt.banner.value == ""
    for ex in wt.examples:  # the notice lists every valid id
        assert ex.id in wt.notice.value
    assert walkthrough(query={"example": ""}).notice.value == ""  # empty: just the first


def test_a_link_opens_an_example_at_the_step_it_names():
    wt = walkthrough(query={"example": "duel-queue", "step": "3"})
    assert wt.example.id == "duel-queue" and _step(wt)[0] == 3 and wt.notice.value == ""


@pytest.mark.parametrize("raw", ["0", "99", "two", "-1", "1e3"])
def test_a_step_the_example_does_not_have_is_a_notice_and_step_one_opens(raw):
    wt = walkthrough(query={"example": "duel-queue", "step": raw})
    assert _step(wt)[0] == 1
    assert f"step must be a whole number from 1 to {wt.steps}" in wt.notice.value


def test_a_link_key_the_walkthrough_does_not_read_is_named():
    """(A hostile tester's `&steps=4` was silently ignored.)"""
    wt = walkthrough(query={"example": "duel-queue", "steps": "4"})
    assert "there is no setting &#x27;steps&#x27; (the settings are example, step)" in (
        wt.notice.value)


def test_a_start_example_works_for_any_engine():
    exs = [FakeExample(i, i.upper(), [FakeStep("one")]) for i in ("a", "b")]
    wt = Walkthrough(lambda: exs, lambda e, k: FakeFrame(k), lambda f: "ok", start="b")
    assert wt.example.id == "b" and wt.notice.value == ""
    wt = Walkthrough(lambda: exs, lambda e, k: FakeFrame(k), lambda f: "ok", start="c")
    assert wt.example.id == "a" and "&#x27;c&#x27;" in wt.notice.value
    assert "a, b" in wt.notice.value


def test_the_gallery_links_name_real_examples():
    rules = next(a for a in load_apps() if a.notebook == "village_pillage_rules.ipynb")
    assert len(rules.examples) >= 3
    ids = {ex.id for ex in walkthrough().examples}
    for _label, query in rules.examples:
        assert query.startswith("example=") and query.removeprefix("example=") in ids
