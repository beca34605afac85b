"""openapi.yaml is written from the code (tools/openapi): the committed file is what the
code writes, and it says everything the hand-written 0.3.0 document said
(tests/data/openapi-0.3.0.yaml, kept as it was): every operation with its words, request
field, constraint, example, response and header, and every description."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

import rules
from tools.openapi.dump import dumps
from tools.openapi.generate import OUTPUT, document

ROOT = Path(__file__).resolve().parents[2]
BEFORE = yaml.safe_load((ROOT / "tests/data/openapi-0.3.0.yaml").read_text(encoding="utf-8"))
NOW = yaml.safe_load(OUTPUT.read_text(encoding="utf-8"))
OPERATIONS = [(path, method) for path, item in BEFORE["paths"].items() for method in item]
# What a schema says of a value, compared wherever the 0.3.0 document said it.
KEYWORDS = ("type", "enum", "const", "default", "minimum", "maximum", "minItems", "maxItems",
            "minLength", "maxLength", "minProperties", "maxProperties", "uniqueItems",
            "pattern", "examples", "example", "x-extensible-enum", "closed", "required")


# Where the 0.3.0 document was wrong, and the code, now its source, says what the service
# has always done: (the end of a field's path, the keyword) -> (0.3.0's value, now).
CORRECTED = {
    # A player lays away at most 2 cards in every variant (MOST_TO_CRIB): a third was
    # always a 422 `wrong-size` ("at most 2 cards here, not 3").
    ("discards{}", "maxItems"): ({"3"}, {"2"}),
    ("discards", "maxItems"): ({"3"}, {"2"}),
}


# Words the 0.3.0 document said that a later change rewords on purpose, each named in
# CHANGELOG.md: (the words before, the words now), whitespace folded.
REWORDED = [
    # 0.4.0, issue 28: a card over 31 is read with the whole record.
    ("reading. Where the record still admits readings that score differently it reports",
     "reading. The record is read whole: the reading that breaks the fewest rules in all "
     "stands, so a later event can overturn how a card alone would read (the same card "
     "laid again: it went over 31 and was taken back). Where the record still admits "
     "readings that score differently it reports"),
]


def _reworded(text: str) -> str:
    text = " ".join(text.split())
    for before, now in REWORDED:
        text = text.replace(before, now)
    return text


def test_the_committed_document_is_the_one_the_code_writes() -> None:
    """`make openapi` writes it: a change to a schema, a view's docstring or the overlay
    without it leaves openapi.yaml stale, and this fails."""
    made = document()
    assert yaml.safe_load(dumps(made)) == made  # written as it reads back
    assert OUTPUT.read_text(encoding="utf-8") == dumps(made), (
        "openapi.yaml is stale: run `make openapi`")


def _resolve(doc: dict[str, Any], node: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in node:
        kind, name = node["$ref"].split("/")[-2:]
        target = doc["components"][kind][name]
        node = {**target, **{k: v for k, v in node.items() if k != "$ref"}}
    return node


def _said(doc: dict[str, Any], node: dict[str, Any]) -> dict[str, Any]:
    """What a schema says of its value itself: its own keywords over those of what it
    refers to (``$ref``, ``allOf``), the branches of ``anyOf`` and ``oneOf`` taken
    together (a null branch as a type)."""
    node = _resolve(doc, node)
    said: dict[str, Any] = {}
    for part in node.get("allOf", []):
        for word, value in _said(doc, part).items():  # each part's required, together
            said[word] = said.get(word, set()) | value if word == "required" else value
    for key in ("anyOf", "oneOf"):
        for part in node.get(key, []):
            for word, value in _said(doc, part).items():
                said.setdefault(word, set()).update(value)
    for word in KEYWORDS:
        if word == "closed":
            if node.get("additionalProperties") is False:
                said[word] = {"true"}
        elif word == "type" and word in node:
            kinds = node["type"] if isinstance(node["type"], list) else [node["type"]]
            said[word] = {json.dumps(kind) for kind in kinds}
        elif word == "required" and word in node:
            said[word] = said.get(word, set()) | {json.dumps(name) for name in node[word]}
        elif word in node:
            said[word] = {json.dumps(node[word], sort_keys=True)}
    return said


def _children(doc: dict[str, Any], node: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    node = _resolve(doc, node)
    for part in (*node.get("allOf", []), *node.get("anyOf", []), *node.get("oneOf", [])):
        yield from _children(doc, part)
    for name, child in node.get("properties", {}).items():
        if isinstance(child, dict):  # `false`: a field never there (another shape's)
            yield f".{name}", child
    if isinstance(node.get("items"), dict):
        yield "[]", node["items"]
    if isinstance(node.get("additionalProperties"), dict):
        yield "{}", node["additionalProperties"]


def fields(doc: dict[str, Any], node: dict[str, Any], path: str = "",
           depth: int = 0) -> dict[str, dict[str, Any]]:
    """Every value a schema describes, by its path (``.plays[].card``), with what the
    schema says of it."""
    out = {path: _said(doc, node)}
    if depth < 12:
        for step, child in _children(doc, node):
            for where, said in fields(doc, child, path + step, depth + 1).items():
                merged = out.setdefault(where, {})
                for word, values in said.items():
                    merged.setdefault(word, set()).update(values)
    return out


def _lost(before: dict[str, dict[str, Any]],
          now: dict[str, dict[str, Any]]) -> list[str]:
    lost = []
    for path, said in before.items():
        if path not in now:
            lost.append(f"{path or '(the body)'} is gone")
            continue
        for word, values in said.items():
            made = now[path].get(word)
            corrected = [change for (end, said_word), change in CORRECTED.items()
                         if path.endswith("." + end) and said_word == word]
            if made != values and corrected != [(values, made)]:
                lost.append(f"{path or '(the body)'} {word}: {sorted(values)} became "
                            f"{sorted(made or ())}")
    return lost


def _operation(doc: dict[str, Any], path: str, method: str) -> dict[str, Any]:
    return doc["paths"][path][method]  # type: ignore[no-any-return]


@pytest.mark.parametrize(("path", "method"), OPERATIONS)
def test_every_operation_says_what_it_said(path: str, method: str) -> None:
    before, now = _operation(BEFORE, path, method), _operation(NOW, path, method)
    for word in ("operationId", "tags", "summary", "parameters"):
        assert now.get(word) == before.get(word), word
    assert " ".join(now.get("description", "").split()) == _reworded(
        before.get("description", ""))


@pytest.mark.parametrize(("path", "method"), OPERATIONS)
def test_every_request_field_constraint_and_example_is_kept(path: str, method: str) -> None:
    before, now = _operation(BEFORE, path, method), _operation(NOW, path, method)
    if "requestBody" not in before:
        assert "requestBody" not in now
        return
    assert now["requestBody"]["required"] == before["requestBody"]["required"]
    assert set(now["requestBody"]["content"]) == set(before["requestBody"]["content"])
    for media, body in before["requestBody"]["content"].items():
        made = now["requestBody"]["content"][media]
        for word in ("example", "examples"):
            assert made.get(word) == body.get(word), word
        assert _lost(fields(BEFORE, body["schema"]), fields(NOW, made["schema"])) == []


@pytest.mark.parametrize(("path", "method"), OPERATIONS)
def test_every_response_is_kept(path: str, method: str) -> None:
    before, now = _operation(BEFORE, path, method), _operation(NOW, path, method)
    assert set(now["responses"]) == set(before["responses"])
    for status, answer in before["responses"].items():
        made = now["responses"][status]
        if "$ref" in answer:  # a shared problem answer, the same one
            assert made == answer, status
            continue
        assert made["description"] == answer["description"]
        assert made.get("headers") == answer.get("headers"), status
        assert set(made.get("content", {})) == set(answer.get("content", {}))
        for media, content in answer.get("content", {}).items():
            assert made["content"][media].get("example") == content.get("example")
            assert _lost(fields(BEFORE, content["schema"]),
                         fields(NOW, made["content"][media]["schema"])) == [], status


def test_the_shared_answers_headers_and_info_are_kept() -> None:
    for part in ("responses", "headers"):
        assert NOW["components"][part] == BEFORE["components"][part]
    for part in ("openapi", "servers", "tags"):
        assert NOW[part] == BEFORE[part], part
    # The version is the package's (rules.__version__), raised since 0.3.0.
    assert {**NOW["info"], "version": "0.3.0"} == BEFORE["info"]
    assert NOW["info"]["version"] == rules.__version__


def _descriptions(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "description" and isinstance(value, str):
                yield " ".join(value.split())
            else:
                yield from _descriptions(value)
    elif isinstance(node, list):
        for value in node:
            yield from _descriptions(value)


def test_every_description_is_kept() -> None:
    """Word for word (the lines may break elsewhere)."""
    assert {_reworded(d) for d in _descriptions(BEFORE)} - {
        " ".join(d.split()) for d in _descriptions(NOW)} == set()
