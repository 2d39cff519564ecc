"""Draw a Villagers & Villains table as HTML from one seat's observation.

The table shows the phase track (round, phase, Start Marker, whose turn), the bank and the
deck, the Recruitment Pool with its positions and the King's Favor, the latest dice as
dice, each mayor's town, hand and gold, and, at the end, the score sheet laid out like the
printed pad (one column per mayor). Beside the choices sit the live odds the adapter puts
into the observation (`obs["odds"]`, worked out by the engine's `table_odds` for the mayor
`obs["odds"]["seat"]`): each pool card's recruit chance with that mayor's gold, each
challenge in their town with its DEFENSE chances.

Clickable things carry `data-vg-value` and `data-vg-field`; the generic Board makes them
clickable only while the picker offers that value. Nothing here decides what is legal.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

from village_games.core import words
from village_games.core.actions import FieldValue
from village_games.villagers_and_villains import CardSet
from village_games.villagers_and_villains.abilities import PHASE_TITLES, PHASES
from village_games.villagers_and_villains.cards import TYPE_TITLES
from village_games.villagers_and_villains.options import FAVOR_RECRUIT_BONUS
from village_games.villagers_and_villains.scoring import LINE_TITLES, LINES
from village_games.villagers_and_villains.table_odds import DefenseOdds
from village_games.villagers_and_villains.views import PlayerView

from ..kit.markup import card_list
from ..kit.markup import esc as _e
from .table_view import Die, VVTable

STAND_IN_NOTE = ("Stand-in card: this project's own design, not the publisher's card (the "
                 "Card Guide is not public).")
DIE_FACES = "⚀⚁⚂⚃⚄⚅"
PHASE_HINTS = {
    "recruit": "announce a pool card, buy extra rolls, roll",
    "defend": "roll against the challenges in your town",
    "pillage": "each challenge in town takes its Pillage Loss",
    "earning": "citizens earn gold from the bank",
    "build": "build or hire one card from your hand",
    "reset": "the pool is cleared and refilled, the Start Marker moves on",
}


def pct(p: Fraction | float) -> str:
    """A chance as a whole percentage, never rounding a near-certainty up to 100%."""
    value = float(p) * 100
    if 99 < value < 100:
        return ">99%"
    if 0 < value < 1:
        return "<1%"
    return f"{value:.0f}%"


def card_tip(name: str, cards: CardSet, advanced: bool = True) -> str:
    """A card's help: its printed facts, its help line, and the stand-in note."""
    c = cards.cards.get(name)
    if c is None:
        return name
    text = c.describe()
    if c.ability is not None and not advanced:
        text += " (abilities and pairs count in the advanced game only)"
    if c.help:
        text += f". {c.help}"
    if cards.stand_in:
        text += f" — {STAND_IN_NOTE}"
    return text


def _numbers(name: str, cards: CardSet) -> str:
    c = cards.cards.get(name)
    if c is None:
        return ""
    bits: list[str] = []
    if c.type == "challenge":
        bits.append(f'<span class="vg-vv-defeat" title="Defeat Value">⚔{c.defeat}</span>')
        if c.successes > 1:
            bits.append(f'<span class="vg-vv-succ" title="successes needed in one turn">'
                        f"×{c.successes}</span>")
        bits.append(f'<span class="vg-vv-pillage" title="Pillage Loss">-{c.pillage}g</span>')
        bits.append(f'<span class="vg-vv-loot" title="Loot Box">+{c.loot}g</span>')
    elif c.type == "mob":
        bits.append(f'<span class="vg-vv-bonus" title="added to one DEFENSE roll">'
                    f"+{c.defense}</span>")
    else:
        bits.append(f'<span class="vg-vv-price" title="Purchase Price">{c.price}g</span>')
        if c.type == "citizen" and c.earnings:
            bits.append(f'<span class="vg-vv-earn" title="Earnings">+{c.earnings}g</span>')
        if c.type == "hero":
            bits.append(f'<span class="vg-vv-bonus" title="Defeat Bonus">+{c.defense}</span>')
    if c.type != "mob":
        bits.append(f'<span class="vg-vv-value" title="Town Value (points)">{c.value}★'
                    "</span>")
    return "".join(bits)


