"""Whole deals and games (docs/rules.md: the deal, heels, the game, remedies), with exact values."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

import pytest

from rules import Side, Table
from rules.core.errors import RecordError
from rules.core.rulesets import Ruleset
from rules.core.variants import Variant
from rules.deal.check import DealClaims, DealRecord, Stage, check_deal
from rules.deal.game import Margin, check_game, margin
from rules.play.check import PlayEvent
from rules.play.live import Next, Phase
from tests.cards import card, cards
from tests.library.test_play import record
from tests.simulate import random_deal, sides_of, tally_deal

# A plain deal, worked by hand. Pone keeps A-2-3 of hearts and the 4S; the dealer
# keeps 8-9-10-Q of clubs. Play: the pone pegs the go on 27, the dealer the last card.
DEALT = {"pone": "AH 2H 3H 4S 6S 7S", "dealer": "8C 9C TC QC KD 6H"}
DISCARDS = {"pone": "6S 7S", "dealer": "KD 6H"}
PLAYS = "pone:AH dealer:8C pone:2H dealer:9C pone:3H dealer:go pone:4S dealer:TC dealer:QC"


def deal(starter: str = "KH", plays: str = PLAYS, claims: DealClaims | None = None,
         dealt: dict[str, str] = DEALT, discards: dict[str, str] = DISCARDS) -> DealRecord:
    return DealRecord({p: cards(c) for p, c in dealt.items()},
                      {p: cards(c) for p, c in discards.items()}, card(starter), record(plays),
                      None, claims)


def game(players: Sequence[str], first: str, deals: Sequence[DealRecord], *,  # type: ignore[no-untyped-def]
         variant: Variant = Variant.SIX_CARD, target: int | None = None, **options):
    """A game of ``players`` (in play order), ``first`` dealing first."""
    return check_game(Table.seat(variant, players, target=target, dealer=first), deals,
                      **options)


def codes(result) -> list[str]:  # type: ignore[no-untyped-def]
    return [f.code.value for f in result.findings]


class TestAPlainDeal:
    def test_counts_in_order(self) -> None:
        result = check_deal(deal("KH"))
        assert result.play is not None and result.play.totals == {"pone": 1, "dealer": 1}
        assert {name: h.show.total for name, h in result.show.items()} == {
            "pone": 8, "dealer": 7}
        assert list(result.show) == ["pone", "dealer"]
        assert result.crib is not None and result.crib.show.total == 4
        assert result.scores_after == {"pone": 9, "dealer": 12}
        assert result.winner is None and codes(result) == []

    def test_heels(self) -> None:
        result = check_deal(deal("JH"))
        assert result.heels is not None and result.heels.pegged == 2
        # with the jack: pone 8 (same), dealer 8-9-10-J-Q run of 5 + flush 4, crib 6-6 pair
        assert {name: h.show.total for name, h in result.show.items()} == {
            "pone": 8, "dealer": 9}
        assert result.crib is not None and result.crib.show.total == 2
        assert result.scores_after == {"pone": 9, "dealer": 2 + 1 + 9 + 2}


class TestAPlayNotRecorded:
    """A deal entered with its show only: no ``plays`` (docs/rules.md#play-not-recorded)."""

    def test_nothing_is_ruled_on_in_the_play_and_the_show_goes_on(self) -> None:
        claims = DealClaims(hands={"pone": 8, "dealer": 7}, crib=4)
        result = check_deal(replace(deal("KH", claims=claims), plays=None),
                            scores_before={"pone": 10, "dealer": 20})
        assert codes(result) == [] and result.play is None
        assert {name: h.show.total for name, h in result.show.items()} == {
            "pone": 8, "dealer": 7}
        assert result.crib is not None and result.crib.show.total == 4
        assert result.pegged == {"pone": 8, "dealer": 7 + 4}  # no go, no last card
        assert result.scores_after == {"pone": 18, "dealer": 31}

    def test_heels_still_count(self) -> None:
        result = check_deal(replace(deal("JH"), plays=None))
        assert result.heels is not None and result.heels.pegged == 2
        assert result.scores_after == {"pone": 8, "dealer": 2 + 9 + 2}

    def test_an_empty_play_is_recorded_and_ruled_on(self) -> None:
        # plays given but empty: every card was recorded as never played
        result = check_deal(replace(deal("KH"), plays=()))
        assert codes(result) == ["cards-left-unplayed", "cards-left-unplayed"]

    def test_a_game_of_shows(self) -> None:
        first, deals, _, _ = random_game(3, Variant.SIX_CARD, ("ann", "bob"))
        shows = [replace(d, plays=None) for d in deals]
        result = game(("ann", "bob"), first, shows)
        assert result.findings == ()
        for checked in result.deals:
            assert checked.play is None
            show = sum(h.show.total for h in checked.show.values())
            show += checked.crib.show.total if checked.crib is not None else 0
            heels = checked.heels.pegged if checked.heels is not None else 0
            if checked.winner is None:
                assert sum(checked.pegged.values()) == heels + show


class TestTheEndOfTheGame:
    def test_pone_goes_out_on_the_show_before_the_dealer_counts(self) -> None:
        record_ = deal("5D", dealt={"pone": "5H 5C 5S JD 2C 3C", "dealer": "KH QD 9C 8S 4H AD"},
                       discards={"pone": "2C 3C", "dealer": "4H AD"},
                       plays="pone:5H dealer:KH pone:5C dealer:QD pone:go pone:5S dealer:9C "
                             "pone:JD dealer:8S")
        result = check_deal(record_, scores_before={"pone": 100, "dealer": 110})
        assert result.show["pone"].show.total == 29
        # the dealer's hand (4) and crib (7) would have taken the dealer past 121 too
        assert result.crib is not None
        assert result.show["dealer"].show.total + result.crib.show.total == 11
        assert (result.winner, result.won_during) == ("pone", Stage.SHOW)
        assert result.scores_after == {"pone": 121, "dealer": 114}

    def test_a_win_on_heels(self) -> None:
        result = check_deal(deal("JH"), scores_before={"pone": 120, "dealer": 119})
        assert (result.winner, result.won_during) == ("dealer", Stage.HEELS)
        assert result.scores_after == {"pone": 120, "dealer": 121}

    def test_a_win_during_the_play_stops_the_count(self) -> None:
        result = check_deal(deal("KH"), scores_before={"pone": 120, "dealer": 119})
        assert (result.winner, result.won_during) == ("pone", Stage.PLAY)
        # the dealer's last card and everything in the show come too late
        assert result.scores_after == {"pone": 121, "dealer": 119}

    def test_claims_after_the_win_are_not_ruled_on(self) -> None:
        claims = DealClaims(hands={"pone": 8, "dealer": 2}, crib=0)
        result = check_deal(deal("KH", claims=claims), scores_before={"pone": 112, "dealer": 0})
        assert result.winner == "pone" and codes(result) == []
        assert result.show["dealer"].ruling is None
        assert result.unruled == {"dealer": 2} and result.unruled_crib == 0  # echoed as made

    def test_false_claim_of_game_acc(self) -> None:
        claims = DealClaims(hands={"pone": 12})
        result = check_deal(deal("KH", claims=claims), scores_before={"pone": 110, "dealer": 100})
        assert codes(result) == ["overcount", "false-claim-of-game"]
        false = result.findings[1]
        assert (false.player, false.points, false.rule) == ("pone", 15, "ACC 8.4.b")
        # pone: 110 + 1 + 8 = 119, back 15; dealer: 100 + 1 + 2 (the 4 overclaimed, up
        # to the game hole: 121 - 119) + 7 + 4
        assert result.scores_after == {"pone": 104, "dealer": 114}
        assert result.winner is None

    def test_false_claim_of_game_acc_the_award_stops_at_the_game_hole(self) -> None:
        # The pone, truly on 108 (99 + 1 in the play + 8 for the hand), claims game at
        # 125: the dealer pegs 121 - 108 = 13, not 17, and the pone goes back to 93.
        claims = DealClaims(hands={"pone": 25})
        result = check_deal(deal("KH", claims=claims), scores_before={"pone": 99, "dealer": 80})
        assert codes(result) == ["impossible-claim", "overcount", "false-claim-of-game"]
        assert result.findings[1].points == 17  # the overcount itself is 17
        assert result.findings[2].points == 15
        assert result.scores_after == {"pone": 93, "dealer": 80 + 1 + 13 + 7 + 4}

    def test_false_claim_of_game_acc_in_the_play(self) -> None:
        # The pone's go on 27 is worth 1; claimed as 7 from 115 it claims game at 122
        # while truly on 116: the dealer pegs 5 of the 6, the pone goes back to 101.
        plays = PLAYS.replace("pone:4S", "pone:4S=7")
        result = check_deal(deal("KH", plays=plays), scores_before={"pone": 115, "dealer": 100})
        assert codes(result) == ["overcount", "false-claim-of-game"]
        assert result.scores_after == {"pone": 101 + 8, "dealer": 100 + 5 + 1 + 7 + 4}

    def test_false_claim_of_game_acc_award_can_take_the_opponent_out(self) -> None:
        # The dealer on 108 + 1 in the play takes 12 of the 13 and reaches 121; the
        # pone's 15 back is part of the penalty and stands.
        claims = DealClaims(hands={"pone": 25})
        result = check_deal(deal("KH", claims=claims), scores_before={"pone": 99, "dealer": 108})
        assert codes(result) == ["impossible-claim", "overcount", "false-claim-of-game"]
        assert (result.winner, result.won_during) == ("dealer", Stage.SHOW)
        assert result.scores_after == {"pone": 93, "dealer": 121}

    def test_false_claim_of_game_acc_against_a_tally(self) -> None:
        # Every claim from 8 (true) to 29 for the pone's hand, from every score that
        # leaves the pone short of or exactly at 121, tallied by hand from the rule text.
        for before in range(90, 113):
            for claim in range(8, 30):
                result = check_deal(deal("KH", claims=DealClaims(hands={"pone": claim})),
                                    scores_before={"pone": before, "dealer": 80})
                read = 0 if claim == 19 else claim  # nineteen: nothing, for four cards
                claimed, dealer = before + 1 + read, 80 + 1
                pone = before + 1 + min(read, 8)  # an undercount loses the missed points
                if pone < 121 <= claimed:
                    dealer += min(read - 8, 121 - pone)  # up to the game hole
                    pone -= 15
                elif pone < 121:
                    dealer += max(read - 8, 0)
                if pone < 121:
                    dealer += 7 + 4
                assert result.scores_after == {"pone": min(pone, 121), "dealer": dealer}, (
                    before, claim)

    def test_false_claim_of_game_english_loses(self) -> None:
        # pone 110 + 1 in the play + 8 (claimed 12: game at 123); dealer 100 + 1. The 4
        # overcounted go to the dealer (ix), then the pone loses the game (xvi): the
        # dealer wins at the game hole, the pone stays on its true score.
        claims = DealClaims(hands={"pone": 12})
        result = check_deal(deal("KH", claims=claims), ruleset=Ruleset.ENGLISH,
                            scores_before={"pone": 110, "dealer": 100})
        assert codes(result) == ["overcount", "false-claim-of-game"]
        assert [(f.player, f.points, f.rule) for f in result.findings] == [
            ("pone", 4, "English laws ix"), ("pone", None, "English laws xvi")]
        assert (result.winner, result.won_during) == ("dealer", Stage.SHOW)
        assert result.scores_after == {"pone": 119, "dealer": 121}
        assert result.pegged == {"pone": 9, "dealer": 21}

    def test_false_claim_of_game_english_the_excess_comes_first(self) -> None:
        # The dealer on 116 + 1 reaches 121 on the 4 overcounted (ix), before the
        # false claim's loss (xvi) is settled: a win by points, at the same moment.
        claims = DealClaims(hands={"pone": 12})
        result = check_deal(deal("KH", claims=claims), ruleset=Ruleset.ENGLISH,
                            scores_before={"pone": 110, "dealer": 116})
        assert (result.winner, result.won_during) == ("dealer", Stage.SHOW)
        assert result.scores_after == {"pone": 119, "dealer": 121}
        assert result.pegged == {"pone": 9, "dealer": 5}

    def test_false_claim_of_game_english_in_the_play(self) -> None:
        # The pone's go on 27 is worth 1, claimed as 7 from 115: game claimed at 122,
        # truly on 116. The dealer pegs the 6 overcounted, then wins; nothing later in
        # the play or the show is pegged.
        plays = PLAYS.replace("pone:4S", "pone:4S=7")
        result = check_deal(deal("KH", plays=plays), ruleset=Ruleset.ENGLISH,
                            scores_before={"pone": 115, "dealer": 100})
        assert codes(result) == ["overcount", "false-claim-of-game"]
        assert result.findings[0].points == 6
        assert (result.winner, result.won_during) == ("dealer", Stage.PLAY)
        assert result.scores_after == {"pone": 116, "dealer": 121}

    def test_false_claim_of_game_hoyle_is_corrected(self) -> None:
        claims = DealClaims(hands={"pone": 12})
        result = check_deal(deal("KH", claims=claims), ruleset=Ruleset.HOYLE,
                            scores_before={"pone": 110, "dealer": 100})
        assert codes(result) == ["overcount", "false-claim-of-game"]
        assert result.scores_after == {"pone": 119, "dealer": 100 + 1 + 2 + 7 + 4}


class TestCardsNeverShown:
    """docs/rules.md#unshown: a deal won before the show, whose record (HAL's format)
    holds only the cards laid and laid away. Here the dealer's TC and QC were never
    laid: the pone's 4S takes the go on 27, from 120 to 121."""

    PLAYS = "pone:AH dealer:8C pone:2H dealer:9C pone:3H dealer:go pone:4S"

    def short(self, starter: str = "KH", plays: str = PLAYS, unshown: bool = True) -> DealRecord:
        return DealRecord({"pone": cards("AH 2H 3H 4S 6S 7S"), "dealer": cards("8C 9C KD 6H")},
                          {"pone": cards("6S 7S"), "dealer": cards("KD 6H")}, card(starter),
                          record(plays), unshown=unshown)

    def test_a_deal_won_in_the_play_needs_no_card_it_never_laid(self) -> None:
        result = check_deal(self.short(), scores_before={"pone": 120, "dealer": 100})
        assert (result.winner, result.won_during) == ("pone", Stage.PLAY)
        assert result.scores_after == {"pone": 121, "dealer": 100}
        assert result.play is not None and result.play.totals == {"pone": 1, "dealer": 0}
        assert (result.findings, result.show, result.crib, result.misdeal) == ((), {}, None, False)

    def test_a_deal_won_on_heels(self) -> None:
        record_ = DealRecord({"pone": cards("6S 7S"), "dealer": cards("KD 6H")},
                             {"pone": cards("6S 7S"), "dealer": cards("KD 6H")}, card("JH"),
                             (), unshown=True)
        result = check_deal(record_, scores_before={"pone": 120, "dealer": 119})
        assert (result.winner, result.won_during) == ("dealer", Stage.HEELS)
        assert result.scores_after == {"pone": 120, "dealer": 121}

    def test_a_short_deal_not_won_before_the_show_is_refused(self) -> None:
        with pytest.raises(RecordError) as caught:
            check_deal(self.short(), scores_before={"pone": 110, "dealer": 100})
        assert problems(caught.value) == [(("dealt", "dealer"), "wrong-size")]
        assert caught.value.problems[0].message == (
            "the record shows 4 of the 6 cards dealt to dealer, and the game was not won "
            "before the show, which counts them")

    def test_a_short_deal_not_said_to_be_unshown_is_a_misdeal(self) -> None:
        result = check_deal(self.short(unshown=False), scores_before={"pone": 120, "dealer": 100})
        assert codes(result) == ["misdeal"] and result.winner is None


class TestNineteenInTheSevenCardGame:
    def test_a_hand_of_nineteen_claimed_as_nineteen_goes_out(self) -> None:
        # The pone pegs 6 in the play (15 and a run of four) and holds 3-T-K-2-5 of
        # spades: with the 2C starter, 19. From 158 that is the game at 181.
        record_ = deal("2C", dealt={"pone": "3S TS KS 2S 5S AD 6C",
                                    "dealer": "2H 4H 7H 8C 9C QD JC"},
                       discards={"pone": "AD 6C", "dealer": "QD JC"},
                       plays="pone:TS dealer:2H pone:3S dealer:4H pone:5S dealer:7H pone:KS "
                             "dealer:8C pone:2S dealer:9C",
                       claims=DealClaims(hands={"pone": 19}))
        for muggins in (False, True):
            result = check_deal(record_, table=Table.seat(Variant.SEVEN_CARD), muggins=muggins,
                                scores_before={"pone": 158, "dealer": 150})
            assert result.play is not None and result.play.totals == {"pone": 6, "dealer": 6}
            assert result.show["pone"].show.total == 19 and codes(result) == []
            assert (result.winner, result.won_during) == ("pone", Stage.SHOW)
            assert result.scores_after == {"pone": 181, "dealer": 156}


class TestHeels:
    @pytest.mark.parametrize(("ruleset", "pegged"), [("acc", 0), ("hoyle", 0), ("english", 0),
                                                     ("friendly", 2)])
    def test_not_pegged_is_forfeited(self, ruleset: str, pegged: int) -> None:
        result = check_deal(deal("JH", claims=DealClaims(heels=0)), ruleset=Ruleset(ruleset),
                            muggins=True)
        assert codes(result) == ["heels-forfeited"]
        assert result.heels is not None and result.heels.pegged == pegged
        assert result.scores_after["pone"] == 9  # never muggins

    def test_heels_claimed_without_a_jack(self) -> None:
        result = check_deal(deal("KH", claims=DealClaims(heels=2)))
        assert codes(result) == ["overcount"]
        assert result.scores_after == {"pone": 9 + 2, "dealer": 12}


class TestMisdeal:
    def test_wrong_number_of_cards(self) -> None:
        bad = deal(dealt={"pone": DEALT["pone"], "dealer": "8C 9C TC QC KD"},
                   discards={"pone": "6S 7S", "dealer": "KD"}, plays="")
        for ruleset, pone in (("acc", 0), ("hoyle", 2), ("english", 2), ("friendly", 0)):
            result = check_deal(bad, ruleset=Ruleset(ruleset))
            assert result.misdeal and codes(result) == ["misdeal"]
            assert result.scores_after == {"pone": pone, "dealer": 0}
            assert result.play is None and result.show == {}


def problems(error: RecordError) -> list[tuple[tuple[str | int, ...], str]]:
    return [(p.path, p.code.value) for p in error.problems]


class TestMalformedDeals:
    def test_discard_not_held(self) -> None:
        with pytest.raises(RecordError) as caught:
            check_deal(deal(discards={"pone": "6S KD", "dealer": "KD 6H"}))
        assert problems(caught.value) == [(("discards", "pone", 1), "card-not-held")]

    def test_a_card_twice(self) -> None:
        with pytest.raises(RecordError) as caught:
            check_deal(deal("AH"))
        assert problems(caught.value) == [(("starter",), "duplicate-card")]

    def test_unknown_player(self) -> None:
        with pytest.raises(RecordError) as caught:
            check_deal(deal(claims=DealClaims(hands={"zed": 4})))
        assert problems(caught.value) == [(("claims", "hands", "zed"), "unknown-player")]

    def test_every_problem_at_once(self) -> None:
        with pytest.raises(RecordError) as caught:
            check_deal(deal("AH", discards={"pone": "6S KD", "dealer": "KD 6H"},
                            claims=DealClaims(hands={"zed": 4})),
                       scores_before={"pone": 500, "nobody": 3})
        assert problems(caught.value) == [
            (("claims", "hands", "zed"), "unknown-player"),
            (("discards", "pone", 1), "card-not-held"),
            (("starter",), "duplicate-card"), (("scores_before", "pone"), "out-of-range"),
            (("scores_before", "nobody"), "unknown-side")]

    def test_a_player_may_be_called_crib_in_the_library(self) -> None:
        record_ = deal(dealt={"crib": DEALT["pone"], "dealer": DEALT["dealer"]},
                       discards={"crib": DISCARDS["pone"], "dealer": DISCARDS["dealer"]},
                       plays=PLAYS.replace("pone:", "crib:"))
        result = check_deal(record_, table=Table.seat(Variant.SIX_CARD, ("crib", "dealer")))
        assert result.show["crib"].show.total == 8  # the pone's hand, not the crib
        assert result.crib is not None and result.crib.show.total == 4
        assert result.scores_after == {"crib": 9, "dealer": 12}

    def test_scores_before_name_the_tables_sides(self) -> None:
        table = Table.seat(Variant.SIX_CARD, sides=[Side("us", ("pone",)),
                                                    Side("them", ("dealer",))])
        result = check_deal(deal(), table=table, scores_before={"us": 100})
        assert result.scores_after == {"us": 109, "them": 12}
        with pytest.raises(RecordError) as caught:
            check_deal(deal(), table=table, scores_before={"pone": 1})
        assert problems(caught.value) == [(("scores_before", "pone"), "unknown-side")]

    def test_partnerships_that_share_a_name(self) -> None:
        # "x&y" with "z" and "x" with "y&z" are both "x&y&z": one score for two sides.
        seats = ("x&y", "x", "z", "y&z")
        hands = ("AH 2H 3H 4H 5H", "AD 2D 3D 4D 5D", "AC 2C 3C 4C 5C", "AS 2S 3S 4S 5S")
        del hands  # the table is refused before any record is read
        with pytest.raises(RecordError) as caught:
            Table.seat(Variant.FOUR_PLAYER, seats)
        assert problems(caught.value) == [(("players",), "conflict")]
        with pytest.raises(RecordError) as caught:
            game(seats, "x", [], variant=Variant.FOUR_PLAYER)
        assert problems(caught.value) == [(("players",), "conflict")]

    @pytest.mark.parametrize(("claims", "where"), [
        (DealClaims(hands={"dealer": 7}), ("claims", "hands", "dealer")),
        (DealClaims(crib=4), ("claims", "crib")),
        (DealClaims(hands={"pone": 8}, crib=4), ("claims", "crib")),
    ])
    def test_a_count_claimed_before_its_turn_in_progress(self, claims: DealClaims,
                                                          where: tuple[str, ...]) -> None:
        # The show counts pone, dealer, crib: a deal in progress that gives a later
        # count's claim without an earlier one is out of order, not silently dropped.
        with pytest.raises(RecordError) as caught:
            check_deal(deal(claims=claims), in_progress=True)
        assert problems(caught.value) == [(where, "out-of-order")]



class TestAFinishedPlayInProgress:
    """docs/rules.md#live: a record in progress whose play is in fact over."""

    FIVE_CARD = Table.seat(Variant.FIVE_CARD)
    RECORD = DealRecord({"pone": cards("8D TH 6H QS 2D"), "dealer": cards("7C 4C 3C 4D KD")},
                        {"pone": cards("QS 2D"), "dealer": cards("4C KD")}, card("3S"),
                        record("pone:8D dealer:7C pone:TH dealer:3C pone:go"), None,
                        DealClaims(hands={"pone": 0, "dealer": 2}, crib=7))

    def test_is_refereed_as_the_one_shot_deal(self) -> None:
        once = check_deal(self.RECORD, table=self.FIVE_CARD)
        assert once.play is not None and once.play.totals == {"pone": 0, "dealer": 3}
        assert once.pegged == {"pone": 0, "dealer": 12} and codes(once) == []
        live = check_deal(self.RECORD, table=self.FIVE_CARD, in_progress=True)
        assert live.play is not None and live.play.state.over
        # The one-shot record never takes the dealer's go: its final state still has the
        # dealer on turn. Everything else is the same.
        same_state = replace(live.play, state=once.play.state)
        assert replace(live, play=same_state) == replace(once, next=Next(Phase.OVER))

    def test_without_claims_the_show_is_next(self) -> None:
        live = check_deal(replace(self.RECORD, claims=None), table=self.FIVE_CARD,
                          in_progress=True)
        assert live.next == Next(Phase.SHOW, "pone")
        assert live.play is not None and live.play.totals == {"pone": 0, "dealer": 3}
        assert live.pegged == {"pone": 0, "dealer": 3}


class TestMargins:
    @pytest.mark.parametrize(("loser", "expected"), [
        (91, Margin.SINGLE), (90, Margin.SKUNK), (61, Margin.SKUNK), (60, Margin.DOUBLE_SKUNK)])
    def test_acc_skunks(self, loser: int, expected: Margin) -> None:
        assert margin({"a": 121, "b": loser}, "a", 121, Ruleset.ACC) is expected

    @pytest.mark.parametrize(("target", "loser", "expected"), [
        (61, 31, Margin.SINGLE), (61, 30, Margin.LURCH),
        (121, 61, Margin.SINGLE), (121, 60, Margin.LURCH)])
    @pytest.mark.parametrize("ruleset", [Ruleset.HOYLE, Ruleset.ENGLISH])
    def test_lurch(self, target: int, loser: int, expected: Margin, ruleset: Ruleset) -> None:
        assert margin({"a": target, "b": loser}, "a", target, ruleset) is expected

    def test_runner_up_decides_with_three(self) -> None:
        assert margin({"a": 121, "b": 95, "c": 20}, "a", 121, Ruleset.ACC) is Margin.SINGLE


# --- whole games, played by the tests' own random legal player ---------------------


def random_game(seed: int, variant: Variant, players: tuple[str, ...]):  # type: ignore[no-untyped-def]
    """Play a whole game with the tests' simulator; tally it independently."""
    rng = random.Random(seed)
    spec = variant.spec
    side_of = sides_of(players)
    scores = dict.fromkeys(side_of.values(), 0)
    dealer = rng.randrange(len(players))
    first = players[dealer]
    n = len(players)
    if spec.last_for_three:
        scores[side_of[players[(dealer + 1) % n]]] += 3
    deals, tallies = [], []
    winner = None
    while winner is None:
        seats = tuple(players[(dealer + 1 + i) % n] for i in range(n))
        d = random_deal(rng, seats, spec.dealt, spec.to_crib, bool(spec.crib_cards_dealt),
                        spec.single_count)
        winner = tally_deal(d, scores, side_of, spec.target)
        deals.append(DealRecord(d.dealt, d.discards, d.starter,
                                [PlayEvent(e.player, e.card) for e in d.events
                                 if not e.count_ends], d.crib_card))
        tallies.append(dict(scores))
        dealer = (dealer + 1) % n
    return first, deals, tallies, winner


TABLES = {Variant.SIX_CARD: ("ann", "bob"), Variant.FIVE_CARD: ("ann", "bob"),
          Variant.SEVEN_CARD: ("ann", "bob"), Variant.THREE_PLAYER: ("ann", "bob", "cy"),
          Variant.FOUR_PLAYER: ("n", "e", "s", "w")}


class TestWholeGames:
    @pytest.mark.parametrize("variant", list(TABLES))
    @pytest.mark.parametrize("seed", range(6))
    def test_against_an_independent_tally(self, variant: Variant, seed: int) -> None:
        players = TABLES[variant]
        first, deals, tallies, winner = random_game(seed, variant, players)
        result = game(players, first, deals, variant=variant)
        assert [d.scores_after for d in result.deals] == tallies
        assert result.winner == winner and result.scores == tallies[-1]
        assert result.findings == ()
        assert result.margin is not None

    def test_a_long_game(self) -> None:
        lengths = {}
        for seed in range(10):
            first, deals, tallies, winner = random_game(seed, Variant.SIX_CARD, ("ann", "bob"))
            lengths[seed] = len(deals)
            result = game(("ann", "bob"), first, deals)
            assert result.scores == tallies[-1] and result.winner == winner
        assert max(lengths.values()) >= 12

    def test_the_deal_passes_left(self) -> None:
        first, deals, _, _ = random_game(3, Variant.THREE_PLAYER, ("ann", "bob", "cy"))
        result = game(("ann", "bob", "cy"), first, deals, variant=Variant.THREE_PLAYER)
        order = ["ann", "bob", "cy"]
        start = order.index(first)
        assert list(result.dealers) == [order[(start + i) % 3] for i in range(len(deals))]

    def test_five_card_three_for_last(self) -> None:
        first, deals, tallies, _ = random_game(1, Variant.FIVE_CARD, ("ann", "bob"))
        result = game(("ann", "bob"), first, deals[:1], variant=Variant.FIVE_CARD)
        pone = "bob" if first == "ann" else "ann"
        assert result.deals[0].scores_before == {first: 0, pone: 3}
        assert result.scores == tallies[0]

    def test_five_card_target_within_three_for_last(self) -> None:
        # Three for last would reach a target of 3 before the first card is dealt: the
        # target is refused where it is given (the refusal pointed at deals/0/scores_before,
        # a field a game's deal cannot have).
        first, deals, _, _ = random_game(1, Variant.FIVE_CARD, ("ann", "bob"))
        with pytest.raises(RecordError) as caught:
            game(("ann", "bob"), first, deals[:1], variant=Variant.FIVE_CARD, target=3)
        assert problems(caught.value) == [(("target",), "out-of-range")]
        result = game(("ann", "bob"), first, deals[:1], variant=Variant.FIVE_CARD,
                            target=4)
        assert sum(result.deals[0].scores_before.values()) == 3

    def test_four_player_partnerships_add_up(self) -> None:
        first, deals, _, winner = random_game(2, Variant.FOUR_PLAYER, ("n", "e", "s", "w"))
        result = game(("n", "e", "s", "w"), first, deals, variant=Variant.FOUR_PLAYER)
        assert set(result.scores) == {"n&s", "e&w"} and result.winner == winner
        side = {"n": "n&s", "s": "n&s", "e": "e&w", "w": "e&w"}
        for deal, dealer in zip(result.deals, result.dealers, strict=True):
            if deal.winner is not None:
                continue
            # Each partnership pegs what both partners scored: heels, play, hands, crib.
            expected = {"n&s": 0, "e&w": 0}
            expected[side[dealer]] += deal.heels.pegged if deal.heels else 0
            for player, points in (deal.play.totals if deal.play else {}).items():
                expected[side[player]] += points
            for name, hand in deal.show.items():
                expected[side[name]] += hand.show.total
            expected[side[dealer]] += deal.crib.show.total if deal.crib else 0
            assert deal.pegged == expected

    def test_a_game_that_goes_on_after_a_win(self) -> None:
        first, deals, _, _ = random_game(0, Variant.SIX_CARD, ("ann", "bob"))
        with pytest.raises(RecordError) as caught:
            game(("ann", "bob"), first, [*deals, deals[0]])
        assert problems(caught.value) == [(("deals", len(deals)), "after-game-over")]

    def test_every_refused_deal_at_once(self) -> None:
        first, deals, _, _ = random_game(0, Variant.SIX_CARD, ("ann", "bob"))
        bad = [replace(deals[0], claims=DealClaims(hands={"zed": 4})), deals[1],
               replace(deals[2], starter=deals[2].dealt["ann"][0])]
        with pytest.raises(RecordError) as caught:
            game(("ann", "bob"), first, bad)
        assert problems(caught.value) == [
            (("deals", 0, "claims", "hands", "zed"), "unknown-player"),
            (("deals", 2, "starter"), "duplicate-card")]

    def test_a_misdeal_is_redealt_by_the_same_dealer(self) -> None:
        first, deals, _, _ = random_game(0, Variant.SIX_CARD, ("ann", "bob"))
        # one kept card short in each hand
        dealt = {p: [c for c in cards_ if c not in deals[0].discards[p]][1:]
                 + list(deals[0].discards[p]) for p, cards_ in deals[0].dealt.items()}
        bad = DealRecord(dealt, deals[0].discards, deals[0].starter)
        result = game(("ann", "bob"), first, [bad, deals[0]])
        assert result.deals[0].misdeal and result.dealers == (first, first)
        assert [f.deal for f in result.findings] == [0]
