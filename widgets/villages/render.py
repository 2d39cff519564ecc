"""Draw a Villages table as HTML from one seat's observation.

Everything drawn comes from the observation, the deck's card facts and what the engine
computed (attack odds from `village_games.villages.odds`, battle steps from the log's
events); no rules are worked out here.

Clickable things carry `data-vg-value` (and `data-vg-field` where a value could mean two
fields): a hand card (any field), a unit in your own village (`unit`), the header of your
own village (`source`) and the "hire from your hand" tag (`source` = "hand"), another
player's name (`seat`) and village header (`village`), cards of another player's village
(`card`, for a reward), the deck and the discard pile (`source` of a draw).
"""

from __future__ import annotations

from typing import Any, Literal, TypedDict

from village_games.core import words
from village_games.villages import CardSet
from village_games.villages.cards import VILLAGE_COLOURS, Card
from village_games.villages.views import PlayerView, VillagesObservation, VillageView

from ..kit.markup import card_list
from ..kit.markup import esc as _e

# a line of a round's score, part by part (`RoundParts`), as the sheet lists them
PartName = Literal["villages", "hand", "graveyard", "first_empty", "score_card"]
# An attack on offer and its chance to win, as the adapter lists them from the engine's
# `attack_table` (`from`: a Python keyword, hence the functional form)
AttackRow = TypedDict("AttackRow", {"seat": int, "village": str, "unit": str, "target": str,
                                    "from": str, "value": float, "pct": str, "why": str})


class RecapRow(TypedDict):
    """A step of the last battle, as the log told it."""

    step: str
    text: str

STAND_IN_TIP = "Stand-in card: the real unit list is not public; this is the project's design."
KIND_WORDS = {"animal": "animal (needs a Farmer)", "building": "building (needs a Builder)"}
STEP_NAMES = ("Attacker", "Defender", "Reveal", "Reward", "Regroup")
EXPANSION_TIP = ("Stand-in expansion card: the real expansion cards are not public; this is "
                 "the project's design.")
LOCATION_TIP = ("Stand-in Location card: the real Location cards are not public; this is the "
                "project's design.")
# the expansions' cards, drawn apart from the six colours (inline: one place, no stylesheet)
BAND = {"Red": "#b03a2e", "Orange": "#d9731a", "Yellow": "#c9a40e", "Green": "#2e8b4a",
        "Blue": "#2e6fba", "Purple": "#7d3c98", "Dark": "#2b2533", "Light": "#e0c040"}
EXPANSION_LOOK = {
    "Dark": "border-color:#2b2533;background:#d9d4e0;",
    "Light": "border-color:#e0c040;border-style:dotted;background:#fffbe3;",
}
VILLAGE_HEAD = {"Dark": "background:#cfc8da;"}


def expansion_style(c: Card) -> str:
    """Inline style for a Dark, Light or dual-colour card ("" for any other card)."""
    if c.is_dual:
        a, b = (BAND[x] for x in c.colours)
        return (f"border-image:linear-gradient(90deg,{a} 50%,{b} 50%) 1;"
                "background:linear-gradient(90deg,#fff 0,#fff 100%);")
    return EXPANSION_LOOK.get(c.colour, "")


def expansion_badge(c: Card) -> str:
    """A word on the card face: Dark, Light (wild) or its two colours."""
    if c.is_dual:
        return "/".join(c.colours)
    if c.colour == "Light":
        return "Light · wild"
    if c.colour == "Dark":
        return "Dark"
    return ""


def colour_word(c: Card) -> str:
    """The word a card face prints for what its band's colour says (colour is never the
    only sign: WCAG 1.4.1): a unit's colour, else its kind (a grey animal or building).
    Expansion cards print theirs in `expansion_badge`."""
    return c.colour if c.is_unit else c.kind.capitalize()


def colour_class(colour: str | None) -> str:
    return "vg-vl-" + (colour or "unknown").lower()


