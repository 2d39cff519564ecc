"""A table app for a page address: a new game set up from the link (`?players=3&seats=...`)
or the stored table it names (`?table=...&key=...`), kept in the table store.

Without a query the app is built first and the page's address read after: a pre-heated
Voila kernel builds every widget before a student opens the page, and the request then
costs only the game its link asks for (nothing at all for a bare link).

Where there is no table store at all (`NoStore`: a static site in the browser, whose Python
has no sqlite3, or a server run with VILLAGE_GAMES_STORE=none) the app keeps its game in
the page and says so (`TableApp.keep_in_tab`); a store that exists but fails is a fault,
and its notice says what went wrong.
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as w

from village_games.tables import NoStore, StoreError, TableStore, open_store

from ..kit.query import page_query, unknown_keys
from .adapter import GameAdapter
from .setup import TABLE_KEYS, parse_setup, unknown_settings
from .view import TableApp


def table_app(adapter: GameAdapter, query: dict[str, str] | None = None,
              step_by_step: bool = True) -> w.Widget:
    """The app for `adapter`, set up from the page's query string (or `query`)."""
    return open_table(adapter, query, step_by_step).widget


def open_table(adapter: GameAdapter, query: dict[str, str] | None = None,
               step_by_step: bool = True, store: TableStore | None = None) -> TableApp:
    """`table_app`'s app object, its table kept in `store` (the default table store when
    none is given: `village_games.tables.open_store`). A page address with `table` (and
    `key`) opens that stored table; any other sets a new one up."""
    if query is not None:
        setup, errors = parse_setup(query, adapter)
        app = TableApp(adapter, setup, errors, step_by_step=step_by_step)
        params = query
    else:
        app = TableApp(adapter, step_by_step=step_by_step)
        params = page_query()
    return serve_table(app, params, store, setup_link=query is None)


def open_page(make_app: Callable[..., TableApp], query: dict[str, str] | None = None,
              step_by_step: bool = False, store: TableStore | None = None) -> TableApp:
    """The app of a game whose adapter takes settings from the page address (a bot kind,
    a target), built by `make_app(params, step_by_step=...)`, its table on the server. A
    table link builds the app with the table's stored settings only: whoever holds a link
    cannot add `&bots=...` to play the table's bots another way."""
    params = page_query() if query is None else dict(query)
    store, problem = _store(store)
    chosen = params
    if store is not None and params.get("table", "").strip():
        chosen = {k: params[k] for k in ("table", "key") if k in params}
        try:
            chosen.update(store.get(params["table"].strip()).settings)
        except StoreError:
            pass  # opening the table below says why
    app = make_app(chosen, step_by_step=step_by_step)
    return serve_table(app, params, store, problem=problem)


def _store(store: TableStore | None) -> tuple[TableStore | None, StoreError | None]:
    """The store to keep tables in (the default one if none is given), or why there is
    none."""
    if store is not None:
        return store, None
    try:
        return open_store(), None
    except StoreError as exc:
        return None, exc


def serve_table(app: TableApp, params: dict[str, str], store: TableStore | None = None,
                setup_link: bool = False, problem: StoreError | None = None) -> TableApp:
    """Put a built app's table on the server: the stored table the page address names
    (`?table=...&key=...`), or else the app's own new game (first set up from `params`
    when `setup_link`: an app built before its page address was known). Without a store
    (`problem` says why) the game stays in this page."""
    if store is None and problem is None:
        store, problem = _store(None)
    table_id = params.get("table", "").strip()
    if store is None and isinstance(problem, NoStore):
        return _in_this_tab(app, params, table_id, setup_link)
    if store is None:
        app.set_notices([f"The table store cannot be used, so this game is not kept on the "
                         f"server and other devices cannot join: {problem}"])
        return app
    if table_id:
        app.open_stored(store, table_id, params.get("key", "").strip() or None)
        if app.session is not None:  # (a table link reads its table and key, nothing else)
            app.set_notices(unknown_keys(params, TABLE_KEYS))
    elif setup_link and params:
        app.store = store
        setup, notices = parse_setup(params, app.adapter)
        app.apply_setup(setup, notices + unknown_settings(params, app.adapter, *app.link_keys))
    else:
        app.attach_store(store)
    return app


def _in_this_tab(app: TableApp, params: dict[str, str], table_id: str,
                 setup_link: bool) -> TableApp:
    """A page with no table store: its game stays in the page. A table link has nothing
    to open here; a setup link (read after the app was built) sets the game up."""
    app.keep_in_tab()
    if table_id:
        app.refuse("this page keeps its games in the tab and has no tables to open from a "
                   "link")
    elif setup_link and params:
        setup, notices = parse_setup(params, app.adapter)
        app.apply_setup(setup, notices + unknown_settings(params, app.adapter, *app.link_keys))
    return app
