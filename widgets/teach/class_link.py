"""A lesson's link to run its simulation as a class experiment, with its settings."""

from __future__ import annotations

from collections.abc import Mapping
from urllib.parse import urlencode

from village_games.experiments import kind as kind_of

from ..kit.markup import esc
from ..kit.page_names import page_name
from ..kit.pages import CLASS_EXPERIMENT


def lesson_link(kind: str, settings: Mapping[str, str]) -> str:
    """The class-experiment page for `kind` with `settings`, relative to a lesson's page
    (the gallery's notebooks share a folder)."""
    return f"{page_name(CLASS_EXPERIMENT)}?{urlencode({'kind': kind, **settings})}"


def class_link_html(kind: str, raw: Mapping[str, object]) -> str:
    """A lesson's "run this as a class experiment" link for its current settings, or a
    note saying why these settings cannot be one."""
    k = kind_of(kind)
    try:
        values = k.check({key: str(v) for key, v in raw.items()})
    except ValueError as exc:
        return (f"<div class='vg-note vg-class-link-none'>These settings cannot be run as a "
                f"class experiment: {esc(exc)}</div>")
    href = esc(lesson_link(kind, k.text(values)))
    return (f"<div class='vg-class-link-box'><a class='vg-class-link' href='{href}' "
            f"target='_blank'>Run this as a class experiment</a> <span class='vg-note'>"
            f"({esc(k.title.lower())}, with the settings above; the teacher key creates it "
            "and gives a link and a QR code for the class)</span></div>")
