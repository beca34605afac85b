"""The browser tests skip without chromium on a developer's machine, and fail in CI (the
environment variable CI set), where a run that skipped them all would pass unseen."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ONE = "tests/page/test_scorepad.py::test_count_a_picked_hand_and_rule_on_the_claim[phone]"


@pytest.mark.parametrize(("ci", "outcome"), [("", "1 skipped"), ("true", "1 error")])
def test_no_chromium(ci: str, outcome: str, tmp_path: Path) -> None:
    env = {**os.environ, "CHROMIUM": str(tmp_path / "no-chromium"), "CI": ci}
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:randomly", "-p",
                          "no:cacheprovider", "-n", "0", "-rs", ONE], cwd=ROOT, env=env,
                         capture_output=True, text=True)
    assert outcome in run.stdout.splitlines()[-1], run.stdout
    assert "no chromium at" in run.stdout
    assert run.returncode == (1 if ci else 0)