def card_tip(card_id: str, cards: CardSet) -> str:
    """A card's hover text: its kind, numbers and ability, and whether it is stand-in."""
    c = cards.cards.get(card_id)
    if c is None:
        return card_id
    if c.is_unit:
        colour = "/".join(c.colours) + (" dual-colour" if c.is_dual else "")
        if c.colour == "Light":
            colour = "Light (wild: joins any village, never founds one alone)"
        elif c.colour == "Dark":
            colour = "Dark (supports nothing)"
        bits = [f"{c.id}: {colour} unit, power {c.power}, {c.gold} gold"]
        if c.supports:
            bits.append(f"lets {c.supports} join its village")
    else:
        bits = [f"{c.id}: {KIND_WORDS[c.kind]}, {c.gold} gold"]
    if c.help:
        bits.append(c.help)
    if expansion_badge(c):
        bits.append(EXPANSION_TIP)
    elif cards.stand_in:
        bits.append(STAND_IN_TIP)
    return " · ".join(bits)


def card_html(card_id: str, cards: CardSet, *, value: str | None = None, field: str = "",
              extra: str = "", note: str = "", state: str = "") -> str:
    """One face-up card: a colour band, name, power, gold and a mark for its ability
    (`state`: what a screen reader says of it while it cannot be picked, board.js)."""
    c = cards.cards.get(card_id)
    if c is None:
        return f'<div class="vg-vl-card vg-vl-unknown">{_e(card_id)}</div>'
    classes = ["vg-vl-card", colour_class(c.colour), f"vg-vl-{c.kind}"]
    attrs = ""
    if value is not None:
        attrs = f' data-vg-value="{_e(value)}"' + (f' data-vg-field="{_e(field)}"'
                                                     if field else "")
        # what a screen reader calls the card (board.js): its colour too
        said = f"{c.colour} {c.name}" if c.colour else c.name
        attrs += f' data-vg-name="{_e(said)}"'
        if state:
            attrs += f' data-vg-state="{_e(state)}"'
    marks = []
    if c.is_unit:
        marks.append(f'<span class="vg-vl-power" title="power">⚔{c.power}</span>')
    marks.append(f'<span class="vg-vl-gold" title="gold">{c.gold}●</span>')
    if c.supports:
        marks.append(f'<span class="vg-vl-sup" title="supports {c.supports}">'
                     f'{"Farmer" if c.supports == "animals" else "Builder"}</span>')
    ability = _ability(c)
    tip = card_tip(card_id, cards) + (f" — {note}" if note else "")
    look = expansion_style(c)
    if look:
        classes.append("vg-vl-expansion")
        attrs += f' style="{look}"'
    badge = expansion_badge(c)
    return (f'<div class="{" ".join(classes)}{extra}" title="{_e(tip)}"{attrs}>'
            + (f'<div class="vg-vl-cword">{_e(colour_word(c))}</div>' if not badge else "")
            + f'<div class="vg-vl-name">{_e(c.name)}</div>'
            + (f'<div class="vg-vl-xbadge" style="font-size:9px;font-weight:700">'
               f'{_e(badge)}</div>' if badge else "")
            + f'<div class="vg-vl-marks">{"".join(marks)}</div>'
            + (f'<div class="vg-vl-ability">{_e(ability)}</div>' if ability else "")
            + "</div>")


def _ability(c: Card) -> str:
    """A few words for the card face; the full help is in the hover text."""
    if c.archer:
        return "Archer"
    if c.village_multiplier > 1:
        return f"village ×{c.village_multiplier}"
    if c.same_colour_bonus:
        return f"{c.same_colour_bonus:+d} vs {c.colour}"
    if c.bonus_vs:
        return f"{c.bonus_vs:+d} vs {c.bonus_vs_name}"
    if c.attack_bonus:
        return f"{c.attack_bonus:+d} attacking"
    if c.defend_bonus:
        return f"{c.defend_bonus:+d} defending"
    if c.village_defend_bonus:
        return f"{c.village_defend_bonus:+d} defence here"
    if c.village_attack_bonus:
        return f"{c.village_attack_bonus:+d} attack from here"
    if c.reveals_hired:
        return "shows hired attackers"
    if c.keeps_hired:
        return "keeps hired defenders"
    return ""


