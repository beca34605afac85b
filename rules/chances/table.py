"""The chances from every score, by backward induction over a tally of deals.

Before a deal the position is ``(pone, dealer)``, both short of the target. The deal
ends it (one side pegs out first, :mod:`rules.chances.tally`) or leads to the next
position with the deal passed: the old dealer is the new pone. Scores only grow and
every deal pegs at least one point (the play's last card), so positions are settled
from the greatest sum of scores down, each from positions already settled.

Values are fixed-point integers (:data:`SCALE` is 1) and every step sums integer
products before one integer division, so the table is the same on every machine, for a
tally however it was added up.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from rules.chances.strategy import DEALER, PONE, Part, Trail
from rules.chances.tally import DEALER_FIRST, FINAL, PONE_FIRST, Tally
from rules.core.rulesets import Ruleset
from rules.deal.game import Margin, margin_lines

__all__ = ["SCALE", "ChanceTable", "Chances", "half_widths", "induce", "outcome",
           "pone_win", "step"]

SCALE = 10**9
"""Fixed point: a probability of 1."""

WIN, SKUNK, DOUBLE = 0, 1, 2
"""Per side, what is kept: a win, a win by a skunk or more, a win by a double skunk."""
Values = npt.NDArray[np.int64]
"""``[pone, dealer, 6]``: for the pone then the dealer, :data:`WIN`, :data:`SKUNK`,
:data:`DOUBLE`, fixed point."""


@dataclass(frozen=True, slots=True)
class Chances:
    """One position's chances, for the pone and the dealer of the deal about to start
    (or under way)."""

    win: tuple[float, float]
    skunk: tuple[float, float]
    """A win by a skunk, not a double skunk."""
    double_skunk: tuple[float, float]
    interval: float
    """The 95% half-width of ``win`` (the sampling error of the table)."""

    def game_points(self, win: int, skunk: int, double_skunk: int) -> tuple[float, float]:
        """Each side's expected game points, a game won short of a skunk being worth
        ``win`` (a loss nothing)."""
        return tuple(  # type: ignore[return-value]
            win * (self.win[s] - self.skunk[s] - self.double_skunk[s])
            + skunk * self.skunk[s] + double_skunk * self.double_skunk[s] for s in (PONE, DEALER))


def chances_from(values: Values, interval: float) -> Chances:
    v = [int(x) / SCALE for x in values]
    # The two wins are the same events' complements; fixed point's floors may leave
    # them a billionth short of 1, which a reader should not have to forgive.
    pone = (v[0], v[1] - v[2], v[2])
    dealer = (1.0 - v[0], v[4] - v[5], v[5])
    return Chances((pone[0], dealer[0]), (pone[1], dealer[1]), (pone[2], dealer[2]), interval)


def _lines(target: int) -> tuple[int, int]:
    lines = margin_lines(target, Ruleset.ACC)
    return lines[Margin.SKUNK], lines[Margin.DOUBLE_SKUNK]


def step(tally: Tally, part: Part, after: Values, pone: int, dealer: int) -> Values:
    """The chances of ``(pone, dealer)`` with the deal's parts from ``part`` on still to
    be pegged, ``after`` giving those of every position before the next deal (indexed
    ``[pone, dealer]``, as this deal's dealer will then be the pone)."""
    target = tally.target
    skunk_line, double_line = _lines(target)
    x, y = target - pone, target - dealer
    counts = tally.counts[part]
    out = np.zeros(6, np.int64)
    for first, need, other_need, own, other_score in (
            (PONE_FIRST, x, y, 0, dealer), (DEALER_FIRST, y, x, 3, pone)):
        reached = counts[first, need, :other_need]  # indexed by the other side's gain
        if reached.any():
            loser = other_score + np.arange(other_need)
            out[own + WIN] = int(reached.sum()) * SCALE
            out[own + SKUNK] = int(reached[loser < skunk_line].sum()) * SCALE
            out[own + DOUBLE] = int(reached[loser < double_line].sum()) * SCALE
    final = counts[FINAL, :x, :y]  # [pone's gain, dealer's gain]; neither reached
    if final.any():
        # The next position is [old dealer + b, old pone + a]; its pone (this dealer)
        # holds values [0:3], its dealer (this pone) [3:6].
        nxt = after[dealer:dealer + y, pone:pone + x]  # [b, a, 6]
        sums = np.einsum("ab,bak->k", final, nxt)
        out[0:3] += sums[3:6]
        out[3:6] += sums[0:3]
    result: Values = out // tally.deals
    return result


def outcome(trail: Trail, target: int, after: Values, pone: int, dealer: int,
            part: Part = Part.HEELS) -> Values:
    """One deal's worth from ``(pone, dealer)``, its parts from ``part`` on pegged in
    order: a win as soon as a side reaches the target, else the position it leads to.
    The mean over a sample's trails is :func:`step` over the sample's tally, exactly."""
    skunk_line, double_line = _lines(target)
    run = [pone, dealer]
    for side, points, at in trail.scores:
        if at < part:
            continue
        run[side] += points
        if run[side] >= target:
            out = np.zeros(6, np.int64)
            own, loser = 3 * side, run[1 - side]
            out[own + WIN] = SCALE
            out[own + SKUNK] = SCALE if loser < skunk_line else 0
            out[own + DOUBLE] = SCALE if loser < double_line else 0
            return out
    nxt = after[run[DEALER], run[PONE]]
    swapped: Values = np.concatenate((nxt[3:6], nxt[0:3]))
    return swapped


def pone_win(trail: Trail, target: int, after: Values, pone: int, dealer: int) -> int:
    """:func:`outcome`'s pone's win alone (the whole deal pegged), without building the
    other five figures: what a discard's deals are judged by, thousands a request."""
    run = [pone, dealer]
    for side, points, _ in trail.scores:
        run[side] += points
        if run[side] >= target:
            return SCALE if side == PONE else 0
    # The next deal's dealer is this pone: its win is the next position's dealer's.
    return int(after[run[DEALER], run[PONE], 3 + WIN])


def induce(tally: Tally) -> Values:
    """The chances before a deal from every ``(pone, dealer)`` short of the target."""
    target = tally.target
    if tally.deals == 0:
        raise ValueError("no deals to induce from")
    if tally.counts[Part.HEELS, FINAL, 0, 0]:
        raise ValueError("a deal in the tally pegged nothing: the induction needs every "
                         "deal to peg")
    values: Values = np.zeros((target, target, 6), np.int64)
    for total in range(2 * target - 2, -1, -1):
        for pone in range(max(0, total - target + 1), min(target - 1, total) + 1):
            dealer = total - pone
            values[pone, dealer] = step(tally, Part.HEELS, values, pone, dealer)
    return values


@dataclass(frozen=True)
class ChanceTable:
    """The chances from every score of one variant, with the tally they came from."""

    tally: Tally
    values: Values
    half_width: npt.NDArray[np.int64]
    """``[pone, dealer]``: the 95% half-width of the pone's (and so the dealer's) win."""
    provenance: Mapping[str, Any] = field(default_factory=dict)

    @property
    def target(self) -> int:
        """The score that wins the table's game (121 or 61)."""
        return self.tally.target

    def before(self, pone: int, dealer: int) -> Chances:
        """The chances before a deal, the scores ``(pone, dealer)`` (both short of the
        target)."""
        self._check(pone, dealer)
        return chances_from(self.values[pone, dealer], int(self.half_width[pone, dealer]) / SCALE)

    def after(self, part: Part, pone: int, dealer: int) -> Chances:
        """The chances within a deal: the scores ``(pone, dealer)`` with every part of the
        deal before ``part`` pegged (``Part.PLAY``: the starter cut and heels pegged)."""
        self._check(pone, dealer)
        values = step(self.tally, part, self.values, pone, dealer)
        # Within a deal the sampling error is that of the positions it leads to; the
        # widest of those is a fair (cautious) figure.
        return chances_from(values, int(self.half_width[pone, dealer]) / SCALE)

    def after_deal(self, pone: int, dealer: int) -> Chances:
        """The chances once a deal is over at ``(pone, dealer)``, for that deal's pone and
        dealer: the next deal's position, the deal passed (its pone this dealer)."""
        found = self.before(dealer, pone)
        return Chances(found.win[::-1], found.skunk[::-1], found.double_skunk[::-1],
                       found.interval)

    def _check(self, pone: int, dealer: int) -> None:
        if not (0 <= pone < self.target and 0 <= dealer < self.target):
            raise ValueError(f"scores {pone} and {dealer} are not both short of "
                             f"the target {self.target}")


T_95 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306,
        9: 2.262, 10: 2.228, 11: 2.201, 12: 2.179, 13: 2.160, 14: 2.145, 15: 2.131}
"""Student's t at 95% (two-sided) for the degrees of freedom the builds use."""


def half_widths(groups: Sequence[Values]) -> npt.NDArray[np.int64]:
    """Batch means: the tally split into ``len(groups)`` independent groups, each induced
    on its own; the spread of the pone's win across them, scaled to the whole tally."""
    if not 2 <= len(groups) <= 1 + max(T_95):
        raise ValueError(f"batch means take 2 to {1 + max(T_95)} groups, not {len(groups)}")
    wins = np.stack([g[:, :, WIN] for g in groups]).astype(np.float64) / SCALE
    spread = wins.std(axis=0, ddof=1) / np.sqrt(len(groups))
    width = T_95[len(groups) - 1] * spread
    widths: npt.NDArray[np.int64] = np.rint(width * SCALE).astype(np.int64)
    return widths
