"""Villages odds for one seat, from what that seat can see: drawing a set of three, and
winning an attack against a defender who may hire a unit nobody has seen.

Everything here reads an observation (`Villages.observation(seat)`) and the deck's card
facts, never the hidden state, so an app may show it live to the seat it advises.

Unseen cards are every card of the deck the seat has not seen: the deck itself, the
unknown part of the other hands, and a hired attacker still face down. The seat cannot
tell them apart, so every unseen card is equally likely to be the next one off the deck
and equally likely to sit in an opponent's hand. That makes both questions counting:

* **Drawing** (`set_chance`): the deck draws are a sample without replacement from the
  unseen cards, so the number of cards of a colour among them is hypergeometric. A card
  taken from the discard pile is known in advance (the pile is public).
* **Battle** (`attack_odds`): the defender answers with their best unit. The attack wins
  when no unit the defender can send beats it (a tie goes to the attacker). The visible
  candidates (the attacked village, Archers of other villages, known hand cards) are
  checked one by one; for the hidden hand, each unseen unit is classed as a *beater* or
  not, and the chance that none of the defender's `u` hidden cards is a beater is
  C(N - B, u) / C(N, u) for N unseen cards of which B are beaters.

The simulations (`simulate_set`, `simulate_attack`) deal the unseen cards again with numpy,
so a lesson can set them beside the exact answers.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import TYPE_CHECKING

from ..core import words
from .actions import Attack
from .cards import CardSet
from .locations import Location, ties_to_attacker
from .options import DRAWS, HAND, SET_SIZE
from .power import attacker_wins, power_parts

if TYPE_CHECKING:
    import numpy as np

    from .game import Villages
    from .views import PlayerView, VillagesObservation

DRAW_PLANS: dict[str, tuple[str, ...]] = {
    "deck-deck": ("deck", "deck"),
    "discard-deck": ("discard", "deck"),
    "discard-discard": ("discard", "discard"),
}
PLAN_LABELS = {"deck-deck": "two from the deck",
               "discard-deck": "the discard top, then one from the deck",
               "discard-discard": "the top two of the discard pile"}


def villages_position(players: int, seed: int, moves: int, dark_light: bool = False
                      ) -> Villages:
    """The lessons' positions: a real game after `moves` seeded random legal actions;
    `dark_light` adds the stand-in Dark and Light cards."""
    from ..core.play import random_moves
    from .game import Villages

    return random_moves(Villages.new(players=players, seed=seed, dark_light=dark_light),
                        moves, seed)


# ------------------------------------------------------------------ what a seat has seen
def seen_cards(obs: VillagesObservation) -> list[str]:
    """Every card the observation shows face up (each card of a deck is unique)."""
    seen: list[str] = list(obs["discard"])
    for p in obs["players"]:
        seen += p["hand"] if p["hand"] is not None else p["hand_known"]
        for v in p["villages"]:
            seen += v["cards"]
        seen += p["graveyard"]
    b = obs.get("battle")
    if b is not None:
        # hired units have left their hands and are on the battlefield, face up or not
        if b["hired"] and b["unit"] is not None:
            seen.append(b["unit"])
        if b["d_source"] == HAND and b["defender"] is not None:
            seen.append(b["defender"])
    return seen


def seen_counts(obs: VillagesObservation) -> dict[str, int]:
    """How many cards of `seen_cards` lie where: "hand" (the viewer's), "discard" (the
    whole face-up pile), "villages", "graveyards", "known" (others' hand cards the viewer
    saw) and "battle" (hired units on the battlefield); so a class can count them again."""
    me = obs.get("viewer")
    counts = {"hand": 0, "discard": len(obs["discard"]), "villages": 0, "graveyards": 0,
              "known": 0, "battle": 0}
    for seat, p in enumerate(obs["players"]):
        if p["hand"] is not None:
            counts["hand" if seat == me else "known"] += len(p["hand"])
        else:
            counts["known"] += len(p["hand_known"])
        counts["villages"] += sum(len(v["cards"]) for v in p["villages"])
        counts["graveyards"] += len(p["graveyard"])
    counts["battle"] = len(seen_cards(obs)) - sum(counts.values())
    return counts


def unseen_cards(obs: VillagesObservation, cards: CardSet) -> list[str]:
    """The cards this observation does not show, in card-file order."""
    seen = set(seen_cards(obs))
    return [c for c in cards.ids if c not in seen]


def hidden_hand(obs: VillagesObservation, seat: int) -> int:
    """How many cards of `seat`'s hand the observation does not show."""
    p = obs["players"][seat]
    if p["hand"] is not None:
        return 0
    return p["hand_size"] - len(p["hand_known"])


