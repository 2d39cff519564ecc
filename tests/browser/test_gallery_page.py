"""The gallery is the front door: the server's root opens it, grouped by game, and its
links open the apps."""

import os
from pathlib import Path

from playwright.sync_api import expect

from widgets.kit.apps import load_apps

SHOTS = Path(os.environ.get("VG_SHOTS", "/tmp/gallery_shots"))


def test_the_gallery_groups_the_apps_under_each_game(page, voila_server):
    apps = load_apps()
    games = list(dict.fromkeys(app.game for app in apps))
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width in (1366, 800):
        page.set_viewport_size({"width": width, "height": 768})
        page.goto(voila_server + "/")
        titles = page.locator(".vg-gallery-game-title")
        expect(titles).to_have_count(len(games), timeout=60_000)
        for k, game in enumerate(games):
            expect(titles.nth(k)).to_contain_text(game)
            group = page.locator(".vg-gallery-game").nth(k)
            if any(a.game == game and a.kind == "Play" for a in apps):
                expect(group.locator(".vg-gallery-kind").first).to_have_text("Play")
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.screenshot(path=str(SHOTS / f"gallery_{width}.png"))


def test_root_opens_the_gallery_and_a_link_starts_the_game_it_names(page, voila_server):
    page.goto(voila_server + "/")
    expect(page.locator(".vg-gallery-card")).to_have_count(len(load_apps()), timeout=60_000)
    page.get_by_role("link", name="Three villages, you and two bots").click()
    page.wait_for_url("**/village_pillage_play.ipynb?players=3*")
    expect(page.locator(".vg-board-html .vg-village")).to_have_count(3, timeout=60_000)
    expect(page.locator(".vg-seed input")).to_have_value("7")
    expect(page.locator(".vg-prompt")).to_contain_text("Your turn")
    page.locator(".vg-nav a", has_text="Village Pillage: Rules").click()  # app to app
    page.wait_for_url("**/village_pillage_rules.ipynb")
    expect(page.locator(".vg-wt-board .vg-village").first).to_be_visible(timeout=60_000)
    page.locator(".vg-nav-home").click()  # and back to the gallery
    expect(page.locator(".vg-gallery-card")).to_have_count(len(load_apps()), timeout=60_000)


def test_a_gallery_link_opens_a_rules_example(page, voila_server):
    page.goto(voila_server + "/voila/render/index.ipynb")
    link = page.locator('a[href*="village_pillage_rules.ipynb?example="]').first
    expect(link).to_be_visible(timeout=60_000)
    link.click()
    page.wait_for_url("**/village_pillage_rules.ipynb?example=*")
    expect(page.locator(".vg-wt-board .vg-village").first).to_be_visible(timeout=60_000)