def back_html(label: str = "", *, value: str | None = None, field: str = "",
              title: str = "face down") -> str:
    attrs = ""
    if value is not None:
        attrs = f' data-vg-value="{_e(value)}"' + (f' data-vg-field="{_e(field)}"'
                                                     if field else "")
    return (f'<div class="vg-vl-card vg-vl-back" title="{_e(title)}"{attrs}>'
            f'<div class="vg-vl-backlabel">{_e(label)}</div></div>')


# ------------------------------------------------------------------ villages and seats
def _support(what: str, who: str, on: bool) -> str:
    """Whether animals (a Farmer) or buildings (a Builder) may join a village now."""
    tip = (f"{words.a(who)} lives here: {what} may join" if on
           else f"no {who}: {what} cannot join")
    return (f'<span class="vg-vl-support {"vg-vl-on" if on else "vg-vl-off"}" '
            f'title="{tip}">{what} {"✓" if on else "✗"}</span>')


def village_html(v: VillageView, cards: CardSet, seat: int, me: int | None,
                 odds: dict[tuple[int, str], list[AttackRow]]) -> str:
    """A village: its colour, gold and support (Farmer: animals, Builder: buildings)."""
    colour = v["colour"]
    mine = seat == me
    support = [_support("animals", "Farmer", v["animals"]),
               _support("buildings", "Builder", v["buildings"])]
    # your own village is where a unit comes from (Attack, Defend) and where a card is added
    head_field = "source village" if mine else "village"
    look = VILLAGE_HEAD.get(colour)
    style = f' style="{look}"' if look else ""
    head = (f'<div class="vg-vl-vhead" data-vg-value="{_e(colour)}" '
            f'data-vg-field="{head_field}" title="{_e(colour)} village"{style}>'
            f'<b>{_e(colour)}</b> <span class="vg-vl-gold">{v["gold"]}●</span>'
            f'{"".join(support)}</div>')
    units = cards.unit_ids
    items = []
    for c in v["cards"]:
        if mine:
            items.append(card_html(c, cards, value=c if c in units else None, field="unit"))
        else:
            items.append(card_html(c, cards, value=c, field="card"))
    chances = odds.get((seat, colour))
    badge = ""
    if chances:
        top = " · ".join(f'{_e(r["unit"])}{" (hired)" if r["from"].startswith("hand") else ""}'
                         f' {r["pct"]}' for r in chances[:3])
        badge = (f'<div class="vg-vl-oddsbadge" title="your best attacks on this village: the '
                 f'chance to win, from what you can see">attack odds: {top}</div>')
    return (f'<div class="vg-vl-village {colour_class(colour)}">{head}'
            f'<div class="vg-vl-vcards">{card_list(items, f"{colour} village cards")}</div>'
            f"{badge}</div>")


def villages_html(p: PlayerView, cards: CardSet, me: int | None,
                  odds: dict[tuple[int, str], list[AttackRow]]) -> str:
    by_colour = {v["colour"]: v for v in p["villages"]}
    rows = [village_html(by_colour[c], cards, p["seat"], me, odds)
            for c in VILLAGE_COLOURS if c in by_colour]
    return (f'<div class="vg-vl-villages">{"".join(rows)}</div>' if rows
            else '<div class="vg-vl-villages vg-note">no village yet</div>')


