"""The replay tool (bench/replay.py) finds a changed answer, and only a changed one.

A few hundred requests are answered twice, by the recording subprocess and by an app
made here: the same tree must compare clean, and each kind of change put into one of
the two recordings must fail the comparison, unless an ``--allow`` line lists it.
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from bench import replay
from bench._corpus import build
from service import create_app

ROOT = Path(__file__).resolve().parents[2]
SIZE = 300


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[dict[str, Any]]]:
    """The subprocess's recording, and the same corpus answered by an app made here."""
    where = tmp_path_factory.mktemp("replay")
    out = where / "child.jsonl.gz"
    assert replay.record(out, ROOT, sys.executable, seed=7, size=SIZE) == 0
    app = create_app({"CORS_ORIGINS": replay.CORS_ORIGIN})
    rows = list(replay.answers(app.test_client(), build(7, SIZE)))
    return out, rows


def compare(before: Path, rows: list[dict[str, Any]], tmp_path: Path,
            allow: str | None = None) -> tuple[int, str]:
    after = tmp_path / "after.jsonl.gz"
    replay.write_jsonl(after, rows)
    allow_file = None
    if allow is not None:
        allow_file = tmp_path / "allow"
        allow_file.write_text(allow, encoding="utf-8")
    text = io.StringIO()
    code = replay.compare(before, after, allow_file, out=text)
    return code, text.getvalue()


def first(rows: list[dict[str, Any]], path: str, status: int = 200,
          method: str = "POST") -> dict[str, Any]:
    return next(r for r in rows if r["request"]["path"] == path and r["status"] == status
                and r["request"]["method"] == method)


def test_the_same_tree_compares_clean(recorded: tuple[Path, list[dict[str, Any]]],
                                      tmp_path: Path) -> None:
    before, rows = recorded
    assert len(rows) == SIZE
    code, text = compare(before, rows, tmp_path)
    assert code == 0, text
    assert f"{SIZE} the same, 0 differ as allowed, 0 differ otherwise" in text
    # Same answers, same bytes: a recording can be checked with cmp.
    replay.write_jsonl(tmp_path / "again.jsonl.gz", rows)
    assert (tmp_path / "again.jsonl.gz").read_bytes() == before.read_bytes()


def test_the_corpus_is_the_seeds_alone() -> None:
    assert build(7, 120) == build(7, 120)
    assert build(7, 120) != build(8, 120)


def test_a_changed_value_fails_and_is_shown(recorded: tuple[Path, list[dict[str, Any]]],
                                            tmp_path: Path) -> None:
    before, rows = recorded
    rows = json.loads(json.dumps(rows))
    row = first(rows, "/v1/hands/check")
    body = json.loads(row["body"])
    body["total"] += 1
    row["body"] = json.dumps(body, separators=(",", ":"))
    code, text = compare(before, rows, tmp_path)
    assert code == 1
    assert "DIFFERS     1  POST /v1/hands/check  changed /total" in text
    assert f"#{row['id']} {row['tag']}" in text
    assert f"changed /total: {body['total'] - 1} -> {body['total']}" in text
    assert "FAIL: 1 answers differ" in text


def test_each_kind_of_change_is_its_own_class(recorded: tuple[Path, list[dict[str, Any]]],
                                              tmp_path: Path) -> None:
    before, rows = recorded
    rows = json.loads(json.dumps(rows))
    deal = first(rows, "/v1/deals/check")
    body = json.loads(deal["body"])
    body["referee"] = "muggins"  # a new field
    del body["misdeal"]  # a field gone
    deal["body"] = json.dumps(body)
    problem = first(rows, "/v1/hands/check", 422)
    problem["status"] = 400
    problem["headers"]["Content-Type"] = "application/json"
    reordered = first(rows, "/v1/pegging/check")
    body = json.loads(reordered["body"])
    reordered["body"] = json.dumps(dict(reversed(list(body.items()))))
    spaced = first(rows, "/v1/discards/advise")
    spaced["body"] = json.dumps(json.loads(spaced["body"]), indent=1)
    page = first(rows, "/openapi.yaml", method="GET")
    page["body"] += "\n# more"
    code, text = compare(before, rows, tmp_path)
    assert code == 1
    for line in ("POST /v1/deals/check  added /referee",
                 "POST /v1/deals/check  removed /misdeal",
                 "POST /v1/hands/check  status 422>400",
                 "POST /v1/hands/check  header Content-Type",
                 "POST /v1/pegging/check  order /",
                 "POST /v1/discards/advise  order /",
                 "GET /openapi.yaml  changed (the body)"):
        assert f"DIFFERS     1  {line}" in text, line
    assert "FAIL: 5 answers differ" in text


