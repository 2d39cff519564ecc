"""The market lesson in Voila: an exact chance, then real games dealt to check it."""

from playwright.sync_api import expect

NOTEBOOK = "village_pillage_market_lesson.ipynb"


def test_market_lesson_deals_games_and_shows_both_numbers(page, voila_server, open_app):
    open_app(page, voila_server, NOTEBOOK, ready=".vg-lesson-exact-value")
    expect(page.locator(".vg-lesson-exact-value")).to_have_text("0.4")
    expect(page.locator(".vg-market-curve")).to_contain_text("40%")
    page.locator(".vg-market-wanted select").select_option(["Bard", "Doctor"])
    expect(page.locator(".vg-lesson-exact-value")).to_have_text("0.6526")
    page.locator(".vg-lesson-run").click()
    # a share: Wilson's interval, which is not centred, so no "±"
    expect(page.locator(".vg-lesson-sim")).to_contain_text("95% interval (Wilson's")
    expect(page.locator(".vg-lesson-sim-value")).not_to_contain_text("±")
    expect(page.locator(".vg-lesson-sim")).to_contain_text("seed")
    expect(page.locator(".vg-error")).to_be_hidden()
