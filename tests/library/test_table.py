"""The Table value: who sits where, checked once, every problem at once."""

from __future__ import annotations

import pytest

from rules import Side, Table, Variant
from rules.core.errors import RecordError
from rules.core.names import BARE_NAME, InvalidNameError, quote_name, read_name
from rules.core.table import InvalidTableError


def problems(error: pytest.ExceptionInfo[RecordError]) -> list[tuple[tuple[str | int, ...], str]]:
    return [(p.path, p.code.value) for p in error.value.problems]


def test_the_default_table_is_pone_and_dealer_to_the_variants_target() -> None:
    table = Table.seat()
    assert table.seats == ("pone", "dealer")
    assert (table.variant, table.target) == (Variant.SIX_CARD, 121)
    assert (table.pone, table.dealer) == ("pone", "dealer")
    assert table.sides == (Side("pone", ("pone",)), Side("dealer", ("dealer",)))
    assert str(table) == "six-card to 121: pone dealer"
    assert str(Table.seat(Variant.FIVE_CARD)) == "five-card to 61: pone dealer"
    assert Table.seat(Variant.SEVEN_CARD).target == 181


@pytest.mark.parametrize("text", [
    "six-card to 121: pone dealer",
    "five-card to 61: ann bob",
    "seven-card to 181: a b",
    "three-player to 121: ann bob cy",
    "four-player to 121: ann bob cy dan",
    "four-player to 121: bob cy dan ann; sides ann&cy bob&dan",
    "four-player to 61: ann bob cy dan; sides north=ann&cy south=bob&dan",
    'six-card to 121: "Ann Smith" "say \\"hi\\"\\\\"',
    'four-player to 121: "a b" c d e; sides "team one"="a b"&d c&e',
    "six-card to 500: bob ann; sides ann bob",
    "three-player to 121: a b c; sides x=a y=b z=c",
])
def test_str_and_parse_round_trip(text: str) -> None:
    table = Table.parse(text)
    assert str(table) == text
    assert Table.parse(str(table)) == table


def test_parse_is_lenient_and_str_canonical() -> None:
    table = Table.parse("  Four-Player  TO 121 :ann   bob cy dan ;SIDES ann & cy   bob&dan ")
    assert str(table) == "four-player to 121: ann bob cy dan"
    assert table == Table.seat(Variant.FOUR_PLAYER, ["ann", "bob", "cy", "dan"])


def test_quoted_names_keep_every_character() -> None:
    table = Table.parse('six-card to 121: "Ann Smith" "o\\"k\\\\"')
    assert table.seats == ("Ann Smith", 'o"k\\')


@pytest.mark.parametrize(("text", "message"), [
    ("six-hand to 121: a b", "expected a variant (six-card, five-card, three-player, "
     "four-player, seven-card): 'six-hand' at column 1 of 'six-hand to 121: a b'"),
    ("six-card 121: a b", "expected 'to': '121' at column 10 of 'six-card 121: a b'"),
    ("six-card to many: a b", "expected the target: 'many' at column 13"),
    ("six-card to 121 a b", "expected ':' before the seats: 'a' at column 17"),
    ("six-card to 121:", "expected the seats: the end, column 17"),
    ('six-card to 121: "a b', "a quoted name is never closed: '\"a' at column 18"),
    ("six-card to 121: a b; teams a b", "expected 'sides': 'teams' at column 23"),
    ("six-card to 121: a &b", "expected a name: '&b' at column 20"),
])
def test_badly_written_text_is_refused_quoting_the_token(text: str, message: str) -> None:
    with pytest.raises(InvalidTableError) as error:
        Table.parse(text)
    assert message in str(error.value)


def test_an_impossible_table_is_refused_with_every_problem_at_once() -> None:
    with pytest.raises(RecordError) as error:
        Table.seat(Variant.FIVE_CARD, ["ann", "ann", "bob"], target=3)
    assert problems(error) == [(("players",), "wrong-size"), (("players",), "duplicate-player"),
                               (("target",), "out-of-range")]
    assert [p.message for p in error.value.problems] == [
        "the five-card game has 2 players, not 3", "each player is named once",
        "three for last would reach a target of 3 before the first deal"]


def test_the_five_card_target_must_be_above_three_for_last() -> None:
    with pytest.raises(RecordError) as error:
        Table.seat(Variant.FIVE_CARD, target=3)
    assert problems(error) == [(("target",), "out-of-range")]
    assert Table.seat(Variant.FIVE_CARD, target=4).target == 4
    assert Table.seat(Variant.SIX_CARD, target=1).target == 1
    with pytest.raises(RecordError) as error:
        Table.seat(target=0)
    assert [p.message for p in error.value.problems] == [
        "the target is a positive number of points, not 0"]


def test_sides_that_do_not_fit_the_variant_are_refused_each_at_its_place() -> None:
    with pytest.raises(RecordError) as error:
        Table.seat(Variant.FOUR_PLAYER, ["a", "b", "c", "d"], target=0,
                   sides=[Side("ab", ("a", "b")), Side("ab", ("c", "x")), Side("e", ("a",))])
    assert problems(error) == [
        (("sides",), "wrong-size"),
        (("sides", 0), "not-in-variant"),
        (("sides", 1, "members", 1), "unknown-player"),
        (("sides", 1, "name"), "conflict"),
        (("sides", 2, "members", 0), "conflict"),
        (("sides",), "required"),
        (("target",), "out-of-range"),
    ]
    assert error.value.problems[1].message == (
        "in the four-player game partners sit opposite, two to a side: not a&b")
    assert error.value.problems[-2].message == "d has no side"


