"""Draw a Villagers table as HTML from one seat's observation.

Clickable things carry `data-vg-value` (and `data-vg-field`, since Road slots, stacks and
village slots are all small numbers): the generic Board makes them clickable while the
picker offers them. Everything drawn comes from the observation and the card set; no
rules are worked out here.
"""

from __future__ import annotations

from typing import Any

from village_games.core import words
from village_games.villagers import CardSet
from village_games.villagers.odds import top_card_chances

from ..markup import esc as _e
from .expansions_render import bronze_line, developments_html, pending_html
from .solo_render import solo_html

# the mark in each expansion's card corner (heart, moon, money pouch)
EXPANSION_MARKS = {"saints": "♥", "scoundrels": "☾", "profiteers": "$"}

SUIT_CLASS = {s: s.lower().replace(" ", "-") for s in (
    "Wood", "Hay", "Ore", "Grains", "Grapes", "Wool", "Leather", "Solitary", "Special",
    "Basic", "Founders")}


def suit_class(suit: str | None) -> str:
    return "vg-vs-" + SUIT_CLASS.get(suit or "", "unknown")


def _icons(food: int, builders: int, gold: int) -> str:
    parts = []
    if food:
        parts.append(f'<span class="vg-vi vg-vi-food" title="Food">{food} food</span>')
    if builders:
        parts.append(f'<span class="vg-vi vg-vi-build" title="Builders">{builders} bld</span>')
    if gold:
        parts.append(f'<span class="vg-vi vg-vi-gold" title="Gold">{gold}●</span>')
    return "".join(parts)


def card_tip(name: str, cards: CardSet) -> str:
    """The hover text of a card: its suit, what it goes on, its padlock and rules text."""
    c = cards.cards.get(name)
    if c is None:
        return name
    bits = [f"{name} ({c.suit})"]
    if c.on:
        bits.append(f"goes on {words.a(c.on)}")
    if c.padlock:
        bits.append(f"padlock: pay the {c.padlock}'s owner 2 Gold")
    if c.silver is not None:
        bits.append(f"silver: {c.silver.describe()}")
    if c.bronze is not None:
        bits.append(f"bronze (end of your turn): {c.bronze.describe()}")
    if c.expansion:
        bits.append(f"{c.expansion.title()} expansion")
    if c.help:
        bits.append(c.help)
    return " · ".join(bits)


def card_html(name: str, cards: CardSet, *, value: Any = None, field: str = "",
              coins: int = 0, covered: bool = False, flipped: bool = False,
              extra: str = "", note: str = "") -> str:
    """One face-up villager: suit colour, name, symbols, padlock and coins."""
    c = cards.cards.get(name)
    suit = c.suit if c else None
    food, builders, gold = (c.food, c.builders, c.gold) if c else (0, 0, 0)
    if c is not None and flipped and c.flipped is not None:
        food, builders, gold = c.flipped.food, c.flipped.builders, c.flipped.gold
    classes = ["vg-vcard", suit_class(suit)]
    if covered:
        classes.append("vg-vcovered")
    attrs = ""
    if value is not None:
        attrs = f' data-vg-value="{_e(str(value))}"' + (
            f' data-vg-field="{_e(field)}"' if field else "")
    lock = (f'<span class="vg-vlock" title="padlock: unlocked by the {_e(c.padlock)}">'
            f"lock: {_e(c.padlock)}</span>" if c is not None and c.padlock else "")
    key = (f'<span class="vg-vkey" title="keyrings">key {c.keyring}</span>'
           if c is not None and c.keyring else "")
    silver = (f'<span class="vg-vsilver" title="{_e(c.silver.describe())}">◇</span>'
              if c is not None and c.silver is not None else "")
    if c is not None and c.bronze is not None:
        silver += f'<span class="vg-vbronze" title="{_e(c.bronze.describe())}">◆</span>'
    if c is not None and c.expansion:
        silver += (f'<span class="vg-vexp" title="{_e(c.expansion.title())} expansion">'
                   f"{_e(EXPANSION_MARKS.get(c.expansion, '*'))}</span>")
    coin = f'<span class="vg-vcoins" title="coins on this card">{coins}●</span>' if coins else ""
    tip = card_tip(name, cards) + (f" — {note}" if note else "")
    return (f'<div class="{" ".join(classes)}{extra}" title="{_e(tip)}"{attrs}>'
            f'<div class="vg-vname">{_e(name)}</div>'
            f'<div class="vg-vsuit">{_e(suit or "")}</div>'
            f'<div class="vg-vsyms">{_icons(food, builders, gold)}{silver}{key}</div>'
            f"{lock}{coin}</div>")


