"""Draw a Villagers table as HTML from one seat's observation.

Clickable things carry `data-vg-value` and `data-vg-field`: the action fields the element
stands for (Road slots, stacks and village slots are all small numbers, so each names
its fields, or `Kind.field` where a plain name would be ambiguous). The generic Board
makes an element clickable while the picker offers its value in one of those fields, so a
build can be made on the table alone: a card in the hand, the villager it goes on (or the
"new chain" spot), and, for a padlock with a choice, the copy of the unlocker to pay (a
spot on that card), the Bank or the Tinner. Everything drawn comes from the observation
and the card set; no rules are worked out here.
"""

from __future__ import annotations

from typing import Any

from village_games.villagers import CardSet
from village_games.villagers.odds import top_card_chances
from village_games.villagers.views import (
    BuildView,
    Markets,
    PlayerView,
    SlotView,
    TokenBonusView,
)

from ..kit.markup import card_list
from ..kit.markup import esc as _e
from .card_face import EXPANSION_MARKS, EXPANSION_TITLES, back_html, card_html, suit_class
from .expansions_render import bronze_line, developments_html, pending_html
from .solo_render import solo_html
from .table_view import VillagersTable

# the action fields (data-vg-field) each part of the table stands for
ROAD_FIELDS = "DraftRoad.slot PlaceCoin.slot GiveCountess.slot PlayCourier.slot"
STACK_FIELDS = ("DraftStack.stack PlayProphet.stack Conscript.stack RewardDraw.stack "
                "TakeBasic.stack")
RESERVE_FIELDS = "Conscript.stack RewardDraw.stack TakeBasic.stack"  # (value None)
# a villager of the viewer's own village: where a card goes, what a Smuggler earns from,
# the villager an Agent reads or a Thief sits on, the Bronze symbol to score
OWN_SLOT_FIELDS = "on target AgentReads.slot ThiefSteals.slot PickBronze.slot"
EVENT_SLOT_FIELD = "PickVillager.slot"  # the villager a solo event acts on
UNLOCK_FIELD = "unlock"  # a padlock's payment: a copy of the unlocker, the Bank, the Tinner
BASIC_FIELD = "basic"  # a Basic Villager in the supply (TakeBasic, RewardBasic)

def pay_spot(seat: int, slot: int, name: str) -> str:
    """The spot on a copy of an unlocker that pays it to open a padlock: shown only while
    the picker offers that payment (board.css / style.css hide it otherwise)."""
    return (f'<div class="vg-vpay" data-vg-value="{seat}:{slot}" data-vg-field="{UNLOCK_FIELD}"'
            f' title="open the padlock by paying this {_e(name)}">pay this {_e(name)}</div>')


def unlockers(cards: CardSet) -> set[str]:
    """The villagers that open some card's padlock (card facts, not rules)."""
    return {c.padlock for c in cards.cards.values() if c.padlock}


def odds_html(chances: dict[str, Any]) -> str:
    """Under a stack: the likeliest top card and its chance; every chance on hover."""
    if not chances:
        return ""
    ranked = sorted(chances.items(), key=lambda kv: (-kv[1], kv[0]))
    name, p = ranked[0]
    tip = "; ".join(f"{n} {float(q):.0%}" for n, q in ranked)
    return (f'<div class="vg-vodds" title="Chance of each villager on top (from what you '
            f'have seen): {_e(tip)}">top: {_e(name)} {float(p):.0%}</div>')


def market_label(markets: Markets, first: bool) -> str:
    """The Market card under its stack: done, due at the end of this round, or waiting."""
    done = markets["done"] > (0 if first else 1)
    due = not done and markets["first_due" if first else "second_due"]
    name = "1st Market" if first else "2nd Market"
    if done:
        return f'<div class="vg-vmarket vg-vmarket-done">{name} ✓</div>'
    if due:
        return (f'<div class="vg-vmarket vg-vmarket-due" title="its stacks are empty: this '
                f'Market is scored at the end of this round">{name}: this round!</div>')
    return f'<div class="vg-vmarket">{name}</div>'


def market_news(obs: VillagersTable) -> str:
    """A line for the status bar when a Market is scored at the end of this round."""
    m = obs["markets"]
    if m["done"] < 2 and m["second_due"]:
        return ('<span class="vg-vmarket-now">The Second Market (and the end of the game) '
                "comes at the end of this round</span>")
    if m["done"] == 0 and m["first_due"]:
        return '<span class="vg-vmarket-now">The First Market comes at the end of this round</span>'
    return ""


