"""The two Market Phases, Silver formulas, and the winner.

First Market: each player earns the printed Gold of their uncovered villagers plus the
coins on their villagers (the coins stay). Second Market: the same plus every Silver
formula, worked out before any coin moves (the Agent reads coins); then the coins go
to their owners' Supplies and the game ends.
"""

from __future__ import annotations

from itertools import compress
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from ..core import words
from ..core.events import event
from .actions import AgentReads
from .choices import Choices, Product
from .modes import EXPANSIONS
from .village import Slot, symbols, with_coins

if TYPE_CHECKING:
    from ..core.actions import Action
    from .cards import CardSet, Silver
    from .game import Villagers
    from .village import Summary


def turn_order(g: Villagers) -> list[int]:
    return [(g.first + k) % g.n for k in range(g.n)]


def scoring_order(g: Villagers) -> list[int]:
    """Villages scored at a Market: every seat in turn order, then a solo game's Countess."""
    return turn_order(g) + list(range(g.n, len(g.players)))


def first_market(g: Villagers) -> None:
    g.markets = 1
    if g.loud:
        g.emit(event("phase", "The First Market Phase.", {"phase": "market", "market": 1}))
    for seat in scoring_order(g):
        p = g.players[seat]
        s = p.summary(g.cards)
        earned = s.gold + s.coins
        g.bank -= earned
        p.gold += earned
        if g.loud:
            g.emit(event("market", "{} earns {} Gold ({} printed + {} in coins).",
                         {"seat": seat, "market": 1, "earned": earned, "printed": s.gold,
                          "coins": s.coins, "breakdown": breakdown(g, seat, None)},
                         (p.name, earned, s.gold, s.coins)))


# ------------------------------------------------------------------ Silver formulas
def silver_value(cards: CardSet, village: list[Slot], s: Summary, slot: Slot,
                 read: int | None) -> int:
    """The Silver a villager's formula earns in its village; `read` is the slot an
    Agent reads the coins of (None: it reads none)."""
    formula = cards.cards[slot.card].silver  # (`cards[name]`, without its method call)
    if formula is None or slot.kids:  # Reading: a covered Silver symbol is out of play
        return 0
    return formula_value(formula, village, s, read)


