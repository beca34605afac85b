"""Club nights: every case of ACC Rule 12.2, every tiebreak, the cut and its bracket
(docs/rules.md#club-nights), each with the exact cards and totals expected."""

from __future__ import annotations

import pytest

from rules import FindingCode, RecordError
from rules.club import (
    Checked,
    Convention,
    CsvError,
    Event,
    Line,
    NightCheck,
    Scorecard,
    Step,
    Totals,
    Tournament,
    bracket_order,
    check_night,
    qualifying,
    read_cards,
    standings_csv,
)


def cards(night: dict[str, list[str]]) -> list[Scorecard]:
    return [Scorecard(player, tuple(Line.parse(text) for text in lines))
            for player, lines in night.items()]


def games(*played: tuple[str, str, int]) -> dict[str, list[str]]:
    """Cards that agree, from (winner, loser, spread), one round each in order."""
    night: dict[str, list[str]] = {}
    for n, (winner, loser, spread) in enumerate(played, 1):
        night.setdefault(winner, []).append(f"{n}: W +{spread:02d} v {loser}")
        night.setdefault(loser, []).append(f"{n}: L -{spread:02d} v {winner}")
    return night


def check(night: dict[str, list[str]], **options: object) -> NightCheck:
    return check_night(cards(night), **options)  # type: ignore[arg-type]


def card_of(result: NightCheck, player: str) -> list[str]:
    return [str(line) for card in result.cards if card.player == player for line in card.lines]


def totals(result: NightCheck, player: str) -> tuple[int, int, int]:
    s = next(s for s in result.standings if s.player == player)
    return s.tally.game_points, s.tally.wins, s.tally.spread


def found(result: NightCheck) -> list[tuple[str, str | None, int | None, str | None]]:
    return [(f.code.value, f.player, f.index, f.rule) for f in result.findings
            if f.code is not FindingCode.NO_HARM_NO_FOUL]


def messages(result: NightCheck, code: str) -> list[str]:
    return [f.message for f in result.findings if f.code.value == code]


