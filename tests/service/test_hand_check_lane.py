"""POST /v1/hands/check is answered ahead of Flask's dispatch when the request is a valid
hand check (service/observability.py, service/v1/hands.py): the same status, headers and
bytes as Flask's answer, counted the same, and every other request still Flask's, through
the one error layer."""

from __future__ import annotations

import io
import json
import random
from typing import Any

import pytest
from flask import Flask

from service import create_app
from service.observability import FINDINGS, REQUESTS

DECK = [r + s for r in "A23456789TJQK" for s in "SHDC"]
SIZES = {"six-card": 4, "five-card": 3, "three-player": 4, "four-player": 4, "seven-card": 5}
PATH = "/v1/hands/check"


def _apps() -> tuple[Flask, Flask]:
    lane, flask = create_app(), create_app()
    flask.wsgi_app.lanes.clear()  # type: ignore[attr-defined]
    return lane, flask


def _answer(app: Flask, data: bytes, content_type: str = "application/json"
            ) -> tuple[int, list[tuple[str, str]], bytes]:
    answer = app.test_client().post(PATH, data=data, content_type=content_type,
                                    headers={"X-Request-ID": "lane-1"})
    return answer.status_code, list(answer.headers.items()), answer.data


def _bodies(n: int) -> list[dict[str, Any]]:
    rng = random.Random(31)
    bodies: list[dict[str, Any]] = []
    for i in range(n):
        variant = rng.choice(list(SIZES))
        size = 4 if (crib := rng.random() < 0.3) else SIZES[variant]
        cards = rng.sample(DECK, size + 1)
        if i % 5 == 0:  # lenient spellings are read, canonical ones written
            cards = [c.lower().replace("T", "10").replace("t", "10") for c in cards]
        body: dict[str, Any] = {"hand": cards[:size], "starter": cards[size]}
        for key, value in (("variant", variant), ("crib", crib),
                           ("ruleset", rng.choice(["acc", "hoyle", "english", "friendly"])),
                           ("muggins", rng.random() < 0.5),
                           ("claimed", rng.choice([0, 2, 4, 8, 12, 19, 24, 29]))):
            if rng.random() < 0.6:
                body[key] = value
        bodies.append(body)
    return bodies


def test_the_same_answers_as_flask() -> None:
    lane, flask = _apps()
    statuses = set()
    for body in _bodies(400):
        data = json.dumps(body).encode()
        got = _answer(lane, data)
        assert got == _answer(flask, data), body
        statuses.add(got[0])
    assert statuses == {200, 422}  # some hands are refused (a crib in the five-card game …)


@pytest.mark.parametrize(("data", "content_type"), [
    (b'{"hand": ["5H", "5C", "5S", "JD"], "starter": "5D", "starter": "5D"}', "application/json"),
    (b'{"hand": ["5H", "5C", "5S", "5H"], "starter": "5D"}', "application/json"),
    (b'{"hand": ["5H", "5C", "5S", "JD"], "starter": "5D", "claimed": NaN}', "application/json"),
    (b'{"hand": ["5H", "5C", "5S", "JD"], "starter": "5D"}', "text/plain"),
    (b'{"hand": ["5H", "5C", "5S", "JD"], "starter": "5D"}', "application/json; charset=utf-8"),
    (b'{"hand": ["5H", "5C", "5S", "JD"], "starter": "\\ud800"}', "application/json"),
    (b'{"hand": ["5H", "5C", "5S", "JD"], "starter": "5D", "extra": 1}', "application/json"),
    (b"[" * 600 + b"]" * 600, "application/json"),
    (b'{"hand": ["5H", "5C", "5S", "JD"], "starter": "5D", "claimed": 29}', "application/json"),
])
def test_refusals_and_other_bodies_are_flask_s(data: bytes, content_type: str) -> None:
    lane, flask = _apps()
    assert _answer(lane, data, content_type) == _answer(flask, data, content_type)


