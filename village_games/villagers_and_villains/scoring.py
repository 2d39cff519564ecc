"""The Game Score Sheet: Town Value, Civility, Heroic, Victory, Largest Town and (advanced
game) Matchmaker bonuses, with second-place bonuses and ties getting the full bonus."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, TypedDict

from ..core import words
from ..core.events import event
from .cards import CardSet

if TYPE_CHECKING:
    from .game import VillagersAndVillains

CIVILITY_BONUS = 3
HEROIC_FIRST, HEROIC_SECOND = 2, 1  # points per hero
VICTORY_FIRST = 1  # point per challenge card in hand
VICTORY_SECOND_EVERY = 2  # second place: 1 point per 2 challenge cards (rounded down)
LARGEST_TOWN_BONUS = 3
PAIR_POINTS = 2
ScoreLine = Literal["town_value", "civility", "heroic", "victory", "largest_town",
                    "matchmaker"]
LINES: tuple[ScoreLine, ...] = ("town_value", "civility", "heroic", "victory", "largest_town",
                                "matchmaker")
LINE_TITLES = {"town_value": "Town Value", "civility": "Civility Bonus",
               "heroic": "Heroic Bonus", "victory": "Victory Bonus",
               "largest_town": "Largest Town Bonus", "matchmaker": "Matchmaker Bonus",
               "total": "Total Points"}


class ScoreRow(TypedDict):
    """One mayor's row of the score sheet: each line of the pad (`LINES`), the total, and
    the counts the lines were worked out from."""

    seat: int
    name: str
    town_value: int
    civility: int
    heroic: int
    victory: int
    largest_town: int
    matchmaker: int
    pairs: list[list[str]]  # the pairs the Matchmaker bonus counts
    heroes: int
    challenges_in_hand: int
    town_size: int
    gold: int
    total: int


def places(counts: list[int]) -> tuple[int, int | None]:
    """The highest count and the second-highest different count (None when there is none).

    Reading: mayors tied for the most all take first place, and the second-place bonus goes
    to the next lower count; a count of 0 earns nothing either way."""
    distinct = sorted(set(counts), reverse=True)
    return distinct[0], (distinct[1] if len(distinct) > 1 else None)


def count_pairs(town: list[str], cards: CardSet) -> list[tuple[str, str]]:
    """The pairs in a town: named partners first, then each "any <Type>" card with a card
    of that type not already paired (a card belongs to one pair at most). Reading 24:
    pairs are formed in that order, not rearranged for the most pairs (a card with its
    named partner in town is "already in a pair", as in the rulebook's Mystic Seer
    example)."""
    present = set(town)
    used: set[str] = set()
    pairs: list[tuple[str, str]] = []
    for name in town:
        partner = cards[name].pair
        if (partner and partner in present and name not in used and partner not in used
                and cards[partner].pair == name):
            used.update((name, partner))
            pairs.append((name, partner))
    for name in town:
        kind = cards[name].pair_any
        if kind is None or name in used:
            continue
        # Reading: the "any" card takes a free card of that type, preferring one that has
        # no named partner of its own, then the earliest in the town
        free = [c for c in town if c not in used and c != name and cards[c].type == kind]
        if free:
            free.sort(key=lambda c: cards[c].pair is not None)
            used.update((name, free[0]))
            pairs.append((name, free[0]))
    return pairs


def score_sheet(g: VillagersAndVillains) -> list[ScoreRow]:
    """One row per mayor: every line of the pad and the total."""
    cards = g.cards
    facts = g.facts
    mob = facts.mob
    is_hero, is_challenge = facts.heroes.__contains__, facts.challenges.__contains__
    heroes = [sum(map(is_hero, p.town)) for p in g.players]
    # Reading: the Victory bonus counts challenges in the hand (drawn ones too), as the
    # English pad and the extra-cards ruling say (the Dutch pad's "town" is a slip)
    beaten = [sum(map(is_challenge, p.hand_pub)) + sum(map(is_challenge, p.hand_sec))
              for p in g.players]
    sizes = [len(p.town) for p in g.players]
    h1, h2 = places(heroes)
    v1, v2 = places(beaten)
    s1, _ = places(sizes)
    rows: list[ScoreRow] = []
    for i, p in enumerate(g.players):
        heroic = 0
        if heroes[i] and heroes[i] == h1:
            heroic = HEROIC_FIRST * heroes[i]
        elif heroes[i] and heroes[i] == h2:
            heroic = HEROIC_SECOND * heroes[i]
        victory = 0
        if beaten[i] and beaten[i] == v1:
            victory = VICTORY_FIRST * beaten[i]
        elif beaten[i] and beaten[i] == v2:
            victory = beaten[i] // VICTORY_SECOND_EVERY
        # a town with no card that pairs has no pairs (the usual case: skip the search)
        pairs = count_pairs(p.town, cards) if g.advanced and not facts.paired.isdisjoint(
            p.town) else []
        row: ScoreRow = {
            "seat": i, "name": p.name,
            "town_value": sum(map(facts.value.__getitem__, p.town)),
            "civility": CIVILITY_BONUS if mob in p.hand_pub else 0,
            "heroic": heroic, "victory": victory,
            "largest_town": LARGEST_TOWN_BONUS if sizes[i] and sizes[i] == s1 else 0,
            "matchmaker": PAIR_POINTS * len(pairs),
            "pairs": [list(pr) for pr in pairs],
            "heroes": heroes[i], "challenges_in_hand": beaten[i], "town_size": sizes[i],
            "gold": p.gold, "total": 0,
        }
        row["total"] = sum(row[k] for k in LINES)
        rows.append(row)
    return rows


def finish(g: VillagersAndVillains, why: str) -> None:
    """End the game: most points wins; Reading: a tie goes to the most gold, then stands."""
    rows = score_sheet(g)
    best = max(r["total"] for r in rows)
    top = [r for r in rows if r["total"] == best]
    tiebreak = ""
    if len(top) > 1:
        most = max(r["gold"] for r in top)
        top = [r for r in top if r["gold"] == most]
        tiebreak = "most gold left" if len(top) == 1 else "shared"
    g.final_winners = [r["seat"] for r in top]
    names = words.and_list(r["name"] for r in top)
    biggest = max(len(p.town) for p in g.players)
    cause = f"a town reached {biggest} cards" if why == "town" else "the deck ran out"
    g.result = f"The game ends ({cause}): {names} {words.agree(len(top), 'wins', 'win')} " \
               f"with {words.count(best, 'point')}" + (f" (tie broken by {tiebreak})"
                                                      if tiebreak == "most gold left" else "") + "."
    g.tiebreak = tiebreak
    g.phase = "over"
    if g.loud:
        g.emit(event("end", "{}", {"winners": g.final_winners,
                                   "scores": [r["total"] for r in rows], "why": why},
                     (g.result,)))
