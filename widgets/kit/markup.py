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