def _check_count(name: str, value: object, lo: int = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < lo:
        raise ValueError(f"{name} must be a whole number, {lo} or more; got {value!r}")
    return value


# ------------------------------------------------------------------ drawing a set
def at_least(successes: int, population: int, draws: int, need: int) -> Fraction:
    """Chance of at least `need` of `successes` special cards among `draws` cards drawn
    without replacement from `population` (the hypergeometric tail), exactly."""
    for name, value in (("successes", successes), ("population", population),
                        ("draws", draws)):
        _check_count(name, value)
    if successes > population or draws > population:
        raise ValueError(f"successes ({successes}) and draws ({draws}) can be at most the "
                         f"{population} cards there are")
    if need <= 0:
        return Fraction(1)
    total = comb(population, draws)
    hits = sum(comb(successes, k) * comb(population - successes, draws - k)
               for k in range(need, min(successes, draws) + 1))
    return Fraction(hits, total)


def set_chance(have: int, colour_unseen: int, unseen: int, deck_draws: int,
               known: int = 0, wild_have: int = 0, wild_unseen: int = 0,
               wild_known: int = 0) -> Fraction:
    """Chance of holding three units of a colour after `deck_draws` deck draws, with
    `have` of them in hand, `known` more coming for sure (from the discard pile) and
    `colour_unseen` of the `unseen` cards in that colour.

    With Light cards (`wild_*`: the same counts for wild units) a set is three units of
    which at least one is truly of the colour: the draws are then a two-class
    (multivariate) hypergeometric sample."""
    _check_count("have", have)
    _check_count("known", known)
    if not (wild_have or wild_unseen or wild_known):
        return at_least(colour_unseen, unseen, deck_draws, SET_SIZE - have - known)
    for name, value in (("wild_have", wild_have), ("wild_unseen", wild_unseen),
                        ("wild_known", wild_known)):
        _check_count(name, value)
    if colour_unseen + wild_unseen > unseen or deck_draws > unseen:
        raise ValueError(f"the colour and wild cards ({colour_unseen} + {wild_unseen}) and the "
                         f"draws ({deck_draws}) can be at most the {unseen} cards there are")
    true0, wild0 = have + known, wild_have + wild_known
    other = unseen - colour_unseen - wild_unseen
    hits = 0
    for k in range(min(colour_unseen, deck_draws) + 1):
        if true0 + k < 1:
            continue
        for w in range(min(wild_unseen, deck_draws - k) + 1):
            if true0 + k + wild0 + w >= SET_SIZE:
                hits += (comb(colour_unseen, k) * comb(wild_unseen, w)
                         * comb(other, deck_draws - k - w))
    return Fraction(hits, comb(unseen, deck_draws))


@dataclass(frozen=True)
class SetQuestion:
    """A seat's position for one colour: what it holds and what it cannot see."""

    colour: str
    have: int  # units of the colour in the seat's hand (dual-colour ones included)
    colour_unseen: int  # unseen units of the colour
    unseen: int  # unseen cards in all
    deck: int  # cards left in the deck
    discard: tuple[str, ...]  # the discard pile, top last
    wild_have: int = 0  # Light (wild) units in the seat's hand
    wild_unseen: int = 0  # unseen Light units

    def known_from_discard(self, cards: CardSet, take: int, wild: bool = False) -> int:
        """Units of the colour (`wild`: Light units) among the top `take` cards of the
        discard pile."""
        top = self.discard[::-1][:take]
        if wild:
            return sum(1 for c in top if c in cards.wild_ids)
        return sum(1 for c in top if _counts_as(cards, c, self.colour))

    def plan_chance(self, cards: CardSet, plan: str, later_draws: int = 0) -> Fraction | None:
        """Chance of three of the colour after this turn's two draws made by `plan` (a key
        of DRAW_PLANS) and `later_draws` more deck draws; None if the piles cannot serve
        the plan."""
        steps = DRAW_PLANS[plan]
        take = steps.count("discard")
        deck_draws = steps.count("deck") + _check_count("later_draws", later_draws)
        if take > len(self.discard) or deck_draws > min(self.deck, self.unseen):
            return None
        return set_chance(self.have, self.colour_unseen, self.unseen, deck_draws,
                          self.known_from_discard(cards, take), self.wild_have,
                          self.wild_unseen, self.known_from_discard(cards, take, True))


def _counts_as(cards: CardSet, card: str, colour: str) -> bool:
    """A unit truly of `colour` (either colour of a dual-colour card; never a Light one)."""
    return cards.kind_of[card] == "unit" and colour in cards.colours_of[card]


def viewer_seat(obs: VillagesObservation, cards: CardSet, colour: str, what: str) -> PlayerView:
    """The viewing seat's part of `obs` (obs["viewer"]), once `colour` is known to be a
    village colour and `obs` a seat's own view; ValueError naming what is wrong."""
    if colour not in cards.village_colours:
        raise ValueError(f"colour must be one of {', '.join(cards.village_colours)}, got "
                         f"{colour!r}")
    me = obs.get("viewer")
    if not isinstance(me, int) or obs["players"][me]["hand"] is None:
        raise ValueError(f"{what} for a seat: pass that seat's observation")
    return obs["players"][me]


def set_question(obs: VillagesObservation, cards: CardSet, colour: str) -> SetQuestion:
    """The seat's (obs["viewer"]) position for three units of `colour`."""
    hand = viewer_seat(obs, cards, colour, "the draw odds are")["hand"]
    assert hand is not None  # (`viewer_seat` refuses a view without it)
    unseen = unseen_cards(obs, cards)
    wild = cards.wild_ids
    return SetQuestion(
        colour,
        sum(1 for c in hand if _counts_as(cards, c, colour)),
        sum(1 for c in unseen if _counts_as(cards, c, colour)),
        len(unseen), obs["deck_size"], tuple(obs["discard"]),
        sum(1 for c in hand if c in wild), sum(1 for c in unseen if c in wild))


def simulate_set(have: int, colour_unseen: int, unseen: int, deck_draws: int, known: int,
                 trials: int, rng: np.random.Generator, wild_have: int = 0,
                 wild_unseen: int = 0, wild_known: int = 0) -> np.ndarray:
    """`trials` deals of the unseen cards in a random order: 1 where the first
    `deck_draws` of them complete the set, else 0 (a Monte Carlo of `set_chance`)."""
    import numpy as np  # only simulations need it: a play app's first screen does not
    _check_count("trials", trials, 1)
    if deck_draws > unseen:
        raise ValueError(f"cannot draw {deck_draws} of {unseen} unseen cards")
    need = SET_SIZE - have - known - wild_have - wild_known
    true0 = have + known
    if need <= 0 and true0 >= 1:
        return np.ones(trials)
    if deck_draws == 0:
        return np.zeros(trials)
    # rank each unseen card by a random key: the lowest `deck_draws` ranks are drawn
    keys = rng.random((trials, unseen))
    drawn = np.argpartition(keys, deck_draws - 1, axis=1)[:, :deck_draws]
    hits = (drawn < colour_unseen).sum(axis=1)  # cards 0..colour_unseen-1 are the colour
    # the next wild_unseen cards are Light units
    wilds = ((drawn >= colour_unseen) & (drawn < colour_unseen + wild_unseen)).sum(axis=1)
    return ((hits + wilds >= need) & (true0 + hits >= 1)).astype(float)


# ------------------------------------------------------------------ battle odds
@dataclass(frozen=True)
class DefenderCase:
    """One unit the defender could send, and how the battle would go against it."""

    unit: str
    where: str  # a village colour, "hand" (a known hand card) or "unseen"
    a_power: int
    d_power: int
    defender_wins_ties: bool = False  # a Location card may give ties to the defender

    @property
    def beats(self) -> bool:
        return not attacker_wins(self.a_power, self.d_power, not self.defender_wins_ties)


@dataclass(frozen=True)
class AttackOdds:
    """The chance that `attack` wins, with what goes into it."""

    attack: Attack
    chance: Fraction
    visible: tuple[DefenderCase, ...]  # the defenders the attacker can see
    unseen: tuple[DefenderCase, ...]  # each unseen unit, as a hired defender
    pool: int  # unseen cards
    hidden: int  # cards of the defender's hand the attacker cannot see
    unopposed_power: int  # the attacker's power if nobody defends

    @property
    def beaters(self) -> int:
        return sum(1 for d in self.unseen if d.beats)

    @property
    def sure_loss(self) -> tuple[DefenderCase, ...]:
        """Visible defenders that beat this attack."""
        return tuple(d for d in self.visible if d.beats)

    def describe(self) -> str:
        """One line in words: why the chance is what it is."""
        a = self.attack
        if self.sure_loss:
            d = self.sure_loss[0]
            return (f"{d.unit} ({'hand' if d.where == HAND else d.where}) would defend at "
                    f"{d.d_power} against your {d.a_power}: a sure loss.")
        if not self.visible and self.hidden == 0:
            return f"Nobody can defend: the {a.unit} wins unopposed."
        if self.hidden == 0 or self.beaters == 0:
            return "No unit the defender could send beats it: a sure win."
        return (f"{self.beaters} of the {self.pool} unseen cards would beat it; the "
                f"defender holds {words.count(self.hidden, 'unseen card')}: "
                f"chance none of them is one = {float(self.chance):.0%}.")


def _village(obs: VillagesObservation, seat: int, colour: str) -> list[str] | None:
    for v in obs["players"][seat]["villages"]:
        if v["colour"] == colour:
            return v["cards"]
    return None


def _case(cards: CardSet, attacker: str, a_home: list[str] | None, defender: str,
          where: str, d_home: list[str] | None, loc: Location | None = None,
          hired: bool = False) -> DefenderCase:
    a = sum(x for _, x in power_parts(cards, attacker, defender, True, a_home, loc, hired))
    d = sum(x for _, x in power_parts(cards, defender, attacker, False, d_home, loc,
                                      where in (HAND, "unseen")))
    return DefenderCase(defender, where, a, d, not ties_to_attacker(loc))


def location_of(obs: VillagesObservation) -> Location | None:
    """The round's Location card as the observation shows it (None without the option)."""
    raw = obs.get("location")
    if raw is None:
        return None
    return Location(raw["name"], raw["effect"], dict(raw["params"]), raw["help"])


def attack_odds(obs: VillagesObservation, cards: CardSet, attack: Attack) -> AttackOdds:
    """The chance, for the seat whose observation this is, that `attack` wins against a
    defender who answers with their best unit, hidden hand cards included."""
    me = obs.get("viewer")
    if not isinstance(me, int):
        raise ValueError("attack odds are for a seat: pass that seat's observation")
    target = _village(obs, attack.seat, attack.village)
    if target is None:
        raise ValueError(f"seat {attack.seat} has no {attack.village} village")
    if attack.unit not in cards or cards.kind_of[attack.unit] != "unit":
        raise ValueError(f"{attack.unit!r} is not a unit of this deck")
    a_home = None if attack.source == HAND else _village(obs, me, attack.source)
    unit_ids = cards.unit_ids
    loc, hired = location_of(obs), attack.source == HAND
    visible: list[DefenderCase] = []
    foe = obs["players"][attack.seat]
    for v in foe["villages"]:
        for c in v["cards"]:
            if c not in unit_ids:
                continue
            if v["colour"] == attack.village:
                visible.append(_case(cards, attack.unit, a_home, c, v["colour"], target, loc,
                                     hired))
            elif cards[c].archer:
                # Reading (power.home_village): an Archer defending elsewhere gets no bonus
                visible.append(_case(cards, attack.unit, a_home, c, v["colour"], None, loc,
                                     hired))
    shown_hand = foe["hand"] if foe["hand"] is not None else foe["hand_known"]
    visible += [_case(cards, attack.unit, a_home, c, HAND, None, loc, hired)
                for c in shown_hand if c in unit_ids]
    hidden = hidden_hand(obs, attack.seat)
    pool = [c for c in unseen_cards(obs, cards) if c != attack.unit]
    unseen = tuple(_case(cards, attack.unit, a_home, c, "unseen", None, loc, hired)
                   for c in pool if c in unit_ids)
    if any(d.beats for d in visible):
        chance = Fraction(0)
    else:
        beaters = sum(1 for d in unseen if d.beats)
        hidden_n = min(hidden, len(pool))
        chance = Fraction(comb(len(pool) - beaters, hidden_n), comb(len(pool), hidden_n))
    alone = sum(x for _, x in power_parts(cards, attack.unit, None, True, a_home, loc, hired))
    return AttackOdds(attack, chance, tuple(visible), unseen, len(pool), hidden, alone)


def attack_table(game: Villages, seat: int) -> list[AttackOdds]:
    """The odds of every attack `seat` may make now (none outside its main phase or once
    its action is taken), computed from `seat`'s observation only."""
    attacks = [a for a in game.legal_actions(seat) if type(a) is Attack]
    if not attacks:
        return []
    obs = game.observation(seat)
    return [attack_odds(obs, game.cards, a) for a in attacks]


def simulate_attack(odds: AttackOdds, trials: int, rng: np.random.Generator) -> np.ndarray:
    """`trials` random deals of the defender's hidden hand from the unseen cards: 1 where
    the attack wins (no visible or dealt unit beats it), else 0."""
    import numpy as np  # only simulations need it: a play app's first screen does not
    _check_count("trials", trials, 1)
    if odds.sure_loss:
        return np.zeros(trials)
    pool, hidden = odds.pool, min(odds.hidden, odds.pool)
    if hidden == 0 or odds.beaters == 0:
        return np.ones(trials)
    keys = rng.random((trials, pool))
    dealt = np.argpartition(keys, hidden - 1, axis=1)[:, :hidden]
    # cards 0..beaters-1 stand for the beaters (only how many matters)
    return ((dealt < odds.beaters).sum(axis=1) == 0).astype(float)


def colour_summary(obs: VillagesObservation, cards: CardSet) -> list[SetQuestion]:
    """`set_question` for every colour, in colour order."""
    return [set_question(obs, cards, c) for c in cards.village_colours]


def count_by_colour(ids: Sequence[str], cards: CardSet) -> Counter[str]:
    """Units per colour among `ids`."""
    return Counter(cards.colour_of[c] for c in ids if cards.kind_of[c] == "unit")


__all__ = ["DRAWS", "DRAW_PLANS", "PLAN_LABELS", "AttackOdds", "DefenderCase", "SetQuestion",
           "at_least", "attack_odds", "attack_table", "colour_summary", "count_by_colour",
           "hidden_hand", "location_of", "seen_cards", "set_chance", "set_question",
           "simulate_attack", "simulate_set", "unseen_cards", "villages_position"]
