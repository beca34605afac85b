"""What the induction needs of a sample of deals, as integer counts that add up.

A deal's trail (:mod:`rules.chances.strategy`) matters to the game only through who
reaches the target first, and where the other side stands then. For a side that needs
``x`` more and an opponent that needs ``y`` more, that is read off three tables:

* ``FINAL[a, b]``: deals in which the pone pegs ``a`` and the dealer ``b`` in all;
  neither has reached the target when ``a < x`` and ``b < y``.
* ``PONE_FIRST[x, l]``: deals in which the pone's running total first reaches ``x``
  while the dealer's stands at ``l``: the pone pegs out first when ``l < y``.
* ``DEALER_FIRST[y, m]``: the same for the dealer, the pone standing at ``m``.

Every count is kept from each part of the deal on (:class:`Part`: from the heels,
i.e. the whole deal; from the play; from the pone's hand; ...), so that a position
after any part of a deal is judged by the same tables. Totals past the target are
clipped to it: beyond the target nothing differs.

Counts are integers, so a sample split into chunks adds up to the same tally in any
order, on any number of machines.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from rules.chances.strategy import DEALER, PONE, Part, Trail, play_deal
from rules.core.variants import Variant

__all__ = ["DEALER_FIRST", "FINAL", "PONE_FIRST", "Tally", "chunk_seed", "tally_chunk"]

FINAL, PONE_FIRST, DEALER_FIRST = 0, 1, 2
Counts = npt.NDArray[np.int64]
"""``[part, table, i, j]``: the three tables from each part on."""


@dataclass(frozen=True)
class Tally:
    variant: Variant
    target: int
    deals: int
    counts: Counts
    points: Counts
    """``[part, side]``: points pegged at that part, summed over the deals."""
    squares: Counts
    """``[side]``: each deal's total for the side, squared, summed (for the intervals)."""

    @classmethod
    def empty(cls, variant: Variant, target: int | None = None) -> Tally:
        target = variant.spec.target if target is None else target
        size = target + 1
        return cls(variant, target, 0, np.zeros((len(Part), 3, size, size), np.int64),
                   np.zeros((len(Part), 2), np.int64), np.zeros(2, np.int64))

    def __add__(self, other: Tally) -> Tally:
        if (self.variant, self.target) != (other.variant, other.target):
            raise ValueError(f"cannot add a tally of {other.variant} to {other.target} "
                             f"to one of {self.variant} to {self.target}")
        return Tally(self.variant, self.target, self.deals + other.deals,
                     self.counts + other.counts, self.points + other.points,
                     self.squares + other.squares)

    def digest(self) -> str:
        """SHA-256 of the counts: the same sample gives the same digest on any machine."""
        sha = hashlib.sha256(f"{self.variant}:{self.target}:{self.deals}:".encode())
        for array in (self.counts, self.points, self.squares):
            sha.update(array.astype("<i8").tobytes())
        return sha.hexdigest()

    def mean_points(self, side: int, part: Part | None = None) -> float:
        """A side's mean points a deal (at one part, or in all)."""
        column = self.points[:, side] if part is None else self.points[part, side]
        return float(column.sum()) / self.deals if self.deals else 0.0

    def points_interval(self, side: int) -> float:
        """The 95% half-width of :meth:`mean_points` for the whole deal."""
        if self.deals < 2:
            return float("inf")
        mean = self.mean_points(side)
        variance = (float(self.squares[side]) - self.deals * mean * mean) / (self.deals - 1)
        spread: float = (max(variance, 0.0) / self.deals) ** 0.5
        return 1.96 * spread


def record(tally: Tally, trails: Iterable[Trail]) -> Tally:
    """``tally`` with ``trails`` added (a new tally: tallies are values)."""
    counts = tally.counts.copy()
    points = tally.points.copy()
    squares = tally.squares.copy()
    target = tally.target
    deals = tally.deals
    for trail in trails:
        deals += 1
        for part in Part:
            run = [0, 0]
            for side, gained, at in trail.scores:
                if at < part:
                    continue
                before = run[side]
                run[side] = before + gained
                other = min(run[1 - side], target)
                first = PONE_FIRST if side == PONE else DEALER_FIRST
                for reached in range(before + 1, min(run[side], target) + 1):
                    counts[part, first, reached, other] += 1
            counts[part, FINAL, min(run[PONE], target), min(run[DEALER], target)] += 1
        for side, gained, at in trail.scores:
            points[at, side] += gained
        for side in (PONE, DEALER):
            squares[side] += trail.total(side) ** 2
    return Tally(tally.variant, target, deals, counts, points, squares)


def chunk_seed(seed: int, chunk: int) -> int:
    """The shuffle's seed for one chunk: fixed by the build's seed and the chunk's number
    alone, so the chunks can be dealt anywhere in any order."""
    return int.from_bytes(hashlib.sha256(f"muggins-chances:{seed}:{chunk}".encode())
                          .digest()[:8], "big")


def tally_chunk(variant: Variant, seed: int, chunk: int, deals: int,
                target: int | None = None) -> Tally:
    """The tally of one chunk of ``deals`` deals, dealt from :func:`chunk_seed`."""
    rng = random.Random(chunk_seed(seed, chunk))
    return record(Tally.empty(variant, target), (play_deal(rng, variant) for _ in range(deals)))
