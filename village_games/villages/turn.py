"""A turn's own moves: draw 2, build a village, add and give cards, discard.

Reading: nobody else acts between a player's draws and their action (a discard or an
attack), so a build, an add or a give may be taken back until then, as a player at a real
table might take a card back before going on: their events show the cards without the
`reveals` flag, and the end of the turn (or the discard, or the battle) is what binds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core import words
from ..core.events import event
from .actions import Add, Build, BuildAs, Discard, Draw, Give
from .cards import VILLAGE_COLOURS
from .hands import check_empty, put, take

if TYPE_CHECKING:
    from .game import Villages


def apply_draw(g: Villages, p: int, a: Draw) -> None:
    from_deck = a.source == "deck"
    card = (g.deck if from_deck else g.discard).pop()
    put(g, p, card, not from_deck)
    g.draws_left -= 1
    if g.draws_left <= 0 or (not g.deck and not g.discard):
        # Reading: with both piles empty, a player draws what there is and plays on
        g.draws_left = 0
        g.phase = "main"
    # Reading: the final turns start when the last card of the deck is drawn; the drawer
    # finishes this turn, then each other player has one more
    last = from_deck and not g.deck and g.final_by is None
    if last:
        g.final_by = p
    if g.loud:  # g.loud, inlined (hot)
        name = g.names[p]
        if from_deck:
            g.emit(event("draw", "{} draws a card from the deck.",
                         {"seat": p, "source": "deck", "_card": card}, (name,),
                         "{} draws the {} from the deck.", (name, card), (p,), chance=True))
        else:
            g.emit(event("draw", "{} takes the {} from the discard pile.",
                         {"seat": p, "source": "discard", "card": card}, (name, card)))
        if last:
            g.emit(event("deck_empty", "The deck is empty: every other player has one last "
                                       "turn (draw from the discard pile from now on).",
                         {"seat": p, "final": True}))


def apply_build(g: Villages, p: int, a: Build | BuildAs) -> None:
    trio = (a.first, a.second, a.third)
    if type(a) is BuildAs:
        colour = a.village
    elif g.cards.plain:
        colour = g.cards.colour_of[a.first]
    else:
        colour = g.cards.founds(trio)[0]
    for c in trio:
        take(g, p, c)
    mine = g.villages[p]
    mine[colour] = list(trio)
    if len(mine) > 1:  # keep villages in colour order: a canonical, public order
        g.villages[p] = {c: mine[c] for c in VILLAGE_COLOURS if c in mine}
    g.built = True
    g.built_n += 1
    if g.loud:
        g.emit(event("build", "{} builds {} village: {}.",
                     {"seat": p, "village": colour, "cards": list(trio)},
                     (g.names[p], words.a(colour), ", ".join(trio))))
    if not g.hands[p]:  # check_empty acts only on an emptied hand: skip its call
        check_empty(g, p)


def apply_add(g: Villages, p: int, a: Add) -> None:
    take(g, p, a.card)
    g.villages[p][a.village].append(a.card)
    if g.loud:  # g.loud, inlined (hot)
        g.emit(event("add", "{} adds the {} to their {} village.",
                     {"seat": p, "village": a.village, "card": a.card},
                     (g.names[p], a.card, a.village)))
    if not g.hands[p]:  # check_empty acts only on an emptied hand: skip its call
        check_empty(g, p)


def apply_give(g: Villages, p: int, a: Give) -> None:
    take(g, p, a.card)
    g.villages[a.seat][a.village].append(a.card)
    g.given += 1
    if g.loud:  # g.loud, inlined (hot)
        g.emit(event("give", "{} gives the {} to {}'s {} village.",
                     {"seat": p, "to": a.seat, "village": a.village, "card": a.card},
                     (g.names[p], a.card, g.names[a.seat], a.village)))
    if not g.hands[p]:  # check_empty acts only on an emptied hand: skip its call
        check_empty(g, p)


def apply_discard(g: Villages, p: int, a: Discard) -> None:
    card = a.card
    take(g, p, card)
    g.discard.append(card)
    g.acted = True
    if g.loud:  # g.loud, inlined (hot)
        g.emit(event("discard", "{} discards the {}.", {"seat": p, "card": card},
                     (g.names[p], card), reveals=True))
    if not g.hands[p]:  # check_empty acts only on an emptied hand: skip its call
        check_empty(g, p)
