"""What a screen reader hears of each game's table (issue 37 item 3): Playwright's aria
snapshot of the table, matched against partial templates that hold only the lines a
player must hear (a region per seat, the hand and the Road / market as lists; a card with
its name, where it is and its state: one that can be picked, and one that cannot, with the
rule that says why; the current phase), and the live region's words before and after a
move. Partial templates: a line not named here may come and go.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

LIVE = ".vg-live"
BOARD = ".vg-board-html"

# (notebook, query, template of the table, a card to pick by keyboard: its value)
GAMES = {
    "village_pillage": (
        "village_pillage_play.ipynb", "players=3&seats=human,bot,bot&seed=5",
        """
- region "The table":
  - region "your village":
    - region "Your hand":
      - list "Your cards":
        - listitem:
          - button "Farmer, in Your hand, can be picked" [pressed=false]
  - region "Ben's village"
  - region "Market":
    - list "Market cards":
      - listitem:
        - 'button "Bard, in Market, cannot be taken: it is the Plan phase: choose cards to play before anything else" [disabled]'
"""),  # noqa: E501 (a card says its whole reason)
    "villagers": (
        "villagers_play.ipynb", "players=2&seats=human,bot&seed=1",
        """
- region "The table":
  - region "The Road":
    - list "Stacks and Road cards":
      - listitem:
        - button "Ore, in The Road, can be picked" [pressed=false]
        - button /Swineherd, in The Road, can be picked/ [pressed=false]
  - region "Your hand":
    - list "Your cards":
      - listitem:
        - 'button "Shipwright, in Your hand, cannot be played: it is the Draft Phase: villagers are built in your build turn" [disabled]'
"""),  # noqa: E501 (a card says its whole reason)
    "villages": (
        "villages_play.ipynb", "players=2&seats=human,bot&seed=1",
        """
- region "The table":
  - region "Deck and discard pile":
    - button "Deck 54, in Deck and discard pile, can be picked" [pressed=false]
    - button /Orange Dragon, in Deck and discard pile, can be picked/
  - region "your seat":
    - region "Your hand":
      - list "Your cards":
        - listitem:
          - 'button "Red Warrior, in Your hand, cannot be played: a turn starts by drawing 2 cards: draw from the deck or the discard pile first" [disabled]'
  - region "Ben's seat"
"""),  # noqa: E501 (a card says its whole reason)
    "villagers_and_villains": (
        "villagers_and_villains_play.ipynb", "players=2&seats=human,bot&seed=1",
        """
- region "The table":
  - list "Phases":
    - listitem: /Recruit/
  - region "Recruitment Pool":
    - button /Carpenter, in Recruitment Pool, can be picked/ [pressed=false]
  - region "your town":
    - region "Your hand":
      - list "Your cards":
        - listitem:
          - 'button "Deputy Mayor, in Your hand, cannot be played: it is the Recruit Phase: cards from your hand are built or hired in the Build/Hire Phase" [disabled]'
  - region "Ben's town"
"""),  # noqa: E501 (a card says its whole reason)
}


@pytest.mark.parametrize("game", list(GAMES))
def test_the_table_as_a_screen_reader_hears_it(page, voila_server, open_app, game):
    notebook, query, template = GAMES[game]
    open_app(page, voila_server, notebook, query=query, ready=f"{BOARD} .vg-clickable")
    expect(page.locator(BOARD)).to_match_aria_snapshot(template)
    live = page.locator(LIVE)
    expect(live).to_have_attribute("aria-live", "polite")
    expect(live).to_contain_text("Ana")  # whose turn it is, in the prompt's words
    # Person / Remote / Bot: each seat's toggle says which one is chosen
    seats = page.locator(".widget-toggle-buttons")
    expect(seats.locator("button[aria-pressed=true]")).to_have_count(seats.count())
    expect(seats.first.get_by_role("button", name="Person", pressed=True)).to_be_visible()
    if game == "villagers_and_villains":  # the phase now is marked as the current step
        current = page.locator(f"{BOARD} [aria-current=step]")
        expect(current).to_have_count(1)


def test_a_pick_is_pressed_and_a_move_is_said(page, voila_server, open_app):
    """Village Pillage: a picked card says "pressed" and "picked"; after Confirm the live
    region says what the bots did (the plans are in) and what comes next."""
    notebook, query, _ = GAMES["village_pillage"]
    open_app(page, voila_server, notebook, query=query, ready=f"{BOARD} .vg-clickable")
    hand = page.locator(f"{BOARD} .vg-hand")
    for name in ("Farmer", "Raider"):
        hand.get_by_role("button", name=f"{name}, in Your hand").click()
        expect(hand.get_by_role("button", name=f"{name}, in Your hand, picked")) \
            .to_have_attribute("aria-pressed", "true")
    expect(hand).to_match_aria_snapshot("""
- region "Your hand":
  - list "Your cards":
    - listitem:
      - button "Farmer, in Your hand, picked" [pressed]
""")
    before = page.locator(LIVE).inner_text()
    page.locator("button.vg-turn-confirm").click()
    expect(page.locator(LIVE)).not_to_have_text(before)
    expect(page.locator(LIVE)).to_contain_text("Step 1 of")  # each step is said
