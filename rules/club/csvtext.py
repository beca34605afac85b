"""Scorecards in and standings out as CSV text, the way a spreadsheet keeps them
(docs/rules.md#club-csv). Text only: reading and writing files is the caller's.

Scorecards: one row per game, with a header naming the columns ``player``,
``opponent``, ``result`` (W or L, or BYE), and optionally ``round``, ``spread`` (the
points of difference; ``+16`` or ``-16`` says which column it was written in) and
``game_points`` (2, 3, 0; a loss may be written X, / or –).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence

from rules.club.cards import Column, Line, Result, Scorecard
from rules.club.night import NightCheck
from rules.core import Problem, ProblemCode, RecordError

__all__ = [
    "CARD_COLUMNS",
    "STANDINGS_COLUMNS",
    "CsvError",
    "read_cards",
    "standing_row",
    "standings_csv",
    "standings_table",
    "write_cards",
]

CARD_COLUMNS = ("player", "round", "opponent", "result", "spread", "game_points")
REQUIRED = ("player", "opponent", "result")
STANDINGS_COLUMNS = ("rank", "player", "game_points", "wins", "losses", "spread", "plus",
                     "head_to_head", "tiebreak", "qualified")
LOSS_MARKS = {"x", "/", "-", "–", "—"}


class CsvError(RecordError):
    """Rows that cannot be read; each problem's path is ``(line, column)``."""


def read_cards(text: str) -> list[Scorecard]:
    """Every player's card, in the order players first appear."""
    rows = csv.reader(io.StringIO(text.lstrip("\ufeff")))
    problems: list[Problem] = []

    def bad(number: int, column: str, message: str,
            code: ProblemCode = ProblemCode.OUT_OF_RANGE) -> None:
        problems.append(Problem((number, column), code, message))

    header = next(rows, None)
    if header is None:
        raise CsvError([Problem((1, "header"), ProblemCode.REQUIRED, "the file is empty")])
    names = [name.strip().lower().replace(" ", "_") for name in header]
    unknown = [name for name in names if name not in CARD_COLUMNS]
    missing = [name for name in REQUIRED if name not in names]
    if unknown or missing:
        raise CsvError([Problem((1, "header"), ProblemCode.REQUIRED,
                                f"the header needs {', '.join(REQUIRED)} (and may have round, "
                                f"spread, game_points); "
                                + "; ".join([*(f"unknown column {u!r}" for u in unknown),
                                             *(f"no {m!r} column" for m in missing)]))])
    cards: dict[str, list[Line]] = {}
    for number, row in enumerate(rows, 2):
        if not any(cell.strip() for cell in row):
            continue
        if len(row) != len(names):
            bad(number, "row", f"{len(row)} columns, not the header's {len(names)}",
                ProblemCode.WRONG_SIZE)
            continue
        cell = {name: value.strip() for name, value in zip(names, row, strict=True)}
        line = _line(number, cell, bad)
        if line is not None:
            if not cell["player"]:
                bad(number, "player", "no player named", ProblemCode.REQUIRED)
                continue
            cards.setdefault(cell["player"], []).append(line)
    if problems:
        raise CsvError(problems)
    return [Scorecard(player, tuple(lines)) for player, lines in cards.items()]


def _line(number: int, cell: dict[str, str], bad: object) -> Line | None:
    assert callable(bad)
    round_ = None
    if cell.get("round"):
        if not cell["round"].isdigit():
            bad(number, "round", f"a round is a number, not {cell['round']!r}")
            return None
        round_ = int(cell["round"])
    result = cell["result"].upper()
    if result == "BYE":
        return Line(None, round=round_)
    if result not in ("W", "L"):
        bad(number, "result", f"a result is W, L or BYE, not {cell['result']!r}")
        return None
    if not cell["opponent"]:
        bad(number, "opponent", "no opponent named", ProblemCode.REQUIRED)
        return None
    spread = column = None
    text = cell.get("spread", "")
    if text:
        sign = text[0] if text[0] in "+-" else ""
        digits = text[len(sign):]
        if not digits.isdigit():
            bad(number, "spread", f"a spread is a number such as 16, +16 or -05, not {text!r}")
            return None
        spread = int(digits)
        column = {"+": Column.PLUS, "-": Column.MINUS}.get(sign)
    points = None
    text = cell.get("game_points", "")
    if text:
        if text.lower() in LOSS_MARKS:
            points = 0
        elif text.isdigit():
            points = int(text)
        else:
            bad(number, "game_points", f"game points are a number (or X, /, – for a loss), "
                f"not {text!r}")
            return None
    return Line(cell["opponent"], Result(result), spread, column, points, round_)


def write_cards(cards: Sequence[Scorecard]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CARD_COLUMNS)
    for card in cards:
        for line in card.lines:
            if line.bye:
                writer.writerow([card.player, line.round or "", "", "BYE", "", ""])
                continue
            spread = "" if line.spread is None else (
                ("+" if line.written_column is Column.PLUS else "-") + f"{line.spread:02d}")
            writer.writerow([card.player, "" if line.round is None else line.round,
                             line.opponent, str(line.result), spread,
                             "" if line.game_points is None else line.game_points])
    return out.getvalue()


def standings_table(rows: Iterable[Sequence[object]]) -> str:
    """The standings as a spreadsheet takes them: the header, then one row a player (each
    row from :func:`standing_row`)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(STANDINGS_COLUMNS)
    writer.writerows(rows)
    return out.getvalue()


def standing_row(rank: int, player: str, game_points: int, wins: int, losses: int,
                 spread: int, plus: int, head_to_head: int | None, tiebreak: str | None,
                 qualified: bool, playoff: bool) -> list[object]:
    """One player's cells, in STANDINGS_COLUMNS order: the spread signed, the blanks
    blank, "yes" for a qualifier and "playoff" for a seat in the playoff."""
    return [rank, player, game_points, wins, losses, f"{spread:+d}", plus,
            "" if head_to_head is None else head_to_head, tiebreak or "",
            "yes" if qualified else "playoff" if playoff else ""]


def standings_csv(check: NightCheck) -> str:
    """The night's standings as CSV text, a row per player in rank order
    (:data:`STANDINGS_COLUMNS`)."""
    return standings_table(
        standing_row(s.rank, s.player, s.tally.game_points, s.tally.wins, s.tally.losses,
                     s.tally.spread, s.tally.plus, s.head_to_head,
                     None if s.tiebreak is None else s.tiebreak.value,
                     s.player in check.cut.qualifiers, s.player in check.cut.playoff)
        for s in check.standings)

