"""Every Villages card face prints its colour as a word (issue 37 item 4): a player who
cannot tell the bands apart, or a screen reader, gets the colour from the card's text."""

from __future__ import annotations

import html
import re

from widgets.villages.adapter import make_app
from widgets.villages.render import card_html


def visible_text(fragment: str) -> str:
    """The card's text as a screen reader reads it (tags and hover titles dropped)."""
    return html.unescape(re.sub(r"<[^>]+>", " ", fragment))


def test_every_card_of_every_deck_names_its_colour_on_its_face() -> None:
    cards = make_app({"players": "3", "seats": "human,bot,bot", "seed": "4",
                      "variant": "all"}).session.game.cards
    assert "Dark Ghost" in cards and "Red/Green Santa" in cards  # the expansions too
    for card in cards:
        words = visible_text(card_html(card.id, cards)).split()
        text = " ".join(words)
        if card.is_unit:
            for colour in card.colours:
                assert colour in text.replace("/", " ").split(), (card.id, text)
        else:
            assert card.kind.capitalize() in words, (card.id, text)


def test_the_colour_word_comes_before_the_name() -> None:
    cards = make_app({"players": "2", "seats": "human,bot", "seed": "1"}).session.game.cards
    text = " ".join(visible_text(card_html("Purple Farmer", cards)).split())
    assert text.startswith("Purple Farmer"), text
