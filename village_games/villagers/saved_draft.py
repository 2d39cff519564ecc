"""What a saved game must show of the Draft Phase, so that play can go on from it: who is
still drafting, how many villagers each holds in the Village Square, and whose turn it is.

The draft (draft.py) starts every seat drafting with an empty square; a seat whose square
reaches its drafting limit takes it into hand and stops drafting; the turn always goes to
a seat still drafting, and the phase ends when none is (flow.py). So outside the Draft
Phase nobody drafts and every square is empty: a flag or a square that play could never
leave would keep a drafted card out of every count, or a turn that nobody can take.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .modes import SOLO

if TYPE_CHECKING:
    from .game import Villagers
    from .player import PlayerState

TURN, DRAFTED = "turn", "drafted"  # the moments of a draft turn (see `draft_moment`)


def draft_moment(g: Villagers) -> str:
    """Where the game stands in the Draft Phase: TURN (a draft turn is due, or a choice
    within it waits: the Prophet's pick, a solo toll before the first draft), DRAFTED (a
    draft is made, its turn not over: the Countess's pick), "" (outside the phase)."""
    phase = g.phase
    e = g.ext
    if phase == "pick" and e is not None and e.pending is not None:
        phase = e.pending["back"]  # (the phase the pick interrupts)
    if g.solo is not None and phase in SOLO.phases:
        return SOLO.draft_moment(g)
    return TURN if phase == "draft" else ""


def default_drafting(p: PlayerState, moment: str) -> bool:
    """A hand-written scenario's flag when it gives none: still drafting below the limit
    (at it, only while the Countess's pick ends the turn)."""
    return bool(moment) and (len(p.square) < p.draft_limit or moment == DRAFTED)


def check_drafting(g: Villagers) -> None:
    """Each seat's `drafting`, `square` and `draft_limit`, and the turn, as play leaves them."""
    moment = draft_moment(g)
    for seat in range(g.n):  # (a solo game's Countess never drafts: her row has no flag)
        p = g.players[seat]
        where = f"players[{seat}]"
        if not moment:
            if p.drafting:
                raise ValueError(f"{where}.drafting must be false outside the Draft Phase "
                                 f"(phase {g.phase!r})")
            if p.square:
                raise ValueError(f"{where}.square must be empty outside the Draft Phase "
                                 "(the drafted villagers have gone to hand)")
            continue
        if not p.drafting:
            if p.square:
                raise ValueError(f"{where}.square must be empty when drafting is false (a "
                                 "player who finishes drafting takes the square into hand)")
            continue
        just_drafted = moment == DRAFTED and seat == g.turn
        most = p.draft_limit if just_drafted else p.draft_limit - 1
        if len(p.square) > most:
            raise ValueError(f"{where}: drafting is true only while the square holds fewer "
                             f"villagers than the draft_limit (from 1), got square "
                             f"{len(p.square)} and draft_limit {p.draft_limit}")
        if just_drafted and not p.square:
            raise ValueError(f"{where}.square must hold the villager just drafted (the "
                             "Countess's pick follows a draft)")
    if not moment:
        return
    drafting = [seat for seat in range(g.n) if g.players[seat].drafting]
    if not drafting:
        raise ValueError(f"it is the Draft Phase (phase {g.phase!r}), so some player's "
                         "drafting must be true: the phase ends when the last one finishes")
    if g.turn not in drafting:
        raise ValueError(f"turn must be a seat still drafting ({', '.join(map(str, drafting))})"
                         f" in the Draft Phase, got {g.turn}")
