"""The strategy's fast paths (issue 31) against the plain implementation they replaced:
the one-ply play with its choices remembered by what they depend on, and the discard
advice's rank totals remembered by the hand's ranks, give the same answers, deal for
deal, as the code before them (kept here, naive)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations
from math import prod

import pytest

from rules.advice import advise, best_option
from rules.advice import discards as discards_module
from rules.chances import SCALE, outcome, shipped_table, strategy
from rules.chances.strategy import play_deal
from rules.chances.table import pone_win
from rules.core.cards import PIPS, Card, Rank, Suit, full_deck
from rules.core.variants import CRIB_SIZE, Variant
from rules.doubledummy import Position
from rules.doubledummy.position import Pegs
from rules.play.pegging import peg_scores
from rules.show.items import NOBS, flush_points
from rules.show.tables import HAND_CODE, HAND_SUITS, LOW, SHIFT, STARTER_CODE

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


def plain_sums(cards: Sequence[Card], to_crib: int, ours: bool) -> tuple[list[int], ...]:
    """The discard advice's integer sums as they were worked out before the rank totals
    were remembered by the hand's ranks: every option's hand, crib and net over one
    denominator, the unseen cards listed one by one."""
    held = {card.index for card in cards}
    unseen = [i for i in range(52) if i not in held]
    n = len(unseen)
    others = CRIB_SIZE - to_crib
    ranks, suits = [0] * 13, [0] * 4
    for index in unseen:
        ranks[index // 4] += 1
        suits[index % 4] += 1
    draws = prod(range(n - others, n + 1))
    per_starter = draws // n
    heels = 2 * ranks[Rank.JACK.order - 1] * per_starter if ours else 0
    discards = list(combinations(cards, to_crib))
    keeps = [tuple(c for c in cards if c not in away) for away in discards]
    hands = []
    for keep in keeps:
        key = sum(HAND_CODE[c.index] for c in keep)
        by_rank = discards_module._by_starter_rank(key >> SHIFT)
        hands.append(sum(p * r for p, r in zip(by_rank, ranks, strict=True))
                     + sum(count * HAND_SUITS[(key & LOW) + (STARTER_CODE[s] & LOW)]
                           for s, count in enumerate(suits)))
    cribs = discards_module._crib_rank_totals(
        [[c.order - 1 for c in away] for away in discards], ranks, others + 1)
    jack_pairs = sum(suits[i % 4] - 1 for i in unseen if i // 4 == Rank.JACK.order - 1)
    nobs = NOBS * others * jack_pairs * (draws // (n * (n - 1)))
    flush = flush_points(CRIB_SIZE, starter_matches=True, crib=True)
    nets = []
    for at, away in enumerate(discards):
        cribs[at] += nobs
        if len({c.index % 4 for c in away}) == 1:
            u = suits[away[0].index % 4]
            cribs[at] += flush * (prod(range(u - others, u + 1)) if u > others else 0)
        cribs[at] += sum(NOBS * suits[c.index % 4] * per_starter for c in away
                         if c.rank is Rank.JACK)
        hand = hands[at] * per_starter
        nets.append(hand + cribs[at] + heels if ours else hand - cribs[at])
    return hands, cribs, nets


@pytest.mark.parametrize("variant", list(Variant))
def test_the_advice_sums_are_the_plain_ones(variant: Variant) -> None:
    rng = random.Random(f"advice {variant}")
    spec = variant.spec
    for i in range(600):
        cards = tuple(rng.sample(DECK, spec.dealt))
        ours = i % 2 == 0
        sums = discards_module._Sums(cards, spec.to_crib, ours)
        assert (sums.hands, sums.cribs, sums.nets) == plain_sums(cards, spec.to_crib, ours)
        assert [sums.option(at).discard for at in range(len(sums.splits))] == list(
            combinations(cards, spec.to_crib))
        dealer, partner = ours and not spec.partnerships, ours and bool(spec.partnerships)
        best = best_option(cards, dealer=dealer, variant=variant, partner_deals=partner)
        assert best == advise(cards, dealer=dealer, variant=variant,
                              partner_deals=partner).options[0]


def test_the_pone_s_win_alone_is_the_outcome_s() -> None:
    table = shipped_table(Variant.SIX_CARD)
    rng = random.Random("pone win")
    wins = set()
    for _ in range(1000):
        trail = play_deal(rng)
        # Near the end as often as not, where deals win and lose.
        low = rng.choice((0, table.target - 20))
        pone, dealer = rng.randrange(low, table.target), rng.randrange(low, table.target)
        found = pone_win(trail, table.target, table.values, pone, dealer)
        assert found == int(outcome(trail, table.target, table.values, pone, dealer)[0])
        wins.add(found)
    assert {0, SCALE} < wins  # wins, losses and deals that leave the game open
