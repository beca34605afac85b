"""The CLI reads records in notation from a file or stdin (--file), and answers as for
the same record in JSON."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from muggins.cli import main
from muggins.cli_context import FOUND, HELD, REFUSED

PLAY = "play: pone KH, dealer QC, pone TD =2, dealer 9S\n"
PLAY_JSON = {"plays": [{"player": "pone", "card": "KH"}, {"player": "dealer", "card": "QC"},
                       {"player": "pone", "card": "TD", "claimed": 2},
                       {"player": "dealer", "card": "9S"}]}
DEAL = """\
five-card to 61: pone dealer
dealt: pone 8D TH 6H QS 2D; dealer 7C 4C 3C 4D KD
discards: pone QS 2D; dealer 4C KD
starter: 3S
play: pone 8D, dealer 7C, pone TH, dealer 3C, pone go
show: pone =0; dealer =2; crib =7
"""
GAME = "six-card to 121: ann bob\ndeal: 1\n" + DEAL.split("\n", 1)[1].replace(
    "pone", "ann").replace("dealer", "bob").replace("8D TH 6H QS 2D", "8D TH 6H QS 2D 9C") \
    .replace("7C 4C 3C 4D KD", "7C 4C 3C 4D KD 9H")


def run(*args: str, stdin: str | None = None):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(main, list(args), input=stdin)


def test_peg_reads_a_play_from_a_file_as_the_json_record(tmp_path: Path) -> None:
    path = tmp_path / "play.txt"
    path.write_text(PLAY)
    written = run("--json", "peg", "--file", str(path))
    (tmp_path / "play.json").write_text(json.dumps(PLAY_JSON))
    sent = run("--json", "peg", str(tmp_path / "play.json"))
    assert written.exit_code == sent.exit_code == FOUND  # the overcount
    assert json.loads(written.output) == json.loads(sent.output)


def test_deal_reads_stdin_and_draws_the_board() -> None:
    result = run("deal", "-f", "-", stdin=DEAL)
    assert result.exit_code == HELD, result.output
    assert "scores: pone 0, dealer 12" in result.output
    assert "board to 61" in result.output


def test_game_and_review_read_a_game(tmp_path: Path) -> None:
    path = tmp_path / "game.txt"
    path.write_text(GAME)
    result = run("--json", "game", "--file", str(path))
    assert result.exit_code in (HELD, FOUND), result.output
    assert json.loads(result.output)["deals"][0]["dealer"] == "bob"
    reviewed = run("--json", "review", "--file", str(path))
    assert reviewed.exit_code in (HELD, FOUND), reviewed.output
    assert [d["dealer"] for d in json.loads(reviewed.output)["deals"]] == ["bob"]


def test_badly_written_notation_is_refused_with_its_line_and_column() -> None:
    result = run("peg", "--file", "-", stdin="play: pone KH,\n  dealer 9X\n")
    assert result.exit_code == REFUSED
    assert ("#/notation: line 2, column 10: expected a card or 'go' at '9X' "
            "(badly-written)") in result.output


def test_one_record_one_way(tmp_path: Path) -> None:
    assert run("peg").exit_code == REFUSED
    assert run("peg", "--live", "-f", "-", stdin=PLAY).exit_code == REFUSED
