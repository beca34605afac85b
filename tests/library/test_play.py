"""The play (docs/rules.md#the-count on) and its rulings, with exact values."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import Table
from rules.core.cards import Card, full_deck
from rules.core.errors import RecordError
from rules.core.findings import FindingCode
from rules.core.rulesets import Ruleset
from rules.core.variants import Variant
from rules.play.check import PlayCheck, PlayEvent, check_play
from rules.play.pegging import PegKind, peg_scores
from tests.cards import cards
from tests.simulate import Event, naive_peg, play_out

DECK = list(full_deck())
TWO = ("pone", "dealer")


def record(text: str) -> list[PlayEvent]:
    """``"pone:5H dealer:go pone:TD=2"``: player, card or go, optional claim; ``=0/1``
    claims 0 for the card and 1 for the go it earned (``=/1``: the go only)."""
    events = []
    for token in text.split():
        player, _, rest = token.partition(":")
        what, _, claims = rest.partition("=")
        claim, _, go = claims.partition("/")
        card = None if what == "go" else Card.parse(what)
        events.append(PlayEvent(player, card, int(claim) if claim else None,
                                int(go) if go else None))
    return events


def referee(text: str, hands: dict[str, str] | None = None,  # type: ignore[no-untyped-def]
            variant: Variant = Variant.SIX_CARD, players=None, **kwargs) -> PlayCheck:
    parsed = None if hands is None else {p: cards(h) for p, h in hands.items()}
    return check_play(record(text), table=Table.seat(variant, players), hands=parsed,
                      **kwargs)


def kinds(result: PlayCheck, index: int) -> list[tuple[str, int]]:
    return [(s.kind.value, s.points) for s in result.plays[index].scores]


def codes(result: PlayCheck) -> list[str]:
    return [f.code.value for f in result.findings]


class TestScoringOneCard:
    def test_fifteen(self) -> None:
        assert [s.kind for s in peg_scores(cards("7H 8S"), 15)] == [PegKind.FIFTEEN]

    def test_run_out_of_order(self) -> None:
        scores = peg_scores(cards("4H 6S 5C"), 15)
        assert [(s.kind, s.points) for s in scores] == [(PegKind.FIFTEEN, 2), (PegKind.RUN, 3)]

    def test_duplicate_breaks_the_run(self) -> None:
        assert peg_scores(cards("5H 6S 6C 7D"), 24) == ()

    def test_gap_means_no_run(self) -> None:
        assert peg_scores(cards("4H 6S 7C"), 17) == ()

    def test_longest_run_only(self) -> None:
        scores = peg_scores(cards("2H 4S 3C 5D 6H"), 20)
        assert [(s.kind, s.points) for s in scores] == [(PegKind.RUN, 5)]

    def test_pair_royal_and_double(self) -> None:
        assert [(s.kind, s.points) for s in peg_scores(cards("3H 3S 3C"), 9)] == [
            (PegKind.PAIR_ROYAL, 6)]
        assert [(s.kind, s.points) for s in peg_scores(cards("2H 2S 2C 2D"), 8)] == [
            (PegKind.DOUBLE_PAIR_ROYAL, 12)]

    def test_a_card_between_breaks_a_pair(self) -> None:
        assert peg_scores(cards("5H 6S 5C"), 16) == ()

    def test_face_cards_pair_by_rank_not_value(self) -> None:
        assert peg_scores(cards("KH JS"), 20) == ()
        assert [(s.kind, s.points) for s in peg_scores(cards("JH QS KC"), 30)] == [
            (PegKind.RUN, 3)]


class TestCounts:
    def test_thirty_one_with_pair_royal(self) -> None:
        r = referee("pone:KH dealer:7C pone:7D dealer:7S")
        assert kinds(r, 2) == [("pair", 2)]
        assert kinds(r, 3) == [("thirty-one", 2), ("pair-royal", 6)]
        assert r.totals == {"pone": 2, "dealer": 8} and codes(r) == []

    def test_go_then_last_card(self) -> None:
        # 10 19 29, dealer goes, pone makes 30 and cannot go on: pone pegs the go.
        # The dealer leads 5, then 4 and 3 make a run of three with the last card.
        r = referee("pone:TH dealer:9C pone:KD dealer:go pone:AS dealer:5C pone:4H dealer:3D")
        assert kinds(r, 4) == [("go", 1)]
        assert r.plays[5].new_count and r.plays[5].count == 5
        assert r.plays[5].inferred_go == ("pone",)
        assert kinds(r, 7) == [("run", 3), ("last-card", 1)]
        assert r.totals == {"pone": 1, "dealer": 4} and codes(r) == []

    def test_thirty_one_scores_two_not_three(self) -> None:
        r = referee("pone:TH dealer:TC pone:AD dealer:KS")
        assert kinds(r, 1) == [("pair", 2)] and kinds(r, 3) == [("thirty-one", 2)]
        assert r.totals == {"pone": 0, "dealer": 4}

    def test_last_card_after_a_thirty_one(self) -> None:
        r = referee("pone:TH dealer:TC pone:AD dealer:KS pone:5H dealer:5C pone:5D dealer:5S")
        assert kinds(r, 3) == [("thirty-one", 2)]
        assert kinds(r, 7) == [("double-pair-royal", 12), ("last-card", 1)]

    def test_nothing_spans_a_reset(self) -> None:
        # The ten led after 31 does not pair the ten that made it.
        r = referee("pone:TH dealer:KC pone:AH dealer:TD pone:TS dealer:5C pone:6D dealer:4S")
        assert kinds(r, 3) == [("thirty-one", 2)]
        assert r.plays[4].new_count and kinds(r, 4) == []
        assert kinds(r, 5) == [("fifteen", 2)]
        assert kinds(r, 7) == [("run", 3), ("last-card", 1)]
        assert r.totals == {"pone": 0, "dealer": 8} and codes(r) == []

    def test_one_player_plays_on_alone_making_a_run(self) -> None:
        # Pone cannot play on 26; the dealer lays 2 then 3: A-2-3 and 31.
        r = referee("pone:KH dealer:5C pone:QD dealer:AS pone:go dealer:2H dealer:3D "
                    "pone:9C pone:8S")
        assert kinds(r, 1) == [("fifteen", 2)]
        assert kinds(r, 5) == []
        assert kinds(r, 6) == [("thirty-one", 2), ("run", 3)]
        assert kinds(r, 8) == [("last-card", 1)]
        assert r.totals == {"pone": 1, "dealer": 7} and codes(r) == []


class TestMissingGos:
    def test_card_that_would_pass_31_starts_a_new_count(self) -> None:
        r = referee("pone:KH dealer:QC pone:TD dealer:9S")
        assert r.plays[3].inferred_go == ("dealer", "pone")
        assert r.plays[3].new_count and r.plays[3].count == 9
        assert kinds(r, 2) == [("go", 1)] and codes(r) == []

    def test_player_continuing_implies_the_others_go(self) -> None:
        r = referee("pone:KH dealer:QC pone:8D pone:3S dealer:5C")
        assert r.plays[3].inferred_go == ("dealer",)
        assert kinds(r, 3) == [("thirty-one", 2)] and codes(r) == []

    def test_ambiguity_is_reported_not_guessed(self) -> None:
        r = referee("pone:KH dealer:QC pone:TD pone:5S")
        assert codes(r) == ["ambiguous-record", "over-31"]
        assert "Scored as the first" in r.findings[0].message

    def test_go_by_the_player_who_laid_the_last_card_changes_nothing(self) -> None:
        plain = referee("pone:KH dealer:QC pone:TD dealer:9S")
        noisy = referee("pone:KH dealer:QC pone:TD pone:go pone:go dealer:go dealer:go dealer:9S")
        assert plain.totals == noisy.totals == {"pone": 1, "dealer": 1}
        assert codes(noisy) == []


class TestRulings:
    def test_over_31_is_taken_back(self) -> None:
        hands = {"pone": "KH TD 5S AC", "dealer": "QC 9S 4H 3D"}
        r = referee("pone:KH dealer:QC pone:TD dealer:9S=2 dealer:go pone:AC dealer:9S "
                    "pone:5S dealer:4H dealer:3D", hands)
        assert codes(r) == ["over-31", "overcount"]
        assert all(f.index == 3 for f in r.findings)
        assert r.plays[3].legal is False and r.plays[3].count == 30
        assert kinds(r, 5) == [("thirty-one", 2)]
        assert r.plays[6].count == 9  # the 9 taken back is played legally later

    def test_renege_remedies_per_ruleset(self) -> None:
        hands = {"pone": "KH TD 5S 8C", "dealer": "QC AS AH 9D"}
        text = "pone:KH dealer:QC pone:5S dealer:go pone:go dealer:AS pone:TD dealer:AH " \
               "pone:8C dealer:9D"
        for ruleset, points in (("acc", 4), ("hoyle", 2), ("english", 2), ("friendly", 0)):
            r = referee(text, hands, ruleset=Ruleset(ruleset))
            assert codes(r) == ["renege"]
            assert r.findings[0].points == points

    def test_renege_proved_without_hands_by_a_later_card(self) -> None:
        r = referee("pone:KH dealer:QC pone:5S dealer:go pone:6D dealer:AH")
        assert codes(r) == ["renege"]
        assert (r.findings[0].index, r.findings[0].player) == (3, "dealer")

    def test_out_of_turn(self) -> None:
        hands = {"pone": "KH 5D 5S 2C", "dealer": "QC 9S 4H 3D"}
        r = referee("pone:KH pone:5D dealer:QC", hands)
        assert codes(r) == ["out-of-turn", "cards-left-unplayed", "cards-left-unplayed"]
        assert r.findings[0].rule == "ACC 7.1.b"

    def test_card_not_held_and_already_played(self) -> None:
        hands = {"pone": "KH 5D 5S 2C", "dealer": "QC 9S 4H 3D"}
        r = referee("pone:KH dealer:KH pone:7S", hands)
        assert codes(r)[:2] == ["card-already-played", "card-not-held"]

    def test_cards_left_unplayed(self) -> None:
        hands = {"pone": "KH 5D 5S 2C", "dealer": "QC 9S 4H 3D"}
        r = referee("pone:KH dealer:QC", hands)
        left = [f for f in r.findings if f.code is FindingCode.CARDS_LEFT_UNPLAYED]
        assert [(f.player, f.message) for f in left] == [
            ("pone", "pone never played 2C 5S 5D"), ("dealer", "dealer never played 3D 4H 9S")]

    def test_claims_overcount_undercount_muggins(self) -> None:
        # 7; 8 makes fifteen (2, claimed 3); 6 makes a run of three (3, claimed 1);
        # K makes 31 (2, claimed 0).
        r = referee("pone:7H=0 dealer:8S=3 pone:6C=1 dealer:KD=0", muggins=True)
        assert [(f.code.value, f.index, f.points) for f in r.findings] == [
            ("overcount", 1, 1), ("undercount", 2, 2), ("muggins", 2, 2),
            ("undercount", 3, 2), ("muggins", 3, 2)]
        assert r.totals == {"pone": 3, "dealer": 4}
        assert r.pegged == {"pone": 1 + 1 + 2, "dealer": 2 + 2 + 0}

    def test_go_point_claimed_on_the_go(self) -> None:
        r = referee("pone:KH=0 dealer:QC=0 pone:TD=0 dealer:go pone:go=1 dealer:9S=1")
        assert codes(r) == [] and r.pegged == {"pone": 1, "dealer": 1}


class TestGoPointClaims:
    """docs/rules.md#claims-in-the-play: a card's claim covers what it scored when laid."""

    # 10, 20, then the pone's 9C on 29 scores nothing and is claimed 0; the dealer says
    # go, so the 9C earns the go point later; the dealer's 8C leads a new count and
    # takes the last card.
    ISSUE = "pone:TH dealer:KS pone:9C=0 dealer:go dealer:8C"

    @pytest.mark.parametrize("ruleset", list(Ruleset))
    @pytest.mark.parametrize("muggins", [False, True])
    def test_a_correct_claim_is_not_an_undercount_of_a_later_go(
            self, ruleset: Ruleset, muggins: bool) -> None:
        r = referee(self.ISSUE, ruleset=ruleset, muggins=muggins)
        assert kinds(r, 2) == [("go", 1)] and kinds(r, 4) == [("last-card", 1)]
        assert r.totals == {"pone": 1, "dealer": 1}
        assert codes(r) == []
        assert r.pegged == {"pone": 1, "dealer": 1}

    def test_claimed_go_claims_the_go_apart(self) -> None:
        r = referee(self.ISSUE.replace("9C=0", "9C=0/1"), muggins=True)
        assert codes(r) == [] and r.pegged == {"pone": 1, "dealer": 1}
        assert r.plays[2].claimed == 0 and r.plays[2].claimed_go == 1

    @pytest.mark.parametrize(("ruleset", "muggins", "rule", "pegged"), [
        (Ruleset.ACC, False, None, {"pone": 0, "dealer": 1}),
        (Ruleset.ACC, True, "ACC 10.1.a", {"pone": 0, "dealer": 2}),
        (Ruleset.HOYLE, True, "Hoyle", {"pone": 0, "dealer": 2}),
        (Ruleset.ENGLISH, False, None, {"pone": 0, "dealer": 1}),
        (Ruleset.FRIENDLY, False, None, {"pone": 1, "dealer": 1}),
        (Ruleset.FRIENDLY, True, None, {"pone": 0, "dealer": 2}),
    ])
    def test_a_go_claimed_short_is_an_undercount_of_the_go(
            self, ruleset: Ruleset, muggins: bool, rule: str | None,
            pegged: dict[str, int]) -> None:
        r = referee(self.ISSUE.replace("9C=0", "9C=0/0"), ruleset=ruleset, muggins=muggins)
        under = r.findings[0]
        assert (under.code, under.index, under.points) == (FindingCode.UNDERCOUNT, 2, 1)
        assert under.message == "pone claimed 0 for the go on play 3, which counts 1: 1 missed"
        assert [(f.code.value, f.rule) for f in r.findings[1:]] == (
            [("muggins", rule)] if muggins else [])
        assert r.pegged == pegged and r.totals == {"pone": 1, "dealer": 1}

    @pytest.mark.parametrize(("ruleset", "rule", "pegged"), [
        (Ruleset.ACC, "ACC 8.4", {"pone": 1, "dealer": 2}),
        (Ruleset.HOYLE, "Hoyle", {"pone": 1, "dealer": 3}),
        (Ruleset.ENGLISH, "English laws ix", {"pone": 1, "dealer": 2}),
        (Ruleset.FRIENDLY, None, {"pone": 1, "dealer": 1}),
    ])
    def test_a_go_claimed_over_is_an_overcount_of_the_go(
            self, ruleset: Ruleset, rule: str | None, pegged: dict[str, int]) -> None:
        r = referee(self.ISSUE.replace("9C=0", "9C=0/2"), ruleset=ruleset)
        assert [(f.code.value, f.index, f.points, f.rule, f.message) for f in r.findings] == [
            ("overcount", 2, 1, rule, "pone claimed 2 for the go on play 3, which counts 1: "
             "1 too many")]
        assert r.pegged == pegged

    def test_a_go_claimed_for_a_card_that_earned_none_is_an_overcount(self) -> None:
        r = referee("pone:TH=/1 dealer:KS=0/0 pone:9C dealer:go dealer:8C")
        assert [(f.code.value, f.index, f.message) for f in r.findings] == [
            ("overcount", 0, "pone claimed 1 for the go on play 1, which counts 0: 1 too many")]
        assert r.pegged == {"pone": 1, "dealer": 2}

    def test_records_with_the_go_in_the_card_claim_keep_their_rulings(self) -> None:
        # Before claimed_go, the go was claimed with the card: still correct, and a claim
        # above both is an overcount of both, as it was.
        r = referee(self.ISSUE.replace("9C=0", "9C=1"), muggins=True)
        assert codes(r) == [] and r.pegged == {"pone": 1, "dealer": 1}
        r = referee(self.ISSUE.replace("9C=0", "9C=3"))
        assert [(f.code.value, f.points, f.message) for f in r.findings] == [
            ("overcount", 2, "pone claimed 3 for play 3, which counts 1: 2 too many")]
        assert r.pegged == {"pone": 1, "dealer": 3}

    def test_a_claim_short_of_the_card_leaves_its_go_credited(self) -> None:
        # The 6S pairs on 30 (2) and takes the go (1); claimed 1, the pair is short by 1
        # and the go, unclaimed, is credited (it was an undercount of 2, muggins 2).
        r = referee("pone:8H dealer:KC pone:6H dealer:6S=1 pone:go dealer:go pone:5C",
                    muggins=True)
        assert kinds(r, 3) == [("pair", 2), ("go", 1)]
        assert [(f.code.value, f.index, f.points) for f in r.findings] == [
            ("undercount", 3, 1), ("muggins", 3, 1)]
        assert r.findings[0].message == "dealer claimed 1 for play 4, which counts 2: 1 missed"
        assert r.pegged == {"pone": 1 + 1, "dealer": 1 + 1}

    def test_a_claim_on_the_go_is_the_go_claimed(self) -> None:
        # As before: a claim on a go by the player who laid the last card is that go's.
        r = referee("pone:KH=0 dealer:QC=0 pone:TD=0 dealer:go pone:go=0 dealer:9S=1")
        assert [(f.code.value, f.index, f.message) for f in r.findings] == [
            ("undercount", 2, "pone claimed 0 for the go on play 3, which counts 1: 1 missed")]

    def test_the_last_card_claimed_in_the_five_card_game(self) -> None:
        five = {"variant": Variant.FIVE_CARD}
        r = referee("pone:8D dealer:7C=2 pone:TH dealer:3C=0/0 pone:go dealer:go", **five)
        assert kinds(r, 3) == [("last-card", 1)]
        assert [(f.code.value, f.index, f.message) for f in r.findings] == [
            ("undercount", 3,
             "dealer claimed 0 for the last card on play 4, which counts 1: 1 missed")]
        assert r.pegged == {"pone": 0, "dealer": 2}
        # In progress the 3C may still earn the last card: its claim waits.
        r = referee("pone:8D dealer:7C=2 pone:TH dealer:3C=0/1", in_progress=True, **five)
        assert codes(r) == [] and r.pegged == {"pone": 0, "dealer": 2}
        r = referee("pone:8D dealer:7C=2 pone:TH dealer:3C=0/1 pone:go dealer:go",
                    in_progress=True, **five)
        assert codes(r) == [] and r.pegged == {"pone": 0, "dealer": 3}

    def test_a_go_retracted_after_a_renege_keeps_its_overcount_penalty(self) -> None:
        # The dealer says go on 25 holding A, 5 and 4 (ACC 7.3: 6 to the pone); the
        # pone's pair and the go it earns after it are retracted. The go claimed 2: its
        # overcount penalty stands; claimed 0 with muggins, the muggins goes with it.
        hands = {"pone": "KH 5S 5D 9C", "dealer": "QC AH 5C 4S"}
        plays = "pone:KH dealer:QC pone:5S dealer:go pone:5D={} pone:go dealer:AH pone:9C " \
                "dealer:5C dealer:4S"
        r = referee(plays.format("2/2"), hands)
        assert [(f.code.value, f.index) for f in r.findings] == [
            ("renege", 3), ("overcount", 4)]
        assert r.pegged == {"pone": 6, "dealer": 3 + 1}
        r = referee(plays.format("2/0"), hands, muggins=True)
        assert [(f.code.value, f.index) for f in r.findings] == [
            ("renege", 3), ("undercount", 4), ("muggins", 4)]
        assert r.pegged == {"pone": 6, "dealer": 3}

    def test_claimed_go_on_a_go_is_refused(self) -> None:
        events = [*record("pone:TH dealer:KS pone:9C"), PlayEvent("dealer", None, None, 1),
                  PlayEvent("dealer", Card.parse("8C"), None, -1)]
        with pytest.raises(RecordError) as caught:
            check_play(events)
        assert [(p.path, p.code.value) for p in caught.value.problems] == [
            (("plays", 3, "claimed_go"), "conflict"), (("plays", 4, "claimed_go"), "out-of-range")]


