"""openapi.yaml is the contract: valid, the same paths as the app, and honest under fuzzing."""

from __future__ import annotations

import re
from pathlib import Path

import schemathesis
import yaml
from hypothesis import HealthCheck, settings
from openapi_spec_validator import validate
from schemathesis.checks import not_a_server_error
from schemathesis.generation import GenerationMode
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from service import create_app

ROOT = Path(__file__).resolve().parent.parent
DOCUMENT = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
CHECKS = [not_a_server_error, response_schema_conformance, status_code_conformance,
          content_type_conformance, negative_data_rejection, response_headers_conformance]
FUZZ_EXAMPLES = 150
"""Half again schemathesis's default budget, per operation, positive and negative."""


def test_document_is_valid_openapi_3_1() -> None:
    assert DOCUMENT["openapi"].startswith("3.1")
    validate(DOCUMENT)


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


fuzzed = schemathesis.openapi.from_wsgi("/openapi.yaml", create_app())
# Both valid requests (which must be answered 2xx or refused with a pointed 422) and
# deliberately invalid ones (which must be refused).
fuzzed.config.generation.update(modes=[GenerationMode.POSITIVE, GenerationMode.NEGATIVE],
                                max_examples=FUZZ_EXAMPLES)


@fuzzed.parametrize()
@settings(max_examples=FUZZ_EXAMPLES, deadline=None, derandomize=False,
          suppress_health_check=list(HealthCheck))
def test_fuzz_every_operation(case: schemathesis.Case) -> None:
    case.call_and_validate(checks=CHECKS)
