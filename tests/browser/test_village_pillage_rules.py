"""The rules walkthrough in a real browser: Next shows new narration and moving counts, all
at once, Back goes back to the same board."""

from __future__ import annotations

import os
from pathlib import Path

from playwright.sync_api import expect

NOTEBOOK = "village_pillage_rules.ipynb"
SHOTS = os.environ.get("VILLAGE_SCREENSHOTS")  # set to a directory to keep a screenshot

# Records what the page shows at the first DOM change of the step counter: a step arrives as
# one update, so the board, narration and log have changed by then too (not one by one).
WATCH_FIRST_STEP_CHANGE = """() => {
    const count = () => document.querySelector('.vg-wt-count')?.textContent;
    const before = count();
    window.vgFirstStepChange = null;
    const observer = new MutationObserver(() => {
        if (count() === before) return;
        observer.disconnect();
        const text = sel => document.querySelector(sel)?.textContent ?? null;
        window.vgFirstStepChange = {
            count: count(),
            stock: document.querySelector('.vg-wt-board .vg-seat-1 .vg-stockpile')
                ?.getAttribute('data-value') ?? null,
            narration: text('.vg-wt-narration'),
            log: text('.vg-wt-log'),
        };
    });
    observer.observe(document.body,
        {subtree: true, childList: true, characterData: true, attributes: true});
}"""


def test_next_and_back_step_through_the_wall_example(page, voila_server, open_app):
    open_app(page, voila_server, NOTEBOOK, ready=".vg-wt-next")
    counter = page.locator(".vg-wt-count")
    narration = page.locator(".vg-wt-narration")
    tania_stock = page.locator(".vg-wt-board .vg-seat-1 .vg-stockpile")
    expect(counter).to_have_text("Step 1 of 4")
    expect(narration).to_contain_text("Three villages")
    expect(tania_stock).to_have_attribute("data-value", "1")
    expect(page.locator("button.vg-wt-back")).to_be_disabled()

    next_button = page.locator("button.vg-wt-next")
    page.evaluate(WATCH_FIRST_STEP_CHANGE)
    next_button.click()
    expect(counter).to_have_text("Step 2 of 4")
    first = page.wait_for_function("() => window.vgFirstStepChange").json_value()
    assert first["count"] == "Step 2 of 4" and first["stock"] == "4", first
    assert "three Farmers go first" in first["narration"], first
    assert "Tania's Farmer gains 3" in first["log"], first
    expect(narration).to_contain_text("three Farmers go first")
    expect(tania_stock).to_have_attribute("data-value", "4")
    expect(page.locator(".vg-wt-board .vg-card[data-card='Raider']").first).to_be_visible()

    next_button.click()
    expect(counter).to_have_text("Step 3 of 4")
    expect(narration).to_contain_text("grabs 1 turnip")
    expect(tania_stock).to_have_attribute("data-value", "3")
    expect(page.locator(".vg-wt-log")).to_contain_text("Nicole's Wall steals 1 of 1 from Tania")
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / "village_pillage_rules.png"), full_page=True)

    page.locator("button.vg-wt-back").click()
    expect(counter).to_have_text("Step 2 of 4")
    expect(tania_stock).to_have_attribute("data-value", "4")
    expect(page.locator(".vg-error")).to_be_hidden()


def test_a_link_opens_the_example_it_names(page, voila_server, open_app):
    open_app(page, voila_server, NOTEBOOK, query="example=split-odd-turnip",
             ready=".vg-wt-next")
    expect(page.locator(".vg-wt-heading")).to_contain_text(
        "Two thieves, one stockpile: the split")
    expect(page.locator(".vg-wt-chooser select")).to_have_value(  # options carry the titles
        "Two thieves, one stockpile: the split")
    expect(page.locator(".vg-wt-count")).to_contain_text("Step 1 of")
    expect(page.locator(".vg-query-error")).to_have_count(0)
    expect(page.locator(".vg-error")).to_be_hidden()


def test_an_unknown_example_in_the_link_shows_a_notice(page, voila_server, open_app):
    open_app(page, voila_server, NOTEBOOK, query="example=nope", ready=".vg-wt-next")
    notice = page.locator(".vg-query-error")
    expect(notice).to_contain_text("no example 'nope'")
    expect(notice).to_contain_text("duel-queue")
    expect(page.locator(".vg-wt-heading")).to_contain_text("The Wall")  # the first one
