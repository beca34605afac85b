"""The itemised count (rules.show.show.count) against the naive itemisation, item by item
and in order: every rank multiset a pack can deal with a few suit assignments each, and
a large seeded sample; and the answer's own behaviour (a named tuple that compares,
hashes, prints and pickles as the dataclass it replaced)."""

from __future__ import annotations

import pickle
import random
from collections.abc import Sequence
from itertools import combinations_with_replacement

import pytest

from rules.core.cards import PIPS, Card, Rank, Suit, full_deck
from rules.core.errors import RecordError
from rules.core.variants import Variant
from rules.show import show as show_module
from rules.show.call import call
from rules.show.hands import check_hand, expected_size, validate_hand
from rules.show.items import ItemKind
from rules.show.show import Show, count, nineteen_means_zero, score
from rules.show.tables import HAND_CODE, STARTER_CODE
from tests.cards import card, cards
from tests.naive import naive_items, naive_show

DECK = list(full_deck())
KINDS = [kind.value for kind in ItemKind]

Said = list[tuple[str, list[int], int]]


def naive_order(hand: Sequence[Card], starter: Card, crib: bool) -> Said:
    """The naive items in the order players count them, written from the rule book: kind
    by kind; fifteens by how many cards, then by the cards; the rest by the cards; each
    item's cards low to high (by index: rank, then suit S H D C)."""
    index = {card.text: card.index for card in (*hand, starter)}
    found = []
    for (kind, group, points), times in naive_items(hand, starter, crib).items():
        assert times == 1
        found.append((kind, sorted(index[text] for text in group), points))
    return sorted(found, key=lambda item: (KINDS.index(item[0]),
                                           len(item[1]) if item[0] == "fifteen" else 0, item[1]))


def said(hand: Sequence[Card], starter: Card, crib: bool) -> Said:
    shown = count(hand, starter, crib=crib)
    return [(item.kind.value, [c.index for c in item.cards], item.points) for item in shown.items]


def check(hand: Sequence[Card], starter: Card, crib: bool) -> None:
    shown = count(hand, starter, crib=crib)
    assert said(hand, starter, crib) == naive_order(hand, starter, crib), (hand, starter, crib)
    assert shown.breakdown == naive_show(hand, starter, crib)
    assert shown.total == sum(shown.breakdown.values()) == score(hand, starter, crib=crib)
    assert shown.call == call(shown.items, nineteen=nineteen_means_zero(len(hand), crib))
    assert (shown.hand, shown.starter, shown.crib) == (tuple(hand), starter, crib)


def dealt(orders: Sequence[int], rng: random.Random) -> list[Card]:
    """Cards of these rank orders, each rank's suits drawn at random, in a shuffled order."""
    held = []
    for order in sorted(set(orders)):
        for suit in rng.sample(range(4), orders.count(order)):
            held.append(DECK[(order - 1) * 4 + suit])
    rng.shuffle(held)
    return held


def multisets(size: int) -> list[tuple[int, ...]]:
    return [orders for orders in combinations_with_replacement(range(1, 14), size)
            if all(orders.count(order) <= 4 for order in orders)]


@pytest.mark.parametrize("hand_size", [3, 4])
def test_every_rank_multiset_with_a_few_suit_assignments(hand_size: int) -> None:
    """All 6,175 rank multisets a pack deals as five cards (1,820 as four), three suit
    assignments each, the starter any of the cards, both flush rules."""
    rng = random.Random(hand_size)
    patterns = multisets(hand_size + 1)
    assert len(patterns) == {3: 1820, 4: 6175}[hand_size]
    for orders in patterns:
        for n in range(3 if hand_size == 4 else 1):
            drawn = dealt(orders, rng)
            check(drawn[:-1], drawn[-1], crib=hand_size == 4 and n == 1)


