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

All sums are integers, so every average is an exact fraction. Every option's sums are
taken over one denominator, so the options are ordered on integers and only those handed
out become fractions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from itertools import combinations, combinations_with_replacement
from math import factorial, prod

import numpy as np
import numpy.typing as npt

from rules.core.cards import Card, Rank, full_deck
from rules.core.errors import Problem, ProblemCode, Problems, RecordError, check_cards
from rules.core.variants import CRIB_SIZE, Variant
from rules.show.items import NOBS, flush_points
from rules.show.tables import HAND_CODE, HAND_SUITS, LOW, RANKS, SHIFT, STARTER_CODE, rank_key

__all__ = [
    "Advice",
    "Option",
    "advise",
    "best_option",
    "prepare",
    "validate_discard",
]

_RANKS = 13
_SUITS = 4
_HEELS = 2
_DECK = tuple(full_deck())
_JACK_RANK = Rank.JACK.order - 1
_RANK_DIGIT = tuple(STARTER_CODE[r * _SUITS] >> SHIFT for r in range(_RANKS))
"""The rank field of one card of each rank (ace first)."""
_STARTER_SUIT = tuple(STARTER_CODE[s] & LOW for s in range(_SUITS))
"""The suit field of a starter of each suit."""


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


def validate_discard(cards: Sequence[Card] | None, *, dealer: bool | None,
                     variant: Variant | None, partner_deals: bool = False) -> None:
    """Refuse a request for discard advice that cannot be answered (what :func:`advise`
    refuses it for; :class:`RecordError`, every problem at once): the hand's size and a
    card twice, partners where there are none, both partners dealing. A part not given
    (None) is not checked, nor what needs it."""
    found = _discard_problems(cards, dealer=dealer, variant=variant,
                              partner_deals=partner_deals)
    if found:
        raise RecordError(found)


def _discard_problems(cards: Sequence[Card] | None, *, dealer: bool | None,
                      variant: Variant | None, partner_deals: bool = False) -> list[Problem]:
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
    sums = _checked(cards, dealer, variant, partner_deals)
    options = tuple(sums.option(i) for i in sorted(range(len(sums.splits)), key=sums.rank))
    return Advice(tuple(cards), dealer, Fraction(sums.heels, sums.draws), options, sums.ours)


def best_option(cards: Sequence[Card], *, dealer: bool, variant: Variant = Variant.SIX_CARD,
                partner_deals: bool = False) -> Option:
    """:func:`advise`'s first option alone, worked out without the others' fractions
    (the strategy of the chances asks only for it, thousands of times a request)."""
    sums = _checked(cards, dealer, variant, partner_deals)
    # Only the options with the greatest net can be first: the rest of the order is
    # asked of them alone, usually one.
    best = max(sums.nets)
    return sums.option(min((i for i, net in enumerate(sums.nets) if net == best),
                           key=sums.rank))


def _checked(cards: Sequence[Card], dealer: bool, variant: Variant,
             partner_deals: bool) -> _Sums:
    validate_discard(cards, dealer=dealer, variant=variant, partner_deals=partner_deals)
    return _Sums(cards, variant.spec.to_crib, dealer or partner_deals)


