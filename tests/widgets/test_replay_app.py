"""The replay app, driven from Python: open a record, step through it, change the seat,
share it as a link or a file, and refuse bad links and files without losing the replay."""

import base64
import html
import json
import re
import zlib
from urllib.parse import parse_qsl, urlsplit

import pytest

from village_games import village_pillage
from village_games.bots import PillageBot
from village_games.core import play
from widgets.table.replay_link import replay_query
from widgets.village_pillage.adapter import make_app as make_table
from widgets.village_pillage.render import render_table
from widgets.village_pillage.replay_app import NOTEBOOK, make_app, replay_app


def finished_record(players: int = 3, seed: int = 7) -> dict:
    g = village_pillage.new_game(players=players, seed=seed,
                                 names=["Ana", "Ben", "Cy", "Dee", "Eli"][:players])
    play(g, [PillageBot(seed=s) for s in range(players)])
    return json.loads(json.dumps(g.record()))


RECORD = finished_record()


def running_record(actions: int = 30) -> dict:
    return {**RECORD, "actions": RECORD["actions"][:actions]}


def link_params(query: str) -> dict[str, str]:
    """The parameters of a share query or of a link's href ('...ipynb?record=...')."""
    return dict(parse_qsl(urlsplit(html.unescape(query)).query or query.lstrip("?")))


def opened(record: dict = RECORD, **extra: str):
    app = make_app(link_params(replay_query(record)) | extra)
    assert app.banner.value == "" and app.notice.value == ""
    return app


def notice(app) -> str:
    return html.unescape(app.notice.value)


def count(app) -> str:
    return re.sub(r"<[^>]+>", " ", app.parts["count"]).split()


# ---------------------------------------------------------------- opening and stepping
def test_a_record_link_opens_the_finished_game_with_every_card_at_its_first_step():
    app = opened()
    assert app.index == 0 and app.timeline.viewer == "all"
    assert app.view_box.value == "all" and "All cards" in app.view_box.label
    assert [key for _, key in app.view_box.options] == ["1", "2", "3", "table", "all"]
    assert " ".join(count(app)).startswith("Round 1, step 1 of")
    assert "A 3-player game begins" in app.parts["text"]
    assert "Game over" in app.summary.value and "Ana, Ben, Cy" in app.summary.value
    assert app.back_button.disabled and app.first_button.disabled
    assert not app.next_button.disabled
    assert app.slider.max == len(app.timeline) and app.slider.value == 1


def test_step_and_round_buttons_walk_the_engines_steps():
    app = opened()
    tl = app.timeline
    app.next_button.click()
    app.next_button.click()
    assert app.index == 2 and app.slider.value == 3
    step = tl.steps[2]
    assert app.parts["board"] == render_table(step.obs, tl.game.cards,
                                              highlight=app._highlight())
    app.round_next.click()
    assert tl.steps[app.index].round == 2 and tl.steps[app.index - 1].round == 1
    assert " ".join(count(app)).startswith("Round 2, step 1 of")
    app.next_button.click()
    app.round_back.click()  # back to the start of this round...
    assert tl.steps[app.index].round == 2 and tl.steps[app.index - 1].round == 1
    app.round_back.click()  # ...and from there to the round before
    assert app.index == 0
    app.last_button.click()
    assert app.index == len(tl) - 1 and app.next_button.disabled and app.round_next.disabled
    assert app.next_button.button_style == ""  # no longer the highlighted way on
    assert "wins" in app.parts["text"]
    app.back_button.click()
    assert app.index == len(tl) - 2 and app.next_button.button_style == "primary"
    app.first_button.click()
    assert app.index == 0
    app.slider.value = 40  # dragging the slider goes to that step
    assert app.index == 39 and "step 40 of" in app.parts["count"]
    with pytest.raises(ValueError, match="there is no step"):
        app.go(len(tl))


def test_the_acting_card_and_the_changed_villages_are_marked():
    app = opened()
    tl = app.timeline
    steal = next(i for i, s in enumerate(tl.steps)
                 if s.event.kind == "steal" and s.event.data["delta"][0][1] > 0)
    app.go(steal)
    assert "vg-acting" in app.parts["board"]
    thief = tl.steps[steal].event.data["thief"]
    assert thief in app._highlight()
    assert re.search(rf'class="[^"]*vg-seat-{thief}[^"]*vg-highlight', app.parts["board"])


