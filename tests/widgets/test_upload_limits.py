"""Files over the upload limits, or empty, are refused with a message that names the file,
its size and the limit, and nothing changes: not the game, not the files in use, not the
replay on screen. The browser keeps back the content of a file over the limit (the server
would drop the page's connection on a message over 10 MiB) and sends its size alone;
these tests play the browser's part by setting the upload's value as its front end does."""

from __future__ import annotations

import html
import json

import pytest

from widgets.kit.upload import (
    DATA_FILE_LIMIT,
    SAVE_FILE_LIMIT,
    SizedUpload,
    check_upload,
    size_text,
)
from widgets.village_pillage.adapter import make_app as pillage_table
from widgets.village_pillage.replay_app import make_app as pillage_replay
from widgets.villagers.adapter import make_app as villagers_app
from widgets.villages.adapter import make_app as villages_app

SOLO = {"players": "1", "seats": "human", "seed": "3"}
WITH_LOCATIONS = {"players": "2", "seats": "human,bot", "seed": "4", "variant": "locations"}
LANDS = ('[meta]\nstand_in = false\n'
         '[[location]]\nname = "Hills"\neffect = "draws"\ncount = 3\n'
         '[[location]]\nname = "Sea"\neffect = "ties"\nto = "defender"\n')


def choose(upload: SizedUpload, name: str, content: bytes, size: int | None = None) -> None:
    """A file chosen in the browser: `size` alone (no content) for one over the limit."""
    upload.set_state({"value": [{"name": name, "type": "", "last_modified": 0,
                                 "size": len(content) if size is None else size,
                                 "content": content}]})


def state(app) -> str:
    return json.dumps(app.session.game.to_dict(), sort_keys=True)


def text_of(widget) -> str:
    return html.unescape(widget.value)


# ---------------------------------------------------------------- the limits themselves
def test_sizes_are_said_as_people_say_them() -> None:
    assert size_text(30_200_000) == "30.2 MB"
    assert size_text(1_000_000) == "1 MB"
    assert size_text(2_048) == "2 KB"
    assert size_text(12) == "12 bytes"


def test_the_limits_leave_room_for_real_files_and_stay_under_the_servers_10_mib() -> None:
    assert 100_000 <= DATA_FILE_LIMIT < SAVE_FILE_LIMIT < 10 * 1024 * 1024 - 100_000


def test_the_check_names_the_file_its_size_and_the_limit() -> None:
    with pytest.raises(ValueError, match=r"^big.toml is 30.2 MB; a deck file may be at most "
                                         r"1 MB$"):
        check_upload({"name": "big.toml", "size": 30_200_000, "content": b""},
                     DATA_FILE_LIMIT, "a deck file")
    with pytest.raises(ValueError, match="^blank.toml is empty$"):
        check_upload({"name": "blank.toml", "size": 3, "content": b" \n "}, DATA_FILE_LIMIT,
                     "a deck file")
    fits = b"x" * DATA_FILE_LIMIT
    assert check_upload({"name": "full.toml", "size": len(fits), "content": fits},
                        DATA_FILE_LIMIT, "a deck file") == ("full.toml", fits)


def test_every_upload_button_tells_the_browser_its_limit() -> None:
    table = villagers_app(SOLO)
    assert {c.upload.max_bytes for c in table.tools.files.values()} == {DATA_FILE_LIMIT}
    assert table.tools.load_upload.max_bytes == SAVE_FILE_LIMIT
    assert pillage_replay({}).opener.upload.max_bytes == SAVE_FILE_LIMIT


# ---------------------------------------------------------------- data files
def test_a_deck_file_over_the_limit_is_refused_by_size_and_changes_nothing() -> None:
    app = pillage_table({"players": "3", "seats": "human,bot,bot", "seed": "2"})
    before, game = state(app), app.session.game
    choose(app.tools.deck.upload, "big.toml", b"# a comment\n" * 100_000)  # 1.2 MB, sent whole
    note = text_of(app.tools.deck.note)
    assert "Not used: big.toml is 1.2 MB; a deck file may be at most 1 MB." in note
    assert "Nothing has changed" in note
    assert app.session.game is game and state(app) == before and app.banner.value == ""


def test_a_file_the_browser_kept_back_for_its_size_is_refused_by_name_and_size() -> None:
    app = villagers_app(SOLO)
    events = app.tools.files["events"]
    before, game = state(app), app.session.game
    choose(events.upload, "huge.toml", b"", size=30_200_000)
    assert ("Not used: huge.toml is 30.2 MB; a solo events file may be at most 1 MB."
            in text_of(events.note))
    assert app.session.game is game and state(app) == before and events.data is None
    assert events.upload.value == []  # ready for the next file, the same one too


def test_an_oversized_or_empty_location_file_leaves_the_users_file_in_use() -> None:
    app = villages_app(WITH_LOCATIONS)
    lands = app.tools.files["locations"]
    choose(lands.upload, "lands.toml", LANDS.encode())
    before, game = state(app), app.session.game
    choose(lands.upload, "huge.toml", b"", size=2_000_000)
    assert "huge.toml is 2 MB; a locations file may be at most 1 MB" in text_of(lands.note)
    choose(lands.upload, "blank.toml", b"")
    assert "Not used: blank.toml is empty." in text_of(lands.note)
    assert app.session.game is game and state(app) == before
    assert lands.data["name"] == "lands.toml" and "lands.toml" in lands.note.value


