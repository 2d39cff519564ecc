"""The Villagers pages on a narrow window (800 px, a tablet or half a laptop screen): the
page never scrolls sideways (wide tables scroll inside their own box), and the first
screen shows what to do."""

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

SHOTS = Path(os.environ.get("VG_SHOTS", "/tmp/villagers_shots"))
PAGES = [
    ("villagers_play.ipynb", "players=3&seats=human,bot,bot&seed=4", ".vg-pick"),
    ("villagers_play.ipynb", "players=1&seats=human&seed=4&variant=hard", ".vg-pick"),
    ("villagers_rules.ipynb", "example=padlocks", ".vg-wt-next"),
    ("villagers_backs_lesson.ipynb", "", ".vg-lesson-exact-value"),
    ("villagers_facedown_lesson.ipynb", "", ".vg-lesson-exact-value"),
    ("villagers_solo_lesson.ipynb", "", ".vg-lesson-run"),
]


@pytest.mark.parametrize(("notebook", "query", "ready"), PAGES,
                         ids=[p[0].removesuffix(".ipynb") + ("_solo" if "players=1" in p[1] else "")
                              for p in PAGES])
def test_at_800_pixels_the_page_never_scrolls_sideways(page, voila_server, open_app,
                                                       notebook, query, ready):
    page.set_viewport_size({"width": 800, "height": 900})
    open_app(page, voila_server, notebook, query=query, ready=ready)
    SHOTS.mkdir(parents=True, exist_ok=True)
    solo = "_solo" if "players=1" in query else ""
    page.screenshot(path=str(SHOTS / f"narrow_{notebook.removesuffix('.ipynb')}{solo}.png"))
    assert page.evaluate("document.documentElement.scrollWidth") <= 800
    expect(page.locator(".vg-error")).to_be_hidden()

