"""Checking one hand or crib: the true count, and a ruling on its claim if one was made.

This is what ``/v1/hands/check`` answers, and what a deal does for each hand and
the crib at the show.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from operator import attrgetter

from rules.core.cards import Card
from rules.core.errors import ProblemCode, Problems, check_cards, check_claim
from rules.core.findings import ClaimRuling, rule_on_claim
from rules.core.rulesets import Ruleset
from rules.core.variants import CRIB_SIZE, Variant
from rules.show.show import Show, count, nineteen_means_zero, possible_totals

__all__ = ["HandCheck", "check_hand", "expected_size", "validate_hand"]


@dataclass(frozen=True, slots=True)
class HandCheck:
    """A hand or crib counted (:func:`check_hand`): the show, item by item, and the ruling on
    the claim if one was made."""

    show: Show
    ruling: ClaimRuling | None


def expected_size(variant: Variant, crib: bool) -> int:
    return CRIB_SIZE if crib else variant.spec.hand_size


def _checked() -> Callable[[Show, ClaimRuling | None], HandCheck]:
    """HandCheck's constructor without the frozen dataclass's ``object.__setattr__`` per
    field: the same slots, set once through their descriptors (as the live referee's
    ``Next``)."""
    new = object.__new__
    show_of, ruling_of = (getattr(HandCheck, name).__set__ for name in ("show", "ruling"))

    def make(show: Show, ruling: ClaimRuling | None) -> HandCheck:
        checked = new(HandCheck)
        show_of(checked, show)
        ruling_of(checked, ruling)
        return checked

    return make


_hand_check = _checked()
_index = attrgetter("index")
# By the variant's value: a member hashes in Python, its string in C (rules.core.variants).
_HAND_SIZES = {variant.value: variant.spec.hand_size for variant in Variant}


def check_hand(
    hand: Sequence[Card],
    starter: Card,
    *,
    crib: bool = False,
    claimed: int | None = None,
    variant: Variant = Variant.SIX_CARD,
    ruleset: Ruleset = Ruleset.ACC,
    muggins: bool = False,
    player: str = "player",
    room: int | None = None,
) -> HandCheck:
    """Count ``hand`` with ``starter`` and, given a claim, rule on it. ``room``: what the
    claimant's side still needs to reach the target, where a game is being pegged (a
    claim that reaches it where the hand does is correct: docs/rules.md#after-the-win).
    Raises :class:`rules.core.errors.RecordError` for a hand of the wrong size or a card
    twice."""
    size = CRIB_SIZE if crib else _HAND_SIZES[variant._value_]
    # Every check at once, on the cards' indices: the right size, no card twice, the
    # starter not held, the claim not below 0. Only a hand that fails it goes through the
    # checks that say each problem (they find one, and refuse it).
    if (len(hand) != size or len({*map(_index, hand), starter.index}) <= size
            or (claimed is not None and claimed < 0)):
        problems = Problems()
        _check(problems, hand, starter, size, crib, variant, claimed)
        problems.raise_any()

    show = count(hand, starter, crib=crib)
    if claimed is None:
        return _hand_check(show, None)
    if room is not None and room > min(show.total, claimed):
        room = None  # one of them falls short: the usual ruling (and its cache)
    what = "the crib" if crib else "the hand"
    return _hand_check(show, _ruling(claimed, show.total, ruleset, muggins, player, what,
                                     size, crib, room))


def validate_hand(hand: Sequence[Card] | None, starter: Card | None, *, crib: bool = False,
                  claimed: int | None = None, variant: Variant = Variant.SIX_CARD) -> None:
    """Refuse a hand that cannot be counted (:class:`RecordError`, every problem at once):
    the wrong size, a card twice, the starter in the hand, a claim below 0. A part not
    given (None) is not checked, so that a request whose starter was refused still hears
    about its hand."""
    problems = Problems()
    _check(problems, hand, starter, expected_size(variant, crib), crib, variant, claimed)
    problems.raise_any()


def _check(problems: Problems, hand: Sequence[Card] | None, starter: Card | None, size: int,
           crib: bool, variant: Variant, claimed: int | None) -> None:
    if hand is not None:
        check_cards(problems, ("hand",), hand, size, "a crib" if crib else f"a {variant} hand")
        if starter is not None and any(card.index == starter.index for card in hand):
            problems.add(("starter",), ProblemCode.DUPLICATE_CARD,
                         f"the starter {starter} is also in the hand")
    check_claim(problems, ("claimed",), claimed)


@lru_cache(maxsize=4096)
def _ruling(claimed: int, true: int, ruleset: Ruleset, muggins: bool, player: str, what: str,
            size: int, crib: bool, room: int | None = None) -> ClaimRuling:
    # A ruling depends only on these and cannot be changed, and hands have few totals
    # and claims: most hand checks find theirs already made.
    return rule_on_claim(claimed, true, ruleset=ruleset, muggins=muggins, player=player,
                         what=what, possible=possible_totals(size, crib),
                         nineteen_is_zero=nineteen_means_zero(size, crib), room=room)
