"""`PageAddress`: the query of the page's address, set from Python.

A table that lives on the server is opened by its address (`?table=...&key=...`). When an
app starts a table, it sets `query`; the front end (page_address.js, next to this file)
replaces the address in the browser's bar without loading anything, so F5, a bookmark or
the browser's history brings back that table. Only Voila pages change their address
(`enabled`): in JupyterLab the notebook's own address must stay as it is.
"""

from __future__ import annotations

from pathlib import Path

import anywidget
import traitlets as t

HERE = Path(__file__).resolve().parent


class PageAddress(anywidget.AnyWidget):
    """Invisible; `address.query = "?table=abc&key=xyz"` updates the page's address."""

    _esm = HERE / "page_address.js"

    query = t.Unicode("").tag(sync=True)
    enabled = t.Bool(False).tag(sync=True)

    def __init__(self, enabled: bool = False, **kwargs: object) -> None:
        super().__init__(enabled=enabled, **kwargs)
        self.add_class("vg-page-address")
        self.layout.display = "none"
