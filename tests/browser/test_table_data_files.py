"""A data file chosen in the browser: choosing 1 player offers the Villagers solo events
section; it takes an event file of the user's (the note names it and the share area says a
link cannot carry it), and refuses a broken one beside the buttons, naming the event and
the field."""

import os
import re
from pathlib import Path

from playwright.sync_api import expect

from village_games.villagers.solo.events import EVENT_FILE
from widgets.villagers.adapter import make_app as villagers_app

SHOTS = Path(os.environ.get("VG_SHOTS", "/tmp/villagers_shots"))


def test_an_event_file_is_taken_and_a_broken_one_refused(page, voila_server, open_app):
    open_app(page, voila_server, "villagers_play.ipynb",
             query="players=3&seats=human,bot,bot&seed=2", ready=".vg-pick")
    expect(page.get_by_text("Deck", exact=True)).to_be_visible()
    expect(page.get_by_text("Solo events", exact=True)).to_have_count(0)
    page.locator(".vg-players select").select_option("1")  # the section comes with solo
    page.get_by_text("Solo events", exact=True).click()
    note = page.locator(".vg-events-note")
    expect(note).to_contain_text("Playing with the rulebook's events.")
    button = page.locator(".vg-events-upload")

    def choose(name: str, text: str) -> None:
        with page.expect_file_chooser() as chosen:  # the upload's input is not on the page
            button.click()
        chosen.value.set_files({"name": name, "mimeType": "text/plain",
                                "buffer": text.encode()})

    good = EVENT_FILE.read_text(encoding="utf-8").replace('name = "Betrayer"',
                                                          'name = "Turncoat"', 1)
    choose("my_events.toml", good)
    expect(note).to_contain_text("Playing with your file my_events.toml")
    expect(note).to_contain_text("A new game has begun with my_events.toml")
    expect(page.locator(".vg-share")).to_contain_text("a link cannot carry that")
    bad = good.replace('effect = "steal_top"', 'effect = "plague"', 1)
    choose("broken.toml", bad)
    expect(note.locator(".vg-load-refused")).to_contain_text(
        "broken.toml event 'Turncoat': field 'effect'")
    expect(note).to_contain_text("Playing with your file my_events.toml")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.locator(".vg-tools").screenshot(path=str(SHOTS / "solo_event_file.png"))
    expect(page.locator(".vg-error")).to_be_hidden()


def choose_file(page, button, name: str | Path, content: bytes | None = None) -> None:
    """Choose a file in an upload button (its input is not on the page): a small one
    given as `content`, or the file on disk at `name` (a big one: Playwright sends a
    buffer's 30 MB to the browser through its own connection, which timed out on a
    loaded machine; a file on disk the browser reads itself)."""
    with page.expect_file_chooser() as chosen:
        button.click()
    if content is None:
        chosen.value.set_files(name)
    else:
        chosen.value.set_files({"name": str(name), "mimeType": "text/plain",
                                "buffer": content})


def test_a_file_over_the_limit_or_empty_is_refused_and_the_page_keeps_working(
        page, voila_server, open_app, tmp_path):
    """A 30 MB file is bigger than the server takes in one message (10 MiB): it used to
    drop the page's kernel connection without a word. The browser keeps it back now, and
    the note names the file, its size and the limit; the game and the page carry on."""
    open_app(page, voila_server, "villagers_play.ipynb",
             query="players=3&seats=human,bot,bot&seed=2", ready=".vg-pick")
    page.get_by_text("Deck", exact=True).click()
    note = page.locator(".vg-deck-note")
    log, board = page.locator(".vg-log"), page.locator(".vg-board-html")
    before = (log.inner_text(), board.inner_html())
    big, blank, huge = tmp_path / "big.toml", tmp_path / "blank.toml", tmp_path / "huge.json"
    big.write_bytes(b"# x\n" * 7_550_000)
    blank.write_bytes(b"")
    huge.write_bytes(b" " * 30_200_000)
    choose_file(page, page.locator(".vg-deck-upload"), big)
    expect(note.locator(".vg-load-refused")).to_contain_text(
        "big.toml is 30.2 MB; a deck file may be at most 1 MB")
    expect(note).to_contain_text("Playing with the game's own cards.")
    choose_file(page, page.locator(".vg-deck-upload"), blank)
    expect(note.locator(".vg-load-refused")).to_contain_text("blank.toml is empty")
    # the save file's button has its own, larger limit, and the page still answers
    page.get_by_text("Save / load", exact=True).click()
    choose_file(page, page.locator(".vg-load-upload"), huge)
    expect(page.locator(".vg-load-note")).to_contain_text(
        "Not loaded: huge.json is 30.2 MB; a save file may be at most 8 MB")
    assert (log.inner_text(), board.inner_html()) == before
    expect(page.locator(".vg-players select")).to_have_value("3")
    expect(page.locator(".vg-error")).to_be_hidden()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.locator(".vg-tools").screenshot(path=str(SHOTS / "file_too_big.png"))



