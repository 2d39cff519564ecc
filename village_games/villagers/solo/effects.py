"""What each event effect does when resolved in the Event Phase.

`options(g, card)` lists the choices an effect leaves to the player (empty: it needs
none); `carry_out(g, card, choice)` applies it. The player makes every choice an event
leaves open ("a villager", "one of your villagers"), whoever profits.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from ...core.events import event
from ..expansions.village_ops import remove_slot
from ..options import STACKS
from .countess import COUNTESS, countess_draws, give
from .events import EventCard
from .values import silver_now, silver_slots, top_villagers

if TYPE_CHECKING:
    from ..game import Villagers

PLAYER = 0
CHOICE_KIND = {"steal_top": "villager", "discard_top": "villager",
               "protection_money": "villager", "spy_network": "villager",
               "trade_network": "villager", "keyring_bribe": "villager",
               "discard_hand": "hand", "conscription": "stack"}


def options(g: Villagers, card: EventCard) -> tuple[Any, ...]:
    """The values the player chooses from (slots, hand cards or stacks); () = no choice."""
    e = card.effect
    if e in ("steal_top", "discard_top"):
        return tuple(top_villagers(g, PLAYER))
    if e == "protection_money":
        return tuple([k for k, s in enumerate(g.players[PLAYER].village) if s.coins])
    if e == "spy_network":
        return tuple(silver_slots(g, PLAYER))
    if e == "trade_network":
        return tuple(silver_slots(g, COUNTESS))
    if e == "keyring_bribe":
        cards = g.cards.cards  # (name -> card: no method call per villager)
        return tuple([k for k, s in enumerate(g.players[COUNTESS].village)
                      if cards[s.card].keyring])
    if e == "discard_hand":
        return tuple(dict.fromkeys(sorted(g.players[PLAYER].hand(), key=g.order.__getitem__)))
    if e == "conscription":
        stacks = tuple(j for j in range(STACKS) if g.stacks[j].cards)
        return stacks + ((None,) if g.reserve.cards or g.discard else ())
    return ()


def pay_countess(g: Villagers, amount: int, why: str) -> None:
    """The player pays what they can of `amount` to the Countess."""
    me, her = g.players[PLAYER], g.players[COUNTESS]
    paid = min(amount, me.gold)  # Rulebook: pay as much as you can
    me.gold -= paid
    her.gold += paid
    if g.loud:
        short = f" (of {amount} due)" if paid < amount else ""
        g.emit(event("event_pay", "{} pays the Countess {} Gold{} for {}.",
                     {"seat": PLAYER, "gold": paid, "due": amount},
                     (me.name, paid, short, why)))


def countess_earns(g: Villagers, amount: int, why: str) -> None:
    g.players[COUNTESS].gold += amount
    g.bank -= amount
    if g.loud:
        g.emit(event("event_earn", "The Countess takes {} Gold from the Bank for {}.",
                     {"gold": amount}, (amount, why)))


def coins_on(g: Villagers, k: int, coins: int) -> None:
    """The Bank puts `coins` on the Countess's villager at slot `k`."""
    p = g.players[COUNTESS]
    p.village[k] = p.village[k]._replace(coins=p.village[k].coins + coins)
    p.coins_added(coins)
    g.bank -= coins
    if g.loud:
        g.emit(event("event_coins", "The Bank puts {} Gold on the Countess's {}.",
                     {"slot": k, "coins": coins}, (coins, p.village[k].card)))


def _count(g: Villagers, what: str) -> int:
    me = g.players[PLAYER]
    s = me.summary(g.cards)
    if what == "basic_villagers":
        cards = g.cards.cards  # (name -> card: no method call per villager)
        return sum(1 for x in me.village if cards[x.card].kind == "basic")
    if what == "gold_symbols":
        return s.gold_symbols
    if what == "hand_cards":
        return len(me.hand())
    if what == "most_common_suit":
        # Reading: villagers (cards, covered ones too) of each suit; the Founders count
        suits = Counter(g.suit_of[x.card] for x in me.village)
        return max(suits.values(), default=0)
    if what == "her_food":
        return g.players[COUNTESS].summary(g.cards).food
    assert what == "suits_in_your_hand"
    return len({g.suit_of[c] for c in me.hand()})


