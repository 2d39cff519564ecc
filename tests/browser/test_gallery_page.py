"""The gallery is the front door: the server's root opens it, grouped by game, and its
links open the apps."""

import os
from pathlib import Path

from playwright.sync_api import expect

from harness.chromium import close_page, local_only
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
        expect(titles).to_have_count(len(games))
        for k, game in enumerate(games):
            expect(titles.nth(k)).to_contain_text(game)
            group = page.locator(".vg-gallery-game").nth(k)
            if any(a.game == game and a.kind == "Play" for a in apps):
                expect(group.locator(".vg-gallery-kind").first).to_have_text("Play")
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.screenshot(path=str(SHOTS / f"gallery_{width}.png"))


def test_root_opens_the_gallery_and_a_link_starts_the_game_it_names(page, voila_server):
    page.goto(voila_server + "/")
    expect(page.locator(".vg-gallery-card")).to_have_count(len(load_apps()))
    page.get_by_role("link", name="Three villages, you and two bots").click()
    page.wait_for_url("**/village_pillage_play.ipynb?players=3*")
    expect(page.locator(".vg-board-html .vg-village")).to_have_count(3)
    expect(page.locator(".vg-seed input")).to_have_value("7")
    expect(page.locator(".vg-prompt")).to_contain_text("Your turn")
    page.locator(".vg-nav a", has_text="Village Pillage: Rules").click()  # app to app
    page.wait_for_url("**/village_pillage_rules.ipynb")
    expect(page.locator(".vg-wt-board .vg-village").first).to_be_visible()
    page.locator(".vg-nav-home").click()  # and back to the gallery
    expect(page.locator(".vg-gallery-card")).to_have_count(len(load_apps()))


def test_a_gallery_link_opens_a_rules_example(page, voila_server):
    page.goto(voila_server + "/voila/render/index.ipynb")
    link = page.locator('a[href*="village_pillage_rules.ipynb?example="]').first
    expect(link).to_be_visible()
    link.click()
    page.wait_for_url("**/village_pillage_rules.ipynb?example=*")
    expect(page.locator(".vg-wt-board .vg-village").first).to_be_visible()


def test_the_gallerys_shared_table_link_opens_a_table_with_a_seat_link_and_qr_code(
        page, voila_server):
    """The example a teacher follows to play on two devices: a real click in the gallery,
    then the seat's link (with its QR code) opens that seat on a second device."""
    page.goto(voila_server + "/")
    expect(page.locator(".vg-gallery-card")).to_have_count(len(load_apps()))
    page.get_by_role("link", name="Two devices: you here, a friend on their own").click()
    page.wait_for_url("**/village_pillage_play.ipynb?*")
    seat = page.locator("a.vg-seat-link")
    expect(seat).to_have_count(1)
    expect(seat).to_have_attribute("data-seat", "2")
    expect(page.locator(".vg-link-row", has=seat)).to_contain_text("Ben (seat 2)")
    qr = page.locator(".vg-link-row", has=seat).locator("details.vg-qr")
    qr.locator("summary").click()
    expect(qr.locator("svg")).to_be_visible()
    expect(page.locator(".vg-seed-secret")).to_be_visible()  # its seed is a secret
    expect(page.locator(".vg-seed input")).to_be_hidden()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "gallery_shared_table_host.png"), full_page=True)
    friend = page.context.browser.new_context(viewport={"width": 390, "height": 844})
    phone = friend.new_page()
    phone.route("**/*", local_only)
    try:
        phone.goto(seat.get_attribute("href") or "")
        expect(phone.locator(".vg-seat-line")).to_contain_text("you play Ben (seat 2 of 2)")
        expect(phone.locator(".vg-prompt")).to_contain_text("Your turn")
        phone.screenshot(path=str(SHOTS / "gallery_shared_table_phone.png"), full_page=True)
    finally:
        close_page(phone)
