"""The Villagers & Villains rules walkthrough: every example steps through to its end on
the real engine, the boards show the scripted dice and the odds of the mayor to act, and
links open an example (`?example=...`)."""

from __future__ import annotations

import pytest

from widgets.villagers_and_villains.walkthrough_app import walkthrough, walkthrough_app

ISSUE_EXAMPLES = ("a-whole-round", "recruit-card-four", "recruit-extra-rolls",
                  "defend-hero-and-mob", "timing-ruling", "kings-favor", "pairs-matchmaker",
                  "score-sheet-tie")


def test_every_example_steps_to_its_end_and_back() -> None:
    wt = walkthrough()
    assert [ex.id for ex in wt.examples][:1] == ["a-whole-round"]
    assert set(ISSUE_EXAMPLES) <= {ex.id for ex in wt.examples}
    for ex in wt.examples:
        wt.choose(ex.id)
        while wt.step < wt.steps:
            wt.next_button.click()
        assert wt.next_button.disabled and wt.banner.value == ""
        wt.back_button.click()
        assert wt.step == max(1, wt.steps - 1)


def test_tim_wants_card_four_shows_his_odds_and_the_die() -> None:
    wt = walkthrough(example="recruit-card-four")
    board = wt.parts["board"]
    assert "Tim</b> — wants card 4 (Castle), 1 roll" in board and "1 rolls" not in board
    assert "<b>50%</b>" in board  # card 4: a 4, 5 or 6
    wt.next()
    assert "⚂" in wt.parts["board"] and "Latest rolls" in wt.parts["board"]
    assert "Goblins" in wt.parts["board"].split("Town (1)")[1][:400]


def test_the_defense_shows_each_attackers_chance() -> None:
    wt = walkthrough(example="defend-hero-and-mob")
    board = wt.parts["board"]
    assert "Town 33%" in board and "Knight 67%" in board  # the Troll needs a 5


def test_the_whole_round_lights_each_phase_in_turn() -> None:
    wt = walkthrough(example="a-whole-round")
    phases = []
    for k in range(1, wt.steps + 1):
        wt.go(k)
        now = wt.parts["board"].split('vg-vv-phase vg-vv-phase-now" title="')[1]
        phases.append(now.split(">")[1].split("<")[0])
    assert phases[0] == "Recruit" and "Defend" in phases and "Build/Hire" in phases
    assert "Round 2" in wt.parts["board"]


def test_the_score_sheet_with_a_tie_is_drawn_like_the_pad() -> None:
    wt = walkthrough(example="score-sheet-tie")
    board = wt.parts["board"]
    assert "Game Score Sheet" in board and "Heroic Bonus" in board
    heroic = board.split("<th>Heroic Bonus</th>")[1].split("</tr>")[0]
    assert heroic.count("<td>4 ") == 2  # Tim and Ana tie for the most heroes: 4 each


def test_links_open_an_example_and_an_unknown_one_says_so() -> None:
    wt = walkthrough(query={"example": "kings-favor"})
    assert wt.example.id == "kings-favor"
    wt = walkthrough(query={"example": "nope"})
    assert "there is no example &#x27;nope&#x27;" in wt.notice.value
    with pytest.raises(ValueError, match="no example"):
        walkthrough(example="nope")
    assert "vg-nav" in walkthrough_app(query={}).children[0].value