def road_html(obs: VillagersTable, cards: CardSet) -> str:
    """The six stacks over the Road, the Market cards beneath stacks 2 and 6."""
    markets = obs["markets"]
    under = {markets["first_under_stack"]: True, markets["second_under_stack"]: False}
    cols = []
    chances = top_card_chances(obs, cards)  # exact, from what this seat has seen
    for i, (stack, slot) in enumerate(zip(obs["stacks"], obs["road"], strict=True)):
        if stack["size"]:
            top = back_html(stack["top_suit"], f"{stack['size']} left",
                            value=i, field=STACK_FIELDS) + odds_html(chances[i])
        else:
            top = '<div class="vg-vcard vg-vempty">empty</div>'
        if slot is None:
            face = '<div class="vg-vcard vg-vempty">—</div>'
        else:
            face = card_html(slot["card"], cards, value=i, field=ROAD_FIELDS,
                             coins=slot["coins"])
        market = market_label(markets, under[i]) if i in under else ""
        cols.append(f'<div class="vg-vroad-col" role="listitem">{top}{face}{market}</div>')
    res = obs["reserve"]
    basics = " · ".join(
        f'<span class="vg-vbasic" data-vg-value="{_e(k)}" data-vg-field="{BASIC_FIELD}" '
        f'title="a {_e(k)} from the Basic supply">{_e(k)} {v}</span>'
        for k, v in obs["basics"].items())
    side = (f'<div class="vg-vroad-side"><div class="vg-vreserve" data-vg-value="None" '
            f'data-vg-field="{RESERVE_FIELDS}">Reserve: {res["size"]}</div>'
            f"<div>Basic supply: {basics}</div>"
            f'<div class="vg-vbank" data-vg-value="bank" data-vg-field="{UNLOCK_FIELD}" '
            f'title="open the padlock by paying the Bank">Bank: {obs["bank"]} Gold</div></div>')
    return (f'<div class="vg-vroad" role="region" aria-label="The Road">'
            f'<div class="vg-li" role="list" aria-label="Stacks and Road cards">'
            f'{"".join(cols)}</div>{side}</div>')


def chains(village: list[SlotView]) -> list[list[int]]:
    """Village slots grouped bottom-up into chains (a branch repeats its base)."""
    kids: dict[int | None, list[int]] = {}
    for k, v in enumerate(village):
        kids.setdefault(v["on"], []).append(k)
    out: list[list[int]] = []

    def walk(k: int, path: list[int]) -> None:
        path = [*path, k]
        if k not in kids:
            out.append(path)
        for kid in kids[k] if k in kids else []:
            walk(kid, path)

    for root in kids.get(None, []):
        walk(root, [])
    return out


def village_html(p: PlayerView, cards: CardSet, fields: str = "", pay: set[str] | None = None,
                 new_chain: bool = False) -> str:
    """A village as columns, one per chain; covered villagers are dimmed. `fields`: what
    its villagers stand for when clicked ("" for none); `pay`: the unlockers that get a
    pay spot; `new_chain`: a spot for a villager that starts a chain or stands alone."""
    vil = p["village"]
    pay = pay or set()
    cols = []
    drawn: set[int] = set()
    for chain in chains(vil):
        cells = []
        for k in chain:
            v = vil[k]
            card = v["card"]
            repeat = k in drawn  # a branch: its base is the same card as the chain beside
            drawn.add(k)
            label = card if v["role"] in (None, card) else f"{card} as {v['role']}"
            spot = pay_spot(p["seat"], k, card) if card in pay and not repeat else ""
            html = card_html(card, cards, value=k if fields and not repeat else None,
                             field=fields, coins=v["coins"], covered=v["kids"] > 0,
                             flipped=v["flipped"], extra=" vg-vrepeat" if repeat else "",
                             note="the same villager as in the chain to the left" if repeat
                             else "", inner=spot)
            if label != card:
                html = html.replace('<div class="vg-vname">',
                                    f'<div class="vg-vrole">{_e(label)}</div>'
                                    '<div class="vg-vname">', 1)
            cells.append(html)
        cols.append(f'<div class="vg-vchain">{"".join(cells)}</div>')
    if new_chain:
        cols.append('<div class="vg-vchain"><div class="vg-vcard vg-vnew" data-vg-value="None"'
                    ' data-vg-field="on" title="start a new chain, or stand alone">+ new chain'
                    "</div></div>")
    return (f'<div class="vg-vvillage" role="region" aria-label="{_e(p["name"])}\'s village">'
            f'{"".join(cols) or "<i>empty</i>"}</div>')


