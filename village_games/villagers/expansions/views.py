"""What the expansions show each seat: the Developments with everyone's counts and who
leads, the Bronze symbols, a card choice under way (its cards only to the chooser), and
the Courier's moment (only to its holder)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from .bronze import bronze_slots, bronze_value
from .deck import developments
from .developments import bonus, leaders
from .setup import dealt_cards

if TYPE_CHECKING:
    from ..game import Villagers
    from ..views import BronzeView, ExpansionsView, PendingView, TokenBonusView


def boxed_cards(g: Villagers) -> list[str]:
    """The cards of the chosen expansions that are dealt one per player but were not (they
    stay in the box), in card-file order; [] without such expansions."""
    e = g.ext
    if e is None:
        return []
    names = [c for x in ("saints", "scoundrels") if e.has(x) for c in dealt_cards(g, x)]
    return [c for c in names if c not in e.dealt]


def rebox(g: Villagers, pool: list[str], rng: random.Random) -> list[str]:
    """Determinize: choose again which of the expansions' dealt cards stayed in the box,
    among those the observer cannot place (the old box and the unknown cards of `pool`);
    returns the unknown cards left to deal into the hidden places."""
    e = g.ext
    assert e is not None
    order = g.order.__getitem__
    new_box: list[str] = []
    for expansion in ("saints", "scoundrels"):
        if not e.has(expansion):
            continue
        kind = set(dealt_cards(g, expansion))
        old = [c for c in boxed_cards(g) if c in kind]
        candidates = sorted([*old, *(c for c in pool if c in kind)], key=order)
        rng.shuffle(candidates)
        new_box += candidates[:len(old)]
    rest = [*pool, *boxed_cards(g)]
    for c in new_box:
        rest.remove(c)
    e.dealt = [c for x in ("saints", "scoundrels") if e.has(x) for c in dealt_cards(g, x)
               if c not in new_box]
    return rest


def seen_hand(g: Villagers, observer: int) -> int | None:
    """The seat whose hand `observer` is looking through with the Noble, if any."""
    e = g.ext
    if e is None or e.pending is None or e.pending["kind"] != "noble":
        return None
    return e.pending["source"] if e.pending["seat"] == observer else None


def expansion_view(g: Villagers, viewer: int | None, everything: bool) -> ExpansionsView:
    e = g.ext
    assert e is not None
    pending: PendingView | None = None
    if e.pending is not None:
        mine = everything or e.pending["seat"] == viewer
        pending = {"kind": e.pending["kind"], "seat": e.pending["seat"],
                   "source": e.pending["source"],
                   "options": e.pending["options"][:] if mine else None,
                   "hand": e.pending.get("hand") if mine else None}
    bronze: list[BronzeView] = []
    if e.has("profiteers"):
        bronze = [{"seat": s,
                   "slots": [[k, bronze_value(g, s, k)] for k in bronze_slots(g, s)],
                   "scored_this_round": e.bronze_round[s] == g.round}
                  for s in range(g.n)]
    # the Food and Builders a held Development token adds to its holder's limits (an Ox
    # Crane's Builder): not a symbol of the village, so the village's counts leave it out
    devs = developments()
    tokens: list[TokenBonusView] = [
        {"seat": s, "food": bonus(g, s, "food"), "builders": bonus(g, s, "builders"),
         "from": [n for n, h in zip(e.devs, e.holders, strict=True)
                  if h == s and (devs[n].food or devs[n].builders)]}
        for s in range(g.n)] if e.devs else []
    return {
        "names": list(e.names),
        "developments": leaders(g) if e.devs else [],
        "token_bonus": tokens,
        "bronze": bronze,
        "bronze_pick": e.bronze_pick,
        "recruited": e.recruited,
        "thieves_used": e.thieves[:],
        "freelancers_paid": [x[:] for x in e.freelancers],
        "pending": pending,
        "rewards": [r[:] for r in e.rewards],
        # the Courier's moment, shown only to its holder (the others see the drafter)
        "courier": ({"seat": e.courier, "before": g.turn}
                    if e.courier is not None and (everything or viewer == e.courier)
                    else None),
    }
