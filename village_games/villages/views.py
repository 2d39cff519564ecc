"""What a seat may know (`observe`) and worlds a search may imagine (`determinize`).

Public: villages, graveyards, the whole discard pile (every card in it was turned face
up), hand sizes, the cards the table saw go into a hand, units fighting face up. Hidden:
the rest of each hand, the deck's order and contents, and a hired attacker or defender until
the reveal.

`VillagesObservation` is the shape of `Villages.observation(seat)`: a plain dict, typed for
readers (widgets, bots, tests), built by `observe`.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, TypedDict

from ..core.observation import Observation
from ..core.rng import Rng
from .battle import defend_options, reward_options
from .choices import supports
from .options import HAND, SET_SIZE
from .scoring import SheetRow, village_gold

if TYPE_CHECKING:
    from .game import Villages


class VillageView(TypedDict):
    """One village of a seat: its colour, its cards in the order laid, what it is worth and
    whether an animal and a building may join it."""

    colour: str
    cards: list[str]
    gold: int
    animals: bool
    buildings: bool


class PlayerView(TypedDict):
    """One seat (`players[i]`), as the viewer sees it."""

    seat: int
    name: str
    hand: list[str] | None  # None: not the viewer's
    hand_size: int
    hand_known: list[str]  # the cards of the hand every seat knows
    villages: list[VillageView]
    graveyard: list[str]
    total: int  # the score so far
    high_score_card: bool
    low_score_card: bool


class BattleView(TypedDict):
    """The battle under way, as the viewer sees it (a hired unit is face down until its
    reveal: `unit` or `defender` None)."""

    attacker: int
    seat: int  # the defender's seat
    village: str  # the colour of the village attacked
    unit: str | None
    source: str  # a village colour, or "hand" (hired)
    hired: bool
    shown: bool
    defender: str | None
    d_hidden: bool
    d_source: str | None
    revealed: bool
    a_power: int | None
    d_power: int | None
    a_parts: list[list[Any]] | None  # [reason, amount] pairs that sum to each power
    d_parts: list[list[Any]] | None
    step: str  # "defender" (who defends) or "reward" (what the winner takes)
    defend_options: list[list[str]] | None  # [unit, source]: only to the defender
    rewards: list[list[str]] | None  # [kind, card]: in the reward step


class LocationView(TypedDict):
    """This round's Location card (the Distant Lands expansion)."""

    name: str
    effect: str
    params: dict[str, Any]  # the effect's numbers and choices (locations.EFFECTS)
    help: str


class ScoreCards(TypedDict):
    high: int | None  # the seats holding the High and Low Score cards
    low: int | None


class VillagesObservation(Observation):
    stand_in_deck: bool
    dealer: int
    turn: int
    draws_left: int
    built: bool
    given: int
    acted: bool
    final_by: int | None  # the seat whose turn started the final turns
    emptied: int | None  # the first seat to empty their hand this round
    target: int  # the gold that ends the game
    max_rounds: int | None
    village_size: int  # units of one colour a new village needs
    deck_size: int
    discard: list[str]  # all of it: each card was face up when laid
    players: list[PlayerView]
    battle: BattleView | None
    score_cards: ScoreCards
    sheet: list[SheetRow]
    location: LocationView | None
    locations_left: int
    locations_stand_in: bool | None  # None: played without Location cards


def _battle_view(g: Villages, viewer: int | None, everything: bool) -> BattleView | None:
    b = g.battle
    if b is None:
        return None
    see_attacker = b.shown or everything or viewer == b.attacker
    # a unit hired to defend lies face down until the reveal, like a hired attacker
    see_defender = (b.revealed or b.d_source != HAND or everything or viewer == b.seat)
    return {
        "attacker": b.attacker, "seat": b.seat, "village": b.village,
        "unit": b.unit if see_attacker else None, "source": b.source,
        "hired": b.source == HAND, "shown": b.shown,
        "defender": b.defender if see_defender else None,
        "d_hidden": not see_defender, "d_source": b.d_source, "revealed": b.revealed,
        "a_power": b.a_power, "d_power": b.d_power,
        "a_parts": None if b.a_parts is None else [list(x) for x in b.a_parts],
        "d_parts": None if b.d_parts is None else [list(x) for x in b.d_parts],
        "step": "defender" if g.phase == "defend" else "reward",
        "defend_options": [list(x) for x in defend_options(g)]
        if g.phase == "defend" and (everything or viewer == b.seat) else None,
        "rewards": [list(x) for x in reward_options(g)] if g.phase == "reward" else None,
    }


