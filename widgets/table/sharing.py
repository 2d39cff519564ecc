"""What a table's page shares and who it is for: the line that starts the same setup again
as a new table, the replay link, the links of the seats on other devices and of the watch
page (with QR codes), the header of a seat's or a spectator's page, and the page's own
address (so a reload comes back to the same table)."""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from typing import Any
from urllib.parse import quote

import ipywidgets as w

from village_games.tables import REMOTE
from village_games.tables.model import HOST, SEAT

from ..kit.page_address import PageAddress
from ..kit.page_names import page_name
from ..kit.pages import in_voila, page_url
from ..kit.shared_models import Shared
from .adapter import GameAdapter
from .files import user_file
from .links import invitations_html, table_query, watch_html
from .replay_link import download_html, fits_in_link, replay_query
from .session import TableSession
from .setup import Setup, flags_of, setup_query, variant_of


class Sharing:
    """The links and the header of one device's page of a table (`show(session)`)."""

    def __init__(self, adapter: GameAdapter, shared: Shared, file_keys: Sequence[str]) -> None:
        self.adapter = adapter
        self.file_keys = list(file_keys)
        self.share = shared.make(w.HTML, "vg-share", value="")  # (beside the host's seats)
        self.links = w.HTML("", _dom_classes=("vg-table-links-box",))
        self.seat_header = w.HTML("", _dom_classes=("vg-seat-header",))
        self.address = PageAddress(enabled=in_voila())

    def show(self, s: TableSession) -> None:
        self.show_header(s)
        self.show_share(s)
        self.show_links(s)

    def forget(self) -> None:
        """No table on this page (a link that opens none): no address, no links."""
        self.address.query = ""
        self.links.value = ""

    def show_header(self, s: TableSession) -> None:
        """A seat on another device and a spectator: whose page this is."""
        g = s.game
        title = html.escape(self.adapter.title)
        if s.role == HOST:
            self.seat_header.value = ""
        elif s.role == SEAT:
            seat = s.mine[0]
            self.seat_header.value = (
                f'<div class="vg-seat-line">{title}: you play '
                f"<b>{html.escape(g.player_name(seat))}</b> (seat {seat + 1} of "
                f"{g.num_players}). This page is your seat's own: keep its address to "
                "yourself.</div>")
        else:
            self.seat_header.value = (
                f'<div class="vg-seat-line">{title}: you are watching (the public view: '
                "nobody's hidden cards).</div>")

    def share_query(self, s: TableSession) -> str | None:
        """The page-address query that starts this table's setup again as a new table
        (players, seats, names, seed, variant); None when a link cannot say how it began
        (a saved position, or a file of the user's)."""
        g = s.game
        if getattr(g, "start", None) is not None or self.user_files(s):
            return None
        setup = Setup(g.num_players, list(s.kinds), g.seed,
                      [g.player_name(i) for i in range(g.num_players)],
                      variant_of(self.adapter, g), flags_of(self.adapter, g))
        extra: dict[str, str] = self.adapter.share_params()  # its own settings
        query = setup_query(setup, self.adapter) + "".join(
            f"&{k}={quote(v)}" for k, v in extra.items())
        if REMOTE in s.kinds:  # its seed is secret, and the next table gets its own
            query = re.sub(r"&seed=\d+", "", query)
        return query

    def show_share(self, s: TableSession) -> None:
        if s.role != HOST:
            self.share.value = ""  # (a seat's or a spectator's page: no setup, no seed)
            return
        query = self.share_query(s)
        if query is None:
            own = ", ".join(html.escape(str(f["name"])) for f in self.user_files(s))
            why = f"uses your own file {own}" if own else "began from a saved position"
            self.share.value = (f'<div class="vg-note">This table {why}: a link cannot carry '
                                "that, so share a save file instead.</div>")
            return
        q = html.escape(query)
        self.share.value = (f'<div class="vg-share-line">Same setup, new table: <a href="{q}" '
                            f'target="_blank">open the same game</a> <input class="vg-share-'
                            f'query" readonly value="{q}" aria-label="the link of the same '
                            f'setup, to copy"> {self.replay_link(s)}</div>')

    def show_links(self, s: TableSession) -> None:
        """The table's links for this device: the host sees one per seat on another device
        (each its key) and the watch link; a seat or a spectator sees the watch link only.
        The page's own address becomes the table's, so a reload comes back to it."""
        table = s.table
        if table is None:
            self.links.value = ""
            return
        self.address.enabled = in_voila()  # (a pre-heated kernel learns it with its page)
        self.address.query = table_query(table.id, s.link_key())
        if s.role == HOST:  # (its replay link sits on the setup's share line)
            self.links.value = invitations_html(table) if s.shared else ""
            return
        replay = self.replay_link(s)
        replay_line = f'<div class="vg-replay-line">{replay}</div>' if replay else ""
        self.links.value = watch_html(table) + replay_line

    def replay_link(self, s: TableSession) -> str:
        """A "Replay this game" link to the adapter's replay notebook (its optional
        `replay_notebook`); "" without one. A stored table's replay opens from the store
        as this device may see it (a running game: its own seat, or the public view);
        a table kept only here holds the record in the link."""
        notebook = self.adapter.replay_notebook
        if not notebook:
            return ""
        g = s.game
        if s.table is not None:
            address = page_url(table_query(s.table.id, s.link_key()), notebook)
            return (f'<a class="vg-replay-link" href="{html.escape(address)}" '
                    'target="_blank">Replay this game</a>')
        if s.shared and not g.is_over():
            # (a table with people elsewhere whose store failed: its record holds the
            # secret seed, and so every hand, until the game is over)
            return ('<span class="vg-replay-later">Replay this game: its link comes once the '
                    "game is over.</span>")
        view = "" if g.is_over() else s.public_view
        record = g.record()
        page = page_name(notebook)
        address = page + replay_query(record, view)
        if not fits_in_link(address):
            moves = len(record["actions"])
            download = download_html(record, "download its record")
            return (f'<span class="vg-replay-long">Replay this game: it is too long for a link '
                    f"({moves:,} moves), so {download} and open the file in the "
                    f'<a class="vg-replay-link" href="{html.escape(page)}" '
                    'target="_blank">replay page</a>.</span>')
        return (f'<a class="vg-replay-link" href="{html.escape(address)}" target="_blank">'
                "Replay this game</a>")

    def user_files(self, s: TableSession) -> list[dict[str, Any]]:
        """The saved forms of the user's files the game on the table uses."""
        options = getattr(s.game, "options", None)
        return [f for key in self.file_keys if (f := user_file(options, key)) is not None]
