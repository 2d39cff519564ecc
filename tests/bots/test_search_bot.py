"""The search bot: legal moves only, a SeatView only, its choice a function of what its
seat knows, and the same choice again for the same seed. (Its speed and strength are
measured in benchmarks/search_speed.py and benchmarks/search_strength.py, never here.)"""

from __future__ import annotations

import importlib
import random

import pytest

from village_games.bots import SearchBot
from village_games.bots.search_bot import Thinking
from village_games.core import SeatView

ENGINES = ("village_pillage", "villagers", "villagers_and_villains", "villages")
SMALL = 60  # iterations: enough to grow a tree, quick enough for a test


def positions(engine: str, players: int, seed: int, every: int = 9, limit: int = 6):
    """Decisions with a real choice along a random game: (game, seat), `limit` of them."""
    module = importlib.import_module(f"village_games.{engine}")
    g = module.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    k = found = 0
    while not g.is_over() and found < limit:
        seat = g.to_act()[0]
        legal = g.legal_actions(seat)
        if len(legal) > 1:
            k += 1
            if k % every == 0:
                found += 1
                yield g, seat
        g.apply(seat, rng.choice(legal))


class SeatOnly:
    """What a bot is given, without the SeatView's hidden reference to the game: any reach
    past these methods fails."""

    def __init__(self, seat: SeatView) -> None:
        self._methods = {"legal_actions": seat.legal_actions,
                         "observation": seat.observation, "determinize": seat.determinize,
                         "log": seat.log, "moves_played": seat.moves_played,
                         "own_last_move": seat.own_last_move}
        self._facts = {"player": seat.player, "game_name": seat.game_name,
                       "num_players": seat.num_players, "cards": seat.cards}

    def __getattr__(self, name: str):
        if name.startswith("_"):
            raise AttributeError(name)
        if name in self._methods:
            return self._methods[name]
        if name in self._facts:
            return self._facts[name]
        raise AttributeError(f"a bot may not read {name!r} from its seat")


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("players", [2, 3])
def test_plays_legal_moves_through_the_seat_alone(engine: str, players: int) -> None:
    for g, seat in positions(engine, players, seed=3):
        before = g.to_dict()
        bot = SearchBot(seed=1, iterations=SMALL)
        action = bot.act(SeatOnly(SeatView(g, seat)))
        assert action in g.legal_actions(seat)
        assert g.to_dict() == before  # searching left the real game as it was
        assert bot.thinking is not None and 1 <= bot.thinking.iterations <= SMALL


@pytest.mark.parametrize("engine", ENGINES)
def test_choice_depends_only_on_what_the_seat_knows(engine: str) -> None:
    """A world dealt again for the seat looks the same to it (the invariant harness checks
    determinize's side of this); the bot must then search exactly as in the real game."""
    for g, seat in positions(engine, 3, seed=5):
        twin = g.determinize(seat, random.Random(99))
        assert twin.to_dict() != g.to_dict() or not g.info.hidden_information
        real = SearchBot(seed=4, iterations=SMALL).think(SeatView(g, seat))
        seen = SearchBot(seed=4, iterations=SMALL).think(SeatView(twin, seat))
        assert _numbers(real) == _numbers(seen)


@pytest.mark.parametrize("engine", ENGINES)
def test_a_seed_repeats_the_same_search(engine: str) -> None:
    for g, seat in positions(engine, 2, seed=8, limit=3):
        a = SearchBot(seed=11, iterations=SMALL).think(SeatView(g, seat))
        b = SearchBot(seed=11, iterations=SMALL).think(SeatView(g, seat))
        assert _numbers(a) == _numbers(b)
    games = [_play(engine, seed=2) for _ in range(2)]
    assert games[0] == games[1]


def _play(engine: str, seed: int) -> list[str]:
    module = importlib.import_module(f"village_games.{engine}")
    g = module.new_game(players=2, seed=seed)
    bots = [SearchBot(seed=s, iterations=20) for s in range(2)]
    moves = []
    while not g.is_over() and len(moves) < 60:
        seat = g.to_act()[0]
        action = bots[seat].act(SeatView(g, seat))
        g.apply(seat, action)
        moves.append(str(action))
    return moves


def _numbers(t: Thinking) -> list[tuple[str, int, float, float | None]]:
    return [(str(m.action), m.visits, round(m.win_share, 12), m.probability) for m in t.moves]


