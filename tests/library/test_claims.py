"""Rulings on claims (docs/rules.md#claims), under every ruleset, muggins on and off."""

from __future__ import annotations

import random

import pytest

from rules import Table
from rules.core.cards import Card
from rules.core.codes import SCORECARD_CODES
from rules.core.errors import RecordError
from rules.core.findings import (
    FindingCode,
    Verdict,
    cite,
    read_claim,
    rule_on_claim,
)
from rules.core.rulesets import Ruleset
from rules.core.variants import Variant
from rules.play.check import check_play
from rules.show.hands import check_hand
from rules.show.show import nineteen_means_zero
from tests.cards import card, cards
from tests.library.test_play import record
from tests.naive import naive_total


def ruling(claimed: int, true: int, ruleset: str = "acc", muggins: bool = False):  # type: ignore[no-untyped-def]
    return rule_on_claim(claimed, true, ruleset=Ruleset(ruleset), muggins=muggins,
                         player="pone", what="the hand")


class TestVerdicts:
    def test_correct(self) -> None:
        r = ruling(12, 12)
        assert (r.verdict, r.player_pegs, r.opponent_pegs, r.findings) == (
            Verdict.CORRECT, 12, 0, ())

    def test_a_claim_is_a_number(self) -> None:
        # Out of a hand's context (the play, heels) nineteen is nineteen.
        r = ruling(19, 19)
        assert (r.verdict, r.player_pegs, r.opponent_pegs) == (Verdict.CORRECT, 19, 0)


