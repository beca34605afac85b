"""The play as a state machine: a frozen position and the moves that lead from it.

A :class:`PlayState` is where the play stands after some cards and go calls: whose
turn it is, the running count, the cards of this count, what each player still
holds (where known) and what each has pegged. It never changes; :meth:`PlayState.lay`
and :meth:`PlayState.go` return the next state with the :class:`Scored` event the
move made. States are plain tuples underneath, so they hash and compare by value
and a transition costs a handful of tuple builds: a search can keep them in a
table.

The machine follows the rules of the play (docs/rules.md#the-count and after):
turn order, the go, the count ending at 31 or when no one can play, the last card,
the five-card game's single count. It writes none of them: they are
:mod:`rules.play.turns`, which the double-dummy search's positions
(:mod:`rules.doubledummy.position`) call too, and what a card scores is
:func:`rules.play.pegging.peg_scores`. This module is the referee's encoding of
them: whole cards, each seat's count of cards left, the hands where known, the
pegs, and the :class:`Scored` event of each move.

It does not rule on errors; the referee (:mod:`rules.play.check`) replays a record
on it, mistakes included, and the rulings (:mod:`rules.play.rulings`) judge
afterwards. So :meth:`PlayState.lay` accepts a card laid out of turn or not held (the
count at the table included it), and only refuses what cannot happen at all: a card
that would pass 31 (it is taken back), or a move after the play is over. A seat that
lays more cards than it held has a count below nought, and the turns around it are
ruled as the referee always has (``_holding``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import NamedTuple

from rules.core.cards import MOST_PIPS, Card, full_deck
from rules.core.table import Table
from rules.play.pegging import GO_POINT, THIRTY_ONE, PegKind, PegScore, peg_scores
from rules.play.turns import NO_ONE, after_go, after_lay, end_count, first_lead, next_seat

__all__ = ["FITS", "NO_ONE", "IllegalMove", "PlayState", "Scored", "cards_of"]

_DECK = tuple(full_deck())
FITS = tuple(sum(1 << card.index for card in _DECK if card.pips <= room) for room in range(32))
"""For each room left under 31 (0 to 31), the bit mask of the cards that fit in it."""
_GO = PegScore(PegKind.GO, GO_POINT)
_LAST_CARD = PegScore(PegKind.LAST_CARD, GO_POINT)


class IllegalMove(ValueError):
    """A move that cannot happen at all: over 31, or after the play has ended."""


class Scored(NamedTuple):
    """What one move made: the card's own scores, and the go or last-card point when the
    move ended the count (pegged by ``go_to``, who laid the count's last card)."""

    seat: int
    card: Card | None
    count: int  # type: ignore[assignment]  # shadows tuple.count, which nothing here needs
    """The running count after the move (before any reset the move caused)."""
    scores: tuple[PegScore, ...] = ()
    points: int = 0
    """What the card itself scores (the sum of ``scores``), without the go point."""
    go_to: int = NO_ONE
    go: PegScore | None = None
    new_count: bool = False
    """The card led a count."""
    ended: bool = False
    """The move ended the count (and maybe the play)."""


def _mask(cards: Iterable[Card]) -> int:
    return sum({1 << card.index for card in cards})


class PlayState(NamedTuple):
    """A position in the play. Seats are numbers in play order from the dealer's left
    (the dealer last); ``players`` names them."""

    players: tuple[str, ...]
    single_count: bool
    turn: int
    """The seat to lay or say go; ``NO_ONE`` once the play is over."""
    leader: int
    """Who led (or is to lead) this count."""
    count: int  # type: ignore[assignment]  # shadows tuple.count, which nothing here needs
    stack: tuple[Card, ...]
    """The cards of this count, in order."""
    last: int
    """Who laid the last card of this count (``NO_ONE`` before the first)."""
    gone: int
    """Seats that said go in this count, as a bit mask."""
    left: tuple[int, ...]
    """How many cards each seat still holds."""
    hands: tuple[int, ...] | None
    """The cards each seat still holds as bit masks of card indices, where known."""
    pegs: tuple[int, ...]
    """What each seat has pegged in the play so far (true scores, before any ruling)."""

    @classmethod
    def start(cls, table: Table, hands: Mapping[str, Sequence[Card]] | None = None) -> PlayState:
        """The play about to begin at ``table``: the pone (the first seat) leads. Without
        ``hands`` every player holds the variant's hand size, cards unknown."""
        seats = table.seats
        spec = table.variant.spec
        if hands is None:
            left = (spec.hand_size,) * len(seats)
            masks = None
        else:
            held = [hands.get(p, ()) for p in seats]
            left = tuple(map(len, held))
            masks = tuple(map(_mask, held))
        first = first_lead(left)
        return cls(seats, spec.single_count, first, max(first, 0), 0, (), NO_ONE, 0, left, masks,
                   (0,) * len(seats))

    # -- reading the position --------------------------------------------------------

    @property
    def over(self) -> bool:
        """No one has a card left to lay: the play is over."""
        return self.turn == NO_ONE

    @property
    def player(self) -> str | None:
        """Whose turn it is, by name; None once the play is over."""
        return None if self.turn == NO_ONE else self.players[self.turn]

    @property
    def position(self) -> tuple[object, ...]:
        """The state without what each player has pegged so far: two states with the
        same position play out alike from here, however they were reached (a key for a
        search's table of positions already solved)."""
        return self[:-1]

    def seat(self, player: str) -> int:
        """The seat of ``player``, counting from 0 at the dealer's left."""
        return self.players.index(player)

    def held(self, seat: int) -> tuple[Card, ...] | None:
        """The cards ``seat`` still holds, in index order, or None where unknown."""
        if self.hands is None:
            return None
        return cards_of(self.hands[seat])

    def fits(self, card: Card) -> bool:
        """The card can be laid on this count without passing 31."""
        return card.pips <= THIRTY_ONE - self.count

    def could_play(self, seat: int, known: Iterable[Card] = ()) -> bool:
        """``seat`` is proved to hold a card that fits this count: by its hand where the
        hands are known, else by one of the ``known`` cards it holds, or because with
        room for a ten under 31 every card fits. A go said here would be a renege."""
        room = THIRTY_ONE - self.count
        if self.hands is not None:
            return bool(self.hands[seat] & FITS[room])
        if room >= MOST_PIPS:
            return True
        # Asked at every go, mostly with no known card: then no generator is built.
        return bool(known) and any(card.pips <= room for card in known)

    def legal_cards(self) -> tuple[Card, ...]:
        """The cards the player on turn may lay: held and fitting the count. Empty when
        they must say go, when the play is over, and when their cards are unknown."""
        if self.turn == NO_ONE or self.hands is None:
            return ()
        return cards_of(self.hands[self.turn] & FITS[THIRTY_ONE - self.count])

    def can_lay(self, card: Card) -> bool:
        """Laying ``card`` now would be legal: the player on turn holds it (where known)
        and it fits the count."""
        if self.turn == NO_ONE or card.pips > THIRTY_ONE - self.count:
            return False
        return self.hands is None or bool(self.hands[self.turn] >> card.index & 1)

    def must_go(self) -> bool | None:
        """True when the player on turn holds no card that fits; None where unknown."""
        if self.turn == NO_ONE or self.hands is None:
            return None
        return not self.legal_cards()

    # -- moves -----------------------------------------------------------------------

    def lay(self, card: Card, seat: int | None = None) -> tuple[PlayState, Scored]:
        """``seat`` (the player on turn by default) lays ``card``. A card out of turn or
        not held is applied as laid; one that would pass 31 raises :class:`IllegalMove`."""
        players, single, turn, leader, before, stack, _, gone, left, hands, pegs = self
        if turn == NO_ONE:
            raise IllegalMove(f"the play is over: {card} cannot be laid")
        if seat is None:
            seat = turn
        count = before + card.pips
        if count > THIRTY_ONE:
            raise IllegalMove(f"{card} on a count of {before} would make {count}")
        led = not stack
        if led:
            # A lead scores nothing (one card makes no fifteen, pair or run): no call.
            stack = (card,)
            scores: tuple[PegScore, ...] = ()
        else:
            stack = (*stack, card)
            scores = peg_scores(stack, count)
        if len(left) == 2:
            # Two players, the common table: each seat's tuple built whole, a tenth of a
            # live step less than a list changed and copied (bench/RESULTS.md, issue 31).
            if seat:
                left = (left[0], left[1] - 1)
                if hands is not None:
                    hands = (hands[0], hands[1] & ~(1 << card.index))
            else:
                left = (left[0] - 1, left[1])
                if hands is not None:
                    hands = (hands[0] & ~(1 << card.index), hands[1])
        else:
            # A list changed in place and made a tuple: cheaper than splicing slices.
            changed = list(left)
            changed[seat] -= 1
            left = tuple(changed)
            if hands is not None:
                changed = list(hands)
                changed[seat] &= ~(1 << card.index)
                hands = tuple(changed)
        points = 0
        if scores:
            # peg_scores gives at most two: the count's (15 or 31) and the cards' (pair or run).
            points = scores[0].points if len(scores) == 1 else scores[0].points + scores[1].points
            pegs = _bump(pegs, seat, points)
        turn = after_lay(left, gone, seat, count)
        if turn != NO_ONE and left[turn] < 0 and (turn - seat) % len(left) != 1:
            turn = next_seat(_holding(left), gone, seat)  # see _holding
        if turn != NO_ONE:
            return (_new(PlayState, (players, single, turn, leader, count, stack, seat, gone,
                                     left, hands, pegs)),
                    _new(Scored, (seat, card, count, scores, points, NO_ONE, None, led, False)))
        state, go_to, go = _end_count(players, single, leader, count, stack, seat, gone, left,
                                      hands, pegs)
        return state, _new(Scored, (seat, card, count, scores, points, go_to, go, led, True))

    def go(self) -> tuple[PlayState, Scored]:
        """The player on turn says go (whether or not they could play: a renege is for
        the rulings to judge)."""
        seat = self.turn
        if seat == NO_ONE:
            raise IllegalMove("the play is over: no one is to say go")
        players, single, _, leader, count, stack, last, gone, left, hands, pegs = self
        gone, turn = after_go(left, gone, seat)
        if turn != NO_ONE and left[turn] < 0:
            turn = next_seat(_holding(left), gone, seat)  # see _holding
        if turn != NO_ONE:
            return (_new(PlayState, (players, single, turn, leader, count, stack, last, gone,
                                     left, hands, pegs)),
                    _new(Scored, (seat, None, count, (), 0, NO_ONE, None, False, False)))
        state, go_to, go = _end_count(players, single, leader, count, stack, last, gone, left,
                                      hands, pegs)
        return state, _new(Scored, (seat, None, count, (), 0, go_to, go, False, True))


def _end_count(players: tuple[str, ...], single: bool, leader: int, count: int,
               stack: tuple[Card, ...], last: int, gone: int, left: tuple[int, ...],
               hands: tuple[int, ...] | None,
               pegs: tuple[int, ...]) -> tuple[PlayState, int, PegScore | None]:
    """No one can play on: the go (or the last card) to whoever laid the last card,
    then the count resets and the next leads (:func:`rules.play.turns.end_count`). Given
    the position's fields rather than a position: the move that ends the count builds
    only the position after it."""
    go_to, over, lead = end_count(left, count, last, leader, single)
    if lead != NO_ONE and left[lead] < 0:
        lead = next_seat(_holding(left), 0, leader if last == NO_ONE else last)
    go = None
    if go_to != NO_ONE:
        go = _LAST_CARD if over else _GO
        pegs = _bump(pegs, go_to, GO_POINT)
    if over:
        state = _new(PlayState, (players, single, NO_ONE, leader, count, stack, last, gone,
                                 left, hands, pegs))
    else:
        state = _new(PlayState, (players, single, lead, max(lead, 0), 0, (), NO_ONE, 0,
                                 left, hands, pegs))
    return state, go_to, go


_new = tuple.__new__
"""Positions and events are built by the tuple constructor itself, skipping the named
tuple's keyword-friendly ``__new__``: a transition builds two, and the referee makes
one transition per event."""


def _holding(left: tuple[int, ...]) -> tuple[bool, ...]:
    """Who holds cards when the turn goes round the table, where a count of cards left
    has gone below nought (the record had that seat lay more cards than it held).

    The rules (:mod:`rules.play.turns`) are given ``left`` itself, in which such a seat
    still has cards: so it plays on straight after the card before it, and the play
    does not end while its count is not nought. Where they name it for the turn in any
    other way, the turn passes over it instead, walking this view of the table. That
    is how the referee has always ruled these records; a change would change answers."""
    return tuple(cards > 0 for cards in left)


class _Slice(dict[int, tuple[Card, ...]]):
    """The cards of one thirteen-bit slice of a mask (``first`` the index of its lowest
    card), each filled on first sight: at most 8,192 entries a slice."""

    def __init__(self, first: int) -> None:
        super().__init__()
        self.first = first

    def __missing__(self, bits: int) -> tuple[Card, ...]:
        cards = self[bits] = tuple(_DECK[self.first + i] for i in range(_SLICE) if bits >> i & 1)
        return cards


_SLICE = 13
_SLICE_MASK = (1 << _SLICE) - 1
_LOW, _SECOND, _THIRD, _HIGH = (_Slice(first) for first in range(0, 52, _SLICE))


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a bit mask, in index order: four slices looked up and joined, which
    costs a live step less than walking the bits (bench/RESULTS.md, issue 31)."""
    return (_LOW[mask & _SLICE_MASK] + _SECOND[mask >> 13 & _SLICE_MASK]
            + _THIRD[mask >> 26 & _SLICE_MASK] + _HIGH[mask >> 39])


def _bump(values: tuple[int, ...], seat: int, by: int) -> tuple[int, ...]:
    changed = list(values)
    changed[seat] += by
    return tuple(changed)