def test_thinking_lists_every_legal_move_with_its_visits_and_win_share() -> None:
    g, seat = next(positions("villagers", 3, seed=1, every=4))
    t = SearchBot(seed=2, iterations=200).think(SeatView(g, seat))
    assert {str(m.action) for m in t.moves} == {str(a) for a in g.legal_actions(seat)}
    assert sum(m.visits for m in t.moves) == t.iterations <= 200
    assert t.chosen.visits == max(m.visits for m in t.moves)
    assert all(0.0 <= m.win_share <= 1.0 for m in t.moves)


def test_where_seats_plan_at_once_the_bot_plays_a_mix() -> None:
    from village_games import village_pillage

    g = village_pillage.new_game(players=3, seed=4)
    t = SearchBot(seed=2, iterations=300).think(SeatView(g, 0))
    assert t.simultaneous
    weights = [m.probability for m in t.moves]
    assert all(w is not None and w >= 0 for w in weights)
    assert sum(weights) == pytest.approx(1.0)
    assert t.chosen.probability > 0


@pytest.mark.parametrize("bad", [{"iterations": 0}, {"iterations": 1.5},
                                 {"iterations": True}, {"seconds": 0}, {"seconds": "1"},
                                 {"moves_per_iteration": 0}, {"moves_per_iteration": 2.5}])
def test_a_budget_outside_its_range_is_refused_by_name(bad: dict) -> None:
    with pytest.raises(ValueError, match=next(iter(bad))):
        SearchBot(seed=1, **bad)


def test_a_time_budget_stops_the_search() -> None:
    g, seat = next(positions("villages", 3, seed=1))
    t = SearchBot(seed=1, seconds=0.05).think(SeatView(g, seat))
    assert t.iterations >= 1 and t.seconds >= 0.05


@pytest.mark.parametrize("engine", ENGINES)
def test_each_heuristic_ranks_every_move_with_its_own_choice_first(engine: str) -> None:
    from village_games.bots.lineups import HEURISTIC

    bot = HEURISTIC[engine]
    for g, seat in positions(engine, 2, seed=6, limit=3):
        view = SeatView(g, seat)
        ranked = bot(seed=9).rank(view)
        assert sorted(map(str, ranked)) == sorted(map(str, g.legal_actions(seat)))
        assert ranked[0] == bot(seed=9).act(view)


def test_the_search_widens_along_the_heuristics_ranking() -> None:
    g, seat = next(positions("villagers", 2, seed=3, every=5))
    n = len(g.legal_actions(seat))
    narrow = SearchBot(seed=1, iterations=50, widen=0.0, guide=0.0).think(SeatView(g, seat))
    widened = SearchBot(seed=1, iterations=50, widen=0.5).think(SeatView(g, seat))
    assert sum(1 for m in narrow.moves if m.visits) == min(n, 50)  # every move tried
    assert sum(1 for m in widened.moves if m.visits) <= 3 + int(0.5 * 50 ** 0.5) < n


@pytest.mark.parametrize("engine", ENGINES)
def test_a_settled_search_chooses_what_the_whole_budget_would(engine: str) -> None:
    stopped_early = 0
    for g, seat in positions(engine, 2, seed=4, every=5, limit=4):
        view = SeatView(g, seat)
        # (no move budget: it would stop both searches before a choice could settle)
        settled = SearchBot(seed=3, iterations=120, moves_per_iteration=None).think(view)
        whole = SearchBot(seed=3, iterations=120, settle=False,
                          moves_per_iteration=None).think(view)
        assert settled.chosen.action == whole.chosen.action
        if settled.simultaneous:
            assert settled.iterations == whole.iterations  # a mix: from the whole search
        else:
            stopped_early += settled.iterations < whole.iterations
    if engine != "village_pillage":  # (its searched decisions are plans, made at once)
        assert stopped_early  # (else the test shows nothing)


def test_the_move_budget_ends_a_search_whose_play_outs_are_long() -> None:
    g, seat = next(positions("villagers", 3, seed=2, every=2))  # early: long play-outs
    small = SearchBot(seed=1, iterations=1000, moves_per_iteration=3).think(SeatView(g, seat))
    large = SearchBot(seed=1, iterations=1000, moves_per_iteration=9).think(SeatView(g, seat))
    assert 3000 <= small.played and 9000 <= large.played
    assert 1 <= small.iterations < large.iterations < 1000
    # each iteration played at most what one play-out to the end could
    assert small.played < 3000 + small.played / small.iterations * 3


def test_villagers_default_budget_counts_moves_so_a_seed_repeats_its_move() -> None:
    from village_games.bots.search_values import settings_for

    assert settings_for("villagers").moves_per_iteration is not None
    g, seat = next(positions("villagers", 3, seed=2, every=2))
    a = SearchBot(seed=5, moves_per_iteration=4).think(SeatView(g, seat))
    b = SearchBot(seed=5, moves_per_iteration=4).think(SeatView(g, seat))
    assert _numbers(a) == _numbers(b) and (a.iterations, a.played) == (b.iterations, b.played)