def card_html(name: str, cards: CardSet, *, value: FieldValue = None, field: str = "",
              extra: str = "", note: str = "", advanced: bool = True,
              below: str = "", state: str = "") -> str:
    """One face-up card: coloured by type, its name, its numbers, ability and partner
    (`state`: what a screen reader says of it while it cannot be picked, board.js)."""
    c = cards.cards.get(name)
    kind = c.type if c is not None else "unknown"
    attrs = ""
    if value is not None:
        attrs = f' data-vg-value="{_e(str(value))}" data-vg-field="{_e(field)}"'
    if state:
        attrs += f' data-vg-state="{_e(state)}"'
    tip = card_tip(name, cards, advanced) + (f" — {note}" if note else "")
    ability = ""
    if c is not None and c.ability is not None and advanced:
        ab = c.ability
        vend = ' <b title="other mayors may pay to use it">VEND</b>' if ab.vend is not None \
            else ""
        ability = (f'<div class="vg-vv-ability">{_e(PHASE_TITLES[ab.phase])}'
                   f"{' (paid)' if ab.cost else ''}{vend}</div>")
    pair = ""
    if c is not None and c.pair and advanced:
        pair = f'<div class="vg-vv-pair" title="pairs with {_e(c.pair)}">♥ {_e(c.pair)}</div>'
    return (f'<div class="vg-vv-card vg-vv-{kind}{extra}" title="{_e(tip)}"{attrs}>'
            f'<div class="vg-vv-cname">{_e(name)}</div>'
            f'<div class="vg-vv-ctype">{_e(TYPE_TITLES.get(kind, kind))}</div>'
            f'<div class="vg-vv-nums">{_numbers(name, cards)}</div>{ability}{pair}'
            f"{below}</div>")


def back_html(label: str = "") -> str:
    return (f'<div class="vg-vv-card vg-vv-back" title="a card drawn from the deck: only its '
            f'owner sees it"><div class="vg-vv-cname">{_e(label or "?")}</div></div>')


def die_html(face: int, title: str = "") -> str:
    glyph = DIE_FACES[face - 1] if 1 <= face <= 6 else str(face)
    # (a screen reader hears the die's value, not the die face's glyph)
    return (f'<span class="vg-vv-die" title="{_e(title or f"rolled {face}")}" role="img" '
            f'aria-label="{_e(f"die: {face}")}">'
            f'<span class="vg-vv-die-face">{glyph}</span><span class="vg-vv-die-n">{face}'
            "</span></span>")


# ---------------------------------------------------------------- the parts of the table
def track_html(obs: VVTable) -> str:
    """Round, the six phases with the current one lit, the Start Marker and whose turn."""
    players = obs["players"]
    phase = obs["phase"]
    steps = []
    for ph in PHASES:
        cls = "vg-vv-phase"
        now = ""
        if ph == phase:
            cls += " vg-vv-phase-now"
            now = ' aria-current="step"'
        steps.append(f'<span class="{cls}" title="{_e(PHASE_HINTS[ph])}" role="listitem"'
                     f"{now}>{_e(PHASE_TITLES[ph])}</span>")
    if phase == "over":
        steps.append('<span class="vg-vv-phase vg-vv-phase-now" role="listitem" '
                     'aria-current="step">Game over</span>')
    who = ""
    if obs["to_act"]:
        seat = obs["to_act"][0]
        who = (f'<span class="vg-vv-turn">To act: <b>{_e(players[seat]["name"])}</b>'
               f"{_e(turn_detail(obs, seat))}</span>")
    marker = _e(players[obs["marker"]]["name"])
    deck = ("stand-in deck" if obs.get("stand_in") and obs.get("deck_name") == "stand-in"
            else f"deck: {obs.get('deck_name')}")
    deck_tip = STAND_IN_NOTE if obs.get("stand_in") else "a deck file loaded by you"
    mode = "advanced game" if obs.get("advanced") else "basic game"
    variants = [v for v, key in (("Ordinance", "ordinance"), ("Pony Express", "pony_express"))
                if obs.get(key) is not None]
    return (f'<div class="vg-vv-track"><span class="vg-vv-round">Round {obs["round"]}</span>'
            f'<span class="vg-vv-phases" role="list" aria-label="Phases">{"".join(steps)}'
            "</span>"
            f'<span class="vg-vv-marker" title="the Start Marker: this mayor goes first in '
            f'every phase">⚑ Start: <b>{marker}</b></span>{who}</div>'
            f'<div class="vg-vv-facts"><span title="the bank pays earnings and loot and takes '
            f'what mayors pay">Bank: <b>{obs["bank"]}</b> gold</span>'
            f'<span>Deck: <b>{obs["deck_size"]}</b> cards</span>'
            f'<span>{_e(mode)}{_e("".join(" + " + v for v in variants))}</span>'
            f'<span class="vg-vv-standin" title="{_e(deck_tip)}">{_e(deck)}</span></div>')


