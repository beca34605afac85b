"""The error layer: every error is problem+json with the right status, never a 500."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from service import MAX_BODY_BYTES, create_app

HAND = "/v1/hands/check"


def assert_problem(response, status: int) -> dict:  # type: ignore[no-untyped-def,type-arg]
    assert response.status_code == status
    assert response.content_type == "application/problem+json"
    body = response.get_json()
    assert body["status"] == status and body["type"] and body["title"]
    return body  # type: ignore[no-any-return]


class TestBadBodies:
    @pytest.mark.parametrize(
        "data",
        [b"{", b'{"hand": [', b"nope", b'{"a": NaN}', b'{"a": Infinity}', b'{"a": -Infinity}',
         b'{"hand": 1, "hand": 2}', b"\xff\xfe\x00", b"[" * 50000 + b"]" * 50000, b""],
    )
    def test_unreadable_json_is_400(self, client: FlaskClient, data: bytes) -> None:
        assert_problem(client.post(HAND, data=data, content_type="application/json"), 400)

    @pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded",
                                              "application/xml", None])
    def test_not_json_is_415(self, client: FlaskClient, content_type: str | None) -> None:
        kwargs = {"content_type": content_type} if content_type else {}
        assert_problem(client.post(HAND, data=b'{"hand": []}', **kwargs), 415)

    def test_too_large_is_413(self, client: FlaskClient) -> None:
        body = b'{"hand": ["' + b"5" * MAX_BODY_BYTES + b'"]}'
        response = client.post(HAND, data=body, content_type="application/json")
        assert_problem(response, 413)
        # Issue 28: the limit, in bytes, so a client can split what it sends.
        assert response.json["detail"] == (
            "the body is over the limit of 1048576 bytes (1 MiB): send less, or split it "
            "(a batch into several)")


class TestRouting:
    def test_wrong_method_keeps_allow(self, client: FlaskClient) -> None:
        response = client.get(HAND)
        assert_problem(response, 405)
        assert set(response.headers["Allow"].split(", ")) == {"POST", "OPTIONS"}

    def test_unknown_path_is_404(self, client: FlaskClient) -> None:
        assert_problem(client.get("/v1/nothing-here"), 404)


class TestNoInternals:
    def test_unexpected_errors_do_not_leak(self) -> None:
        app = create_app()

        @app.get("/boom-for-test")
        def boom() -> str:
            raise RuntimeError("secret internals")

        response = app.test_client().get("/boom-for-test")
        body = assert_problem(response, 500)
        text = response.get_data(as_text=True)
        assert "secret" not in text and "Traceback" not in text
        assert body["detail"] == "the referee could not answer this request"


class TestUnknownFields:
    def test_listed_in_the_bodys_order(self, client: FlaskClient) -> None:
        # marshmallow finds unknown keys as a set, whose order changes with the process's
        # hash seed: eight keys in one order is 1 chance in 40,320 of passing unordered.
        keys = ["zz", "mm", "aa", "qq", "bb", "yy", "cc", "xx"]
        body = {"hand": ["5H", "5C", "5S", "JD"], "starter": "5D", **dict.fromkeys(keys, 1)}
        answer = assert_problem(client.post(HAND, json=body), 422)
        assert [e["pointer"] for e in answer["errors"]] == [f"#/{k}" for k in keys]
        assert {e["code"] for e in answer["errors"]} == {"unknown-field"}

    def test_nested_ones_too(self, client: FlaskClient) -> None:
        plays = [{"player": "pone", "card": "5H", "zz": 1, "aa": 2, "mm": 3, "bb": 4,
                  "yy": 5, "cc": 6}]
        answer = assert_problem(client.post("/v1/pegging/check", json={"plays": plays}), 422)
        assert [e["pointer"] for e in answer["errors"]] == [
            f"#/plays/0/{k}" for k in ("zz", "aa", "mm", "bb", "yy", "cc")]