def formula_value(formula: Silver, village: list[Slot], s: Summary, read: int | None) -> int:
    """What a Silver `formula` earns in a village with the counts `s` (the same for every
    uncovered copy of its villager); `read`: the slot an Agent reads (None: none)."""
    kind = formula.kind
    if kind == "per_symbol":
        return formula.gold * (count_symbol(s, formula.symbol) // formula.every)
    if kind == "printed_gold_of_suit":
        return s.suit_gold.get(formula.suit, 0)
    if kind == "per_set":  # Wholesaler (Profiteers): one of each symbol per set
        # (`min` over the symbols' counts, written out: a generator costs more here)
        least = -1
        for x in formula.symbols:
            n = count_symbol(s, x)
            if least < 0 or n < least:
                least = n
        return formula.gold * least
    return village[read].coins if read is not None else 0


def count_symbol(s: Summary, symbol: str) -> int:
    if symbol == "Food":
        return s.food
    if symbol == "Builder":
        return s.builders
    if symbol == "Gold":
        return s.gold_symbols  # Reading: uncovered Gold symbols; the Founders' Gold side is one
    if symbol == "Padlock":
        return s.padlocks
    return s.suits.get(symbol, 0)


def breakdown(g: Villagers, seat: int, reads: dict[int, int | None] | None) -> list[dict]:
    """Per villager: printed Gold counted, Silver (Second Market only) and coins."""
    p = g.players[seat]
    s = p.summary(g.cards)
    rows = []
    for k, slot in enumerate(p.village):
        card = g.cards[slot.card]
        gold = 0 if slot.kids else symbols(slot, card)[2]
        silver = 0 if reads is None else silver_value(g.cards, p.village, s, slot,
                                                      reads.get(k))
        if gold or silver or slot.coins:
            rows.append({"slot": k, "card": slot.card, "gold": gold, "silver": silver,
                         "coins": slot.coins})
    return rows


# ------------------------------------------------------------------ the Second Market
_card = itemgetter(0)  # (`Slot.card`)
_coins = itemgetter(4)  # (`Slot.coins`)
_NO_READS: dict[int, int | None] = {}  # (no Agent of this village reads: read-only)


def agent_options(g: Villagers, seat: int) -> tuple[int, ...]:
    """Slots of `seat`'s villagers with coins on them (what an Agent can read)."""
    return tuple([k for k, slot in enumerate(g.players[seat].village) if slot.coins])


def start_second_market(g: Villagers) -> None:
    g.markets = 2
    if g.loud:
        g.emit(event("phase", "The Second Market Phase: the last scoring.",
                     {"phase": "market", "market": 2}))
    agents = g.tables.agents
    # (`isdisjoint`/`map`: most villages hold no Agent, found without a Python-level loop)
    g.agent_queue = [[seat, k] for seat in scoring_order(g)
                     if not agents.isdisjoint(map(_card, g.players[seat].village))
                     for k, slot in enumerate(g.players[seat].village)
                     if slot.card in agents and not slot.kids]
    g.agent_reads = []
    settle_agents(g)


def settle_agents(g: Villagers) -> None:
    """Agents with one or no villager to read are settled at once; stop at a real choice."""
    while g.agent_queue:
        seat, k = g.agent_queue[0]
        options = agent_options(g, seat)
        # Reading: each Agent reads one villager; one candidate needs no choice, none gives 0
        if len(options) >= 2 and seat >= g.n:
            # Reading: the Countess's Agent reads her villager with the most coins
            options = (max(options, key=lambda x: (g.players[seat].village[x].coins, -x)),)
        if len(options) >= 2:
            g.phase = "agent"
            g.turn = seat
            return
        g.agent_queue.pop(0)
        g.agent_reads.append([seat, k, options[0] if options else None])
    score_second_market(g)


def agent_choices(g: Villagers, seat: int | None = None) -> Choices:
    """`seat`: unused (the Agent's queue says whose village is read)."""
    return Choices([Product(AgentReads, (agent_options(g, g.agent_queue[0][0]),))])


def why_not_agent(g: Villagers, action: Action) -> str | None:
    if type(action) is not AgentReads:
        return "the Second Market waits for your Agent: choose whose coins he reads (AgentReads)"
    seat = g.agent_queue[0][0]
    options = agent_options(g, seat)
    if action.slot not in options:
        return (f"the Agent reads the coins on one of your villagers that has some: slot "
                f"{' or '.join(map(str, options))}")
    return None


def apply_agent(g: Villagers, seat: int, action: AgentReads) -> None:
    _seat, k = g.agent_queue.pop(0)
    g.agent_reads.append([seat, k, action.slot])
    if g.loud:
        slot = g.players[seat].village[action.slot]
        g.emit(event("agent", "{}'s Agent reads the {} Gold on the {}.",
                     {"seat": seat, "agent": k, "slot": action.slot},
                     (g.player_name(seat), slot.coins, slot.card)))
    settle_agents(g)


def score_second_market(g: Villagers) -> None:
    reads: dict[int, dict[int, int | None]] = {}
    for seat, k, read in g.agent_reads:
        reads.setdefault(seat, {})[k] = read
    loud = g.loud
    saints = g.ext is not None and g.ext.has("saints")
    silver_names = g.tables.silver_names
    players, cards = g.players, g.cards
    for seat in scoring_order(g):
        p = players[seat]
        s = p._summary or p.summary(cards)  # (the method only if none yet)
        mine = reads.get(seat, _NO_READS)
        village = p.village
        # the value of every slot with a formula, those slots found from the village's
        # counts, in any order; a slot without one earns 0 and is left out (the Nun takes
        # the best value, 0 if none)
        values: dict[int, int] = {}
        silver = 0
        by_card = s.by_card
        for name in silver_names.intersection(by_card):
            for k in by_card[name]:
                value = silver_value(cards, village, s, village[k], mine.get(k))
                values[k] = value
                silver += value
        if saints:
            silver += EXPANSIONS.nun_value(g, seat, values)  # the Nun (Saints), scored with Silver
        rows = breakdown(g, seat, mine) if loud else []
        earned = s.gold + silver
        g.bank -= earned
        p.gold += earned + s.coins
        if s.coins:
            village = p.village[:]  # (a new list, as before: the coined slots replaced)
            for k in compress(range(len(village)), map(_coins, village)):
                village[k] = with_coins(village[k], 0)
            p.village = village
            p.changed()
        if loud:
            g.emit(event("market", "{} earns {} Gold ({} printed + {} Silver) and moves {} "
                                   "Gold in coins to the Supply.",
                         {"seat": seat, "market": 2, "earned": earned + s.coins,
                          "printed": s.gold, "silver": silver, "coins": s.coins,
                          "breakdown": rows},
                         (p.name, earned, s.gold, silver, s.coins)))
    finish(g)


def finish(g: Villagers) -> None:
    """Most Gold wins; then the fewest villagers; a tie that stands is shared."""
    g.phase = "over"
    g.turn = -1
    if g.solo is not None:
        finish_solo(g)
        return
    gold = [p.gold for p in g.players]
    best = max(gold)
    tied = [i for i, x in enumerate(gold) if x == best]
    tiebreak = ""
    if len(tied) > 1:
        # Reading: every card in the village counts as a villager; a tie after it is shared
        fewest = min(len(g.players[i].village) for i in tied)
        tied = [i for i in tied if len(g.players[i].village) == fewest]
        tiebreak = "fewest villagers" if len(tied) == 1 else "shared"
    g.final_winners = tied
    g.tiebreak = tiebreak
    names = words.and_list(g.player_name(i) for i in tied)
    if tiebreak == "shared":
        g.result = f"{names} share the win with {best} Gold and {fewest} villagers each."
    elif tiebreak:
        g.result = (f"{names} wins: tied on {best} Gold, with the fewest villagers "
                    f"({fewest}).")
    else:
        g.result = f"{names} wins with {best} Gold."
    if g.loud:
        g.emit(event("win", "{}", {"winners": tied, "gold": gold, "tiebreak": tiebreak},
                     (g.result,)))


def finish_solo(g: Villagers) -> None:
    """The player wins with strictly more Gold than the Countess; else nobody does."""
    mine, hers = g.players[0].gold, g.players[1].gold
    g.final_winners = [0] if mine > hers else []
    g.tiebreak = ""
    if mine > hers:
        g.result = f"{g.player_name(0)} beats the Countess, {mine} Gold to {hers}."
    elif mine == hers:
        g.result = (f"The Countess wins: a tie at {mine} Gold is not enough, the player "
                    "needs more Gold than she has.")
    else:
        g.result = f"The Countess wins with {hers} Gold to {g.player_name(0)}'s {mine}."
    if g.loud:
        g.emit(event("win", "{}", {"winners": g.final_winners[:], "gold": [mine, hers],
                                   "tiebreak": ""}, (g.result,)))


def outcome_dict(g: Villagers) -> dict[str, Any]:
    return {"winners": g.final_winners[:], "result": g.result, "tiebreak": g.tiebreak}
