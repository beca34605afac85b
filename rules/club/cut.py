"""The cut: who qualifies, the playoff bracket and its byes, and the master points the
sources let us compute (docs/rules.md#club-cut, docs/rules.md#club-bracket,
docs/rules.md#club-master-points)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from rules.club.standings import Standing

__all__ = ["Bracket", "Cut", "Event", "Tournament", "bracket", "bracket_order", "cut",
           "master_points", "qualifying"]


class Event(StrEnum):
    """A club night, or a sanctioned event's qualifying round (which has a bracket and master
    points)."""

    CLUB = "club"
    SANCTIONED = "sanctioned"


class Tournament(StrEnum):
    """A sanctioned event's main tournament or its consolation: the master points differ."""

    MAIN = "main"
    CONSOLATION = "consolation"


def qualifying(field: int) -> int:
    """One in four, any fraction rounded up (ACC 13.2.b)."""
    return -(-field // 4)


@dataclass(frozen=True, slots=True)
class Cut:
    """Who qualifies (ACC 13.2): the places, the players sure of one, and those level at the cut
    line who play off for the rest."""

    places: int
    qualifiers: tuple[str, ...]
    """Sure of a place, best first."""
    playoff: tuple[str, ...]
    """Level across the cut line after every tiebreak: they play off for what is left."""

    @property
    def open_places(self) -> int:
        """The places left to the playoff."""
        return self.places - len(self.qualifiers)


def cut(standings: Sequence[Standing]) -> Cut:
    places = qualifying(len(standings))
    sharing = Counter(s.rank for s in standings if s.rank <= places)
    sure = tuple(s.player for s in standings
                 if s.rank <= places and s.rank + sharing[s.rank] - 1 <= places)
    level = tuple(s.player for s in standings
                  if s.rank <= places and s.rank + sharing[s.rank] - 1 > places)
    return Cut(places, sure, level)


def bracket_order(size: int) -> list[int]:
    """Seeds in the order the ACC's charts list them, top line first.

    Each doubling pairs every seed ``s`` with ``size + 1 - s``, the pairs alternating
    which seed is written first: 1-8, 5-4, 3-6, 7-2 for eight.
    """
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        nxt: list[int] = []
        for n, seed in enumerate(order):
            pair = [seed, total - seed]
            nxt += pair if n % 2 == 0 else pair[::-1]
        order = nxt
    return order


@dataclass(frozen=True, slots=True)
class Bracket:
    """The playoff bracket of a sanctioned event: its size, the seeds, the byes and the first
    round."""

    size: int
    """The next full bracket: a power of two."""
    seeds: tuple[str | None, ...]
    """Seed 1 first; None where a playoff decides who it is."""
    byes: tuple[int, ...]
    """Seeds with a first-round bye: the top ``size - qualifiers``."""
    first_round: tuple[tuple[int, int], ...]
    """The seeds that play in the first round, in chart order."""


def bracket(result: Cut) -> Bracket:
    """Rule 13.2.d: byes to the top qualifiers, so that the second round is full."""
    size = 1
    while size < result.places:
        size *= 2
    seeds = (*result.qualifiers, *([None] * result.open_places))
    order = bracket_order(size)
    pairs = [(order[n], order[n + 1]) for n in range(0, size - 1, 2)]
    return Bracket(size, seeds, tuple(range(1, size - result.places + 1)),
                   tuple(pair for pair in pairs if max(pair) <= result.places))


BOTTOM_HALF = {Tournament.MAIN: 5, Tournament.CONSOLATION: 3}
"""Master points for the bottom half of the qualifiers, since 2016/17."""


def master_points(result: Cut, tournament: Tournament) -> tuple[tuple[str, ...],
                                                                dict[str, int]]:
    """The top half of the qualifiers, whose points come from tables not built here,
    and the points of the bottom half (5 in a main event, 3 in a consolation)."""
    top = -(-result.places // 2)
    table = result.qualifiers[:top]
    return table, {player: BOTTOM_HALF[tournament] for player in result.qualifiers[top:]}
