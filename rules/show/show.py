"""The show: counting a hand or the crib with the starter (docs/rules.md#show-order).

Two ways in, one set of rules (:mod:`rules.show.items`), one packed key (:mod:`rules.show.tables`):

* :func:`score` is the fast path: two table lookups.
* :func:`count` itemises every scoring combination (for the referee's answer and the
  spoken call). The items of a rank multiset are worked out once, as places among
  the sorted cards; a hand's items are those places filled with its cards, each
  combination of cards one shared :class:`Item`. The breakdown and the call are worked
  out once per rank multiset, flush and nobs.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from itertools import combinations, combinations_with_replacement, product
from types import MappingProxyType
from typing import Any, NamedTuple

from rules.core.cards import Card, Rank, full_deck
from rules.core.findings import NINETEEN
from rules.core.variants import CRIB_SIZE
from rules.show.call import spoken
from rules.show.items import NOBS, Item, ItemKind, Shape
from rules.show.tables import (
    CRIB_SUITS,
    HAND_CODE,
    HAND_SUITS,
    LOW,
    PATTERNS,
    RANKS,
    SHIFT,
    STARTER_CODE,
    rank_key,
    show_key,
)

__all__ = [
    "Item",
    "ItemKind",
    "Show",
    "count",
    "max_total",
    "nineteen_means_zero",
    "possible_totals",
    "prepare",
    "score",
    "score_indices",
    "score_many",
]

_DECK = tuple(full_deck())
_JACK = (Rank.JACK.order - 1) * 4  # the index of the jack of spades; + suit for the others
_SUITS = 4

Tally = MappingProxyType[str, int]
"""Points by kind, every kind present: read-only, one for every hand of the same shape."""


class Show(NamedTuple):
    """A hand (or crib) counted with its starter, itemised.

    A named tuple, like :class:`Item`: a count builds one per hand, and a tuple is built
    in one step where a frozen dataclass sets its fields one by one (bench/RESULTS.md).
    Compared, hashed and shown by its hand, starter, crib, items and total alone, as
    the dataclass it was: the call and the tally follow from them.
    """

    hand: tuple[Card, ...]
    starter: Card
    crib: bool
    items: tuple[Item, ...]
    total: int
    call: str
    """The count as a player announces it: "fifteen two, fifteen four, a pair is six"."""
    tally: Tally
    """Points by kind, shared and read-only; :attr:`breakdown` is the caller's own copy."""

    @property
    def breakdown(self) -> dict[str, int]:
        """Points by kind, every kind present (a fresh dict: the caller may keep it)."""
        return self.tally.copy()

    def __eq__(self, other: object) -> bool:
        return type(other) is Show and self[:5] == other[:5]

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(self[:5])

    def __repr__(self) -> str:
        return (f"Show(hand={self.hand!r}, starter={self.starter!r}, crib={self.crib!r}, "
                f"items={self.items!r}, total={self.total!r})")

    def __reduce__(self) -> tuple[Callable[..., Show], tuple[Any, ...]]:
        # A read-only mapping cannot be pickled (Dask pickles reviews): counted again.
        return _recount, (self.hand, self.starter, self.crib)


def _recount(hand: tuple[Card, ...], starter: Card, crib: bool) -> Show:
    return count(hand, starter, crib=crib)


# --- the fast path ------------------------------------------------------------------


def score(hand: Sequence[Card], starter: Card, *, crib: bool = False) -> int:
    """The true count of ``hand`` with ``starter``; ``crib`` applies the crib's flush rule."""
    key = show_key(hand, starter)
    return RANKS[key >> SHIFT] + (CRIB_SUITS if crib else HAND_SUITS)[key & LOW]


def score_indices(hand: Sequence[int], starter: int, crib: bool = False) -> int:
    """As :func:`score`, for cards given by :attr:`Card.index` (0..51)."""
    key = STARTER_CODE[starter]
    for index in hand:
        key += HAND_CODE[index]
    return RANKS[key >> SHIFT] + (CRIB_SUITS if crib else HAND_SUITS)[key & LOW]


def score_many(deals: Iterable[Sequence[int]], crib: bool = False) -> list[int]:
    """Counts for many hands at once, each given as card indices with the starter last
    (four-card hands and cribs: the common case, unrolled)."""
    hand, start, ranks, shift, low = HAND_CODE, STARTER_CODE, RANKS, SHIFT, LOW
    suits = CRIB_SUITS if crib else HAND_SUITS
    return [
        ranks[(key := hand[a] + hand[b] + hand[c] + hand[d] + start[s]) >> shift] + suits[key & low]
        for a, b, c, d, s in deals
    ]


# --- itemised ------------------------------------------------------------------------

_new = tuple.__new__


