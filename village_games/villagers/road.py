"""The Road: refilling face-up slots, and the update after each Draft Phase.

During the draft a drafted face-up villager is replaced from the leftmost stack (the
Reserve once every stack is empty). After the draft the Road is updated: with 3+ players
coined villagers are discarded, replaced from the Reserve, and every face-up villager
gets 1 Gold; with 2 players each may put 1 Gold on a villager (reverse turn order),
then the coinless ones are discarded and replaced from the Reserve.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.events import event

if TYPE_CHECKING:
    from .game import Villagers
    from .piles import Pile


def pile_name(j: int | None) -> str:
    return "the Reserve" if j is None else f"stack {j + 1}"


def refill_slot(g: Villagers, i: int, reserve_first: bool) -> None:
    """Deal a card face up into empty Road slot `i`: from the leftmost stack, else the
    Reserve (during the draft), or the Reserve first (the update after it)."""
    source: Pile
    reserve = g.reserve
    if reserve_first and reserve.cards:
        source = reserve
    else:
        for source in g.stacks:  # the leftmost stack with cards
            if source.cards:
                break
        else:
            if not reserve.cards:
                return  # nothing left to deal: the slot stays empty
            source = reserve
    card = source.draw()
    g.road[i] = card
    g.road_coins[i] = 0
    if g.loud:
        j = None if source is reserve else g.stacks.index(source)  # (Piles compare by identity)
        g.emit(event("refill", "{} is dealt face up from {} into Road slot {}.",
                     {"slot": i, "card": card, "from": "reserve" if j is None else j},
                     (card, pile_name(j), i + 1), reveals=True, chance=True))


def reverse_turn_order(g: Villagers) -> list[int]:
    """Seats from the one before the first player, going backwards."""
    return [(g.first - k) % g.n for k in range(1, g.n + 1)]


def update_three_plus(g: Villagers) -> None:
    """Discard coined villagers (their coins go back to the Bank), refill, 1 Gold on each."""
    for i, card in enumerate(g.road):
        if card is not None and g.road_coins[i]:
            _discard_road(g, i)
    _refill_empty(g)
    coins, placed = g.road_coins, 0
    for i, card in enumerate(g.road):
        if card is not None:
            coins[i] += 1
            placed += 1
    g.bank -= placed  # (the Bank pays them all at once)
    if g.loud:
        g.emit(event("road_coins", "1 Gold goes on each face-up villager of the Road.",
                     {"coins": g.road_coins[:]}))


def place_coin(g: Villagers, seat: int, slot: int | None) -> None:
    if slot is not None:
        g.road_coins[slot] += 1
        g.bank -= 1
    if g.loud:
        if slot is None:
            g.emit(event("coin", "{} puts no Gold on the Road.", {"seat": seat, "slot": None},
                         (g.player_name(seat),)))
        else:
            g.emit(event("coin", "{} puts 1 Gold from the Bank on the {} (Road slot {}).",
                         {"seat": seat, "slot": slot},
                         (g.player_name(seat), g.road[slot], slot + 1)))


def finish_two_player_update(g: Villagers) -> None:
    """Discard the coinless villagers and refill from the Reserve."""
    for i, card in enumerate(g.road):
        if card is not None and not g.road_coins[i]:
            _discard_road(g, i)
    _refill_empty(g)


def _discard_road(g: Villagers, i: int) -> None:
    card, coins = g.road[i], g.road_coins[i]
    assert card is not None
    g.discard.append(card)
    g.discard_known.append(g.all_seats)
    g.bank += coins  # Reading: a discarded villager's coins go back to the Bank
    g.road[i] = None
    g.road_coins[i] = 0
    if g.loud:
        g.emit(event("road_discard", "The {} in Road slot {} is discarded{}.",
                     {"slot": i, "card": card, "coins": coins},
                     (card, i + 1, f" (its {coins} Gold back to the Bank)" if coins else "")))


def _refill_empty(g: Villagers) -> None:
    # Reading: every empty Road slot is refilled here, not only the ones just discarded.
    for i, card in enumerate(g.road):
        if card is None:
            refill_slot(g, i, True)  # (the Reserve first)
