"""A reusable invariant harness: seeded random play-outs that check what every engine owes.

Each engine's tests call `run_playouts(new_game, seeds)`. At every decision it checks that
the state round-trips through `to_dict`/`from_dict` and JSON, that `clone()` is equal and
independent, that illegal and malformed actions raise `IllegalAction` and change nothing,
that an observation is JSON-able and unchanged by `determinize` (so it cannot reveal what
determinize resamples), that determinize is fair (two states a seat cannot tell apart give
the same world for the same generator), that a trace ends on the observation the game
then shows, that `audit()` finds nothing, that a kind not marked `final` never reveals,
draws or hands the decision on, and that the game ends with an outcome (possibly
without a winner) and replays.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, cast

from .actions import Action
from .errors import IllegalAction
from .events import Event
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
                   foreign: list[Action]) -> int:
    """Try actions that must be refused; return how many were tried."""
    before = _state(game)
    legal = game.legal_actions(player)
    tried = 0
    candidates = [*[a for a in foreign if a not in legal][:3], *_garbage(game, rng)]
    idle = [p for p in range(game.num_players) if p not in game.to_act()]
    for action in candidates:
        try:
            game.apply(player, cast(Action, action))  # (anything a page could send)
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
    options: Callable[[int], dict[str, Any]] | None = None,
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
        foreign: list[Action] = []  # actions seen elsewhere, to try where they are illegal
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
            foreign = (foreign + list(legal))[-40:]
            events = game.apply(player, action)
            _check_final_flag(game, player, action, events, seed, step)
            step += 1
        problems = game.audit()
        if problems:
            raise _fail(seed, step, "; ".join(problems))
        _check_outcome(game, seed, step)
        rebuilt = replay(game.record(), new_game_for_replay or new_game)
        if _state(rebuilt) != _state(game):
            raise _fail(seed, step, "replaying the record gave a different game")
        stats.games += 1
        stats.finished += 1
        stats.decisions += step
        stats.lengths.append(step)
    return stats


def _deep_checks(game: Game, player: int, rng: random.Random, seed: int, step: int,
                 foreign: list[Action], stats: PlayoutStats) -> None:
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
        # `world` looks the same to `seat` as `game` does, so it must give the same worlds
        k = rng.random()
        if _state(game.determinize(seat, random.Random(k))) != _state(
                world.determinize(seat, random.Random(k))):
            raise _fail(seed, step, f"determinize for seat {seat} depends on something "
                                    "that seat cannot see")
    if _state(game) != before:
        raise _fail(seed, step, "observing or determinizing changed the game")
    stats.illegal_checked += _check_illegal(game, player, rng, seed, step, foreign)
    _check_trace(game, player, rng, seed, step)


def _check_trace(game: Game, player: int, rng: random.Random, seed: int, step: int) -> None:
    """A traced move gives one step per event, ending on the game's own observation."""
    action = rng.choice(list(game.legal_actions(player)))
    plain, traced = game.clone(), game.clone()
    events = plain.apply(player, action)
    viewer = rng.choice([None, *range(game.num_players)])
    trace = traced.apply_traced(player, action, viewer)
    if [e.to_dict() for e in events] != [t.event.to_dict() for t in trace]:
        raise _fail(seed, step, "a traced move reported other events than a plain one")
    if trace and trace[-1].obs != traced.observation(viewer):
        raise _fail(seed, step, "a trace does not end on the observation after the move")
    if _state(plain) != _state(traced):
        raise _fail(seed, step, "tracing a move changed what the move did")


def _check_final_flag(game: Game, player: int, action: object, events: list[Event],
                      seed: int, step: int) -> None:
    """A kind the engine leaves non-final (`Action.final`) may be played on one click and
    taken back: it must reveal nothing, leave nothing to chance and keep the decision
    with the same seat."""
    if getattr(type(action), "final", False):
        return
    if any(e.final for e in events):
        raise _fail(seed, step, f"{action} revealed or drew, but its kind is not marked final")
    if game.is_over() or player not in game.to_act():
        raise _fail(seed, step, f"{action} handed the decision on, but its kind is not "
                                "marked final")


def _garbage(game: Game, rng: random.Random) -> list[object]:
    """Malformed actions a page or a save could send: each must be refused cleanly."""
    some_type = rng.choice(game.codec.names().split(", "))
    return [None, 42, "Plan", {}, {"type": []}, {"type": {"a": 1}}, {"type": "NoSuchMove"},
            {"type": some_type, "no_such_field": 1}, {"type": some_type, "card": []}]


def _check_outcome(game: Game, seed: int, step: int) -> None:
    """A finished game reports how it ended; winners may be none (a solo loss)."""
    out = game.outcome()
    if out is None:
        raise _fail(seed, step, "a finished game reports no outcome")
    if not set(out.winners) <= set(range(game.num_players)):
        raise _fail(seed, step, f"outcome names seats that do not exist: {out.winners}")
    if len(out.scores) != game.num_players or not out.reason:
        raise _fail(seed, step, "an outcome needs a score per seat and a reason in words")
    if list(out.winners) != game.winners():
        raise _fail(seed, step, "winners() disagrees with the outcome")
