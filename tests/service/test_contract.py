"""openapi.yaml is the contract: valid, the same paths as the app, and honest under fuzzing."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
import yaml
from hypothesis import HealthCheck, settings
from jsonschema import Draft202012Validator
from openapi_spec_validator import validate
from schemathesis.checks import not_a_server_error
from schemathesis.generation import GenerationMode
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    positive_data_acceptance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from service import create_app

ROOT = Path(__file__).resolve().parents[2]
DOCUMENT = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
# Fields of the message itself, not of the answer: a contract does not declare them.
FRAMING = {"content-type", "content-length", "date", "server", "connection",
           "transfer-encoding"}


def _operation(path: str, method: str) -> dict[str, Any]:
    """The operation of a path and method; for a method the path lacks (a 405), the
    path's first, which declares the 405 like every other."""
    operations: dict[str, Any] = DOCUMENT["paths"][path]
    return operations.get(method.lower()) or next(iter(operations.values()))


def _declared_headers(operation: dict[str, Any], status: int) -> set[str] | None:
    """The header names the contract gives an operation's answer with this status
    (None: the status is not declared, which status_code_conformance reports)."""
    response = operation["responses"].get(str(status)) or operation["responses"].get(
        f"{str(status)[0]}XX") or operation["responses"].get("default")
    if response is None:
        return None
    if "$ref" in response:
        response = DOCUMENT["components"]["responses"][response["$ref"].rsplit("/", 1)[1]]
    return {name.lower() for name in response.get("headers", {})}


@schemathesis.check
def every_header_is_declared(ctx: Any, response: Any, case: schemathesis.Case) -> None:
    """schemathesis checks the declared headers; this, that nothing else is sent, so a
    client generated from the contract can read all the service says."""
    if case.method.upper() == "OPTIONS" and case.method.lower() not in DOCUMENT["paths"][
            case.operation.path]:
        return  # Flask's own answer to OPTIONS (a CORS preflight), not an operation
    declared = _declared_headers(_operation(case.operation.path, case.method),
                                 response.status_code)
    if declared is None:
        return
    sent = {name.lower() for name in response.headers} - FRAMING
    undeclared = sent - declared
    assert not undeclared, (f"{case.method} {case.operation.path} {response.status_code} "
                            f"sends undeclared headers: {sorted(undeclared)}")


@schemathesis.check
def valid_requests_are_answered_or_pointed(ctx: Any, response: Any,
                                           case: schemathesis.Case) -> None:
    """A request the contract says is valid is answered, or refused with a 422 whose every
    problem points at a field: never a 400, 413, 415 or other 4xx, and never a 500. (Only
    a 422: what the JSON Schema cannot say, the rules and the library say; see
    :data:`RULED`.)"""
    if case.meta is None or not case.meta.generation.mode.is_positive:
        return
    if response.status_code == 422:
        errors = response.json().get("errors")
        assert errors and all(e["pointer"].startswith("#") for e in errors), response.text
    else:
        assert response.status_code < 400, (  # a redirect (/docs) is an answer too
            f"{case.method} {case.path}: a valid request got {response.status_code}")


CHECKS = [not_a_server_error, response_schema_conformance, status_code_conformance,
          content_type_conformance, negative_data_rejection, response_headers_conformance,
          every_header_is_declared, valid_requests_are_answered_or_pointed]
RULED = "POST"
"""The operations whose valid requests may still be refused with a pointed 422, so
``positive_data_acceptance`` (not a 4xx for a valid request) is not asked of them: every
POST. Their contract is a JSON Schema, and what makes a record one the rules can referee
is not a shape it can state: a card seen twice across the hand, the starter and the
play; a hand of the variant's size; the players a record names, seated; the notation
sent instead of the JSON fields, never beside them; scores short of the target; a night's
cards that cross-check. And JSON Schema's ``integer`` admits ``41.0``, which the service
refuses: it reads integers written as integers (service/fields.py, ``StrictInt``). The
GET operations have no such rules: every request the contract admits is answered."""
FUZZ_EXAMPLES = 100
"""Examples per operation, positive and negative: with the seed fixed, the same requests
every run, about 40 s of CPU for the 21 operations."""
FUZZ_SEED = 2026


def test_document_is_valid_openapi_3_1() -> None:
    assert DOCUMENT["openapi"].startswith("3.1")
    validate(DOCUMENT)


