"""Village Pillage as HTML: cards that look like cards, and the table for one seat's view.

Everything here reads an observation (`game.observation(seat)`) and the game's card set
(`game.cards`, public facts); nothing looks at the game itself, so what a seat may not know
cannot leak into its page. The viewer's own cards and the market cards carry
`data-vg-value="<name>"`: the board widget makes them clickable while they are choices.

Stable CSS classes for tests: `vg-table`, `vg-village`, `vg-seat-<i>`, `vg-viewer`,
`vg-to-act`, `vg-stockpile`, `vg-bank`, `vg-relics`, `vg-plan`, `vg-hand`, `vg-market`,
`vg-deck`, `vg-winner-banner`, and on cards `vg-card vg-<type>`.
"""

from __future__ import annotations

from village_games.core import words
from village_games.village_pillage import TYPES, CardSet
from village_games.village_pillage.views import HIDDEN, PillageObservation, PlayedCard, PlayerView

from ..kit.markup import esc as _e

TYPE_LETTER = {"Farmer": "F", "Wall": "W", "Raider": "R", "Merchant": "M"}

# Where each village sits around the table (grid areas, see the "table" CSS section) and
# the (column, row) of each area for the arrows on planned cards. The viewer sits at the
# bottom; the others follow clockwise seen from above, so the viewer's left neighbour
# (seat + 1, the engine's `left`) sits on the screen's left and the rest go round the top.
LAYOUTS: dict[int, dict[str, tuple[float, float]]] = {
    2: {"b": (0, 1), "t": (0, 0)},
    3: {"b": (1, 1), "l": (0, 0), "r": (2, 0)},
    4: {"b": (1, 2), "l": (0, 1), "t": (1, 0), "r": (2, 1)},
    5: {"b": (1, 2), "l": (0, 1), "tl": (0, 0), "tr": (2, 0), "r": (2, 1)},
}
ARROWS = {(-1, -1): "↖", (0, -1): "↑", (1, -1): "↗", (-1, 0): "←", (1, 0): "→",
          (-1, 1): "↙", (0, 1): "↓", (1, 1): "↘", (0, 0): "•"}




def type_class(type_name: str) -> str:
    return f"vg-{type_name.lower()}"


def card_type(name: str, cards: CardSet) -> str:
    """The card's type name ("Farmer"...), for button colours."""
    return cards.type_name(name)


def _pips(types: list[str]) -> str:
    return "".join(f'<span class="vg-pip vg-pip-{t.lower()}" title="against {words.a(t)}">'
                   f"{TYPE_LETTER[t]}</span>" for t in types)


def effect_rows(name: str, cards: CardSet) -> list[str]:
    """HTML rows 'vs <types>: effect', identical effects grouped, empty ones left out."""
    card = cards[name]
    if card.buy_relic:
        return ['<div class="vg-eff"><span class="vg-relic-icon small"></span> buy relic</div>',
                f'<div class="vg-eff vg-else">else: {_e(card.if_unable.describe())}</div>']
    groups: dict[str, list[str]] = {}
    for t, eff in zip(TYPES, card.effects, strict=True):
        if not eff.is_empty:
            groups.setdefault(eff.describe(), []).append(t)
    rows = []
    for text, types in groups.items():
        who = '<span class="vg-vs-all">vs all</span>' if len(types) == 4 else _pips(types)
        rows.append(f'<div class="vg-eff">{who} {_e(text)}</div>')
    return rows