def turn_detail(obs: VVTable, seat: int) -> str:
    """A few words on the turn in progress (what is announced, rolls, what is left)."""
    t = obs.get("turn")
    if t is None:  # (the game is over: nobody's turn)
        return ""
    step = t.get("step")
    if step == "favor":
        return " (holds the King's Favor as the phase begins)"
    if step == "vend":
        return " (asked to let another mayor use a VEND ability)"
    if step == "sell":
        return " (asked to sell their recruit roll)"
    phase = obs["phase"]
    if phase == "recruit" and step == "declare":
        card = obs["pool"][t["position"] - 1]["card"] if t["position"] <= len(obs["pool"]) \
            else "?"
        bonus = f", +{t['bonus']} on each die" if t["bonus"] else ""
        if t.get("favor"):
            bonus += f", +{FAVOR_RECRUIT_BONUS} on the first die (the King's Favor)"
        return (f" — wants card {t['position']} ({card}), "
                f"{words.count(t['rolls'], 'roll')}{bonus}")
    if phase == "defend":
        if step == "declare" and t.get("challenge"):
            by = t["hero"] or "the TOWN DEFENSE"
            bonus = f", +{t['bonus']}" if t["bonus"] else ""
            return f" — attacks the {t['challenge']} with {by}{bonus}"
        return f" — TOWN DEFENSE left: {t.get('town_left', 0)}"
    if phase == "build" and t.get("builds_left", 0) > 1:
        return f" — {t['builds_left']} builds left"
    return ""


def pool_html(obs: VVTable, cards: CardSet) -> str:
    """The pool, position 1 first (a failed recruit takes it), with the Favor and odds."""
    seen = obs.get("odds")
    odds = {r["position"]: r for r in (seen["pool"] if seen else [])}
    adv = bool(obs.get("advanced"))
    live = obs["phase"] == "recruit"
    slots = []
    for slot in obs["pool"]:
        k = slot["position"]
        below = ""
        if k in odds:
            below = odds_line(odds[k]["chances"], obs["numbers"]["extra_roll_price"])
        favor = ('<div class="vg-vv-favor" title="the King\'s Favor lies on this card: '
                 'recruit it to take the Favor">♛ Favor</div>' if slot["favor"] else "")
        card = card_html(slot["card"], cards, value=k if live else None, field="position",
                         advanced=adv, below=favor)
        slots.append(f'<div class="vg-vv-slot"><div class="vg-vv-pos">{k}</div>{card}'
                     f"{below}</div>")
    if not slots:
        slots.append('<div class="vg-vv-empty">The pool is empty: the deck has run out.</div>')
    deck = (f'<div class="vg-vv-slot vg-vv-deckslot"><div class="vg-vv-pos">deck</div>'
            f'<div class="vg-vv-card vg-vv-back vg-vv-deck" title="the deck: new pool cards '
            f'come from here">{obs["deck_size"]}</div></div>')
    return (f'<div class="vg-vv-pool" role="region" aria-label="Recruitment Pool">'
            f'<div class="vg-vv-label">Recruitment Pool</div>'
            f'<div class="vg-vv-poolrow">{"".join(slots)}{deck}</div></div>')