def test_a_paste_over_the_limit_is_refused_and_a_save_pasted_next_still_loads(
        page, voila_server, open_app):
    """A 12 MB paste into the save box used to go to the kernel in one message and drop
    the page's connection. The box keeps it back now and the note says why."""
    open_app(page, voila_server, "villagers_play.ipynb",
             query="players=3&seats=human,bot,bot&seed=2", ready=".vg-pick")
    page.get_by_text("Save / load", exact=True).click()
    page.locator(".vg-save").click()
    saved = page.locator(".vg-save-text textarea")
    expect(saved).not_to_have_value("")
    text = saved.input_value()
    box = page.locator(".vg-load-text textarea")
    box.fill("x" * 12_300_000)
    note = page.locator(".vg-load-note")
    expect(note).to_contain_text(
        "Not loaded: the pasted text is 12.3 MB; a saved game may be at most 8 MB")
    expect(box).to_have_value("")  # kept back: nothing half-sent
    box.fill(text)
    page.locator(".vg-load").click()
    expect(note).to_contain_text("Loaded: Villagers, 3 players, seed 2")
    expect(page.locator(".vg-error")).to_be_hidden()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.locator(".vg-tools").screenshot(path=str(SHOTS / "paste_too_big.png"))

LANDS = """[meta]
stand_in = false

[[location]]
name = "Misty Hills"
effect = "draws"
count = 3
help = "Everyone draws 3 cards at the start of a turn."

[[location]]
name = "Quiet Sea"
effect = "ties"
to = "defender"
help = "A battle of equal power goes to the defender."
"""


def test_a_location_file_is_taken_in_the_villages_play_app(page, voila_server, open_app):
    open_app(page, voila_server, "villages_play.ipynb",
             query="players=2&seats=human,bot&seed=4&variant=locations", ready=".vg-pick")
    board = page.locator(".vg-board-html")
    expect(board.locator(".vg-vl-location")).to_contain_text("stand-in location")
    page.locator(".vg-tools").get_by_text("Locations", exact=True).click()
    note = page.locator(".vg-locations-note")
    expect(note).to_contain_text("Playing with this project's stand-in Location cards.")
    choose_file(page, page.locator(".vg-locations-upload"), "lands.toml", LANDS.encode())
    expect(note).to_contain_text("Playing with your file lands.toml")
    expect(note).to_contain_text("A new game has begun with lands.toml")
    location = board.locator(".vg-vl-location")
    expect(location).to_contain_text(re.compile("Misty Hills|Quiet Sea"))
    expect(location).not_to_contain_text("stand-in location")
    expect(page.locator(".vg-share")).to_contain_text("a link cannot carry that")
    page.locator(".vg-locations-reset").click()
    expect(note).to_contain_text("Playing with this project's stand-in Location cards.")
    expect(board.locator(".vg-vl-location")).to_contain_text("stand-in location")
    expect(page.locator(".vg-error")).to_be_hidden()


def test_a_refusal_goes_once_a_later_upload_succeeds(page, voila_server, open_app):
    """A refused save said "Not loaded" beside the Load button, and kept saying it after a
    deck upload had started a new game; a refused deck kept its "Not used" after a save
    loaded. A success now clears the old refusal."""
    open_app(page, voila_server, "villagers_play.ipynb",
             query="players=3&seats=human,bot,bot&seed=2", ready=".vg-pick")
    page.get_by_text("Save / load", exact=True).click()
    load_note = page.locator(".vg-load-note")
    choose_file(page, page.locator(".vg-load-upload"), "broken.json", b"{not json")
    expect(load_note).to_contain_text("Not loaded")
    page.get_by_text("Deck", exact=True).click()
    deck = Path(__file__).resolve().parents[2] / "village_games" / "villagers" / "cards.toml"
    choose_file(page, page.locator(".vg-deck-upload"), "house.toml", deck.read_bytes())
    deck_note = page.locator(".vg-deck-note")
    expect(deck_note).to_contain_text("A new game has begun with house.toml")
    expect(load_note).not_to_contain_text("Not loaded")
    choose_file(page, page.locator(".vg-deck-upload"), "broken.toml", b"[[card]\n")
    expect(deck_note.locator(".vg-load-refused")).to_contain_text("broken.toml")
    saved = villagers_app({"players": "3", "seats": "human,bot,bot", "seed": "5"}).save_json()
    page.get_by_text("Save / load", exact=True).click()
    choose_file(page, page.locator(".vg-load-upload"), "game.json", saved.encode())
    expect(load_note).to_contain_text("Loaded")
    expect(deck_note.locator(".vg-load-refused")).to_have_count(0)
    page.set_viewport_size({"width": 1366, "height": 768})
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.locator(".vg-tools").screenshot(path=str(SHOTS / "refusal_cleared.png"))
    expect(page.locator(".vg-error")).to_be_hidden()
