"""Small HTML helpers shared by every renderer and app."""

from __future__ import annotations

import html
from typing import Any


def esc(text: Any) -> str:
    """Any value as text that is safe inside HTML (element text and quoted attributes)."""
    return html.escape(str(text))