def count(hand: Sequence[Card], starter: Card, *, crib: bool = False) -> Show:
    """Every scoring combination of ``hand`` with ``starter``, in the order players count
    (within a kind, by the cards in rank order)."""
    if type(hand) is not tuple:
        hand = tuple(hand)
    # The key (as show_key) and the cards' indices in order, from one read of each card:
    # this is the hot path of every hand check.
    code, s = HAND_CODE, starter.index
    held: list[int]
    if len(hand) == 4:
        w, x, y, z = hand
        a, b, c, d = w.index, x.index, y.index, z.index
        key = code[a] + code[b] + code[c] + code[d] + STARTER_CODE[s]
        held = [a, b, c, d, s]
        held.sort()  # in place: sorted() would copy a tuple into a list first
    else:
        held = [card.index for card in hand]
        key = sum(code[i] for i in held) + STARTER_CODE[s]
        held.append(s)
        held.sort()
    rank_code = key >> SHIFT
    places, points, call, tally = _COUNTED[rank_code]
    items = []  # a loop in this frame: a comprehension's own frame costs more, at two items
    for combinations_of, cards_of in places:
        items.append(combinations_of[cards_of(held)])
    suited = (CRIB_SUITS if crib else HAND_SUITS)[key & LOW]
    if suited:  # one hand in thirteen
        return _suited(hand, starter, crib, items, held, rank_code, points + suited, suited)
    if not points:
        call, tally = _nothing(len(hand), crib)
    return _new(Show, (hand, starter, crib, tuple(items), points, call, tally))


def _suited(hand: tuple[Card, ...], starter: Card, crib: bool, items: list[Item],
            held: list[int], rank_code: int, total: int, suited: int) -> Show:
    """A count with a flush or nobs: the table has applied their rules; here they are only
    itemised."""
    s = starter.index
    jack = _JACK + s % _SUITS
    nobs = NOBS if jack != s and jack in held else 0
    flush = suited - nobs
    if flush > len(hand):  # the starter is in the flush
        items.append(Item(ItemKind.FLUSH, tuple([_DECK[i] for i in held]), flush))
    elif flush:
        items.append(Item(ItemKind.FLUSH, tuple([_DECK[i] for i in held if i != s]), flush))
    if nobs:
        items.append(Item(ItemKind.NOBS, (_DECK[jack],), nobs))
    call, tally = _said(rank_code, flush, nobs)
    return _new(Show, (hand, starter, crib, tuple(items), total, call, tally))


class _Combinations(dict[tuple[int, ...], Item]):
    """Card indices (in order) -> the one :class:`Item` of this kind and points with those
    cards.

    Every hand's fifteens, pairs and runs are looked up here rather than built: a lookup
    costs half what building an item does, and a pack holds a bounded number of them
    (about 23,000 for four-card hands with a starter). Past :data:`_MOST` in all the
    tables an item is built and not kept, so that a server's worker meeting the
    seven-card game's many six-card runs stays small."""

    kept = 0  # in every table together

    def __init__(self, kind: ItemKind, points: int) -> None:
        super().__init__()
        self.kind, self.points = kind, points

    def __missing__(self, indices: tuple[int, ...]) -> Item:
        item = Item(self.kind, tuple([_DECK[i] for i in indices]), self.points)
        if _Combinations.kept < _MOST:
            _Combinations.kept += 1
            self[indices] = item
        return item


_MOST = 1 << 15
_COMBINATIONS: dict[tuple[ItemKind, int], _Combinations] = {}


def _combinations(kind: ItemKind, points: int) -> _Combinations:
    table = _COMBINATIONS.get((kind, points))
    if table is None:
        table = _COMBINATIONS[kind, points] = _Combinations(kind, points)
    return table


_Places = tuple[tuple[_Combinations, Callable[[list[int]], tuple[int, ...]]], ...]
_Counted = tuple[_Places, int, str, Tally]
"""A rank multiset's places, its points, and its call and tally with no flush and no nobs."""


class _Plain(dict[int, _Counted]):
    """Rank field -> what :func:`count` needs of a hand of those ranks."""

    def __missing__(self, rank_code: int) -> _Counted:
        pattern = PATTERNS[rank_code]  # its breakdown has flush and nobs at 0 already
        places = tuple((_combinations(kind, points), cards_of)
                       for kind, cards_of, points in pattern.places)
        counted = self[rank_code] = (places, pattern.points, spoken(pattern.shape),
                                     _tally(pattern.breakdown))
        return counted


def _said(rank_code: int, flush: int, nobs: int) -> tuple[str, Tally]:
    key = (rank_code, flush, nobs)
    said = _SAID.get(key)
    if said is None:
        pattern = PATTERNS[rank_code]
        breakdown = pattern.breakdown | {ItemKind.FLUSH.value: flush, ItemKind.NOBS.value: nobs}
        shape: Shape = pattern.shape
        if flush:
            shape += ((ItemKind.FLUSH, flush, ""),)
        if nobs:
            shape += ((ItemKind.NOBS, nobs, ""),)
        said = _SAID[key] = (spoken(shape), _tally(breakdown))
    return said


@cache
def _nothing(size: int, crib: bool) -> tuple[str, Tally]:
    """A hand worth nothing: called "nineteen" only where no such hand can make 19."""
    return spoken((), nineteen_means_zero(size, crib)), _tally(
        dict.fromkeys((kind.value for kind in ItemKind), 0))


