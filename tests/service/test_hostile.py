"""Hostile input: every item gets the right 4xx and a problem+json body, never a 500,
never a hang. Each body is sent to every operation that takes one."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from typing import Any

import pytest
from flask.testing import FlaskClient

from service import MAX_BODY_BYTES

POSTS = ["/v1/hands/check", "/v1/hands/batch", "/v1/pegging/check", "/v1/deals/check",
         "/v1/games/check", "/v1/discards/advise"]

VALID: dict[str, dict[str, Any]] = {
    "/v1/hands/check": {"hand": ["5H", "5C", "5S", "JD"], "starter": "5D", "claimed": 29,
                        "crib": False, "variant": "six-card", "ruleset": "acc",
                        "muggins": False},
    "/v1/hands/batch": {"hands": [{"hand": ["5H", "5C", "5S", "JD"], "starter": "5D"}],
                        "variant": "six-card"},
    "/v1/pegging/check": {"plays": [{"player": "pone", "card": "KH", "claimed": 0},
                                    {"player": "dealer", "go": True}],
                          "hands": {"pone": ["KH", "TD", "5S", "2C"],
                                    "dealer": ["QC", "9S", "AH", "3D"]},
                          "players": ["pone", "dealer"]},
    "/v1/deals/check": {"dealt": {"pone": ["AH", "2H", "3H", "4S", "6S", "7S"],
                                  "dealer": ["8C", "9C", "TC", "QC", "KD", "6H"]},
                        "discards": {"pone": ["6S", "7S"], "dealer": ["KD", "6H"]},
                        "starter": "KH", "plays": [{"player": "pone", "card": "AH"}],
                        "claims": {"heels": 0, "hands": {"pone": 8}, "crib": 4},
                        "scores_before": {"pone": 3, "dealer": 5}, "target": 121},
    "/v1/games/check": {"players": ["ann", "bob"], "first_dealer": "ann", "deals": [
        {"dealt": {"bob": ["AH", "2H", "3H", "4S", "6S", "7S"],
                   "ann": ["8C", "9C", "TC", "QC", "KD", "6H"]},
         "discards": {"bob": ["6S", "7S"], "ann": ["KD", "6H"]}, "starter": "KH",
         "plays": [{"player": "bob", "card": "AH"}]}]},
    "/v1/discards/advise": {"cards": ["2C", "3H", "4D", "5D", "5S", "JS"], "dealer": False},
}


def problem(response: Any, *statuses: int) -> dict[str, Any]:
    assert response.status_code in statuses, (response.status_code, response.get_data()[:300])
    assert response.content_type == "application/problem+json"
    body = response.get_json()
    assert body["status"] == response.status_code and body["title"] and body["type"]
    text = response.get_data(as_text=True)
    assert "Traceback" not in text and "File \"" not in text and "/work/" not in text
    return body  # type: ignore[no-any-return]


def test_the_valid_bodies_are_valid(client: FlaskClient) -> None:
    for path, body in VALID.items():
        assert client.post(path, json=body).status_code == 200, path


@pytest.mark.parametrize("path", POSTS)
class TestUnreadable:
    @pytest.mark.parametrize("data", [
        b"", b"{", b"}", b"[", b'{"hand": [', b'{"hand": ["5H"', b"nul", b"tru", b"'x'",
        b'{"a": NaN}', b'{"a": Infinity}', b'{"a": -Infinity}', b'{"a": 1, "a": 2}',
        b'{"x": {"y": 1, "y": 2}}', b"\xff\xfe\xfd", b'{"hand": ["5\xc3"]}', b"\x00\x01",
        b"[" * 100_000 + b"]" * 100_000, b'{"a":' * 50_000 + b"1" + b"}" * 50_000,
        b"1" * 5000, b'{"claimed": ' + b"9" * 5000 + b"}",
    ], ids=lambda d: repr(d[:24]))
    def test_400(self, client: FlaskClient, path: str, data: bytes) -> None:
        problem(client.post(path, data=data, content_type="application/json"), 400)

    @pytest.mark.parametrize("content_type", [
        None, "text/plain", "application/x-www-form-urlencoded", "multipart/form-data",
        "application/xml", "application/jsonx", "text/json"])
    def test_415(self, client: FlaskClient, path: str, content_type: str | None) -> None:
        kwargs = {"content_type": content_type} if content_type else {}
        problem(client.post(path, data=json.dumps(VALID[path]), **kwargs), 415)

    def test_413(self, client: FlaskClient, path: str) -> None:
        problem(client.post(path, data=b" " * (MAX_BODY_BYTES + 1),
                            content_type="application/json"), 413)

    def test_100000_events_is_too_large(self, client: FlaskClient, path: str) -> None:
        body = {"plays": [{"player": "pone", "go": True}] * 100_000}
        problem(client.post(path, json=body), 413)


def nulls(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """Every place in a document where a value could be replaced by null."""
    if path:
        yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from nulls(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from nulls(item, (*path, i))


def replaced(document: Any, path: tuple[Any, ...], new: Any) -> Any:
    copied = copy.deepcopy(document)
    target = copied
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = new
    return copied


def pointer(path: tuple[Any, ...]) -> str:
    return "#/" + "/".join(str(p) for p in path)


def results_or_problem(client: FlaskClient, path: str, body: Any) -> list[dict[str, Any]]:
    response = client.post(path, json=body)
    if path == "/v1/hands/batch" and response.status_code == 200:
        return [r for r in response.get_json()["results"] if "status" in r]
    return [problem(response, 422)]


NULL_CASES = [(p, q) for p, body in VALID.items() for q, _ in nulls(body)]


@pytest.mark.parametrize(("path", "where"), NULL_CASES, ids=lambda x: str(x))
def test_null_everywhere_is_422_pointing_at_it(client: FlaskClient, path: str,
                                               where: tuple[Any, ...]) -> None:
    # The batch answers each item in its slot: a null there is a problem in the slot.
    [found] = results_or_problem(client, path, replaced(VALID[path], where, None))
    assert found["status"] == 422
    assert any(e["pointer"].startswith(pointer(where)) for e in found["errors"]), found


class TestHugeAndStrange:
    def test_10000_cards(self, client: FlaskClient) -> None:
        cards = ["5H"] * 10_000
        for path, field in (("/v1/hands/check", "hand"), ("/v1/discards/advise", "cards")):
            body = problem(client.post(path, json={**VALID[path], field: cards}), 422)
            assert body["errors"][0]["code"] == "wrong-size"
            assert len(body["errors"]) <= 2  # refused at once, not card by card

    def test_10000_hands_in_a_batch(self, client: FlaskClient) -> None:
        body = {"hands": [VALID["/v1/hands/check"]] * 10_000}
        problem(client.post("/v1/hands/batch", json=body), 422, 413)

    @pytest.mark.parametrize("claim", [10**18, -(10**18), 10**100, 2**63, 1e308, 1.5, True])
    def test_huge_and_wrong_claims(self, client: FlaskClient, claim: Any) -> None:
        body = problem(client.post("/v1/hands/check",
                                   json={**VALID["/v1/hands/check"], "claimed": claim}), 422)
        assert body["errors"][0]["pointer"] == "#/claimed"

    @pytest.mark.parametrize("card", [
        "5\u0000H", "5H\u0000", "\u202e5H", "5H\u200b", "\u0035\u0048\u0301", "５H",
        "5Н",  # Cyrillic En
        "5\u2661\u20e0", "A\u2660\ufe0e", "10\u2665\ufe0f\ufe0f", "\t5H", "5H\n", "ⅤH",
        "🂥", "5h" * 100, "x" * 10_000])
    def test_control_and_lookalike_characters(self, client: FlaskClient, card: str) -> None:
        body = {**VALID["/v1/hands/check"], "starter": card}
        errors = problem(client.post("/v1/hands/check", json=body), 422)["errors"]
        assert errors == [{"pointer": "#/starter", "detail": f"invalid card: {card!r}",
                           "code": "invalid-card"}] or errors[0]["pointer"] == "#/starter"

    @pytest.mark.parametrize("path", POSTS)
    @pytest.mark.parametrize("body", [[], "x", 1, True, None, [VALID["/v1/hands/check"]]])
    def test_not_an_object(self, client: FlaskClient, path: str, body: Any) -> None:
        errors = problem(client.post(path, data=json.dumps(body),
                                     content_type="application/json"), 422)["errors"]
        assert errors[0]["pointer"] == "#"

    def test_deep_nesting_inside_a_valid_field(self, client: FlaskClient) -> None:
        deep: Any = "5H"
        for _ in range(500):
            deep = [deep]
        body = {**VALID["/v1/hands/check"], "hand": deep}
        problem(client.post("/v1/hands/check", json=body), 422)

    def test_nesting_past_the_fixed_depth_is_unreadable(self, client: FlaskClient) -> None:
        # 512 levels are read (the field is then refused); 513 are not, whatever the
        # interpreter's recursion limit is in this process.
        for levels, status in ((512, 422), (513, 400)):
            response = client.post("/v1/hands/check", data="[" * levels + "]" * levels,
                                   content_type="application/json")
            assert response.status_code == status, levels
        assert problem(response, 400)["detail"] == "unreadable JSON: nested too deeply"

    def test_unknown_methods_and_paths(self, client: FlaskClient) -> None:
        for method in ("GET", "PUT", "DELETE", "PATCH"):
            response = client.open("/v1/hands/check", method=method)
            problem(response, 405)
            assert "POST" in response.headers["Allow"]
        problem(client.get("/v1/../../etc/passwd"), 404)
        problem(client.get("/v2/hands/check"), 404)


class TestSecurityHeaders:
    @pytest.mark.parametrize("path", ["/", "/healthz", "/openapi.yaml", "/metrics",
                                      "/v1/rulesets", "/nowhere", "/docs/"])
    def test_every_answer_says_nosniff(self, client: FlaskClient, path: str) -> None:
        response = client.get(path)
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        assert response.headers["Referrer-Policy"] == "no-referrer"

    def test_the_scorepad_has_a_strict_csp(self, client: FlaskClient) -> None:
        csp = client.get("/").headers["Content-Security-Policy"]
        directives = dict(d.strip().split(" ", 1) for d in csp.split(";"))
        assert directives["default-src"] == "'none'"
        assert directives["script-src"] == "'self'" and directives["style-src"] == "'self'"
        assert directives["frame-ancestors"] == "'none'"
        assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
