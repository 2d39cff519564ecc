"""Play a round of Village Pillage in the served notebook, in Chromium.

The page is opened with a query string (which reaches Voila's pre-heated kernel only through
`wait_for_request`), a person plans by clicking cards, and the resolution is stepped
through. The turnip counts the page shows at every step must be the ones the same game
gives when driven in Python with the same seed and the same clicks.
"""

import re
from urllib.parse import parse_qsl

from playwright.sync_api import expect

from widgets.village_pillage.adapter import make_app

NOTEBOOK = "village_pillage_play.ipynb"
QUERY = "players=3&seats=human,bot,bot&seed=5"
LEFT, RIGHT = "Farmer", "Raider"



def frame_counts(frame):
    """[stockpile, bank, relics] per seat on a step's table (the engine's trace)."""
    return [[p["stockpile"], p["bank"], p["relics"]] for p in frame.obs["players"]]

def expected_steps():
    """Step texts and counts of the round after planning LEFT/RIGHT, computed in Python."""
    app = make_app(dict(parse_qsl(QUERY)))
    app.screen.picker.button("left", LEFT).click()
    app.screen.picker.button("right", RIGHT).click()
    app.screen.picker.confirm.click()
    batches = []
    while app.session.steps.frames:
        batch = [(frame_counts(f), f.text) for f in app.session.steps.frames]
        batches.append(batch)
        app.screen.all_button.click()
    final = [[p["stockpile"], p["bank"]] for p in app.session.game.observation(0)["players"]]
    return batches, final


def pick(page, field, card):
    """Click a card in the picker and wait until it shows as picked (the kernel answers
    the click, so a quick second click could still meet the old choices)."""
    page.locator(f".vg-pick-{field}.vg-val-{card.lower()}").click()
    expect(page.locator(f".vg-pick-{field}.vg-val-{card.lower()}.vg-selected")).to_be_visible()


def shown_counts(page, seat):
    village = page.locator(f".vg-board-html .vg-seat-{seat}")
    return (village.locator(".vg-stockpile"), village.locator(".vg-bank"))


def test_query_string_sets_up_the_table(page, voila_server, open_app):
    open_app(page, voila_server, NOTEBOOK, query=QUERY, ready=".vg-pick")
    expect(page.locator(".vg-board-html .vg-village")).to_have_count(3)
    expect(page.locator(".vg-players select")).to_have_value("3")
    expect(page.locator(".vg-seed input")).to_have_value("5")
    expect(page.locator(".vg-seat-name-1 input")).to_have_value("Ben")
    expect(page.locator(".vg-variant")).to_be_hidden()  # three players: one way to play
    expect(page.locator(".vg-prompt")).to_contain_text("Your turn")
    expect(page.locator(".vg-error")).to_be_hidden()


def test_plan_a_round_and_step_through_the_resolution(page, voila_server, open_app):
    batches, final = expected_steps()
    open_app(page, voila_server, NOTEBOOK, query=QUERY, ready=".vg-pick")
    stock0, bank0 = shown_counts(page, 0)
    expect(stock0).to_have_attribute("data-value", "1")
    expect(bank0).to_contain_text("1/5")

    pick(page, "left", LEFT)
    # the same card cannot go both ways: still shown on the right, but not clickable
    expect(page.locator(f".vg-pick-right.vg-val-{LEFT.lower()}")).to_be_disabled()
    expect(page.locator(".vg-confirm")).to_be_disabled()
    pick(page, "right", RIGHT)
    expect(page.locator(f".vg-pick-left.vg-val-{RIGHT.lower()}")).to_be_disabled()
    expect(page.locator(".vg-pick-summary")).to_contain_text(f"{LEFT}")
    expect(page.locator(".vg-confirm")).to_be_enabled()
    page.locator(".vg-confirm").click()

    step_text = page.locator(".vg-step-text")
    for batch in batches:
        for k, (counts, text) in enumerate(batch, start=1):
            expect(step_text).to_contain_text(f"Step {k} of {len(batch)}")
            expect(step_text).to_contain_text(text[:40])
            for seat, (stock, bank, _relics) in enumerate(counts):
                s, b = shown_counts(page, seat)
                expect(s).to_have_attribute("data-value", str(stock))
                expect(b).to_have_attribute("data-value", str(bank))
            if k == 1 and batch is batches[0]:  # the reveal: both planned cards face up
                mine = page.locator(".vg-board-html .vg-seat-0 .vg-plan")
                expect(mine.locator(f'[data-card="{LEFT}"]')).to_be_visible()
                expect(mine.locator(f'[data-card="{RIGHT}"]')).to_be_visible()
            page.locator(".vg-next-step").click()

    # back to planning, round 2, with the counts the engine gives
    expect(page.locator(".vg-prompt")).to_contain_text("Your turn")
    expect(page.locator(".vg-board-html .vg-round")).to_have_text("Round 2")
    for seat, (stock, bank) in enumerate(final):
        s, b = shown_counts(page, seat)
        expect(s).to_have_attribute("data-value", str(stock))
        expect(b).to_have_attribute("data-value", str(bank))
    # the Farmer's gain really changed Ana's turnips during the steps (Raiders may take it)
    assert any(counts[0][0] != 1 for batch in batches for counts, _ in batch)
    expect(page.locator(".vg-log")).to_contain_text("Ana's Farmer gains 3")
    expect(page.locator(".vg-error")).to_be_hidden()


