"""The Villagers rules walkthrough driven in Python: every step renders the real table,
the board's numbers follow the rulebook's, links open an example, the gallery's links work."""

from __future__ import annotations

import re

import pytest

from widgets.kit.apps import load_apps
from widgets.villagers.walkthrough_app import walkthrough, walkthrough_app


def gold(board: str) -> dict[str, int]:
    """Each player's Gold as the board shows it."""
    return {name: int(g) for name, g in re.findall(
        r'<div class="vg-vpanel"><b>([^<]+)</b> <span class="vg-vi vg-vi-gold">(\d+) Gold',
        board)}


def test_the_padlock_example_moves_the_gold_on_the_board() -> None:
    wt = walkthrough(example="padlocks")
    assert wt.steps == 4
    assert gold(wt.parts["board"])["Ana"] == 8
    wt.next_button.click()
    assert gold(wt.parts["board"]) == {"Ana": 6, "Ben": 8}
    assert "Blacksmith" in wt.parts["log"]
    wt.next_button.click()
    wt.next_button.click()
    assert gold(wt.parts["board"])["Ana"] == 4
    assert wt.next_button.disabled
    wt.back_button.click()
    assert gold(wt.parts["board"])["Ana"] == 6
    assert wt.banner.value == ""


def test_the_first_market_shows_23() -> None:
    wt = walkthrough(example="first-market")
    wt.next_button.click()
    assert gold(wt.parts["board"])["Ana"] == 23
    assert "23" in wt.parts["narration"]


def test_every_step_of_every_example_renders() -> None:
    wt = walkthrough()
    assert len(wt.examples) == 9 + 4 + 2  # the base game's 9, one per expansion, 2 solo
    for ex in wt.examples:
        wt.choose(ex.id)
        for k in range(1, wt.steps + 1):
            wt.go(k)
            assert 'class="vg-villagers"' in wt.parts["board"]
            assert wt.banner.value == "", (ex.id, k, wt.banner.value)


def test_a_link_opens_an_example_and_an_unknown_one_is_a_notice() -> None:
    assert walkthrough(query={"example": "second-market"}).example.id == "second-market"
    wt = walkthrough(query={"example": "nope"})
    assert wt.example.id == "draft-one-food"
    with pytest.raises(ValueError):
        walkthrough(example="nope")
    assert walkthrough_app(query={}) is not None


def test_the_gallery_links_name_real_examples() -> None:
    rules = next(a for a in load_apps() if a.notebook == "villagers_rules.ipynb")
    assert rules.game == "Villagers" and len(rules.examples) >= 3
    ids = {ex.id for ex in walkthrough().examples}
    for _label, query in rules.examples:
        assert query.removeprefix("example=") in ids
