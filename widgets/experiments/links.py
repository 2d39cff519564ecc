"""The links of class experiments: a lesson's link that carries its settings, the student
link (with its QR code) and the teacher's own address.

A page address is `?experiment=<id>` (a student who has not joined yet), with
`&key=<key>`: a student's own key (their page, after a reload too) or the teacher key.
"""

from __future__ import annotations

from collections.abc import Mapping
from urllib.parse import quote, urlencode

from village_games.experiments import kind as kind_of

from ..markup import esc
from ..table_links import page_url

NOTEBOOK = "class_experiment.ipynb"


def experiment_query(experiment_id: str, key: str = "") -> str:
    query = f"?experiment={quote(experiment_id)}"
    return query + (f"&key={quote(key)}" if key else "")


def student_url(experiment_id: str) -> str:
    """The link a class follows (absolute when the server is known: for the QR code)."""
    return page_url(experiment_query(experiment_id), NOTEBOOK)


def teacher_url(experiment_id: str, key: str) -> str:
    return page_url(experiment_query(experiment_id, key), NOTEBOOK)


def lesson_link(kind: str, settings: Mapping[str, str]) -> str:
    """The class-experiment page for `kind` with `settings`, relative to a lesson's page
    (the gallery's notebooks share a folder)."""
    return f"{NOTEBOOK}?{urlencode({'kind': kind, **settings})}"


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
