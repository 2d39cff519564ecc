"""The Kickstarter expansions on the Villagers table: the Developments beside the Road
(condition, reward, everyone's count, who leads and who holds the token, all as the
engine reports them), the cards a player is looking at (Prophet, Pigeoneer, Noble), and
each player's Bronze symbols. Drawing only: every number comes from the observation."""

from __future__ import annotations

from village_games.villagers import CardSet

from ..kit.markup import esc as _e
from .card_face import card_html
from .table_view import VillagersTable

PICK_TITLES = {"prophet": "The Prophet searches a stack: choose the villager to draft",
               "pigeoneer": "The Pigeoneer looks at the Reserve: choose one to keep",
               "noble": "The Noble looks through a hand: choose a villager to take"}


def developments_html(obs: VillagersTable) -> str:
    ext = obs.get("expansions")
    rows = ext["developments"] if ext else []
    if not rows:
        return ""
    names = [p["name"] for p in obs["players"]]
    cells = []
    for r in rows:
        counts = " · ".join(f"{_e(n)} {c}" for n, c in zip(names, r["counts"], strict=True))
        lead = "tied: nobody" if r["leader"] is None else _e(names[r["leader"]])
        holder = "on the card" if r["holder"] is None else f"held by {_e(names[r['holder']])}"
        cells.append(
            f'<div class="vg-vdev vg-vdev-{_e(r["suit"].lower())}">'
            f'<div class="vg-vname">{_e(r["name"])}</div>'
            f'<div class="vg-vsuit">{_e(r["suit"])}</div>'
            f'<div class="vg-vdev-line">Most: {_e(r["condition"])}</div>'
            f'<div class="vg-vdev-line">Reward: {_e(r["reward"])}</div>'
            f'<div class="vg-vdev-line">Now: {counts}</div>'
            f'<div class="vg-vdev-lead">Leads now: <b>{lead}</b> · {_e(r["token"])} {holder}'
            "</div></div>")
    return (f'<div class="vg-vdevs"><span class="vg-vlabel">Developments</span>'
            f'{"".join(cells)}</div>')


def pending_html(obs: VillagersTable, cards: CardSet) -> str:
    """The cards the viewer is choosing from (others see only that a choice is made)."""
    ext = obs.get("expansions")
    pend = ext["pending"] if ext else None
    if not pend:
        return ""
    who = obs["players"][pend["seat"]]["name"]
    if pend["options"] is None:
        return f'<div class="vg-vpending">{_e(who)} is choosing a card.</div>'
    shown = pend.get("hand") or pend["options"]
    picks = set(pend["options"])
    items = "".join(card_html(c, cards, value=c if c in picks else None, field="card")
                    for c in shown)
    return (f'<div class="vg-vpending"><span class="vg-vlabel">{_e(PICK_TITLES[pend["kind"]])}'
            f'</span><div class="vg-vhand">{items}</div></div>')


def bronze_line(obs: VillagersTable, seat: int) -> str:
    """A player's Bronze symbols with what each would score now."""
    ext = obs.get("expansions")
    for row in ext["bronze"] if ext else []:
        if row["seat"] == seat and row["slots"]:
            village = obs["players"][seat]["village"]
            parts = ", ".join(f"{_e(village[k]['card'])} {v}" for k, v in row["slots"])
            done = " (scored this round)" if row["scored_this_round"] else ""
            return f'<div class="vg-note vg-vbronze">Bronze now: {parts}{done}</div>'
    return ""
