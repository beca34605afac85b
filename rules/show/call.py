"""The count as it is spoken at the table.

Players count fifteens one at a time ("fifteen two, fifteen four"), then pairs,
runs, flush and nobs, each followed by the running total. A hand worth nothing is
announced as "nineteen" where no hand of its size can make 19, and as "nothing" where
19 is a real total (docs/rules.md#nineteen).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from rules.show.items import Item, ItemKind, Shape

__all__ = ["call", "number_words", "spoken"]

_ONES = (
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
    "nineteen",
)
_TENS = {20: "twenty", 30: "thirty", 40: "forty", 50: "fifty"}
_TIMES = {1: "a", 2: "two", 3: "three", 4: "four", 6: "six", 8: "eight", 9: "nine"}
_PAIR_GROUPS = {1: "a pair", 3: "a pair royal", 6: "a double pair royal"}


def number_words(n: int) -> str:
    if n < 20:
        return _ONES[n]
    tens, ones = divmod(n, 10)
    word = _TENS.get(tens * 10, str(tens * 10))
    return word if not ones else f"{word}-{_ONES[ones]}"


def call(items: Sequence[Item], *, nineteen: bool = True) -> str:
    """The call for these items (in the order :func:`rules.show.show.count` gives them).
    ``nineteen``: a hand worth nothing is called "nineteen" (else "nothing")."""
    return spoken(tuple((item.kind, item.points, item.cards[0].rank.value
                         if item.kind is ItemKind.PAIR else "") for item in items), nineteen)


@lru_cache(maxsize=4096)
def spoken(shape: Shape, nineteen: bool = True) -> str:
    """The call for items of this shape: the words depend only on the kinds, the points
    and which pairs share a rank, so they are worked out once for each shape."""
    if not shape:
        return "nineteen" if nineteen else "nothing"
    phrases: list[str] = []
    running = 0

    def say(what: str, points: int) -> None:
        nonlocal running
        running += points
        phrases.append(f"{what} {number_words(running)}" if what.startswith("fifteen")
                       else f"{what} is {number_words(running)}")

    for kind, points, _ in shape:
        if kind is ItemKind.FIFTEEN:
            say("fifteen", points)

    pairs = [rank for kind, _, rank in shape if kind is ItemKind.PAIR]
    if pairs:
        say(_pair_phrase(pairs), 2 * len(pairs))

    runs = [points for kind, points, _ in shape if kind is ItemKind.RUN]
    if runs:
        by_length: dict[int, int] = {}
        for length in runs:
            by_length[length] = by_length.get(length, 0) + 1
        for length, times in sorted(by_length.items(), reverse=True):
            many = _TIMES.get(times, str(times))
            noun = "run" if times == 1 else "runs"
            say(f"{many} {noun} of {number_words(length)}", length * times)

    for kind, points, _ in shape:
        if kind is ItemKind.FLUSH:
            say(f"a {number_words(points)}-card flush", points)
        elif kind is ItemKind.NOBS:
            say("one for his nob", points)
    return ", ".join(phrases)


def _pair_phrase(ranks: Sequence[str]) -> str:
    """``ranks``: the rank of each pair."""
    by_rank: dict[str, int] = {}
    for rank in ranks:
        by_rank[rank] = by_rank.get(rank, 0) + 1
    if len(by_rank) == 1:
        return _PAIR_GROUPS[len(ranks)]
    if all(n == 1 for n in by_rank.values()):
        return f"{_TIMES[len(by_rank)]} pairs"
    return " and ".join(_PAIR_GROUPS[n] for n in by_rank.values())
