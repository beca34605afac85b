"""Issue 12 items 2 and 5: repeated gos, corrected gos and the ACC 7.3 retraction,
with exact values worked out by hand in the comments."""

from __future__ import annotations

import random
from typing import ClassVar

import pytest

from rules import Table
from rules.core.cards import full_deck
from rules.core.rulesets import Ruleset
from rules.core.variants import Variant
from rules.play.check import PlayCheck, PlayEvent, check_play
from tests.cards import cards
from tests.library.test_play import SEATS, record
from tests.simulate import naive_peg, play_out

DECK = list(full_deck())
THREE = ("a", "b", "c")


def referee(text: str, hands: dict[str, str] | None = None,  # type: ignore[no-untyped-def]
            variant: Variant = Variant.SIX_CARD, players=None, **kwargs) -> PlayCheck:
    parsed = None if hands is None else {p: cards(h) for p, h in hands.items()}
    return check_play(record(text), table=Table.seat(variant, players), hands=parsed,
                      **kwargs)


def codes(result: PlayCheck) -> list[str]:
    return [f.code.value for f in result.findings]


class TestRepeatedGo:
    HANDS: ClassVar[dict[str, str]] = {"pone": "KD 2H TS 9S", "dealer": "QH 3D KC 9D"}
    # 10 20 22 25, pone goes, the dealer's go is missing: the dealer's 3 takes the go.
    # 10 20 29, the dealer goes, the pone is out of cards: the pone's 9 takes the go.
    # The dealer's 9 leads the last count alone: the last card.
    RECORD = ("pone:KD dealer:QH pone:2H dealer:3D pone:go pone:TS dealer:KC pone:9S "
              "dealer:go dealer:go dealer:9D")

    @pytest.mark.parametrize("with_hands", [True, False])
    def test_the_issues_record(self, with_hands: bool) -> None:
        r = referee(self.RECORD, self.HANDS if with_hands else None)
        assert codes(r) == []
        assert r.totals == {"pone": 1, "dealer": 2}
        assert r.pegged == {"pone": 1, "dealer": 2}
        assert r.plays[10].count == 9 and r.plays[10].new_count

    def test_every_go_doubled_in_random_legal_records(self) -> None:
        """Thousands of legal records in every variant, every go said twice: nothing to find,
        and the same totals as the naive scorer."""
        rng = random.Random(12)
        for variant, seats in SEATS.items():
            for _ in range(600):
                size = variant.spec.hand_size
                drawn = rng.sample(DECK, size * len(seats))
                hands = {p: drawn[i * size:(i + 1) * size] for i, p in enumerate(seats)}
                events = play_out(hands, seats, rng, single_count=variant.spec.single_count)
                doubled: list[PlayEvent] = []
                for e in events:
                    if e.count_ends:
                        continue
                    doubled.append(PlayEvent(e.player, e.card))
                    if e.card is None:
                        doubled.append(PlayEvent(e.player, None))
                for known in (hands, None):
                    r = check_play(doubled, table=Table.seat(variant, seats), hands=known)
                    assert codes(r) == [], (variant, [str(e.card) for e in events])
                    assert r.totals == naive_peg(events, seats)


class TestCorrectedGo:
    """ACC 7.3: a go may be corrected before either player pegs or the opponent plays."""

    HANDS: ClassVar[dict[str, str]] = {"pone": "KH TD 5S 2C", "dealer": "QC 9S AH 3D"}
    # 10 20 30; the dealer says go holding the ace, then lays it at once: 31 for 2.
    # 5 14 16 19: the dealer's 3 is the last card.
    RECORD = "pone:KH dealer:QC pone:TD dealer:go dealer:AH pone:5S dealer:9S pone:2C dealer:3D"

    @pytest.mark.parametrize("ruleset", list(Ruleset))
    def test_a_go_taken_back_by_the_next_card_is_no_renege(self, ruleset: Ruleset) -> None:
        r = referee(self.RECORD, self.HANDS, ruleset=ruleset)
        assert codes(r) == []
        assert r.totals == {"pone": 0, "dealer": 3}
        assert r.pegged == {"pone": 0, "dealer": 3}
        assert [s.kind.value for s in r.plays[4].scores] == ["thirty-one"]

    def test_a_card_between_means_the_go_stood(self) -> None:
        # The pone's go comes between the dealer's go and ace: the go stood, a renege.
        hands = {"pone": "KH TD 5S 2C", "dealer": "QC 9S AH 3D"}
        r = referee("pone:KH dealer:QC pone:TD dealer:go pone:go dealer:AH pone:5S dealer:9S "
                    "pone:2C dealer:3D", hands)
        assert codes(r) == ["renege"]
        assert (r.findings[0].index, r.findings[0].points) == (3, 2)


    def test_live_a_go_that_can_still_be_taken_back_is_not_charged_yet(self) -> None:
        """In progress, the dealer's false go is the last event: it can still be corrected
        by the dealer's next card (ACC 7.3), so no renege is charged yet."""
        hands = {"pone": "KH TD 5S 2C", "dealer": "QC 9S AH 3D"}
        r = referee("pone:KH dealer:QC pone:TD dealer:go", hands, in_progress=True)
        assert codes(r) == []
        assert r.pegged == {"pone": 0, "dealer": 0}
        # Once the pone plays on (here, a true go on 30), the dealer's go stands: a renege
        # with the ace, 2 to the pone, beside the pone's go point for the TD (1).
        r = referee("pone:KH dealer:QC pone:TD dealer:go pone:go", hands, in_progress=True)
        assert codes(r) == ["renege"]
        assert r.pegged == {"pone": 2 + 1, "dealer": 0}

    def test_live_a_go_that_ended_the_count_is_charged_at_once(self) -> None:
        # pone 10, dealer 20; the pone says go holding TD 5S 2C, which all fit: still
        # correctable. Then the dealer says go too (holding 9S AH 3D, which all fit): the
        # count ends on the dealer's go point, so neither go can be taken back. Two reneges,
        # 2 a card under the ACC: 6 to each side, and the dealer's go point for the QC.
        hands = {"pone": "KH TD 5S 2C", "dealer": "QC 9S AH 3D"}
        r = referee("pone:KH dealer:QC pone:go", hands, in_progress=True)
        assert codes(r) == []
        r = referee("pone:KH dealer:QC pone:go dealer:go", hands, in_progress=True)
        assert codes(r) == ["renege", "renege"]
        assert r.pegged == {"pone": 6, "dealer": 1 + 6}


