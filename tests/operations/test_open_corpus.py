"""The open corpus's sample in the repository is what its command writes, byte for byte:
checked on a few of its games (a player's game takes most of a second), and the
compression on all of them."""

from __future__ import annotations

import gzip
import subprocess
import sys
from pathlib import Path

from bench.open_corpus import compressed, corpus_games, corpus_text
from muggins.archive_read import Record, read_archive

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "bench" / "corpus" / "sample-30.txt.gz"


def _games(text: str) -> list[str]:
    """The corpus cut at each game's comment."""
    return ["# game" + part for part in text.split("# game")[1:]]


def test_the_command_writes_the_samples_first_games_byte_for_byte(tmp_path: Path) -> None:
    out = tmp_path / "two.txt.gz"
    subprocess.run([sys.executable, "-m", "bench.open_corpus", "--games", "2", "--out",
                    str(out)], check=True, cwd=ROOT, capture_output=True)
    sample = gzip.decompress(SAMPLE.read_bytes()).decode()
    assert out.read_bytes() == compressed("".join(_games(sample)[:2]))
    # A later game alone, from --first, is the sample's too.
    assert corpus_text(1, first=29) == _games(sample)[29]
    assert compressed(sample) == SAMPLE.read_bytes()
    # The bench's games: the sample's, read rather than played again.
    assert corpus_games(3) == "".join(_games(sample)[:3])
    assert corpus_games(30) == sample


def test_the_sample_is_small_and_every_game_is_headed_by_its_levels() -> None:
    assert SAMPLE.stat().st_size < 40_000
    text = gzip.decompress(SAMPLE.read_bytes()).decode()
    heads = [line for line in text.splitlines() if line.startswith("# game ")]
    assert len(heads) == 30
    assert heads[0] == ("# game 0: levels random random, novice novice; seed 5001, random "
                        "dealing first; game 1 is the same deals, the seats swapped")
    assert heads[29] == ("# game 29: levels expert expert, engine engine; seed 5045, "
                         "engine dealing first; game 28 is the same deals, the seats swapped")
    # Every pairing of the six levels once, both ways round; no level unnamed.
    pairings = {head.split(": levels ")[1].split(";")[0] for head in heads}
    assert len(pairings) == 15
    assert "?" not in "".join(heads)


def test_the_archive_reads_every_game_of_the_sample() -> None:
    found = list(read_archive([str(SAMPLE)]))
    assert len(found) == 30
    assert all(isinstance(item, Record) for item in found)
