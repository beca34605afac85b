"""The open corpus's sample in the repository is what its command writes, byte for byte."""

from __future__ import annotations

import gzip
from pathlib import Path

from bench.open_corpus import compressed, corpus_text

SAMPLE = Path(__file__).resolve().parents[2] / "bench" / "corpus" / "sample-30.txt.gz"


def test_the_sample_is_regenerated_byte_for_byte() -> None:
    assert compressed(corpus_text(30)) == SAMPLE.read_bytes()


def test_the_sample_is_small_and_every_game_is_headed_by_its_levels() -> None:
    assert SAMPLE.stat().st_size < 40_000
    text = gzip.decompress(SAMPLE.read_bytes()).decode()
    heads = [line for line in text.splitlines() if line.startswith("# game ")]
    assert heads[0] == "# game 0: levels ann ?, bob ?"
    assert len(heads) == 30