class TestPlayers:
    def test_three_players(self) -> None:
        r = check_play(record("a:5H b:TC c:KD a:2C b:AS c:3S a:9D b:4C c:6D a:8S b:go c:go "
                              "b:7H c:QH"),
                       table=Table.seat(Variant.THREE_PLAYER, ("a", "b", "c")))
        assert kinds(r, 1) == [("fifteen", 2)]
        assert kinds(r, 5) == [("thirty-one", 2), ("run", 3)]  # 2, A, 3
        assert r.plays[6].new_count and r.plays[6].player == "a"  # a follows c
        assert kinds(r, 9) == [("go", 1)]
        assert r.plays[12].new_count and r.plays[12].player == "b"  # b follows a
        assert kinds(r, 13) == [("last-card", 1)]
        assert r.totals == {"a": 1, "b": 2, "c": 6} and codes(r) == []

    def test_four_players_partnerships(self) -> None:
        r = check_play(record("n:5H e:TC s:5D w:5S n:5C"),
                       table=Table.seat(Variant.FOUR_PLAYER, ("n", "e", "s", "w")))
        assert kinds(r, 1) == [("fifteen", 2)]
        assert kinds(r, 2) == []  # the ten between breaks the pair
        assert kinds(r, 3) == [("pair", 2)]
        assert kinds(r, 4) == [("pair-royal", 6), ("last-card", 1)]
        assert r.totals == {"n": 7, "e": 2, "s": 0, "w": 2}
        assert r.partnerships == ((("n", "s"), 7), (("e", "w"), 4))

    def test_five_card_single_count(self) -> None:
        hands = {"pone": "KH TD 5S", "dealer": "QC 9S 4H"}
        r = referee("pone:KH dealer:QC pone:TD dealer:go pone:go", hands,
                    variant=Variant.FIVE_CARD)
        assert kinds(r, 2) == [("last-card", 1)]
        assert codes(r) == []  # cards still held are normal in the five-card game

    def test_five_card_play_ends_at_the_first_go(self) -> None:
        hands = {"pone": "KH TD 5S", "dealer": "QC 9S 4H"}
        r = referee("pone:KH dealer:QC pone:TD dealer:go pone:go dealer:9S", hands,
                    variant=Variant.FIVE_CARD)
        assert codes(r) == ["out-of-turn"]
        assert r.plays[5].legal is False

    def test_unknown_player_is_a_record_error(self) -> None:
        with pytest.raises(RecordError) as caught:
            referee("bob:5H")
        assert [(p.path, p.code.value) for p in caught.value.problems] == [
            (("plays", 0, "player"), "unknown-player")]


