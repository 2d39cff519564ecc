"""A play page on a server that keeps no tables (VILLAGE_GAMES_STORE=none), as a static
site's page runs: it says the game stays in this tab, offers no seat on another device,
plays, keeps its own address (no table in it), and a reload starts a new game."""

from __future__ import annotations

import shutil

import pytest
from playwright.sync_api import expect

from harness.voila import ROOT, running_voila
from village_games.tables import STORE_ENV

NOTEBOOK = "village_pillage_play.ipynb"
QUERY = "players=3&seats=human,bot,bot&seed=5"


@pytest.fixture(scope="module")
def no_store_server(tmp_path_factory):
    root = tmp_path_factory.mktemp("no-store")
    shutil.copy(ROOT / "notebooks" / NOTEBOOK, root)
    log = tmp_path_factory.mktemp("no-store-log") / "server.log"
    with running_voila(root, log, env={STORE_ENV: "none"}) as url:
        yield url


def test_a_page_without_a_store_keeps_its_game_in_the_tab(page, no_store_server, open_app):
    open_app(page, no_store_server, NOTEBOOK, query=QUERY, ready=".vg-pick")
    note = page.locator(".vg-in-this-tab")
    expect(note).to_contain_text("This game stays in this tab")
    expect(note).to_contain_text("reloading the page starts a new game")
    expect(page.locator(".vg-seats button", has_text="Person")).to_have_count(3)
    expect(page.locator(".vg-seats button", has_text="Remote")).to_have_count(0)
    for side, card in (("left", "farmer"), ("right", "raider")):
        page.locator(f".vg-pick-{side}.vg-val-{card}").click()
        expect(page.locator(f".vg-pick-{side}.vg-val-{card}.vg-selected")).to_be_visible()
    page.locator(".vg-confirm").click()
    expect(page.locator(".vg-step-text")).to_contain_text("Step 1 of")  # the round resolves
    expect(page.locator(".vg-error")).to_be_hidden()
    assert "table=" not in page.url and "seed=5" in page.url

    page.reload()
    page.locator(".vg-pick").first.wait_for(state="visible")
    expect(page.locator(".vg-board-html .vg-round")).to_have_text("Round 1")
    expect(page.locator(".vg-step-text")).to_be_hidden()
    expect(page.locator(".vg-in-this-tab")).to_be_visible()