def card_html(name: str, cards: CardSet, *, small: bool = False, exhausted: bool = False,
              hidden: bool = False, extra_class: str = "", pickable: bool = False,
              state: str = "") -> str:
    """One card: colour by type, name, type and its effect per opposing type.

    `hidden` (or the name "?") draws the card back and says nothing about the card.
    `small` drops the effect rows (planned cards, exhausted cards, the market strip).
    `pickable` marks the card as one the viewer may choose (`data-vg-value`); `state` is
    what a screen reader says of it while it may not be (board.js).
    """
    classes = ["vg-card"] + (["vg-small"] if small else []) + ([extra_class] if extra_class
                                                                else [])
    if hidden or name == HIDDEN:
        return (f'<div class="{" ".join(classes + ["vg-back"])}" title="face down">'
                '<div class="vg-back-mark">?</div></div>')
    card = cards[name]
    classes.append(type_class(card.type_name))
    if exhausted:
        classes.append("vg-exhausted")
    rows = ("" if small else
            f'<div class="vg-card-rows">{"".join(effect_rows(name, cards))}</div>')
    badge = '<div class="vg-card-badge">resting</div>' if exhausted else ""
    egg = '<span class="vg-egg" title="starting card"></span>' if card.starter else ""
    tip = _e(card.help + (f" ({card.note})" if card.note else ""))
    value = f' data-vg-value="{_e(name)}"' if pickable else ""
    if state:
        value += f' data-vg-state="{_e(state)}"'
    # a long single word gets a smaller font instead of breaking mid-word in a small slot
    long_name = " vg-long-name" if max(len(w) for w in name.split()) >= 9 else ""
    return (f'<div class="{" ".join(classes)}" title="{tip}" data-card="{_e(name)}"{value}>'
            f'<div class="vg-card-name{long_name}">{_e(name)}{egg}</div>'
            f'<div class="vg-card-type">{_e(card.type_name)}</div>{rows}{badge}</div>')


def empty_slot(label: str = "") -> str:
    return f'<div class="vg-card vg-small vg-empty">{_e(label)}</div>'


# ---------------------------------------------------------------- the table
def seat_cells(n: int, viewer: int | None) -> dict[int, str]:
    """Which grid area each seat's village takes; the viewer (or seat 0) at the bottom."""
    me = 0 if viewer is None else viewer
    areas = list(LAYOUTS[n])
    return {(me + k) % n: area for k, area in enumerate(areas)}


def arrow(n: int, from_cell: str, to_cell: str) -> str:
    """The arrow from one village toward another, as drawn on the screen."""
    (x0, y0), (x1, y1) = LAYOUTS[n][from_cell], LAYOUTS[n][to_cell]
    return ARROWS[((x1 > x0) - (x1 < x0), (y1 > y0) - (y1 < y0))]


def _relics(count: int, total: int, next_cost: int | None) -> str:
    icons = "".join(f'<span class="vg-relic-icon{" owned" if i < count else ""}"></span>'
                    for i in range(total))
    nxt = (f'<span class="vg-next-relic">next costs {next_cost}</span>'
           if next_cost is not None and count < total else
           '<span class="vg-next-relic">all relics</span>')
    return (f'<div class="vg-relics" data-relics="{count}" title="{count} of {total} relics">'
            f'{icons}{nxt}</div>')


def _played_by_slot(obs: PillageObservation) -> dict[tuple[int, int], PlayedCard]:
    return {(p["seat"], p["side"]): p for p in obs.get("played", [])}


def _plan_html(obs: PillageObservation, seat: int, cells: dict[int, str], cards: CardSet) -> str:
    p = obs["players"][seat]
    duel = obs["duel"]
    played = _played_by_slot(obs)
    names = [obs["players"][i]["name"] for i in range(len(obs["players"]))]
    slots = []
    for side in range(2):
        card = p["plan"][side] if side < len(p["plan"]) else None
        if duel:
            target = 1 - seat
            label = ("front: now" if side == 0 else "back: next round")
            point = arrow(len(cells), cells[seat], cells[target])
        else:
            target = p["left"] if side == 0 else p["right"]
            label = ("left" if side == 0 else "right")
            point = arrow(len(cells), cells[seat], cells[target])
        caption = (f'<div class="vg-slot-label">{_e(label)} {point} '
                    f'<b>{_e(names[target])}</b></div>')
        if card is None:
            body = empty_slot("…")
        else:
            info = played.get((seat, side))
            face_up = card != HIDDEN
            mine = seat == obs.get("viewer")
            extra = ""
            if info and info.get("acting"):
                extra = "vg-acting"
            elif info and info.get("exhausting"):
                extra = "vg-exhausting"
            elif (mine or obs.get("all_cards")) and face_up and not info:
                extra = "vg-mine-face-down"  # face up here, face down at the table
            body = card_html(card, cards, small=True, extra_class=extra,
                             pickable=mine and face_up)
        slots.append(f'<div class="vg-slot vg-side-{side}">{caption}{body}</div>')
    return f'<div class="vg-plan">{"".join(slots)}</div>'


