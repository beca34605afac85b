"""The README's examples run, so they cannot drift from what Muggins answers.

Every fenced ``sh`` block with a ``curl`` command is sent to the app through the
test client (every answer is also checked against ``openapi.yaml``), and every
``python`` block is run in-process (``Client(url)`` is answered by ``LocalClient``).
New examples are picked up by themselves. How a block is marked up:

* ``<!-- readme-test: skip (why) -->`` on the line before a block: not run.
* ``<!-- expect ... -->`` comments straight after a block, one per ``curl`` command
  in order: each line is ``/json/pointer = <json>`` (the value at that place in the
  answer), ``status = <code>`` or ``header <Name> = "<value>"``. Without ``status``
  the answer must not be an error.
* In a python block, an expression followed by ``# <python expression>`` must equal
  it (``score(...)   # 29``); a comment that does not parse as an expression, or is
  a single word, is prose. The expected value may name anything the block has, and
  any public name of ``rules`` and its modules. A python block continues the python
  blocks before it under the same heading, as a reader would run them.
"""

from __future__ import annotations

import ast
import importlib
import io
import json
import pkgutil
import re
import shlex
import tokenize
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from flask.testing import FlaskClient

import muggins
import rules

README = Path(__file__).resolve().parents[2] / "README.md"

_FENCE = re.compile(r"^(\s*)```(\S*)\s*$")
_SKIP = re.compile(r"<!--\s*readme-test:\s*skip\b(.*?)-->")
_PIPELINE = {"|", "||", "&&", ";", "&"}


@dataclass(frozen=True)
class Block:
    lang: str
    code: str
    line: int
    """The line of the opening fence (1-based)."""
    skip: str | None
    expects: tuple[str, ...]
    heading: str
    """The heading the block sits under."""
    """The bodies of the ``<!-- expect ... -->`` comments that follow the block."""

    @property
    def name(self) -> str:
        return f"README.md:{self.line}"


def blocks(text: str) -> list[Block]:
    lines = text.splitlines()
    found: list[Block] = []
    heading = ""
    i = 0
    while i < len(lines):
        opening = _FENCE.match(lines[i])
        if not opening or not opening.group(2):
            if lines[i].startswith("#"):
                heading = lines[i]
            i += 1
            continue
        indent, lang, start = opening.group(1), opening.group(2), i
        body: list[str] = []
        i += 1
        while i < len(lines) and lines[i].strip() != "```":
            body.append(lines[i].removeprefix(indent))
            i += 1
        i += 1  # the closing fence
        before = next((line for line in reversed(lines[:start]) if line.strip()), "")
        skip = _SKIP.search(before)
        expects, i = _expects(lines, i)
        found.append(Block(lang, "\n".join(body) + "\n", start + 1,
                           skip.group(1).strip() or "skipped" if skip else None, expects,
                           heading))
    return found


def _expects(lines: list[str], i: int) -> tuple[tuple[str, ...], int]:
    """The ``<!-- expect ... -->`` comments from line ``i`` on (blank lines between)."""
    expects: list[str] = []
    j = i
    while j < len(lines):
        stripped = lines[j].strip()
        if not stripped:
            j += 1
            continue
        if not stripped.startswith("<!-- expect"):
            break
        comment = [stripped.removeprefix("<!-- expect").lstrip(":")]
        while not comment[-1].rstrip().endswith("-->"):
            j += 1
            comment.append(lines[j].strip())
        comment[-1] = comment[-1].rstrip().removesuffix("-->")
        expects.append("\n".join(comment))
        j += 1
        i = j
    return tuple(expects), i


ALL = blocks(README.read_text(encoding="utf-8"))
CURL = [b for b in ALL if b.lang in ("sh", "bash", "shell") and "curl " in b.code]
PYTHON = [b for b in ALL if b.lang == "python"]


def _params(found: list[Block]) -> list[Any]:
    return [pytest.param(b, id=b.name, marks=[pytest.mark.skip(reason=b.skip)] if b.skip else [])
            for b in found]


# --- curl -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Request:
    method: str
    path: str
    headers: dict[str, str]
    data: str | None
    follow: bool


