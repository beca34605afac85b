"""The strategy the chances are computed for: one deal of the two-player game, played out.

The model (docs/chances.md) needs many deals played by a stated strategy. This one is
*score-blind*: what it does does not depend on the scores, which is what lets one sample
of deals serve every position on the board (each judged decision is then scored against
the table one ply deep, :mod:`rules.chances.position`).

* **The discard**: the option with the best exact expected value, Muggins' own discard
  advice (:func:`rules.advice.advise`): hand plus crib for the dealer, hand less crib
  for the pone, ties broken as the advice breaks them.
* **The play**: one ply. Each card the player may lay is worth what it pegs now, less
  the most the opponent could peg in reply with any rank the player has not seen
  (a reply the player cannot rule out). The best such card is laid; ties go to the
  highest card (keeping low cards for later counts, where they make 31s and gos).

A deal is recorded as its *trail*: every score, in the order it is pegged (heels, the
play card by card, the pone's hand, the dealer's hand, the crib), since pegging out
stops the deal at the first side to reach the target.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, MutableMapping, Sequence
from dataclasses import dataclass
from enum import IntEnum
from functools import cache, lru_cache

from rules.advice import best_option
from rules.core.cards import PIPS, Card, Rank, Suit, full_deck
from rules.core.variants import Variant, VariantSpec
from rules.doubledummy import Position
from rules.doubledummy.position import Hand, Pegs
from rules.play.pegging import THIRTY_ONE, peg_scores
from rules.show.show import score

__all__ = ["DEALER", "PONE", "STRATEGY", "Discards", "Known", "Part", "Trail", "play_deal",
           "play_options"]

PONE, DEALER = 0, 1
"""The two sides of the two-player game, as the trail names them."""

HEELS = 2
STRATEGY = ("score-blind, version 1: the discard with the best exact expected value "
            "(hand plus crib for the dealer, hand less crib for the pone); in the play, "
            "the card that pegs most now less the most a rank not yet seen could peg in "
            "reply, ties to the highest card")
"""The strategy in words, as the table's provenance records it."""
_DECK = tuple(sorted(full_deck(), key=lambda card: card.index))
_SAMPLE_CARD = {order: Card(Rank.from_order(order), Suit.SPADES) for order in range(1, 14)}


class Part(IntEnum):
    """The parts of a deal in the order they are pegged; a trail's scores carry the
    part they belong to."""

    HEELS = 0
    PLAY = 1
    PONE_HAND = 2
    DEALER_HAND = 3
    CRIB = 4

    @property
    def word(self) -> str:
        """The part's name in the API (``pone_hand``)."""
        return self.name.lower()

    @classmethod
    def from_word(cls, word: str) -> Part:
        """The part a word names, exactly as :attr:`word` spells it."""
        for part in cls:
            if part.word == word:
                return part
        raise ValueError(f"{word!r} is not one of " + ", ".join(part.word for part in cls))


@dataclass(frozen=True, slots=True)
class Trail:
    """One deal's scores in the order pegged: ``(side, points, part)``, no zeros."""

    scores: tuple[tuple[int, int, Part], ...]

    def total(self, side: int, part: Part | None = None) -> int:
        return sum(points for who, points, at in self.scores
                   if who == side and (part is None or at == part))


@dataclass(frozen=True, slots=True)
class Known:
    """What one side knows of a deal before it is played out: its six (five) cards, or
    the hand it kept (and what it laid away), and perhaps the starter. The rest is
    dealt at random; the other side plays by the strategy."""

    side: int
    dealt: tuple[Card, ...] = ()
    kept: tuple[Card, ...] = ()
    discard: tuple[Card, ...] = ()
    starter: Card | None = None

    @property
    def cards(self) -> tuple[Card, ...]:
        return (*self.dealt, *self.kept, *self.discard,
                *(() if self.starter is None else (self.starter,)))


Discards = MutableMapping[tuple[int, tuple[Card, ...]],
                         tuple[tuple[Card, ...], tuple[Card, ...]]]
"""The strategy's discard (kept, laid away) by side and cards dealt, remembered."""


def play_deal(rng: random.Random, variant: Variant = Variant.SIX_CARD, *,
              known: Known | None = None, discards: Discards | None = None) -> Trail:
    """Deal, discard, cut and play one deal by the strategy, with ``rng`` as the shuffle
    (of the cards ``known`` leaves unseen, if it is given).

    ``discards``, if given, remembers the strategy's discards: a caller that plays
    several deals on the same shuffle (one for each discard ``known`` could make) then
    works out the other side's discard once. It changes nothing in the trail."""
    spec = _two_players(variant)
    if known is None:
        deck = list(_DECK)
        rng.shuffle(deck)
        dealt: tuple[Sequence[Card], Sequence[Card]] = (deck[:spec.dealt],
                                                        deck[spec.dealt:2 * spec.dealt])
        starter = deck[2 * spec.dealt]
        kept_by: dict[int, tuple[tuple[Card, ...], tuple[Card, ...]]] = {}
    else:
        dealt, starter, kept_by = _deal_around(rng, spec.dealt, spec.to_crib, known)
    return _played(variant, dealt, starter, kept_by, discards)


