"""The record notation (rules/notation, docs/notation.md): lenient in, canonical out,
every record round-trips, and text badly written is refused naming its token, line and
column."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core.cards import Card
from rules.core.errors import RecordError
from rules.core.rulesets import Ruleset
from rules.core.table import Table
from rules.core.variants import Variant
from rules.deal.record import DealClaims, DealRecord
from rules.notation import (
    Deal,
    Game,
    NotationError,
    Options,
    Play,
    event_text,
    parse_event,
    read_record,
)
from rules.play.record import PlayEvent
from tests.simulate import random_deal


def c(text: str) -> Card:
    return Card.parse(text)


@pytest.mark.parametrize(("text", "event", "canonical"), [
    ("pone TD =2", PlayEvent("pone", c("TD"), 2), "pone TD =2"),
    ("dealer go", PlayEvent("dealer", None), "dealer go"),
    ("dealer GO =1", PlayEvent("dealer", None, 1), "dealer go =1"),
    ("pone 9C =0 +1", PlayEvent("pone", c("9C"), 0, 1), "pone 9C =0 +1"),
    ("pone 9c=0+1", PlayEvent("pone", c("9C"), 0, 1), "pone 9C =0 +1"),
    ("pone 10♥ +1", PlayEvent("pone", c("TH"), None, 1), "pone TH +1"),
    ('"Ann Smith" 5h', PlayEvent("Ann Smith", c("5H")), '"Ann Smith" 5H'),
    ('"say \\"hi\\"" KS', PlayEvent('say "hi"', c("KS")), '"say \\"hi\\"" KS'),
    ("  o'neil  qs  # a comment", PlayEvent("o'neil", c("QS")), "o'neil QS"),
])
def test_an_event_is_read_leniently_and_written_canonically(
        text: str, event: PlayEvent, canonical: str) -> None:
    assert parse_event(text) == event
    assert event_text(event) == canonical
    assert parse_event(canonical) == event


def test_a_name_matching_one_seat_but_for_case_is_that_seat() -> None:
    assert parse_event("Pone KH", ["pone", "dealer"]).player == "pone"
    assert parse_event("ANN KH", ["ann", "Ann"]).player == "ANN"  # two match: as written


@pytest.mark.parametrize(("text", "token", "column", "reason"), [
    ("pone XX", "XX", 6, "expected a card or 'go'"),
    ("pone TD =", "", 10, "expected a claim: a number of points"),
    ("pone TD =two", "two", 10, "expected a claim: a number of points"),
    ("pone TD =1 =2", "=", 12, "an event has one claim '=n'"),
    ("pone TD +1 +1", "+1", 12, "an event has one go claim '+n'"),
    ("pone TD =1234567", "1234567", 10, "a claim has at most 6 digits"),
    ('"pone TD', '"pone TD', 1, "a quoted name is never closed"),
    ("&pone TD", "&", 1, "expected a player's name"),
    ("pone", "", 5, "expected a card or 'go' after 'pone'"),
    ("pone TD dealer", "dealer", 9, "expected a claim '=n' or '+n', or the next event"),
])
def test_a_badly_written_event_names_its_token_line_and_column(
        text: str, token: str, column: int, reason: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_event(text)
    error = caught.value
    assert (error.token, error.line, error.column, error.reason) == (token, 1, column, reason)
    assert isinstance(error, ValueError)
    assert str(error).startswith(f"line 1, column {column}: {reason}")


def test_a_go_point_is_claimed_on_a_card_not_on_a_go() -> None:
    with pytest.raises(NotationError, match="not on a go"):
        parse_event("dealer go +1")


DEAL = """\
# the issue's five-card deal (issue 19)
five-card to 61: pone dealer
dealt: pone 8D TH 6H QS 2D; dealer 7C 4C 3C 4D KD
discards: pone QS 2D
          dealer 4C KD
starter: 3s
play: pone 8D, dealer 7C, pone TH
      dealer 3C; pone go
