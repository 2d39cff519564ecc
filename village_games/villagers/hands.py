"""Taking cards out of a hand while keeping track of what the other seats know.

A card played into a village is seen by all, so playing a secret card reveals it. A
returned card shows only its back (its suit): if the other seats could still tell which
card it was (every card of that suit in the hand is known and alike), it stays known;
otherwise they lose track of which of that suit's cards left, and the hand's known cards
of that suit count as unknown to them from then on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .game import Villagers


def in_hand(g: Villagers, seat: int, name: str) -> bool:
    p = g.players[seat]
    return name in p.hand_pub or name in p.hand_sec


def distinct_hand(g: Villagers, seat: int) -> tuple[str, ...]:
    """Each card name in the hand once, in card-file order."""
    p = g.players[seat]
    pub, sec = p.hand_pub, p.hand_sec
    # (one list, already in order: a set tells whether it holds a card twice, a little
    # cheaper than dropping repeats with `dict.fromkeys`)
    if not sec:
        return tuple(pub) if len(set(pub)) == len(pub) else tuple(dict.fromkeys(pub))
    if not pub:
        return tuple(sec) if len(set(sec)) == len(sec) else tuple(dict.fromkeys(sec))
    return tuple(sorted({*pub, *sec}, key=g.order.__getitem__))


def play_from_hand(g: Villagers, seat: int, name: str) -> bool:
    """Remove a played card; True when it was secret until now (playing reveals it).
    A known copy is used first: the table cannot tell copies apart."""
    pub = g.players[seat].hand_pub
    if name in pub:  # Reading: of two copies, the one the table knows is played
        pub.remove(name)
        return False
    g.players[seat].hand_sec.remove(name)
    return True


def return_from_hand(g: Villagers, seat: int, name: str) -> int:
    """Remove a card returned face down; the mask of seats that know what it is."""
    p = g.players[seat]
    # Reading: unless the table can still tell which card left, it loses track of the suit
    suit_of = g.suit_of
    suit = suit_of[name]
    same = [c for c in p.hand_pub if suit_of[c] == suit]
    # (every known card of the suit is this one, and no secret card shares its suit)
    if same and same.count(name) == len(same) and \
            suit not in map(suit_of.__getitem__, p.hand_sec):
        p.hand_pub.remove(name)
        return g.all_seats
    if same:
        p.hand_pub = [c for c in p.hand_pub if suit_of[c] != suit]
        p.hand_sec = sorted(p.hand_sec + same, key=g.order.__getitem__)
    p.hand_sec.remove(name)
    return 1 << seat
