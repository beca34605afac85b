"""Answers written with orjson are the documents Flask's own encoder wrote, byte for byte."""

from __future__ import annotations

from datetime import date

import pytest
from flask import Flask
from flask.json.provider import DefaultJSONProvider

from service.encoding import FastJSONProvider

APP = Flask(__name__)  # providers hold their app weakly


@pytest.fixture
def providers() -> tuple[DefaultJSONProvider, FastJSONProvider]:
    flask = DefaultJSONProvider(APP)
    flask.sort_keys = False
    flask.ensure_ascii = False
    return flask, FastJSONProvider(APP)


@pytest.mark.parametrize("document", [
    {"hand": ["5H", "5C"], "total": 29, "crib": False, "claimed": None},
    {"b": 1, "a": [1.5, 0.25, -3, {"nested": ["♥", "é", "\n", "\u2028"]}]},
    {"ev": [4.123457, 0.5, 0.0, 123456.5, 8.1]},
    {2: "integer keys become strings"},
    {"big": 10**30},  # past 64 bits: the standard library writes it
    {"when": date(2026, 11, 30)},  # Flask's own choice for dates, kept
    [],
    "text",
])
def test_same_bytes_as_flask(providers: tuple[DefaultJSONProvider, FastJSONProvider],
                             document: object) -> None:
    flask, fast = providers
    with APP.app_context():
        assert fast.response(document).get_data() == flask.response(document).get_data()
    assert fast.loads(fast.dumps(document)) == flask.loads(flask.dumps(document))


def test_tiny_floats_same_values(
        providers: tuple[DefaultJSONProvider, FastJSONProvider]) -> None:
    # Below 1e-4 both write an exponent, orjson without the padding zero ("1.2e-5" for
    # "1.2e-05"): the same number. No answer has such values (averages are rounded to
    # 6 places and are 0 or at least 2/46).
    flask, fast = providers
    document = {"ev": [0.000012, 1e-7]}
    assert fast.loads(fast.dumps(document)) == flask.loads(flask.dumps(document)) == document


def test_unknown_types_still_refused(
        providers: tuple[DefaultJSONProvider, FastJSONProvider]) -> None:
    _, fast = providers
    with pytest.raises(TypeError):
        fast.dumps({"x": object()})