def odds_line(chances: list[Fraction], price: int) -> str:
    """Under a pool card: the chance with no extra roll, and with all the gold spent."""
    if not chances:
        return ""
    tip = "; ".join(f"{n} extra: {pct(p)}" for n, p in enumerate(chances))
    most = len(chances) - 1
    more = ""
    if most and chances[-1] != chances[0]:
        more = (f'<span class="vg-vv-more">→ {pct(chances[-1])} with {most} extra</span>')
    return (f'<div class="vg-vv-odds" title="Your chance to recruit this card, by extra '
            f'rolls bought ({price} gold each): {_e(tip)}"><b>{pct(chances[0])}</b>{more}</div>')


def dice_html(dice: list[Die]) -> str:
    """The latest rolls as dice, grouped by who rolled and what for."""
    if not dice:
        return ""
    groups: list[tuple[str, str, list[int]]] = []
    for d in dice:
        if groups and groups[-1][0] == d["name"] and groups[-1][1] == d["for"]:
            groups[-1][2].append(d["die"])
        else:
            groups.append((d["name"], d["for"], [d["die"]]))
    rows = "".join(
        f'<div class="vg-vv-roll"><b>{_e(name)}</b> '
        f'{"".join(die_html(f, f"{name}: {why}") for f in faces)}'
        f'<span class="vg-vv-why">{_e(why)}</span></div>'
        for name, why, faces in groups)
    return f'<div class="vg-vv-dice"><div class="vg-vv-label">Latest rolls</div>{rows}</div>'


def defense_note(row: DefenseOdds) -> str:
    """Under a challenge in the viewer's town: the chance of each attacker's roll."""
    parts = []
    tips = []
    for a in row["attackers"]:
        who = a["hero"] or "Town"
        parts.append(f"{_e(who)} {pct(a['chance'])}")
        extra = []
        if "with_mob" in a:
            extra.append(f"with the Angry Mob {pct(a['with_mob'])}")
        if "with_favor" in a:
            extra.append(f"with the Favor {pct(a['with_favor'])}")
        tips.append(f"{who} (+{a['bonus']}): {pct(a['chance'])}"
                    + (f", {', '.join(extra)}" if extra else ""))
    mob = [a["with_mob"] for a in row["attackers"] if "with_mob" in a]
    best_mob = f' <span class="vg-vv-more">Mob: up to {pct(max(mob))}</span>' if mob else ""
    need = (f" Needs {row['successes']} successes in one turn."
            if row["successes"] > 1 else "")
    return (f'<div class="vg-vv-odds vg-vv-defodds" title="Chance that one DEFENSE roll beats '
            f'it (Defeat {row["defeat"]}): {_e("; ".join(tips))}.{_e(need)}">'
            f'{" · ".join(parts)}{best_mob}</div>')


def town_html(obs: VVTable, p: PlayerView, cards: CardSet) -> str:
    adv = bool(obs.get("advanced"))
    fresh = set(obs.get("fresh") or [])
    odds = obs.get("odds")
    defense = {r["challenge"]: r for r in odds["defense"]} \
        if odds and odds["seat"] == p["seat"] else {}
    items = []
    # a card of your town may be used (its ability), one of another town paid for (VEND)
    ability = "UseAbility.card" if p["seat"] == obs.get("viewer") else "PayVend.card"
    for name in p["town"]:
        c = cards.cards.get(name)
        kind = c.type if c is not None else ""
        field = " ".join(x for x in ({"challenge": "challenge", "hero": "hero"}.get(kind),
                                     ability) if x)
        note = "arrived this phase: it acts from the next phase" if name in fresh else ""
        below = defense_note(defense[name]) if name in defense else ""
        items.append(card_html(name, cards, value=name, field=field, advanced=adv, note=note,
                               extra=" vg-vv-fresh" if note else "", below=below))
    return (f'<div class="vg-vv-town"><span class="vg-vv-label">Town ({len(p["town"])})</span>'
            f'{"".join(items) or "<i>empty</i>"}</div>')


