"""GET /healthz is answered by the middleware, ahead of Flask (issue 31): the same answer
as the route's own, counted in the metrics under its route, and every other method
still reaches Flask."""

from __future__ import annotations

from service import create_app
from service.observability import HEALTHZ_BODY, REQUESTS


def test_the_same_answer_as_the_route() -> None:
    app = create_app()
    with app.test_request_context("/healthz"):
        route = app.view_functions["meta.healthz"]()
    answer = app.test_client().get("/healthz", headers={"X-Request-ID": "table-7:deal-3"})
    assert answer.status_code == 200
    assert answer.data == route.get_data() == HEALTHZ_BODY == b'{"status":"ok"}\n'
    assert answer.headers["Content-Type"] == route.headers["Content-Type"] == "application/json"
    assert answer.headers["Content-Length"] == "16"
    assert answer.headers["X-Request-ID"] == "table-7:deal-3"
    assert answer.headers["X-Content-Type-Options"] == "nosniff"
    assert answer.headers["Referrer-Policy"] == "no-referrer"


def test_counted_under_its_route() -> None:
    child = REQUESTS.labels("GET", "/healthz", "200")  # one per process, shared by apps
    before = child._value.get()
    client = create_app().test_client()
    client.get("/healthz")
    client.get("/healthz?probe=1")
    assert child._value.get() == before + 2


def test_other_methods_reach_flask() -> None:
    client = create_app().test_client()
    head = client.head("/healthz")
    assert head.status_code == 200 and head.data == b""
    assert head.headers["Content-Length"] == "16"
    refused = client.post("/healthz")
    assert refused.status_code == 405
    assert refused.headers["Content-Type"] == "application/problem+json"


def test_flask_is_not_asked() -> None:
    app = create_app()

    def refuse() -> None:
        raise AssertionError("GET /healthz reached Flask")

    app.view_functions["meta.healthz"] = refuse
    assert app.test_client().get("/healthz").data == HEALTHZ_BODY