class TestNineteen:
    """"Nineteen" announces a hand worth nothing, where no hand of that size can make 19."""

    @pytest.mark.parametrize(("size", "crib", "means_zero"), [
        (3, False, True), (4, False, True), (4, True, True), (5, False, False)])
    def test_depends_on_the_hand_size(self, size: int, crib: bool, means_zero: bool) -> None:
        assert nineteen_means_zero(size, crib) is means_zero
        assert read_claim(19, nineteen_is_zero=means_zero) == (0 if means_zero else 19)
        assert read_claim(18, nineteen_is_zero=True) == 18

    def test_four_card_hand_worth_nothing(self) -> None:
        r = check_hand(cards("2H 4C 6S 8D"), card("KC"), claimed=19)
        assert (r.show.total, r.show.call) == (0, "nineteen")
        assert (r.ruling.verdict, r.ruling.player_pegs, r.ruling.opponent_pegs) == (  # type: ignore[union-attr]
            Verdict.CORRECT, 0, 0)

    def test_four_card_hand_called_nineteen_missed_its_points(self) -> None:
        r = check_hand(cards("2H 4C 6S 9D"), card("KC"), claimed=19, muggins=True)  # 6-9, 2-4-9
        assert r.show.total == 4
        assert (r.ruling.verdict, r.ruling.player_pegs, r.ruling.opponent_pegs) == (  # type: ignore[union-attr]
            Verdict.UNDERCOUNT, 0, 4)

    def test_a_nineteen_that_missed_points_is_said_as_claimed(self) -> None:
        """Issue 28: the finding said "player claimed 0"; the table heard nineteen."""
        r = check_hand(cards("2H 4C 6S 9D"), card("KC"), claimed=19, muggins=True)
        assert r.ruling is not None and r.ruling.claimed == 19
        assert [f.message for f in r.ruling.findings] == [
            "player claimed 19 (a hand worth nothing) for the hand, which counts 4: 4 missed",
            "muggins: the opponent takes the 4 that player missed"]
        crib = check_hand(cards("5H 5C 5S JD"), card("5D"), crib=True, claimed=19)
        assert crib.ruling is not None and crib.ruling.findings[0].message == (
            "player claimed 19 (a hand worth nothing) for the crib, which counts 29: 29 missed")

    @pytest.mark.parametrize("muggins", [False, True])
    def test_seven_card_game_nineteen_is_nineteen(self, muggins: bool) -> None:
        # 3-T-K-2-5 of spades with the 2C: six fifteens, a pair, a five-card flush.
        hand, starter = cards("3S TS KS 2S 5S"), card("2C")
        assert naive_total(hand, starter, False) == 19
        r = check_hand(hand, starter, claimed=19, variant=Variant.SEVEN_CARD, muggins=muggins)
        assert (r.ruling.verdict, r.ruling.player_pegs, r.ruling.opponent_pegs) == (  # type: ignore[union-attr]
            Verdict.CORRECT, 19, 0)
        assert r.ruling.findings == ()  # type: ignore[union-attr]

    def test_seven_card_game_nothing_claimed_as_nineteen_is_an_overcount(self) -> None:
        r = check_hand(cards("2H 4C 6S 8D KC"), card("QD"), claimed=19,
                       variant=Variant.SEVEN_CARD)
        assert (r.show.total, r.show.call) == (0, "nothing")
        assert (r.ruling.verdict, r.ruling.player_pegs, r.ruling.opponent_pegs) == (  # type: ignore[union-attr]
            Verdict.OVERCOUNT, 0, 19)

    @pytest.mark.parametrize(("variant", "size", "worth"), [
        (Variant.SEVEN_CARD, 5, 19), (Variant.SIX_CARD, 4, 0), (Variant.FIVE_CARD, 3, 0)])
    def test_random_hands_against_the_naive_scorer(self, variant: Variant, size: int,
                                                   worth: int) -> None:
        rng = random.Random(12)
        deck = [Card.parse(r + s) for r in "A23456789TJQK" for s in "SHDC"]
        for _ in range(3000):
            drawn = rng.sample(deck, size + 1)
            hand, starter = drawn[:size], drawn[size]
            true = naive_total(hand, starter, False)
            r = check_hand(hand, starter, claimed=19, variant=variant).ruling
            assert r is not None and r.read == worth
            assert (r.player_pegs, r.opponent_pegs) == (
                (true, worth - true) if worth > true else (min(worth, true), 0))

    def test_the_crib_of_the_seven_card_game_is_four_cards(self) -> None:
        r = check_hand(cards("2H 4C 6S 8D"), card("KC"), crib=True, claimed=19,
                       variant=Variant.SEVEN_CARD)
        assert (r.show.call, r.ruling.verdict, r.ruling.opponent_pegs) == (  # type: ignore[union-attr]
            "nineteen", Verdict.CORRECT, 0)


class TestOvercount:
    @pytest.mark.parametrize(
        ("ruleset", "opponent"), [("acc", 3), ("hoyle", 2), ("english", 3), ("friendly", 0)]
    )
    def test_remedy(self, ruleset: str, opponent: int) -> None:
        r = ruling(11, 8, ruleset)
        assert (r.verdict, r.player_pegs, r.opponent_pegs) == (Verdict.OVERCOUNT, 8, opponent)
        assert [f.code for f in r.findings] == [FindingCode.OVERCOUNT]
        assert r.findings[0].points == 3

    def test_acc_cites_its_rule(self) -> None:
        assert ruling(11, 8).findings[0].rule == "ACC 8.4"


