"""A data file chosen in the browser: choosing 1 player offers the Villagers solo events
section; it takes an event file of the user's (the note names it and the share area says a
link cannot carry it), and refuses a broken one beside the buttons, naming the event and
the field."""

import os
from pathlib import Path

from playwright.sync_api import expect

from village_games.villagers.solo.events import EVENT_FILE

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
