"""Cards and their notation.

Input is lenient (``"5h"``, ``"10♥"``, ``"TH"``, ``"qs"``, ``"Q♠️"``); output is
canonical: two characters, rank from ``A23456789TJQK`` then suit from ``SHDC``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from enum import StrEnum

__all__ = [
    "MOST_PIPS",
    "PIPS",
    "Card",
    "CardError",
    "DuplicateCardError",
    "InvalidCardError",
    "Rank",
    "Suit",
    "ensure_distinct",
    "full_deck",
    "parse_cards",
    "shown",
    "spellings",
]

MOST_PIPS = 10
"""What a ten or a court card counts, the most a card can: with this much room under 31
every card fits."""
PIPS = tuple(min(order, MOST_PIPS) for order in range(14))
"""The counting value of each rank's order (1 for the ace to 13 for the king)."""


class CardError(ValueError):
    """Base for every error about cards."""


class InvalidCardError(CardError):
    """A card that is badly written: the notation cannot be read."""

    def __init__(self, text: object) -> None:
        self.text = text
        super().__init__(f"invalid card: {text!r}")


class DuplicateCardError(CardError):
    """A card that is well written but appears more than once where the pack allows one."""

    def __init__(self, card: Card) -> None:
        self.card = card
        super().__init__(f"duplicate card: {str(card)!r}")


class Rank(StrEnum):
    """A card's rank, written as in the notation (``A 2 … 9 T J Q K``)."""

    ACE = "A"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "T"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"

    @property
    def order(self) -> int:
        """1 for the ace up to 13 for the king: the ace is always low."""
        return _RANK_ORDER[self]

    @property
    def pips(self) -> int:
        """The counting value: A = 1, 2-10 face value, J Q K = 10."""
        return PIPS[self.order]

    @classmethod
    def from_order(cls, order: int) -> Rank:
        """The rank of ``order``, 1 for the ace to 13 for the king."""
        return _RANKS[order - 1]


class Suit(StrEnum):
    """A card's suit, written ``S H D C``."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        """The suit's symbol, ``♠ ♥ ♦ ♣``."""
        return _SUIT_SYMBOL[self]


_RANKS: tuple[Rank, ...] = tuple(Rank)
_RANK_ORDER = {rank: i + 1 for i, rank in enumerate(_RANKS)}
_SUIT_INDEX = {suit: i for i, suit in enumerate(Suit)}
_SUIT_SYMBOL = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}

_RANK_INPUT: dict[str, Rank] = {rank.value: rank for rank in Rank} | {"10": Rank.TEN}
_SUIT_INPUT: dict[str, Suit] = {suit.value: suit for suit in Suit} | {
    "♠": Suit.SPADES,
    "♤": Suit.SPADES,
    "♥": Suit.HEARTS,
    "♡": Suit.HEARTS,
    "♦": Suit.DIAMONDS,
    "♢": Suit.DIAMONDS,
    "♣": Suit.CLUBS,
    "♧": Suit.CLUBS,
}
_VARIATION_SELECTOR_16 = "\ufe0f"


@dataclass(frozen=True, slots=True, order=False)
class Card:
    """One card of the 52-card pack. Immutable and hashable."""

    rank: Rank
    suit: Suit
    index: int = field(init=False, repr=False, compare=False)
    """0..51, rank-major: a compact key for the scoring tables."""
    order: int = field(init=False, repr=False, compare=False)
    """The rank's order, 1 (ace) to 13 (king)."""
    pips: int = field(init=False, repr=False, compare=False)
    """The counting value: A = 1, 2-10 face value, J Q K = 10."""
    text: str = field(init=False, repr=False, compare=False)
    """The canonical notation, e.g. ``"TH"``."""

    def __post_init__(self) -> None:
        # Stored once, because the scorers and the referee read them on every card.
        order = _RANK_ORDER[self.rank]
        object.__setattr__(self, "index", (order - 1) * 4 + _SUIT_INDEX[self.suit])
        object.__setattr__(self, "order", order)
        object.__setattr__(self, "pips", PIPS[order])
        object.__setattr__(self, "text", f"{self.rank.value}{self.suit.value}")

    def __hash__(self) -> int:
        return self.index

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card leniently: any case, ``10`` or ``T``, suit letter or symbol.

        Raises :class:`InvalidCardError` quoting the input when it cannot be read.
        Every spelling of a card gives the same shared instance.
        """
        card = _SPELLINGS.get(text) if isinstance(text, str) else None
        if card is not None:
            return card
        if not isinstance(text, str):
            raise InvalidCardError(text)
        body = text.removesuffix(_VARIATION_SELECTOR_16)
        rank = _RANK_INPUT.get(body[:-1].upper())
        suit = _SUIT_INPUT.get(body[-1:].upper())
        if rank is None or suit is None:
            raise InvalidCardError(text)
        # Only valid spellings are remembered, so the table stays small (a few hundred).
        card = _SPELLINGS[text] = _DECK[(_RANK_ORDER[rank] - 1) * 4 + _SUIT_INDEX[suit]]
        return card

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


def ensure_distinct(cards: Iterable[Card]) -> None:
    """Raise :class:`DuplicateCardError` for the first card that appears again."""
    seen: set[int] = set()
    for card in cards:
        if card.index in seen:
            raise DuplicateCardError(card)
        seen.add(card.index)


def parse_cards(texts: Iterable[str]) -> tuple[Card, ...]:
    """Parse several cards; a card may appear only once."""
    cards = tuple(Card.parse(text) for text in texts)
    ensure_distinct(cards)
    return cards


def full_deck() -> Iterator[Card]:
    """The 52 cards in index order."""
    return iter(_DECK)


_DECK = tuple(Card(rank, suit) for rank in Rank for suit in Suit)
_SPELLINGS: dict[str, Card] = {card.text: card for card in _DECK}


def spellings(card: Card) -> tuple[str, ...]:
    """Every text :meth:`Card.parse` reads as ``card``: each spelling of its rank and of
    its suit, in each case, and each symbol with and without the emoji selector. A table
    for a client that marks cards as they are typed, so that it keeps no reader of its own
    (the scorepad's picker, through ``GET /v1/cards``)."""
    ranks = [text for text, rank in _RANK_INPUT.items() if rank is card.rank]
    suits = [text for text, suit in _SUIT_INPUT.items() if suit is card.suit]
    found: set[str] = set()
    for rank in ranks:
        for suit in suits:
            selectors = ("",) if suit.isalpha() else ("", _VARIATION_SELECTOR_16)
            found.update(r + s + selector for r in {rank, rank.lower()}
                         for s in {suit, suit.lower()} for selector in selectors)
    return tuple(sorted(text for text in found if Card.parse(text) is card))


def shown(card: Card) -> str:
    """The card as people write it: ``10♥`` for ``TH``, ``A♠`` for ``AS``."""
    rank = "10" if card.rank is Rank.TEN else card.rank.value
    return rank + card.suit.symbol