class TestCitations:
    @pytest.mark.parametrize(("code", "ruleset", "rule"), [
        (FindingCode.OVER_31, "acc", "ACC 7.1.e"),
        (FindingCode.FALSE_CLAIM_OF_GAME, "acc", "ACC 8.4.b"),
        (FindingCode.AMBIGUOUS_RECORD, "acc", None),
        (FindingCode.MISDEAL, "english", "English laws iii"),
        (FindingCode.OVERCOUNT, "english", "English laws ix"),
        (FindingCode.FALSE_CLAIM_OF_GAME, "english", "English laws xvi"),
        (FindingCode.RENEGE, "english", "English laws xxi"),
        (FindingCode.OUT_OF_TURN, "english", "English laws"),
        (FindingCode.RENEGE, "hoyle", "Hoyle"),
        (FindingCode.RENEGE, "friendly", None),
        (FindingCode.UNDERCOUNT, "acc", "ACC 8.3"),
        (FindingCode.UNDERCOUNT, "friendly", None)])
    def test_the_printed_rule(self, code: FindingCode, ruleset: str, rule: str | None) -> None:
        assert cite(code, Ruleset(ruleset)) == rule

    def test_an_acc_undercount_cites_the_underpegging_rule(self) -> None:
        (finding,) = ruling(6, 8, "acc").findings
        assert (finding.code, finding.rule) == (FindingCode.UNDERCOUNT, "ACC 8.3")

    @pytest.mark.parametrize("code", [FindingCode.IMPOSSIBLE_CLAIM, FindingCode.CARD_NOT_HELD,
                                      FindingCode.CARD_ALREADY_PLAYED,
                                      FindingCode.CARDS_LEFT_UNPLAYED,
                                      FindingCode.AMBIGUOUS_RECORD])
    def test_under_the_acc_only_the_records_facts_cite_no_rule(self, code: FindingCode) -> None:
        """What docs/rules.md#sources-and-rulesets lists: the findings that state a fact
        of the record, not a ruling a numbered rule makes."""
        assert cite(code, Ruleset.ACC) is None
        # A club night's findings name their rule one by one (one code, several parts of
        # ACC 12.2), so no ruleset's citations cover them.
        uncited = {c for c in set(FindingCode) - SCORECARD_CODES if cite(c, Ruleset.ACC) is None}
        assert uncited == {FindingCode.IMPOSSIBLE_CLAIM, FindingCode.CARD_NOT_HELD,
                           FindingCode.CARD_ALREADY_PLAYED, FindingCode.CARDS_LEFT_UNPLAYED,
                           FindingCode.AMBIGUOUS_RECORD}

    def test_every_finding_names_its_section_of_the_rule_book(self) -> None:
        finding = ruling(11, 8, "english").findings[0]
        assert finding.to_dict() == {
            "code": "overcount", "message": "pone claimed 11 for the hand, which counts 8: "
            "3 too many", "player": "pone", "points": 3, "rule": "English laws ix",
            "rulebook": "/rules#overcount"}


class TestUndercount:
    @pytest.mark.parametrize("ruleset", ["acc", "hoyle", "english"])
    def test_points_are_lost(self, ruleset: str) -> None:
        r = ruling(6, 10, ruleset)
        assert (r.verdict, r.player_pegs, r.opponent_pegs) == (Verdict.UNDERCOUNT, 6, 0)
        assert [f.code for f in r.findings] == [FindingCode.UNDERCOUNT]

    def test_friendly_corrects_in_the_players_favour(self) -> None:
        r = ruling(6, 10, "friendly")
        assert (r.player_pegs, r.opponent_pegs) == (10, 0)

    @pytest.mark.parametrize("ruleset", ["acc", "hoyle", "english", "friendly"])
    def test_muggins_takes_the_missed_points(self, ruleset: str) -> None:
        r = ruling(6, 10, ruleset, muggins=True)
        assert (r.player_pegs, r.opponent_pegs) == (6, 4)
        assert [f.code for f in r.findings] == [FindingCode.UNDERCOUNT, FindingCode.MUGGINS]
        assert r.findings[1].points == 4

    def test_muggins_cites_the_rule_that_makes_it(self) -> None:
        # ACC 10.1.a makes muggins the optional rule; 10.3 lists where it never applies
        # (docs/rules.md#muggins), so it is not the rule a muggins finding applies.
        r = ruling(6, 10, "acc", muggins=True)
        assert [(f.code, f.rule) for f in r.findings] == [
            (FindingCode.UNDERCOUNT, "ACC 8.3"), (FindingCode.MUGGINS, "ACC 10.1.a")]
        assert [f.rule for f in ruling(6, 10, "hoyle", muggins=True).findings] == ["Hoyle"] * 2