def hand_html(obs: VVTable, p: PlayerView, cards: CardSet) -> str:
    adv = bool(obs.get("advanced"))
    if p["hand"] is not None:
        states = obs.get("hand_states") or {}
        cells = [card_html(c, cards, value=c, field="Build.card", advanced=adv,
                           state=f"cannot be played: {states[c]}" if c in states else "")
                 for c in p["hand"]]
    else:
        cells = [card_html(c, cards, advanced=adv) for c in p["hand_known"]]
        cells += [back_html("drawn") for _ in range(p["hand_hidden"])]
    mine = p["hand"] is not None
    return (f'<div class="vg-vv-hand vg-vv-hand-{p["seat"]}" role="region" '
            f'aria-label="{"Your hand" if mine else "Hand"}"><span class="vg-vv-label">Hand '
            f'({p["hand_size"]})</span>'
            f'{card_list(cells, "Your cards" if mine else "Cards") or "<i>empty</i>"}</div>')


def mayor_html(obs: VVTable, p: PlayerView, cards: CardSet, me: int | None,
               highlight: list[int]) -> str:
    i = p["seat"]
    classes = ["vg-vv-mayor", f"vg-vv-mayor-{i}"]
    if i in obs["to_act"]:
        classes.append("vg-vv-active")
    if i in highlight:
        classes.append("vg-vv-hl")
    favor = obs.get("favor") or {}
    badges = []
    if obs["marker"] == i:
        badges.append('<span class="vg-vv-badge" title="holds the Start Marker">⚑ Start</span>')
    if favor.get("where") == "mayor" and favor.get("seat") == i:
        badges.append('<span class="vg-vv-badge vg-vv-badge-favor" title="holds the King\'s '
                      'Favor: spend it for a phase bonus or to move the Start Marker">♛ Favor'
                      "</span>")
    if p["angry_mob"]:
        n = obs["numbers"]
        badges.append(f'<span class="vg-vv-badge" title="still holds the Angry Mob '
                      f'(+{n["mob_bonus"]} to one DEFENSE roll; {n["mob_points"]} points at '
                      'the end if kept)">Angry Mob</span>')
    ordinance = obs.get("ordinance")
    if i in (ordinance["used"] if ordinance else []):
        badges.append('<span class="vg-vv-badge" title="has used the Ordinance">Ordinance '
                      "used</span>")
    pony = obs.get("pony_express")
    if i in (pony["sold"] if pony else []):
        badges.append('<span class="vg-vv-badge" title="sold their next recruit roll: it '
                      'counts as a 1">roll sold</span>')
    turn = obs.get("turn")
    odds = obs.get("odds")
    town_def = ""
    if (odds and odds["seat"] == i and obs["phase"] == "defend"
            and i in obs["to_act"] and turn
            and turn.get("step") == "choose" and turn.get("town_left", 0) > 0):
        town_def = (f'<span class="vg-vv-towndef" data-vg-value="None" data-vg-field="hero" '
                    f'title="your TOWN DEFENSE: a roll with no bonus">TOWN DEFENSE '
                    f'×{turn["town_left"]}</span>')
    you = ' <span class="vg-vv-you">(you)</span>' if i == me else ""
    head = (f'<div class="vg-vv-mhead"><b class="vg-vv-mname">{_e(p["name"])}</b>{you}'
            f'<span class="vg-vv-gold" title="gold">{p["gold"]} gold</span>'
            f'<span class="vg-vv-stat" title="gold this town earns each Earning Phase">earns '
            f'{p["earnings"]}</span><span class="vg-vv-stat" title="gold its challenges take '
            f'each Pillage Phase">pillage {p["pillage_loss"]}</span>{"".join(badges)}'
            f"{town_def}</div>")
    where = "your town" if i == me else f"{p['name']}'s town"
    return (f'<div class="{" ".join(classes)}" role="region" aria-label="{_e(where)}">{head}'
            f"{town_html(obs, p, cards)}{hand_html(obs, p, cards)}</div>")