def token_bonus(obs: VillagersTable, seat: int) -> TokenBonusView:
    """The Food and Builders the seat's Development tokens add (an Ox Crane's Builder)."""
    ext = obs.get("expansions")
    rows = ext["token_bonus"] if ext else []
    none: TokenBonusView = {"seat": seat, "food": 0, "builders": 0, "from": []}
    return next((r for r in rows if r["seat"] == seat), none)


def panel_html(obs: VillagersTable, p: PlayerView) -> str:
    """Gold, Food, Builders and the limits of one player (a Development token's Food or
    Builder beside the village's own)."""
    build: BuildView | dict[str, object] = obs.get("build") or {}
    limit = tinner = ""
    if build.get("seat") == p["seat"]:
        limit = (f' · builds {build["used"]}/{build["limit"]}'
                 f' · returns {build["returns"]}/{build["returns_limit"]}')
        if build.get("tinner"):
            tinner = (f'<span class="vg-vtinner" data-vg-value="tinner" '
                      f'data-vg-field="{UNLOCK_FIELD}" title="a Tinner was played this turn: '
                      'padlocks open for free">Tinner: padlocks free</span> ')
    draft = f' · drafting {len(p["square"])}/{p["draft_limit"]}' if p["drafting"] else ""
    extra = token_bonus(obs, p["seat"])
    tokens = " and ".join(extra.get("from", [])) or "Development tokens"
    food = (f' <span class="vg-vi vg-vi-food vg-vtoken" title="from the {_e(tokens)}: counts '
            f'for the draft limit while held">+{extra["food"]} Food</span>'
            if extra["food"] else "")
    builders = (f' <span class="vg-vi vg-vi-build vg-vtoken" title="from the {_e(tokens)}: '
                f'counts for the build limit while held">+{extra["builders"]} Builder'
                f'{"s" if extra["builders"] != 1 else ""} ({_e(tokens)})</span>'
                if extra["builders"] else "")
    return (f'<div class="vg-vpanel"><b>{_e(p["name"])}</b> '
            f'<span class="vg-vi vg-vi-gold">{p["gold"]} Gold</span> '
            f'<span class="vg-vi vg-vi-food">Food {p["food"]}</span>{food} '
            f'<span class="vg-vi vg-vi-build">Builders {p["builders"]}</span>{builders} '
            f'{tinner}<span class="vg-note">draft limit {p["draft_limit"]}{draft}{limit}'
            f' · printed gold {p["printed_gold"]} · coins {p["coins"]}</span></div>')


def countess_panel(p: PlayerView) -> str:
    """The Countess's Supply and village counts (she has no hand and no limits)."""
    return (f'<div class="vg-vpanel"><b>{_e(p["name"])}</b> '
            f'<span class="vg-vi vg-vi-gold">{p["gold"]} Gold</span> '
            f'<span class="vg-vi vg-vi-food">Food {p["food"]}</span> '
            f'<span class="vg-note">{p["villagers"]} cards · printed gold {p["printed_gold"]}'
            f' · coins {p["coins"]}</span></div>')


def cannot_play(reason: str | None) -> str:
    """A hand card's state for a screen reader, from the rules' reason ("" for none)."""
    return f"cannot be played: {reason}" if reason else ""


def hand_html(obs: VillagersTable, p: PlayerView, cards: CardSet) -> str:
    """The viewer's hand and Village Square face up; others' hands as suited backs."""
    square = "".join(card_html(c, cards) for c in p["square"])
    if p["hand"] is not None:
        notes = (obs.get("hand_notes") or {})
        states = (obs.get("hand_states") or {})
        hand = card_list([card_html(c, cards, value=c, field="card", note=notes.get(c, ""),
                                    extra=" vg-vblocked" if notes.get(c) else "",
                                    state=cannot_play(states.get(c)))
                          for c in p["hand"]], "Your cards")
    else:
        known = "".join(card_html(c, cards) for c in p["hand_known"])
        hand = known + "".join(back_html(s) for s in p["hand_hidden_suits"])
    sq = (f'<div class="vg-vsquare"><span class="vg-vlabel">Village Square</span>{square}'
          "</div>") if square else ""
    who = "Your hand" if p["hand"] is not None else f"{p['name']}'s hand"
    return (f'<div class="vg-vhand vg-vhand-{p["seat"]}" role="region" '
            f'aria-label="{_e(who)}">'
            '<span class="vg-vlabel">Hand</span>'
            f'{hand or "<i>no cards</i>"}</div>'
            f"{sq}")


