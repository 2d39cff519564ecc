"""Class experiments: a whole class runs one lesson's trials, and the pooled share settles
on the exact answer. Pure Python (no Jupyter).

One module per kind of experiment, each a lesson's question (`Kind`: settings the teacher
fixes, the question in words, the exact answer from the game's own odds functions, and a
trial drawn from a seeded generator with what it showed). `store.ExperimentStore` keeps
experiments, students and trials in the table store; `pooled` adds up a class's trials.

    from village_games.experiments import kind
    k = kind("vv-recruit")
    values = k.check({"position": "4", "extra": "2"})
    k.exact(values).value                     # Fraction(7, 8)
    k.trial(values, trial_rng(seed, student=1, number=1)).steps
"""

from __future__ import annotations

import importlib

from .kind import Answer, Kind, Step, Trial, trial_rng

# key -> (module, name), in the gallery's order of games and lessons; a kind's module (and
# the engine it needs) is imported when the kind is first asked for, so a lesson's page
# loads only its own game
MODULES: dict[str, tuple[str, str]] = {
    "vp-round": ("vp_round", "KIND"),
    "vp-market": ("vp_market", "KIND"),
    "villagers-backs": ("villagers_backs", "KIND"),
    "villagers-facedown": ("villagers_facedown", "KIND"),
    "villagers-solo-events": ("villagers_solo", "EVENTS_KIND"),
    "villagers-solo-games": ("villagers_solo", "GAMES_KIND"),
    "vv-recruit": ("vv_recruit", "KIND"),
    "vv-defend": ("vv_defend", "KIND"),
    "villages-draw": ("villages_draw", "DRAW_KIND"),
    "villages-going-out": ("villages_draw", "GOING_OUT_KIND"),
}
KEYS = tuple(MODULES)


def kind(key: str) -> Kind:
    """The kind named `key`; ValueError listing the kinds there are."""
    found = MODULES.get(key)
    if found is None:
        shown = key if len(key) <= 40 else key[:39] + "…"
        raise ValueError(f"there is no kind of experiment {shown!r}; the kinds are "
                         f"{', '.join(KEYS)}")
    module, name = found
    found_kind: Kind = getattr(importlib.import_module(f".{module}", __name__), name)
    return found_kind


def all_kinds() -> list[Kind]:
    return [kind(key) for key in KEYS]


__all__ = ["KEYS", "MODULES", "Answer", "Kind", "Step", "Trial", "all_kinds", "kind", "trial_rng"]
