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
from muggins.archive_table import player_table
from muggins.cli import main
from rules import Variant
from rules.notation import Game
from rules.review import band_of
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
    """Recomputed from the reviews the table was made from: each game's rating weighted
    by its discards judged (the pooled sums of docs/rating.md)."""
    rows = [json.loads(line)["review"] for line in (two / "reviews.jsonl").read_text()
            .splitlines()]
    table = (two / "players.csv").read_text().splitlines()
    assert table[0] == ("player,games,finished,wins,losses,win_rate,decisions,rating,band,"
                        "discards,play,claims,luck,net_luck,luck_adjusted")
    ann = dict(zip(table[0].split(","), table[1].split(","), strict=True))
    wins = sum(r["winner"] == "ann" for r in rows)
    figures = [r["players"]["ann"] for r in rows]
    judged = [sum(d["discards"]["ann"]["win_loss"] is not None for d in r["deals"]
                  if d["discards"]) for r in rows]
    pooled = sum(f["rating"]["value"] * n for f, n in zip(figures, judged, strict=True))
    assert (ann["player"], int(ann["games"]), int(ann["wins"])) == ("ann", 3, wins)
    assert int(ann["decisions"]) == sum(f["decisions"] for f in figures)
    assert float(ann["rating"]) == pytest.approx(pooled / sum(judged), abs=0.0005)
    assert ann["band"] == band_of(float(ann["rating"]))
    assert float(ann["luck"]) == round(sum(f["luck"] for f in figures) / 3, 6)
    assert float(ann["net_luck"]) == round(sum(f["net_luck"] for f in figures) / 3, 6)
    assert float(ann["luck_adjusted"]) == round(sum(f["luck_adjusted"] for f in figures) / 3, 6)
    import pyarrow.parquet as pq

    parquet = pq.read_table(two / "players.parquet").to_pylist()[0]
    assert (parquet["rating"], parquet["band"]) == (float(ann["rating"]), ann["band"])


def _review(ann: dict[str, object], judged: int, deals: int,
            winner: str | None) -> dict[str, object]:
    """A review with only what the table reads: ``deals`` deals, ann's discard judged in
    the first ``judged`` (the rest misdeals, no discard reviewed)."""
    return {"lost": {"ann": {}, "bob": {}}, "winner": winner,
            "deals": [{"discards": ({"ann": {"win_loss": 0.01}, "bob": {"win_loss": 0.0}}
                                    if n < judged else {})} for n in range(deals)],
            "players": {"ann": ann, "bob": {"decisions": 0, "luck": 0.0}}}


def test_the_player_table_pools_the_games_by_their_deals() -> None:
    """Worked by hand. Game 1: ann's discard judged in 3 deals (a fourth a misdeal), 7
    decisions so 4 unforced cards, rating 20 (claims 5), play 10. Game 2: 2 deals, 5
    decisions so 3 cards, rating 45, play 4. Game 3: no chance table, no figures.
    Pooled: rating (20×3 + 45×2) ÷ 5 = 30.0 (novice: 29 to 45), claims 5×3 ÷ 5 = 3.0,
    discards 27.0, play (10×4 + 4×3) ÷ 7 = 7.428571…; the mean of the games, 32.5, would
    weigh the short game as much as the long one."""
    one = {"decisions": 7, "luck": 0.3, "result": 1.0, "net_luck": 0.2,
           "luck_adjusted": 0.896,  # 1 − 0.52 × 0.2
           "rating": {"value": 20.0, "band": "club", "discards": 15.0, "play": 10.0,
                      "claims": 5.0}}
    two = {"decisions": 5, "luck": -0.05, "result": 0.0, "net_luck": -0.1,
           "luck_adjusted": 0.052,  # 0 + 0.52 × 0.1
           "rating": {"value": 45.0, "band": "random", "discards": 45.0, "play": 4.0,
                      "claims": 0.0}}
    reviews = [_review(one, 3, 4, "ann"), _review(two, 2, 2, "bob"),
               {"lost": {"ann": {}, "bob": {}}, "winner": "ann", "deals": [], "players": None}]
    ann = player_table(reviews)[0]
    assert ann == {"player": "ann", "games": 3, "finished": 3, "wins": 2, "losses": 1,
                   "win_rate": 0.666667, "decisions": 12, "rating": 30.0, "band": "novice",
                   "discards": 27.0, "play": 7.429, "claims": 3.0, "luck": 0.125,
                   "net_luck": 0.05, "luck_adjusted": 0.474}
    # One game alone gives back the review's own figure.
    assert player_table(reviews[:1])[0]["rating"] == 20.0


def test_an_empty_archive_is_refused(tmp_path: Path) -> None:
    (tmp_path / "empty.txt").write_text("# nothing here\n\n")
    with pytest.raises(ArchiveError, match="the archive holds no games"):
        review_archive([str(tmp_path / "empty.txt")], tmp_path / "out", progress=False)
    result = CliRunner().invoke(main, ["archive", str(tmp_path / "empty.txt"),
                                       "--out", str(tmp_path / "out")])
    assert result.exit_code == 2
    assert "the archive holds no games" in result.output