def unseen_html(obs: VillagersTable, cards: CardSet) -> str:
    """Per suit, the villagers this seat has not seen that may still be in play."""
    rows = "".join(
        f'<div><span class="vg-vtag {suit_class(s)}">{_e(s)}</span> '
        + ", ".join(f"{_e(n)}×{k}" if k > 1 else _e(n) for n, k in names.items()) + "</div>"
        for s, names in (obs.get("unseen") or {}).items() if names)
    return (f'<details class="vg-vunseen"><summary>Hidden cards still possibly in play'
            f"</summary>{rows or '<i>none</i>'}</details>")


def discard_html(obs: VillagersTable, cards: CardSet) -> str:
    items = [card_html(d["card"], cards) if d["card"] else back_html(d["suit"])
             for d in obs["discard"]]
    return (f'<details class="vg-vdiscard"><summary>Discard pile ({len(items)})</summary>'
            f'<div class="vg-vhand">{"".join(items) or "<i>empty</i>"}</div></details>')


TOTAL_ROW = ' class="vg-vtotal"'
# solo events whose choice is a villager of the Countess's (the labels say the same)
HER_VILLAGER_EFFECTS = ("trade_network", "keyring_bribe")


def legend_html(obs: VillagersTable) -> str:
    """What the marks on the cards mean: each expansion's corner mark in play, and the
    silver and bronze symbols."""
    ext = obs.get("expansions")
    names = ext["names"] if ext else []
    marks = [f"{EXPANSION_MARKS[x]} {EXPANSION_TITLES[x]}" for x in names
             if x in EXPANSION_MARKS]
    if not marks:
        return ""
    symbols = ["◇ Silver symbol: scores in the Second Market"]
    if "profiteers" in names:
        symbols.append("◆ Bronze symbol: one scores at the end of each of your turns")
    return (f'<div class="vg-vlegend"><b>Marks:</b> {_e(" · ".join(marks + symbols))}'
            "</div>")


def markets_html(obs: VillagersTable) -> str:
    """Each finished Market's breakdown per villager, if the observation carries one."""
    out = []
    for m in obs.get("market_scores") or []:
        rows = "".join(
            f"<tr{TOTAL_ROW if r.get('total') else ''}><td>{_e(r['player'])}</td>"
            f"<td>{_e(r['what'])}</td><td>{r['gold']}</td></tr>"
            for r in m["rows"])
        out.append(f'<details class="vg-vmarket-scores" open><summary>{_e(m["title"])}'
                   f'</summary><table>{rows}</table></details>')
    return "".join(out)


def render_table(obs: VillagersTable, cards: CardSet, highlight: list[int] | None = None) -> str:
    """The whole table for one seat: Road, villages (the viewer's first), hand, extras."""
    me = obs.get("viewer")
    build: BuildView | dict[str, object] = obs.get("build") or {}
    highlight = highlight or []
    order = sorted(range(len(obs["players"])), key=lambda i: (i != me, i))
    solo = obs.get("solo")
    effect = solo["current"]["effect"] if solo and solo["current"] else None
    hers = effect in HER_VILLAGER_EFFECTS  # the event acts on a villager of hers
    pay = unlockers(cards)
    seats = []
    for i in order:
        p = obs["players"][i]
        classes = ["vg-vseat"]
        if i in obs["to_act"]:
            classes.append("vg-vseat-active")
        if i in highlight:
            classes.append("vg-vseat-hl")
        countess = i == (solo["countess_seat"] if solo else None)  # no hand, no limits
        fields = ""
        if i == me:
            fields = OWN_SLOT_FIELDS + ("" if hers else f" {EVENT_SLOT_FIELD}")
        elif countess and hers:
            fields = EVENT_SLOT_FIELD
        village = village_html(p, cards, fields, pay, new_chain=i == me and me is not None
                               and build.get("seat") == me)
        seats.append(f'<div class="{" ".join(classes)} vg-vseat-{i}">'
                     f'{countess_panel(p) if countess else panel_html(obs, p)}'
                     f"{village}{bronze_line(obs, i)}"
                     f'{"" if countess else hand_html(obs, p, cards)}</div>')
    result = ""
    if obs.get("result"):
        result = f'<div class="vg-vresult">{_e(obs["result"])}</div>'
    news = market_news(obs)
    head = (f'<div class="vg-vstatus">Round {obs["round"]} · {_e(obs["phase"])} phase · '
            f'Markets scored: {obs["markets"]["done"]}/{obs["markets"]["count"]}'
            f'{" · " + news if news else ""}</div>')
    return (f'<div class="vg-villagers">{head}{legend_html(obs)}{result}{road_html(obs, cards)}'
            f"{solo_html(obs)}{developments_html(obs)}{pending_html(obs, cards)}"
            f'{markets_html(obs)}{"".join(seats)}'
            f"{unseen_html(obs, cards)}{discard_html(obs, cards)}</div>")
