from __future__ import annotations

import pytest

from rules.core.cards import (
    Card,
    CardError,
    DuplicateCardError,
    InvalidCardError,
    Rank,
    Suit,
    full_deck,
    parse_cards,
)


class TestParse:
    @pytest.mark.parametrize(
        ("text", "canonical"),
        [
            ("5H", "5H"), ("5h", "5H"), ("10♥", "TH"), ("TH", "TH"), ("th", "TH"),
            ("qs", "QS"), ("Q♠", "QS"), ("q♤", "QS"), ("A♦", "AD"), ("a♢", "AD"),
            ("K♣", "KC"), ("k♧", "KC"), ("J♡", "JH"), ("10c", "TC"), ("2♠\ufe0f", "2S"),
            ("9♥\ufe0f", "9H"),
        ],
    )
    def test_lenient_input_canonical_output(self, text: str, canonical: str) -> None:
        assert str(Card.parse(text)) == canonical

    @pytest.mark.parametrize(
        "text",
        ["", "Z", "ZZ", "1H", "11H", "5", "H5", "5X", "5 H", " 5H", "5H ", "10", "5HH",
         "5\u0397", "5\ufe0f", "\u0410S", "5♥\ufe0f\ufe0f", "05H", "A\u2660\u2660"],
    )
    def test_badly_written_raises_quoting_input(self, text: str) -> None:
        with pytest.raises(InvalidCardError) as caught:
            Card.parse(text)
        assert str(caught.value) == f"invalid card: {text!r}"
        assert isinstance(caught.value, ValueError)

    def test_not_a_string(self) -> None:
        with pytest.raises(InvalidCardError):
            Card.parse(5)  # type: ignore[arg-type]

    def test_round_trip_every_card(self) -> None:
        deck = list(full_deck())
        assert len(deck) == 52 == len(set(deck))
        for c in deck:
            assert Card.parse(str(c)) == c
            assert Card.parse(str(c).lower()) == c
            assert Card.parse(c.rank.value + c.suit.symbol) == c


class TestCard:
    def test_values_and_order(self) -> None:
        assert [r.pips for r in Rank] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]
        assert [r.order for r in Rank] == list(range(1, 14))
        assert Rank.from_order(11) is Rank.JACK

    def test_hashable_and_frozen(self) -> None:
        a, b = Card.parse("5h"), Card(Rank.FIVE, Suit.HEARTS)
        assert a == b and hash(a) == hash(b) and len({a, b}) == 1
        with pytest.raises(AttributeError):
            a.rank = Rank.SIX  # type: ignore[misc]

    def test_index_is_a_bijection(self) -> None:
        assert sorted(c.index for c in full_deck()) == list(range(52))


class TestParseCards:
    def test_duplicates_are_illegal_not_badly_written(self) -> None:
        with pytest.raises(DuplicateCardError) as caught:
            parse_cards(["5H", "5h"])
        assert str(caught.value) == "duplicate card: '5H'"
        assert isinstance(caught.value, CardError)
        assert not isinstance(caught.value, InvalidCardError)

    def test_parses_in_order(self) -> None:
        assert [str(c) for c in parse_cards(["as", "10d", "k♣"])] == ["AS", "TD", "KC"]
