"""The chance tables' build (tools/chances, docs/chances.md) on Dask's local cluster."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from rules.chances import from_bytes, tally_chunk
from rules.core import Variant

ROOT = Path(__file__).resolve().parents[2]


def test_the_build_is_the_same_on_one_worker_or_two(tmp_path: Path) -> None:
    """Dask's local cluster, as the build runs it on many machines: the file is the same
    for any number of workers, and its chunks are the library's own tallies."""
    pytest.importorskip("dask.distributed")
    outs = []
    for workers in (1, 2):
        out = tmp_path / f"{workers}.chances"
        subprocess.run([sys.executable, "-m", "tools.chances", "--variant", "five-card",
                        "--deals", "90", "--chunk", "30", "--groups", "3", "--seed", "5",
                        "--workers", str(workers), "--out", str(out)],
                       cwd=ROOT, check=True, capture_output=True, timeout=300)
        outs.append(out.read_bytes())
    assert outs[0] == outs[1]
    table = from_bytes(outs[0])
    chunks = [tally_chunk(Variant.FIVE_CARD, 5, n, 30) for n in range(3)]
    assert table.provenance["digests"] == [c.digest() for c in chunks]
    assert table.tally.digest() == sum(chunks[1:], chunks[0]).digest()
    check = subprocess.run([sys.executable, "-m", "tools.chances", "--variant", "five-card",
                            "--out", str(tmp_path / "1.chances"), "--check", "0", "2"],
                           cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert check.returncode == 0 and "2 chunks dealt again, 0 differ" in check.stdout
