"""The Village Pillage lesson in Voila: open it, run a match simulation, see the answer."""

import re

from playwright.sync_api import expect

NOTEBOOK = "village_pillage_lesson.ipynb"


def test_lesson_runs_a_match_simulation(page, voila_server, open_app):
    open_app(page, voila_server, NOTEBOOK, ready=".vg-payoff-table")
    expect(page.locator(".vg-payoff-table-box .vg-table-note")).to_contain_text("Raider")

    # Tabs after the first are built when first opened; the fictitious-play chart with them.
    page.locator(".lm-TabBar-tab", has_text="2 · Equilibrium").click()
    expect(page.locator(".vg-lesson-equilibrium")).to_contain_text("2/9")
    expect(page.locator("img.vg-lesson-fp-chart")).to_have_attribute(
        "src", re.compile(r"^(blob:|data:image/png)"))

    page.locator(".lm-TabBar-tab", has_text="3 · Match").click()
    match = page.locator(".vg-lesson-match")
    expect(match.locator(".vg-lesson-exact-value")).to_have_text("0.4167")
    match.locator(".vg-lesson-run").click()

    expect(match.locator(".vg-lesson-sim-value")).to_be_visible()
    expect(match.locator(".vg-lesson-sim-value")).to_contain_text("±")
    bar = match.locator(".vg-lesson-progress .progress-bar")
    expect(bar).to_have_attribute("style", re.compile(r"width:\s*100%"))
    expect(match.locator(".vg-lesson-progress-label")).to_have_text("10,000 / 10,000")
    chart = match.locator("img.vg-lesson-chart")
    expect(chart).to_have_attribute("src", re.compile(r"^(blob:|data:image/png)"))
    expect(page.locator(".vg-error")).to_be_hidden()

    # "They play" changes are not echoed back (widgets.teach.lesson.Choice): the page must still
    # follow one choice after another.
    they = match.locator(".vg-lesson-they select")
    they.select_option("Always Raider")
    expect(match.locator(".vg-lesson-exact-value")).to_have_text("0")
    expect(match.locator(".vg-lesson-stale")).to_be_visible()
    they.select_option("Uniform random")
    expect(match.locator(".vg-lesson-exact-value")).to_have_text("0.4167")
    expect(page.locator(".vg-error")).to_be_hidden()


def test_the_payoff_controls_are_whole_at_1400_and_800_pixels(page, voila_server, open_app):
    for width in (1400, 800):
        page.set_viewport_size({"width": width, "height": 900})
        open_app(page, voila_server, NOTEBOOK, ready=".vg-payoff-table")
        controls = page.locator(".vg-lesson-table-controls")
        readouts = controls.locator(".widget-readout")
        expect(readouts).to_have_count(4)
        expect(readouts.first).to_have_text("0.25")  # two decimals, not cut to "0.2"
        select = page.locator(".vg-lesson-preset select").bounding_box()
        table = page.locator(".vg-payoff-table").bounding_box()
        box = controls.bounding_box()
        assert select["x"] + select["width"] <= table["x"], width  # not under the table
        assert select["x"] + select["width"] <= box["x"] + box["width"] + 1, width
        for i in range(4):
            r = readouts.nth(i).bounding_box()
            assert r["width"] >= 30 and r["x"] + r["width"] <= table["x"], width
        assert page.evaluate("document.documentElement.scrollWidth") <= width
