"""The links of a table that lives on the server: a seat's own link (its secret key) with a
QR code for a phone, the watch link for spectators, and the page address that brings a
device back to the table after a reload.

Links are absolute when the page knows its server (`kit.pages.page_url`).

Seats are counted from 1 wherever a person reads them: in the labels ("Ben (seat 2)"), in
the `data-seat` of a seat's link, in the header of a seat's page, in a replay's `view=`.
A link names a seat by its key, never by its number, so no link ever counted from 0.
"""

from __future__ import annotations

from urllib.parse import quote

from village_games.tables import REMOTE
from village_games.tables.model import Table

from ..kit.pages import link_row, page_url


def table_query(table_id: str, key: str = "") -> str:
    """`?table=...` (a spectator) or `?table=...&key=...` (a seat, or the host device)."""
    query = f"?table={quote(table_id)}"
    return query + (f"&key={quote(key)}" if key else "")


def invitations_html(table: Table) -> str:
    """For the device that set the table up: one link per seat on another device (each
    holds that seat's key: send it to that person only) and the watch link."""
    rows = [link_row(f"{seat.name} (seat {i + 1})", page_url(table_query(table.id, seat.token)),
                     "vg-seat-link", f'data-seat="{i + 1}" ')
            for i, seat in enumerate(table.seats) if seat.kind == REMOTE]
    head = ("Players on other devices join by their own link: send each one only their "
            "link (it is their seat's key), or let them scan its QR code."
            if rows else "")
    return (f'<div class="vg-table-links"><div class="vg-note">{head}</div>'
            f'<ul class="vg-link-list">{"".join(rows)}'
            f'{watch_row(table)}</ul></div>')


def watch_row(table: Table) -> str:
    return link_row("Watch (the public view: no hidden cards)",
                     page_url(table_query(table.id)), "vg-watch-link")


def watch_html(table: Table) -> str:
    """The watch link alone (for a seat's or a spectator's page: never another seat's)."""
    return f'<div class="vg-table-links"><ul class="vg-link-list">{watch_row(table)}</ul></div>'
