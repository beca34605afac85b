"""The ``muggins`` command line: human output, --json, and exit codes."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from muggins.cli import main

RECORD = {"plays": [{"player": "pone", "card": "KH"}, {"player": "dealer", "card": "QC"},
                    {"player": "pone", "card": "TD", "claimed": 2},
                    {"player": "dealer", "card": "9S"}]}
DEAL = {"dealt": {"pone": ["5H", "5C", "5S", "JD", "2C", "3C"],
                  "dealer": ["KH", "QD", "9C", "8S", "4H", "AD"]},
        "discards": {"pone": ["2C", "3C"], "dealer": ["4H", "AD"]},
        "starter": "5D",
        "plays": [{"player": "pone", "card": "5H"}, {"player": "dealer", "card": "KH"},
                  {"player": "pone", "card": "5C"}, {"player": "dealer", "card": "QD"},
                  {"player": "pone", "go": True}, {"player": "pone", "card": "5S"},
                  {"player": "dealer", "card": "9C"}, {"player": "pone", "card": "JD"},
                  {"player": "dealer", "card": "8S"}],
        "scores_before": {"pone": 100, "dealer": 110}}


def run(*args: str, stdin: str | None = None):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(main, list(args), input=stdin)


class TestCount:
    def test_a_claim_that_holds(self) -> None:
        result = run("count", "5H", "5C", "5S", "JD", "--starter", "5D", "--claimed", "29")
        assert result.exit_code == 0
        assert "5H 5C 5S JD with 5D (hand): 29" in result.output
        assert "claimed 29: correct" in result.output

    def test_a_claim_that_does_not(self) -> None:
        result = run("count", "5h", "5c", "5s", "jd", "-s", "5♦", "--claimed", "28", "--muggins")
        assert result.exit_code == 1
        assert "undercount" in result.output and "opponent 1" in result.output

    def test_json(self) -> None:
        result = run("--json", "count", "2H", "4H", "6H", "8H", "-s", "KC", "--crib")
        assert result.exit_code == 0
        assert json.loads(result.output)["breakdown"]["flush"] == 0

    def test_refused_input(self) -> None:
        result = run("count", "5H", "5C", "5S", "ZZ", "--starter", "5D")
        assert result.exit_code == 2
        assert "#/hand/3: invalid card: 'ZZ' (invalid-card)" in result.output


class TestRecords:
    def test_peg(self, tmp_path: Path) -> None:
        path = tmp_path / "record.json"
        path.write_text(json.dumps(RECORD))
        result = run("peg", str(path))
        assert result.exit_code == 1  # an overcount
        assert "totals: pone 1, dealer 1" in result.output
        assert "overcount" in result.output

    def test_peg_from_stdin_as_json(self) -> None:
        result = run("--json", "peg", "-", stdin=json.dumps(RECORD))
        assert json.loads(result.output)["totals"] == {"pone": 1, "dealer": 1}

    def test_deal(self, tmp_path: Path) -> None:
        path = tmp_path / "deal.json"
        path.write_text(json.dumps(DEAL))
        result = run("deal", str(path))
        assert result.exit_code == 0
        assert "pone wins during the show" in result.output
        assert "scores: pone 121, dealer 114" in result.output

    def test_peg_live(self) -> None:
        # 10 20 30 so far: the dealer is to play, and of 9S AH 3D only the ace fits.
        record = {"plays": [*RECORD["plays"][:2], {"player": "pone", "card": "TD"}],
                  "hands": {"pone": ["KH", "TD", "5S", "2C"], "dealer": ["QC", "9S", "AH", "3D"]}}
        result = run("peg", "--live", "-", stdin=json.dumps(record))
        assert result.exit_code == 0
        assert "totals: pone 0, dealer 0" in result.output  # no last card yet
        assert "next: dealer to play on 30, may lay AH" in result.output

    def test_deal_live(self) -> None:
        result = run("deal", "--live", "-", stdin=json.dumps({"dealt": DEAL["dealt"]}))
        assert result.exit_code == 0 and "next: the discards" in result.output

    def test_unreadable_file(self, tmp_path: Path) -> None:
        path = tmp_path / "broken.json"
        path.write_text("{not json")
        assert run("peg", str(path)).exit_code == 2


class TestAdvise:
    def test_best_first(self) -> None:
        result = run("advise", "2C", "3H", "4D", "5D", "5S", "JS", "--pone", "--top", "1")
        assert result.exit_code == 0
        assert "3H 4D 5D 5S" in result.output and "12.48" in result.output


class TestAgainstAServer:
    def test_url(self, live_server: str) -> None:
        result = run("--url", live_server, "count", "5H", "5C", "5S", "JD", "-s", "5D")
        assert result.exit_code == 0 and ": 29" in result.output

    def test_unreachable(self) -> None:
        result = run("--url", "http://127.0.0.1:9", "count", "5H", "5C", "5S", "JD", "-s", "5D")
        assert result.exit_code == 3


def test_serve_starts_gunicorn_with_the_production_config(tmp_path: Path) -> None:
    import os
    import signal
    import subprocess
    import sys
    import time

    import requests

    from tests.conftest import _free_port

    port = _free_port()
    env = dict(os.environ, PROMETHEUS_MULTIPROC_DIR=str(tmp_path))
    server = subprocess.Popen([sys.executable, "-m", "muggins.cli", "serve", "--bind",
                               f"127.0.0.1:{port}", "--workers", "1"], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              start_new_session=True)
    try:
        for _ in range(200):
            try:
                response = requests.get(f"http://127.0.0.1:{port}/healthz", timeout=1)
                break
            except requests.ConnectionError:
                time.sleep(0.05)
        else:
            raise AssertionError("muggins serve did not answer")
        assert response.json() == {"status": "ok"}
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        output = server.communicate(timeout=30)[0].decode()
    # gunicorn.conf.py was used: its JSON logs, not gunicorn's plain ones.
    first = json.loads(output.splitlines()[0])
    assert first["logger"] == "gunicorn.error" and "Starting gunicorn" in first["message"]