def test_the_seven_card_games_hands_sampled() -> None:
    """Five cards and a starter: 3,000 of the 18,000 rank multisets, two separate runs
    and six-card fifteens among them."""
    rng = random.Random(7)
    for orders in rng.sample(multisets(6), 3000):
        drawn = dealt(orders, rng)
        check(drawn[:-1], drawn[-1], crib=False)


def test_a_large_seeded_sample_flushes_and_nobs_favoured() -> None:
    rng = random.Random(31)
    seen = set()
    for n in range(12_000):
        size, crib = ((4, n % 2 == 0) if n % 4 else (rng.choice((3, 5)), False))
        if n % 3 == 0:  # a suit's cards, and the starter anything: flushes and nobs
            suit = rng.randrange(4)
            hand = rng.sample([c for c in DECK if c.index % 4 == suit], size)
            starter = rng.choice([c for c in DECK if c not in hand])
        else:
            *hand, starter = rng.sample(DECK, size + 1)
        check(hand, starter, crib)
        seen.update(item.kind for item in count(hand, starter, crib=crib).items)
    assert seen == set(ItemKind)


def test_the_famous_hands_item_by_item() -> None:
    """Worked by hand: the 29 (four fives and the jack of the starter's suit) and a double
    run with a fifteen."""
    shown = count(cards("5H 5C 5S JD"), card("5D"))
    fifteens = [(i.kind, " ".join(map(str, i.cards))) for i in shown.items[:8]]
    assert fifteens == [(ItemKind.FIFTEEN, "5S JD"), (ItemKind.FIFTEEN, "5H JD"),
                        (ItemKind.FIFTEEN, "5D JD"), (ItemKind.FIFTEEN, "5C JD"),
                        (ItemKind.FIFTEEN, "5S 5H 5D"), (ItemKind.FIFTEEN, "5S 5H 5C"),
                        (ItemKind.FIFTEEN, "5S 5D 5C"), (ItemKind.FIFTEEN, "5H 5D 5C")]
    assert [str(i.kind) for i in shown.items[8:]] == ["pair"] * 6 + ["nobs"]
    assert (shown.total, shown.items[-1].cards) == (29, (card("JD"),))
    shown = count(cards("3S 4H 4D 5C"), card("KS"))
    assert [(str(i.kind), " ".join(map(str, i.cards)), i.points) for i in shown.items] == [
        ("fifteen", "5C KS", 2), ("pair", "4H 4D", 2), ("run", "3S 4H 5C", 3),
        ("run", "3S 4D 5C", 3)]
    assert (shown.total, shown.call) == (
        10, "fifteen two, a pair is four, two runs of three is ten")


def test_cards_made_afresh_count_as_the_packs_own() -> None:
    """A hand of Card objects made by the caller, not the pack's: the same answer."""
    made = [Card(Rank.FIVE, Suit.HEARTS), Card(Rank.TEN, Suit.SPADES), Card(Rank.FIVE, Suit.CLUBS),
            Card(Rank.JACK, Suit.CLUBS)]
    assert count(made, Card(Rank.FOUR, Suit.CLUBS)) == count(
        cards("5H TS 5C JC"), card("4C"))


