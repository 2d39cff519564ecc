"""How the Villagers bot plays the solo mode's choices, from its observation only: give
the Countess the villager worth least to her, resolve events in a sensible order, spend
the Jester on the costliest event, and lose the least to every event."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..villagers.solo.actions import (
    Conscript,
    GiveCountess,
    PayToll,
    PickHandCard,
    PickVillager,
    PlayJester,
    ResolveEvent,
)

if TYPE_CHECKING:
    from ..core.actions import Action
    from ..villagers.cards import Card
    from ..villagers.views import EventView
    from .villagers_bot import _Context

SOLO_TYPES = (GiveCountess, ResolveEvent, PlayJester, PickVillager, PickHandCard,
              Conscript, PayToll)
FEED_WEIGHT = 1.5  # her Gold weighs less than ours: _worth_to_her counts it twice
HER_FINAL_VILLAGERS = 27  # her village at the end of a bot-played solo game (seed 5: 27)
JESTER_WORTH = 7.0  # an event must look this costly before the Jester is spent on it
# which events to get out of the way first (higher first): phase cards are free to clear,
# a hand discard shrinks what Tribute and Temporary Employment count
FIRST = {"discard_hand": 3.0, "steal_top": 2.0, "discard_top": 2.0}
FLAT_COST = {"black_market": 3.0, "spy_network": 3.0, "trade_network": 3.0,
             "conscription": 5.0, "redeal": 4.0, "fewer_drafts": 4.0, "fewer_builds": 4.0,
             "serfdom": 1.0, "bank_unlock": 1.0, "jester_deadline": 0.0, "discard_hand": 2.5}


def solo_score(ctx: _Context, a: Action) -> float:
    obs = ctx.obs
    solo = obs["solo"]
    if isinstance(a, GiveCountess):
        slot = obs["road"][a.slot]
        assert slot is not None  # (only a villager on the Road is given)
        return -_worth_to_her(ctx, slot["card"]) - slot["coins"]
    if isinstance(a, ResolveEvent):
        card = next(e for e in solo["face_up"] if e["name"] == a.event)
        if card["kind"] != "event":
            return 10.0
        return FIRST.get(card["effect"], 0.0) - 0.01 * event_cost(ctx, card)
    if isinstance(a, PlayJester):
        card = next(e for e in solo["face_up"] if e["name"] == a.event)
        cost = event_cost(ctx, card)
        if obs["phase"] != "events" and card["kind"] == "event":
            return cost - JESTER_WORTH - 1.0  # wait: the Event Phase may bring worse
        return cost - JESTER_WORTH
    if isinstance(a, PickVillager):
        current = solo["current"]
        effect = current["effect"] if current else ""
        if effect in ("trade_network", "keyring_bribe"):
            her = obs["players"][solo["countess_seat"]]["village"][a.slot]
            villager = ctx.cards.cards.get(her["card"])
            return -(villager.keyring if villager is not None and effect == "keyring_bribe"
                     else 0)
        mine = ctx.p["village"][a.slot]
        if effect == "protection_money":
            return -float(mine["coins"])
        return -ctx.card_value(mine["card"]) - mine["coins"] * 0.1
    if isinstance(a, PickHandCard):
        return -ctx.card_value(a.card)
    if isinstance(a, PayToll):
        return (1.0 if ctx.p["gold"] >= 8 else -1.0) if a.pay else 0.0
    return 0.0  # Conscript: every face-down card looks alike


def feed_cost(ctx: _Context, slot: int | None) -> float:
    """Solo: every draft from the Road, face up (`slot`) or from a stack (None), hands her
    a face-up villager too (reading 41): the one worth least to her, which the bot will
    give, and never the one just taken. A Reserve draft feeds her nothing."""
    others = [r["card"] for k, r in enumerate(ctx.obs["road"]) if r and k != slot]
    return FEED_WEIGHT * min((_worth_to_her(ctx, c) for c in others), default=0.0)


def _worth_to_her(ctx: _Context, name: str) -> float:
    c = ctx.cards.cards.get(name)
    if c is None:
        return 0.0
    silver = _silver_to_her(ctx, c) if c.silver is not None else 0.0
    return c.gold * 2 + silver + c.food + c.keyring


def _silver_to_her(ctx: _Context, c: Card) -> float:
    """A Silver villager's likely worth in her village at the end: nothing she holds is
    ever covered, so her symbols only grow; her village now, scaled to its usual size."""
    f = c.silver
    assert f is not None  # (asked of Silver villagers only)
    cards = ctx.cards.cards
    her = ctx.obs["players"][ctx.obs["solo"]["countess_seat"]]["village"]
    mine = [cards[v["card"]] for v in her if v["card"] in cards] + [c]
    scale = max(1.0, HER_FINAL_VILLAGERS / len(mine))

    def count(symbol: str) -> int:
        if symbol == "Food":
            return sum(x.food for x in mine)
        if symbol == "Builder":
            return sum(x.builders for x in mine)
        if symbol == "Gold":
            return sum(1 for x in mine if x.gold)
        if symbol == "Padlock":
            return sum(1 for x in mine if x.padlock)
        return sum(x.suit_symbols for x in mine if x.suit == symbol)

    if f.kind == "per_symbol":
        return f.gold * count(f.symbol) * scale / f.every
    if f.kind == "printed_gold_of_suit":
        return sum(x.gold for x in mine if x.suit == f.suit) * scale
    if f.kind == "per_set":
        return f.gold * min(count(x) for x in f.symbols) * scale
    return 2.0  # coins on one villager: she gets few coins


def event_cost(ctx: _Context, card: EventView) -> float:
    """What an event would cost the bot, roughly, in Gold of difference with her."""
    effect = card["effect"]
    if effect in FLAT_COST:
        return FLAT_COST[effect]
    p = ctx.p
    cards = ctx.cards.cards
    village = [cards[v["card"]] for v in p["village"] if v["card"] in cards]
    tops = [cards[v["card"]] for v in p["village"] if v["kids"] == 0 and v["card"] in cards]
    if effect == "pay_countess":
        hand = p["hand_size"]
        suits: dict[str, int] = {}
        for c in village:
            suits[c.suit] = suits.get(c.suit, 0) + 1
        n = {"basic_villagers": 2 * sum(c.kind == "basic" for c in village),
             "gold_symbols": sum(1 for c in tops if c.gold), "hand_cards": hand,
             "most_common_suit": max(suits.values(), default=0)}
        return 2.0 * card["gold"] * n.get(card["count"], 2)
    if effect == "countess_earns":
        return card["gold"] * 3.0
    if effect == "blackmail":
        return float(max((c.gold for c in tops), default=0))
    if effect in ("steal_top", "discard_top"):
        values = [ctx.card_value(c.name) for c in tops if c.kind == "villager"]
        worst = min(values, default=0.0)
        return worst * (2.0 if effect == "steal_top" else 1.0)
    if effect == "protection_money":
        coins = [v["coins"] for v in p["village"] if v["coins"]]
        return float(min(coins, default=0)) * 2
    return 3.0