def hand_html(p: PlayerView, cards: CardSet, me: int | None,
              states: dict[str, str] | None = None) -> str:
    """A hand: the viewer's face up (`states`: why each card cannot be played now, the
    rules' words for a screen reader); another's as the cards seen and backs."""
    if p["hand"] is not None:
        states = states or {}
        units = [c for c in p["hand"] if c in cards.unit_ids]
        hire = ('<span class="vg-vl-hire" data-vg-value="hand" data-vg-field="source" '
                'title="Attack or defend with a unit from your hand (hired: it is paid off '
                'to your graveyard after the battle)">hire from hand</span>' if units else "")
        body = card_list([card_html(c, cards, value=c,
                                    state=f"cannot be played: {states[c]}" if c in states
                                    else "")
                          for c in p["hand"]], "Your cards" if p["seat"] == me else "Cards")
        return (f'<div class="vg-vl-hand vg-vl-hand-{p["seat"]}" role="region" '
                f'aria-label="{"Your hand" if p["seat"] == me else "Hand"}">'
                f'<span class="vg-vl-label">'
                f'Hand ({len(p["hand"])})</span>{hire}{body or "<i>empty</i>"}</div>')
    known = "".join(card_html(c, cards, extra=" vg-vl-known",
                              note="the table saw this card go into the hand")
                    for c in p["hand_known"])
    hidden = p["hand_size"] - len(p["hand_known"])
    backs = back_html(words.count(hidden, 'card'),
                      title=f"{words.count(hidden, 'card')} you have not seen") if hidden else ""
    return (f'<div class="vg-vl-hand vg-vl-hand-{p["seat"]}"><span class="vg-vl-label">'
            f'Hand ({p["hand_size"]})</span>{known}{backs}'
            f'{"" if p["hand_size"] else "<i>empty</i>"}</div>')


def grave_html(p: PlayerView, cards: CardSet) -> str:
    grave = p["graveyard"]
    lost = sum(cards.gold_of[c] for c in grave)
    body = "".join(card_html(c, cards, extra=" vg-vl-dead") for c in grave)
    cost = f" (−{lost} gold)" if grave else ""
    return (f'<details class="vg-vl-grave"><summary>Graveyard {len(grave)}{cost}'
            f'</summary><div class="vg-vl-row">{body or "<i>empty</i>"}'
            "</div></details>")


def seat_html(obs: VillagesObservation, p: PlayerView, cards: CardSet,
              odds: dict[tuple[int, str], list[AttackRow]], highlight: list[int],
              hand_states: dict[str, str] | None = None) -> str:
    me = obs.get("viewer")
    i = p["seat"]
    classes = ["vg-vl-seat", f"vg-vl-seat-{i}"]
    if i in obs["to_act"]:
        classes.append("vg-vl-active")
    if i in highlight:
        classes.append("vg-vl-hl")
    badges = []
    if p["high_score_card"]:
        badges.append(f'<span class="vg-vl-badge" title="{_e(cards.high.help)}">High Score '
                      "card</span>")
    if p["low_score_card"]:
        badges.append(f'<span class="vg-vl-badge" title="{_e(cards.low.help)}">Low Score '
                      "card</span>")
    if obs.get("emptied") == i:
        badges.append('<span class="vg-vl-badge vg-vl-first">emptied first (+10)</span>')
    if obs.get("dealer") == i:
        badges.append('<span class="vg-vl-badge">dealer</span>')
    name_attrs = "" if i == me else f' data-vg-value="{i}" data-vg-field="seat"'
    you = ' <span class="vg-vl-you">(you)</span>' if i == me else ""
    head = (f'<div class="vg-vl-shead"><span class="vg-vl-sname"{name_attrs} '
            f'title="{_e(p["name"])}">{_e(p["name"])}</span>{you}'
            f'<span class="vg-vl-total" title="running total (the race to {obs["target"]})">'
            f'{p["total"]} / {obs["target"]}</span>{"".join(badges)}</div>')
    where = "your seat" if i == me else f"{p['name']}'s seat"
    return (f'<div class="{" ".join(classes)}" role="region" aria-label="{_e(where)}">{head}'
            f'{villages_html(p, cards, me, odds)}'
            f'<div class="vg-vl-row">{hand_html(p, cards, me, hand_states)}'
            f'{grave_html(p, cards)}</div>'
            "</div>")


# ------------------------------------------------------------------ piles and status

