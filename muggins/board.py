"""A cribbage board in text, for the command line: a track per side, two pegs each.

The front peg (``●``) stands in the hole of the side's score now; the back peg (``○``)
in the hole it left, as on a real board, so one board shows both where a deal began and
where it ended. Holes are numbered from 1; a score of 0 is off the board.
"""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["BACK", "FRONT", "HOLE", "board"]

FRONT, BACK, HOLE = "●", "○", "·"
STREET = 5
"""Holes are drilled in fives on a real board; the gaps make a score easy to read."""
ROW = 60
"""One street out and back on a 121-hole board: two rows and the game hole."""


def _row(first: int, last: int, front: int, back: int) -> str:
    marks = []
    for hole in range(first, last + 1):
        marks.append(FRONT if hole == front else BACK if hole == back else HOLE)
    groups = ["".join(marks[i:i + STREET]) for i in range(0, len(marks), STREET)]
    return " ".join(groups)


def board(after: Mapping[str, int], before: Mapping[str, int], target: int) -> list[str]:
    """The board's lines: each side's name and scores, then its track of ``target`` holes."""
    width = len(str(target))
    lines = [f"board to {target}: {FRONT} now, {BACK} before"]
    for side, score in after.items():
        was = before.get(side, 0)
        lines.append(f"  {side}: {score}" + (f" (was {was})" if was != score else ""))
        back = was if was != score else 0
        for first in range(1, target + 1, ROW):
            last = min(first + ROW - 1, target)
            lines.append(f"    {first:>{width}} {_row(first, last, score, back)}")
    return lines
