"""Every lit card on a table can be clicked: in seeded games of all four games, a person
plays by clicking what the board lights up (and Confirm), and no click ever ends in an
error banner ("0 is not a choice now"). Where nothing on the table is lit, a button below
is pressed, as a player would."""

from __future__ import annotations

import html
import random
import re

import pytest

from widgets.kit.board.board import matches
from widgets.table.view import TableApp

ELEMENT = re.compile(r'data-vg-value="([^"]*)"(?: data-vg-field="([^"]*)")?')


def lit(app: TableApp) -> list[tuple[str, str | None]]:
    """The (value, fields) of every element of the table the board marks clickable."""
    found = []
    for value, field in ELEMENT.findall(app.screen.board.html):
        value, field = html.unescape(value), html.unescape(field) or None
        if matches(app.screen.board.targets, value, field):
            found.append((value, field))
    return found


def click_through(app: TableApp, seed: int, decisions: int) -> int:
    """Play `decisions` moves of the person's by clicks; returns the table clicks made."""
    rng = random.Random(seed)
    clicks = 0
    made = 0
    for _ in range(decisions * 12):
        if made >= decisions or app.session.game.is_over():
            break
        while app.session.steps.frames:
            app.screen.all_button.click()
        if app.session.mine_to_act() is None:
            break
        moves = len(app.session.game.history)
        spots = lit(app)
        if app.screen.picker.ready() is not None and (not spots or rng.random() < 0.4):
            app.screen.turn_confirm.click()
        elif spots:
            value, field = rng.choice(spots)
            app.screen.board.click(value, field)
            clicks += 1
        else:
            buttons = [b for b in app.screen.picker.buttons.values() if not b.disabled]
            rng.choice(buttons).click()
        assert app.banner.value == "", app.banner.value
        made += len(app.session.game.history) > moves
    return clicks


CASES = [
    ("villagers", {"players": "3", "seats": "human,bot,bot"}),
    ("villagers", {"players": "2", "seats": "human,bot",
                   "expansions": "saints,scoundrels,profiteers,developments"}),
    ("villagers", {"players": "1", "seats": "human"}),
    ("villages", {"players": "3", "seats": "human,bot,bot"}),
    ("villagers_and_villains", {"players": "3", "seats": "human,bot,bot",
                                "variant": "advanced"}),
    ("village_pillage", {"players": "3", "seats": "human,bot,bot"}),
]


def make(game: str, query: dict[str, str]) -> TableApp:
    if game == "villagers":
        from widgets.villagers.adapter import make_app
    elif game == "villages":
        from widgets.villages.adapter import make_app
    elif game == "villagers_and_villains":
        from widgets.villagers_and_villains.adapter import make_app
    else:
        from widgets.village_pillage.adapter import make_app
    return make_app(query)


@pytest.mark.parametrize(("game", "query"), CASES, ids=[f"{g}-{q['players']}p"
                                                         for g, q in CASES])
@pytest.mark.parametrize("seed", [1, 2])
def test_every_lit_card_takes_a_click_without_an_error(game, query, seed) -> None:
    app = make(game, {**query, "seed": str(seed)})
    clicks = click_through(app, seed, decisions=40)
    assert clicks > 20  # the moves were made on the table, not with the buttons