def piles_html(obs: VillagesObservation, cards: CardSet) -> str:
    """The deck (a count) and the discard pile (its top face up, the rest on request)."""
    deck = back_html(f"Deck {obs['deck_size']}", value="deck", field="source",
                     title=f"{obs['deck_size']} cards left in the deck")
    pile = obs["discard"]
    if pile:
        top = card_html(pile[-1], cards, value="discard", field="source",
                        note="the top of the discard pile")
    else:
        top = '<div class="vg-vl-card vg-vl-empty">discard pile empty</div>'
    rest = "".join(card_html(c, cards) for c in reversed(pile[:-1]))
    more = (f'<details class="vg-vl-pile"><summary>Discard pile ({len(pile)})</summary>'
            f'<div class="vg-vl-row">{rest or "<i>only the top card</i>"}</div></details>')
    return (f'<div class="vg-vl-piles" role="region" aria-label="Deck and discard pile">'
            f'<div class="vg-vl-pilecol">{deck}'
            f'<span class="vg-vl-label">deck</span></div><div class="vg-vl-pilecol">{top}'
            f'<span class="vg-vl-label">discard top</span></div>{more}</div>')


def location_html(obs: VillagesObservation) -> str:
    """The round's Location card and its rule, face up on the table (Location option)."""
    loc = obs.get("location")
    if loc is None:
        return ""
    stand_in = (f' <span class="vg-vl-standin" title="{_e(LOCATION_TIP)}">stand-in '
                "location</span>" if obs.get("locations_stand_in") else "")
    left = obs.get("locations_left", 0)
    return (f'<div class="vg-vl-location" title="{_e(LOCATION_TIP)}" style="border:2px solid '
            '#6b5a2e;border-radius:6px;background:#f7f0dc;padding:3px 8px;margin:4px 0;'
            'max-width:260px"><div style="font-size:11px;color:#6b5a2e">Location this round'
            f'{stand_in}</div><b>{_e(loc["name"])}</b><div style="font-size:12px">'
            f'{_e(loc["help"])}</div><div class="vg-note" style="font-size:10px">'
            f'{words.count(left, "location")} still face down</div></div>')


def status_html(obs: VillagesObservation) -> str:
    names = [p["name"] for p in obs["players"]]
    phase = {"draw": f"drawing ({obs['draws_left']} to draw)", "main": "building and acting",
             "defend": "battle: choosing a defender", "reward": "battle: choosing a reward",
             "scoring": "scoring the round", "dealing": "dealing the next round",
             "over": "game over"}.get(obs["phase"], obs["phase"])
    # between rounds (scoring, dealing) and at the end nobody is to act: nobody's turn
    turn = names[obs["turn"]] if obs["to_act"] else ""
    final = ""
    final_by = obs.get("final_by")
    if final_by is not None:
        final = (f' · <span class="vg-vl-final">last turns (started by '
                 f'{_e(names[final_by])})</span>')
    deck = _e(obs.get("deck_name", "standard"))
    stand_in = ('<span class="vg-vl-standin" title="The real unit list of Villages is not '
                "public: these cards are this project's stand-in design, following the "
                'rulebook\'s deckbuilding rules.">stand-in deck</span>'
                if obs.get("stand_in_deck") else
                f'<span class="vg-vl-standin vg-vl-owndeck">deck: {deck}</span>')
    return (f'<div class="vg-vl-status">Round {obs["round"]} · '
            f'{_e(turn) + "’s turn · " if turn else ""}{_e(phase)}{final} {stand_in}</div>')


# ------------------------------------------------------------------ the battle
def _parts(parts: list[list[Any]] | None) -> str:
    """How a power adds up, when anything is added to the card's own power."""
    if not parts or len(parts) == 1:
        return ""
    bits = [f"{parts[0][1]}"] + [f"{x:+d} {_e(why)}" for why, x in parts[1:]]
    return " ".join(bits)


