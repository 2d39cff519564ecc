"""One Villagers card as HTML: face up (suit colour, name, symbols, padlock, coins) or face
down (its suit only), and its hover text. The table's renderer (render.py) and the
expansions' parts (expansions_render.py) draw every card through these."""

from __future__ import annotations

from village_games.core import words
from village_games.core.actions import FieldValue
from village_games.villagers import CardSet

from ..kit.markup import esc as _e

# the mark in each expansion's card corner (heart, moon, money pouch)
EXPANSION_MARKS = {"saints": "♥", "scoundrels": "☾", "profiteers": "$"}
EXPANSION_TITLES = {"saints": "Saints", "scoundrels": "Scoundrels",
                    "profiteers": "Profiteers"}

SUIT_CLASS = {s: s.lower().replace(" ", "-") for s in (
    "Wood", "Hay", "Ore", "Grains", "Grapes", "Wool", "Leather", "Solitary", "Special",
    "Basic", "Founders")}


def suit_class(suit: str | None) -> str:
    return "vg-vs-" + SUIT_CLASS.get(suit or "", "unknown")


def _icons(food: int, builders: int, gold: int) -> str:
    parts = []
    if food:
        parts.append(f'<span class="vg-vi vg-vi-food" title="Food">{food} food</span>')
    if builders:
        parts.append(f'<span class="vg-vi vg-vi-build" title="Builders">{builders} bld</span>')
    if gold:
        parts.append(f'<span class="vg-vi vg-vi-gold" title="Gold">{gold}●</span>')
    return "".join(parts)


def card_tip(name: str, cards: CardSet) -> str:
    """The hover text of a card: its suit, what it goes on, its padlock and rules text."""
    c = cards.cards.get(name)
    if c is None:
        return name
    bits = [f"{name} ({c.suit})"]
    if c.on:
        bits.append(f"goes on {words.a(c.on)}")
    if c.padlock:
        bits.append(f"padlock: its opener is the {c.padlock} (paid to its owner, or the Bank "
                    "when nobody has one)")
    if c.silver is not None:
        bits.append(f"silver: {c.silver.describe()}")
    if c.bronze is not None:
        bits.append(f"bronze (end of your turn): {c.bronze.describe()}")
    if c.expansion:
        bits.append(f"{c.expansion.title()} expansion")
    if c.help:
        bits.append(c.help)
    return " · ".join(bits)


def card_html(name: str, cards: CardSet, *, value: FieldValue = None, field: str = "",
              coins: int = 0, covered: bool = False, flipped: bool = False,
              extra: str = "", note: str = "", inner: str = "", state: str = "") -> str:
    """One face-up villager: suit colour, name, symbols, padlock and coins (`inner`: more
    inside the card, such as the spot that pays it to open a padlock; `state`: what a
    screen reader says of it while it cannot be picked, board.js)."""
    c = cards.cards.get(name)
    suit = c.suit if c else None
    food, builders, gold = (c.food, c.builders, c.gold) if c else (0, 0, 0)
    if c is not None and flipped and c.flipped is not None:
        food, builders, gold = c.flipped.food, c.flipped.builders, c.flipped.gold
    classes = ["vg-vcard", suit_class(suit)]
    if covered:
        classes.append("vg-vcovered")
    attrs = ""
    if value is not None:
        attrs = f' data-vg-value="{_e(str(value))}"' + (
            f' data-vg-field="{_e(field)}"' if field else "")
    if state:
        attrs += f' data-vg-state="{_e(state)}"'
    lock = (f'<span class="vg-vlock" title="padlock: unlocked by the {_e(c.padlock)}">'
            f"lock: {_e(c.padlock)}</span>" if c is not None and c.padlock else "")
    key = (f'<span class="vg-vkey" title="keyrings">key {c.keyring}</span>'
           if c is not None and c.keyring else "")
    silver = (f'<span class="vg-vsilver" title="{_e(c.silver.describe())}">◇</span>'
              if c is not None and c.silver is not None else "")
    if c is not None and c.bronze is not None:
        silver += f'<span class="vg-vbronze" title="{_e(c.bronze.describe())}">◆</span>'
    if c is not None and c.expansion:
        silver += (f'<span class="vg-vexp" title="{_e(c.expansion.title())} expansion">'
                   f"{_e(EXPANSION_MARKS.get(c.expansion, '*'))}</span>")
    coin = f'<span class="vg-vcoins" title="coins on this card">{coins}●</span>' if coins else ""
    tip = card_tip(name, cards) + (f" — {note}" if note else "")
    return (f'<div class="{" ".join(classes)}{extra}" title="{_e(tip)}"{attrs}>'
            f'<div class="vg-vname">{_e(name)}</div>'
            f'<div class="vg-vsuit">{_e(suit or "")}</div>'
            f'<div class="vg-vsyms">{_icons(food, builders, gold)}{silver}{key}</div>'
            f"{lock}{coin}{inner}</div>")


def back_html(suit: str | None, label: str = "", *, value: FieldValue = None,
              field: str = "") -> str:
    """A face-down card: only its suit shows."""
    attrs = ""
    if value is not None:
        attrs = f' data-vg-value="{_e(str(value))}" data-vg-field="{_e(field)}"'
    return (f'<div class="vg-vcard vg-vback {suit_class(suit)}"{attrs} '
            f'title="face down: {_e(suit or "unknown suit")}">'
            f'<div class="vg-vsuit">{_e(suit or "?")}</div>'
            f'<div class="vg-vleft">{_e(label)}</div></div>')
