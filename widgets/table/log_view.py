"""The log box of the play and replay apps: the newest lines, grouped by round.

A long game (five Villages bots: 40,000 events and more) would send megabytes to the
page on every click if the whole log were drawn each time, so the box holds the newest
`LOG_LINES` lines and says how many earlier ones it leaves out (a save and the replay
keep them all).
"""

from __future__ import annotations

from collections.abc import Sequence

from village_games.core import Event, words

from ..kit.markup import esc

LOG_LINES = 500  # about 20 rounds of a five-player game: far more than the box shows


def first_shown(total: int) -> int:
    """The index of the first of `total` log lines the box shows."""
    return max(0, total - LOG_LINES)


PLAY_HINT = "a save or the replay holds the whole game"
REPLAY_HINT = "step back to an earlier round to read them"


def log_html(lines: Sequence[tuple[object, str, str]], earlier: int = 0,
             mark_newest: bool = False, hint: str = PLAY_HINT) -> str:
    """The log box for (round, kind, text) lines in order (round None: no heading),
    `earlier` lines before them left out (`hint`: where to read them); the newest line
    marked when `mark_newest`."""
    groups: list[tuple[object, list[str]]] = []
    last = len(lines) - 1
    for k, (rnd, kind, text) in enumerate(lines):
        if not groups or (rnd is not None and rnd != groups[-1][0]):
            groups.append((rnd, []))
        now = " vg-log-now" if mark_newest and k == last else ""
        groups[-1][1].append(f'<div class="vg-log-line vg-log-{esc(kind)}{now}">'
                             f"{esc(text)}</div>")
    parts = ['<div class="vg-log-round">'
             + (f'<div class="vg-log-round-head">Round {esc(rnd)}</div>'
                if rnd is not None else "") + "".join(body) + "</div>"
             for rnd, body in groups]
    if earlier:
        parts.insert(0, f'<div class="vg-log-earlier">{earlier:,} earlier '
                        f"{words.plural(earlier, 'line')} {words.agree(earlier, 'is', 'are')} "
                        f"not shown here; {esc(hint)}.</div>")
    # Everything in reading order (setup, round 1, round 2, ...) inside one body: the box
    # (column-reverse) holds that body against its bottom edge and opens scrolled to the
    # newest line, while a screen reader, a copy or a narrow page still reads in order.
    # (focusable, so the keyboard can scroll it: WCAG 2.1.1)
    return (f'<div class="vg-log-scroll" tabindex="0" role="region" aria-label="Game log">'
            f'<div class="vg-log-body">{"".join(parts)}</div></div>')


def game_log_html(log: Sequence[Event], seat: int | None, upto: int | None = None) -> str:
    """A game's log (its events) as `seat` may read it, its newest lines up to event
    `upto`, grouped by round: an event whose data names a round starts that round."""
    end = len(log) if upto is None else min(upto, len(log))
    first = first_shown(end)
    rnd = next((log[i].data["round"] for i in range(first - 1, -1, -1)
                if log[i].data.get("round") is not None), None)  # the round `first` is in
    lines: list[tuple[object, str, str]] = []
    for e in log[first:end]:
        named = e.data.get("round")
        if named is not None:
            rnd = named
        lines.append((rnd, e.kind, e.text_for(seat)))
    return log_html(lines, first)
