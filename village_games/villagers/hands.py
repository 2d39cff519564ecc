"""Taking cards out of a hand while keeping track of what the other seats know.

A card played into a village is seen by all, so playing a secret card reveals it. A
returned card shows only its back (its suit): if the other seats could still tell which
card it was (every card of that suit in the hand is known and alike), it stays known;
otherwise they lose track of which of that suit's cards left, and the hand's known cards
of that suit count as unknown to them from then on. A Basic Villager or the Founders in
a hand (a Schemer took it there) is printed on both sides: it has no back to hide behind,
so it stays known wherever it goes, and it never makes the others lose track of anything.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .game import Villagers
    from .player import PlayerState


def in_hand(g: Villagers, seat: int, name: str) -> bool:
    p = g.players[seat]
    return name in p.hand_pub or name in p.hand_sec


def distinct_hand(g: Villagers, seat: int) -> tuple[str, ...]:
    """Each card name in the hand once, in card-file order (kept on the player: every
    Build Phase list asks, and sorting the hand was a tenth of a decision)."""
    p = g.players[seat]
    d = p._distinct
    if d is None:
        d = p._distinct = distinct_names(g, p)
    return d


def distinct_names(g: Villagers, p: PlayerState) -> tuple[str, ...]:
    """`distinct_hand`, worked out from the hand."""
    pub, sec = p.hand_pub, p.hand_sec
    # (one list, already in order: a set tells whether it holds a card twice, a little
    # cheaper than dropping repeats with `dict.fromkeys`)
    if not sec:
        return tuple(pub) if len(set(pub)) == len(pub) else tuple(dict.fromkeys(pub))
    if not pub:
        return tuple(sec) if len(set(sec)) == len(sec) else tuple(dict.fromkeys(sec))
    hand = pub + sec
    hand.sort(key=g.order.__getitem__)
    last = None
    for c in hand:
        if c == last:
            return tuple(dict.fromkeys(hand))
        last = c
    return tuple(hand)


def add_secret(g: Villagers, p: PlayerState, name: str) -> None:
    """Put `name` in `p`'s hand as a card only its holder has seen (a card printed on
    both sides, which shows itself, as a known one)."""
    if name in g.tables.two_faced:
        p.hand_pub = sorted([*p.hand_pub, name], key=g.order.__getitem__)
    else:
        p.hand_sec = sorted([*p.hand_sec, name], key=g.order.__getitem__)


def play_from_hand(g: Villagers, seat: int, name: str) -> bool:
    """Remove a played card; True when it was secret until now (playing reveals it).
    A known copy is used first: the table cannot tell copies apart."""
    p = g.players[seat]
    pub = p.hand_pub
    sec = p.hand_sec
    if name in pub:  # Reading: of two copies, the one the table knows is played
        pub.remove(name)
        secret = False
    else:
        sec.remove(name)
        secret = True
    _left_hand(p, name)
    return secret


def _left_hand(p: PlayerState, name: str) -> None:
    """Keep the distinct names up to date once a copy of `name` left the hand."""
    d = p._distinct
    if d is not None and name not in p.hand_pub and name not in p.hand_sec:
        i = d.index(name)
        p._distinct = d[:i] + d[i + 1:]


def return_from_hand(g: Villagers, seat: int, name: str) -> int:
    """Remove a card returned face down; the mask of seats that know what it is."""
    p = g.players[seat]
    pub = p.hand_pub
    two_faced = g.tables.two_faced
    if name in two_faced and name in pub:  # (no back: seen by all as it goes)
        pub.remove(name)
        _left_hand(p, name)
        return g.all_seats
    # Reading: unless the table can still tell which card left, it loses track of the suit
    suit_of = g.suit_of
    suit = suit_of[name]
    # (the known cards of the suit counted with a plain loop: a comprehension here would
    # cost a function object and cells on every call)
    mine = others = 0  # known copies of this card, known other cards of its suit
    for c in pub:
        if suit_of[c] == suit:
            if c == name:
                mine += 1
            elif c not in two_faced:  # (never mistaken for a card with a back)
                others += 1
    # (every known card of the suit is this one, and no secret card shares its suit)
    if mine and not others and suit not in map(suit_of.__getitem__, p.hand_sec):
        pub.remove(name)
        _left_hand(p, name)
        return g.all_seats
    if mine or others:
        _lose_track(g, p, suit)  # (the same names, only moved between the lists)
    p.hand_sec.remove(name)
    _left_hand(p, name)
    return 1 << seat


def _lose_track(g: Villagers, p: PlayerState, suit: str) -> None:
    """The table no longer knows which of the hand's cards of `suit` is which: they all
    count as secret from now on."""
    suit_of = g.suit_of
    two_faced = g.tables.two_faced  # (these stay known: they have no back)
    same = [c for c in p.hand_pub if suit_of[c] == suit and c not in two_faced]
    p.hand_pub = [c for c in p.hand_pub if suit_of[c] != suit or c in two_faced]
    p.hand_sec = sorted(p.hand_sec + same, key=g.order.__getitem__)