COUNT_TEXT = {"basic_villagers": "{} Basic Villagers", "gold_symbols": "{} Gold symbols",
              "hand_cards": "{} cards in hand", "most_common_suit":
              "{} villagers of the commonest suit", "her_food": "{} Food in her village",
              "suits_in_your_hand": "{} suits in the player's hand"}


def carry_out(g: Villagers, card: EventCard, choice: Any = None) -> None:
    """Apply `card`'s effect; `choice` is one of `options(g, card)` when there are any."""
    e = card.effect
    me, her = g.players[PLAYER], g.players[COUNTESS]
    if e == "pay_countess":
        n = _count(g, card.count)
        pay_countess(g, card.gold * n, COUNT_TEXT[card.count].format(n))
    elif e == "countess_earns":
        n = _count(g, card.count)
        countess_earns(g, card.gold * n, COUNT_TEXT[card.count].format(n))
    elif e == "keyring_each":
        cards = g.cards.cards  # (name -> card: no method call per villager)
        for k, s in enumerate(her.village):
            if cards[s.card].keyring:
                coins_on(g, k, card.gold)
    elif e == "keyring_bribe":
        coins_on(g, choice, g.cards[her.village[choice].card].keyring)
    elif e in ("steal_top", "discard_top"):
        name = me.village[choice].card
        coins = me.village[choice].coins
        remove_slot(g, PLAYER, choice)  # its coins go to the player's Supply
        if e == "steal_top":
            give(g, name)
            text = "The {} leaves {}'s village for the Countess's{}."
        else:
            g.discard.append(name)
            g.discard_known.append(g.all_seats)
            text = "The {} is taken from {}'s village and discarded{}."
        if g.loud:
            g.emit(event("event_take", text, {"card": name, "coins": coins, "to": e},
                         (name, me.name,
                          f" (its {coins} Gold go to {me.name}'s Supply)" if coins else "")))
    elif e == "discard_hand":
        if choice in me.hand_pub:
            me.hand_pub.remove(choice)
        else:
            me.hand_sec.remove(choice)
        me.hand_changed()
        g.discard.append(choice)
        g.discard_known.append(g.all_seats)
        if g.loud:
            g.emit(event("event_discard", "{} discards the {} from hand.",
                         {"card": choice}, (me.name, choice), reveals=True))
    elif e == "black_market":
        for seat, who in ((PLAYER, me.name), (COUNTESS, her.name)):
            earned = sum(silver_now(g, seat, k) for k in silver_slots(g, seat))
            g.players[seat].gold += earned
            g.bank -= earned
            if g.loud:
                g.emit(event("event_earn", "{} earns {} Gold for Silver villagers.",
                             {"seat": seat, "gold": earned}, (who, earned)))
    elif e == "blackmail":
        cards = g.cards.cards  # (name -> card: no method call per villager)
        tops = [cards[s.card].gold for s in me.village if not s.kids]
        countess_earns(g, max(tops, default=0), "the highest printed Gold in the village")
    elif e == "spy_network":
        countess_earns(g, silver_now(g, PLAYER, choice),
                       f"{me.name}'s {me.village[choice].card}")
    elif e == "trade_network":
        countess_earns(g, silver_now(g, COUNTESS, choice),
                       f"her {her.village[choice].card}")
    elif e == "protection_money":
        pay_countess(g, me.village[choice].coins,
                     f"the coins on the {me.village[choice].card}")
    elif e == "conscription":
        conscript(g, choice)


def conscript(g: Villagers, stack: int | None) -> None:
    countess_draws(g, stack, "Conscription")