class TestReneges:
    # pone 10, dealer 20, pone 25; the dealer says go holding A, 5 and 4 (all fit): a renege
    # worth 6 under the ACC (2 a card), 2 under Hoyle and the English laws.
    # The pone plays on: 5 makes 30 and a pair (2), then the pone's go point (1).
    # The dealer leads the next count: A 1, 9 10, 5 15 (2), 4 19 and the last card (1).
    HANDS: ClassVar[dict[str, str]] = {"pone": "KH 5S 5D 9C", "dealer": "QC AH 5C 4S"}
    RECORD = ("pone:KH dealer:QC pone:5S dealer:go pone:5D pone:go dealer:AH pone:9C "
              "dealer:5C dealer:4S")

    @pytest.mark.parametrize(("ruleset", "penalty", "pegged"), [
        # ACC 7.3: the pone's 3 pegged after the renege in that count are retracted.
        (Ruleset.ACC, 6, {"pone": 3 - 3 + 6, "dealer": 3}),
        (Ruleset.HOYLE, 2, {"pone": 3 + 2, "dealer": 3}),
        (Ruleset.ENGLISH, 2, {"pone": 3 + 2, "dealer": 3}),
        (Ruleset.FRIENDLY, 0, {"pone": 3, "dealer": 3}),
    ])
    def test_remedy_by_ruleset(self, ruleset: Ruleset, penalty: int,
                               pegged: dict[str, int]) -> None:
        r = referee(self.RECORD, self.HANDS, ruleset=ruleset)
        assert codes(r) == ["renege"]
        assert (r.findings[0].player, r.findings[0].index, r.findings[0].points) == (
            "dealer", 3, penalty)
        assert r.totals == {"pone": 3, "dealer": 3}  # what the cards truly score
        assert r.pegged == pegged
        # The pone's 5D, laid after the renege in that count, alone is retracted.
        assert r.retracted == (frozenset({4}) if ruleset is Ruleset.ACC else frozenset())

    def test_acc_retracts_either_sides_points_to_the_end_of_that_count(self) -> None:
        # a 10, b 20, c says go on 20 holding 4 6 J 3 (all fit): 8 to a, c's left.
        # a A 21, b A 22 (pair, 2), a 9 31 (2): retracted, 2 each.
        # b 7, c 6, a 2 15 (2), b 8 23, c 4 27, c 3 30, c go: c's 3 takes the go (1).
        # c leads J alone: the last card (1).
        hands = {"a": "KH AS 9S 2C", "b": "QC AD 7H 8H", "c": "4D 6D JS 3S"}
        text = "a:KH b:QC c:go a:AS b:AD a:9S b:7H c:6D a:2C b:8H c:4D c:3S c:go c:JS"
        kwargs = {"players": THREE, "variant": Variant.THREE_PLAYER}
        acc = referee(text, hands, **kwargs)
        assert codes(acc) == ["renege"]
        assert (acc.findings[0].player, acc.findings[0].points) == ("c", 8)
        assert acc.totals == {"a": 4, "b": 2, "c": 2}
        assert acc.pegged == {"a": 4 - 2 + 8, "b": 2 - 2, "c": 2}
        assert acc.retracted == frozenset({3, 4, 5})  # a's AS, b's AD, a's 9S
        hoyle = referee(text, hands, ruleset=Ruleset.HOYLE, **kwargs)
        assert hoyle.pegged == {"a": 4 + 2, "b": 2, "c": 2}

    def test_retracted_claims_keep_their_overcount_penalty(self) -> None:
        # As above, with claims: the pone claimed 3 for the pair (2): overcount, the dealer
        # pegs the excess 1 (a penalty, kept); the pair's 2 is retracted.
        text = ("pone:KH=0 dealer:QC=0 pone:5S=0 dealer:go pone:5D=3 pone:go=1 dealer:AH=0 "
                "pone:9C=0 dealer:5C=2 dealer:4S=1")
        r = referee(text, self.HANDS)
        assert codes(r) == ["renege", "overcount"]
        assert r.pegged == {"pone": 6, "dealer": 3 + 1}


def test_events_are_numbered_from_one_for_people() -> None:
    # 7; 8 makes fifteen (2, claimed 0); 6 makes a run of three (3, claimed 5).
    r = referee("pone:7H=0 dealer:8S=0 pone:6C=5")
    assert [(f.code.value, f.index) for f in r.findings] == [("undercount", 1), ("overcount", 2)]
    assert r.findings[0].message.startswith("dealer claimed 0 for play 2,")
    assert r.findings[1].message.startswith("pone claimed 5 for play 3,")
