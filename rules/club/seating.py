"""Seating a night: a seeded round robin with byes (docs/rules.md#club-seating).

The roster is shuffled by the seed, then seated by the circle method: one player
stays put while the rest turn, so nobody meets anyone twice until everyone has met
everyone (``n - 1`` rounds, or ``n`` with a bye each round for an odd roster). A
longer night starts a fresh circle, shuffled again.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from rules.core import Problem, ProblemCode, RecordError

__all__ = ["MAX_GAMES", "Seating", "seat", "validate_roster"]

MAX_GAMES = 60


@dataclass(frozen=True, slots=True)
class Seating:
    rounds: tuple[tuple[tuple[str, str], ...], ...]
    """Per round, the tables in order: each the two players seated there."""
    byes: tuple[tuple[str, ...], ...]
    """Per round, who sits out (no one, or one player for an odd roster)."""

    def __str__(self) -> str:
        """Table cards: one block per round."""
        out = []
        for n, (tables, byes) in enumerate(zip(self.rounds, self.byes, strict=True), 1):
            out.append(f"Round {n}")
            out += [f"  Table {t}: {a} v {b}" for t, (a, b) in enumerate(tables, 1)]
            out += [f"  Bye: {player}" for player in byes]
        return "\n".join(out)


def _circle(players: list[str | None]) -> list[list[tuple[str | None, str | None]]]:
    count = len(players)
    ring = players[1:]
    rounds = []
    for _ in range(count - 1):
        line = [players[0], *ring]
        rounds.append([(line[i], line[count - 1 - i]) for i in range(count // 2)])
        ring = ring[-1:] + ring[:-1]
    return rounds


def validate_roster(players: Sequence[str | None]) -> None:
    """Refuse a roster with a name listed again (:class:`RecordError`, each at its place
    in the roster: ``("players", 3)``); ``None`` is a name that could not be read, and is
    skipped."""
    first: dict[str, int] = {}
    found = []
    for i, name in enumerate(players):
        if name is None:
            continue
        if name in first:
            found.append(Problem(("players", i), ProblemCode.DUPLICATE_PLAYER,
                                 f"{name!r} is listed twice (players/{first[name]})"))
        else:
            first[name] = i
    if found:
        raise RecordError(found)


def seat(players: Sequence[str], games: int, seed: int = 0) -> Seating:
    """``games`` rounds for ``players`` (two or more, distinct), the same for a seed."""
    if len(set(players)) != len(players) or len(players) < 2:
        raise ValueError("seating needs two or more players, each named once")
    if not 1 <= games <= MAX_GAMES:
        raise ValueError(f"a night is 1 to {MAX_GAMES} games, not {games}")
    shuffle = random.Random(seed)
    rounds: list[tuple[tuple[str, str], ...]] = []
    byes: list[tuple[str, ...]] = []
    while len(rounds) < games:
        roster: list[str | None] = list(players)
        shuffle.shuffle(roster)
        if len(roster) % 2:
            roster.append(None)
        cycle = _circle(roster)
        shuffle.shuffle(cycle)
        for tables in cycle[:games - len(rounds)]:
            seated = [(a, b) for a, b in tables if a is not None and b is not None]
            shuffle.shuffle(seated)
            rounds.append(tuple(seated))
            byes.append(tuple(p for pair in tables if None in pair for p in pair
                              if p is not None))
    return Seating(tuple(rounds), tuple(byes))
