"""A reusable invariant harness: seeded random play-outs that check what every engine owes.

Each engine's tests call `run_playouts(new_game, seeds)`. At every decision it checks that
the state round-trips through `to_dict`/`from_dict` and JSON, that `clone()` is equal and
independent, that illegal actions raise `IllegalAction` and change nothing, that an
observation is JSON-able and unchanged by `determinize` (so it cannot reveal what
determinize resamples), that `audit()` finds nothing, and that the game ends and replays.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field

from .errors import IllegalAction
from .game import Game
from .replay import replay


class InvariantBroken(AssertionError):
    pass


@dataclass
class PlayoutStats:
    games: int = 0
    decisions: int = 0
    illegal_checked: int = 0
    finished: int = 0
    lengths: list[int] = field(default_factory=list)


def _state(game: Game) -> str:
    return json.dumps(game.to_dict(), sort_keys=True)


def _fail(seed: int, step: int, msg: str) -> InvariantBroken:
    return InvariantBroken(f"seed {seed}, decision {step}: {msg}")


def _check_illegal(game: Game, player: int, rng: random.Random, seed: int, step: int,
                   foreign: list) -> int:
    """Try actions that must be refused; return how many were tried."""
    before = _state(game)
    legal = game.legal_actions(player)
    tried = 0
    candidates = [a for a in foreign if a not in legal][:3]
    idle = [p for p in range(game.num_players) if p not in game.to_act()]
    for action in candidates:
        try:
            game.apply(player, action)
        except IllegalAction:
            tried += 1
        else:
            raise _fail(seed, step, f"illegal action {action} was accepted")
        if _state(game) != before:
            raise _fail(seed, step, f"refused action {action} changed the state")
    if idle and legal:
        try:
            game.apply(idle[0], legal[0])
        except IllegalAction:
            tried += 1
        else:
            raise _fail(seed, step, f"seat {idle[0]} acted out of turn")
        if _state(game) != before:
            raise _fail(seed, step, "an out-of-turn action changed the state")
    return tried


def run_playouts(
    new_game: Callable[..., Game],
    seeds: range | list[int],
    *,
    options: Callable[[int], dict] | None = None,
    deep_every: int = 1,
    max_steps: int = 20_000,
    new_game_for_replay: Callable[..., Game] | None = None,
) -> PlayoutStats:
    """Play random games from each seed and check every invariant on the way.

    `deep_every` thins the expensive checks (round-trips, clones, illegal tries) to every
    n-th decision so thousands of games stay quick; cheap ones run at every decision.
    """
    stats = PlayoutStats()
    for seed in seeds:
        opts = options(seed) if options else {}
        game = new_game(seed=seed, **opts)
        rng = random.Random(seed * 7919 + 1)
        foreign: list = []  # actions seen elsewhere, to try where they are illegal
        step = 0
        while not game.is_over():
            if step >= max_steps:
                raise _fail(seed, step, f"game did not end within {max_steps} decisions")
            waiting = game.to_act()
            if not waiting:
                raise _fail(seed, step, "nobody to act but the game is not over")
            player = rng.choice(waiting)
            legal = game.legal_actions(player)
            if not legal:
                raise _fail(seed, step, f"seat {player} must act but has no legal action")
            problems = game.audit()
            if problems:
                raise _fail(seed, step, "; ".join(problems))
            if step % deep_every == 0:
                _deep_checks(game, player, rng, seed, step, foreign, stats)
            action = rng.choice(legal)
            foreign = (foreign + legal)[-40:]
            game.apply(player, action)
            step += 1
        problems = game.audit()
        if problems:
            raise _fail(seed, step, "; ".join(problems))
        if not game.winners():
            raise _fail(seed, step, "a finished game has no winner")
        rebuilt = replay(game.record(), new_game_for_replay or new_game)
        if _state(rebuilt) != _state(game):
            raise _fail(seed, step, "replaying the record gave a different game")
        stats.games += 1
        stats.finished += 1
        stats.decisions += step
        stats.lengths.append(step)
    return stats


def _deep_checks(game: Game, player: int, rng: random.Random, seed: int, step: int,
                 foreign: list, stats: PlayoutStats) -> None:
    before = _state(game)
    restored = type(game).from_dict(json.loads(json.dumps(game.to_dict())))
    if _state(restored) != before:
        raise _fail(seed, step, "to_dict/from_dict does not round-trip")
    twin = game.clone()
    if _state(twin) != before:
        raise _fail(seed, step, "clone() differs from the original")
    twin.apply(player, rng.choice(twin.legal_actions(player)))
    if _state(game) != before:
        raise _fail(seed, step, "acting on a clone changed the original")
    for seat in range(game.num_players):
        obs = game.observation(seat)
        json.dumps(obs)
        world = game.determinize(seat, random.Random(rng.random()))
        if world.observation(seat) != obs:
            raise _fail(seed, step, f"determinize changed what seat {seat} can see")
    if _state(game) != before:
        raise _fail(seed, step, "observing or determinizing changed the game")
    stats.illegal_checked += _check_illegal(game, player, rng, seed, step, foreign)