# ---------------------------------------------------------------- saves and records
def test_a_save_file_over_the_limit_is_refused_and_the_game_stays() -> None:
    app = pillage_table({"players": "3", "seats": "human,bot,bot", "seed": "2"})
    before, game = state(app), app.session.game
    choose(app.tools.load_upload, "huge.json", b"", size=30_200_000)
    assert text_of(app.tools.load_note).endswith(
        "Not loaded: huge.json is 30.2 MB; a save file may be at most 8 MB</div>")
    choose(app.tools.load_upload, "blank.json", b"")
    assert "Not loaded: blank.json is empty" in text_of(app.tools.load_note)
    assert app.session.game is game and state(app) == before and app.banner.value == ""
    assert app.tools.load_upload.value == []


def test_a_save_just_within_the_limit_is_read_not_refused_for_its_size() -> None:
    app = pillage_table({"players": "3", "seats": "human,bot,bot", "seed": "2"})
    saved = app.save_json()
    padded = saved + " " * (SAVE_FILE_LIMIT - len(saved))  # JSON may end in spaces
    choose(app.tools.load_upload, "long.json", padded.encode())
    assert "Loaded: Village Pillage, 3 players, seed 2" in text_of(app.tools.load_note)


def test_a_record_file_over_the_limit_is_refused_and_the_replay_stays() -> None:
    app = pillage_replay({})
    table = pillage_table({"players": "3", "seats": "bot,bot,bot", "seed": "4"},
                          step_by_step=False)
    choose(app.opener.upload, "game.json", table.save_json().encode())
    before = (app.timeline, app.index, app.parts)
    choose(app.opener.upload, "huge.json", b"", size=30_200_000)
    assert ("Not opened: huge.json is 30.2 MB; a game record may be at most 8 MB"
            in text_of(app.opener.load_note))
    choose(app.opener.upload, "blank.json", b"")
    assert "Not opened: blank.json is empty" in text_of(app.opener.load_note)
    assert (app.timeline, app.index, app.parts) == before and app.banner.value == ""


# ---------------------------------------------------------------- pasted text
def paste_kept_back(box, size: int) -> None:
    """A paste over the limit, as the browser reports it: an emptied box and the size."""
    box.set_state({"value": "", "refused": size})


def test_a_paste_over_the_limit_is_refused_by_size_and_the_game_stays() -> None:
    app = pillage_table({"players": "3", "seats": "human,bot,bot", "seed": "2"})
    before, game = state(app), app.session.game
    assert app.tools.load_text.max_bytes == SAVE_FILE_LIMIT
    paste_kept_back(app.tools.load_text, 12_300_000)
    assert text_of(app.tools.load_note).endswith(
        "Not loaded: the pasted text is 12.3 MB; a saved game may be at most 8 MB</div>")
    assert app.tools.load_text.refused == 0  # ready to say it again for the next such paste
    assert app.session.game is game and state(app) == before


def test_the_kernel_checks_a_pasted_save_too_whatever_the_browser_sent() -> None:
    app = pillage_table({"players": "3", "seats": "human,bot,bot", "seed": "2"})
    before = state(app)
    app.tools.load_text.value = "é" * (SAVE_FILE_LIMIT // 2 + 1)  # 2 bytes a character in UTF-8
    app.tools.load_button.click()
    assert "Not loaded: the pasted text is 8 MB; a saved game may be at most 8 MB" in text_of(
        app.tools.load_note)
    assert state(app) == before


def test_a_pasted_save_within_the_limit_still_loads() -> None:
    app = pillage_table({"players": "3", "seats": "human,bot,bot", "seed": "2"})
    other = pillage_table({"players": "4", "seats": "human,bot,bot,bot", "seed": "5"})
    app._on_save()
    other.tools.load_text.value = app.tools.save_text.value
    other.tools.load_button.click()
    assert "Loaded: Village Pillage, 3 players, seed 2" in text_of(other.tools.load_note)
    assert app.tools.save_text.read_only and not other.tools.load_text.read_only


def test_a_record_pasted_over_the_limit_is_refused_and_the_replay_stays() -> None:
    app = pillage_replay({})
    table = pillage_table({"players": "3", "seats": "bot,bot,bot", "seed": "4"},
                          step_by_step=False)
    app.opener.paste.value = table.save_json()
    app.opener.open_button.click()
    before = (app.timeline, app.index, app.parts)
    paste_kept_back(app.opener.paste, 30_200_000)
    assert ("Not opened: the pasted text is 30.2 MB; a game record may be at most 8 MB"
            in text_of(app.opener.load_note))
    app.opener.paste.value = " " * (SAVE_FILE_LIMIT + 1)
    app.opener.open_button.click()
    assert "a game record may be at most 8 MB" in text_of(app.opener.load_note)
    assert (app.timeline, app.index, app.parts) == before