def village_html(obs: PillageObservation, seat: int, cells: dict[int, str], cards: CardSet,
                 highlight: list[int] | None = None,
                 hand_states: dict[str, str] | None = None) -> str:
    p = obs["players"][seat]
    stock, bank, relics = p["stockpile"], p["bank"], p["relics"]
    costs = obs["relic_costs"]
    next_cost = costs[relics] if relics < len(costs) else None
    classes = ["vg-village", f"vg-seat-{seat}", f"vg-cell-{cells[seat]}"]
    if seat == obs.get("viewer"):
        classes.append("vg-viewer")
    viewer = obs.get("viewer")
    to_act = obs.get("to_act", [])
    if seat in to_act and obs["phase"] != "over" and (viewer is None or viewer not in to_act
                                                      or seat == viewer):
        classes.append("vg-to-act")  # the viewer's own turn outshines the others'
    status = ""
    if obs["phase"] == "plan":
        status = ('<div class="vg-ready">planned ✓</div>' if p["planned"]
                  else '<div class="vg-thinking">planning…</div>')
    if highlight and seat in highlight:
        classes.append("vg-highlight")
    if seat in obs.get("winners", []):
        classes.append("vg-winner")
    you = ' <span class="vg-you">you</span>' if seat == obs.get("viewer") else ""
    crown = ' <span class="vg-crown" title="winner">♛</span>' if seat in obs.get(
        "winners", []) else ""
    head = (f'<div class="vg-village-head"><span class="vg-village-name">{_e(p["name"])}'
            f"</span>{you}{crown}</div>")
    turnips = (
        '<div class="vg-counts">'
        f'<span class="vg-stockpile" data-value="{stock}" title="stockpile (can be stolen)">'
        f'<span class="vg-turnip"></span><b>{stock}</b> stockpile</span>'
        f'<span class="vg-bank" data-value="{bank}" title="bank (safe from most steals)">'
        f'<span class="vg-bank-icon"></span><b>{bank}/{obs["bank_cap"]}</b> bank</span>'
        "</div>")
    rel = _relics(relics, len(costs), next_cost)
    hand_note = ""
    if seat != obs.get("viewer"):
        extra = [c for c in p["market_cards"]]
        bits = [f'{p["hand_size"]} in hand']
        if extra:
            bits.append("bought: " + ", ".join(_e(c) for c in extra))
        if p["secret_count"]:
            bits.append(f'{p["secret_count"]} drawn face down')
        hand_note = f'<div class="vg-hand-note">{"; ".join(bits)}</div>'
    resting = ""
    if p["exhausted"]:
        resting = ('<div class="vg-resting"><div class="vg-slot-label">resting</div>'
                   + "".join(card_html(c, cards, small=True, exhausted=True)
                             for c in p["exhausted"])
                   + "</div>")
    last = [r["card"] for r in obs.get("last_round", []) if r["seat"] == seat]
    if last and obs["phase"] == "plan":  # what this village showed in the last round
        status += (f'<div class="vg-last-round" title="cards revealed last round">last round: '
                   f'{_e(", ".join(last))}</div>')
    stats = f'<div class="vg-village-stats">{head}{turnips}{rel}{status}{hand_note}</div>'
    plan = f'<div class="vg-plan-area">{_plan_html(obs, seat, cells, cards)}{resting}</div>'
    hand = (hand_html(obs, cards, hand_states) if seat == obs.get("viewer")
            else open_hand_html(p, cards))
    where = "your village" if seat == obs.get("viewer") else f"{p['name']}'s village"
    return (f'<div class="{" ".join(classes)}" data-seat="{seat}" role="region" '
            f'aria-label="{_e(where)}">{stats}{plan}{hand}</div>')


def card_list(items: list[str], label: str) -> str:
    """A row of cards as a list for a screen reader (each card a list item; the item's
    box takes no room, class vg-li)."""
    lis = "".join(f'<div class="vg-li" role="listitem">{i}</div>' for i in items)
    return f'<div class="vg-hand-cards" role="list" aria-label="{_e(label)}">{lis}</div>'


def cannot(what: str, reason: str | None) -> str:
    """A card's state for a screen reader from the rules' reason ("" for none)."""
    return f"{what}: {reason}" if reason else ""