def back_html(suit: str | None, label: str = "", *, value: Any = None, field: str = "") -> str:
    """A face-down card: only its suit shows."""
    attrs = ""
    if value is not None:
        attrs = f' data-vg-value="{_e(str(value))}" data-vg-field="{_e(field)}"'
    return (f'<div class="vg-vcard vg-vback {suit_class(suit)}"{attrs} '
            f'title="face down: {_e(suit or "unknown suit")}">'
            f'<div class="vg-vsuit">{_e(suit or "?")}</div>'
            f'<div class="vg-vleft">{_e(label)}</div></div>')


def odds_html(chances: dict[str, Any]) -> str:
    """Under a stack: the likeliest top card and its chance; every chance on hover."""
    if not chances:
        return ""
    ranked = sorted(chances.items(), key=lambda kv: (-kv[1], kv[0]))
    name, p = ranked[0]
    tip = "; ".join(f"{n} {float(q):.0%}" for n, q in ranked)
    return (f'<div class="vg-vodds" title="Chance of each villager on top (from what you '
            f'have seen): {_e(tip)}">top: {_e(name)} {float(p):.0%}</div>')


def road_html(obs: dict, cards: CardSet) -> str:
    """The six stacks over the Road, the Market cards beneath stacks 2 and 6."""
    markets = obs["markets"]
    under = {markets["first_under_stack"]: "1st Market",
             markets["second_under_stack"]: "2nd Market"}
    cols = []
    live = obs.get("build") is None  # in the Build Phase, numbers mean village slots
    chances = top_card_chances(obs, cards)  # exact, from what this seat has seen
    for i, (stack, slot) in enumerate(zip(obs["stacks"], obs["road"], strict=True)):
        if stack["size"]:
            top = back_html(stack["top_suit"], f"{stack['size']} left",
                            value=i if live else None, field="stack") + odds_html(chances[i])
        else:
            top = '<div class="vg-vcard vg-vempty">empty</div>'
        if slot is None:
            face = '<div class="vg-vcard vg-vempty">—</div>'
        else:
            face = card_html(slot["card"], cards, value=i if live else None, field="slot",
                             coins=slot["coins"])
        market = ""
        if i in under:
            done = markets["done"] > (0 if i == markets["first_under_stack"] else 1)
            market = (f'<div class="vg-vmarket{" vg-vmarket-done" if done else ""}">'
                      f"{under[i]}{' ✓' if done else ''}</div>")
        cols.append(f'<div class="vg-vroad-col">{top}{face}{market}</div>')
    res = obs["reserve"]
    basics = " · ".join(f"{_e(k)} {v}" for k, v in obs["basics"].items())
    side = (f'<div class="vg-vroad-side"><div>Reserve: {res["size"]}</div>'
            f"<div>Basic supply: {basics}</div><div>Bank: {obs['bank']} Gold</div></div>")
    return f'<div class="vg-vroad">{"".join(cols)}{side}</div>'


def chains(village: list[dict]) -> list[list[int]]:
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


def village_html(p: dict, cards: CardSet, pickable: bool) -> str:
    """A village as columns, one per chain; covered villagers are dimmed."""
    vil = p["village"]
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
            html = card_html(card, cards, value=k if pickable else None, field="on",
                             coins=v["coins"], covered=v["kids"] > 0, flipped=v["flipped"],
                             extra=" vg-vrepeat" if repeat else "",
                             note="the same villager as in the chain to the left" if repeat
                             else "")
            if label != card:
                html = html.replace('<div class="vg-vname">',
                                    f'<div class="vg-vrole">{_e(label)}</div>'
                                    '<div class="vg-vname">', 1)
            cells.append(html)
        cols.append(f'<div class="vg-vchain">{"".join(cells)}</div>')
    return f'<div class="vg-vvillage">{"".join(cols) or "<i>empty</i>"}</div>'


def panel_html(obs: dict, p: dict) -> str:
    """Gold, Food, Builders and the limits of one player."""
    build = obs.get("build") or {}
    limit = ""
    if build.get("seat") == p["seat"]:
        limit = (f' · builds {build["used"]}/{build["limit"]}'
                 f' · returns {build["returns"]}/3')
    draft = f' · drafting {len(p["square"])}/{p["draft_limit"]}' if p["drafting"] else ""
    return (f'<div class="vg-vpanel"><b>{_e(p["name"])}</b> '
            f'<span class="vg-vi vg-vi-gold">{p["gold"]} Gold</span> '
            f'<span class="vg-vi vg-vi-food">Food {p["food"]}</span> '
            f'<span class="vg-vi vg-vi-build">Builders {p["builders"]}</span> '
            f'<span class="vg-note">draft limit {p["draft_limit"]}{draft}{limit}'
            f' · printed gold {p["printed_gold"]} · coins {p["coins"]}</span></div>')


