"""Callback errors must show up in the app: Voila swallows exceptions raised in callbacks."""

from __future__ import annotations

import functools
import html
import logging
import traceback
from collections.abc import Callable
from typing import ParamSpec, Protocol, TypeVar

import ipywidgets as w

log = logging.getLogger("village_games.widgets")
P = ParamSpec("P")
R = TypeVar("R")


class Guard(Protocol):
    """What `guarded` gives: wraps a callback of any signature into one that shows its
    errors in the app instead of raising (and then returns None)."""

    def __call__(self, fn: Callable[P, R], /) -> Callable[P, R | None]: ...


class ErrorBanner(w.HTML):
    """A red banner that shows the last error of an app's callbacks (hidden when empty)."""

    def __init__(self) -> None:
        super().__init__("")
        self.add_class("vg-error")
        self.layout.display = "none"

    def show(self, message: str, detail: str = "") -> None:
        extra = f"<details><summary>details</summary><pre>{html.escape(detail)}</pre></details>"
        self.value = f"<b>Something went wrong:</b> {html.escape(message)}" + (
            extra if detail else "")
        self.layout.display = ""

    def clear(self) -> None:
        self.value = ""
        self.layout.display = "none"


def guarded(banner: ErrorBanner, expected: tuple[type[BaseException], ...] = (ValueError,),
            clears: bool = True) -> Guard:
    """Wrap a callback: expected errors (bad input, illegal moves) show their message;
    anything else shows the message plus the traceback and goes to the log. A success
    clears the banner, unless `clears` is False (work the user did not start, such as bots
    playing on in the background, must not hide the message of what the user did)."""

    def wrap(fn: Callable[P, R]) -> Callable[P, R | None]:
        @functools.wraps(fn)
        def run(*args: P.args, **kwargs: P.kwargs) -> R | None:
            try:
                result = fn(*args, **kwargs)
            except expected as exc:
                banner.show(str(exc))
                return None
            except Exception as exc:  # noqa: BLE001 - shown to the user, never swallowed
                log.exception("widget callback failed")
                banner.show(f"{type(exc).__name__}: {exc}", traceback.format_exc())
                return None
            if clears:
                banner.clear()
            return result

        return run

    return wrap