# our readings where the score pad is silent (READINGS.md, readings 24 and 28)
PAIRS_HELP = ("Pairs are formed in order: first two cards that name each other; a card in "
              "such a pair is taken, so an 'any Citizen' or 'any Building' card (the Mystic "
              "Seer, the Druid) pairs only with a free card of that type. Pairs are not "
              "rearranged to make more of them.")
TIEBREAK_HELP = ("The printed pad has no tie-break: with equal points, this app gives the "
                 "win to the mayor with the most gold left; if that ties too, they share it.")


def score_sheet_html(obs: VVTable) -> str:
    """The Game Score Sheet as the printed pad has it: a line per bonus, a column per
    mayor, the total at the foot, the winners marked."""
    sheet = obs.get("score_sheet")
    if not sheet:
        return ""
    lines = [ln for ln in LINES if ln != "matchmaker" or obs.get("advanced")]
    winners = set(obs.get("winners") or [])
    head = "".join(f'<th class="{"vg-vv-winner" if r["seat"] in winners else ""}">'
                   f'{_e(r["name"])}{" ♛" if r["seat"] in winners else ""}</th>' for r in sheet)
    detail: dict[str, Literal["heroes", "challenges_in_hand", "town_size"]] = {
        "heroic": "heroes", "victory": "challenges_in_hand", "largest_town": "town_size"}
    body = []
    for ln in lines:
        cells = []
        for r in sheet:
            sub = ""
            if ln in detail:
                sub = f' <span class="vg-vv-sub">({r[detail[ln]]})</span>'
            if ln == "matchmaker" and r["pairs"]:
                pairs = "; ".join(" + ".join(pair) for pair in r["pairs"])
                sub = (f' <span class="vg-vv-sub" title="{_e(pairs)}">('
                       f'{words.count(len(r["pairs"]), "pair")})</span>')
            cells.append(f"<td>{r[ln]}{sub}</td>")
        help_ = f' title="{_e(PAIRS_HELP)}"' if ln == "matchmaker" else ""
        body.append(f"<tr><th{help_}>{_e(LINE_TITLES[ln])}</th>{''.join(cells)}</tr>")
    total = "".join(f"<td>{r['total']}</td>" for r in sheet)
    gold = "".join(f"<td>{r['gold']}</td>" for r in sheet)
    return (f'<div class="vg-vv-sheet"><div class="vg-vv-label">Game Score Sheet</div>'
            f'<table><thead><tr><th></th>{head}</tr></thead><tbody>{"".join(body)}'
            f'<tr class="vg-vv-total"><th>{_e(LINE_TITLES["total"])}</th>{total}</tr>'
            f'<tr class="vg-vv-tiebreak"><th title="{_e(TIEBREAK_HELP)}">Gold left (our '
            f'tie-break, not on the printed pad)</th>{gold}</tr>'
            f"</tbody></table></div>")


def removed_html(obs: VVTable, cards: CardSet) -> str:
    removed = obs.get("removed") or []
    adv = bool(obs.get("advanced"))
    items = "".join(card_html(c, cards, advanced=adv) for c in removed)
    return (f'<details class="vg-vv-removed"><summary>Out of the game ({len(removed)})'
            f'</summary><div class="vg-vv-hand">{items or "<i>none</i>"}</div></details>')


def render_table(obs: VVTable, cards: CardSet,
                 highlight: list[int] | None = None) -> str:
    """The whole table for one seat (or a spectator): the viewer's town comes first."""
    me = obs.get("viewer")
    highlight = highlight or []
    order = sorted(range(len(obs["players"])), key=lambda i: (i != me, i))
    mayors = "".join(mayor_html(obs, obs["players"][i], cards, me, highlight) for i in order)
    result = f'<div class="vg-vv-result">{_e(obs["result"])}</div>' if obs.get("result") \
        else ""
    return (f'<div class="vg-vv">{track_html(obs)}{result}{score_sheet_html(obs)}'
            f'<div class="vg-vv-middle">{pool_html(obs, cards)}'
            f'{dice_html(obs.get("dice") or [])}</div>'
            f'<div class="vg-vv-mayors">{mayors}</div>{removed_html(obs, cards)}</div>')