class NoWorlds(SeatOnly):
    """A seat whose hidden cards may not be dealt: a search through it fails."""

    def __getattr__(self, name: str):
        if name == "determinize":
            raise AssertionError("searched a forced move")
        return super().__getattr__(name)


@pytest.mark.parametrize("engine", ["villagers", "villagers_and_villains", "villages"])
def test_a_forced_move_is_played_without_a_search(engine: str) -> None:
    module = importlib.import_module(f"village_games.{engine}")
    g = module.new_game(players=2, seed=1)
    rng = random.Random(1)
    while len(g.legal_actions(g.to_act()[0])) != 1:
        g.apply(g.to_act()[0], rng.choice(g.legal_actions(g.to_act()[0])))
    seat = g.to_act()[0]
    bot = SearchBot(seed=1)
    assert bot.act(NoWorlds(SeatView(g, seat))) == g.legal_actions(seat)[0]
    assert bot.thinking is not None and bot.thinking.iterations == 0


def _own_move_then_mine_again(engine: str, players: int = 2, seed: int = 3):
    """A game where a searched decision of a seat is followed straight by another of the
    same seat (a Villagers draft of two cards): the game at the first, and the seat."""
    module = importlib.import_module(f"village_games.{engine}")
    g = module.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    while not g.is_over():
        seat = g.to_act()[0]
        legal = g.legal_actions(seat)
        if len(legal) > 1:
            after = g.clone()
            after.apply(seat, legal[0])
            if (not after.is_over() and after.to_act()[0] == seat
                    and len(after.legal_actions(seat)) > 1):
                return g, seat
        g.apply(seat, rng.choice(legal))
    raise AssertionError("no two decisions in a row for one seat")


def test_a_decision_straight_after_its_own_move_starts_from_the_kept_tree() -> None:
    g, seat = _own_move_then_mine_again("villagers")
    bot = SearchBot(seed=1, iterations=SMALL)
    action = bot.act(SeatView(g, seat))
    g.apply(seat, action)
    assert g.to_act()[0] == seat
    bot.act(SeatView(g, seat))
    assert bot.thinking is not None and bot.thinking.kept > 0
    assert bot.thinking.iterations <= SMALL  # (the kept visits are a head start, not more)


def test_another_seats_move_in_between_starts_a_new_tree() -> None:
    g, seat = _own_move_then_mine_again("villagers")
    bot = SearchBot(seed=1, iterations=SMALL)
    g.apply(seat, bot.act(SeatView(g, seat)))
    while g.to_act()[0] == seat:  # the seat's turn goes on at random; the bot sees it
        g.apply(seat, g.legal_actions(seat)[-1])
    other = g.to_act()[0]
    while not g.is_over() and g.to_act()[0] != seat:
        g.apply(g.to_act()[0], g.legal_actions(g.to_act()[0])[0])
    assert other != seat
    if len(g.legal_actions(seat)) > 1:
        bot.act(SeatView(g, seat))
        assert bot.thinking is not None and bot.thinking.kept == 0


def test_a_move_the_bot_did_not_choose_lets_its_tree_go() -> None:
    g, seat = _own_move_then_mine_again("villagers")
    bot = SearchBot(seed=1, iterations=SMALL)
    chosen = bot.act(SeatView(g, seat))
    g.apply(seat, next(a for a in g.legal_actions(seat) if a != chosen))  # (an undo, a
    bot.act(SeatView(g, seat))                                           # person's pick)
    assert bot.thinking is not None and bot.thinking.kept == 0


def test_without_keep_tree_every_decision_starts_afresh() -> None:
    g, seat = _own_move_then_mine_again("villagers")
    bot = SearchBot(seed=1, iterations=SMALL, keep_tree=False)
    g.apply(seat, bot.act(SeatView(g, seat)))
    bot.act(SeatView(g, seat))
    assert bot.thinking is not None and bot.thinking.kept == 0


def test_a_tree_kept_at_one_game_is_not_used_at_another() -> None:
    """A bot that plays game after game (a tournament) may meet the same move count and
    the same own move in the next game: its tree belongs to the first."""
    g, seat = _own_move_then_mine_again("villagers")
    twin = g.clone()
    bot = SearchBot(seed=1, iterations=SMALL)
    action = bot.act(SeatView(g, seat))
    twin.apply(seat, action)
    bot.act(SeatView(twin, seat))
    assert bot.thinking is not None and bot.thinking.kept == 0
