"""The strategy's fast paths (issue 31) against the plain implementation they replaced:
the one-ply play with its choices remembered by what they depend on, and the discard
advice's rank totals remembered by the hand's ranks, give the same answers, deal for
deal, as the code before them (kept here, naive)."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from rules.chances import strategy
from rules.core.cards import PIPS, Card, Rank, Suit, full_deck
from rules.core.variants import Variant
from rules.doubledummy import Position
from rules.doubledummy.position import Pegs
from rules.play.pegging import peg_scores

DECK = tuple(full_deck())


def naive_play(kept: Sequence[Sequence[Card]], dealt: Sequence[Sequence[Card]],
               starter: Card, single_count: bool) -> list[tuple[int, int]]:
    """The one-ply play as it was written before its choices were remembered: every
    legal card laid and weighed at every turn."""
    position = Position.start(kept)
    unseen = []
    for cards in dealt:
        left = [4] * 14
        left[0] = 0
        for card in (*cards, starter):
            left[card.order] -= 1
        unseen.append(left)
    pegged: list[tuple[int, int]] = []
    while position.actor is not None:
        seat = position.actor
        legal = position.legal()
        if not legal:
            position, pegs = position.go(single_count=single_count)
        else:
            ranks = {order for order in range(1, 14) if unseen[seat][order] > 0}
            order, position, pegs = naive_choose(position, legal, ranks, single_count)
            unseen[1 - seat][order] -= 1
        pegged.extend(pegs)
    return pegged


def naive_choose(position: Position, legal: Sequence[int], ranks: set[int],
                 single_count: bool) -> tuple[int, Position, Pegs]:
    seat = position.actor
    best: tuple[int, Position, Pegs] | None = None
    best_value = 0
    for order in reversed(legal):
        after, pegs = position.lay(order, single_count=single_count)
        value = sum(points for who, points in pegs if who == seat)
        if after.actor is not None and after.actor != seat:
            value -= naive_worst_reply(after, ranks)
        if best is None or value > best_value:
            best, best_value = (order, after, pegs), value
    assert best is not None
    return best


def naive_worst_reply(after: Position, ranks: set[int]) -> int:
    """The most a card of any unseen rank that fits would peg, laid on this count."""
    stack = [Card(Rank.from_order(order), Suit.SPADES) for order in after.stack]
    return max((sum(peg.points for peg in peg_scores(
        [*stack, Card(Rank.from_order(order), Suit.SPADES)], after.count + PIPS[order]))
        for order in ranks if after.count + PIPS[order] <= 31), default=0)


def random_deal(rng: random.Random, variant: Variant) -> tuple[
        tuple[tuple[Card, ...], tuple[Card, ...]], tuple[tuple[Card, ...], tuple[Card, ...]],
        Card]:
    spec = variant.spec
    deck = list(DECK)
    rng.shuffle(deck)
    dealt = (tuple(deck[:spec.dealt]), tuple(deck[spec.dealt:2 * spec.dealt]))
    keep = spec.dealt - spec.to_crib
    kept = (tuple(rng.sample(dealt[0], keep)), tuple(rng.sample(dealt[1], keep)))
    return kept, dealt, deck[2 * spec.dealt]


@pytest.mark.parametrize("variant", [Variant.SIX_CARD, Variant.FIVE_CARD])
def test_the_play_is_the_plain_one_played(variant: Variant,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    # A small memory, so that it fills and starts again many times over the sample.
    monkeypatch.setattr(strategy, "_CHOICES_KEPT", 500)
    monkeypatch.setattr(strategy, "_CHOICES", {})
    rng = random.Random(f"play {variant}")
    single = variant.spec.single_count
    for _ in range(3000):
        kept, dealt, starter = random_deal(rng, variant)
        unseen, ranks = strategy._unseen(dealt, starter)
        assert strategy._play(kept, unseen, ranks, single) == naive_play(kept, dealt, starter,
                                                                         single)