show: Pone =0; dealer 2; CRIB =7
"""


def test_a_deal_is_read_leniently_and_written_canonically() -> None:
    deal = Deal.parse(DEAL)
    assert deal.table == Table.seat(Variant.FIVE_CARD)
    assert deal.record == DealRecord(
        {"pone": tuple(map(c, ["8D", "TH", "6H", "QS", "2D"])),
         "dealer": tuple(map(c, ["7C", "4C", "3C", "4D", "KD"]))},
        {"pone": (c("QS"), c("2D")), "dealer": (c("4C"), c("KD"))},
        c("3S"),
        (PlayEvent("pone", c("8D")), PlayEvent("dealer", c("7C")), PlayEvent("pone", c("TH")),
         PlayEvent("dealer", c("3C")), PlayEvent("pone", None)),
        None,
        DealClaims(None, {"pone": 0, "dealer": 2}, 7))
    assert str(deal) == (
        "five-card to 61: pone dealer\n"
        "dealt: pone 8D TH 6H QS 2D; dealer 7C 4C 3C 4D KD\n"
        "discards: pone QS 2D; dealer 4C KD\n"
        "starter: 3S\n"
        "play: pone 8D, dealer 7C, pone TH, dealer 3C, pone go\n"
        "show: pone =0; dealer =2; crib =7")
    assert Deal.parse(str(deal)) == deal
    assert deal.where[("dealt", "dealer", 4)] == (3, 48)
    assert deal.where[("plays", 3)] == (8, 7)
    assert deal.where[("claims", "crib")] == (9, 26)


def test_a_deal_in_progress_with_scores_heels_and_a_crib_card() -> None:
    text = ("three-player to 121: ann bob cy\nruleset: hoyle\nmuggins: yes\n"
            "scores: ann 10; bob 20; cy 30\n"
            "dealt: ann AS 2S 3S 4S 5S; bob AH 2H 3H 4H 5H; cy AD 2D 3D 4D 5D\n"
            "discards: ann AS; bob AH; cy AD\ncrib card: KC\nstarter: JC =2\nplay:\n"
            "in progress")
    deal = Deal.parse(text)
    assert deal.options == Options(Ruleset.HOYLE, True)
    assert deal.scores_before == {"ann": 10, "bob": 20, "cy": 30}
    assert deal.record.crib_card == c("KC")
    assert deal.record.plays == ()
    assert deal.record.claims == DealClaims(2, {}, None)
    assert deal.in_progress
    assert str(deal) == text
    assert Deal.parse(text.replace("crib card: KC", "Crib-Card: kc")) == deal


def test_absent_and_empty_sections_are_different_records() -> None:
    bare = Deal.parse("dealt:")
    assert bare.record == DealRecord({}, None, None, None, None, None)
    said = Deal.parse("dealt:\ndiscards:\nplay:\nshow:")
    assert said.record == DealRecord({}, {}, None, (), None, DealClaims())
    assert str(said) == "six-card to 121: pone dealer\ndealt:\ndiscards:\nplay:\nshow:"


def test_partnership_scores_and_a_game() -> None:
    text = ("four-player to 121: ann bob cy dan\nscores: ann&cy 5; bob&dan 7\n"
            "dealt: ann AS 2S 3S 4S 5S\n")
    assert Deal.parse(text).scores_before == {"ann&cy": 5, "bob&dan": 7}
    game = Game.parse("six-card to 121: ann bob\nmuggins: no\ndeal: 1\ndealt: ann AS\n"
                      "deal:\ndealt: bob KS\nstarter: 5H")
    assert game.table.dealer == "bob"
    assert [d.dealt for d in game.deals] == [{"ann": (c("AS"),)}, {"bob": (c("KS"),)}]
    assert str(game) == ("six-card to 121: ann bob\nmuggins: no\ndeal: 1\ndealt: ann AS\n"
                         "deal: 2\ndealt: bob KS\nstarter: 5H")


@pytest.mark.parametrize(("written", "canonical", "sides"), [
    ("four-player to 121: ann bob cy dan", "four-player to 121: ann bob cy dan",
     [("ann&cy", ("ann", "cy")), ("bob&dan", ("bob", "dan"))]),
    ("four-player to 121: ann bob cy dan; sides ann&cy bob&dan",
     "four-player to 121: ann bob cy dan",
     [("ann&cy", ("ann", "cy")), ("bob&dan", ("bob", "dan"))]),
    ("four-player to 121: bob cy dan ann; sides ann&cy bob&dan",
     "four-player to 121: bob cy dan ann; sides ann&cy bob&dan",
     [("ann&cy", ("ann", "cy")), ("bob&dan", ("bob", "dan"))]),
    ("four-player to 121: ann bob cy dan; sides bob&dan ann&cy",
     "four-player to 121: ann bob cy dan; sides bob&dan ann&cy",
     [("bob&dan", ("bob", "dan")), ("ann&cy", ("ann", "cy"))]),
    ("four-player to 121: ann bob cy dan; sides cy&ann bob&dan",
     "four-player to 121: ann bob cy dan; sides cy&ann bob&dan",
     [("cy&ann", ("cy", "ann")), ("bob&dan", ("bob", "dan"))]),
    ("four-player to 121: ann bob cy dan; sides us=ann&cy bob&dan",
     "four-player to 121: ann bob cy dan; sides us=ann&cy bob&dan",
     [("us", ("ann", "cy")), ("bob&dan", ("bob", "dan"))]),
])
def test_a_four_player_table_says_its_sides_unless_the_seats_say_them(
        written: str, canonical: str, sides: list[tuple[str, tuple[str, ...]]]) -> None:
    """docs/notation.md#a-game: ``; sides`` is left out only when it says what the seats
    say, first and third against second and fourth, named by their players in order."""
    table = Table.parse(written)
    assert str(table) == canonical
    assert [(side.name, side.members) for side in table.sides] == sides


@pytest.mark.parametrize(("text", "token", "line", "reason"), [
    ("dealt: pone 5H 6H; dealer 5C 6C\ndiscard: pone 5H; dealer 5C", "discard:", 2,
     "unknown section (did you mean 'discards:'?)"),
    ("plays: pone 5H", "plays:", 1, "unknown section (did you mean 'play:'?)"),
    ("six-card to 121: a b\ndeal: 1\ndelt: a 5H", "delt:", 3,
     "unknown section (did you mean 'dealt:' or 'deal:'?)"),
    ("dealt: pone 5H\nstarer: 5S", "starer:", 2, "unknown section (did you mean 'starter:'?)"),
    ("dealt: pone 5H\nCrib-Cards: 5S", "Crib-Cards:", 2,
     "unknown section (did you mean 'crib card:'?)"),
])
def test_a_misspelled_keyword_is_named_with_the_one_meant(
        text: str, token: str, line: int, reason: str) -> None:
    """Issue 28: ``discard:`` was read as more of the dealt cards ("expected a card")."""
    with pytest.raises(NotationError) as caught:
        read_record(text)
    assert (caught.value.token, caught.value.line, caught.value.column,
            caught.value.reason) == (token, line, 1, reason)


def test_a_table_without_its_target_is_no_misspelled_keyword() -> None:
    with pytest.raises(NotationError) as caught:
        read_record("six-card: a b\nplay:")
    assert (caught.value.reason, caught.value.column) == ("expected 'to'", 9)


@pytest.mark.parametrize(("parse", "text", "token", "line", "column", "reason"), [
    (Play.parse, "six-card to 121: pone dealer\nhands: pone KH\n", "", 1, 1,
     "a play needs its 'play:' section"),
    (Play.parse, "play: pone KH\ndealt: pone KH", "dealt", 2, 1,
     "a play has no 'dealt' section"),
    (Play.parse, "play: pone KH\nplay: pone KH", "play", 2, 1, "'play' is said once"),
    (Play.parse, "play: pone KH, dealer QQ", "QQ", 1, 23, "expected a card or 'go'"),
    (Play.parse, "six-cards to 121: a b\nplay:", "six-cards", 1, 1,
     "expected a variant (six-card, five-card, three-player, four-player, seven-card)"),
    (Play.parse, "  six-card to 12x: a b\nplay:", "x:", 1, 17, "expected ':' before the seats"),
    (Play.parse, "hello there\nplay:", "hello", 1, 1,
     "expected a variant (six-card, five-card, three-player, four-player, seven-card)"),
    (Play.parse, "ruleset: acc\nruleset: acc\nplay:", "ruleset", 2, 1, "'ruleset' is said once"),
    (Play.parse, "ruleset: cribbage\nplay:", "cribbage", 1, 10,
     "expected a ruleset (acc, hoyle, english, friendly)"),
    (Play.parse, "muggins: maybe\nplay:", "maybe", 1, 10, "expected 'yes' or 'no'"),
    (Deal.parse, "dealt: pone KH; pone QH", "pone", 1, 17, "pone's cards are given twice here"),
    (Deal.parse, "dealt: pone KH\nstarter: 5H 5S", "5S", 2, 13, "unexpected here"),
    (Deal.parse, "dealt: pone KH\nshow: crib 4; crib 5", "crib", 2, 15,
     "the crib's claim is given twice"),
    (Deal.parse, "dealt:\nscores: pone x", "x", 2, 14, "expected a number"),
    (Deal.parse, "starter: 5H", "", 1, 1, "a deal needs its 'dealt:' section"),
    (Game.parse, "six-card to 121: a b\ndeal: 1\ndealt:\ndeal: 3", "3", 4, 7,
     "this is deal 2"),
    (Game.parse, "six-card to 121: a b\ndealt: a KH", "dealt", 2, 1,
     "'dealt:' comes after 'deal: 1'"),
    (Game.parse, "six-card to 121: a b\ndeal:\nstarter: 5H", "deal", 2, 1,
     "a deal needs its 'dealt:' section"),
    (Game.parse, "six-card to 121: a b", "", 1, 1,
     "a game needs its deals, each after 'deal: n'"),
])
def test_a_badly_written_record_names_its_token_line_and_column(
        parse: object, text: str, token: str, line: int, column: int, reason: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse(text)  # type: ignore[operator]
    error = caught.value
    assert (error.reason, error.token, error.line, error.column) == (reason, token, line, column)


def test_a_table_that_cannot_exist_is_the_referees_record_error() -> None:
    with pytest.raises(RecordError) as caught:
        Play.parse("four-player to 121: ann ann bob\nplay:")
    assert [p.path for p in caught.value.problems] == [("players",), ("players",)]


NAMES = ["ann", "bob", "Cy Young", "d'arcy", 'say "x"', "e.f-g+h"]


def random_records(rng: random.Random, count: int) -> list[tuple[Table, DealRecord]]:
    found = []
    for _ in range(count):
        variant = rng.choice(list(Variant))
        spec = variant.spec
        seats = tuple(rng.sample(NAMES, spec.players))
        deal = random_deal(rng, seats, spec.dealt, spec.to_crib, bool(spec.crib_cards_dealt),
                           spec.single_count)
        events = tuple(PlayEvent(e.player, e.card, rng.choice([None, None, 0, 2]),
                                 rng.choice([None, None, None, 1]) if e.card else None)
                       for e in deal.events if not e.count_ends)
        claims = rng.choice([None, DealClaims(), DealClaims(
            rng.choice([None, 2]), {p: rng.randrange(30) for p in seats[:rng.randrange(5)]},
            rng.choice([None, 4]))])
        record = DealRecord({p: tuple(deal.dealt[p]) for p in seats},
                            {p: tuple(deal.discards[p]) for p in seats}, deal.starter,
                            events[:rng.randrange(len(events) + 1)], deal.crib_card, claims)
        found.append((Table.seat(variant, seats), record))
    return found


def test_generated_records_round_trip() -> None:
    rng = random.Random(19)
    for table, record in random_records(rng, 300):
        hands = {p: tuple(h) for p, h in record.dealt.items()}
        play = Play(table, tuple(record.plays or ()), hands, rng.random() < .5,
                    Options(rng.choice([None, *Ruleset]), rng.choice([None, True, False])))
        assert Play.parse(str(play)) == play
        scores = {side.name: rng.randrange(100) for side in table.sides}
        deal = Deal(table, record, rng.choice([None, scores]), rng.random() < .5)
        assert Deal.parse(str(deal)) == deal
        assert str(Deal.parse(str(deal))) == str(deal)


def test_a_generated_game_round_trips() -> None:
    rng = random.Random(5)
    records = random_records(rng, 12)
    table = records[0][0]
    game = Game(table.next_deal(),
                tuple(DealRecord(r.dealt, r.discards, r.starter, r.plays, r.crib_card,
                                 r.claims) for _, r in records),
                Options(Ruleset.ENGLISH))
    assert Game.parse(str(game)) == game


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("pone dealr:;,=+&#\"\\\n5HTSgo1 2-_ansix-crdtp")),
               max_size=80))
def test_any_text_is_read_or_refused_as_badly_written(text: str) -> None:
    for parse in (Play.parse, Deal.parse, Game.parse):
        try:
            value = parse(text)
        except (NotationError, RecordError):
            continue
        assert parse(str(value)) == value