class TestCrossChecking:
    """ACC 12.2, a to h."""

    def test_a_disadvantage_to_the_apparent_qualifier(self) -> None:
        night = {"A": ["1: W +21 v X"], "X": ["1: L -16 v A"],
                 "P": ["1: W +10 v Q"], "Q": ["1: L -10 v P"]}
        result = check(night)
        assert result.apparent == ("A",)
        assert card_of(result, "A") == ["1: W +16 (2) v X"]
        assert card_of(result, "X") == ["1: L -16 (0) v A"]
        assert totals(result, "A") == (2, 1, 16) and totals(result, "X") == (0, 0, -16)
        assert found(result) == [("spread-disagreement", "A", 0, "ACC 12.2.a"),
                                 ("spread-disagreement", "X", 0, "ACC 12.2.a")]

    def test_a_the_qualifier_loser_takes_the_larger_loss(self) -> None:
        night = {"A": ["1: L -10 v X", "2: W +50 v P"], "X": ["1: W +20 v A"],
                 "P": ["2: L -50 v A"], "Q": []}
        result = check(night)
        assert result.apparent == ("A",)
        assert card_of(result, "A")[0] == "1: L -20 (0) v X"
        assert card_of(result, "X") == ["1: W +20 (2) v A"]
        assert totals(result, "A") == (3, 1, 30)

    def test_b_disadvantage_to_two_apparent_qualifiers(self) -> None:
        night = {"B": ["1: W +17 v C", "2: W +05 v F"], "C": ["1: L -16 v B", "2: W +50 v D"],
                 "D": ["1: W +05 v E", "2: L -50 v C"], "E": ["1: L -05 v D"],
                 "F": ["1: bye", "2: L -05 v B"]}
        result = check(night)
        assert result.apparent == ("B", "C")
        assert card_of(result, "B")[0] == "1: W +16 (2) v C"
        assert card_of(result, "C")[0] == "1: L -17 (0) v B"
        assert totals(result, "B") == (4, 2, 21) and totals(result, "C") == (3, 1, 33)
        assert found(result) == [("spread-disagreement", "B", 0, "ACC 12.2.b"),
                                 ("spread-disagreement", "C", 0, "ACC 12.2.b")]

    def test_neither_an_apparent_qualifier_both_take_the_worse(self) -> None:
        night = {"A": ["1: W +50 v P"], "P": ["1: L -50 v A"],
                 "X": ["1: W +17 v Y"], "Y": ["1: L -16 v X"]}
        result = check(night)
        assert result.apparent == ("A",)
        assert card_of(result, "X") == ["1: W +16 (2) v Y"]
        assert card_of(result, "Y") == ["1: L -17 (0) v X"]
        assert [f[3] for f in found(result)] == ["ACC 12.2.b", "ACC 12.2.b"]

    def test_c_a_spread_on_one_card_is_accepted_for_both(self) -> None:
        night = {"A": ["1: W +20 v X"], "X": ["1: L v A"]}
        result = check(night)
        assert card_of(result, "X") == ["1: L -20 (0) v A"]
        assert card_of(result, "A") == ["1: W +20 (2) v X"]
        assert totals(result, "X") == (0, 0, -20)
        # Issue 28: the finding stands on both cards (docs/rules.md#cross-checking).
        assert found(result) == [("spread-on-one-card", "A", 0, "ACC 12.2.c"),
                                 ("spread-on-one-card", "X", 0, "ACC 12.2.c")]
        assert messages(result, "spread-on-one-card") == [
            "the spread 20 is on this card only: accepted for both, and written on X's card",
            "the spread 20 is on the other card only: accepted for both"]

    def test_d_both_record_a_win_the_plus_column_wins(self) -> None:
        night = {"A": ["1: W +20 v X"], "X": ["1: W -20 v A"]}
        result = check(night)
        assert card_of(result, "A") == ["1: W +20 (2) v X"]
        assert card_of(result, "X") == ["1: L -20 (0) v A"]
        assert totals(result, "A") == (2, 1, 20) and totals(result, "X") == (0, 0, -20)
        assert found(result) == [("results-disagree", "A", 0, "ACC 12.2.d"),
                                 ("results-disagree", "X", 0, "ACC 12.2.d"),
                                 ("game-points-corrected", "X", 0, "ACC 12.2.g")]
        # Issue 28: the card whose result is flipped says which game points moved.
        assert messages(result, "game-points-corrected") == [
            "the win is ruled a loss by 20: game points 2 become 0"]

    def test_d_both_record_a_loss_the_plus_column_wins(self) -> None:
        night = {"A": ["1: L +20 v X"], "X": ["1: L -20 v A"]}
        result = check(night)
        assert card_of(result, "A") == ["1: W +20 (2) v X"]
        assert card_of(result, "X") == ["1: L -20 (0) v A"]
        assert [(f.player, f.message) for f in result.findings
                if f.code.value == "game-points-corrected"] == [
            ("A", "the loss is ruled a win by 20: game points 0 become 2")]

    def test_c_a_game_on_one_card_stands_on_both(self) -> None:
        night = {"A": ["1: W +20 v X"], "X": []}
        result = check(night)
        assert card_of(result, "X") == ["1: L -20 (0) v A"]
        assert [(f.code.value, f.player, f.index, f.rule, f.message)
                for f in result.findings if f.code.value == "game-on-one-card"] == [
            ("game-on-one-card", "A", 0, "ACC 12.2.c",
             "the game with X is on this card only; it is copied to X's card"),
            ("game-on-one-card", "X", 0, "ACC 12.2.c",
             "the game with A is on A's card only; it is copied to X's card")]

    def test_e_both_record_a_win_in_the_same_column_both_lose(self) -> None:
        night = {"A": ["1: W +20 v X"], "X": ["1: W +20 v A"]}
        result = check(night)
        assert card_of(result, "A") == ["1: L -20 (0) v X"]
        assert card_of(result, "X") == ["1: L -20 (0) v A"]
        assert totals(result, "A") == (0, 0, -20) and totals(result, "X") == (0, 0, -20)
        assert found(result) == [("results-disagree", "A", 0, "ACC 12.2.e"),
                                 ("game-points-corrected", "A", 0, "ACC 12.2.g"),
                                 ("results-disagree", "X", 0, "ACC 12.2.e"),
                                 ("game-points-corrected", "X", 0, "ACC 12.2.g")]
        assert messages(result, "game-points-corrected") == [
            "the win is ruled a loss by 20: game points 2 become 0"] * 2

    def test_e_both_record_a_loss_in_the_same_column(self) -> None:
        night = {"A": ["1: L +12 v X"], "X": ["1: L +12 v A"]}
        result = check(night)
        assert card_of(result, "A") == ["1: L -12 (0) v X"]
        assert card_of(result, "X") == ["1: L -12 (0) v A"]

    def test_f_one_win_the_spread_moves_column(self) -> None:
        night = {"A": ["1: W +20 v X"], "X": ["1: L +20 v A"]}
        result = check(night)
        assert card_of(result, "A") == ["1: W +20 (2) v X"]
        assert card_of(result, "X") == ["1: L -20 (0) v A"]
        assert totals(result, "X") == (0, 0, -20)
        assert found(result) == [("spread-wrong-column", "A", 0, "ACC 12.2.f"),
                                 ("spread-wrong-column", "X", 0, "ACC 12.2.f")]
        assert messages(result, "spread-wrong-column") == [
            "the win stands as written; X's card moves its spread to the minus column",
            "the loss stands; its spread moves to the minus column"]

    def test_f_both_columns_wrong_the_win_stands(self) -> None:
        night = {"A": ["1: W -20 v X"], "X": ["1: L +20 v A"]}
        result = check(night)
        assert card_of(result, "A") == ["1: W +20 (2) v X"]
        assert card_of(result, "X") == ["1: L -20 (0) v A"]
        assert found(result) == [("spread-wrong-column", "A", 0, "ACC 12.2.f"),
                                 ("spread-wrong-column", "X", 0, "ACC 12.2.f")]

    def test_g_game_points_and_totals_adjusted(self) -> None:
        night = cards({"A": ["1: W +35 (2) v X"], "X": ["1: L -35 (0) v A"]})
        night[0] = Scorecard("A", night[0].lines, Totals(2, 1, 35))
        result = check_night(night)
        assert card_of(result, "A") == ["1: W +35 (3) v X"]
        assert totals(result, "A") == (3, 1, 35)
        assert found(result) == [("game-points-corrected", "A", 0, "ACC 12.2.g"),
                                 ("totals-corrected", "A", None, "ACC 12.2.g")]

    def test_g_a_spread_disagreement_across_the_skunk_line(self) -> None:
        night = {"A": ["1: W +35 (3) v X"], "X": ["1: L -28 v A"], "P": [], "Q": []}
        result = check(night)
        assert card_of(result, "A") == ["1: W +28 (2) v X"]
        assert totals(result, "A") == (2, 1, 28)
        assert ("game-points-corrected", "A", 0, "ACC 12.2.g") in found(result)

    def test_h_no_harm_no_foul(self) -> None:
        night = {"A": ["1: W +50 v P"], "P": ["1: L -50 v A"],
                 "X": ["1: W +17 v Y"], "Y": ["1: L -16 v X"]}
        result = check(night)
        harmless = [(f.player, f.index, f.rule) for f in result.findings
                    if f.code is FindingCode.NO_HARM_NO_FOUL]
        assert harmless == [("X", 0, "ACC 12.2.h"), ("Y", 0, "ACC 12.2.h")]

    def test_h_a_ruling_that_moves_the_cut_is_not_harmless(self) -> None:
        # As written A (+21) is above P (+18); corrected to 16 A falls below.
        night = {"A": ["1: W +21 v X"], "X": ["1: L -16 v A"],
                 "P": ["1: W +18 v Q"], "Q": ["1: L -18 v P"]}
        result = check(night)
        assert result.cut.qualifiers == ("P",)
        assert not [f for f in result.findings if f.code is FindingCode.NO_HARM_NO_FOUL]