_TALLIES: dict[tuple[int, ...], Tally] = {}


def _tally(breakdown: dict[str, int]) -> Tally:
    """One read-only tally for every equal breakdown (there are a few hundred)."""
    return _TALLIES.setdefault(tuple(breakdown.values()), MappingProxyType(breakdown))


_SAID: dict[tuple[int, int, int], tuple[str, Tally]] = {}
_COUNTED = _Plain()


# --- which totals can exist ------------------------------------------------------------


def _multisets(size: int) -> Iterable[tuple[int, ...]]:
    """Every multiset of ``size`` rank orders that a pack can deal (at most four of a rank)."""
    for orders in combinations_with_replacement(range(1, 14), size):
        if all(orders.count(order) <= 4 for order in set(orders)):
            yield orders


def nineteen_means_zero(hand_size: int, crib: bool = False) -> bool:
    """Whether "nineteen" announces a hand of ``hand_size`` cards (or a crib) worth nothing.

    It does only where no such hand can count 19: four-card hands, cribs and the
    five-card game's three-card hands, but not the seven-card game's five-card hands,
    where 19 is a real total (docs/rules.md#nineteen).
    """
    return NINETEEN not in possible_totals(hand_size, crib)


FOUR_CARD_TOTALS = frozenset(range(30)) - {19, 25, 26, 27}
"""What a four-card hand or a crib can count with its starter: the published
distribution's totals (tests/library/test_distribution.py), known rather than worked out, so that
one count on the command line does not enumerate every hand to rule on its claim."""


@cache
def possible_totals(hand_size: int, crib: bool = False) -> frozenset[int]:
    """Every total a hand of ``hand_size`` cards (or a crib) can count with a starter."""
    if crib or hand_size == CRIB_SIZE:
        return FOUR_CARD_TOTALS
    return enumerated_totals(hand_size)


def enumerated_totals(hand_size: int, crib: bool = False) -> frozenset[int]:
    """:func:`possible_totals` worked out: each rank multiset's points, plus every flush
    and nobs its suits allow (through the same tables as :func:`score`); the tests check
    it against a card-by-card enumeration, and the four-card totals against it."""
    if crib:
        hand_size = CRIB_SIZE
    totals: set[int] = set()
    for orders in _multisets(hand_size + 1):
        points = RANKS[rank_key(orders)]
        counts = Counter(orders)
        for starter in counts:
            for bonus in _suit_bonuses(*_suit_signature(counts, starter), crib):
                totals.add(points + bonus)
    return frozenset(totals)


_JACK_ORDER = Rank.JACK.order


def _suit_signature(counts: Counter[int], starter: int) -> tuple[tuple[int, ...], int]:
    """A hand with the same suit choices as these ranks with this starter: only which
    cards are jacks, which share a rank and which share the starter's rank matter, so
    the other ranks become 1, 2, ... by how many of each are held (few distinct hands)."""
    jack = starter == _JACK_ORDER
    held = [_JACK_ORDER] * (counts[_JACK_ORDER] - jack)
    others = sorted(n for order, n in counts.items() if order not in (starter, _JACK_ORDER))
    if not jack:  # the starter's rank is 1 here, the others from 2
        held += [1] * (counts[starter] - 1)
    for name, n in enumerate(others, start=2):
        held += [name] * n
    return tuple(held), _JACK_ORDER if jack else 1


@cache
def _suit_bonuses(held: tuple[int, ...], starter: int, crib: bool) -> frozenset[int]:
    """Flush plus nobs for every way a pack can suit these ranks."""
    table = CRIB_SUITS if crib else HAND_SUITS
    ranks = sorted(Counter(held).items())
    bonuses = set()
    # Cards of one rank take distinct suits; the starter takes one its rank has left.
    for chosen in product(*(combinations(range(_SUITS), n) for _, n in ranks)):
        key = 0
        taken: tuple[int, ...] = ()
        for (order, _), suits in zip(ranks, chosen, strict=True):
            key += sum(HAND_CODE[(order - 1) * _SUITS + suit] for suit in suits)
            if order == starter:
                taken = suits
        for suit in range(_SUITS):
            if suit not in taken:
                bonuses.add(table[(key + STARTER_CODE[(starter - 1) * _SUITS + suit]) & LOW])
    return frozenset(bonuses)


def max_total(hand_size: int, crib: bool = False) -> int:
    return max(possible_totals(hand_size, crib))


def prepare(hand_sizes: Sequence[int] = (4,)) -> None:
    """Fill the lazy tables for hands of these sizes (with their starter) ahead of use.

    A server calls this once before forking its workers, so that no request pays for
    a table entry and every worker shares the same memory.
    """
    for size in hand_sizes:
        for orders in _multisets(size + 1):
            _COUNTED[rank_key(orders)]  # the pattern first: the rank points come from it
            RANKS[rank_key(orders)]
    for size in hand_sizes:
        for crib in (False, True):
            possible_totals(size, crib)
