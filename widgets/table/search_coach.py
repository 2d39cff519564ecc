"""What the search bot is thinking: its numbers for a seat's decision, as the table's coach.

The table app shows a coach for any adapter with `coach_models` and `coach(game, seat,
model)` (widgets/table/coaching.py). `SearchCoach` gives an adapter both: the search bot
(village_games.bots.SearchBot) thinks about the decision from the seat's own view, and
the panel lists each move with how often the search tried it and the share of games the
seat went on to win after it; each picker button gets the best such share among the
moves it belongs to. For the three games without a coach of their own this is their
coach; Village Pillage offers it beside its own.

    adapter.coach(game, seat, "search:1000").html
"""

from __future__ import annotations

import dataclasses
import html
from collections.abc import Sequence
from typing import Any

from village_games.bots import SearchBot
from village_games.bots.search_bot import MoveThought, Thinking
from village_games.core import Action, Game, SeatView
from village_games.core.actions import short_repr

from .adapter import ObsT, TableAdapter
from .choices import DefaultLabels, PickerLabels
from .coaching import Coaching, NoteKey

SEARCH_MODELS = [
    ("What the search bot thinks (300 iterations)", "search:300"),
    ("What the search bot thinks (1,000 iterations, about a second)", "search:1000"),
    ("What the search bot thinks (3,000 iterations)", "search:3000"),
]
ROWS = 12  # moves listed in the panel; the rest are summed up in one line


def iterations_of(model: str) -> int:
    if model not in {m for _l, m in SEARCH_MODELS}:
        raise ValueError(f"the coach model must be one of "
                         f"{', '.join(m for _l, m in SEARCH_MODELS)}; got {short_repr(model)}")
    return int(model.partition(":")[2])


def think(game: Game, seat: int, model: str) -> Thinking:
    """The search bot's numbers for `seat`'s decision, seeded by the position so the same
    table always shows the same numbers."""
    seed = game.seed * 1009 + len(game.history) * 7 + seat
    return SearchBot(seed=seed, iterations=iterations_of(model)).think(SeatView(game, seat))


def move_label(action: Action, labels: PickerLabels) -> str:
    """A move in the picker's own words: its kind's title and each field's label."""
    kind = type(action).__name__
    title = getattr(labels, "kind_title", None)
    head = title(kind) if title else DefaultLabels().kind_title(kind)
    parts = [labels.value_label(kind, f.name, getattr(action, f.name))
             for f in dataclasses.fields(action)]
    return f"{head}: {', '.join(parts)}" if parts else head


def notes(thinking: Thinking) -> dict[NoteKey, str]:
    """Each picker value's note: the estimated win share of the most tried move with it."""
    best: dict[NoteKey, MoveThought] = {}
    for m in thinking.moves:
        kind = type(m.action).__name__
        for f in dataclasses.fields(m.action):
            key = (kind, f.name, getattr(m.action, f.name))
            if key not in best or m.visits > best[key].visits:
                best[key] = m
    return {k: f"wins {m.win_share:.0%}" for k, m in best.items() if m.visits}


STOPPED = {  # why a search ended before its iterations, in a player's words
    "settled": "no other move could catch up, so it stopped early",
    "moves": "its worlds' budget of moves was spent",
    "seconds": "its time was up",
}


def effort(thinking: Thinking, budget: int) -> str:
    """How much the search did: its iterations of `budget`, the time, why it stopped."""
    done = f"{thinking.iterations:,} iterations in {thinking.seconds:.1f} s"
    why = STOPPED.get(thinking.stopped)
    if thinking.iterations >= budget or why is None:
        return done
    return f"{thinking.iterations:,} of {budget:,} iterations in {thinking.seconds:.1f} s: {why}"


def thinking_html(thinking: Thinking, labels: PickerLabels, budget: int = 0) -> str:
    mixed = thinking.simultaneous
    rows = []
    for i, m in enumerate(thinking.moves[:ROWS]):
        cls = ' class="vg-coach-best"' if i == 0 else ""
        mix = f'<td class="vg-num">{m.probability:.0%}</td>' if mixed else ""
        rows.append(f"<tr{cls}><td>{html.escape(move_label(m.action, labels))}</td>"
                    f'<td class="vg-num">{m.visits:,}</td>'
                    f'<td class="vg-num">{m.win_share:.0%}</td>{mix}</tr>')
    rest = thinking.moves[ROWS:]
    if rest:
        span = 4 if mixed else 3
        rows.append(f'<tr><td colspan="{span}" class="vg-note">and {len(rest)} more moves, '
                    f"tried {sum(m.visits for m in rest):,} times in all</td></tr>")
    chosen = html.escape(move_label(thinking.chosen.action, labels))
    mix_head = "<th>Mix</th>" if mixed else ""
    how = ("Several seats choose at once here, so the bot plays a mix of moves (the Mix "
           "column) and draws one from it. " if mixed else "")
    return (
        '<div class="vg-coach vg-search-coach">'
        f'<div class="vg-coach-head">The search bot would play <b>{chosen}</b> '
        f"({effort(thinking, budget)})</div>"
        '<table class="vg-coach-table"><tr><th>Move</th><th>Tried</th><th>Wins after it'
        f"</th>{mix_head}</tr>" + "".join(rows) + "</table>"
        '<div class="vg-note">Each iteration deals the cards you cannot see again, plays a '
        "move and the game on from it (to the end, or a few turns and then judges who is "
        "ahead), and counts who wins. Tried: how often the search chose the move; wins "
        "after it: the share of those games your seat won (an estimate; the others are "
        f"played as players who want to win too). {how}</div></div>")


class SearchCoach(TableAdapter[ObsT]):
    """A base for a table adapter: the search bot's thinking as the table's coach."""

    coach_models: Sequence[tuple[str, str]] = SEARCH_MODELS

    def labels(self, obs: ObsT, cards: Any) -> PickerLabels:
        raise NotImplementedError("the adapter names its moves")  # (every adapter does)

    def coach(self, game: Game[ObsT], seat: int, model: str) -> Coaching | None:
        """The search bot's view of `seat`'s decision; None when there is no choice."""
        if len(game.legal_actions(seat)) < 2:
            return None
        thinking = think(game, seat, model)
        labels = self.labels(game.observation(seat), game.cards)
        return Coaching(thinking_html(thinking, labels, iterations_of(model)), notes(thinking))
