"""Injects the one project stylesheet (style.css) into a page, once per app."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import ipywidgets as w

CSS_FILE = Path(__file__).with_name("style.css")


@lru_cache(maxsize=1)
def css_text() -> str:
    return CSS_FILE.read_text(encoding="utf-8")


def style_tag() -> w.HTML:
    """An invisible HTML widget carrying the stylesheet; put it in every app's layout."""
    tag = w.HTML(f"<style>{css_text()}</style>")
    tag.add_class("vg-style")
    return tag
