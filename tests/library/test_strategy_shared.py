"""The deal-out's shared work (issue 31): the options of a discard that keep the same ranks
play one play on each shuffle, the opponent's hand is shown once, and a choice just
weighed keeps the lay it made. Every trail is the one each option gets dealt out alone
(:func:`rules.chances.strategy.play_deal`, which shares nothing)."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from rules.advice import advise
from rules.chances import strategy
from rules.chances.strategy import DEALER, PONE, Known, Trail, play_deal, play_options
from rules.core.cards import Card, Rank, Suit, full_deck
from rules.core.variants import Variant

DECK = tuple(full_deck())


def dealt_with_pairs(rng: random.Random, size: int) -> tuple[Card, ...]:
    """A hand of ``size`` cards, a pair or more in most: the hands whose options share."""
    if rng.random() < 0.25:
        return tuple(rng.sample(DECK, size))
    rank = rng.choice(list(Rank))
    pair = rng.sample([Card(rank, suit) for suit in Suit], rng.choice((2, 2, 3)))
    rest = [card for card in DECK if card.rank is not rank]
    return (*pair, *rng.sample(rest, size - len(pair)))


def alone(state: object, knowns: Sequence[Known], variant: Variant) -> list[Trail]:
    trails = []
    for known in knowns:
        again = random.Random()
        again.setstate(state)  # type: ignore[arg-type]
        trails.append(play_deal(again, variant, known=known))
    return trails


@pytest.mark.parametrize("variant", [Variant.SIX_CARD, Variant.FIVE_CARD])
def test_every_option_plays_as_it_would_alone(variant: Variant,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    # A small memory of choices, so that it starts again many times over the sample.
    monkeypatch.setattr(strategy, "_CHOICES_KEPT", 300)
    monkeypatch.setattr(strategy, "_CHOICES", {})
    rng = random.Random(f"shared {variant}")
    shared = 0
    for _ in range(60):
        cards = dealt_with_pairs(rng, variant.spec.dealt)
        side = rng.choice((PONE, DEALER))
        options = advise(cards, dealer=side == DEALER, variant=variant).options
        knowns = [Known(side, kept=o.keep, discard=o.discard) for o in options]
        kept_ranks = {tuple(sorted(card.order for card in o.keep)) for o in options}
        shared += len(options) - len(kept_ranks)
        deals = random.Random(rng.random())
        for _ in range(5):
            state = deals.getstate()
            assert play_options(deals, knowns, variant) == alone(state, knowns, variant)
    assert shared > 200  # the sample has options that share their play, many of them


def test_a_pair_split_either_way_is_played_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # Six cards with one pair (the fives): of the fifteen keeps, those with one five are
    # two alike each. Kept ranks: none of the fives, 1 way; one five, C(4, 3) = 4 (each
    # twice over); both, C(4, 2) = 6: 11 plays a shuffle, not 15.
    cards = tuple(Card.parse(text) for text in ("5H", "5S", "2C", "9D", "JC", "KH"))
    options = advise(cards, dealer=False).options
    knowns = [Known(PONE, kept=o.keep, discard=o.discard) for o in options]
    played = []
    plain = strategy._play

    def counted(*args: object) -> list[tuple[int, int]]:
        played.append(args)
        return plain(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(strategy, "_play", counted)
    rng = random.Random(7)
    for _ in range(3):
        play_options(rng, knowns)
    assert len(options) == 15 and len(played) == 3 * 11