def test_the_log_grows_step_by_step_grouped_by_round_with_the_newest_line_marked():
    app = opened()
    app.round_next.click()
    log = app.parts["log"]
    assert "Round 1</div>" in log and "Round 2</div>" in log
    assert log.count("vg-log-now") == 1 and "Refresh: round 2 begins" in log
    app.first_button.click()
    assert "Round 2</div>" not in app.parts["log"]


def test_changing_the_seat_keeps_the_step_and_shows_only_that_seats_cards():
    app = opened()
    app.go(30)
    app.view_box.value = "2"
    assert app.banner.value == "" and app.timeline.viewer == 1 and app.index == 30
    board = app.parts["board"]
    assert "Your hand" in board and "vg-open-hand" not in board
    assert 'vg-seat-1 vg-cell-b vg-viewer' in board
    full_log = " ".join(line.text for line in app.timeline.log(len(app.timeline) - 1))
    assert "Ben places" in full_log and "Ana places" not in full_log
    app.view_box.value = "table"
    assert "Your hand" not in app.parts["board"] and "vg-open-hand" not in app.parts["board"]
    app.view_box.value = "all"
    assert app.parts["board"].count("vg-open-hand") == 3
    app.set_view("1")
    assert app.view_box.value == "1" and app.timeline.viewer == 0


def test_a_running_game_offers_no_all_cards_view():
    app = opened(running_record())
    assert app.timeline.viewer is None  # the table's public view by default
    assert "all" not in [key for _, key in app.view_box.options]
    assert "Still running" in app.summary.value
    with pytest.raises(ValueError, match="only once the game is over"):
        app.set_view("all")
    linked = make_app(link_params(replay_query(running_record(), "all")))
    assert "only once the game is over" in linked.notice.value
    assert linked.timeline.viewer is None and linked.banner.value == ""


# ---------------------------------------------------------------- sharing
def test_the_share_link_opens_the_same_replay_at_the_same_step_and_seat():
    app = opened()
    app.view_box.value = "3"
    app.go(57)
    query = app.share_query()
    assert html.escape(NOTEBOOK + query) in app.share.value
    again = make_app(link_params(query))
    assert again.notice.value == ""
    assert again.index == 57 and again.timeline.viewer == 2
    assert again.timeline.record == RECORD and again.parts == app.parts


def test_the_record_file_download_holds_the_record():
    app = opened()
    href = re.search(r'href="data:application/json;base64,([^"]+)"', app.download.value)
    assert json.loads(base64.b64decode(href.group(1))) == RECORD
    assert 'download="village_pillage_seed7_' in app.download.value


@pytest.mark.parametrize("params, words", [
    ({"record": replay_query(RECORD)[8:60]}, ["cut short"]),
    ({"record": "x" * 500}, ["'xxxxxxxxxx", "…'", "damaged"]),
    ({"record": replay_query({**RECORD, "game": "villages"})[8:]}, ["'villages'"]),
    ({"view": "2"}, ["needs a record"]),
    ({"record": base64.urlsafe_b64encode(zlib.compress(b"[" * 100_000 + b"]" * 100_000, 9))
      .decode().rstrip("=")}, ["nested far too deeply"]),
])
def test_a_bad_record_link_gets_a_notice_and_the_page_still_works(params, words):
    app = make_app(params)
    for word in words:
        assert word in notice(app)
    assert "x" * 60 not in notice(app)  # a long bad value is echoed cut short
    assert app.timeline is None and "No game to replay yet" in app.view.value
    assert app.next_button.disabled and app.banner.value == ""
    app.opener.bots_button.click()  # the page still works
    assert app.timeline is not None and app.banner.value == ""


@pytest.mark.parametrize("extra, words", [
    ({"view": "7"}, ["view must be a seat number from 1 to 3", "'7'"]),
    ({"step": "100000"}, ["step must be a whole number from 1 to"]),
    ({"step": "two"}, ["'two'"]),
])
def test_bad_view_or_step_in_a_link_falls_back_with_a_notice(extra, words):
    app = make_app(link_params(replay_query(RECORD)) | extra)
    for word in words:
        assert word in notice(app)
    assert app.timeline is not None and app.index == 0 and app.timeline.viewer == "all"


# ---------------------------------------------------------------- files and pasting
def upload(app, name: str, content: bytes) -> None:
    app.opener.upload.set_state({"value": [{"name": name, "type": "", "size": len(content),
                                     "last_modified": 0, "content": content}]})


