"""Every example on the documentation site runs, as the README's do
(tests/service/test_readme.py, whose markup and harness these use), so that no page can drift
from what Muggins answers.

For each page under docs/: each ``curl`` command in a ``sh`` block is sent to the app
and what its ``<!-- expect ... -->`` comment states must hold; each ``python`` block
runs, continuing the blocks before it under the same heading of the same page; and
each ``muggins`` command in a ``sh`` block runs on the library and must end as the
command says things stood (0 or 1), unless it names a file the page's reader has to
write first (``deal.json``, ``cards.csv``: tests/service/test_cli.py runs those on the pages'
own records) or starts a server (``muggins serve``).
"""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from flask.testing import FlaskClient

import muggins
from muggins.cli import main
from muggins.cli_context import FOUND, HELD
from tests.service.test_readme import (
    Block,
    blocks,
    check_expect,
    commands,
    curl_request,
    run_python,
)

DOCS = Path(__file__).resolve().parent.parent.parent / "docs"
PAGES = sorted(DOCS.rglob("*.md"))
_FILES = (".json", ".csv", ".txt")


def _kind(block: Block) -> str | None:
    """What a block is run as: ``curl``, ``python``, ``muggins``, or nothing."""
    if block.lang == "python":
        return "python"
    if block.lang not in ("sh", "bash"):
        return None
    if "curl " in block.code:
        return "curl"
    return "muggins" if any(words[0] == "muggins" for words in commands(block.code)) else None


def _found(kind: str) -> list[tuple[str, Block]]:
    return [(page.relative_to(DOCS.parent).as_posix(), block) for page in PAGES
            for block in blocks(page.read_text(encoding="utf-8")) if _kind(block) == kind]


CURL, PYTHON, MUGGINS = _found("curl"), _found("python"), _found("muggins")


def _params(found: list[tuple[str, Block]]) -> list[Any]:
    return [pytest.param(page, block, id=f"{page}:{block.line}",
                         marks=[pytest.mark.skip(reason=block.skip)] if block.skip else [])
            for page, block in found]


@pytest.mark.parametrize(("page", "block"), _params(CURL))
def test_curl_examples(client: FlaskClient, page: str, block: Block) -> None:
    requests = [r for words in commands(block.code) if (r := curl_request(words))]
    assert len(block.expects) <= len(requests), f"{page}:{block.line}: more expects than curls"
    for n, request in enumerate(requests):
        response = client.open(request.path, method=request.method, headers=request.headers,
                               data=request.data, follow_redirects=request.follow)
        where = f"{page}:{block.line} curl {n + 1} ({request.method} {request.path})"
        check_expect(response, block.expects[n] if n < len(block.expects) else "", where)


@pytest.mark.parametrize(("page", "block"), _params(PYTHON))
def test_python_examples(page: str, block: Block, monkeypatch: pytest.MonkeyPatch) -> None:
    # The client examples talk to a server on port 8000; the same app answers in-process.
    monkeypatch.setattr(muggins, "Client", lambda url: muggins.LocalClient())
    namespace: dict[str, Any] = {"__name__": "docs"}
    for earlier_page, earlier in PYTHON[:PYTHON.index((page, block))]:
        if earlier_page == page and earlier.heading == block.heading and not earlier.skip:
            run_python(earlier.code, f"{page}:{earlier.line}", namespace)
    run_python(block.code, f"{page}:{block.line}", namespace)


@pytest.mark.parametrize(("page", "block"), _params(MUGGINS))
def test_muggins_commands(page: str, block: Block) -> None:
    ran = 0
    for words in commands(block.code):
        if words[0] != "muggins" or words[1] == "serve" or any(
                word.endswith(_FILES) for word in words):
            continue
        result = CliRunner().invoke(main, words[1:])
        assert result.exit_code in (HELD, FOUND), (page, block.line, words, result.output)
        ran += 1
    if not ran:
        pytest.skip("every command names a file the reader writes: "
                    "tests/service/test_cli.py runs them")


def test_every_page_is_looked_at() -> None:
    """The site has examples of each kind, and the harness found them where they are."""
    assert len(PAGES) >= 30
    assert len(CURL) >= 40 and len(PYTHON) >= 10 and len(MUGGINS) >= 3
    assert {page for page, _ in CURL} >= {
        "docs/tutorials/settle-a-hand.md", "docs/tutorials/referee-a-play.md",
        "docs/tutorials/check-and-review.md", "docs/tutorials/club-night.md",
        "docs/reference/operations.md"}


def test_a_command_that_fails_is_caught() -> None:
    words = shlex.split("muggins count 5H 5C 5S 1D -s 5D")
    assert CliRunner().invoke(main, words[1:]).exit_code not in (HELD, FOUND)