def battle_html(obs: VillagesObservation, cards: CardSet) -> str:
    """The battle under way: both units, their powers after abilities, the five steps."""
    b = obs.get("battle")
    if b is None:
        return ""
    names = [p["name"] for p in obs["players"]]
    # the step under way: choosing a defender until the reveal; then the reward, or the
    # regroup when the attacker lost (a losing attacker is destroyed, no reward)
    a_pow, d_pow = b["a_power"], b["d_power"]  # (both set at the reveal)
    won = b["revealed"] and (d_pow is None or a_pow is not None and a_pow >= d_pow)
    step = (4 if won else 5) if b["revealed"] else 2
    steps = "".join(
        f'<span class="vg-vl-step{" vg-vl-step-now" if k + 1 == step else ""}'
        f'{" vg-vl-step-done" if k + 1 < step else ""}">{k + 1}. {name}</span>'
        for k, name in enumerate(STEP_NAMES))
    if b["unit"] is not None:
        a_card = card_html(b["unit"], cards)
    else:
        a_card = back_html("hired", title="hired from hand, face down until the reveal")
    where = "hired from hand" if b["hired"] else f"from the {b['source']} village"
    a_power = (f'<div class="vg-vl-bpower">power {b["a_power"]}</div>'
               f'<div class="vg-vl-bparts">{_parts(b["a_parts"])}</div>'
               if b["a_power"] is not None else "")
    if b.get("d_hidden"):
        d_card = back_html("hired", title="hired from hand, face down until the reveal")
        d_where, d_power = "hired from hand", ""
    elif b["defender"] is not None:
        d_card = card_html(b["defender"], cards, value=b["defender"], field="card")
        d_where = ("hired from hand" if b["d_source"] == "hand"
                   else f"from the {b['d_source']} village")
        d_power = (f'<div class="vg-vl-bpower">power {b["d_power"]}</div>'
                   f'<div class="vg-vl-bparts">{_parts(b["d_parts"])}</div>'
                   if b["d_power"] is not None else "")
    else:
        d_card = ('<div class="vg-vl-card vg-vl-empty">no defender</div>' if b["revealed"]
                  else '<div class="vg-vl-card vg-vl-empty">choosing…</div>')
        d_where, d_power = "", ""
    verdict = ""
    if b["revealed"]:
        tie = " (a tie goes to the attacker)" if won and b["d_power"] == b["a_power"] else ""
        who = "The attacker wins" if won else "The defender wins"
        verdict = f'<div class="vg-vl-verdict">{who}{tie}</div>'
    return (f'<div class="vg-vl-battle"><div class="vg-vl-steps">{steps}</div>'
            f'<div class="vg-vl-fight"><div class="vg-vl-side"><div class="vg-vl-who">'
            f'{_e(names[b["attacker"]])} attacks <span class="vg-note">{_e(where)}</span></div>'
            f'{a_card}{a_power}</div><div class="vg-vl-vs">vs</div>'
            f'<div class="vg-vl-side"><div class="vg-vl-who">{_e(names[b["seat"]])}’s '
            f'{_e(b["village"])} village <span class="vg-note">{_e(d_where)}</span></div>'
            f"{d_card}{d_power}</div></div>{verdict}</div>")


def recap_html(recap: list[RecapRow]) -> str:
    """The last finished battle, step by step, from the engine's events."""
    if not recap:
        return ""
    rows = "".join(f'<li><b>{_e(r["step"])}</b> {_e(r["text"])}</li>' for r in recap)
    return (f'<details class="vg-vl-recap"><summary>Last battle, step by step</summary>'
            f"<ol>{rows}</ol></details>")


# ------------------------------------------------------------------ odds and scores
def odds_html(rows: list[AttackRow]) -> str:
    """Every attack on offer with its chance of winning (computed by the engine)."""
    if not rows:
        return ""
    body = "".join(
        f'<tr><td>{_e(r["target"])}</td><td>{_e(r["unit"])}</td><td>{_e(r["from"])}</td>'
        f'<td class="vg-vl-pct" style="--p:{r["value"]:.3f}">{r["pct"]}</td>'
        f'<td class="vg-note">{_e(r["why"])}</td></tr>' for r in rows)
    return ('<details class="vg-vl-odds" open><summary>Attack odds: your chance to win each '
            "attack, from what you can see (the defender answers with their best unit, "
            "hidden hand cards included)</summary><div class=\"vg-vl-scroll\"><table>"
            "<tr><th>target</th><th>unit</th><th>from</th><th>chance</th><th>why</th></tr>"
            f"{body}</table></div></details>")


