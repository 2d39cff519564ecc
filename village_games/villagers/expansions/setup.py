"""Setting up the expansions in a new game: cards dealt besides the hand, Developments."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import words
from ...core.events import event
from .deck import developments
from .developments import deal_developments
from .state import ExpansionState

if TYPE_CHECKING:
    from ..game import Villagers


def dealt_cards(g: Villagers, expansion: str) -> list[str]:
    """The cards of `expansion` dealt one per player, in file order (a fresh list)."""
    return list(g.tables.dealt(expansion))


def set_up(g: Villagers, names: tuple[str, ...]) -> None:
    """After the base setup: deal a Saint and a Scoundrel to each player (hidden hand
    cards), lay out the Developments. Draws from the game's generator after the base
    game's own, so the base part of the setup is the same as without expansions."""
    e = g.ext = ExpansionState(names, g.n)
    for expansion in ("saints", "scoundrels"):
        if expansion not in names:
            continue
        pool = dealt_cards(g, expansion)
        g.rng.shuffle(pool)
        for seat, p in enumerate(g.players):
            card = pool[seat]
            e.dealt.append(card)
            p.hand_sec = sorted([*p.hand_sec, card], key=g.order.__getitem__)
            p.hand_changed()
            g.log.append(event("deal", "{} is dealt {} card besides the hand.",
                               {"seat": seat, "expansion": expansion, "_cards": [card]},
                               (p.name, words.a(expansion.title()[:-1])), "{} is dealt the {}.",
                               (p.name, card), (seat,), chance=True))
    if "developments" in names:
        e.devs = deal_developments(g)
        e.holders = [None] * len(e.devs)
        devs = developments()
        g.log.append(event("developments", "Developments beside the Road: {}.",
                           {"developments": e.devs},
                           ("; ".join(f"{n} ({devs[n].suit})" for n in e.devs),),
                           chance=True))
