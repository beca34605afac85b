"""Scorecards as the players wrote them: one line per game (docs/rules.md#club-scorecards).

A line says the opponent, the win or loss (the game-points column), the spread and the
column it was written in, and the game points if written. A line may also carry what
``/v1/games/check`` ruled for that game (:class:`Checked`), which outranks both cards.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from rules.club.conventions import Convention
from rules.core import Problem, ProblemCode, RecordError

__all__ = ["MAX_LINES", "Checked", "Column", "Line", "LineError", "Result", "Scorecard",
           "Totals", "validate_night"]

MAX_LINES = 40
"""The most lines a card holds: a sanctioned qualifier runs to 22 games."""
MAX_ROUND = 99


class Result(StrEnum):
    """A line's result as the card writes it: ``W`` or ``L``."""

    WIN = "W"
    LOSS = "L"


class Column(StrEnum):
    """The column a spread is written in: plus for a win, minus for a loss."""

    PLUS = "plus"
    MINUS = "minus"


class LineError(ValueError):
    """A scorecard line that is badly written (not one that is wrong at the table)."""


@dataclass(frozen=True, slots=True)
class Checked:
    """A refereed game's result: who won and each player's score."""

    winner: str
    scores: tuple[tuple[str, int], ...]

    @classmethod
    def from_scores(cls, winner: str, scores: Mapping[str, int]) -> Checked:
        return cls(winner, tuple(sorted(scores.items())))

    @property
    def spread(self) -> int:
        mine = dict(self.scores)
        theirs = [score for name, score in self.scores if name != self.winner]
        return mine[self.winner] - max(theirs)


@dataclass(frozen=True, slots=True)
class Line:
    """One game on a player's scorecard, as written: the opponent (None for a bye), the result,
    the spread and its column, the game points, the round, and what the referee ruled for the
    game when it was checked (``game``)."""

    opponent: str | None
    """None for a bye."""
    result: Result | None = None
    spread: int | None = None
    column: Column | None = None
    """Where the spread was written; None: the column its result calls for."""
    game_points: int | None = None
    round: int | None = None
    game: Checked | None = None

    @property
    def bye(self) -> bool:
        """The line is a bye: no opponent."""
        return self.opponent is None

    @property
    def won(self) -> bool:
        """The line records a win."""
        return self.result is Result.WIN

    @property
    def written_column(self) -> Column:
        """The column the spread stands in: the one written, or the one its result calls for."""
        if self.column is not None:
            return self.column
        return Column.PLUS if self.won else Column.MINUS

    @property
    def signed_spread(self) -> int:
        """The spread as written: plus or minus by its column (0 when blank)."""
        spread = self.spread or 0
        return spread if self.written_column is Column.PLUS else -spread

    def __str__(self) -> str:
        head = "" if self.round is None else f"{self.round}: "
        if self.bye:
            return head + "bye"
        parts = [str(self.result)]
        if self.spread is not None:
            parts.append(("+" if self.written_column is Column.PLUS else "-")
                         + f"{self.spread:02d}")
        if self.game_points is not None:
            parts.append(f"({self.game_points})")
        return head + " ".join(parts) + f" v {self.opponent}"

    _TEXT = re.compile(r"(?:(\d+):\s*)?(?:(bye)|([WL])(?:\s+([+-])(\d+))?(?:\s+\((\d+)\))?"
                       r"\s+v\s+(\S.*))", re.I)

    @classmethod
    def parse(cls, text: str) -> Line:
        """``"3: W +16 (2) v Ann"``, ``"L -05 v Bob"``, ``"4: bye"``."""
        match = cls._TEXT.fullmatch(text.strip())
        if match is None:
            raise LineError(f"not a scorecard line: {text!r}")
        number, bye, result, sign, spread, points, opponent = match.groups()
        round_ = None if number is None else int(number)
        if bye:
            return cls(None, round=round_)
        return cls(opponent.strip(), Result(result.upper()),
                   None if spread is None else int(spread),
                   None if sign is None else (Column.PLUS if sign == "+" else Column.MINUS),
                   None if points is None else int(points), round_)


@dataclass(frozen=True, slots=True)
class Totals:
    game_points: int
    wins: int
    spread: int
    """Net: the plus column less the minus column."""


@dataclass(frozen=True, slots=True)
class Scorecard:
    """A player's scorecard for the night: a line per game, and the totals written at its foot,
    if any."""

    player: str
    lines: tuple[Line, ...]
    totals: Totals | None = None
    """The totals the card wrote at its foot, if any."""

    def __str__(self) -> str:
        return "\n".join([self.player, *(f"  {line}" for line in self.lines)])


