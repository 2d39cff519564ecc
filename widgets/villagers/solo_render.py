"""The solo mode's part of the Villagers table: the Gold race against the Countess, the
face-up events with their text (clickable while an event choice is offered), the Jester,
and the event decks. Drawn from the observation's "solo" section only."""

from __future__ import annotations

from village_games.villagers.views import EventView

from ..kit.markup import esc as _e
from .table_view import VillagersTable

KIND_NOTE = {"event": "Event Phase", "draft_phase": "in force in the Draft Phase",
             "build_phase": "in force in the Build Phase", "on_reveal": "when revealed",
             "jester_deadline": "the Jester must be played this round"}
MODE_TITLE = {"beginner": "Beginner mode", "normal": "Normal mode", "hard": "Hard mode"}
# the readings a player should know about (all of them: village_games/villagers/READINGS.md)
READINGS = ("Our readings where the rulebook is silent: every draft from the Road (face up "
            "or from a stack) gives the Countess a villager; you make every choice an event "
            "leaves open; Rats and Arson can be paid off only with their Gold in hand; the "
            "Countess card shows only its Gold.")


def event_html(e: EventView) -> str:
    """One event card: name, when it acts, its text; begun ones are marked."""
    begun = " vg-sevent-begun" if e.get("begun") else ""
    return (f'<div class="vg-sevent vg-sevent-{_e(e["season"])}{begun}" '
            f'data-vg-value="{_e(e["name"])}" data-vg-field="event" title="{_e(e["help"])}">'
            f'<div class="vg-sevent-name">{_e(e["name"])}</div>'
            f'<div class="vg-sevent-kind">{_e(KIND_NOTE.get(e["kind"], e["kind"]))}'
            f'{" · begun" if e.get("begun") else ""}</div>'
            f'<div class="vg-sevent-text">{_e(e["help"])}</div></div>')


def solo_html(obs: VillagersTable) -> str:
    s = obs.get("solo")
    if not s:
        return ""
    you, her = s["gold"]["you"], s["gold"]["countess"]
    lead = you - her
    standing = (f"you lead by {lead}" if lead > 0 else f"she leads by {-lead}" if lead < 0
                else "level")
    race = (f'<div class="vg-srace"><b>You {you} Gold</b> · <b>the Countess {her} Gold</b> '
            f'<span class="vg-note">({standing}; you must end with more than her)</span>'
            "</div>")
    cards = "".join(event_html(e) for e in s["face_up"]) or "<i>no face-up event</i>"
    current = ""
    now = s["current"]
    if now and now["name"] not in {e["name"] for e in s["face_up"]}:
        current = ('<div class="vg-vlabel">Being resolved</div>'
                   f'<div class="vg-sevents">{event_html(now)}</div>')
    jester = ("The Jester is beside you: once per game he discards an event that has not "
              "begun. Click him, then the event." if s["jester"]
              else "The Jester is gone (used, or Hard mode).")
    # the Jester is a card on the table: clicking him chooses his move (PlayJester)
    jester_attrs = ' data-vg-value="Jester" data-vg-field="card"' if s["jester"] else ""
    decks = (f'{MODE_TITLE.get(s["mode"], s["mode"])} · {s["season"].capitalize()} events · '
             f'decks: Summer {s["decks"]["summer"]}, Winter {s["decks"]["winter"]} · '
             f'discarded: {len(s["discards"]["summer"]) + len(s["discards"]["winter"])}')
    return (f'<div class="vg-solo">{race}'
            f'<div class="vg-vlabel">Face-up events</div><div class="vg-sevents">{cards}</div>'
            f'{current}<div class="vg-sjester{"" if s["jester"] else " vg-sjester-used"}"'
            f'{jester_attrs}><b>Jester</b> {_e(jester)}</div><div class="vg-note">{_e(decks)}</div>'
            f'<details class="vg-note"><summary>Solo readings</summary>{_e(READINGS)}'
            "</details></div>")
