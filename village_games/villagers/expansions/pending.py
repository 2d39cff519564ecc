"""Choices that stop the game mid-effect: keeping one of the cards a Saint or Scoundrel
lets you look at (phase "pick"), and a Development reward that needs a choice (phase
"reward"). The cards looked at are in `g.ext.pending`, shown only to the chooser."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import words
from ...core.events import event
from ..build import basics_left
from ..choices import Choices, Product
from ..draft import finish_draft
from ..hands import add_secret
from ..village import place
from .actions import RewardBasic, RewardDraw, TakeCard
from .developments import settle_rewards

if TYPE_CHECKING:
    from ...core.actions import Action
    from ..game import Villagers

PICK_WORDS = {"prophet": "draft from the stack", "pigeoneer": "keep from the Reserve",
              "noble": "take from the hand"}


def start_pick(g: Villagers, seat: int, kind: str, options: list[str], source: int,
               hand: list[str] | None = None) -> None:
    """`seat` now picks one of `options`; `hand`: the whole hand they look through (the
    Noble's, shown to them only)."""
    e = g.ext
    assert e is not None
    e.pending = {"kind": kind, "seat": seat, "options": options, "source": source,
                 "back": g.phase}
    if hand is not None:
        e.pending["hand"] = hand
    g.phase = "pick"
    g.turn = seat


def pick_choices(g: Villagers) -> Choices:
    e = g.ext
    assert e is not None and e.pending is not None
    return Choices([Product(TakeCard, (tuple(e.pending["options"]),))])


def why_not_pick(g: Villagers, action: Action) -> str | None:
    e = g.ext
    assert e is not None and e.pending is not None
    options = e.pending["options"]
    what = PICK_WORDS[e.pending["kind"]]
    if type(action) is not TakeCard or action.card not in options:
        return f"choose a card to {what}: TakeCard with one of {', '.join(options)}"
    return None


def _take_from_pile(g: Villagers, pile_cards: list[str], known: list[int], low: int,
                    name: str, lowest: int) -> tuple[int, int]:
    """Remove the topmost `name` at position >= `lowest`; returns (position, new low)."""
    k = max(i for i in range(lowest, len(pile_cards)) if pile_cards[i] == name)
    del pile_cards[k]
    del known[k]
    if k < low - 1:
        low -= 1  # the suits seen on top moved down one place
    return k, min(low, len(pile_cards))


def apply_take(g: Villagers, seat: int, action: TakeCard) -> None:

    e = g.ext
    assert e is not None and e.pending is not None
    pend = e.pending
    kind, name = pend["kind"], action.card
    e.pending = None
    g.phase = pend["back"]
    p = g.players[seat]
    if kind == "noble":
        victim = g.players[pend["source"]]
        if name in victim.hand_pub:
            victim.hand_pub.remove(name)
            p.hand_pub = sorted([*p.hand_pub, name], key=g.order.__getitem__)
        else:
            victim.hand_sec.remove(name)
            add_secret(g, p, name)
        victim.hand_changed()
        p.hand_changed()
        if g.loud:
            g.emit(event("noble", "{} takes {} villager from {}'s hand.",
                         {"seat": seat, "victim": pend["source"], "suit": g.suit_of[name],
                          "_card": name},
                         (p.name, words.a(g.suit_of[name]), victim.name),
                         "{} takes the {} from {}'s hand.", (p.name, name, victim.name),
                         (seat, pend["source"])))
        return
    pile = g.reserve if kind == "pigeoneer" else g.stacks[pend["source"]]
    lowest = pend["source"] if kind == "pigeoneer" else 0
    _, pile.low = _take_from_pile(g, pile.cards, pile.known, pile.low, name, lowest)
    if kind == "pigeoneer":
        # Reading: the other cards go back in the order they were in
        add_secret(g, p, name)
        p.hand_changed()
        if g.loud:
            g.emit(event("pigeoneer_take", "{} keeps {} card from the Reserve; the rest go "
                                           "back.", {"seat": seat, "suit": g.suit_of[name],
                                                     "_card": name},
                         (p.name, words.a(g.suit_of[name])), "{} keeps the {} from the Reserve.",
                         (p.name, name), (seat,)))
        return
    p.square.append(name)  # the Prophet's draft, face up like any draft
    if g.loud:
        g.emit(event("draft", "{} drafts the {} from stack {} with the Prophet; the rest "
                              "go back.", {"seat": seat, "card": name, "stack": pend["source"]},
                     (p.name, name, pend["source"] + 1), reveals=True))
    finish_draft(g, seat)


# ------------------------------------------------------------------ Development rewards
def reward_choices(g: Villagers) -> Choices:

    e = g.ext
    assert e is not None and e.rewards
    what = e.rewards[0][1]
    if what == "draw":
        piles: tuple[int | None, ...] = tuple(
            j for j in range(len(g.stacks)) if g.stacks[j].cards)
        if g.reserve.cards:
            piles += (None,)
        return Choices([Product(RewardDraw, (piles,))])
    return Choices([Product(RewardBasic, (basics_left(g),))])


def why_not_reward(g: Villagers, action: Action) -> str | None:
    e = g.ext
    assert e is not None and e.rewards
    if action in reward_choices(g):
        return None
    if e.rewards[0][1] == "draw":
        return ("take the top card of a stack that has cards (RewardDraw(stack)) or of the "
                "Reserve (RewardDraw(None))")
    return "take a Basic Villager whose supply is not empty (RewardBasic(basic))"


def apply_reward(g: Villagers, seat: int, action: Action) -> None:

    e = g.ext
    assert e is not None
    e.rewards.pop(0)
    p = g.players[seat]
    if type(action) is RewardDraw:
        j = action.stack
        card = (g.reserve if j is None else g.stacks[j]).draw()
        add_secret(g, p, card)
        p.hand_changed()
        where = "the Reserve" if j is None else f"stack {j + 1}"
        if g.loud:
            g.emit(event("reward_draw", "{} takes the top card of {} into hand.",
                         {"seat": seat, "stack": j, "suit": g.suit_of[card], "_card": card},
                         (p.name, where), "{} takes the {} from {} into hand.",
                         (p.name, card, where), (seat,), chance=True))
    else:
        assert type(action) is RewardBasic
        g.basics[action.basic] -= 1
        place(g, seat, action.basic, None)
        if g.loud:
            g.emit(event("reward_basic", "{} places {} in the village.",
                         {"seat": seat, "basic": action.basic}, (p.name, words.a(action.basic))))
    settle_rewards(g)