def countess_panel(p: dict) -> str:
    """The Countess's Supply and village counts (she has no hand and no limits)."""
    return (f'<div class="vg-vpanel"><b>{_e(p["name"])}</b> '
            f'<span class="vg-vi vg-vi-gold">{p["gold"]} Gold</span> '
            f'<span class="vg-vi vg-vi-food">Food {p["food"]}</span> '
            f'<span class="vg-note">{p["villagers"]} cards · printed gold {p["printed_gold"]}'
            f' · coins {p["coins"]}</span></div>')


def hand_html(obs: dict, p: dict, cards: CardSet) -> str:
    """The viewer's hand and Village Square face up; others' hands as suited backs."""
    square = "".join(card_html(c, cards) for c in p["square"])
    if p["hand"] is not None:
        notes = (obs.get("hand_notes") or {})
        hand = "".join(card_html(c, cards, value=c, field="card", note=notes.get(c, ""),
                                 extra=" vg-vblocked" if notes.get(c) else "")
                       for c in p["hand"])
    else:
        known = "".join(card_html(c, cards) for c in p["hand_known"])
        hand = known + "".join(back_html(s) for s in p["hand_hidden_suits"])
    sq = (f'<div class="vg-vsquare"><span class="vg-vlabel">Village Square</span>{square}'
          "</div>") if square else ""
    return (f'<div class="vg-vhand vg-vhand-{p["seat"]}"><span class="vg-vlabel">Hand</span>'
            f'{hand or "<i>no cards</i>"}</div>'
            f"{sq}")


def unseen_html(obs: dict, cards: CardSet) -> str:
    """Per suit, the villagers this seat has not seen that may still be in play."""
    rows = "".join(
        f'<div><span class="vg-vtag {suit_class(s)}">{_e(s)}</span> '
        + ", ".join(f"{_e(n)}×{k}" if k > 1 else _e(n) for n, k in names.items()) + "</div>"
        for s, names in (obs.get("unseen") or {}).items() if names)
    return (f'<details class="vg-vunseen"><summary>Hidden cards still possibly in play'
            f"</summary>{rows or '<i>none</i>'}</details>")


def discard_html(obs: dict, cards: CardSet) -> str:
    items = [card_html(d["card"], cards) if d["card"] else back_html(d["suit"])
             for d in obs["discard"]]
    return (f'<details class="vg-vdiscard"><summary>Discard pile ({len(items)})</summary>'
            f'<div class="vg-vhand">{"".join(items) or "<i>empty</i>"}</div></details>')


TOTAL_ROW = ' class="vg-vtotal"'


def markets_html(obs: dict) -> str:
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


def render_table(obs: dict, cards: CardSet, highlight: list[int] | None = None) -> str:
    """The whole table for one seat: Road, villages (the viewer's first), hand, extras."""
    me = obs.get("viewer")
    build = obs.get("build") or {}
    highlight = highlight or []
    order = sorted(range(len(obs["players"])), key=lambda i: (i != me, i))
    seats = []
    for i in order:
        p = obs["players"][i]
        classes = ["vg-vseat"]
        if i in obs["to_act"]:
            classes.append("vg-vseat-active")
        if i in highlight:
            classes.append("vg-vseat-hl")
        pickable = i == me and build.get("seat") == me
        countess = i == (obs.get("solo") or {}).get("countess_seat")  # no hand, no limits
        seats.append(f'<div class="{" ".join(classes)} vg-vseat-{i}">'
                     f'{countess_panel(p) if countess else panel_html(obs, p)}'
                     f"{village_html(p, cards, pickable)}{bronze_line(obs, i)}"
                     f'{"" if countess else hand_html(obs, p, cards)}</div>')
    result = ""
    if obs.get("result"):
        result = f'<div class="vg-vresult">{_e(obs["result"])}</div>'
    head = (f'<div class="vg-vstatus">Round {obs["round"]} · {_e(obs["phase"])} phase · '
            f'Markets scored: {obs["markets"]["done"]}/2</div>')
    return (f'<div class="vg-villagers">{head}{result}{road_html(obs, cards)}'
            f"{solo_html(obs)}{developments_html(obs)}{pending_html(obs, cards)}"
            f'{markets_html(obs)}{"".join(seats)}'
            f"{unseen_html(obs, cards)}{discard_html(obs, cards)}</div>")
