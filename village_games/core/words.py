"""Small words for every text the games write: "a" or "an", a count with its noun, a verb
that agrees with a count, a list joined with "and", and a fraction in lowest terms.

Logs, refusals and lessons name cards from data files (a user's own deck too), so no
template may hard-code "a" before a name ("a Ore") or "leave" after a list whose length it
does not know ("Farm leave the game"). They call these instead.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from fractions import Fraction

# words that start with a vowel letter but a consonant sound ("a Unicorn"), and the
# reverse ("an hour"); compared with the word's start, in lower case
_CONSONANT_SOUND = ("uni", "use", "usu", "ure", "eu", "ewe", "one", "once")
_VOWEL_SOUND = ("hour", "honest", "honou", "heir")
_NUMBER = re.compile(r"[0-9,]+")


def article(word: str) -> str:
    """ "a" or "an" for `word` (by its first sound, as far as spelling tells it)."""
    w = word.lstrip().lower()
    if not w:
        return "a"
    number = _NUMBER.match(w) if w[0].isdigit() else None
    if number is not None:  # "an 8", "an 11", "an 18,000"; "a 1", "a 110"
        digits = number.group().replace(",", "")
        eighteen = digits[:2] in ("11", "18") and len(digits) % 3 == 2
        return "an" if digits[0] == "8" or eighteen else "a"
    if w.startswith(_VOWEL_SOUND):
        return "an"
    if w.startswith(_CONSONANT_SOUND):
        return "a"
    return "an" if w[0] in "aeiou" else "a"


def a(noun: str) -> str:
    """`noun` with its indefinite article: "a Farm", "an Ore", "an Agent"."""
    return f"{article(noun)} {noun}"


def plural(n: int, noun: str, many: str | None = None) -> str:
    """The form of `noun` for `n` of it: "card" for 1, "cards" otherwise (`many` when the
    plural is not noun + "s")."""
    if n == 1:
        return noun
    return many if many is not None else noun + "s"


def count(n: int, noun: str, many: str | None = None) -> str:
    """`n` and its noun: "1 roll", "0 rolls", "3 dice" (with many="dice")."""
    return f"{n} {plural(n, noun, many)}"


def agree(n: int, one: str, many: str) -> str:
    """The verb form for a subject of `n` things: agree(1, "leaves", "leave")."""
    return one if n == 1 else many


def and_list(items: Iterable[str]) -> str:
    """ "A", "A and B", "A, B and C"."""
    items = list(items)
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def fraction(p: Fraction | int) -> str:
    """A fraction in words for prose: "0", "1", "3/4" (never "0/1" or "2/1")."""
    p = Fraction(p)
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"


def ago(seconds: float) -> str:
    """How long ago, roughly: "5 s ago", "3 min ago", "2 h ago", "4 days ago"."""
    s = max(0, int(seconds))
    if s < 60:
        return f"{s} s ago"
    if s < 3600:
        return f"{s // 60} min ago"
    if s < 86_400:
        return f"{s // 3600} h ago"
    return f"{s // 86_400} {plural(s // 86_400, 'day')} ago"
