"""One random game, as every speed benchmark plays it: a seat chooses uniformly among the
legal actions by index with a pre-seeded generator. Not a test.

`quiet` plays a search copy (`clone(keep_log=False)`: no history, no log, no events), as
bots and determinized worlds do; setup is part of the game. The caller times the loop.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def play_one(module: Any, players: int, seed: int, options: dict[str, Any], quiet: bool,
             rnd: Callable[[], float]) -> int:
    """Play game `seed` of `module` to the end; return the decisions made."""
    g = module.new_game(players=players, seed=seed, **options)
    if quiet:
        g = g.clone(keep_log=False)
    return play_to_end(g, rnd)


def play_to_end(g: Any, rnd: Callable[[], float]) -> int:
    """The loop every speed benchmark times (tic-tac-toe's yardstick too): returns the
    decisions made."""
    to_act, legal, apply, over = g.to_act, g.legal_actions, g.apply, g.is_over
    decisions = 0
    while not over():
        p = to_act()[0]
        acts = legal(p)
        apply(p, acts[int(rnd() * len(acts))])
        decisions += 1
    return decisions