def _nulls(node: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Where the document holds a YAML null, other than as the null of a nullable enum."""
    if isinstance(node, dict):
        for key, value in node.items():
            if value is None:
                yield (*path, key)
            yield from _nulls(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            if value is None and not (path and path[-1] == "enum"):
                yield (*path, index)
            yield from _nulls(value, (*path, index))


def test_no_stray_nulls_in_the_document() -> None:
    """A comma in a flow mapping (`{ description: The player deals, so ... }`) ends it and
    makes a key of the rest, worth null; an unquoted `null` example is not the code
    "null". The only nulls are those nullable enums list."""
    assert list(_nulls(DOCUMENT)) == []
    nullable_enums = [p for p in _walk_enums(DOCUMENT) if None in p[1]]
    assert nullable_enums  # the walk finds them: Stage, the margins, the tiebreak
    for where, _values, types in nullable_enums:
        assert "null" in types, where


def _walk_enums(node: Any, path: tuple[Any, ...] = ()) -> Iterator[
        tuple[tuple[Any, ...], list[Any], list[str]]]:
    if isinstance(node, dict):
        if isinstance(node.get("enum"), list):
            kind = node.get("type", [])
            yield path, node["enum"], kind if isinstance(kind, list) else [kind]
        for key, value in node.items():
            yield from _walk_enums(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _walk_enums(value, (*path, index))


def test_a_play_event_is_one_of_a_card_or_a_go() -> None:
    """A union of a card and a go (generators type it so), each event matching exactly
    one: the `anyOf` means a `oneOf` (why it is not written so: its description)."""
    components = DOCUMENT["components"]
    branches = components["schemas"]["PlayEvent"]["anyOf"]
    assert [b["$ref"] for b in branches] == [
        "#/components/schemas/CardEvent", "#/components/schemas/GoEvent"]
    card, go = (Draft202012Validator({**b, "components": components}) for b in branches)
    for event in ({"player": "pone", "card": "5H", "claimed": 2, "claimed_go": 1},
                  {"player": "pone", "go": True, "claimed": 1}):
        assert card.is_valid(event) != go.is_valid(event), event
    for both_or_neither in ({"player": "pone", "card": "5H", "go": True}, {"player": "pone"},
                            {"player": "pone", "go": True, "claimed_go": 1}):
        assert not card.is_valid(both_or_neither), both_or_neither
        assert not go.is_valid(both_or_neither), both_or_neither


def test_routes_and_paths_are_the_same_set() -> None:
    app = create_app()
    routes = {
        re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule.rule).removesuffix("/") or "/"
        for rule in app.url_map.iter_rules()
        # Swagger UI's static assets and Flask's own static route are not operations.
        if rule.endpoint != "static" and not rule.rule.startswith("/docs/<")
    }
    assert routes == set(DOCUMENT["paths"])


def test_served_document_is_the_file() -> None:
    response = create_app().test_client().get("/openapi.yaml")
    assert response.status_code == 200
    assert yaml.safe_load(response.get_data(as_text=True)) == DOCUMENT


def test_docs_are_served_locally() -> None:
    client = create_app().test_client()
    page = client.get("/docs/").get_data(as_text=True)
    assert "/openapi.yaml" in page and "swagger-ui-bundle.js" in page
    assets = re.findall(r'(?:src|href)="([^"]+)"', page)
    assert assets and all(a.startswith("/docs/") for a in assets), assets
    assert client.get("/docs/swagger-ui-bundle.js").status_code == 200


@pytest.mark.parametrize(("method", "path", "body", "status"), [
    ("GET", "/v1/rulesets", None, 200),
    ("POST", "/v1/hands/check", {"hand": ["5H", "5C", "5S", "JD"], "starter": "5D"}, 200),
    ("POST", "/v1/hands/check", {"hand": []}, 422),
    ("GET", "/v1/hands/check", None, 405),
])
def test_the_cors_headers_are_declared_too(method: str, path: str, body: Any,
                                           status: int) -> None:
    """The fuzzer's app has no CORS_ORIGINS: an app with them sends these as well."""
    client = create_app({"CORS_ORIGINS": "https://club.example, https://app.example"}
                        ).test_client()
    answer = client.open(path, method=method, json=body,
                         headers={"Origin": "https://app.example"})
    assert answer.status_code == status
    sent = {name.lower() for name, _ in answer.headers} - FRAMING
    assert "access-control-allow-origin" in sent
    declared = _declared_headers(_operation(path, method), status)
    assert declared is not None and sent <= declared


fuzzed = schemathesis.openapi.from_wsgi("/openapi.yaml", create_app())
# Both valid requests (which must be answered, or refused with a pointed 422 where the
# rules refuse them: RULED) and deliberately invalid ones (which must be refused), the
# same ones every run: the seed is fixed and Hypothesis derandomized.
fuzzed.config.generation.update(modes=[GenerationMode.POSITIVE, GenerationMode.NEGATIVE],
                                max_examples=FUZZ_EXAMPLES)
fuzzed.config.seed = FUZZ_SEED


@fuzzed.parametrize()
@settings(max_examples=FUZZ_EXAMPLES, deadline=None, derandomize=True, database=None,
          suppress_health_check=list(HealthCheck))
def test_fuzz_every_operation(case: schemathesis.Case) -> None:
    accepted = [] if case.method.upper() == RULED else [positive_data_acceptance]
    case.call_and_validate(checks=[*CHECKS, *accepted])
