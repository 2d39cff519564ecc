"""The Villagers rules walkthrough in a real browser: a deep link opens the padlock example,
Next moves the Gold on the board as the rulebook says, Back restores it."""

from __future__ import annotations

from playwright.sync_api import expect

NOTEBOOK = "villagers_rules.ipynb"


def test_a_link_opens_the_padlocks_and_next_pays_the_blacksmith(page, voila_server, open_app):
    open_app(page, voila_server, NOTEBOOK, query="example=padlocks", ready=".vg-wt-next")
    counter = page.locator(".vg-wt-count")
    ana_gold = page.locator(".vg-wt-board .vg-vpanel", has_text="Ana").locator(".vg-vi-gold")
    expect(counter).to_have_text("Step 1 of 4")
    expect(page.locator(".vg-wt-heading")).to_contain_text("Padlocks")
    expect(ana_gold).to_have_text("8 Gold")
    page.locator("button.vg-wt-next").click()
    expect(counter).to_have_text("Step 2 of 4")
    expect(ana_gold).to_have_text("6 Gold")
    expect(page.locator(".vg-wt-log")).to_contain_text("Blacksmith")
    page.locator("button.vg-wt-back").click()
    expect(counter).to_have_text("Step 1 of 4")
    expect(ana_gold).to_have_text("8 Gold")