def play_options(rng: random.Random, knowns: Sequence[Known],
                 variant: Variant = Variant.SIX_CARD) -> list[Trail]:
    """:func:`play_deal` for each of ``knowns`` on one shuffle, dealt once: the trails
    are those of ``play_deal`` with ``rng`` set back to its state before each, and
    ``rng`` is left as one of them leaves it. ``knowns`` are one side's discards from
    the same cards (each with its discard, no starter), so every one meets the same
    opponent's cards and starter, and the opponent's discard is worked out once."""
    spec = _two_players(variant)
    first = knowns[0]
    held = set(first.cards)
    for known in knowns:
        if (known.side != first.side or set(known.cards) != held or not known.discard
                or known.dealt or known.starter is not None):
            raise ValueError("every option is one side's discard from the same cards")
    dealt, starter, _ = _deal_around(rng, spec.dealt, spec.to_crib, first)
    other = 1 - first.side
    theirs = dealt[other]
    best = best_option(theirs, dealer=other == DEALER, variant=variant)
    # Each option holds the same six cards, so each side has seen the same ranks; and
    # the play reads the kept cards' ranks alone, so options that keep the same ranks
    # (a pair split either way) play the same: it is played once for them.
    unseen, ranks = _unseen(dealt, starter)
    single_count = spec.single_count
    plays: dict[tuple[int, ...], list[tuple[int, int]]] = {}
    shown = {other: score(best.keep, starter)}
    trails = []
    for known in knowns:
        kept = (known.kept, best.keep) if known.side == PONE else (best.keep, known.kept)
        crib = (*known.discard, *best.discard) if known.side == PONE else (
            *best.discard, *known.discard)
        held_ranks = tuple(sorted(card.order for card in known.kept))
        pegged = plays.get(held_ranks)
        if pegged is None:
            pegged = plays[held_ranks] = _play(kept, [list(left) for left in unseen],
                                               list(ranks), single_count)
        trails.append(_trail(kept, crib, starter, pegged, shown))
    return trails


def _two_players(variant: Variant) -> VariantSpec:
    if variant.spec.players != 2:
        raise ValueError(f"the chances are computed for two players, not {variant}")
    return variant.spec


def _played(variant: Variant, dealt: tuple[Sequence[Card], Sequence[Card]], starter: Card,
            kept_by: dict[int, tuple[tuple[Card, ...], tuple[Card, ...]]],
            discards: Discards | None) -> Trail:
    """The deal dealt: discards (``kept_by``'s, else the strategy's), the cut, the play
    and the show."""
    kept: list[tuple[Card, ...]] = []
    crib: list[Card] = []
    for side, cards in enumerate(dealt):
        if side in kept_by:
            keep, discard = kept_by[side]
        elif discards is not None and (side, tuple(cards)) in discards:
            keep, discard = discards[side, tuple(cards)]
        else:
            best = best_option(cards, dealer=side == DEALER, variant=variant)
            keep, discard = best.keep, best.discard
            if discards is not None:
                discards[side, tuple(cards)] = keep, discard
        kept.append(keep)
        crib.extend(discard)

    unseen, ranks = _unseen(dealt, starter)
    return _trail(kept, crib, starter, _play(kept, unseen, ranks, variant.spec.single_count))


def _trail(kept: Sequence[Sequence[Card]], crib: Sequence[Card], starter: Card,
           pegged: Sequence[tuple[int, int]], shown: Mapping[int, int] | None = None) -> Trail:
    """The deal's trail: the heels, the play's ``pegged``, the hands and the crib shown
    (``shown``: a side's hand's points where a caller has them already)."""
    scores: list[tuple[int, int, Part]] = []
    if starter.rank is Rank.JACK:
        scores.append((DEALER, HEELS, Part.HEELS))
    for side, points in pegged:
        scores.append((side, points, Part.PLAY))
    for side, part in ((PONE, Part.PONE_HAND), (DEALER, Part.DEALER_HAND)):
        points = shown[side] if shown is not None and side in shown else score(kept[side],
                                                                                starter)
        if points:
            scores.append((side, points, part))
    points = score(crib, starter, crib=True)
    if points:
        scores.append((DEALER, points, Part.CRIB))
    return Trail(tuple(scores))


