"""Readers for HAL's PGN for cribbage and cribbage-zero's PGN (rules/notation/foreign.py),
on fixtures written for these tests from the documented formats: each file is refereed
like any record, and what it states is set beside the referee's rulings."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from muggins.cli import main
from rules.core.cards import Card
from rules.deal.check import Stage
from rules.notation import Game, NotationError
from rules.notation.foreign import MarkKind, compare, read_hal, read_zero
from tests.naive import naive_total, rank
from tests.simulate import naive_card_points, pips, random_deal

DATA = Path(__file__).resolve().parents[1] / "data" / "notation"
HAL = (DATA / "hal.txt").read_text(encoding="utf-8")
ZERO = (DATA / "zero.pgn").read_text(encoding="utf-8")


def test_a_cribbage_zero_game_is_refereed_and_its_scores_compared() -> None:
    imported = read_zero(ZERO)
    game = imported.game
    assert str(game.table) == "six-card to 121: bob ann"  # ann, player 1, deals first
    assert Game.parse(str(game)) == game
    check, comparisons = compare(imported)
    assert check.findings == ()
    assert check.scores == {"bob": 38, "ann": 28}
    summary = [(c.mark.kind, c.mark.deal, c.mark.player, c.mark.index, c.mark.stated, c.ruled)
               for c in comparisons if not c.agrees]
    # The fixture's one mistake: ann's hand of deal 2 counts 12, not 13.
    assert summary == [(MarkKind.HAND, 1, "ann", None, 13, 12)]
    assert len(comparisons) == 22
    plays = [c for c in comparisons if c.mark.kind is MarkKind.PLAY]
    assert [c.ruled for c in plays] == [0, 0, 2, 0, 0, 1, 0, 1, 0, 2, 0, 2, 0, 2, 0, 3]


def test_a_hal_game_is_refereed_and_its_marks_compared() -> None:
    imported = read_hal(HAL)
    game = imported.game
    assert game.options.muggins is True
    assert game.table.dealer == "ann"  # bob, lower case, leads the first deal
    assert Game.parse(str(game)) == game
    check, comparisons = compare(imported)
    assert [(c.mark.kind, c.mark.deal, c.mark.player, c.mark.index, c.mark.stated, c.ruled,
             c.mark.line, c.mark.column) for c in comparisons] == [
        (MarkKind.PENALTY, 0, "bob", 4, 2, 2, 7, 28),
        (MarkKind.MUGGINS, 0, "ann", 5, 1, 1, 7, 33),
        # The fixture's rule violation is one the referee does not find: the play is legal.
        (MarkKind.VIOLATION, 1, "ann", 6, 2, None, 8, 34),
        (MarkKind.UNNOTICED, 1, "bob", 7, 1, 1, 8, 39),
    ]
    assert [f.code.value for f in check.findings] == [
        "overcount", "undercount", "muggins", "overcount"]


def test_marks_written_apart_from_their_card_are_the_cards() -> None:
    apart = HAL.replace("3h>2", "3h >2")
    assert read_hal(apart).marks[0].kind is MarkKind.PENALTY
    assert read_hal(apart).marks[0].index == 4


@pytest.mark.parametrize(("reader", "text", "token", "line", "column"), [
    (read_hal, "Player A: ann\nDeal 1: 7S 2c XX", "XX", 2, 15),
    (read_hal, "Player A: ann\nDeal 2: 7S", "2", 2, 6),
    (read_hal, "hello", "hello", 1, 1),
    (read_zero, '[FirstDealer "ann"]\n1.\n  H1 5H ZZ', "ZZ", 3, 9),
    (read_zero, "2.\n", "2.", 1, 1),
    (read_zero, "1.\n  SP x", "x", 2, 6),
])
def test_a_badly_written_file_names_its_token_line_and_column(
        reader: object, text: str, token: str, line: int, column: int) -> None:
    with pytest.raises(NotationError) as caught:
        reader(text)  # type: ignore[operator]
    assert (caught.value.token, caught.value.line, caught.value.column) == (token, line, column)


@pytest.mark.parametrize(("text", "token", "column", "reason"), [
    ("Deal 1: 7S 2c 5H 8s", "7S", 9, "expected the starter, the cards laid, then the 4 discards"),
    ("Deal 1: 7S 2c 5H 8s 6C 3h 5D 4d 9S AS JH QS td kc", "AS", 36,
     "A lays 5 cards, and a player lays 4 at most (A's suits in capitals, B's in lower case)"),
    ("Deal 1: 7S 2c 5H 8s 6C 3h 5D 4d 9S JH QS TD kc", "JH", 36,
     "the last 4 cards are the discards, two each; A has 3 of them (A's suits in capitals, "
     "B's in lower case)"),
    ("Deal 1: KD AH as 5H 6H 5s 6s\nDeal 2: 7S 2c 5H 8s 6C 3h 5D 4d 9S JH QS td kc", "Deal", 1,
     "only the game's last deal, won on heels or in the play, lays fewer than 8 cards"),
])
def test_each_hal_line_is_the_starter_the_cards_laid_and_the_four_discards(
        text: str, token: str, column: int, reason: str) -> None:
    with pytest.raises(NotationError) as caught:
        read_hal(text)
    assert (caught.value.token, caught.value.line, caught.value.column,
            caught.value.reason) == (token, 1, column, reason)


def test_the_cli_imports_prints_and_compares(tmp_path: Path) -> None:
    path = tmp_path / "game.pgn"
    path.write_text(ZERO)
    result = CliRunner().invoke(main, ["import", str(path), "--format", "cribbage-zero"])
    assert result.exit_code == 1  # one number differs
    assert "deal 2 (ann), line 14: hand 13 in the file, 12 ruled: DIFFERS" in result.output
    assert result.output.startswith("six-card to 121: bob ann\ndeal: 1\n")
    answer = CliRunner().invoke(main, ["--json", "import", "-", "--format", "hal"], input=HAL)
    body = json.loads(answer.output)
    assert body["scores"] == {"bob": 39, "ann": 30}
    assert [row["agrees"] for row in body["comparisons"]] == [True, True, False, True]
    refused = CliRunner().invoke(main, ["import", "-", "--format", "hal"], input="Deal 1: ZZ")
    assert refused.exit_code == 2


# --- whole HAL games, written from a simulated game and tallied independently ---------

def _hal(card: Card, player: str) -> str:
    """A's suits in capitals, B's (bob's) in lower case."""
    return card.text if player == "ann" else card.text[0] + card.text[1].lower()


def hal_game(seed: int) -> tuple[str, str, dict[str, int], str]:
    """A two-player game between ann (A) and bob (B), played out legally with random
    choices and written in HAL's format: each deal's starter, the cards in the order
    laid, then the discards. The deal the game is won in stops where it was won, as HAL
    writes it. Tallied by the tests' own naive scorer (tests/simulate.py), in order:
    heels, the play card by card, the pone's hand, the dealer's, the crib. Returns the
    text, the winner, the final scores and where the game was won."""
    rng = random.Random(seed)
    scores = {"ann": 0, "bob": 0}
    dealer = rng.choice(["ann", "bob"])
    lines = ["Player A: ann", "Player B: bob", "Muggins Game: N", ""]
    for number in range(1, 40):
        pone = "bob" if dealer == "ann" else "ann"
        deal = random_deal(rng, (pone, dealer), 6, 2, False, False)
        laid = [e for e in deal.events if e.card is not None]
        steps: list[tuple[str, int, int, str]] = []  # who, points, cards laid by then, stage
        if rank(deal.starter) == "J":
            steps.append((dealer, 2, 0, "heels"))
        count_cards: list[Card] = []
        count, last, seen = 0, None, 0
        for event in deal.events:
            if event.count_ends:
                if last is not None:
                    steps.append((last, 1, seen, "play"))
                count_cards, count, last = [], 0, None
            elif event.card is not None:
                count_cards.append(event.card)
                count += pips(event.card)
                seen += 1
                if points := naive_card_points(count_cards, count):
                    steps.append((event.player, points, seen, "play"))
                last = event.player
                if count == 31:
                    count_cards, count, last = [], 0, None
        steps += [(p, naive_total(deal.kept[p], deal.starter), seen, "show")
                  for p in (pone, dealer)]
        steps.append((dealer, naive_total(deal.crib, deal.starter, crib=True), seen, "show"))
        won: tuple[int, str] | None = None
        for player, points, by, stage in steps:
            scores[player] = min(121, scores[player] + points)
            if scores[player] == 121:
                won = (by, stage)
                break
        shown = laid if won is None else laid[:won[0]]
        words = [deal.starter.text] + [_hal(e.card, e.player) for e in shown if e.card] + [
            _hal(card, player) for player in (pone, dealer) for card in deal.discards[player]]
        lines.append(f"Deal {number}: " + " ".join(words))
        if won is not None:
            winner = max(scores, key=lambda side: scores[side])
            return "\n".join(lines) + "\n", winner, scores, won[1]
        dealer = pone
    raise AssertionError("no one won in 39 deals")


def test_a_hal_game_won_during_the_play_reads_back_with_its_winner() -> None:
    """HAL's last deal stops where the game was won: here bob's jack makes 31 on the
    fourth card, taking him from 119 to 121. The last four cards are still the discards
    (issue 28: they were read as plays, and the deal as a misdeal with no winner)."""
    text, winner, scores, stage = hal_game(0)
    assert (winner, scores, stage) == ("bob", {"ann": 98, "bob": 121}, "play")
    assert text.splitlines()[-1] == "Deal 13: QS TS Jd AD Jc 6D KC 7d 9h"
    imported = read_hal(text)
    last = imported.game.deals[-1]
    assert [(e.player, e.card.text if e.card else None) for e in last.plays or ()] == [
        ("ann", "TS"), ("bob", "JD"), ("ann", "AD"), ("bob", "JC")]
    assert last.discards == {"ann": (c("6D"), c("KC")), "bob": (c("7D"), c("9H"))}
    assert last.unshown
    assert str(imported.game).endswith(
        "deal: 13\ndealt: ann TS AD 6D KC; bob JD JC 7D 9H\n"
        "discards: ann 6D KC; bob 7D 9H\nstarter: QS\nplay: ann TS, bob JD, ann AD, bob JC\n"
        "# the cards never laid were never shown: the game was won before the show")
    check, comparisons = compare(imported)
    assert (check.winner, check.scores) == (winner, scores)
    assert check.deals[-1].won_during is Stage.PLAY
    assert check.findings == ()
    assert comparisons == ()
    assert len(check.deals) == 13


def test_a_hal_game_won_on_heels_reads_back_with_its_winner() -> None:
    """A win on heels lays no card: the line is the starter and the four discards."""
    text, winner, scores, stage = hal_game(433)
    assert (winner, scores, stage) == ("ann", {"ann": 121, "bob": 100}, "heels")
    assert text.splitlines()[-1] == "Deal 11: JS Jh 3h 5D QC"
    imported = read_hal(text)
    last = imported.game.deals[-1]
    assert last.plays == ()
    assert last.dealt == {"ann": (c("5D"), c("QC")), "bob": (c("JH"), c("3H"))}
    check, _ = compare(imported)
    assert (check.winner, check.scores) == (winner, scores)
    assert check.deals[-1].won_during is Stage.HEELS
    assert check.findings == ()


@pytest.mark.parametrize("seed", range(12))
def test_hal_games_read_back_as_tallied(seed: int) -> None:
    text, winner, scores, _ = hal_game(seed)
    check, _ = compare(read_hal(text))
    assert (check.winner, check.scores) == (winner, scores)
    assert [f for f in check.findings if f.code.value == "misdeal"] == []


ISSUE_28 = "Player A: Alpha\nPlayer B: Bravo\n\nDeal 1: 6s Ts TC 8s 2s QS 5d Ad 4s 7H AC\n"


def test_a_short_deal_that_wins_nothing_is_refused_with_its_line() -> None:
    """The issue's last deal, alone: Bravo pegs 3 and Alpha 2, nobody wins, so the two
    cards Alpha never laid are needed for the show, and the file does not say them."""
    imported = read_hal(ISSUE_28)
    deal = imported.game.deals[0]
    assert [(e.player, str(e.card)) for e in deal.plays or ()] == [
        ("Bravo", "TS"), ("Alpha", "TC"), ("Bravo", "8S"), ("Bravo", "2S"),
        ("Alpha", "QS"), ("Bravo", "5D")]
    assert deal.discards == {"Alpha": (c("7H"), c("AC")), "Bravo": (c("AD"), c("4S"))}
    with pytest.raises(NotationError) as caught:
        compare(imported)
    assert (caught.value.line, caught.value.column) == (4, 1)
    assert "the game was not won before the show" in caught.value.reason
    assert "Alpha" in caught.value.reason
    path = "-"
    result = CliRunner().invoke(main, ["import", path, "--format", "hal"], input=ISSUE_28)
    assert result.exit_code == 2
    assert "refused: line 4, column 1: deal 1 cannot be refereed" in result.output


def c(text: str) -> Card:
    return Card.parse(text)
