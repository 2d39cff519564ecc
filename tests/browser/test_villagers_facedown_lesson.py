"""The Villagers face-down lesson in Chromium: the village the chances are counted for is
on the page, and a stack of a suit that goes on a Basic Villager is not 0% for a village
that has none yet (it can still be taken)."""

import os
from pathlib import Path

from playwright.sync_api import expect

from village_games.villagers.odds import chance_top_fits, fits_after_basic, fits_now
from widgets.villagers.position import advance

SHOTS = Path(os.environ.get("VG_SHOTS", "/tmp/villagers_shots"))


def test_the_face_down_lesson_shows_the_village_it_counts_for(page, voila_server, open_app):
    g = advance(3, 5, 20)  # the lesson's opening position
    obs = g.observation(0)
    now, later = fits_now(g, 0), fits_after_basic(g, 0)
    stacks = [j for j, s in enumerate(obs["stacks"]) if s["size"]]
    gained = [j for j in stacks if chance_top_fits(obs, g.cards, j, now) == 0
              < chance_top_fits(obs, g.cards, j, now | later)]
    assert gained  # the opening has such a stack: it used to show 0
    page.set_viewport_size({"width": 1366, "height": 900})
    open_app(page, voila_server, "villagers_facedown_lesson.ipynb",
             ready=".vg-lesson-exact-value")
    village = page.locator(".vg-facedown-village")
    expect(village.locator(".vg-vvillage .vg-vcard").first).to_be_visible()
    for v in obs["players"][0]["village"]:
        expect(village.locator(".vg-vvillage")).to_contain_text(v["card"])
    expect(village).to_contain_text("Basic Villagers left in the supply")
    cells = page.locator(".vg-facedown-table tr").nth(1).locator("td")
    for j in gained:
        want = str(chance_top_fits(obs, g.cards, j, now | later))
        expect(cells.nth(stacks.index(j))).to_have_text(want)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "facedown_village.png"), full_page=True)
    expect(page.locator(".vg-error")).to_be_hidden()