def market_html(obs: PillageObservation, cards: CardSet,
                states: dict[str, str] | None = None) -> str:
    """The market row; `states`: why each card cannot be taken now (the rules' words)."""
    states = states or {}
    slots = "".join(
        f'<div class="vg-li" role="listitem">'
        f'{card_html(c, cards, pickable=True, state=cannot("cannot be taken", states.get(c)))}'
        "</div>" if c else empty_slot("empty") for c in obs["market"])
    return (f'<div class="vg-market" role="region" aria-label="Market">'
            f'<div class="vg-market-head">Market '
            f'<span class="vg-deck" data-value="{obs["deck_size"]}">deck: '
            f'{obs["deck_size"]}</span></div><div class="vg-market-cards" role="list" '
            f'aria-label="Market cards">{slots}</div></div>')


def hand_html(obs: PillageObservation, cards: CardSet,
              states: dict[str, str] | None = None) -> str:
    """The viewer's hand; `states`: why each card cannot be played now (the rules' words)."""
    viewer = obs.get("viewer")
    if viewer is None:
        return ""
    states = states or {}
    hand = obs["players"][viewer]["hand"] or []
    shown = (card_list([card_html(c, cards, pickable=True,
                                  state=cannot("cannot be played", states.get(c)))
                        for c in hand], "Your cards")
             if hand else '<div class="vg-hand-cards"><span class="vg-note">no cards in hand'
             "</span></div>")
    return (f'<div class="vg-hand" role="region" aria-label="Your hand">'
            f'<div class="vg-hand-head">Your hand ({len(hand)})</div>{shown}</div>')


def open_hand_html(p: PlayerView, cards: CardSet) -> str:
    """Another village's hand, when the view shows every card (a finished game's replay);
    "" when its hand is hidden, as in every seat's own view."""
    hand = p.get("hand")
    if hand is None:
        return ""
    shown = ("".join(card_html(c, cards, small=True) for c in hand)
             or '<span class="vg-note">none</span>')
    return (f'<div class="vg-open-hand"><div class="vg-slot-label">hand</div>'
            f'<div class="vg-hand-cards">{shown}</div></div>')


def banner_html(obs: PillageObservation) -> str:
    if obs["phase"] != "over":
        return ""
    names = words.and_list(obs["players"][s]["name"] for s in obs["winners"])
    return (f'<div class="vg-winner-banner"><span class="vg-crown">♛</span> '
            f'<b>{_e(names)}</b> {words.agree(len(obs["winners"]), "wins", "win")}! '
            f'<div class="vg-result">{_e(obs["result"])}</div></div>')


def status_html(obs: PillageObservation) -> str:
    phase = {"plan": "Plan", "resolve": "Resolve", "over": "Game over"}[obs["phase"]]
    mode = "Duel" if obs["duel"] else f'{len(obs["players"])} villages'
    costs = "/".join(map(str, obs["relic_costs"]))
    deck = ("" if obs.get("deck_name", "standard") == "standard" else
            f'<span class="vg-deck-name">deck: {_e(obs["deck_name"])}</span>')
    return (f'<div class="vg-status"><span class="vg-round">Round {obs["round"]}</span>'
            f'<span class="vg-phase">{phase}</span><span>{mode}</span>'
            f'<span>bank cap {obs["bank_cap"]}</span><span>relics {costs}</span>'
            '<span class="vg-order" title="Cards resolve by type in this order; on a card, '
            'a coloured letter means &quot;against this type&quot;">'
            + " → ".join(f"{_pips([t])} {t}" for t in TYPES) + "</span>"
            + deck + "</div>")


def render_table(obs: PillageObservation, cards: CardSet, *,
                 highlight: list[int] | None = None,
                 hand_states: dict[str, str] | None = None,
                 market_states: dict[str, str] | None = None) -> str:
    """The whole table as one seat sees it (`obs = game.observation(seat)`), drawn with the
    game's card set; `highlight` marks seats to draw attention to; `hand_states` and
    `market_states`: why a card of the viewer's hand or of the market cannot be chosen now
    (the engine's table notes), for a screen reader."""
    n = len(obs["players"])
    cells = seat_cells(n, obs.get("viewer"))
    areas = "".join(village_html(obs, s, cells, cards, highlight, hand_states)
                    for s in range(n))
    table = (f'<div class="vg-table vg-n{n}{" vg-duel" if obs["duel"] else ""}">{areas}'
             f'<div class="vg-cell-c vg-center">{market_html(obs, cards, market_states)}'
             "</div></div>")
    return f'<div class="vg-board">{banner_html(obs)}{status_html(obs)}{table}</div>'
