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

from .kind import Answer, Kind, Step, Trial, trial_rng
from .villagers_backs import KIND as VILLAGERS_BACKS
from .villagers_facedown import KIND as VILLAGERS_FACEDOWN
from .villagers_solo import EVENTS_KIND, GAMES_KIND
from .villages_draw import DRAW_KIND, GOING_OUT_KIND
from .vp_market import KIND as VP_MARKET
from .vp_round import KIND as VP_ROUND
from .vv_defend import KIND as VV_DEFEND
from .vv_recruit import KIND as VV_RECRUIT

# in the gallery's order of games and lessons
KINDS: dict[str, Kind] = {k.key: k for k in (
    VP_ROUND, VP_MARKET, VILLAGERS_BACKS, VILLAGERS_FACEDOWN, EVENTS_KIND, GAMES_KIND,
    VV_RECRUIT, VV_DEFEND, DRAW_KIND, GOING_OUT_KIND)}


def kind(key: str) -> Kind:
    """The kind named `key`; ValueError listing the kinds there are."""
    found = KINDS.get(key)
    if found is None:
        shown = key if len(key) <= 40 else key[:39] + "…"
        raise ValueError(f"there is no kind of experiment {shown!r}; the kinds are "
                         f"{', '.join(KINDS)}")
    return found


__all__ = ["KINDS", "Answer", "Kind", "Step", "Trial", "kind", "trial_rng"]