class TestImpossibleClaims:
    @pytest.mark.parametrize("claimed", [25, 26, 27, 30, 35])
    def test_four_card_hand(self, claimed: int) -> None:
        r = check_hand(cards("5H 5C 5S 4D"), card("6D"), claimed=claimed)  # counts 23
        codes = [f.code for f in r.ruling.findings]  # type: ignore[union-attr]
        assert codes == [FindingCode.IMPOSSIBLE_CLAIM, FindingCode.OVERCOUNT]
        assert r.ruling.verdict is Verdict.OVERCOUNT  # type: ignore[union-attr]
        assert r.ruling.opponent_pegs == claimed - 23  # type: ignore[union-attr]

    def test_impossible_and_under(self) -> None:
        r = check_hand(cards("5H 5C 5S JD"), card("5D"), claimed=25)
        codes = [f.code for f in r.ruling.findings]  # type: ignore[union-attr]
        assert codes == [FindingCode.IMPOSSIBLE_CLAIM, FindingCode.UNDERCOUNT]

    def test_nineteen_is_not_impossible(self) -> None:
        r = check_hand(cards("2H 4C 6S 8D"), card("KC"), claimed=19)
        assert r.ruling.verdict is Verdict.CORRECT  # type: ignore[union-attr]
        assert r.ruling.findings == ()  # type: ignore[union-attr]

    def test_five_card_game_maximum(self) -> None:
        r = check_hand(cards("5H 5C 5S"), card("5D"), claimed=21, variant=Variant.FIVE_CARD)
        assert FindingCode.IMPOSSIBLE_CLAIM in [f.code for f in r.ruling.findings]  # type: ignore[union-attr]
        r = check_hand(cards("5H 5C 5S"), card("5D"), claimed=20, variant=Variant.FIVE_CARD)
        assert r.ruling.verdict is Verdict.CORRECT  # type: ignore[union-attr]

    def test_seven_card_game_allows_twenty_six(self) -> None:
        # 26 is impossible for four cards, possible for five
        r = check_hand(cards("4H 4C 5S 5D 6H"), card("6C"), claimed=26,
                       variant=Variant.SEVEN_CARD)
        assert FindingCode.IMPOSSIBLE_CLAIM not in [f.code for f in r.ruling.findings]  # type: ignore[union-attr]


class TestHandSize:
    def test_wrong_size_for_variant(self) -> None:
        with pytest.raises(RecordError, match="a five-card hand has 3 cards, not 4"):
            check_hand(cards("5H 5C 5S JD"), card("5D"), variant=Variant.FIVE_CARD)

    def test_crib_is_always_four(self) -> None:
        r = check_hand(cards("5H 5C 5S JD"), card("5D"), crib=True, variant=Variant.FIVE_CARD)
        assert r.show.total == 29


class TestTheOpponent:
    """With three or four players the opponent is the next seat to the offender's left."""

    @pytest.mark.parametrize(("variant", "seats", "pegged"), [
        (Variant.THREE_PLAYER, ("a", "b", "c"), {"a": 0, "b": 2, "c": 1 + 3}),
        (Variant.FOUR_PLAYER, ("a", "b", "c", "d"), {"a": 0, "b": 2, "c": 1 + 3, "d": 0})])
    def test_the_next_seat_takes_the_excess(self, variant: Variant, seats: tuple[str, ...],
                                             pegged: dict[str, int]) -> None:
        # b's ten makes fifteen (2), claimed as 5; c's two is the last card.
        result = check_play(record("a:5H b:TC=5 c:2S"), table=Table.seat(variant, seats))
        assert [(f.code, f.player, f.points) for f in result.findings] == [
            (FindingCode.OVERCOUNT, "b", 3)]
        assert result.pegged == pegged
