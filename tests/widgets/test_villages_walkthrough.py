"""The Villages rules walkthrough and replay driven in Python: every step of every example
renders the real table, the battle shows both powers, links open an example, the
gallery's links name real examples; a recorded game replays step by step."""

from __future__ import annotations

import json
from urllib.parse import parse_qsl

import pytest

from village_games import villages
from village_games.bots import VillagesBot
from village_games.core.play import play
from widgets.kit.apps import load_apps
from widgets.table.replay_link import replay_query
from widgets.villages.replay_app import make_app as make_replay
from widgets.villages.walkthrough_app import walkthrough, walkthrough_app

EXPECTED = {"tavern-without-builder", "builder-two-units", "valid-village",
            "wizard-vs-blue-knight", "battle-five-steps", "hired-units", "archer-defends",
            "end-of-round",
            # one per expansion mechanic
            "location-fog-marsh", "dark-supports-nothing", "light-is-wild", "dual-colour-ace"}


def test_every_step_of_every_example_renders() -> None:
    wt = walkthrough()
    assert {ex.id for ex in wt.examples} == EXPECTED
    for ex in wt.examples:
        wt.choose(ex.id)
        for k in range(1, wt.steps + 1):
            wt.go(k)
            assert 'class="vg-villages"' in wt.parts["board"]
            assert "stand-in deck" in wt.parts["board"]
            assert wt.banner.value == "", (ex.id, k, wt.banner.value)


def test_the_battle_shows_both_powers_after_abilities() -> None:
    wt = walkthrough(example="battle-five-steps")
    boards = [wt.parts["board"]]
    while not wt.next_button.disabled:
        wt.next_button.click()
        boards.append(wt.parts["board"])
    assert any('vg-vl-bpower">power' in b and "vg-vl-verdict" in b for b in boards)
    wt = walkthrough(example="wizard-vs-blue-knight")
    text = wt.parts["log"]
    while not wt.next_button.disabled:
        wt.next_button.click()
        text += wt.parts["log"] + wt.parts["board"]
    assert "against its own colour" in text  # the Wizard's −3 against a Blue unit


def test_the_round_end_shows_the_score_sheet_and_score_cards() -> None:
    wt = walkthrough(example="end-of-round")
    wt.go(wt.steps)
    board = wt.parts["board"]
    assert "Score sheet" in board and "Round 1" in board
    assert "High Score card" in board and "Low Score card" in board


def test_a_link_opens_an_example_and_an_unknown_one_is_a_notice() -> None:
    assert walkthrough(query={"example": "archer-defends"}).example.id == "archer-defends"
    wt = walkthrough(query={"example": "nope"})
    assert wt.example.id == "tavern-without-builder" and "nope" in wt.notice.value
    with pytest.raises(ValueError):
        walkthrough(example="nope")
    assert walkthrough_app(query={}) is not None


def test_the_gallery_entries_and_links() -> None:
    apps = [a for a in load_apps() if a.game == "Villages"]
    assert {a.notebook for a in apps} == {"villages_rules.ipynb", "villages_play.ipynb",
                                          "villages_draw_lesson.ipynb",
                                          "villages_replay.ipynb"}
    assert all("stand-in" in a.blurb for a in apps)
    rules = next(a for a in apps if a.notebook == "villages_rules.ipynb")
    for _label, query in rules.examples:
        assert query.removeprefix("example=") in EXPECTED


def test_a_recorded_game_replays_step_by_step() -> None:
    g = villages.new_game(players=2, seed=5, names=["Ana", "Ben"], max_rounds=1)
    play(g, [VillagesBot(seed=s) for s in range(2)])
    record = json.loads(json.dumps(g.record()))
    app = make_replay(dict(parse_qsl(replay_query(record).lstrip("?"))))
    assert app.banner.value == "" and app.notice.value == ""
    assert 'class="vg-villages"' in app.parts["board"]
    app.next_step()
    app.last()
    assert "Score sheet" in app.parts["board"]