def validate_night(cards: Sequence[Scorecard | None], convention: Convention | None,
                   target: int | None) -> None:
    """Refuse a night that cannot be cross-checked (:class:`RecordError`, every problem at
    once). Paths walk the request: ``("cards", 2, "games", 5, "spread")``.

    What could not be read is ``None`` and every check needing it is skipped (a request
    refused in part is still checked as far as it was read): a card (``None`` where its
    player could not be read: with the roster unknown, no opponent is called unknown and
    the field is not counted), the ``convention`` (game points are not checked) or the
    ``target`` (spreads and scores are not checked against it).
    """
    found: list[Problem] = []

    def add(path: tuple[str | int, ...], code: ProblemCode, message: str) -> None:
        found.append(Problem(path, code, message))

    whole = all(card is not None for card in cards)
    roster: dict[str, int] = {}
    for i, card in enumerate(cards):
        if card is None:
            continue
        if card.player in roster:
            add(("cards", i, "player"), ProblemCode.DUPLICATE_PLAYER,
                f"{card.player!r} has a card already (cards/{roster[card.player]})")
        else:
            roster[card.player] = i
    if whole and len(roster) < 2:
        add(("cards",), ProblemCode.WRONG_SIZE, "a night needs the cards of two players at least")
    spec = None if convention is None else convention.spec
    checked: dict[tuple[frozenset[str], int | None], tuple[Checked, tuple[str | int, ...]]] = {}
    for i, card in enumerate(cards):
        if card is None:
            continue
        if len(card.lines) > MAX_LINES:
            add(("cards", i, "games"), ProblemCode.WRONG_SIZE,
                f"a card has at most {MAX_LINES} lines, not {len(card.lines)}")
            continue
        rounds: dict[int, int] = {}
        meetings: dict[str, list[int]] = {}
        for j, line in enumerate(card.lines):
            at = ("cards", i, "games", j)
            if line.round is not None:
                if not 1 <= line.round <= MAX_ROUND:
                    add((*at, "round"), ProblemCode.OUT_OF_RANGE,
                        f"a round is 1 to {MAX_ROUND}, not {line.round}")
                elif line.round in rounds:
                    add((*at, "round"), ProblemCode.CONFLICT,
                        f"round {line.round} is on this card already (games/{rounds[line.round]})")
                else:
                    rounds[line.round] = j
            if line.bye:
                if line.round is None:
                    add((*at, "round"), ProblemCode.REQUIRED, "a bye names its round")
                continue
            assert line.opponent is not None
            meetings.setdefault(line.opponent, []).append(j)
            if line.opponent == card.player:
                add((*at, "opponent"), ProblemCode.CONFLICT,
                    f"{card.player!r} cannot play themself")
            elif whole and line.opponent not in roster:
                add((*at, "opponent"), ProblemCode.UNKNOWN_PLAYER,
                    f"{line.opponent!r} is not on the roster (no card of theirs)")
            if target is not None and line.spread is not None and not 1 <= line.spread <= target:
                add((*at, "spread"), ProblemCode.OUT_OF_RANGE,
                    f"a spread is 1 to {target} in a game to {target}, not {line.spread}")
            if spec is not None and line.game_points is not None:
                allowed = spec.possible(line.won)
                if allowed is not None and line.game_points not in allowed:
                    add((*at, "game_points"), ProblemCode.CONFLICT,
                        f"a {'win' if line.won else 'loss'} is written "
                        f"{' or '.join(map(str, sorted(allowed)))} under {spec.name}, "
                        f"not {line.game_points}")
                elif allowed is None and target is not None and not 0 <= line.game_points <= target:
                    add((*at, "game_points"), ProblemCode.OUT_OF_RANGE,
                        f"a loss is charged 0 to {target}, not {line.game_points}")
            if line.game is not None:
                _check_game(add, at, card.player, line, target)
                key = (frozenset({card.player, line.opponent}), line.round)
                if key in checked and checked[key][0] != line.game:
                    add((*at, "game"), ProblemCode.CONFLICT,
                        "the two cards carry different results of the same refereed game")
                checked.setdefault(key, (line.game, at))
        for opponent, lines in meetings.items():
            if len(lines) > 1:
                for j in lines:
                    if card.lines[j].round is None:
                        add(("cards", i, "games", j, "round"), ProblemCode.REQUIRED,
                            f"{card.player!r} meets {opponent!r} more than once: name the round")
    if found:
        raise RecordError(found)


def _check_game(add: object, at: tuple[str | int, ...], player: str, line: Line,
                target: int | None) -> None:
    assert callable(add) and line.game is not None and line.opponent is not None
    game = line.game
    names = {name for name, _ in game.scores}
    if names != {player, line.opponent}:
        add((*at, "game", "scores"), ProblemCode.UNKNOWN_PLAYER,
            f"the game's scores name {sorted(names)}, not {sorted({player, line.opponent})}")
        return
    if game.winner not in names:
        add((*at, "game", "winner"), ProblemCode.UNKNOWN_PLAYER,
            f"the winner {game.winner!r} did not play this game")
        return
    if target is not None and any(not 0 <= score <= target for _, score in game.scores):
        add((*at, "game", "scores"), ProblemCode.OUT_OF_RANGE,
            f"a score is 0 to {target} in a game to {target}")
    elif game.spread < 1:
        add((*at, "game", "winner"), ProblemCode.CONFLICT,
            f"{game.winner!r} did not score the more points")
