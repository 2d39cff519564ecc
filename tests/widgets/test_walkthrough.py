"""The walkthrough widget in Python: Next/Back by button clicks, Back rebuilds the same board,
the example chooser, and errors (a bad data file, a failing renderer) shown in the app."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import pytest

from widgets.gallery import load_apps
from widgets.village_pillage.walkthrough_app import walkthrough, walkthrough_app
from widgets.walkthrough import Walkthrough, narration_html


def _step(wt: Walkthrough) -> tuple[int, int]:
    m = re.search(r"Step (\d+) of (\d+)", wt.counter.value)
    assert m, wt.counter.value
    return int(m[1]), int(m[2])


def _stockpiles(board: str) -> list[int]:
    return [int(v) for v in re.findall(r'class="vg-stockpile" data-value="(\d+)"', board)]


def test_next_and_back_walk_through_an_example():
    wt = walkthrough(example="simultaneous-steals")
    assert _step(wt) == (1, 5)
    assert wt.back_button.disabled and not wt.next_button.disabled
    assert "single turnip" in wt.narration.value
    assert _stockpiles(wt.board.value) == [1, 1, 1]
    wt.next_button.click()
    wt.next_button.click()
    assert _step(wt) == (3, 5)
    assert "Tania gets 1, not 4" in wt.narration.value
    assert "Tania&#x27;s Raider steals 1 of 4 from Nicole" in wt.log.value
    assert _stockpiles(wt.board.value) == [4, 5, 0]  # the counts as of the Raider phase
    wt.back_button.click()
    assert _step(wt) == (2, 5)
    assert _stockpiles(wt.board.value) == [1, 4, 4]
    for _ in range(10):
        wt.next_button.click()
    assert _step(wt) == (5, 5) and wt.next_button.disabled and not wt.back_button.disabled
    assert wt.banner.value == ""


def test_back_gives_the_same_board_and_log_as_going_forward():
    wt = walkthrough(example="raider-vs-each-type")
    forward = []
    for k in range(1, wt.steps + 1):
        forward.append((wt.board.value, wt.log.value, wt.narration.value))
        if k < wt.steps:
            wt.next_button.click()
    for k in range(wt.steps, 0, -1):
        assert (wt.board.value, wt.log.value, wt.narration.value) == forward[k - 1], k
        wt.back_button.click()
    assert _step(wt) == (1, wt.steps)


def test_the_chooser_switches_examples_and_starts_at_step_one():
    wt = walkthrough()
    assert len(wt.chooser.options) == len(wt.examples) >= 10
    wt.next_button.click()
    wt.chooser.value = "duel-queue"
    assert wt.example.id == "duel-queue"
    assert _step(wt) == (1, 5)
    assert "The duel" in wt.heading.value
    assert "vg-duel" in wt.board.value


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
    assert wt.banner.layout.display is None  # visible
    assert wt.next_button.disabled and wt.back_button.disabled and wt.chooser.disabled
    assert walkthrough_app(bad).children  # the app still builds, showing the banner


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
    assert wt.board.value == "<i>board 1</i>" and "line 1" in wt.log.value
    assert "<b>bold</b>" in wt.narration.value
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
    assert _step(wt) == (1, 2) and wt.board.value == "ok"
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
    assert "the split" in wt.heading.value and _step(wt)[0] == 1
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