def test_a_body_over_the_limit_is_flask_s() -> None:
    lane = create_app({"MAX_CONTENT_LENGTH": 64})
    flask = create_app({"MAX_CONTENT_LENGTH": 64})
    flask.wsgi_app.lanes.clear()  # type: ignore[attr-defined]
    data = json.dumps({"hand": ["5H", "5C", "5S", "JD"], "starter": "5D", "claimed": 0,
                       "variant": "six-card"}).encode()
    assert len(data) > 64
    got = _answer(lane, data)
    assert got[0] == 413 and got == _answer(flask, data)


def test_a_length_only_flask_can_read_is_flask_s() -> None:
    from service.body import plain_body

    for length in ("²", "", "-1", "1e3"):
        environ: dict[str, Any] = {"CONTENT_TYPE": "application/json",
                                   "CONTENT_LENGTH": length, "wsgi.input": io.BytesIO(b"{}")}
        assert plain_body(environ, 1024) is None
        assert environ["wsgi.input"].read() == b"{}"  # nothing read


@pytest.mark.parametrize("limit", [1024, None])
def test_a_length_too_long_for_int_is_flask_s_400(limit: int | None) -> None:
    # int() refuses a string of over 4,300 digits; the lane let it escape as a 500 with
    # no problem+json (an independent review found it). Flask reads such a length as 0.
    lane = create_app({"TESTING": True, "MAX_CONTENT_LENGTH": limit})
    flask = create_app({"TESTING": True, "MAX_CONTENT_LENGTH": limit})
    flask.wsgi_app.lanes.clear()  # type: ignore[attr-defined]
    data = json.dumps({"hand": ["5H", "5C", "5S", "JD"], "starter": "5D"}).encode()
    for length in ("9" * 5000, "1" * 19):
        answers = [app.test_client().open(
            "/v1/hands/check", method="POST", data=data,
            headers={"Content-Type": "application/json"},
            environ_overrides={"CONTENT_LENGTH": length}) for app in (lane, flask)]
        assert [a.status_code for a in answers] == [answers[1].status_code] * 2
        assert answers[0].status_code in (400, 413)
        assert answers[0].get_json() == answers[1].get_json()
        assert answers[0].content_type == "application/problem+json"


def test_flask_is_not_asked_and_the_answer_is_counted() -> None:
    app = create_app()

    def refuse() -> str:
        raise AssertionError("a valid hand check reached Flask")

    app.view_functions["v1.hands_check"] = refuse
    answered = REQUESTS.labels("POST", PATH, "200")
    overcounts = FINDINGS.labels("overcount")
    before = answered._value.get(), overcounts._value.get()
    status, headers, data = _answer(app, b'{"hand": ["5H", "5C", "5S", "JD"], '
                                         b'"starter": "5D", "claimed": 29}')
    assert status == 200 and json.loads(data)["total"] == 29
    assert ("X-Request-ID", "lane-1") in headers
    status, _, data = _answer(app, b'{"hand": ["5H", "5C", "5S", "4D"], '
                                   b'"starter": "6D", "claimed": 24}')
    # fifteens 8 (5+4+6 three ways, 5+5+5), pairs 6, runs 9 (4-5-6 three ways): 23
    assert status == 200 and json.loads(data)["total"] == 23  # 24 claimed: overcounted
    assert (answered._value.get(), overcounts._value.get()) == (before[0] + 2, before[1] + 1)


def test_with_cors_flask_answers() -> None:
    app = create_app({"CORS_ORIGINS": "https://club.example"})
    assert app.wsgi_app.lanes == {}  # type: ignore[attr-defined]
    answer = app.test_client().post(PATH, json={"hand": ["5H", "5C", "5S", "JD"],
                                                "starter": "5D"},
                                    headers={"Origin": "https://club.example"})
    assert answer.headers["Access-Control-Allow-Origin"] == "https://club.example"