class TestApparentQualifier:
    def test_from_the_cards_as_submitted_not_re_ranked(self) -> None:
        # A is the apparent qualifier as written (+21); corrected, P passes A, but the
        # ruling on P's own game still treats A as the apparent qualifier only.
        night = {"A": ["1: W +21 v X"], "X": ["1: L -16 v A"],
                 "P": ["1: W +18 v Q"], "Q": ["1: L -20 v P"]}
        result = check(night)
        assert result.apparent == ("A",)
        assert card_of(result, "P") == ["1: W +18 (2) v Q"]
        assert card_of(result, "Q") == ["1: L -20 (0) v P"]

    def test_everyone_level_at_the_cut_line_is_an_apparent_qualifier(self) -> None:
        night = {"A": ["1: W +10 v X"], "X": ["1: L -10 v A"],
                 "P": ["1: W +10 v Q"], "Q": ["1: L -10 v P"]}
        assert check(night).apparent == ("A", "P")


class TestTiebreaks:
    def test_game_points(self) -> None:
        result = check(games(("A", "B", 40), ("C", "D", 10)))
        assert [s.player for s in result.standings] == ["A", "C", "D", "B"]
        assert result.standings[0].tiebreak is Step.GAME_POINTS

    def test_games_won(self) -> None:
        night = games(("P", "X1", 40), ("P", "X2", 40), ("X3", "P", 5),
                      ("Q", "Y1", 5), ("Q", "Y2", 5), ("Q", "Y3", 5))
        result = check(night)
        top = result.standings[:2]
        assert [(s.player, s.tally.game_points, s.tally.wins) for s in top] == [
            ("Q", 6, 3), ("P", 6, 2)]
        assert top[0].tiebreak is Step.WINS

    def test_net_spread(self) -> None:
        result = check(games(("A", "C", 20), ("B", "D", 10)))
        assert [s.player for s in result.standings[:2]] == ["A", "B"]
        assert result.standings[0].tiebreak is Step.SPREAD

    def test_plus_points(self) -> None:
        night = games(("P", "X", 30), ("Y", "P", 20), ("Q", "Z", 15), ("W", "Q", 5))
        result = check(night)
        p = next(s for s in result.standings if s.player == "P")
        q = next(s for s in result.standings if s.player == "Q")
        assert (p.tally.spread, p.tally.plus, q.tally.spread, q.tally.plus) == (10, 30, 10, 15)
        assert p.rank < q.rank and p.tiebreak is Step.PLUS

    def test_head_to_head_two_players(self) -> None:
        night = games(("A", "B", 10), ("C", "A", 10), ("B", "D", 10))
        result = check(night)
        a = next(s for s in result.standings if s.player == "A")
        b = next(s for s in result.standings if s.player == "B")
        assert a.tally == b.tally
        assert (a.rank, b.rank, a.head_to_head, b.head_to_head) == (2, 3, 1, 0)
        assert a.tiebreak is Step.HEAD_TO_HEAD

    def test_head_to_head_three_players_in_order(self) -> None:
        night = games(("A", "B", 10), ("A", "C", 10), ("B", "C", 10),
                      ("X", "A", 10), ("Y", "A", 10), ("B", "Z", 10), ("W", "B", 10),
                      ("C", "V", 10), ("C", "U", 10))
        result = check(night)
        level = [s for s in result.standings if s.player in "ABC"]
        assert [(s.player, s.head_to_head) for s in level] == [("A", 2), ("B", 1), ("C", 0)]
        assert [s.rank for s in level] == sorted(s.rank for s in level)
        assert len({s.rank for s in level}) == 3

    def test_head_to_head_splits_and_a_pair_that_never_met_plays_off(self) -> None:
        # Four level players: A beat B, C, D; B beat C and D; C and D never met.
        night = games(("A", "B", 10), ("A", "C", 10), ("A", "D", 10), ("B", "C", 10),
                      ("B", "D", 10), ("E1", "A", 10), ("E2", "A", 10), ("E3", "A", 10),
                      ("B", "H1", 10), ("H2", "B", 10), ("H3", "B", 10),
                      ("C", "F1", 10), ("C", "F2", 10), ("C", "F3", 10), ("F4", "C", 10),
                      ("D", "G1", 10), ("D", "G2", 10), ("D", "G3", 10), ("G4", "D", 10))
        result = check(night)
        level = {s.player: s for s in result.standings if s.player in "ABCD"}
        assert level["A"].tally == level["B"].tally == level["C"].tally == level["D"].tally
        assert [(p, level[p].rank, level[p].head_to_head, level[p].tiebreak) for p in "ABCD"] == [
            ("A", 1, 3, Step.HEAD_TO_HEAD), ("B", 2, 2, Step.HEAD_TO_HEAD),
            ("C", 3, 0, Step.PLAYOFF), ("D", 3, 0, Step.GAME_POINTS)]

    def test_a_cycle_is_a_playoff(self) -> None:
        night = games(("A", "B", 10), ("B", "C", 10), ("C", "A", 10))
        result = check(night)
        assert [s.rank for s in result.standings] == [1, 1, 1]
        assert [s.tiebreak for s in result.standings] == [Step.PLAYOFF, Step.PLAYOFF, None]
        assert result.cut.qualifiers == () and result.cut.playoff == ("A", "B", "C")

    def test_never_met_is_a_playoff(self) -> None:
        result = check(games(("A", "C", 10), ("B", "D", 10)))
        assert [(s.player, s.rank, s.head_to_head) for s in result.standings[:2]] == [
            ("A", 1, None), ("B", 1, None)]