class _Sums:
    """Every option's expected values as integers over one denominator, ``draws`` (the
    ordered draws of the other crib cards and the starter, a multiple of the starters
    ``n``): the order is settled on integers and only the options handed out become
    fractions, the same fractions exact arithmetic gives."""

    def __init__(self, cards: Sequence[Card], to_crib: int, ours: bool) -> None:
        self.cards = cards = tuple(cards)
        self.ours = ours
        size = len(cards)
        n = self.n = len(_DECK) - size  # the cards are distinct: checked before
        others = CRIB_SIZE - to_crib  # crib cards that come from the unseen cards
        ranks = [_SUITS] * _RANKS
        suits = [_RANKS] * _SUITS
        for card in cards:
            ranks[card.index // _SUITS] -= 1
            suits[card.index % _SUITS] -= 1
        draws = self.draws = prod(range(n - others, n + 1))
        per_starter = draws // n
        # Heels go to the dealer's side: in the four-player game the partner's too.
        self.heels = _HEELS * ranks[_JACK_RANK] * per_starter if ours else 0
        # The rank totals are the hand's ranks' (remembered by them, sorted): each
        # discard's found by the places its cards take among those ranks.
        orders = [card.order for card in cards]
        by_place = sorted(range(size), key=orders.__getitem__)
        place = [0] * size
        for at, j in enumerate(by_place):
            place[j] = at
        split_at = _split_at(size, to_crib)
        rank_sums = _rank_sums(tuple(orders[j] for j in by_place), to_crib)
        splits = _splits(size, to_crib)
        # Nobs from the other cards: one of them a jack of the starter's suit.
        held = {card.index for card in cards}
        jack_pairs = sum(suits[suit] - 1 for suit in range(_SUITS)
                         if _JACK_RANK * _SUITS + suit not in held)
        nobs_from_others = NOBS * others * jack_pairs * (draws // (n * (n - 1)))
        flush = flush_points(CRIB_SIZE, starter_matches=True, crib=True)
        # By place in the hand (its cards are distinct): the discards in the order of
        # ``combinations``, each keep the rest in the hand's order. The cards of each
        # are only gathered for the options handed out.
        self.splits = splits
        self.hands = []
        self.cribs = []
        self.nets = []
        lows = [HAND_CODE[card.index] & LOW for card in cards]
        low = sum(lows)  # suit fields add without carrying: a keep's is the rest's
        suit_of = [card.index % _SUITS for card in cards]
        jacks = [card.rank is Rank.JACK for card in cards]
        heels = self.heels
        # The starter's suit, written out: four lookups an option, thousands of options.
        spades, hearts, diamonds, clubs = suits
        s0, s1, s2, s3 = _STARTER_SUIT
        for away, _ in splits:
            at = split_at[sum([1 << place[j] for j in away])]
            hand, crib = rank_sums[at], rank_sums[len(splits) + at]
            field = low - sum([lows[j] for j in away])
            hand += (spades * HAND_SUITS[field + s0] + hearts * HAND_SUITS[field + s1]
                     + diamonds * HAND_SUITS[field + s2] + clubs * HAND_SUITS[field + s3])
            crib += nobs_from_others
            suit = suit_of[away[0]]
            if all(suit_of[j] == suit for j in away):
                u = suits[suit]
                crib += flush * (prod(range(u - others, u + 1)) if u > others else 0)
            for j in away:  # his nob among my discards: the starter of its suit
                if jacks[j]:
                    crib += NOBS * suits[suit_of[j]] * per_starter
            self.hands.append(hand)
            self.cribs.append(crib)
            hand *= per_starter
            self.nets.append(hand + crib + heels if ours else hand - crib)

    def rank(self, i: int) -> tuple[int, int, tuple[int, ...]]:
        """Best first: the greatest net, then the greatest hand, then the discard."""
        return -self.nets[i], -self.hands[i], tuple(self.cards[j].index
                                                     for j in self.splits[i][0])

    def option(self, i: int) -> Option:
        away, kept = self.splits[i]
        return Option(tuple(self.cards[j] for j in kept), tuple(self.cards[j] for j in away),
                      Fraction(self.hands[i], self.n), Fraction(self.cribs[i], self.draws),
                      Fraction(self.nets[i], self.draws))


@cache
def _splits(size: int, to_crib: int) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """Every discard of ``to_crib`` places from a hand of ``size``, in the order of
    ``combinations``, each with the places kept."""
    places = range(size)
    return tuple((away, tuple(j for j in places if j not in away))
                 for away in combinations(places, to_crib))


@cache
def _split_at(size: int, to_crib: int) -> dict[int, int]:
    """Each discard's number in :func:`_splits`, by the bits of its places."""
    return {sum(1 << j for j in away): at
            for at, (away, _) in enumerate(_splits(size, to_crib))}


@lru_cache(maxsize=1 << 13)
def _rank_sums(orders: tuple[int, ...], to_crib: int) -> tuple[int, ...]:
    """For a hand of these ranks (``orders``, sorted), each discard's (:func:`_splits`)
    rank totals: first every kept hand's fifteens, pairs and runs summed over every
    starter (by its rank, weighted by how many unseen cards have it), then every
    crib's over every ordered draw. They depend on the ranks alone, and a sample of
    deals meets the same ranks again and again: a few thousand hands' worth kept
    (about 1 kB each)."""
    ranks = [_SUITS] * _RANKS
    for order in orders:
        ranks[order - 1] -= 1
    splits = _splits(len(orders), to_crib)
    fields = [sum(_RANK_DIGIT[orders[j] - 1] for j in kept) for _, kept in splits]
    rank_points = np.array([_by_starter_rank(field) for field in fields], dtype=np.int64)
    hands: list[int] = (rank_points @ np.array(ranks, dtype=np.int64)).tolist()
    cribs = _crib_rank_totals([[orders[j] - 1 for j in away] for away, _ in splits], ranks,
                              CRIB_SIZE - to_crib + 1)
    return (*hands, *cribs)


@cache
def _by_starter_rank(field: int) -> tuple[int, ...]:
    """Fifteens, pairs and runs of the kept ranks (a rank field) with a starter of each
    rank; 0 for a fifth card of a rank, which no starter can be."""
    return tuple(RANKS[field + _RANK_DIGIT[r]] if field // _RANK_DIGIT[r] % 5 < 4 else 0
                 for r in range(_RANKS))


def _crib_rank_totals(discards: Sequence[Sequence[int]], ranks: Sequence[int],
                      draws: int) -> list[int]:
    """Each discard's (its ranks, 0 the ace) crib fifteens, pairs and runs summed over
    every ordered draw of the other crib cards and the starter: one weight per rank
    pattern, one product for all."""
    weights = _draw_weights(np.array(ranks, dtype=np.int64), draws).reshape(-1)
    rows, places, orders = _rank_points_rows(CRIB_SIZE + 1 - draws)
    at = []
    for discard in discards:  # its ranks in base 13
        code = 0
        for order in discard:
            code = code * _RANKS + order
        at.append(code)
    # The points and the weights are the same for every order of the drawn ranks, so each
    # set of them is taken once, times its orders. In floating point for the machine's own
    # product: every product and partial sum is a whole number below 2**53 (at most 28
    # points times the 47**4 ordered draws), so the totals are exact, as in integers.
    totals: list[int] = (rows[at] @ (weights[places] * orders)).astype(np.int64).tolist()
    return totals


def _draw_weights(counts: npt.NDArray[np.int64], draws: int) -> npt.NDArray[np.int64]:
    """``w[r1, ..., rk]``: how many ordered draws of ``draws`` distinct cards have those
    ranks, from ``counts`` cards of each rank."""
    weights = counts
    for axis in range(1, draws):
        # A card of a rank drawn on an earlier axis leaves one fewer. Past none left the
        # factor is negative, but then the draw of that rank that took the last was a
        # factor of 0: the product is 0 all the same, with no clipping.
        available = counts.reshape([1] * axis + [_RANKS]) - _drawn_before(axis)
        weights = weights[..., None] * available
    return weights


@cache
def _drawn_before(axis: int) -> npt.NDArray[np.int64]:
    """``n[r1, ..., r_axis, r]``: how many of the earlier axes' ranks are ``r``."""
    eye = np.eye(_RANKS, dtype=np.int64)
    found = np.zeros((_RANKS,) * (axis + 1), np.int64)
    for earlier in range(axis):
        found = found + eye.reshape([_RANKS if i in (earlier, axis) else 1
                                     for i in range(axis + 1)])
    return found


@cache
def _rank_points_rows(discarded: int) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.intp],
                                               npt.NDArray[np.float64]]:
    """:func:`_rank_points_dense` for :func:`_crib_rank_totals`: a row per rank pattern of
    the ``discarded`` first ranks (the discard's, in base 13), a column per set of the
    other ranks (each once: the points are the same in any order), in floating point;
    with each set's place among the ordered patterns (sorted), and its number of orders."""
    drawn = CRIB_SIZE + 1 - discarded
    sets = list(combinations_with_replacement(range(_RANKS), drawn))
    places = [sum(rank * _RANKS ** i for i, rank in enumerate(reversed(ranks)))
              for ranks in sets]
    orders = [factorial(drawn) // prod(factorial(ranks.count(r)) for r in set(ranks))
              for ranks in sets]
    dense = _rank_points_dense().reshape(_RANKS ** discarded, -1)
    rows: npt.NDArray[np.float64] = dense[:, places].astype(np.float64)
    return rows, np.array(places, dtype=np.intp), np.array(orders, dtype=np.float64)


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
    for to_crib in sorted({variant.spec.to_crib for variant in Variant}):
        _rank_points_rows(to_crib)
