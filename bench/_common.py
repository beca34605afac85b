"""Shared helpers for the bench scripts: timing and a header that says what ran where."""

from __future__ import annotations

import os
import platform
import sys
import time
from collections.abc import Callable
from pathlib import Path


def header(title: str) -> None:
    print(f"# {title}")
    # Run as `python -m bench.NAME` (the bench package's modules import each other so)
    script = f"-m bench.{Path(sys.argv[0]).stem}"
    print(f"command: {' '.join([os.path.basename(sys.executable), script, *sys.argv[1:]])}")
    print(f"python {platform.python_version()} on {platform.machine()}, "
          f"{os.cpu_count()} cores, {platform.platform()}")


def best_of(repeats: int, run: Callable[[], object]) -> float:
    """The fastest of several runs, in seconds: the least disturbed by a noisy machine."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best