class TestTheCut:
    @pytest.mark.parametrize(("field", "places"), [
        (121, 31), (122, 31), (123, 31), (124, 31), (108, 27), (132, 33), (60, 15), (4, 1),
        (5, 2)])
    def test_one_in_four_rounded_up(self, field: int, places: int) -> None:
        assert qualifying(field) == places

    def test_bracket_order_matches_the_charts(self) -> None:
        assert bracket_order(8) == [1, 8, 5, 4, 3, 6, 7, 2]
        order = bracket_order(64)
        pairs = [(order[n], order[n + 1]) for n in range(0, 64, 2)]
        position = {frozenset(pair): n for n, pair in enumerate(pairs)}
        for above, below in (((8, 57), (5, 60)), ((4, 61), (3, 62)), ((6, 59), (7, 58))):
            assert position[frozenset(below)] == position[frozenset(above)] + 1

    @pytest.mark.parametrize(("field", "places", "size", "byes"), [
        (108, 27, 32, 5), (132, 33, 64, 31), (60, 15, 16, 1)])
    def test_byes_as_the_rule_counts_them(self, field: int, places: int, size: int,
                                          byes: int) -> None:
        night = games(*((f"P{2 * n:03d}", f"P{2 * n + 1:03d}", 1 + n % 120)
                        for n in range(field // 2)))
        result = check(night, event=Event.SANCTIONED)
        assert result.bracket is not None and result.cut.places == places
        assert result.bracket.size == size and result.bracket.byes == tuple(range(1, byes + 1))
        assert len(result.bracket.first_round) * 2 == places - byes
        assert result.bracket.seeds[0] == result.standings[0].player
        assert all(max(pair) <= places and min(pair) > byes
                   for pair in result.bracket.first_round)

    def test_master_points_bottom_half(self) -> None:
        night = games(*((f"P{2 * n:02d}", f"P{2 * n + 1:02d}", 1 + n) for n in range(16)))
        result = check(night, event=Event.SANCTIONED, tournament=Tournament.CONSOLATION)
        assert result.cut.places == 8
        assert result.master_table == result.cut.qualifiers[:4]
        assert result.master_points == dict.fromkeys(result.cut.qualifiers[4:], 3)


class TestConventions:
    def test_acc_gives_a_double_skunk_a_skunk(self) -> None:
        result = check(games(("A", "B", 70), ("C", "D", 31), ("E", "F", 30)))
        assert [totals(result, p)[0] for p in "ACE"] == [3, 3, 2]

    def test_pegs_behind_charges_the_loser_and_ranks_the_fewest_first(self) -> None:
        night = games(("A", "B", 70), ("B", "C", 10), ("C", "A", 20))
        result = check(night, convention=Convention.PEGS_BEHIND)
        assert [(s.player, s.tally.game_points) for s in result.standings] == [
            ("C", 10), ("A", 20), ("B", 70)]


class TestBadNights:
    def problems(self, night: list[Scorecard],
                 target: int = 121) -> list[tuple[tuple[str | int, ...], str]]:
        with pytest.raises(RecordError) as error:
            check_night(night, target=target)
        return [(p.path, p.code.value) for p in error.value.problems]

    def test_every_problem_at_once(self) -> None:
        night = cards({"A": ["1: W +122 v B", "2: W +10 (0) v Z"], "B": ["1: L -10 (2) v A"],
                       "C": ["W +10 v B", "W +10 v B", "3: W +05 v C", "3: bye"]})
        night.append(Scorecard("A", ()))
        assert self.problems(night) == [
            (("cards", 3, "player"), "duplicate-player"),
            (("cards", 0, "games", 0, "spread"), "out-of-range"),
            (("cards", 0, "games", 1, "opponent"), "unknown-player"),
            (("cards", 0, "games", 1, "game_points"), "conflict"),
            (("cards", 1, "games", 0, "game_points"), "conflict"),
            (("cards", 2, "games", 2, "opponent"), "conflict"),
            (("cards", 2, "games", 3, "round"), "conflict"),
            (("cards", 2, "games", 0, "round"), "required"),
            (("cards", 2, "games", 1, "round"), "required"),
        ]

    def test_the_five_card_game_allows_less(self) -> None:
        night = cards({"A": ["1: W +62 v B"], "B": ["1: L -62 v A"]})
        assert self.problems(night, target=61) == [
            (("cards", 0, "games", 0, "spread"), "out-of-range"),
            (("cards", 1, "games", 0, "spread"), "out-of-range")]
        assert check_night(night).standings[0].tally.game_points == 3


class TestRefereedGame:
    def test_the_game_outranks_both_cards(self) -> None:
        night = cards({"A": ["1: W +20 v B"], "B": ["1: W +15 v A"]})
        game = Checked.from_scores("B", {"A": 100, "B": 121})
        night[1] = Scorecard("B", (Line("A", night[1].lines[0].result, 15, None, None, 1,
                                        game),))
        result = check_night(night)
        assert card_of(result, "A") == ["1: L -21 (0) v B"]
        assert card_of(result, "B") == ["1: W +21 (2) v A"]
        assert [(f.code.value, f.player) for f in result.findings
                if f.code is not FindingCode.NO_HARM_NO_FOUL] == [
            ("game-record-outranks", "A"), ("game-record-outranks", "B")]


class TestCsv:
    TEXT = ("Player,Round,Opponent,Result,Spread,Game Points\n"
            "Ann,1,Bob,W,+21,2\nBob,1,Ann,L,-16,X\nCat,1,Dan,W,05,\nDan,1,Cat,L,,\n")

    def test_read_and_rank(self) -> None:
        night = read_cards(self.TEXT)
        assert [str(line) for card in night for line in card.lines] == [
            "1: W +21 (2) v Bob", "1: L -16 (0) v Ann", "1: W +05 v Dan", "1: L v Cat"]
        out = standings_csv(check_night(night))
        assert out.splitlines() == [
            "rank,player,game_points,wins,losses,spread,plus,head_to_head,tiebreak,qualified",
            "1,Ann,2,1,0,+16,16,,spread,yes",
            "2,Cat,2,1,0,+5,5,,game_points,",
            "3,Dan,0,0,1,-5,0,,spread,",
            "4,Bob,0,0,1,-16,0,,,"]

    def test_an_error_per_row(self) -> None:
        text = ("player,round,opponent,result,spread\n"
                "Ann,1,Bob,W,+21\nBob,1,Ann\nCat,x,Dan,W,5\nDan,1,Cat,Q,5\nEve,1,Ann,W,1x\n")
        with pytest.raises(CsvError) as error:
            read_cards(text)
        assert [(p.path, p.code.value) for p in error.value.problems] == [
            ((3, "row"), "wrong-size"), ((4, "round"), "out-of-range"),
            ((5, "result"), "out-of-range"), ((6, "spread"), "out-of-range")]

    def test_a_header_it_cannot_read(self) -> None:
        with pytest.raises(CsvError, match="no 'result' column"):
            read_cards("player,opponent\nAnn,Bob\n")
