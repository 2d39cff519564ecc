"""Reading app settings from the page's query string (Voila passes it to the kernel)."""

from __future__ import annotations

import html
import os
from collections.abc import Mapping, Sequence
from urllib.parse import parse_qs

from .voila_request import wait_for_request


def query_params(environ: dict[str, str] | None = None) -> dict[str, str]:
    """`?players=3&seed=7` -> {"players": "3", "seed": "7"}; last value wins."""
    env = os.environ if environ is None else environ
    raw = env.get("QUERY_STRING", "")
    return {k: v[-1] for k, v in parse_qs(raw, keep_blank_values=True).items()}


def page_query() -> dict[str, str]:
    """The page's query parameters, also in Voila's pre-heated kernels.

    A pre-heated kernel runs the notebook before anyone asks for the page, so the query
    string arrives only when the request does: `wait_for_request()` blocks until then
    (and returns at once outside pre-heating, e.g. in JupyterLab or nbval).
    """
    wait_for_request()
    return query_params()


ECHO_LIMIT = 40  # characters of a bad value repeated back to the user


def echo(value: str) -> str:
    """A value from the page address, quoted and cut short: a notice repeats what was
    wrong without letting a very long value stretch the page."""
    text = value if len(value) <= ECHO_LIMIT else value[:ECHO_LIMIT - 1] + "…"
    return repr(text)


def unknown_keys(params: Mapping[str, str], known: Sequence[str]) -> list[str]:
    """A notice naming the keys of the link the page does not read (none: no notice): a
    misspelt `player=` would otherwise quietly give the defaults."""
    odd = [echo(k) for k in params if k not in known]
    if not odd:
        return []
    named = odd[0] if len(odd) == 1 else f"{', '.join(odd[:-1])} or {odd[-1]}"
    return [f"there is no setting {named} (the settings are {', '.join(known)}), so "
            f"{'it was' if len(odd) == 1 else 'they were'} ignored."]


def notice_html(notices: Sequence[str]) -> str:
    """The note an app shows above itself when its link asked for something it cannot do."""
    if not notices:
        return ""
    items = "".join(f"<li>{html.escape(n)}</li>" for n in notices)
    return (f'<div class="vg-query-error"><b>The link has settings this app cannot use:</b>'
            f"<ul>{items}</ul></div>")