# --- random deals played by the tests' own legal player ------------------------------


SEATS = {Variant.SIX_CARD: TWO, Variant.FIVE_CARD: TWO, Variant.SEVEN_CARD: TWO,
         Variant.THREE_PLAYER: ("a", "b", "c"), Variant.FOUR_PLAYER: ("n", "e", "s", "w")}


def deal(seed: int, variant: Variant) -> tuple[dict[str, list[Card]], Sequence[str]]:
    rng = random.Random(seed)
    seats = SEATS[variant]
    drawn = rng.sample(DECK, variant.spec.hand_size * len(seats))
    size = variant.spec.hand_size
    return {p: drawn[i * size:(i + 1) * size] for i, p in enumerate(seats)}, seats


def to_events(events: list[Event], with_gos: bool = True) -> list[PlayEvent]:
    return [PlayEvent(e.player, e.card) for e in events
            if not e.count_ends and (with_gos or e.card is not None)]


variants = st.sampled_from(list(SEATS))


class TestRandomDeals:
    @settings(max_examples=400, deadline=None)
    @given(st.integers(0, 10**9), variants, st.booleans(), st.booleans())
    def test_legal_records_score_as_the_naive_scorer(
        self, seed: int, variant: Variant, with_gos: bool, with_hands: bool
    ) -> None:
        hands, seats = deal(seed, variant)
        events = play_out(hands, seats, random.Random(seed),
                          single_count=variant.spec.single_count)
        result = check_play(to_events(events, with_gos), table=Table.seat(variant, seats),
                            hands=hands if with_hands else None)
        assert result.totals == naive_peg(events, seats)
        assert codes(result) == []

    @settings(max_examples=300, deadline=None)
    @given(st.integers(0, 10**9), variants, st.integers(1, 8))
    def test_a_false_go_is_exactly_one_renege(self, seed: int, variant: Variant,
                                              at: int) -> None:
        hands, seats = deal(seed, variant)
        events = play_out(hands, seats, random.Random(seed), renege_at=at,
                          single_count=variant.spec.single_count)
        if not any(e.false_go for e in events):
            return
        result = check_play(to_events(events), table=Table.seat(variant, seats), hands=hands)
        if variant.spec.single_count:
            # One count only: the false go can end the play with cards held.
            assert codes(result) in (["renege"], [])
            return
        assert "renege" in codes(result)
        assert set(codes(result)) == {"renege"}
        assert result.totals == naive_peg(events, seats)

    @settings(max_examples=300, deadline=None)
    @given(st.integers(0, 10**9), variants, st.integers(1, 8))
    def test_a_card_out_of_turn_is_exactly_one_finding(self, seed: int, variant: Variant,
                                                       at: int) -> None:
        hands, seats = deal(seed, variant)
        plain = play_out(hands, seats, random.Random(seed),
                         single_count=variant.spec.single_count)
        events = play_out(hands, seats, random.Random(seed), out_of_turn_at=at,
                          single_count=variant.spec.single_count)
        if [e.player for e in events] == [e.player for e in plain]:
            return  # no one else could play at that moment: nothing was out of turn
        result = check_play(to_events(events), table=Table.seat(variant, seats), hands=hands)
        assert codes(result) == ["out-of-turn"]
        assert result.totals == naive_peg(events, seats)

    @settings(max_examples=300, deadline=None)
    @given(st.integers(0, 10**9), variants, st.data())
    def test_a_card_over_31_is_exactly_one_finding(self, seed: int, variant: Variant,
                                                   data: st.DataObject) -> None:
        hands, seats = deal(seed, variant)
        events = play_out(hands, seats, random.Random(seed),
                          single_count=variant.spec.single_count)
        # Find a card laid at a count where the same player also held a card too big.
        record = [e for e in events if not e.count_ends]
        count, held = 0, {p: list(h) for p, h in hands.items()}
        spots = []
        for i, e in enumerate(events):
            if e.count_ends:
                count = 0
            if e.card is None:
                continue
            big = [c for c in held[e.player] if c.pips > 31 - count]
            if big:
                spots.append((i, e.player, big))
            held[e.player].remove(e.card)
            count = count + e.card.pips
            if count == 31:
                count = 0
        if not spots:
            return
        i, player, big = data.draw(st.sampled_from(spots))
        corrupted = [*events[:i], Event(player, data.draw(st.sampled_from(big))), *events[i:]]
        result = check_play(to_events(corrupted), table=Table.seat(variant, seats), hands=hands)
        assert codes(result) == ["over-31"]
        # The index in the record, where the simulator's markers are not counted.
        assert result.findings[0].index == sum(1 for e in events[:i] if not e.count_ends)
        assert len(to_events(corrupted)) == len(record) + 1
        assert result.totals == naive_peg(events, seats)
