"""harness/light_client.py: a light client plays the app its page shows, never another
widget its kernel happens to hold.

The shared-tables benchmark went silent (1,211 clicks, 7 moves seen by other devices):
a seat link's pre-heated kernel builds a table app before the page's address is known,
then builds the seat's own app; the client looked widgets up among every widget in the
kernel, found the first app's first, and played a game of its own that no page showed.
"""

from __future__ import annotations

import re
from types import SimpleNamespace

import ipywidgets as w
import pytest

from harness.light_client import WS_V1, KernelChannel, find_button, shown_models


def state(model: str, classes: tuple[str, ...] = (), **more) -> dict:
    return {"_model_name": model, "_dom_classes": list(classes), **more}


def ref(mid: str) -> str:
    return f"IPY_MODEL_{mid}"


def test_only_the_widgets_a_view_reaches_are_shown():
    states = {  # the kernel's order: an app nobody shows comes first
        "old-prompt": state("HTMLModel", ("vg-prompt",), value="Your turn, Ana"),
        "old-app": state("VBoxModel", children=[ref("old-prompt")]),
        "layout": {"_model_name": "LayoutModel", "display": "none"},
        "prompt": state("HTMLModel", ("vg-prompt",), value="Waiting for Ana",
                        layout=ref("layout")),
        "confirm": state("ButtonModel", ("vg-turn-confirm",)),
        "row": state("HBoxModel", children=[ref("prompt"), ref("confirm")]),
        "app": state("VBoxModel", children=[ref("row")]),
    }
    shown = shown_models(states, ["app"])
    assert list(shown) == ["layout", "prompt", "confirm", "row", "app"]
    assert shown_models(states, ["gone"]) == {}
    plain = {mid: {"state": s} for mid, s in states.items()}
    assert find_button(plain, {"vg-turn-confirm"}, ["app"]) == "confirm"
    with pytest.raises(RuntimeError, match="no button"):
        find_button(plain, {"vg-turn-confirm"}, ["old-app"])


def test_a_seat_links_page_shows_that_seats_table(monkeypatch):
    """The real app, built as a pre-heated kernel builds it: the page's one view reaches
    the seat's own table, whatever else the kernel made before the address was read."""
    from widgets.table.bot_choice import open_play_page
    from widgets.villagers import adapter as villagers

    monkeypatch.setenv("QUERY_STRING", "seats=human,remote,remote&seed=100")
    host = open_play_page(villagers.make_app)
    table = host.session.table
    monkeypatch.setenv("QUERY_STRING", f"table={table.id}&key={table.seats[1].token}")
    view = villagers.play_app()  # (no query: read from the address, as in a kernel)
    states = {mid: s["state"] for mid, s in
              w.Widget.get_manager_state(drop_defaults=False)["state"].items()}
    shown = shown_models(states, [view.model_id])

    def text(css: str) -> str:
        values = [s.get("value", "") for s in shown.values() if css in s.get("_dom_classes", ())]
        assert len(values) == 1, f"{len(values)} widgets with {css} on the page"
        return re.sub(r"<[^>]+>", "", values[0])

    assert "(seat 2 of 3)" in text("vg-seat-header")
    assert text("vg-prompt").startswith("Waiting for Ana")


def test_a_websocket_in_another_protocol_is_refused():
    with pytest.raises(RuntimeError, match=WS_V1):
        KernelChannel(SimpleNamespace(subprotocol=None), "session")  # type: ignore[arg-type]