def test_items_past_the_kept_limit_are_built_and_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past the limit of kept combinations an item is built each time: the same answers."""
    rng = random.Random(5)
    deals = [rng.sample(DECK, 6) for _ in range(300)]
    before = [count(d[:5], d[5]) for d in deals]
    fresh: dict[object, object] = {}
    monkeypatch.setattr(show_module, "_COMBINATIONS", fresh)
    monkeypatch.setattr(show_module, "_COUNTED", type(show_module._COUNTED)())
    monkeypatch.setattr(show_module, "_MOST", 0)
    again = [count(d[:5], d[5]) for d in deals]
    assert again == before
    assert [(s.call, s.breakdown) for s in again] == [(s.call, s.breakdown) for s in before]
    assert fresh and all(len(table) == 0 for table in fresh.values())  # type: ignore[arg-type]


class TestTheShow:
    def test_compares_and_hashes_by_hand_starter_crib_items_and_total(self) -> None:
        one, two = count(cards("5H 5C 5S JD"), card("5D")), count(cards("5H 5C 5S JD"), card("5D"))
        assert one == two and (one != two) is False and hash(one) == hash(two)
        assert one != count(cards("5H 5C 5S JD"), card("5D"), crib=True)
        assert one != tuple(one) and tuple(one) != one
        assert len({one, two}) == 1

    def test_prints_as_before(self) -> None:
        shown = count(cards("AS 2S 3S 8H"), card("8C"))  # no fifteen: 8 + 3 + 2 + A is 14
        assert repr(shown) == (
            "Show(hand=(Card.parse('AS'), Card.parse('2S'), Card.parse('3S'), Card.parse('8H')), "
            "starter=Card.parse('8C'), crib=False, items=(Item(kind=<ItemKind.PAIR: 'pair'>, "
            "cards=(Card.parse('8H'), Card.parse('8C')), points=2), Item(kind=<ItemKind.RUN: "
            "'run'>, cards=(Card.parse('AS'), Card.parse('2S'), Card.parse('3S')), points=3)), "
            "total=5)")

    def test_pickles(self) -> None:
        shown = count(cards("2H 4H 6H JH"), card("KH"), crib=True)
        again = pickle.loads(pickle.dumps(shown))
        assert type(again) is Show and again == shown
        assert (again.call, again.breakdown) == (shown.call, shown.breakdown)

    def test_breakdown_is_the_callers_own_and_the_tally_read_only(self) -> None:
        shown = count(cards("5H 5C 5S JD"), card("5D"))
        mine = shown.breakdown
        mine["fifteen"] = 0
        assert shown.breakdown == {"fifteen": 16, "pair": 12, "run": 0, "flush": 0, "nobs": 1}
        with pytest.raises(TypeError):
            shown.tally["fifteen"] = 0  # type: ignore[index]


def test_the_key_fits_a_machine_word() -> None:
    """The largest key any hand can make (five cards and a starter, the codes' largest)
    is under 2**49, so under 2**62: the fast integer path of a compiler or numpy."""
    largest = sum(sorted(HAND_CODE)[-5:]) + max(STARTER_CODE)
    assert largest < 2**49
    assert PIPS[13] == 10


def test_check_hand_refuses_as_the_checks_say_and_counts_the_rest() -> None:
    """check_hand tests a hand's size, repeats, the starter and the claim at once, and
    sends only a failing hand through the checks that say each problem: whatever it is
    given, it refuses exactly what validate_hand (those checks, always) refuses, with
    the same problems, and otherwise answers the count and the ruling."""
    rng = random.Random(29)
    refused = 0
    for n in range(3000):
        variant = rng.choice(list(Variant))
        crib = n % 5 == 0
        size = expected_size(variant, crib) + rng.choice((0, 0, 0, -1, 1))
        drawn = rng.sample(DECK, size + 1)
        hand, starter = drawn[:size], drawn[size]
        if n % 7 == 0 and size > 1:  # a card twice
            hand[1] = hand[0]
        if n % 11 == 0 and hand:  # the starter held
            starter = hand[-1]
        claimed = rng.choice((None, 0, 12, -1))
        try:
            validate_hand(hand, starter, crib=crib, claimed=claimed, variant=variant)
        except RecordError as error:
            refused += 1
            with pytest.raises(RecordError) as caught:
                check_hand(hand, starter, crib=crib, claimed=claimed, variant=variant)
            assert caught.value.problems == error.problems
            continue
        checked = check_hand(hand, starter, crib=crib, claimed=claimed, variant=variant)
        assert checked.show == count(hand, starter, crib=crib)
        assert (checked.ruling is None) == (claimed is None)
        if claimed is not None:
            assert checked.ruling is not None and checked.ruling.claimed == claimed
    assert 500 < refused < 2500