def sheet_html(obs: VillagesObservation) -> str:
    """The score sheet: each round's score per player (parts on hover), running totals,
    and how far each total is on the way to the target."""
    players = obs["players"]
    heads = "".join(f"<th>{_e(p['name'])}</th>" for p in players)
    rows = []
    for r in obs["sheet"]:
        cells = []
        for part in r["parts"]:
            tip = (f"villages {part['villages']}, hand {part['hand']}, graveyard "
                   f"{part['graveyard']}, first to empty {part['first_empty']}, score card "
                   f"{part['score_card']}")
            cells.append(f'<td title="{_e(tip)}">{part["score"]:+d}</td>')
        rows.append(f"<tr><th>Round {r['round']}</th>{''.join(cells)}</tr>")
    target = obs["target"]
    totals = "".join(f"<td>{p['total']}</td>" for p in players)
    bars = "".join(
        f'<td><div class="vg-vl-bar" title="{p["total"]} of {target}"><div '
        f'style="width:{max(0, min(100, round(100 * p["total"] / target)))}%"></div></div></td>'
        for p in players)
    last = ""
    if obs["sheet"]:
        parts = obs["sheet"][-1]["parts"]
        labels: tuple[tuple[PartName, str], ...] = (
                  ("villages", "villages"), ("hand", "cards in hand"),
                  ("graveyard", "graveyard"), ("first_empty", "first to empty"),
                  ("score_card", "High/Low Score card"))
        lines = "".join(
            f"<tr><th>{_e(label)}</th>" + "".join(f"<td>{p[key]:+d}</td>" for p in parts)
            + "</tr>" for key, label in labels)
        last = (f'<details class="vg-vl-lastround"><summary>Round {obs["sheet"][-1]["round"]}'
                f" part by part</summary><table><tr><th></th>{heads}</tr>{lines}</table>"
                "</details>")
    return (f'<details class="vg-vl-sheet" open><summary>Score sheet (first to {target})'
            f'</summary><div class="vg-vl-scroll"><table><tr><th></th>{heads}</tr>'
            f'{"".join(rows)}<tr class="vg-vl-totals"><th>Total</th>{totals}</tr>'
            f'<tr><th>to {target}</th>{bars}</tr></table></div>{last}</details>')


def render_table(obs: VillagesObservation, cards: CardSet, highlight: list[int] | None = None,
                 odds: list[AttackRow] | None = None,
                 recap: list[RecapRow] | None = None,
                 hand_states: dict[str, str] | None = None) -> str:
    """The whole table for one seat: status, piles, battle, seats (the viewer's first),
    attack odds and the score sheet (`hand_states`: why each card of the viewer's hand
    cannot be played now, the engine's table notes, for a screen reader)."""
    me = obs.get("viewer")
    odds = odds or []
    by_village: dict[tuple[int, str], list[AttackRow]] = {}
    for r in odds:
        by_village.setdefault((r["seat"], r["village"]), []).append(r)
    order = sorted(range(len(obs["players"])), key=lambda i: (i != me, i))
    seats = "".join(seat_html(obs, obs["players"][i], cards, by_village, highlight or [],
                              hand_states if i == me else None)
                    for i in order)
    result = f'<div class="vg-vl-result">{_e(obs["result"])}</div>' if obs.get("result") else ""
    return (f'<div class="vg-villages">{status_html(obs)}{result}'
            f'<div class="vg-vl-top">{piles_html(obs, cards)}{location_html(obs)}'
            f'{battle_html(obs, cards)}</div>'
            f'{recap_html(recap or [])}<div class="vg-vl-seats">{seats}</div>{odds_html(odds)}'
            f"{sheet_html(obs)}</div>")