def _deal_around(rng: random.Random, size: int, to_crib: int, known: Known) -> tuple[
        tuple[Sequence[Card], Sequence[Card]], Card,
        dict[int, tuple[tuple[Card, ...], tuple[Card, ...]]]]:
    held = set(known.cards)
    deck = [card for card in _DECK if card not in held]
    rng.shuffle(deck)
    mine: Sequence[Card]
    kept_by = {}
    if known.dealt:
        mine = known.dealt
    else:
        discard = known.discard or tuple(deck.pop() for _ in range(to_crib))
        mine = (*known.kept, *discard)
        kept_by[known.side] = (known.kept, discard)
    theirs = [deck.pop() for _ in range(size)]
    starter = known.starter if known.starter is not None else deck.pop()
    dealt = (mine, theirs) if known.side == PONE else (theirs, mine)
    return dealt, starter, kept_by


def _unseen(dealt: Sequence[Sequence[Card]], starter: Card) -> tuple[list[list[int]], list[int]]:
    """What each player has not seen as the play begins: the count of each rank (by
    order) less their own cards and the starter, and a bit per rank still unseen."""
    unseen = []
    ranks = []
    for cards in dealt:
        left = [4] * 14
        left[0] = 0
        for card in (*cards, starter):
            left[card.order] -= 1
        unseen.append(left)
        ranks.append(sum(1 << order for order in range(1, 14) if left[order] > 0))
    return unseen, ranks


def _play(kept: Sequence[Sequence[Card]], unseen: list[list[int]], ranks: list[int],
          single_count: bool) -> list[tuple[int, int]]:
    """The play by the strategy, ``unseen`` and ``ranks`` as :func:`_unseen` gives them
    (updated in place: cards laid are taken off as they fall)."""
    position = Position.start(kept)  # seat 0 is the pone, who leads
    pegged: list[tuple[int, int]] = []
    choices = _CHOICES
    while (seat := position.actor) is not None:
        hands, count, stack, _, _, _ = position
        other = hands[1 - seat]
        # What a lay leads to reads the other hand only through whether it can lay on:
        # its lowest card's pips (0 once empty). A go it said this count needs no bit of
        # its own: it could not lay then, and the count has only risen since. So the
        # choice is remembered by that and the actor's own hand, not the whole position.
        key = (hands[seat], stack, count, PIPS[other[0]] if other else 0, ranks[seat],
               single_count)
        order = choices.get(key)
        laid = None
        if order is None:
            order, laid = _choose(position, ranks[seat], single_count)
            if len(choices) >= _CHOICES_KEPT:
                choices.clear()
            choices[key] = order
        if not order:
            position, pegs = position.go(single_count=single_count)
        else:
            # A choice just weighed has laid its card already: the same lay, not again.
            position, pegs = laid or position.lay(order, single_count=single_count)
            left = unseen[1 - seat]
            left[order] -= 1
            if left[order] <= 0:
                ranks[1 - seat] &= ~(1 << order)
        pegged.extend(pegs)
    return pegged


def _choose(position: Position, ranks: int,
            single_count: bool) -> tuple[int, tuple[Position, Pegs] | None]:
    """The rank to lay (``ranks``: a bit per rank the actor has not seen; 0: none can
    be laid, a go): each legal card laid, worth what it pegs less the worst reply,
    highest first so that ties keep the highest. With it, what laying it led to, when
    there was a choice to weigh (None when not)."""
    legal = position.legal()
    if len(legal) <= 1:  # nothing to weigh
        return (legal[0] if legal else 0), None
    seat = position.actor
    best = legal[-1]
    best_laid = None
    best_value: int | None = None
    for order in reversed(legal):
        laid = position.lay(order, single_count=single_count)
        after, pegs = laid
        value = sum(points for who, points in pegs if who == seat)
        if after.actor is not None and after.actor != seat:
            value -= _worst_reply(after.stack, after.count, ranks)
        if best_value is None or value > best_value:
            best, best_value, best_laid = order, value, laid
    return best, best_laid


_CHOICES: dict[tuple[Hand, tuple[int, ...], int, int, int, bool], int] = {}
"""The one-ply choice (:func:`_choose`) by what it depends on (:func:`_play`'s key): the
fifteen options of a discard meet the same opponent on each shuffle, and a hand's later
cards recur."""
_CHOICES_KEPT = 1 << 16
"""At most this many choices kept (some 16 MB); past it the memory starts again."""


@lru_cache(maxsize=1 << 16)
def _worst_reply(stack: tuple[int, ...], count: int, ranks: int) -> int:
    """The most a reply of a rank in ``ranks`` (a bit per rank not yet seen) could peg.
    Kept in a bounded cache: the same few tails and counts recur in every deal, and
    a discard judged by its chances plays fifteen deals on each shuffle."""
    room = THIRTY_ONE - count
    return max((_lay_points(stack, order, count + PIPS[order])
                for order in range(1, 14) if ranks >> order & 1 and PIPS[order] <= room),
               default=0)


@cache
def _lay_points(stack: tuple[int, ...], order: int, count: int) -> int:
    """What a card of rank ``order`` pegs laid on this count's scoring tail (the go
    point aside: it is not the card's)."""
    return sum(peg.points for peg in peg_scores([_SAMPLE_CARD[o] for o in (*stack, order)],
                                                count))