def observe(g: Villages, viewer: int | None, everything: bool = False) -> VillagesObservation:
    """JSON view for `viewer` (None = a spectator). `everything`: every card face up (a
    referee or the replay of a finished game)."""
    cards = g.cards
    players: list[PlayerView] = []
    for i in range(g.n):
        mine = everything or i == viewer
        players.append({
            "seat": i, "name": g.player_name(i),
            "hand": g.hands[i][:] if mine else None,
            "hand_size": len(g.hands[i]), "hand_known": g.known[i][:],
            "villages": [{"colour": colour, "cards": v[:], "gold": village_gold(cards, v),
                          "animals": supports(g, v)[0], "buildings": supports(g, v)[1]}
                         for colour, v in g.villages[i].items()],
            "graveyard": g.graves[i][:], "total": g.totals[i],
            "high_score_card": g.high == i, "low_score_card": g.low == i,
        })
    return {
        "game": g.game_name, "viewer": None if everything else viewer,
        "all_cards": everything, "deck_name": cards.name, "stand_in_deck": cards.stand_in,
        "round": g.round, "dealer": g.dealer, "turn": g.turn, "phase": g.phase,
        "to_act": g.to_act(), "draws_left": g.draws_left, "built": g.built,
        "given": g.given, "acted": g.acted, "final_by": g.final_by, "emptied": g.emptied,
        "target": g.target, "max_rounds": g.max_rounds,
        "village_size": SET_SIZE,  # units of one colour a new village needs
        # Reading: the whole discard pile is public: each card in it was face up when laid
        "deck_size": len(g.deck), "discard": g.discard[:],
        "players": players, "battle": _battle_view(g, viewer, everything),
        "score_cards": {"high": g.high, "low": g.low},
        "sheet": [{"round": r["round"], "parts": [p.copy() for p in r["parts"]]}
                  for r in g.sheet],
        "winners": g.final_winners[:], "result": g.result,
        # the expansions: the Location card is face up; the order of the pile is hidden
        "location": None if g.location is None else g.location.to_dict(),
        "locations_left": len(g.land_deck),
        "locations_stand_in": None if g.lands is None else g.lands.stand_in,
    }


def determinize(g: Villages, observer: int, rng: random.Random) -> Villages:
    """A quiet copy in which every card `observer` cannot see is dealt again.

    Fair: it depends only on what `observer` sees and on `rng`. The unseen cards are
    gathered and sorted in card-file order, shuffled, and dealt to places walked in a
    fixed order: other hands by seat (their unknown part), the deck from the bottom, then
    a face-down hired attacker.
    """
    w = g.clone(keep_log=False)
    w.rng = Rng(rng.getrandbits(64))
    if len(w.land_deck) > 1:  # the pile of Location cards still to come is face down
        w.land_deck.sort()
        rng.shuffle(w.land_deck)
    key = w.order.__getitem__
    pool: list[str] = []
    counts: list[int] = []
    for i in range(w.n):
        if i == observer:
            counts.append(0)
            continue
        unknown = list(w.hands[i])
        for c in w.known[i]:
            unknown.remove(c)
        pool += unknown
        counts.append(len(unknown))
    pool += w.deck
    b = w.battle
    hidden = b if b is not None and not b.shown and b.attacker != observer else None
    if hidden is not None:  # the attacker's unit, not yet shown to this observer
        pool.append(hidden.unit)
    if not pool:
        return w
    pool.sort(key=key)
    rng.shuffle(pool)
    k = 0
    for i in range(w.n):
        if counts[i]:
            w.hands[i] = sorted(w.known[i] + pool[k:k + counts[i]], key=key)
            k += counts[i]
    w.deck = pool[k:k + len(w.deck)]
    k += len(w.deck)
    if hidden is not None:
        hidden.unit = pool[k]
    return w
