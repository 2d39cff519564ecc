"""The gallery is the front door: the server's root opens it and its links open the apps."""

from playwright.sync_api import expect

from widgets.gallery import load_apps


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
