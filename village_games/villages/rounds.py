"""Rounds: dealing, whose turn it is, the final turns, scoring, the score cards and the
end of the game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core import words
from ..core.events import event
from .locations import draws_per_turn
from .options import DRAWS, HAND_SIZE
from .scoring import RoundParts, pass_score_cards, sheet_row

if TYPE_CHECKING:
    from .game import Villages


def deal_round(g: Villages) -> None:
    """Shuffle every card, deal 8 to each player, turn up as many as there are players
    for the discard pile; the player left of the dealer starts.

    Each step is reported after the state it describes, and nobody is to act while the
    cards go out (phase "dealing"): a step-by-step view shows the piles, then each hand
    as it is dealt, never a hand before its deal or the last round's player to act."""
    n = g.n
    g.round += 1
    g.phase = "dealing"
    if g.lands is not None:
        draw_location(g)
    pool = list(g.cards.ids)
    g.rng.shuffle(pool)
    g.hands = [[] for _ in range(n)]
    g.known = [[] for _ in range(n)]
    g.discard = pool[n * HAND_SIZE:n * HAND_SIZE + n]
    g.deck = pool[n * HAND_SIZE + n:]
    g.villages = [{} for _ in range(n)]
    g.graves = [[] for _ in range(n)]
    g.final_by = g.emptied = None
    g.battle = None
    reporting = g.loud
    if reporting:
        g.emit(event("round", "Round {} begins: {} deals {} cards each; the discard pile "
                              "shows {}.",
                     {"round": g.round, "dealer": g.dealer, "discard": g.discard[:]},
                     (g.round, g.names[g.dealer], HAND_SIZE, ", ".join(g.discard)),
                     chance=True))
    key = g.order.__getitem__
    for i in range(n):
        g.hands[i] = sorted(pool[i * HAND_SIZE:(i + 1) * HAND_SIZE], key=key)
        if reporting:
            name = g.names[i]
            g.emit(event("deal", "{} is dealt {} cards.",
                         {"seat": i, "_cards": g.hands[i][:]}, (name, HAND_SIZE),
                         "{} is dealt {}.", (name, ", ".join(g.hands[i])), (i,), chance=True))
    start_turn(g, (g.dealer + 1) % n)


def draw_location(g: Villages) -> None:
    """Before a round: the next Location card replaces the last one."""
    lands = g.lands
    assert lands is not None
    if not g.land_deck:
        # Reading: when the Location cards run out, all but the one in play are shuffled
        # into a new pile, so the same location never holds two rounds running
        rest = [x for x in lands.names if g.location is None or x != g.location.name]
        g.rng.shuffle(rest)
        g.land_deck = rest
    g.location = lands[g.land_deck.pop()]
    if g.loud:
        loc = g.location
        g.emit(event("location", "Round {}: the Location card is {}. {}",
                     {"round": g.round, "location": loc.to_dict()},
                     (g.round, loc.name, loc.help), chance=True))


def start_turn(g: Villages, seat: int) -> None:
    g.turn = seat
    g.built, g.given, g.acted = False, 0, False
    g.built_n = 0
    if g.deck or g.discard:
        loc = g.location
        g.phase, g.draws_left = "draw", DRAWS if loc is None else draws_per_turn(loc)
    else:
        g.phase, g.draws_left = "main", 0


def end_turn(g: Villages) -> None:
    nxt = (g.turn + 1) % g.n
    if g.loud:  # g.loud, inlined (hot)
        # the turn's builds, adds and gives bind here (see turn.py)
        g.emit(event("end_turn", "{} ends their turn.", {"seat": g.turn},
                     (g.names[g.turn],), reveals=True))
    if g.final_by is not None and nxt == g.final_by:
        end_round(g)
    else:
        start_turn(g, nxt)


def end_round(g: Villages) -> None:
    """Score the round, then either end the game or pass the score cards and deal again
    (nobody is to act meanwhile: phase "scoring")."""
    g.phase = "scoring"
    row = sheet_row(g)
    g.sheet.append(row)
    for s, parts in enumerate(row["parts"]):
        g.totals[s] += parts["score"]
    g.battle = None
    if g.loud:
        scores = [p["score"] for p in row["parts"]]
        g.emit(event("score", lambda r, names, sc, tot: f"Round {r} is scored: " + "; ".join(
            f"{nm} {s:+d} (total {t})" for nm, s, t in zip(names, sc, tot, strict=True)) + ".",
                     {"round": g.round, "scores": scores, "totals": g.totals[:],
                      "parts": row["parts"]},
                     (g.round, [g.names[s] for s in range(g.n)], scores, g.totals[:])))
    best = max(g.totals)
    if best >= g.target or (g.max_rounds is not None and g.round >= g.max_rounds):
        finish(g, row["parts"])
        return
    high, low = pass_score_cards(g.totals, g.high, g.low)
    g.high, g.low = high, low
    if g.loud:
        g.emit(event("score_cards", "{}",
                     {"high": high, "low": low},
                     (_score_card_text(g, high, low),)))
    g.dealer = (g.dealer + 1) % g.n
    deal_round(g)


def _score_card_text(g: Villages, high: int | None, low: int | None) -> str:
    if high is None or low is None:  # (both are set, or neither)
        return "Everyone is level: nobody holds the High or Low Score card."
    return (f"{g.names[high]} takes the High Score card, {g.names[low]} the "
            "Low Score card.")


def finish(g: Villages, last: list[RoundParts]) -> None:
    g.phase = "over"
    best = max(g.totals)
    tied = [s for s, t in enumerate(g.totals) if t == best]
    g.tiebreak = ""
    if len(tied) > 1:
        # Reading: equal totals are split by the last round's score; if that is equal too,
        # the win is shared
        top = max(last[s]["score"] for s in tied)
        tied = [s for s in tied if last[s]["score"] == top]
        g.tiebreak = "higher score in the last round" if len(tied) == 1 else "shared"
    g.final_winners = tied
    names = words.and_list(g.names[s] for s in tied)
    n = len(tied)
    if best >= g.target:
        g.result = (f"{names} {words.agree(n, 'reaches', 'reach')} {best} gold (the target "
                    f"is {g.target}) and {words.agree(n, 'wins', 'win')}.")
    else:
        g.result = (f"After {g.round} rounds (the round limit), {names} "
                    f"{words.agree(n, 'leads', 'lead')} with {best} gold and "
                    f"{words.agree(n, 'wins', 'win')}.")
    if g.loud:
        g.emit(event("win", g.result, {"winners": tied, "totals": g.totals[:],
                                       "tiebreak": g.tiebreak}))
