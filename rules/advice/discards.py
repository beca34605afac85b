"""Discard advice: every legal discard, by exact expected value (issue: "what should I
have thrown?").

The model, stated plainly because it is a model and not a strategy: the starter, and
the cards the other players lay away (and, in the three-player game, the card dealt to
the crib), are drawn uniformly from the cards the player has not seen. Every discard
the opponents could make is taken as equally likely.

* ``hand_ev``: the kept cards' average count over every possible starter.
* ``crib_ev``: the crib's average count over every starter and every set of the other
  cards in the crib. Fifteens, pairs and runs depend only on ranks, so they are
  summed over rank patterns, weighted by how many card draws give each pattern (one
  weight tensor serves every option). Flush and nobs have closed forms.
* ``net_ev``: hand plus crib plus the expected heels for the side whose crib it is
  (the dealer, or in the four-player game the dealer's partner too), hand minus crib
  for the other side.

All sums are integers, so every average is an exact fraction.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations
from math import prod

import numpy as np
import numpy.typing as npt

from rules.core.cards import Card, Rank, full_deck
from rules.core.errors import Problem, ProblemCode, Problems, RecordError, check_cards
from rules.core.variants import CRIB_SIZE, Variant
from rules.show.items import NOBS, flush_points
from rules.show.show import score_indices
from rules.show.tables import RANKS, rank_key

__all__ = ["Advice", "Option", "advise", "discard_problems", "prepare"]

_RANKS = 13
_SUITS = 4
_HEELS = 2
_DECK = tuple(full_deck())


@dataclass(frozen=True, slots=True)
class Option:
    """One way to lay away: the cards kept and discarded, the hand's and the crib's expected
    points, and ``net``, what the option is worth to the player's side (the crib and the
    expected heels added when the crib is theirs, the crib taken away when not)."""

    keep: tuple[Card, ...]
    discard: tuple[Card, ...]
    hand: Fraction
    crib: Fraction
    net: Fraction


@dataclass(frozen=True, slots=True)
class Advice:
    """Discard advice for one hand (:func:`advise`): every way to lay cards away, valued by
    exact expectation over the starter and the cards to the crib."""

    cards: tuple[Card, ...]
    dealer: bool
    heels: Fraction
    """The expected heels (a jack starter) for the side whose crib it is, 0 for the
    other side; the same for every option."""
    options: tuple[Option, ...]
    """Best first."""
    crib_is_ours: bool
    """The crib is the player's side's: they deal, or in the four-player game their
    partner does."""


def discard_problems(cards: Sequence[Card] | None, *, dealer: bool | None,
                     variant: Variant | None, partner_deals: bool = False) -> list[Problem]:
    """What makes a request for discard advice unanswerable (:func:`advise` refuses it for
    these): the hand's size and a card twice, partners where there are none, both
    partners dealing. A part not given (None) is not checked, nor what needs it."""
    problems = Problems()
    if cards is not None and variant is not None:
        check_cards(problems, ("cards",), cards, variant.spec.dealt,
                    f"a {variant} hand as dealt")
    if partner_deals and variant is not None and not variant.spec.partnerships:
        problems.add(("partner_deals",), ProblemCode.NOT_IN_VARIANT,
                     f"only the four-player game has partners, not {variant}")
    elif partner_deals and dealer and variant is not None:
        problems.add(("partner_deals",), ProblemCode.CONFLICT,
                     "the player and the partner cannot both deal")
    return problems.found


def advise(
    cards: Sequence[Card],
    *,
    dealer: bool,
    variant: Variant = Variant.SIX_CARD,
    partner_deals: bool = False,
) -> Advice:
    """Every legal discard from ``cards``, best first.

    ``partner_deals``, in the four-player game only: the player's partner deals, so
    the crib is the partnership's. Raises :class:`rules.core.errors.RecordError` for a hand
    of the wrong size, a card twice, or a partner where there is none.
    """
    spec = variant.spec
    problems = discard_problems(cards, dealer=dealer, variant=variant,
                                partner_deals=partner_deals)
    if problems:
        raise RecordError(problems)
    ours = dealer or partner_deals
    held = {card.index for card in cards}
    unseen = [i for i in range(len(_DECK)) if i not in held]
    others = CRIB_SIZE - spec.to_crib  # crib cards that come from the unseen cards
    crib = _CribModel(unseen, others)
    jacks_unseen = sum(1 for i in unseen if _DECK[i].rank is Rank.JACK)
    # Heels go to the dealer's side: in the four-player game the partner's too.
    heels = Fraction(_HEELS * jacks_unseen, len(unseen)) if ours else Fraction(0)

    options = []
    for discard in combinations(cards, spec.to_crib):
        keep = tuple(card for card in cards if card not in discard)
        kept = [card.index for card in keep]
        hand = Fraction(sum(score_indices(kept, s) for s in unseen), len(unseen))
        crib_ev = crib.expected(discard)
        net = hand + crib_ev + heels if ours else hand - crib_ev
        options.append(Option(keep, tuple(discard), hand, crib_ev, net))
    options.sort(key=lambda o: (-o.net, -o.hand, [c.index for c in o.discard]))
    return Advice(tuple(cards), dealer, heels, tuple(options), ours)


class _CribModel:
    """The crib's expected count for any discard, given the unseen cards."""

    def __init__(self, unseen: Sequence[int], others: int) -> None:
        self.unseen = unseen
        self.others = others
        counts = np.zeros(_RANKS, dtype=np.int64)
        suits = np.zeros(_SUITS, dtype=np.int64)
        for index in unseen:
            counts[index // _SUITS] += 1
            suits[index % _SUITS] += 1
        self.suits = suits
        # Ordered draws of the other crib cards then the starter: a weight per rank
        # pattern (axis i: the rank of the i-th card drawn).
        self.weights = _draw_weights(counts, others + 1)
        n = len(unseen)
        self.draws = prod(range(n - others, n + 1))  # ordered draws of others + starter
        # Nobs from the other cards: one of them a jack of the starter's suit.
        jack_pairs = sum(int(suits[i % _SUITS]) - 1 for i in unseen if i // _SUITS == 10)
        self.nobs_from_others = Fraction(others * jack_pairs, n * (n - 1))

    def expected(self, discard: Sequence[Card]) -> Fraction:
        n = len(self.unseen)
        table = _rank_points_dense()
        sub = table[tuple(card.order - 1 for card in discard)]
        rank_total = int(np.tensordot(sub, self.weights, axes=sub.ndim))
        ev = Fraction(rank_total, self.draws)

        suit = discard[0].index % _SUITS
        if all(card.index % _SUITS == suit for card in discard):
            u = int(self.suits[suit])
            flush_draws = prod(range(u - self.others, u + 1)) if u > self.others else 0
            flush = flush_points(CRIB_SIZE, starter_matches=True, crib=True)
            ev += flush * Fraction(flush_draws, self.draws)

        for card in discard:  # his nob among my discards: the starter of its suit
            if card.rank is Rank.JACK:
                ev += NOBS * Fraction(int(self.suits[card.index % _SUITS]), n)
        return ev + NOBS * self.nobs_from_others


def _draw_weights(counts: npt.NDArray[np.int64], draws: int) -> npt.NDArray[np.int64]:
    """``w[r1, ..., rk]``: how many ordered draws of ``draws`` distinct cards have those
    ranks, from ``counts`` cards of each rank."""
    eye = np.eye(_RANKS, dtype=np.int64)
    weights = counts.copy()
    for axis in range(1, draws):
        shape = [1] * axis + [_RANKS]
        available = counts.reshape(shape).copy()
        # a card of a rank already drawn on an earlier axis leaves one fewer
        for earlier in range(axis):
            same = eye.reshape([_RANKS if i in (earlier, axis) else 1 for i in range(axis + 1)])
            available = available - same
        weights = weights[..., None] * np.clip(available, 0, None)
    return weights


@cache
def _rank_points_dense() -> npt.NDArray[np.int64]:
    """Fifteens, pairs and runs for every ordered 5-tuple of ranks (13**5 entries),
    worked out once for each of the 6,188 multisets (and the impossible ones with five
    of a rank, which no draw can reach)."""
    grid = np.indices((_RANKS,) * 5).reshape(5, -1).T
    code = np.sort(grid, axis=1) @ (_RANKS ** np.arange(4, -1, -1))
    lookup = np.zeros(_RANKS**5, dtype=np.int64)
    for key in np.unique(code).tolist():
        ranks = [key // _RANKS**i % _RANKS + 1 for i in range(5)]
        lookup[key] = RANKS[rank_key(ranks)]
    dense: npt.NDArray[np.int64] = lookup[code].reshape((_RANKS,) * 5)
    return dense


def prepare() -> None:
    """Build the rank table ahead of use (a server does this before forking)."""
    _rank_points_dense()
