"""Small HTML helpers shared by every renderer and app."""

from __future__ import annotations

import html
import re


def esc(text: object) -> str:
    """Any value as text that is safe inside HTML (element text and quoted attributes)."""
    return html.escape(str(text))


def slug(value: object) -> str:
    """A CSS-safe form of a value, for `vg-val-<slug>` test hooks."""
    return re.sub(r"[^a-z0-9]+", "-", str(value).lower()).strip("-") or "x"


def card_list(items: list[str], label: str) -> str:
    """A row of cards as a list for a screen reader, drawn as before: the list and each
    item are boxes that take no room (class vg-li, `display: contents`), so the cards stay
    the children of the row's own box. "" for no items (the row shows its own "empty")."""
    lis = "".join(f'<div class="vg-li" role="listitem">{i}</div>' for i in items)
    return f'<div class="vg-li" role="list" aria-label="{esc(label)}">{lis}</div>' if lis else ""
