"""Readers for HAL's PGN for cribbage and cribbage-zero's PGN (rules/notation/foreign.py),
on fixtures written for these tests from the documented formats: each file is refereed
like any record, and what it states is set beside the referee's rulings."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from muggins.cli import main
from rules.notation import Game, NotationError
from rules.notation.foreign import MarkKind, compare, read_hal, read_zero

DATA = Path(__file__).parent / "data" / "notation"
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
