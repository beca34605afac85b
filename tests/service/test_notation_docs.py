"""docs/notation.md's examples: each reads and prints back canonically, a lenient one
prints as the canonical block after it, and where an answer is given the referee
gives it."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from rules.notation import Deal, Game, Play

DOC = (Path(__file__).resolve().parents[2] / "docs" / "notation.md").read_text(encoding="utf-8")
KINDS: dict[str, Any] = {"play": Play, "deal": Deal, "game": Game}
BLOCK = re.compile(r"<!-- (example|lenient) (\w+) -->\n```notation\n(.*?)```\n"
                   r"(?:<!-- answer (\S+) (.*?) -->\n)?", re.DOTALL)
EXAMPLES = BLOCK.findall(DOC)


def contains(answer: Any, expected: Any) -> bool:
    if isinstance(expected, dict):
        return isinstance(answer, dict) and all(
            key in answer and contains(answer[key], value) for key, value in expected.items())
    return bool(answer == expected)


def test_the_doc_has_examples_of_every_record() -> None:
    assert {kind for _, kind, _, _, _ in EXAMPLES} == set(KINDS)
    assert sum(1 for *_, path, _ in EXAMPLES if path) >= 6


@pytest.mark.parametrize("at", range(len(EXAMPLES)))
def test_an_example_reads_and_prints_canonically(at: int, client: FlaskClient) -> None:
    how, kind, text, path, answer = EXAMPLES[at]
    value = KINDS[kind].parse(text)
    if how == "example":
        assert str(value) + "\n" == text
    else:
        following = EXAMPLES[at + 1]
        assert following[:2] == ("example", kind)
        assert str(value) + "\n" == following[2]
    if path:
        response = client.post(path, json={"notation": text})
        assert response.status_code == 200, response.json
        assert contains(response.json, json.loads(answer)), response.json
