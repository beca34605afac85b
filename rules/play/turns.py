"""The play's rules of turn, written once: who lays next, the go, the count ending at 31
or when no one can play on, the go or last-card point, and the five-card game's single
count (docs/rules.md#the-count and the rules after it).

Two encodings of the play call these and write none of the rules themselves: the
referee's state machine (:class:`rules.play.state.PlayState`, a frozen position of whole
cards) and the double-dummy search's compact positions
(:class:`rules.doubledummy.position.Position`, ranks only, every forced go applied).
What one card scores is :func:`rules.play.pegging.peg_scores`.

They are small pure functions on plain ints and tuples, so that a transition costs
what it did when each encoding wrote the rules inline: the search makes millions. A
seat is a number in play order from the dealer's left (the dealer last). ``held`` has
one entry per seat, true while that seat holds cards (the referee's count of cards
left, the search's hand of ranks); ``gone`` is the bit mask of the seats that said go
in this count. :data:`NO_ONE` stands for nobody: no turn once a count or the play is
over, no card laid yet.

The rules' order within a move: a card that makes 31 ends the count at once (its two
is its own score, so no go point follows); otherwise the turn passes to the next seat
still in the count, one that holds cards and has not said go. When no seat is, the
count is over (:func:`end_count`): whoever laid its last card pegs the go, or the last
card when the play ends with it, which it does when no one holds a card or in the
five-card game, which has one count. Else the count starts again from nought, led by
the seat after whoever laid that last card.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from rules.play.pegging import THIRTY_ONE

__all__ = ["NO_ONE", "CountEnd", "after_go", "after_lay", "end_count", "first_lead",
           "next_seat"]

NO_ONE = -1
"""The seat number for "nobody": no turn once the play is over, no card laid yet."""


class CountEnd(NamedTuple):
    """How a count ended: what :func:`end_count` rules."""

    go_to: int
    """The seat that pegs the go (or the last card): who laid the count's last card;
    ``NO_ONE`` when that card made 31 (it had its two) or no card was laid."""
    over: bool
    """The play ended with the count: the point is for the last card, and no count
    follows."""
    lead: int
    """Who leads the next count; ``NO_ONE`` when the play is over (or no one holds a
    card to lead)."""


def next_seat(held: Sequence[object], gone: int, seat: int) -> int:
    """The next seat after ``seat`` in play order (``seat`` itself last) still in this
    count: holding cards, and not gone. ``NO_ONE`` when no seat is."""
    n = len(held)
    candidate = seat
    for _ in range(n):
        candidate += 1
        if candidate == n:
            candidate = 0
        if held[candidate] and not gone >> candidate & 1:
            return candidate
    return NO_ONE


def first_lead(held: Sequence[object]) -> int:
    """Who leads the play: the seat after the dealer (the pone), or the next that holds
    cards. ``NO_ONE`` when no one does."""
    return next_seat(held, 0, len(held) - 1)


def after_lay(held: Sequence[object], gone: int, seat: int, count: int) -> int:
    """Whose turn it is once ``seat`` has laid a card that made ``count`` (``held`` no
    longer counting that card): the next seat still in the count. ``NO_ONE`` when the
    count is over: at 31 at once, or when no one can play on (:func:`end_count`)."""
    if count == THIRTY_ONE:
        return NO_ONE
    # The next seat usually plays on: try it before walking the table.
    candidate = seat + 1
    if candidate == len(held):
        candidate = 0
    if held[candidate] and not gone >> candidate & 1:
        return candidate
    return next_seat(held, gone, seat)


def after_go(held: Sequence[object], gone: int, seat: int) -> tuple[int, int]:
    """``seat`` says go: the seats gone after it, and whose turn it is. The turn is
    ``NO_ONE`` when no one can play on: the count is over (:func:`end_count`)."""
    gone |= 1 << seat
    return gone, next_seat(held, gone, seat)


def end_count(held: Sequence[object], count: int, last: int, leader: int,
              single_count: bool) -> CountEnd:
    """No one can play on (or the count made 31): who pegs the go or the last card,
    whether the play is over, and who leads the next count. ``last`` laid the count's
    last card (``NO_ONE``: none was laid), ``leader`` led it, ``single_count`` is the
    five-card game's rule."""
    go_to = NO_ONE if count == THIRTY_ONE else last
    if single_count or not any(held):
        return _new(CountEnd, (go_to, True, NO_ONE))
    if last != NO_ONE:
        lead = next_seat(held, 0, last)
    elif held[leader]:
        # Everyone passed without a card laid (reneges all): the same player leads.
        lead = leader
    else:
        lead = next_seat(held, 0, leader)
    return _new(CountEnd, (go_to, False, lead))


_new = tuple.__new__
"""A count's end is built by the tuple constructor itself, skipping the named tuple's
keyword-friendly ``__new__``: the search ends a count at every leaf."""
