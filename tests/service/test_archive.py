"""``muggins archive``: whole archives reviewed on Dask. The same bytes for one worker
or two, a stopped run resumed, an unreadable record listed at its file and line, an
empty archive refused, and each review the one ``/v1/games/review`` gives."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from flask.testing import FlaskClient

from muggins.archive import ArchiveError, Stopped, review_archive
from muggins.cli import main
from rules import Variant
from rules.notation import Game
from tests.endgame import from_the_start

OUTPUTS = ("reviews.jsonl", "players.csv", "players.parquet", "unreadable.csv")


def _game(seed: int) -> str:
    played = from_the_start(Variant.SIX_CARD, seed)
    return str(Game(played.table, tuple(played.records())))


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two files: three games, then one broken at its line 3 (line 5 of the file)."""
    folder = tmp_path_factory.mktemp("archive")
    (folder / "a.txt").write_text(_game(1) + "\n" + _game(2), encoding="utf-8")
    broken = "# a half-written game\n\nsix-card to 121: ann bob\ndeal: 1\ndealt: ann 5H 5Q\n"
    (folder / "b.txt").write_text(_game(3) + "\n" + broken, encoding="utf-8")
    return folder


def _run(archive: Path, out: str, **options: object) -> Path:
    files = [str(archive / "a.txt"), str(archive / "b.txt")]
    review_archive(files, archive / out, chunk=1, progress=False, **options)  # type: ignore[arg-type]
    return archive / out


@pytest.fixture(scope="module")
def two(archive: Path) -> Path:
    return _run(archive, "two", workers=2)


def test_one_worker_or_two_the_same_bytes(archive: Path, two: Path) -> None:
    one = _run(archive, "one", workers=1)
    for name in OUTPUTS:
        assert (one / name).read_bytes() == (two / name).read_bytes(), name


def test_a_stopped_run_resumes_where_it_left_off(archive: Path, two: Path) -> None:
    with pytest.raises(Stopped):
        _run(archive, "stopped", workers=1, stop_after=2)
    assert len(list((archive / "stopped" / "parts").glob("*.jsonl"))) == 2
    summary = review_archive([str(archive / "a.txt"), str(archive / "b.txt")],
                             archive / "stopped", chunk=1, progress=False, workers=1)
    assert (summary.chunks, summary.resumed, summary.reviewed, summary.unreadable) == (4, 2, 3, 1)
    for name in OUTPUTS:
        assert (archive / "stopped" / name).read_bytes() == (two / name).read_bytes(), name


def test_an_unreadable_record_is_listed_at_its_file_and_line(archive: Path, two: Path) -> None:
    rows = (two / "unreadable.csv").read_text().splitlines()
    lines_of_game_3 = len(_game(3).splitlines())
    assert rows[0] == "file,line,problem"
    assert len(rows) == 2
    file, line, problem = rows[1].split(",", 2)
    # The broken game starts after game 3 (its comment and blank line come with it);
    # its fault, the card '5Q', is on its fifth line.
    assert (file, int(line)) == (str(archive / "b.txt"), lines_of_game_3 + 5)
    assert "5Q" in problem


def test_the_reviews_are_the_services(archive: Path, two: Path, client: FlaskClient) -> None:
    rows = [json.loads(line) for line in (two / "reviews.jsonl").read_text().splitlines()]
    assert [(Path(r["file"]).name, r["line"]) for r in rows] == [
        ("a.txt", 1), ("a.txt", len(_game(1).splitlines()) + 1), ("b.txt", 1)]
    served = client.post("/v1/games/review", json={"notation": _game(2)}).get_json()
    assert rows[1]["review"] == served


def test_the_player_table(two: Path) -> None:
    rows = [json.loads(line)["review"] for line in (two / "reviews.jsonl").read_text()
            .splitlines()]
    table = (two / "players.csv").read_text().splitlines()
    assert table[0] == ("player,games,finished,wins,losses,win_rate,decisions,rating,luck,"
                        "luck_adjusted")
    ann = dict(zip(table[0].split(","), table[1].split(","), strict=True))
    wins = sum(r["winner"] == "ann" for r in rows)
    decisions = sum(r["players"]["ann"]["decisions"] for r in rows)
    errors = sum(r["players"]["ann"]["error_rate"] * r["players"]["ann"]["decisions"]
                 for r in rows)
    luck = [r["players"]["ann"]["luck"] for r in rows]
    adjusted = [(r["winner"] == "ann") - r["players"]["ann"]["luck"] for r in rows]
    assert (ann["player"], int(ann["games"]), int(ann["wins"])) == ("ann", 3, wins)
    assert int(ann["decisions"]) == decisions
    assert float(ann["rating"]) == round(errors / decisions, 6)
    assert float(ann["luck"]) == round(sum(luck) / 3, 6)
    assert float(ann["luck_adjusted"]) == round(sum(adjusted) / 3, 6)
    import pyarrow.parquet as pq

    assert pq.read_table(two / "players.parquet").to_pylist()[0]["rating"] == float(
        ann["rating"])


def test_an_empty_archive_is_refused(tmp_path: Path) -> None:
    (tmp_path / "empty.txt").write_text("# nothing here\n\n")
    with pytest.raises(ArchiveError, match="the archive holds no games"):
        review_archive([str(tmp_path / "empty.txt")], tmp_path / "out", progress=False)
    result = CliRunner().invoke(main, ["archive", str(tmp_path / "empty.txt"),
                                       "--out", str(tmp_path / "out")])
    assert result.exit_code == 2
    assert "the archive holds no games" in result.output
