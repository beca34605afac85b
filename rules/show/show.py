"""The show: counting a hand or the crib with the starter (docs/rules.md#show-order).

Two ways in, one set of rules (:mod:`rules.show.items`), one packed key (:mod:`rules.show.tables`):

* :func:`score` is the fast path: two table lookups.
* :func:`count` itemises every scoring combination (for the referee's answer and the
  spoken call). The items of a rank multiset are worked out once, as places among
  the sorted cards, and filled with this hand's cards; the breakdown and the call
  are worked out once per rank multiset, flush and nobs.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations, combinations_with_replacement, product
from operator import attrgetter

from rules.core.cards import Card, Rank, full_deck
from rules.core.findings import NINETEEN
from rules.core.variants import CRIB_SIZE
from rules.show.call import spoken
from rules.show.items import NOBS, Item, ItemKind
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

_Said = tuple[dict[str, int], str]
"""The breakdown and the spoken call: the same for every hand of one shape."""


@dataclass(frozen=True, slots=True)
class Show:
    """A hand (or crib) counted with its starter, itemised."""

    hand: tuple[Card, ...]
    starter: Card
    crib: bool
    items: tuple[Item, ...]
    total: int
    _said: _Said = field(repr=False, compare=False)
    """The breakdown and the call, shared by every hand of the same shape."""

    @property
    def breakdown(self) -> dict[str, int]:
        """Points by kind, every kind present (a fresh dict: the caller may keep it)."""
        return self._said[0].copy()

    @property
    def call(self) -> str:
        """The count as a player announces it: "fifteen two, fifteen four, a pair is six"."""
        return self._said[1]


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

_by_index = attrgetter("index")
_new_item = tuple.__new__


def count(hand: Sequence[Card], starter: Card, *, crib: bool = False) -> Show:
    """Every scoring combination of ``hand`` with ``starter``, in the order players count
    (within a kind, by the cards in rank order)."""
    if type(hand) is not tuple:
        hand = tuple(hand)
    key = show_key(hand, starter)
    rank_code = key >> SHIFT
    pattern = PATTERNS[rank_code]
    cards = sorted((*hand, starter), key=_by_index)
    # This is the hot loop of every hand check: Item's own tuple constructor, skipping
    # NamedTuple's Python-level __new__.
    items = [_new_item(Item, (kind, cards_of(cards), points))
             for kind, cards_of, points in pattern.places]
    suited = (CRIB_SUITS if crib else HAND_SUITS)[key & LOW]
    if not suited:  # nine hands in ten
        said = _PLAIN[rank_code] if pattern.points else _nothing(len(hand), crib)
        return _show(hand, starter, crib, tuple(items), pattern.points, said)

    # The table has applied the flush and nobs rules; here they are only itemised.
    jack = _JACK + starter.index % _SUITS
    nobs = NOBS if any(card.index == jack for card in hand) else 0
    flush = suited - nobs
    if flush > len(hand):  # the starter is in the flush
        items.append(Item(ItemKind.FLUSH, tuple(cards), flush))
    elif flush:
        items.append(Item(ItemKind.FLUSH, tuple(c for c in cards if c is not starter), flush))
    if nobs:
        items.append(Item(ItemKind.NOBS, (_DECK[jack],), nobs))
    return _show(hand, starter, crib, tuple(items), pattern.points + suited,
                 _said(rank_code, flush, nobs))


def _shower() -> Callable[[tuple[Card, ...], Card, bool, tuple[Item, ...], int, _Said], Show]:
    """Show's constructor without the frozen dataclass's ``object.__setattr__`` per field
    (half the cost of a count): the same slots, set once through their descriptors."""
    new = object.__new__
    hand, starter, crib, items, total, said = (
        getattr(Show, name).__set__ for name in ("hand", "starter", "crib", "items", "total",
                                                  "_said"))

    def make(h: tuple[Card, ...], s: Card, c: bool, i: tuple[Item, ...], t: int,
             w: _Said) -> Show:
        show = new(Show)
        hand(show, h)
        starter(show, s)
        crib(show, c)
        items(show, i)
        total(show, t)
        said(show, w)
        return show

    return make


_show = _shower()


def _said(rank_code: int, flush: int, nobs: int) -> _Said:
    key = (rank_code, flush, nobs)
    said = _SAID.get(key)
    if said is None:
        pattern = PATTERNS[rank_code]
        breakdown = pattern.breakdown | {ItemKind.FLUSH.value: flush, ItemKind.NOBS.value: nobs}
        shape = pattern.shape
        if flush:
            shape += ((ItemKind.FLUSH, flush, ""),)
        if nobs:
            shape += ((ItemKind.NOBS, nobs, ""),)
        said = _SAID[key] = (breakdown, spoken(shape))
    return said


@cache
def _nothing(size: int, crib: bool) -> _Said:
    """A hand worth nothing: called "nineteen" only where no such hand can make 19."""
    breakdown = dict.fromkeys((kind.value for kind in ItemKind), 0)
    return breakdown, spoken((), nineteen_means_zero(size, crib))


class _Plain(dict[int, _Said]):
    """Rank field -> what a hand of those ranks says with no flush and no nobs."""

    def __missing__(self, rank_code: int) -> _Said:
        pattern = PATTERNS[rank_code]  # its breakdown has flush and nobs at 0 already
        said = self[rank_code] = (pattern.breakdown, spoken(pattern.shape))
        return said


_SAID: dict[tuple[int, int, int], _Said] = {}
_PLAIN = _Plain()


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
            _PLAIN[rank_key(orders)]  # the pattern first: the rank points come from it
            RANKS[rank_key(orders)]
    for size in hand_sizes:
        for crib in (False, True):
            possible_totals(size, crib)
