"""When a search bot stops thinking about a decision (`search_bot.Budget`): at its
iterations, once the moves played in its worlds reach the move budget, and as soon as no
other move can catch the most visited one. (How long a move takes is measured in
benchmarks/search_move_time.py, never here.)"""

from __future__ import annotations

from village_games.bots.search_bot import Budget
from village_games.bots.search_tree import Edge, Node
from village_games.bots.search_values import settings_for


def test_the_budget_stops_at_its_iterations() -> None:
    budget = Budget(iterations=5, settle=False)
    assert [budget.spent(10) for _ in range(5)] == [False, False, False, False, True]
    assert (budget.done, budget.played, budget.stopped) == (5, 50, "iterations")


def test_the_budget_stops_once_the_moves_played_reach_the_move_budget() -> None:
    budget = Budget(iterations=1000, moves=100, settle=False)
    assert [budget.spent(30) for _ in range(4)] == [False, False, False, True]
    assert (budget.done, budget.played, budget.stopped) == (4, 120, "moves")


def test_without_a_move_budget_long_iterations_do_not_stop_the_search() -> None:
    budget = Budget(iterations=3, settle=False)
    assert [budget.spent(10**9) for _ in range(3)] == [False, False, True]


def root_with(visits: dict[str, int], me: int = 0) -> Node:
    root = Node()
    for move, n in visits.items():
        edge = root.edges[(me, move)] = Edge(me)
        edge.visits = n
    return root


def test_a_settled_choice_stops_the_search_only_once_no_other_move_can_catch_up() -> None:
    budget = Budget(iterations=10)
    root = root_with({"a": 0, "b": 0})
    stops = []
    for a, b in [(1, 0), (1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (6, 1)]:
        root.edges[(0, "a")].visits, root.edges[(0, "b")].visits = a, b
        stops.append(budget.spent(1, root, me=0))
    # after 6 iterations "a" leads by 4 with 4 left: "b" could still tie; after 7, by 5
    # with 3 left: no longer
    assert stops == [False] * 6 + [True]
    assert (budget.done, budget.stopped) == (7, "settled")


def test_a_lead_the_others_could_still_tie_does_not_settle() -> None:
    budget = Budget(iterations=10)
    root = root_with({"a": 0, "b": 0})
    stops = []
    for a in range(1, 7):
        root.edges[(0, "a")].visits = a
        stops.append(budget.spent(1, root, me=0))
    # after 5 iterations "a" leads by 5 with 5 left ("b" could tie, and a tie is decided
    # by the mean); after 6, by 6 with 4 left
    assert stops == [False] * 5 + [True]


def test_only_the_deciding_seats_moves_count_toward_a_settled_choice() -> None:
    root = root_with({"a": 3, "b": 3})
    other = root.edges[(1, "x")] = Edge(1)  # another seat's move, deeper in the tree
    other.visits = 6
    budget = Budget(iterations=6)
    assert [budget.spent(1, root, me=0) for _ in range(5)] == [False] * 5


def test_a_root_where_seats_choose_at_once_never_settles() -> None:
    root = root_with({"a": 9, "b": 0})
    budget = Budget(iterations=10)
    assert [budget.spent(1, None) for _ in range(9)] == [False] * 9  # (root None: a mix)
    assert budget.spent(1, root)  # the iterations are spent


def test_without_settle_the_whole_budget_is_spent() -> None:
    root = root_with({"a": 9, "b": 0})
    budget = Budget(iterations=10, settle=False)
    assert [budget.spent(1, root) for _ in range(10)] == [False] * 9 + [True]


def test_a_larger_iteration_budget_pays_for_proportionally_more_moves() -> None:
    """So that a stronger setting (the apps' 3,000 and 4,000 iterations) stays stronger."""
    for game in ("villagers", "villagers_and_villains"):
        settings = settings_for(game)
        assert settings.move_budget(4000) == 4 * settings.move_budget(1000) > 0
        assert settings.move_budget(None) is None  # (a time budget alone)
    assert settings_for("villages").move_budget(1000) is None
