"""bench/archive.py: its games are whole games, the same for a seed and kept in the
cache, and its code path runs on a handful of them (one worker then two, the same
bytes); its rate's arithmetic by hand."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bench._archive_games import NAMES, archive_games, generated_game, generated_games
from bench.archive import Run, measure
from muggins.archive_read import Record, read_archive
from rules import check_game
from rules.notation import Game


def test_a_generated_game_is_whole_refereed_and_won() -> None:
    text = generated_game(7, 3)
    game = Game.parse(text)
    players = list(game.table.seats)
    assert len(players) == 2 and set(players) <= set(NAMES)
    checked = check_game(game.table, list(game.deals))
    assert checked.winner in players
    assert checked.scores[checked.winner] >= 121
    loser = next(p for p in players if p != checked.winner)
    assert checked.scores[loser] < 121
    # Legal cards only and no claims in the record: nothing for the referee to find.
    assert checked.findings == ()
    # The comment names the winner the referee found.
    assert re.match(rf"# game 3 of seed 7: deals from seed \d+, \w+ dealing first, "
                    rf"{checked.winner} won\n", text)


def test_the_games_are_the_same_for_a_seed_whatever_their_number() -> None:
    three = generated_games(3, seed=11)
    assert generated_games(3, seed=11) == three
    assert generated_games(4, seed=11).startswith(three)
    assert generated_games(3, seed=12) != three
    heads = [line.split(":")[0] for line in three.splitlines() if line.startswith("# ")]
    assert heads == ["# game 0 of seed 11", "# game 1 of seed 11", "# game 2 of seed 11"]


def test_the_archive_is_played_once_then_read_from_the_cache(tmp_path: Path) -> None:
    path, played = archive_games(2, 5, tmp_path)
    assert played and path.read_text(encoding="utf-8") == generated_games(2, 5)
    again, played = archive_games(2, 5, tmp_path)
    assert again == path and not played
    # Another number of games is another file; nothing half-written is left.
    other, played = archive_games(1, 5, tmp_path)
    assert other != path and played
    assert not list(tmp_path.glob("*.partial"))
    found = list(read_archive([str(path)]))
    assert len(found) == 2 and all(isinstance(item, Record) for item in found)


def test_the_rate_by_hand() -> None:
    # 60 games on 30 s of the workers' CPU: 60 ÷ 0.5 core-minutes.
    assert Run(2, 60, 4.0, 20.0, 30.0, 1.0).per_core_minute == pytest.approx(120.0)


def test_the_bench_runs_one_worker_then_two_on_three_games(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    runs, same = measure(3, seed=1, rounds=1, cache=tmp_path)
    assert same
    assert [run.workers for run in runs] == [1, 2]
    assert all(run.games == 3 and run.worker_cpu > 0 and run.wall > 0 for run in runs)
    printed = capsys.readouterr().out
    assert "archive: 3 games, " in printed
    assert "speed-up from 1 worker to 2 (wall): " in printed
    assert "the outputs the same bytes (1 and 2 workers, every round): True" in printed