def test_a_side_of_two_is_refused_where_each_player_keeps_their_own_score() -> None:
    with pytest.raises(RecordError) as error:
        Table.seat(Variant.THREE_PLAYER, ["a", "b", "c"],
                   sides=[Side("a&b", ("a", "b")), Side("c", ("c",))])
    assert problems(error) == [(("sides",), "wrong-size"), (("sides", 0), "not-in-variant")]
    assert error.value.problems[1].message == (
        "in the three-player game each player keeps their own score: not a&b")


def test_more_than_two_players_must_be_named() -> None:
    with pytest.raises(RecordError) as error:
        Table.seat(Variant.THREE_PLAYER, target=-1)
    assert problems(error) == [(("players",), "required"), (("target",), "out-of-range")]


def test_two_partnerships_of_one_name_are_refused() -> None:
    # "x&y" with "z" and "x" with "y&z": one name, and so one score, for two sides.
    with pytest.raises(RecordError) as error:
        Table.seat(Variant.FOUR_PLAYER, ["x&y", "x", "z", "y&z"])
    assert problems(error) == [(("players",), "conflict")]
    assert error.value.problems[0].message == (
        "both partnerships would be called 'x&y&z': rename a player")


def test_the_dealer_is_seated_last_and_the_sides_named_as_the_players_were_given() -> None:
    table = Table.seat(Variant.FOUR_PLAYER, ["ann", "bob", "cy", "dan"], dealer="bob")
    assert table.seats == ("cy", "dan", "ann", "bob")
    assert [side.name for side in table.sides] == ["ann&cy", "bob&dan"]
    with pytest.raises(RecordError) as error:
        Table.seat(Variant.SIX_CARD, ["ann", "bob", "cy"], dealer="eve")
    assert problems(error) == [(("players",), "wrong-size"), (("dealer",), "unknown-player")]


def test_next_deal_passes_the_deal_to_the_left_and_keeps_the_side_names() -> None:
    table = Table.parse("four-player to 121: ann bob cy dan")
    names = [side.name for side in table.sides]
    seen = []
    for _ in range(4):
        seen.append(table.dealer)
        assert [side.name for side in table.sides] == names
        assert table.side_of("ann").name == "ann&cy"
        assert table.side_of("dan").name == "bob&dan"
        table = table.next_deal()
    assert seen == ["dan", "ann", "bob", "cy"]
    assert table == Table.parse("four-player to 121: ann bob cy dan")
    # The sides keep their order too (it is the order of the scores): said in the text.
    two = Table.parse("six-card to 121: ann bob").next_deal()
    assert str(two) == "six-card to 121: bob ann; sides ann bob"
    assert two.next_deal() == Table.parse("six-card to 121: ann bob")
    assert Table.seat(Variant.FIVE_CARD, target=31).next_deal().target == 31


def test_sides_opponents_dealer_and_pone() -> None:
    four = Table.parse("four-player to 121: ann bob cy dan")
    assert (four.pone, four.dealer) == ("ann", "dan")
    assert four.opponents("ann") == ("bob", "dan")
    assert four.opponents("dan") == ("ann", "cy")
    assert four.side_of("cy") == Side("ann&cy", ("ann", "cy"))
    assert four.side_numbers == (0, 1, 0, 1)
    assert [four.left_of(p) for p in four.seats] == ["bob", "cy", "dan", "ann"]
    assert [four.number(p) for p in four.seats] == [0, 1, 2, 3]
    assert four.seated_from("cy") == ("cy", "dan", "ann", "bob")
    three = Table.parse("three-player to 121: a b c")
    assert three.opponents("b") == ("a", "c")
    assert three.side_of("b") == Side("b", ("b",))
    assert three.side_numbers == (0, 1, 2)
    assert Table.seat().opponents("pone") == ("dealer",)


def test_a_table_made_directly_is_checked_too() -> None:
    with pytest.raises(RecordError) as error:
        Table(Variant.SIX_CARD, ("a", "a"), 121, (Side("a", ("a",)),))
    assert problems(error) == [(("players",), "duplicate-player")]
    good = Table(Variant.SIX_CARD, ("a", "b"), 121, (Side("a", ("a",)), Side("b", ("b",))))
    assert good == Table.parse("six-card to 121: a b")
    assert hash(good) == hash(Table.parse("six-card to 121: a b"))


def test_a_player_called_crib_is_a_player_like_any_other() -> None:
    table = Table.seat(Variant.SIX_CARD, ["crib", "dealer"])
    assert table.pone == "crib"
    assert Table.parse(str(table)) == table


@pytest.mark.parametrize(("name", "written"), [
    ("ann", "ann"), ("o'neil", "o'neil"), ("p2.b+c-d", "p2.b+c-d"), ("_x", "_x"),
    ("Ann Smith", '"Ann Smith"'), ("a&b", '"a&b"'), ("", '""'), ("-x", '"-x"'),
    ('say "hi"', '"say \\"hi\\""'), ("back\\slash", '"back\\\\slash"'), ("é", '"é"'),
])
def test_names_are_bare_when_they_can_be_and_read_back(name: str, written: str) -> None:
    assert quote_name(name) == written
    assert (BARE_NAME.fullmatch(name) is not None) == (written == name)
    assert read_name(f"x {written} y", 2) == (name, 2 + len(written))


@pytest.mark.parametrize(("text", "pos", "column"), [
    ('"open', 0, 1), ("&x", 0, 1), ('"bad \\n escape"', 0, 6), ("", 0, 1),
])
def test_a_badly_written_name_says_where(text: str, pos: int, column: int) -> None:
    with pytest.raises(InvalidNameError) as error:
        read_name(text, pos)
    assert error.value.pos == column - 1
    assert f"column {column}" in str(error.value)