def commands(code: str) -> Iterator[list[str]]:
    """Each shell command of a block as words, continuation lines and quotes joined."""
    text = code.replace("\\\n", " ")
    pending = ""
    for line in text.splitlines():
        pending = f"{pending}\n{line}" if pending else line
        try:
            words = shlex.split(pending, comments=True)
        except ValueError:  # a quote still open: the command goes on
            continue
        pending = ""
        if words:
            yield words
    assert not pending, f"unterminated quote in: {pending!r}"


def curl_request(words: list[str]) -> Request | None:
    """The request a ``curl`` command makes (the rest of a pipeline is left out)."""
    if "curl" not in words:
        return None
    words = words[words.index("curl") + 1:]
    method, url, data, follow = None, None, None, False
    headers: dict[str, str] = {}
    args = iter(words)
    for word in args:
        if word in _PIPELINE:
            break
        if word in ("-H", "--header"):
            name, _, value = next(args).partition(":")
            headers[name.strip()] = value.strip()
        elif word in ("-d", "--data", "--data-raw"):
            data = next(args)
        elif word in ("-X", "--request"):
            method = next(args)
        elif word.startswith("-") and not word.startswith("--"):
            follow = follow or "L" in word
        elif not word.startswith("-"):
            url = word
    assert url is not None, f"no URL in curl {words}"
    parts = urlsplit(url if "://" in url else f"http://{url}")
    path = parts.path + (f"?{parts.query}" if parts.query else "")
    return Request(method or ("POST" if data is not None else "GET"), path or "/", headers,
                   data, follow)


def resolve(document: Any, pointer: str) -> Any:
    """The value at a JSON pointer (RFC 6901)."""
    value = document
    for part in pointer.split("/")[1:]:
        part = part.replace("~1", "/").replace("~0", "~")
        value = value[int(part)] if isinstance(value, list) else value[part]
    return value


def check_expect(response: Any, expect: str, where: str) -> None:
    status_checked = False
    for line in filter(None, (line.strip() for line in expect.splitlines())):
        target, _, wanted = line.partition("=")
        target, value = target.strip(), json.loads(wanted)
        if target == "status":
            assert response.status_code == value, f"{where}: status {response.status_code}"
            status_checked = True
        elif target.startswith("header "):
            actual = response.headers.get(target.removeprefix("header ").strip())
            assert actual == value, f"{where}: {target} is {actual!r}, the README says {value!r}"
        else:
            actual = resolve(response.get_json(), target)
            assert actual == value, f"{where}: {target} is {actual!r}, the README says {value!r}"
    if not status_checked:
        assert response.status_code < 400, f"{where}: {response.status_code} {response.data!r}"


@pytest.mark.parametrize("block", _params(CURL))
def test_curl_examples(client: FlaskClient, block: Block) -> None:
    requests = [r for words in commands(block.code) if (r := curl_request(words))]
    assert requests, block.name
    assert len(block.expects) <= len(requests), f"{block.name}: more expects than curls"
    for n, request in enumerate(requests):
        response = client.open(request.path, method=request.method, headers=request.headers,
                               data=request.data, follow_redirects=request.follow)
        where = f"{block.name} curl {n + 1} ({request.method} {request.path})"
        expect = block.expects[n] if n < len(block.expects) else ""
        check_expect(response, expect, where)


# --- python -----------------------------------------------------------------------------


def _claims(code: str) -> dict[int, str]:
    """Comments that state a value, by line: ``# 29``, ``# {"pone": 0}``, ``# 422``."""
    claims: dict[int, str] = {}
    for token in tokenize.generate_tokens(io.StringIO(code).readline):
        if token.type != tokenize.COMMENT:
            continue
        text = token.string.lstrip("#").strip()
        # "[29]: the same cards" states [29]: try the whole comment, then each part
        # before a colon.
        for end in [len(text), *(m.start() for m in re.finditer(":", text))]:
            try:
                parsed = ast.parse(text[:end], mode="eval")
            except SyntaxError:
                continue
            if not isinstance(parsed.body, ast.Name):
                claims[token.start[0]] = text[:end]
            break
    return claims


