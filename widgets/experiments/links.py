"""The links of class experiments: the student link (with its QR code) and the teacher's
own address. (A lesson's link that starts one is `teach.class_link`.)

A page address is `?experiment=<id>` (a student who has not joined yet), with
`&key=<key>`: a student's own key (their page, after a reload too) or the teacher key.
"""

from __future__ import annotations

from urllib.parse import quote

from ..kit.pages import CLASS_EXPERIMENT, page_url

NOTEBOOK = CLASS_EXPERIMENT


def experiment_query(experiment_id: str, key: str = "") -> str:
    query = f"?experiment={quote(experiment_id)}"
    return query + (f"&key={quote(key)}" if key else "")


def student_url(experiment_id: str) -> str:
    """The link a class follows (absolute when the server is known: for the QR code)."""
    return page_url(experiment_query(experiment_id), NOTEBOOK)


def teacher_url(experiment_id: str, key: str) -> str:
    return page_url(experiment_query(experiment_id, key), NOTEBOOK)
