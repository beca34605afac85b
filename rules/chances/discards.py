"""Discard advice judged by the chance of winning, from the scores (docs/rules.md,
"Discards by the chance of winning").

Near the end of a game the best average is not the best discard: a pone at 115 who
needs 6 wants the hand most likely to make 6. Each option's chance of winning is the mean,
over sampled deals, of the deal played out by the strategy (:mod:`rules.chances.strategy`:
the opponent discards and plays by it, and so does the player once they have laid away)
to its end or to the next deal's position in the table.

Every option meets the same deals (common random numbers): the player's six cards are
out of the deck, so one shuffle of the rest gives every option the same opponent's cards
and starter, and the opponent's discard is worked out once for them all. The differences
between options are then far surer than each option's own figure, and the ranking rests
on the differences: each option says how far it is behind the best, with that
difference's own interval.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from rules.advice import Advice, Option, advise, validate_discard
from rules.chances.position import validate_covered
from rules.chances.strategy import DEALER, PONE, Known, play_options
from rules.chances.table import SCALE, ChanceTable, pone_win
from rules.core.cards import Card
from rules.core.errors import Problem, ProblemCode, Problems, RecordError
from rules.core.table import Table
from rules.core.variants import Variant
from rules.deal.record import check_scores

__all__ = ["DISCARD_SAMPLES", "DiscardChance", "DiscardChances", "discard_chances",
           "validate_discard_chances"]

DISCARD_SAMPLES = 128
"""Deals dealt out for each option: the six-card game's fifteen options on each keep a
request under 300 ms of CPU (a median of 256 ms when it was set, bench/chances_advice.py;
about half since issue 31, bench/RESULTS.md)."""
Z_95 = 1.96


@dataclass(frozen=True, slots=True)
class DiscardChance:
    """One discard and the player's chance of winning with it."""

    option: Option
    """The discard with its exact expected values (:func:`rules.advice.advise`)."""
    win: float
    interval: float
    """The 95% half-width of ``win``: the sample's error and the table's."""
    behind: float
    """The best option's ``win`` less this one's (0 for the best)."""
    behind_interval: float
    """The 95% half-width of ``behind``, from the same deals (0 for the best): the
    table's error is common to both and cancels."""

    @property
    def within_interval(self) -> bool:
        """This option is behind the best by no more than its interval: the sample cannot
        tell the two apart, and their order may be the noise's (the best itself: False)."""
        return 0 < self.behind <= self.behind_interval


@dataclass(frozen=True, slots=True)
class DiscardChances:
    """Discard advice ranked by the chance of winning from the scores (:func:`discard_chances`),
    beside the advice by points."""

    advice: Advice
    """The advice by points: its options best ``net`` first."""
    options: tuple[DiscardChance, ...]
    """Best ``win`` first; equal chances in the order by points."""
    pone: int
    dealer: int
    """The scores before the deal."""
    samples: int
    """Deals dealt out, the same deals for every option."""

    @property
    def orders_differ(self) -> bool:
        """The order by the chance of winning is not the order by net expected value."""
        return tuple(o.option for o in self.options) != self.advice.options

    @property
    def order_within_interval(self) -> bool:
        """Some option is behind the best by no more than its interval: which is best by
        the chance of winning is not settled by the sample."""
        return any(option.within_interval for option in self.options)

    @property
    def best_by_win(self) -> Option:
        """The option with the best chance of winning."""
        return self.options[0].option

    @property
    def best_by_net(self) -> Option:
        """The option with the best net expected points."""
        return self.advice.options[0]