def test_listed_changes_are_allowed_and_others_still_fail(
        recorded: tuple[Path, list[dict[str, Any]]], tmp_path: Path) -> None:
    before, rows = recorded
    rows = json.loads(json.dumps(rows))
    changed = []
    for row in rows:
        if row["request"]["path"] == "/v1/deals/check" and row["status"] == 200:
            body = json.loads(row["body"])
            body["referee"] = "muggins"
            for finding in body["findings"]:
                finding["rulebook"] = "moved"  # no anchor: test_rulebook checks those
            row["body"] = json.dumps(body, separators=(",", ":"))
            changed.append(row)
    assert len(changed) >= 8
    allow = "added /referee   # the answers sign themselves\n/findings/*/rulebook\n"
    code, text = compare(before, rows, tmp_path, allow)
    assert code == 0, text
    assert f"{len(changed)} differ as allowed, 0 differ otherwise" in text
    # Only what is listed: the same allow file does not cover a changed status elsewhere.
    first(rows, "/v1/hands/check")["status"] = 500
    code, text = compare(before, rows, tmp_path, allow)
    assert code == 1
    assert "DIFFERS     1  POST /v1/hands/check  status 200>500" in text
    # Scoped to another endpoint, a line allows nothing here.
    code, text = compare(before, rows, tmp_path,
                         "added /referee on POST /v1/games/check\nstatus 200>500\n"
                         "changed /findings/**")
    assert code == 1
    assert ("note: the allow line 'added /referee on POST /v1/games/check' matched nothing"
            in text)


def test_allow_patterns() -> None:
    match = replay.pointer_matches
    assert match("/findings/*/rulebook", "/findings/3/rulebook")
    assert not match("/findings/*/rulebook", "/findings/3/message")
    assert match("/next", "/next/legal/0")  # everything below
    assert not match("/next", "/nextx")
    assert match("/deals/**/rulebook", "/deals/0/play/findings/2/rulebook")
    assert match("/**", "/a/b") and match("**", "")
    line = replay.Allow.parse("status 422>200 on POST /v1/deals/*")
    assert (line.kind, line.pattern, line.method, line.path) == (
        "status", "422>200", "POST", "/v1/deals/*")
    with pytest.raises(ValueError, match="expected"):
        replay.Allow.parse("added /a /b")


def test_the_corpus_covers_the_contract() -> None:
    """Every operation in openapi.yaml but /metrics and /docs is asked with a record of
    its own, and every variant and ruleset is there."""
    spec = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
    requests = build(19, 900)
    asked = {(r["method"], r["path"]) for r in requests}
    tags = " ".join(r["tag"] for r in requests)
    bodies = " ".join(r.get("body", "") for r in requests)
    for path, operations in spec["paths"].items():
        for method in operations:
            if path in ("/metrics", "/docs"):
                continue
            assert (method.upper(), path) in asked, (method, path)
            if path.startswith("/v1/") and method == "post":
                assert f"{path[4:]} " in tags, path
    for variant in spec["components"]["schemas"]["Variant"]["enum"]:
        assert variant in tags
    for ruleset in spec["components"]["schemas"]["Ruleset"]["enum"]:
        assert f'"{ruleset}"' in bodies
    assert "/metrics" not in {r["path"] for r in requests}


def test_goclaims_lists_a_claimed_card_that_took_a_go_and_nothing_else() -> None:
    from bench.goclaims import claimed_card_took_a_go

    def card(player: str, card: str, claimed: int | None = None) -> dict[str, Any]:
        return {"player": player, "card": card, **({} if claimed is None else
                                                   {"claimed": claimed})}
    # Issue 19's case: the 9C (claimed 0) is the last card before the dealer's go and 8C.
    took = [card("pone", "TH"), card("dealer", "KS"), card("pone", "9C", 0),
            {"player": "dealer", "go": True}, card("dealer", "8C")]
    assert claimed_card_took_a_go(took)
    # Ended by the player who laid the last card saying go.
    assert claimed_card_took_a_go([card("pone", "KH"), card("dealer", "QC", 0),
                                   {"player": "pone", "go": True},
                                   {"player": "dealer", "go": True}, card("pone", "5S")])
    # A claimed card that made 31 took no go; an unclaimed one that took it is not listed.
    assert not claimed_card_took_a_go([card("pone", "KH"), card("dealer", "QC"),
                                       card("pone", "AS", 2), card("dealer", "TD"),
                                       card("pone", "5S")])
    assert not claimed_card_took_a_go([card("pone", "KH", 0), card("dealer", "QC"),
                                       card("pone", "9S"), card("dealer", "5D")])
    # The last card of the play, claimed.
    assert claimed_card_took_a_go([card("pone", "KH"), card("dealer", "5D", 0)])


def test_the_child_needs_only_the_standard_library() -> None:
    """The child runs bench/replay.py as a file in the tree under test, whose bench may
    be older: with no site packages and no project on the path, the file still loads."""
    import subprocess

    done = subprocess.run([sys.executable, "-I", "-S", str(ROOT / "bench" / "replay.py"),
                           "--help"], cwd=ROOT / "docs", capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert "_answer" in done.stdout