class _Checks(ast.NodeTransformer):
    """``expr  # expected`` becomes ``__check__(expr, "expected", line)``."""

    def __init__(self, claims: dict[int, str]) -> None:
        self.claims = claims

    def visit_Expr(self, node: ast.Expr) -> ast.AST:
        line = node.end_lineno or node.lineno
        if line not in self.claims:
            return node
        call = ast.Call(ast.Name("__check__", ast.Load()),
                        [node.value, ast.Constant(self.claims[line]), ast.Constant(line)], [])
        return ast.copy_location(ast.Expr(call), node)


@cache
def _public_names() -> dict[str, Any]:
    """Every public name of ``rules`` and its modules, for the values a README states."""
    names: dict[str, Any] = {"Fraction": Fraction}
    for module in [rules, *(importlib.import_module(f"rules.{m.name}")
                            for m in pkgutil.iter_modules(rules.__path__))]:
        for name in getattr(module, "__all__", ()):
            names.setdefault(name, getattr(module, name))
    return names


def run_python(code: str, name: str, namespace: dict[str, Any] | None = None) -> int:
    """Run a README python block (in ``namespace``, to continue earlier blocks); returns
    how many stated values it checked."""
    tree = ast.fix_missing_locations(_Checks(_claims(code)).visit(ast.parse(code)))
    namespace = {"__name__": "readme"} if namespace is None else namespace
    checked = 0

    def check(actual: Any, expected: str, line: int) -> None:
        nonlocal checked
        wanted = eval(expected, {**_public_names(), **namespace})  # the README's own text
        assert actual == wanted, f"{name} line {line}: {actual!r}, the README says {expected}"
        checked += 1

    namespace["__check__"] = check
    exec(compile(tree, name, "exec"), namespace)
    return checked


@pytest.mark.parametrize("block", _params(PYTHON))
def test_python_examples(block: Block, monkeypatch: pytest.MonkeyPatch) -> None:
    # The client examples talk to a server on port 8000; the same app answers in-process.
    monkeypatch.setattr(muggins, "Client", lambda url: muggins.LocalClient())
    namespace: dict[str, Any] = {"__name__": "readme"}
    for earlier in PYTHON[:PYTHON.index(block)]:
        if earlier.heading == block.heading and not earlier.skip:
            run_python(earlier.code, earlier.name, namespace)
    run_python(block.code, block.name, namespace)


# --- the harness itself -----------------------------------------------------------------


class TestTheHarness:
    def test_finds_the_examples(self) -> None:
        assert len(CURL) >= 2 and len(PYTHON) >= 1

    def test_markup(self) -> None:
        text = ("<!-- readme-test: skip (needs a server) -->\n"
                "```sh\ncurl -s localhost:8000/x\n```\n\n"
                "```sh\ncurl -s localhost:8000/healthz  # alive\ncurl -sL x:1/docs\n```\n"
                "<!-- expect: /status = \"ok\" -->\n<!-- expect\nstatus = 200\n-->\n")
        first, second = blocks(text)
        assert (first.skip, first.expects) == ("(needs a server)", ())
        assert second.skip is None and second.expects == (' /status = "ok" ', "\nstatus = 200\n")
        requests = [curl_request(words) for words in commands(second.code)]
        assert requests == [Request("GET", "/healthz", {}, None, False),
                            Request("GET", "/docs", {}, None, True)]

    def test_a_multi_line_curl(self) -> None:
        code = ("curl -s localhost:8000/v1/hands/check -H 'Content-Type: application/json' \\\n"
                "  -d '{\"hand\": [\"5H\",\n \"5C\"]}' | grep total\n")
        (words,) = commands(code)
        request = curl_request(words)
        assert request == Request("POST", "/v1/hands/check",
                                  {"Content-Type": "application/json"},
                                  '{"hand": ["5H",\n "5C"]}', False)

    def test_python_claims_are_checked(self) -> None:
        assert run_python("x = 2 + 2\nx  # 4\nx * 2   # [8][0]: prose after\n# a note\n",
                          "t") == 2
        with pytest.raises(AssertionError, match="the README says 5"):
            run_python("2 + 2  # 5\n", "t")

    def test_a_wrong_answer_fails(self, client: FlaskClient) -> None:
        response = client.get("/healthz")
        check_expect(response, '/status = "ok"\nstatus = 200\nheader Allow = null', "t")
        with pytest.raises(AssertionError, match="the README says 'down'"):
            check_expect(response, '/status = "down"', "t")
