"""Each of the four games, one round played with the keyboard alone (issue 37 item 2).

The page is opened with a person in the first seat and bots in the others; from then on
the test only presses keys (`page.keyboard`: Tab, Shift+Tab, the arrows, Enter, Space)
and reads the page to decide which. It starts with the skip link (the page's first Tab
stop), moves between a hand's cards with the arrows, picks with Enter or Space, confirms,
steps through the bots' moves, and stops when the table says "Round 2". After every key
that makes the kernel answer, the keyboard must still be at the table (never back on the
page), which is what keeps a keyboard player going after Confirm, Next step and a bot's
move.
"""

from __future__ import annotations

import contextlib
import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

SHOTS = Path(os.environ.get("VG_SHOTS", "/tmp/shots-keys"))
GAMES = [
    ("village_pillage_play.ipynb", "players=3&seats=human,bot,bot&seed=5"),
    ("villagers_play.ipynb", "players=2&seats=human,bot&seed=1"),
    ("villages_play.ipynb", "players=2&seats=human,bot&seed=1"),
    ("villagers_and_villains_play.ipynb", "players=2&seats=human,bot&seed=1"),
]
MAX_KEYS = 4000  # key presses allowed for the round (a stuck page fails, never loops)

# What the keyboard is on, in the test's words (read from the page, never clicked).
FOCUS_JS = """() => {
  const a = document.activeElement;
  if (!a || a === document.body) return "page";
  if (a.classList.contains("vg-skip-link")) return "skip";
  if (a.classList.contains("vg-clickable"))
    return a.classList.contains("vg-picked") ? "picked-card" : "card";
  if (a.matches("button.vg-turn-confirm")) return "confirm";
  if (a.matches("button.vg-next-step")) return "next";
  if (a.matches("button.vg-ready-button")) return "ready";
  if (a.matches("button.vg-pass-button")) return "pass-screen";
  if (a.matches("button.vg-pick:not(.vg-selected)")) return "pick-button";
  if (a.matches(".vg-board-content")) return "table";
  return "other";
}"""
# A snapshot of what the kernel draws: a key press that makes a move changes it.
STATE_JS = """() => [
  document.querySelector('.vg-board-html')?.innerHTML.length,
  [...document.querySelectorAll('.vg-board-html .vg-clickable')].map(
      n => n.className).join('|'),
  document.querySelector('.vg-prompt')?.textContent,
  document.querySelector('.vg-step-text')?.textContent,
  document.querySelector('button.vg-turn-confirm')?.disabled,
  [...document.querySelectorAll('button.vg-pick')].map(b => b.className + b.disabled).join('|'),
].join('#')"""
# The words around the table (prompt, step, error): what a failure message quotes.
SAID_JS = """() => ['.vg-prompt', '.vg-step-text', '.vg-error', '.vg-status'].map(
  (s) => [...document.querySelectorAll(s)].map((e) => e.textContent.trim()).join(' / '))
  .filter(Boolean).join(' | ')"""
TODO_JS = """() => {
  const seen = (s) => [...document.querySelectorAll(s)].some(
      (e) => e.checkVisibility() && !e.disabled);
  if (seen('button.vg-turn-confirm')) return "confirm";
  if (seen('button.vg-next-step')) return "next";
  if (seen('button.vg-ready-button')) return "ready";
  if (seen('button.vg-pass-button')) return "pass-screen";
  if (seen('.vg-board-html .vg-clickable:not(.vg-picked)')) return "card";
  if (seen('button.vg-pick:not(.vg-selected)')) return "pick-button";
  return "wait";
}"""


def focus(page: Page) -> str:
    return page.evaluate(FOCUS_JS)


class Keys:
    """Key presses, counted; `tab_to` tabs (forwards, then backwards) until the keyboard is
    on the kind of thing wanted."""

    def __init__(self, page: Page) -> None:
        self.page, self.count = page, 0
        self.trace: list[str] = []  # what the test saw and did, for a failure's message

    def press(self, key: str) -> None:
        self.count += 1
        assert self.count <= MAX_KEYS, f"too many keys: {self.story()}"
        self.trace.append(key)
        self.page.keyboard.press(key)

    def tab_to(self, wanted: str) -> bool:
        # (the turn bar's buttons are above the table: backwards first)
        above = wanted in ("confirm", "next", "ready", "pass-screen")
        for key in (("Shift+Tab", "Tab") if above else ("Tab", "Shift+Tab")):
            for _ in range(150):
                if focus(self.page) == wanted:
                    return True
                self.press(key)
        return focus(self.page) == wanted

    def to_card(self, tally: dict[str, int]) -> bool | None:
        """Onto a card that may be picked and is not: the arrows within a hand or row
        (one Tab stop each), Tab between them. None: there is none any more (the table
        was still redrawing when the test looked)."""
        arrows = 0
        for _ in range(300):
            now = focus(self.page)
            if now == "card":
                return True
            if self.page.evaluate(TODO_JS) != "card":
                return None
            if now == "picked-card" and arrows < 12:
                self.press("ArrowRight")
                arrows += 1
                tally["arrows"] += 1
            else:
                self.press("Tab")
                arrows = 0
        return False

    def story(self) -> str:
        """The trace with runs of one key counted: "Tab x12"."""
        out: list[str] = []
        for item in self.trace:
            if out and out[-1].split(" x")[0] == item:
                n = int(out[-1].split(" x")[1]) if " x" in out[-1] else 1
                out[-1] = f"{item} x{n + 1}"
            else:
                out.append(item)
        return ", ".join(out[-40:])

    def answered(self, before: str, key: str) -> None:
        """Press `key` and wait for the kernel's answer (the drawn table changes)."""
        self.press(key)
        self.changed(before)

    def changed(self, before: str) -> None:
        try:
            self.page.wait_for_function(f"(b) => ({STATE_JS})() !== b", arg=before)
        except PlaywrightTimeout:
            # what the page said, for the next person to read (a rare lost pick, once)
            SHOTS.mkdir(parents=True, exist_ok=True)
            self.page.screenshot(path=str(SHOTS / "nothing_changed.png"), full_page=True)
            said = self.page.evaluate(SAID_JS)
            raise AssertionError(f"nothing changed after {self.story()}; the page said "
                                 f"{said!r}; focus on "
                                 + self.page.evaluate("document.activeElement.outerHTML")
                                 [:300]) from None


