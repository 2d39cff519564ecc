"""Replay a recorded Village Pillage game in the served notebook, in Chromium.

The page is opened with a `?record=` link (the query reaches Voila's pre-heated kernel
only through `wait_for_request`); stepping, jumping a round and changing the view must
show what the engine's own timeline for the same record says.
"""

import re

from playwright.sync_api import expect

from village_games import village_pillage
from village_games.bots import PillageBot
from village_games.core import play
from widgets.table.replay_link import LINK_LIMIT, replay_query

NOTEBOOK = "village_pillage_replay.ipynb"


def finished_record() -> dict:
    g = village_pillage.new_game(players=3, seed=7, names=["Ana", "Ben", "Cy"])
    return play(g, [PillageBot(seed=s) for s in range(3)]).record()


def expect_counts(page, obs) -> None:
    for seat, p in enumerate(obs["players"]):
        village = page.locator(f".vg-rp-board .vg-seat-{seat}")
        expect(village.locator(".vg-stockpile")).to_have_attribute("data-value",
                                                                   str(p["stockpile"]))
        expect(village.locator(".vg-bank")).to_have_attribute("data-value", str(p["bank"]))


def test_a_record_link_opens_the_replay_and_steps_through_it(page, voila_server, open_app):
    record = finished_record()
    ben = village_pillage.timeline(record, viewer=1)
    open_app(page, voila_server, NOTEBOOK, query=replay_query(record, 1)[1:],
             ready=".vg-rp-board .vg-village")
    count = page.locator(".vg-rp-count")
    expect(count).to_have_text(f"Round 1, step 1 of {len(ben.round_steps(1))}")
    expect(page.locator(".vg-rp-view select")).to_have_value("Ben (seat 2)")
    expect(page.locator(".vg-rp-board .vg-seat-1.vg-viewer .vg-hand")).to_be_visible()
    expect(page.locator(".vg-rp-board .vg-open-hand")).to_have_count(0)

    for k in (1, 2):
        page.locator(".vg-rp-next").click()
        expect(count).to_have_text(f"Round 1, step {k + 1} of {len(ben.round_steps(1))}")
        expect(page.locator(".vg-rp-text")).to_have_text(ben.text(k))
        expect_counts(page, ben.steps[k].obs)

    page.locator(".vg-rp-round-next").click()
    round2 = ben.round_steps(2)[0]
    expect(count).to_have_text(f"Round 2, step 1 of {len(ben.round_steps(2))}")
    expect_counts(page, ben.steps[round2].obs)
    expect(page.locator(".vg-rp-log .vg-log-now")).to_have_text("Refresh: round 2 begins.")
    expect(page.locator(".vg-rp-log")).to_contain_text("Ben places")
    expect(page.locator(".vg-rp-log")).not_to_contain_text("Ana places")

    page.locator(".vg-rp-view select").select_option(label="All cards (the game is over)")
    expect(page.locator(".vg-rp-board .vg-open-hand")).to_have_count(3)
    expect(count).to_have_text(f"Round 2, step 1 of {len(ben.round_steps(2))}")
    expect(page.locator(".vg-rp-log")).to_contain_text("Ana places")
    share = page.locator(".vg-rp-share .vg-share-query")
    expect(share).to_have_value(re.compile(rf"^{NOTEBOOK}\?record=[\w-]+&view=all&step="
                                           rf"{round2 + 1}$"))
    page.locator(".vg-rp-last").click()
    expect(page.locator(".vg-rp-text")).to_contain_text("wins")
    expect(page.locator(".vg-rp-board .vg-winner-banner")).to_be_visible()
    expect(page.locator(".vg-error")).to_be_hidden()


def test_a_cut_short_record_link_gets_a_notice_and_the_page_still_works(page, voila_server,
                                                                          open_app):
    token = replay_query(finished_record())[len("?record="):]
    open_app(page, voila_server, NOTEBOOK, query=f"record={token[:80]}", ready=".vg-rp-empty")
    expect(page.locator(".vg-notice .vg-query-error")).to_contain_text("cut short")
    page.locator(".vg-rp-bots").click()
    expect(page.locator(".vg-rp-board .vg-village")).to_have_count(3)
    expect(page.locator(".vg-rp-count")).to_contain_text("Round 1, step 1 of")
    expect(page.locator(".vg-error")).to_be_hidden()


def test_the_server_answers_a_link_as_long_as_the_apps_ever_make(page, voila_server,
                                                                  open_app):
    """Links longer than LINK_LIMIT are never offered (a record file instead): the server
    drops an address past about 64 KB. One of exactly that length still opens the game."""
    query = replay_query(finished_record())[1:]
    pad = LINK_LIMIT - len(NOTEBOOK) - len(query) - len("?&pad=")
    open_app(page, voila_server, NOTEBOOK, query=f"{query}&pad={'x' * pad}",
             ready=".vg-rp-board")
    assert len(NOTEBOOK + "?" + query + "&pad=" + "x" * pad) == LINK_LIMIT
    expect(page.locator(".vg-rp-board .vg-seat-0")).to_be_visible()
