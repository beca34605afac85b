"""What operators rely on: request ids, metrics across workers, JSON logs, CORS, readiness."""

from __future__ import annotations

import json
import os
import time

import pytest
import requests
from flask.testing import FlaskClient

from service import create_app
from service.observability import readiness


class TestRequestIds:
    def test_a_plain_id_is_echoed(self, client: FlaskClient) -> None:
        response = client.get("/healthz", headers={"X-Request-ID": "table-7:deal-3"})
        assert response.headers["X-Request-ID"] == "table-7:deal-3"

    def test_anything_else_gets_a_new_one(self, client: FlaskClient) -> None:
        response = client.get("/healthz", headers={"X-Request-ID": "x" * 200})
        assert len(response.headers["X-Request-ID"]) == 32
        response = client.post("/v1/hands/check", json={}, headers={"X-Request-ID": "a b"})
        assert response.status_code == 422 and response.headers["X-Request-ID"] != "a b"


class TestCors:
    def test_allowed_origins_can_read_answers_and_errors(self) -> None:
        app = create_app({"CORS_ORIGINS": "https://club.example, https://app.example"})
        client = app.test_client()
        for body, status in (({"hand": ["5H", "5C", "5S", "JD"], "starter": "5D"}, 200),
                             ({}, 422)):
            response = client.post("/v1/hands/check", json=body,
                                   headers={"Origin": "https://app.example"})
            assert response.status_code == status
            assert response.headers["Access-Control-Allow-Origin"] == "https://app.example"
            exposed = response.headers["Access-Control-Expose-Headers"].split(", ")
            # The front's rate-limit fields too (draft-ietf-httpapi-ratelimit-headers-09).
            assert sorted(exposed) == ["RateLimit", "RateLimit-Policy", "Retry-After",
                                       "X-Request-ID"]
        preflight = client.options("/v1/hands/check", headers={
            "Origin": "https://club.example", "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "Content-Type"})
        assert preflight.headers["Access-Control-Allow-Origin"] == "https://club.example"

    def test_other_origins_get_nothing(self) -> None:
        client = create_app({"CORS_ORIGINS": "https://club.example"}).test_client()
        response = client.get("/healthz", headers={"Origin": "https://evil.example"})
        assert "Access-Control-Allow-Origin" not in response.headers

    def test_off_unless_configured(self) -> None:
        client = create_app({"CORS_ORIGINS": ""}).test_client()
        response = client.get("/healthz", headers={"Origin": "https://club.example"})
        assert "Access-Control-Allow-Origin" not in response.headers


class TestReadiness:
    def test_readyz_turns_503_when_stopping(self, client: FlaskClient) -> None:
        assert client.get("/readyz").status_code == 200
        readiness.stopping = True
        try:
            response = client.get("/readyz")
            assert response.status_code == 503
            assert response.get_json() == {"status": "shutting down"}
            assert client.get("/healthz").status_code == 200  # alive, just not ready
        finally:
            readiness.stopping = False

    def test_the_drain_file_turns_a_real_server_unready(self, tmp_path) -> None:  # type: ignore[no-untyped-def]
        from bench._load import free_port, start_server, stop_server

        drain = tmp_path / "drain"
        port = free_port()
        server = start_server(port, extra_env={"WEB_CONCURRENCY": "2",
                                               "MUGGINS_DRAIN_FILE": str(drain)})
        url = f"http://127.0.0.1:{port}"
        try:
            assert requests.get(url + "/readyz", timeout=5).status_code == 200
            drain.touch()  # what the preStop hook does
            for _ in range(10):  # every worker says so, whichever answers
                assert requests.get(url + "/readyz", timeout=5).status_code == 503
            assert requests.get(url + "/healthz", timeout=5).status_code == 200
            answer = requests.post(url + "/v1/hands/check", timeout=5,
                                   json={"hand": ["5H", "5C", "5S", "JD"], "starter": "5D"})
            assert answer.json()["total"] == 29  # still answering while it drains
        finally:
            stop_server(server)


class TestMetricLabels:
    def test_random_methods_and_paths_do_not_grow_the_metrics(self) -> None:
        """What 10,000 random methods and paths add to /metrics, measured against what it
        held before them (the registry is the process's, shared with every test run
        before this one): at most the series of ``other`` and ``unmatched``, once each
        whatever was sent, where a label value per method or path would add thousands."""
        import random
        import string

        client = create_app().test_client()
        before = client.get("/metrics").get_data(as_text=True)
        rng = random.Random(4)
        for _ in range(10_000):
            method = "".join(rng.choices(string.ascii_uppercase, k=13))
            path = "/" + "".join(rng.choices(string.ascii_lowercase + "/", k=20))
            assert client.open(path, method=method).status_code in (404, 405)
        after = client.get("/metrics").get_data(as_text=True)
        added = series(after) - series(before)
        # The /metrics request itself is a known route and method: its series may be new.
        strange = {line for line in added if 'route="unmatched"' not in line
                   and 'route="/metrics"' not in line}
        assert strange == set()
        # The series of two routes (unmatched, /metrics), each a counter and a histogram: 34
        # when both are new; one per method or path sent would be thousands.
        assert len(added) <= 40, sorted(added)
        assert len(after.encode()) - len(before.encode()) < 8_000
        unmatched = {status: metric(after, "muggins_http_requests_total", method="other",
                                    route="unmatched", status=status)
                     - metric(before, "muggins_http_requests_total", method="other",
                              route="unmatched", status=status) for status in ("404", "405")}
        assert sum(unmatched.values()) == 10_000 and unmatched["404"] >= 10_000 * 0.9


def series(text: str) -> set[str]:
    """The series of an exposition: each sample's name and labels, without its value."""
    return {line.rsplit(" ", 1)[0] for line in text.splitlines()
            if line and not line.startswith("#")}


def metric(text: str, name: str, **labels: str) -> float:
    for line in text.splitlines():
        if line.startswith(name + "{") and all(f'{k}="{v}"' in line for k, v in labels.items()):
            return float(line.rsplit(" ", 1)[1])
    return 0.0


class TestUnderGunicorn:
    def test_metrics_add_up_across_workers(self, live_server: str) -> None:
        before = requests.get(live_server + "/metrics", timeout=5).text
        route = "/v1/hands/check"
        start_ok = metric(before, "muggins_http_requests_total", route=route, status="200")
        start_found = metric(before, "muggins_findings_total", code="overcount")
        # Many short connections: the sync workers share them out.
        for _ in range(40):
            requests.post(live_server + route, json={"hand": ["5H", "5C", "5S", "4D"],
                                                     "starter": "6D", "claimed": 24}, timeout=5)
        after = requests.get(live_server + "/metrics", timeout=5)
        assert after.headers["Content-Type"].startswith("text/plain")
        text = after.text
        assert metric(text, "muggins_http_requests_total", route=route, status="200") == \
            start_ok + 40
        assert metric(text, "muggins_findings_total", code="overcount") == start_found + 40
        assert metric(text, "muggins_http_request_duration_seconds_count", route=route) >= 40

    def test_json_access_log_with_request_id(self, live_server: str) -> None:
        requests.get(live_server + "/healthz", headers={"X-Request-ID": "log-check-1"}, timeout=5)
        log = os.environ["MUGGINS_TEST_LOG"]
        for _ in range(50):
            with open(log, encoding="utf-8") as file:
                lines = [json.loads(line) for line in file if line.strip()]
            found = [e for e in lines if e.get("request_id") == "log-check-1"]
            if found:
                break
            time.sleep(0.05)
        else:
            pytest.fail("no access log line for the request")
        entry = found[0]
        assert entry["logger"] == "gunicorn.access" and entry["path"] == "/healthz"
        assert entry["status"] == 200 and entry["method"] == "GET"
        assert isinstance(entry["duration_ms"], float)
        # Everything gunicorn wrote is JSON, start-up messages included.
        assert all(isinstance(e, dict) and "level" in e for e in lines)


class TestAccessLine:
    def test_the_same_line_python_json_logger_wrote(self) -> None:
        """The access formatter is a shortcut: every field, name and order as the general
        JSON formatter (still used for every other log line) writes them."""
        import logging

        from pythonjsonlogger.json import JsonFormatter

        from service.logs import ACCESS_FIELDS, LOGGING, AccessFormatter

        spec = dict(LOGGING["formatters"]["json"])
        del spec["()"]
        general = JsonFormatter(**spec)
        fields = {"method": "POST", "path": "/v1/hands/check", "status": 422, "bytes": 310,
                  "duration_ms": 1.234, "request_id": "table-7", "remote_addr": "10.0.0.9",
                  "user_agent": "scorepad/1.0 ♥"}
        assert tuple(fields) == ACCESS_FIELDS
        fast = AccessFormatter()  # one, as in the server: its time stamp is kept a second
        for created in (1_795_000_000.0, 1_795_000_000.999, 1_795_000_001.5):
            record = logging.LogRecord("gunicorn.access", logging.INFO, "", 0, "request", (),
                                       None)
            record.__dict__.update(fields, created=created, msecs=created % 1 * 1000)
            line = json.loads(fast.format(record))
            assert line == json.loads(general.format(record))
            assert list(line) == list(json.loads(general.format(record)))


class TestRequestMetrics:
    def test_every_answer_is_counted_by_route_and_status(self, client: FlaskClient) -> None:
        def now() -> str:
            return client.get("/metrics").get_data(as_text=True)

        checks = {"method": "POST", "route": "/v1/hands/check"}
        before = now()
        client.get("/nowhere")
        client.post("/v1/hands/check", json={"hand": ["5H", "5C", "5S", "JD"], "starter": "5D"})
        client.post("/v1/hands/check", json={"hand": ["5H"], "starter": "5D"})
        after = now()
        for labels, added in (({"method": "GET", "route": "unmatched", "status": "404"}, 1),
                              ({**checks, "status": "200"}, 1), ({**checks, "status": "422"}, 1)):
            assert metric(after, "muggins_http_requests_total", **labels) == \
                metric(before, "muggins_http_requests_total", **labels) + added
        assert metric(after, "muggins_http_request_duration_seconds_count", **checks) == \
            metric(before, "muggins_http_request_duration_seconds_count", **checks) + 2