def round_of(page: Page) -> int:
    text = page.locator(".vg-board-html").inner_text()
    found = re.search(r"Round (\d+)", text)
    return int(found.group(1)) if found else 0


def play_round(page: Page) -> dict[str, int]:
    keys = Keys(page)
    tally = {"arrows": 0, "picks": 0, "confirms": 0, "steps": 0, "kept": 0}
    # the skip link is the first Tab stop, and takes the keyboard to the table
    page.locator("body").focus()
    keys.press("Tab")
    assert focus(page) == "skip"
    keys.press("Enter")
    assert focus(page) not in ("page", "skip", "other"), focus(page)
    start = round_of(page)
    assert start >= 1
    while round_of(page) == start:
        before = page.evaluate(STATE_JS)
        todo = page.evaluate(TODO_JS)
        keys.trace.append(f"[{todo} at {focus(page)}]")
        if todo == "wait":  # a bot or the kernel is still at it
            with contextlib.suppress(PlaywrightTimeout):  # (or it was drawing as we looked)
                page.wait_for_function(f"(b) => ({STATE_JS})() !== b", arg=before,
                                       timeout=10_000)
            continue
        if todo == "card":
            if tally["arrows"] == 0 and focus(page) == "card":  # the arrows, there and back
                keys.press("ArrowRight")
                keys.press("ArrowLeft")
                tally["arrows"] += 2
            reached = keys.to_card(tally)
            if reached is None:
                continue
            assert reached, keys.story() + page.evaluate(
                """() => [...document.querySelectorAll('.vg-board-html .vg-clickable')]
                   .map(n => n.outerHTML.slice(0, 160) + ' @' + n.parentElement.className)
                   .join('\\n')""")
            keys.answered(before, "Enter" if tally["picks"] % 2 == 0 else "Space")
            tally["picks"] += 1
        elif todo == "pick-button":
            assert keys.tab_to("pick-button"), keys.story()
            keys.answered(before, "Enter")
            tally["picks"] += 1
        else:  # confirm, next, ready, pass-screen: one button to press
            if not keys.tab_to(todo) and page.evaluate(TODO_JS) != todo:
                continue  # the table moved on while the keys went round (a slow redraw)
            assert focus(page) == todo, f"could not reach {todo} by Tab: {keys.story()}"
            keys.answered(before, "Enter")
            tally["confirms" if todo == "confirm" else "steps"] += 1
        # the keyboard is never dropped on the page while the table redraws
        try:
            page.wait_for_function("() => document.activeElement !== document.body",
                                   timeout=15_000)
        except PlaywrightTimeout:
            raise AssertionError(f"the keyboard fell back to the page after "
                                 f"{keys.story()}") from None
        tally["kept"] += 1
    assert round_of(page) == start + 1
    return tally


@pytest.mark.parametrize(("notebook", "query"), GAMES, ids=[g[0].split("_play")[0]
                                                             for g in GAMES])
def test_one_round_with_the_keyboard_alone(page, voila_server, open_app, notebook, query):
    open_app(page, voila_server, notebook, query=query, ready=".vg-board-html .vg-clickable")
    tally = play_round(page)
    assert tally["picks"] >= 1 and tally["arrows"] >= 1, tally
    expect(page.locator(".vg-error")).to_be_hidden()


def test_focus_ring_on_a_card(page, voila_server, open_app):
    """A card the keyboard is on wears a dark ring (screenshot for the eye to judge)."""
    notebook, query = GAMES[0]
    open_app(page, voila_server, notebook, query=query, ready=".vg-board-html .vg-clickable")
    page.locator("body").focus()
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    card = page.locator(".vg-board-html .vg-clickable:focus")
    expect(card).to_have_count(1)
    first = card.get_attribute("data-vg-value")
    page.keyboard.press("ArrowRight")  # the next card of the hand
    expect(card).not_to_have_attribute("data-vg-value", first)
    expect(card).to_have_attribute("tabindex", "0")  # the hand's one Tab stop
    page.keyboard.press("ArrowLeft")
    expect(card).to_have_attribute("data-vg-value", first)
    page.keyboard.press("ArrowRight")
    style = card.evaluate("(n) => { const s = getComputedStyle(n); "
                          "return [s.outlineStyle, s.outlineWidth, s.outlineColor]; }")
    assert style == ["solid", "3px", "rgb(17, 17, 17)"], style
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "village_pillage_focused_card.png"))
