"""Every picker label that names an amount of gold names the gold its action moves.

Widgets print the numbers the engine states (on the action or in the observation); they
never write a cost from the rules or from replaceable data. So: play seeded games of every
engine, and for each action whose label (section title and its values) says "N Gold", apply
it and count the gold that changed hands (every holder: the Bank, each Supply, the coins on
villagers and on the Road). Villages and Village Pillage move no gold by an action (Villages'
gold is scored, Pillage pays in turnips), so their labels must not name any.
"""

from __future__ import annotations

import dataclasses
import random
import re
from typing import Any

import pytest

from tests.villagers.solo_scenarios import solo
from village_games import village_pillage, villagers, villagers_and_villains, villages
from village_games.core import Game
from village_games.villagers import Build
from widgets.village_pillage.adapter import PillageAdapter
from widgets.villagers.adapter import VillagersAdapter
from widgets.villagers_and_villains.adapter import VVAdapter
from widgets.villages.adapter import VillagesAdapter

GOLD = re.compile(r"(\d+) gold\b", re.IGNORECASE)


def label_parts(adapter: Any, g: Game, seat: int, action: Any) -> dict[str, str]:
    """What the picker shows for `action`: its section's title ("") and each field's
    button."""
    labels = adapter.labels(g.observation(seat), g.cards)
    kind = type(action).__name__
    parts = {"": labels.kind_title(kind) if hasattr(labels, "kind_title") else kind}
    parts.update({f.name: labels.value_label(kind, f.name, getattr(action, f.name))
                  for f in dataclasses.fields(action)})
    return parts


def label(adapter: Any, g: Game, seat: int, action: Any) -> str:
    return " | ".join(label_parts(adapter, g, seat, action).values())


Holdings = dict[tuple, int]
# a move whose gold changes hands only when another player agrees: the agreeing answer
CONSENT = {"PayVend": "AllowVend"}


def holdings(obs: dict[str, Any]) -> Holdings:
    """Every place gold sits, as the public table shows it: the Bank, each Supply, the
    coins on each villager and on each Road card."""
    out: Holdings = {("bank",): obs["bank"]}
    for s, p in enumerate(obs["players"]):
        out[("supply", s)] = p["gold"]
        out.update({("villager", s, k): slot["coins"]
                    for k, slot in enumerate(p.get("village") or ())})
    out.update({("road", i): r["coins"] for i, r in enumerate(obs.get("road") or ()) if r})
    return out


def moved(before: Holdings, after: Holdings) -> int:
    """The gold that changed hands: what the holders that gained, gained (a villager that
    joined a village starts from nothing)."""
    return sum(max(0, v - before.get(k, 0)) for k, v in after.items())


def first_payment(g: Game, seat: int, action: Any) -> int:
    """The gold the move's first gold-moving step shifts (a move may go on to set off
    more, as the next mayor's turn that plays itself)."""
    before = holdings(g.observation(None))
    steps = g.apply_traced(seat, action, None)
    consent = CONSENT.get(type(action).__name__)
    if consent is not None:  # the gold moves once the other side agrees
        owner = g.to_act()[0]
        steps += g.apply_traced(owner, next(a for a in g.legal_actions(owner)
                                            if type(a).__name__ == consent), None)
    for step in steps:
        now = holdings(step.obs)
        if moved(before, now):
            return moved(before, now)
    return 0


def freely_unlocked(g: Any, seat: int, action: Any) -> Any:
    """A copy of `g` with a Tinner in play, so `action` opens its padlock for free."""
    twin = g.clone(keep_log=False)
    twin.tinner, twin._legal = True, None
    return twin


def check_game(adapter: Any, g: Game, rng: random.Random, moves: int = 400) -> int:
    """Play `g` at random, favouring moves whose label names gold; check each of those.
    Returns how many were checked."""
    checked = 0
    for _ in range(moves):
        if g.is_over():
            break
        seat = g.to_act()[0]
        legal = list(g.legal_actions(seat))
        named = [(a, GOLD.findall(label(adapter, g, seat, a))) for a in legal]
        golden = [(a, n) for a, n in named if n]
        if golden and rng.random() < 0.7:
            action, amounts = rng.choice(golden)
        else:
            action, amounts = rng.choice(named)
        if not amounts:
            g.apply(seat, action)
            continue
        parts = label_parts(adapter, g, seat, action)
        text = " | ".join(parts.values())
        assert len(amounts) == 1, text
        if GOLD.search(parts.get("unlock", "")):
            # a build, Smuggler or Apprentice may move gold of its own (the Smuggler
            # earns) before or after the padlock's: the padlock's share is what the move
            # shifts beyond the same move with the padlock opened free by a Tinner
            twin = freely_unlocked(g, seat, action)
            twin.apply(seat, dataclasses.replace(action, unlock="tinner"))
            g.apply(seat, action)
            paid = moved(holdings(twin.observation(None)), holdings(g.observation(None)))
        else:
            paid = first_payment(g, seat, action)
        assert paid == int(amounts[0]), (
            f"{text!r} names {amounts[0]} Gold, but the move shifted {paid}")
        checked += 1
    return checked


def test_the_countess_bank_label_names_the_three_gold_the_engine_takes() -> None:
    adapter = VillagersAdapter()
    g = solo(["The Countess Bank"], phase="build", hand=["Poulterer"], gold=5)
    adapter.game = g
    build = Build("Poulterer", 0, "bank")
    text = label(adapter, g, 0, build)
    assert "3 Gold" in text and "2 Gold" not in text
    assert first_payment(g, 0, build) == 3


@pytest.mark.parametrize("players,options", [
    (3, {}), (4, {"expansions": "saints,scoundrels,profiteers"}),
    (5, {"expansions": "scoundrels,profiteers,saints"}),
    (1, {"solo_mode": "normal"}), (1, {"solo_mode": "hard"})])
def test_villagers_labels_name_the_gold_their_moves_move(players: int,
                                                         options: dict[str, Any]) -> None:
    adapter = VillagersAdapter()
    checked = 0
    for seed in range(4):
        g = villagers.new_game(players=players, seed=seed, **options)
        adapter.game = g
        checked += check_game(adapter, g, random.Random(seed))
    assert checked > 0  # (the seeds reach gold-naming moves: the test checks something)


@pytest.mark.parametrize("options", [{}, {"advanced": True},
                                     {"advanced": True, "pony_express": True}])
def test_villagers_and_villains_labels_name_the_gold_their_moves_move(
        options: dict[str, Any]) -> None:
    adapter = VVAdapter("random")
    checked = 0
    for seed in range(4):
        g = villagers_and_villains.new_game(players=3 + seed % 2, seed=seed, **options)
        adapter.game = g
        checked += check_game(adapter, g, random.Random(seed))
    assert checked > 0


@pytest.mark.parametrize("module,adapter", [(villages, VillagesAdapter),
                                            (village_pillage, PillageAdapter)])
def test_games_whose_moves_move_no_gold_label_none(module: Any, adapter: Any) -> None:
    a = adapter()
    for seed in range(3):
        g = module.new_game(players=3, seed=seed)
        rng = random.Random(seed)
        for _ in range(200):
            if g.is_over():
                break
            seat = g.to_act()[0]
            action = rng.choice(list(g.legal_actions(seat)))
            assert not GOLD.findall(label(a, g, seat, action))
            g.apply(seat, action)