def test_hot_seat_hides_the_table_until_the_next_person_is_ready(page, voila_server,
                                                                  open_app):
    open_app(page, voila_server, NOTEBOOK, query="seats=human,human&seed=3",
             ready=".vg-ready-button")
    expect(page.locator(".vg-handover")).to_contain_text("Pass to Ana")
    expect(page.locator(".vg-board-html")).to_be_hidden()
    page.locator(".vg-ready-button").click()
    expect(page.locator(".vg-board-html .vg-hand")).to_be_visible()
    pick(page, "front", "Farmer")
    page.locator(".vg-pick-front.vg-val-farmer").click()  # a second click unselects
    expect(page.locator(".vg-pick.vg-selected")).to_have_count(0)
    expect(page.locator(".vg-pick-back.vg-val-farmer")).to_be_enabled()
    pick(page, "front", "Farmer")
    pick(page, "back", "Wall")
    page.locator(".vg-confirm").click()
    expect(page.locator(".vg-undo")).to_be_enabled()  # Ana may still take it back
    page.locator(".vg-pass-button").click()
    expect(page.locator(".vg-handover")).to_contain_text("Pass to Ben")
    expect(page.locator(".vg-undo")).to_be_disabled()  # Ben may not
    expect(page.locator(".vg-board-html")).to_be_hidden()


def test_the_long_duel_variant_from_the_query_string(page, voila_server, open_app):
    open_app(page, voila_server, NOTEBOOK,
             query="players=2&seats=human,bot&seed=3&variant=long", ready=".vg-pick")
    board = page.locator(".vg-board-html")
    expect(board.locator(".vg-village")).to_have_count(2)
    expect(board).to_contain_text("bank cap 5")
    expect(board).to_contain_text("relics 8/9/10")
    expect(page.locator(".vg-variant select")).to_have_value(  # options carry the labels
        "Long duel (bank 5, relics 8/9/10)")
    expect(page.locator(".vg-variant")).to_be_visible()
    expect(page.locator(".vg-notice .vg-query-error")).to_have_count(0)
    expect(page.locator(".vg-error")).to_be_hidden()


def test_save_new_game_and_load_back_in_the_page(page, voila_server, open_app):
    open_app(page, voila_server, NOTEBOOK, query="players=2&seats=human,bot&seed=4",
             ready=".vg-pick")
    expect(page.locator(".vg-board-html .vg-village")).to_have_count(2)
    page.get_by_text("Save / load").click()
    page.locator(".vg-save").click()
    saved = page.locator(".vg-save-text textarea")
    expect(saved).to_have_value(re.compile(r'"village_pillage"'))
    text = saved.input_value()
    page.locator(".vg-players select").select_option("3")
    page.locator(".vg-new-game").click()
    expect(page.locator(".vg-board-html .vg-village")).to_have_count(3)
    page.locator(".vg-load-text textarea").fill(text)
    page.locator(".vg-load").click()
    expect(page.locator(".vg-board-html .vg-village")).to_have_count(2)
    expect(page.locator(".vg-error")).to_be_hidden()


def test_play_by_clicking_the_cards_on_the_table(page, voila_server, open_app):
    open_app(page, voila_server, NOTEBOOK, query=QUERY, ready=".vg-pick")
    hand = page.locator(".vg-board-html .vg-hand")
    expect(hand.locator(".vg-clickable")).to_have_count(4)  # every card in hand is a choice
    expect(page.locator(".vg-board-html .vg-market .vg-clickable")).to_have_count(0)
    hand.locator(f'[data-vg-value="{LEFT}"]').click()
    expect(page.locator(f".vg-pick-left.vg-val-{LEFT.lower()}.vg-selected")).to_be_visible()
    expect(hand.locator(f'[data-vg-value="{LEFT}"].vg-picked')).to_be_visible()
    hand.locator(f'[data-vg-value="{LEFT}"]').click()  # a second click takes it back
    expect(page.locator(".vg-pick.vg-selected")).to_have_count(0)
    expect(hand.locator(".vg-picked")).to_have_count(0)
    hand.locator(f'[data-vg-value="{LEFT}"]').click()
    expect(hand.locator(f'[data-vg-value="{LEFT}"].vg-picked')).to_be_visible()
    hand.locator(f'[data-vg-value="{RIGHT}"]').click()
    expect(page.locator(".vg-pick-summary")).to_contain_text(f"{LEFT}")
    expect(page.locator(".vg-confirm")).to_be_enabled()
    page.locator(".vg-confirm").click()
    expect(page.locator(".vg-step-bar")).to_contain_text("Step 1 of")
    expect(page.locator(".vg-error")).to_be_hidden()


def test_on_a_laptop_screen_the_turn_is_visible_and_playable_without_scrolling(
        page, voila_server, open_app):
    page.set_viewport_size({"width": 1366, "height": 768})
    open_app(page, voila_server, NOTEBOOK, query=QUERY, ready=".vg-pick")
    for selector in (".vg-prompt .vg-turn-badge", ".vg-turn-confirm",
                     f'.vg-board-html .vg-hand [data-vg-value="{LEFT}"]'):
        box = page.locator(selector).bounding_box()
        assert box is not None and box["y"] + box["height"] <= 768, selector
    assert page.evaluate("document.documentElement.scrollWidth") <= 1366
    hand = page.locator(".vg-board-html .vg-hand")
    hand.locator(f'[data-vg-value="{LEFT}"]').click()
    expect(hand.locator(f'[data-vg-value="{LEFT}"].vg-picked')).to_be_visible()
    hand.locator(f'[data-vg-value="{RIGHT}"]').click()
    expect(page.locator(".vg-turn-confirm")).to_be_enabled()
    page.locator(".vg-turn-confirm").click()
    expect(page.locator(".vg-step-bar")).to_contain_text("Step 1 of")
    assert page.evaluate("window.scrollY") == 0  # nothing needed a scroll