def test_a_record_file_or_pasted_text_opens():
    app = make_app({})
    upload(app, "game.json", json.dumps(RECORD).encode())
    assert "Opened: 64 moves, a finished game" in app.opener.load_note.value
    assert app.timeline.record == RECORD
    other = finished_record(players=2, seed=3)
    app.opener.paste.value = json.dumps(other)
    app.opener.open_button.click()
    assert app.timeline.record == other and app.banner.value == ""


def test_a_save_from_the_play_app_opens_as_its_record():
    table = make_table({"players": "3", "seats": "human,bot,bot", "seed": "5"})
    table.screen.picker.button("left", "Farmer").click()
    table.screen.picker.button("right", "Raider").click()
    table.screen.picker.confirm.click()
    app = make_app({})
    upload(app, "save.json", table.save_json().encode())
    assert app.opener.load_note.value.count("Opened") == 1
    assert app.timeline.record["actions"] == table.session.game.record()["actions"]
    assert app.timeline.steps[-1].obs == table.session.game.observation(None)


@pytest.mark.parametrize("name, content, words", [
    ("photo.json", b"\xff\xfe\x00", "photo.json is not a text file"),
    ("blank.json", b"  ", "blank.json is empty"),
    ("bad.json", b"{oops", "not valid JSON"),
    ("other.json", json.dumps({**RECORD, "game": "villagers"}).encode(), "'villagers'"),
    ("cheat.json", json.dumps({**RECORD, "actions": [[0, {"type": "Plan", "left": "Wall",
                                                          "right": "Wall"}]]}).encode(),
     "action 1 (Ana, seat 1: Plan(left=Wall, right=Wall)) is not legal"),
])
def test_a_bad_file_is_refused_and_the_replay_on_screen_stays(name, content, words):
    app = opened()
    app.go(12)
    app.view_box.value = "2"
    before = (app.timeline, app.index, app.parts)
    upload(app, name, content)
    assert "Not opened" in app.opener.load_note.value
    assert words in html.unescape(app.opener.load_note.value)
    assert (app.timeline, app.index, app.parts) == before
    assert app.banner.value == ""


# ---------------------------------------------------------------- from the play app
def test_a_finished_table_links_to_its_replay():
    table = make_table({"seats": "bot,bot,bot", "seed": "4"}, step_by_step=False)
    assert table.session.game.is_over()
    href = re.search(r'class="vg-replay-link" href="([^"]+)"', table.screen.prompt.value).group(1)
    assert html.unescape(href).startswith(NOTEBOOK + "?record=")
    app = make_app(link_params(href))
    assert app.notice.value == "" and app.timeline.record == table.session.game.record()
    assert app.timeline.viewer == "all"


def test_a_running_tables_save_links_to_its_replay_from_the_persons_seat():
    table = make_table({"players": "3", "seats": "bot,human,bot", "seed": "5"})
    table.tools.save_button.click()
    href = re.search(r'class="vg-replay-link" href="([^"]+)"', table.tools.save_link.value).group(1)
    params = link_params(href)
    assert params["view"] == "2"
    app = make_app(params)
    assert app.timeline.viewer == 1 and app.timeline.record == table.session.game.record()


def test_a_game_too_long_for_a_link_is_shared_as_its_record_file(monkeypatch):
    """The server drops an address past about 64 KB (a game of some 13,000 moves); such a
    game gets a record download instead of a link that would open nothing."""
    import widgets.table.replay_link as share

    table = make_table({"seats": "bot,bot,bot", "seed": "4"}, step_by_step=False)
    monkeypatch.setattr(share, "LINK_LIMIT", 400)  # this short game plays a long one
    moves = len(table.session.game.history)
    text = html.unescape(re.sub(r"<[^>]+>", "", table.sharing.replay_link(table.session)))
    assert f"it is too long for a link ({moves:,} moves), so download its record" in text
    link = table.sharing.replay_link(table.session)
    href = re.search(r'href="data:application/json;base64,([^"]+)"', link)
    assert json.loads(base64.b64decode(href.group(1))) == table.session.game.record()
    app = opened(table.session.game.record())  # (as if opened from that file)
    app.go(5)
    assert "too long for a link" in app.share.value and "vg-rp-link" not in app.share.value
    assert "Download the record" in app.download.value


def test_replay_app_builds_the_page_widget_with_the_navigation_line():
    page = replay_app(link_params(replay_query(RECORD)))
    assert "vg-nav" in page.children[0].value and "vg-replay-app" in page._dom_classes