def validate_discard_chances(cards: Sequence[Card] | None, *, dealer: bool | None,
                             variant: Variant | None, scores: Mapping[str, int] | None,
                             tables: Mapping[Variant, ChanceTable],
                             partner_deals: bool = False) -> None:
    """Refuse a request for discards by the chance of winning that cannot be answered
    (:class:`RecordError`, every problem at once): the hand's (:func:`validate_discard`),
    then the scores': a game with no table, a side that is not ``pone`` or ``dealer``, a
    score that is not short of the target, a side left out. A part not given (None) is
    not checked."""
    problems = Problems()
    try:
        validate_discard(cards, dealer=dealer, variant=variant, partner_deals=partner_deals)
    except RecordError as error:
        problems.extend(error.problems)
    if scores is None or variant is None:
        problems.raise_any()
        return
    # The hand is sound in any game; it is the scores that this game cannot answer.
    try:
        validate_covered(variant, tables)
        uncovered: tuple[Problem, ...] = ()
    except RecordError as error:
        uncovered = error.problems
    problems.extend(Problem(("scores",), p.code, p.message) for p in uncovered)
    if uncovered:
        problems.raise_any()
        return
    table = Table.seat(variant)
    check_scores(problems, scores, table, "scores")
    for side in table.sides:
        if side.name not in scores:
            problems.add(("scores",), ProblemCode.REQUIRED,
                         f"the score of {side.name!r} is required")
    problems.raise_any()


def discard_chances(cards: Sequence[Card], *, dealer: bool, scores: Mapping[str, int],
                    tables: Mapping[Variant, ChanceTable],
                    variant: Variant = Variant.SIX_CARD,
                    samples: int = DISCARD_SAMPLES) -> DiscardChances:
    """Every discard from ``cards`` ranked by the player's chance of winning, from
    ``scores`` (``{"pone": n, "dealer": n}`` before the deal; ``dealer`` says which the
    player is). Raises :class:`RecordError` with every problem at once."""
    validate_discard_chances(cards, dealer=dealer, variant=variant, scores=scores,
                             tables=tables)
    if samples < 2:
        raise ValueError(f"an interval needs at least 2 deals, not {samples}")
    chance_table = tables[variant]
    pone, dealer_score = scores["pone"], scores["dealer"]
    advice = advise(cards, dealer=dealer, variant=variant)
    pone_wins = _pone_wins(chance_table, advice, variant, pone, dealer_score, samples)
    # The player's chance, as the table gives it: the dealer's is the pone's complement.
    means = [int(row.sum()) // samples / SCALE for row in pone_wins]
    wins: npt.NDArray[np.float64] = pone_wins.astype(np.float64) / SCALE
    if dealer:
        means = [1.0 - mean for mean in means]
        wins = 1.0 - wins
    ranked = sorted(range(len(advice.options)), key=lambda i: (-means[i], i))
    best = ranked[0]
    table_width = int(chance_table.half_width[pone, dealer_score]) / SCALE
    root = samples ** 0.5
    options = []
    for i in ranked:
        sampling = Z_95 * float(wins[i].std(ddof=1)) / root
        gap = Z_95 * float((wins[best] - wins[i]).std(ddof=1)) / root
        options.append(DiscardChance(advice.options[i], means[i],
                                     (sampling ** 2 + table_width ** 2) ** 0.5,
                                     means[best] - means[i], gap))
    return DiscardChances(advice, tuple(options), pone, dealer_score, samples)


def _pone_wins(chance_table: ChanceTable, advice: Advice, variant: Variant, pone: int,
               dealer: int, samples: int) -> npt.NDArray[np.int64]:
    """``[option, deal]``: the pone's win in each deal (fixed point), every option on
    the same shuffles."""
    side = DEALER if advice.dealer else PONE
    knowns = [Known(side, kept=o.keep, discard=o.discard) for o in advice.options]
    rng = random.Random(_seed(advice, variant, pone, dealer))
    found = np.zeros((len(knowns), samples), np.int64)
    for deal in range(samples):
        # Every option on the same shuffle of the same deck (the player's cards taken
        # out): the same opponent's cards and starter.
        for i, trail in enumerate(play_options(rng, knowns, variant)):
            found[i, deal] = pone_win(trail, chance_table.target, chance_table.values,
                                      pone, dealer)
    return found


def _seed(advice: Advice, variant: Variant, pone: int, dealer: int) -> int:
    """From the question alone (the hand as a set), so it always gets the same answer."""
    hand = " ".join(sorted(card.text for card in advice.cards))
    text = f"discards|{variant}|{hand}|{advice.dealer}|{pone}|{dealer}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")
