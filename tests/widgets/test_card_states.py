"""Each game's table marks a card the viewer cannot pick now with the rule's reason
(`data-vg-state`, which board.js reads out), from the engine's table notes through the
adapter; a step of automatic play on show (highlight given) carries none."""

from __future__ import annotations

import html
import re

import pytest

from widgets.table.adapter import GameAdapter
from widgets.village_pillage.adapter import PillageAdapter
from widgets.villagers.adapter import VillagersAdapter
from widgets.villagers_and_villains.adapter import VVAdapter
from widgets.villages.adapter import VillagesAdapter

# (adapter, players, a state the first seat's opening table must carry)
CASES = {
    "village_pillage": (PillageAdapter, 3, "cannot be taken: it is the Plan phase"),
    "villagers": (VillagersAdapter, 2, "cannot be played: it is the Draft Phase"),
    "villages": (VillagesAdapter, 2, "cannot be played: a turn starts by drawing 2 cards"),
    "villagers_and_villains": (VVAdapter, 2, "cannot be played: it is the Recruit Phase"),
}


def states(page: str) -> list[str]:
    return [html.unescape(s) for s in re.findall(r'data-vg-state="([^"]*)"', page)]


@pytest.mark.parametrize("game", list(CASES))
def test_a_card_that_cannot_be_picked_carries_the_rules_reason(game: str) -> None:
    make, players, expected = CASES[game]
    adapter: GameAdapter = make()
    g = adapter.new_game(players, 1 if game != "village_pillage" else 5,
                         ["Ana", "Ben", "Cy"][:players])
    adapter.game = g  # (as the table sets it)
    said = states(adapter.render(g.observation(0), g.cards))
    assert any(s.startswith(expected) for s in said), said
    other = states(adapter.render(g.observation(1), g.cards))
    assert other and all("not your turn" in s or "others are still choosing" in s
                         or s.startswith("cannot be taken") for s in other), other
    assert states(adapter.render(g.observation(0), g.cards, highlight=[0])) == []
