"""The production stack as documented: Debian's nginx in front of gunicorn (`make stack`).

Each test talks to a real stack on free loopback ports. Slow and idle clients come
from 127.0.0.2, the measuring client from 127.0.0.1.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import socket
import ssl
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from bench._front import Attack, Stack, nginx_missing, running_stack, timed_requests

HOST = "127.0.0.1"


def _need_nginx() -> None:
    why = nginx_missing()
    if why and os.environ.get("CI"):
        pytest.fail(f"the stack {why}")
    if why:
        pytest.skip(f"the stack {why}")


# Two browser apps may call the API (CORS_ORIGINS, which the front reads too).
CLUB, SCORES = "https://club.example", "https://scores.example"


@pytest.fixture(scope="module")
def stack(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stack]:
    _need_nginx()
    log = tmp_path_factory.mktemp("stack") / "stack.log"
    with running_stack(log, {"CORS_ORIGINS": f"{CLUB}, {SCORES}"}) as stack:
        yield stack


def _get(port: int, path: str, source: str = HOST, headers: dict[str, str] | None = None,
         method: str = "GET", body: bytes | None = None) -> tuple[int, dict[str, str], bytes]:
    conn = http.client.HTTPConnection(HOST, port, timeout=10, source_address=(source, 0))
    try:
        conn.request(method, path, body, headers or {})
        answer = conn.getresponse()
        return answer.status, dict(answer.getheaders()), answer.read()
    finally:
        conn.close()


def _log_line(stack: Stack, needle: str, logger: str) -> dict[str, object]:
    for _ in range(100):
        for text in stack.log.read_text().splitlines():
            if needle in text and f'"logger": "{logger}"' in text:
                line: dict[str, object] = json.loads(text)
                return line
        time.sleep(0.05)
    raise AssertionError(f"no {logger} line with {needle!r}")


def test_idle_and_slow_clients_leave_requests_answered(stack: Stack) -> None:
    with Attack(stack.port, idle=200, slow=50) as attack:
        started = time.monotonic()
        latencies, failures = timed_requests(stack.port, 30, gap=0.1, timeout=5.0)
        assert failures == []
        assert len(latencies) == 30
        assert max(latencies) < 5.0
        # What happens to them: nginx cuts off whoever has not sent whole headers in 5 s.
        time.sleep(max(0.0, started + 6.5 - time.monotonic()))
        assert attack.closed_by_server() == {"idle": 200, "slow": 50}
    # and the service is as it was
    assert _get(stack.port, "/healthz")[0] == 200


def test_metrics_only_on_the_operators_listener(stack: Stack) -> None:
    assert _get(stack.port, "/healthz")[0] == 200
    status, headers, body = _get(stack.port, "/metrics")
    assert status == 404
    assert headers["Content-Type"] == "application/problem+json"
    # In the project's words, as the app's 404 (not Flask's "The requested URL ...").
    assert json.loads(body) == {
        "type": "about:blank", "title": "Not Found", "status": 404,
        "detail": "no such resource here: metrics are on the operators' port "
                  "(see /openapi.yaml for the API)"}
    status, _, body = _get(stack.port, "/.muggins/404")  # the front's pages are internal
    assert (status, json.loads(body)["detail"]) == (404, "no such resource (see /openapi.yaml)")
    status, _, body = _get(stack.ops_port, "/metrics")
    assert status == 200
    assert b'muggins_http_requests_total{method="GET",route="/healthz",status="200"}' in body
    assert _get(stack.ops_port, "/readyz")[0] == 200
    # The operator's listener is not a second way into the API.
    assert _get(stack.ops_port, "/v1/rulesets")[0] == 404


def test_the_log_shows_the_client_not_the_front(stack: Stack) -> None:
    request_id = f"forwarded-{time.monotonic_ns()}"
    # A forged X-Forwarded-For is replaced by the address nginx saw.
    status, headers, _ = _get(stack.port, "/healthz", source="127.0.0.4",
                              headers={"X-Request-ID": request_id,
                                       "X-Forwarded-For": "203.0.113.9"})
    assert status == 200 and headers["X-Request-ID"] == request_id
    assert _log_line(stack, request_id, "gunicorn.access")["remote_addr"] == "127.0.0.4"


def test_too_many_requests_from_one_address_get_a_429_problem(stack: Stack) -> None:
    statuses = []
    conn = http.client.HTTPConnection(HOST, stack.port, timeout=10,
                                      source_address=("127.0.0.5", 0))
    try:
        for _ in range(120):  # far past the burst of 40, in a second or two
            conn.request("GET", "/healthz")
            answer = conn.getresponse()
            body = answer.read()
            statuses.append(answer.status)
            if answer.status == 429:
                assert answer.getheader("Content-Type") == "application/problem+json"
                assert answer.getheader("Retry-After") == "1"
                assert json.loads(body)["status"] == 429
    finally:
        conn.close()
    assert statuses[:40] == [200] * 40
    assert 429 in statuses
    # Another address is not held back.
    assert _get(stack.port, "/healthz", source="127.0.0.6")[0] == 200


def test_too_many_connections_from_one_address_get_a_429(stack: Stack) -> None:
    # Requests whose bodies never come each hold a connection in the limit (20).
    held = []
    try:
        for _ in range(20):
            conn = socket.create_connection((HOST, stack.port), source_address=("127.0.0.7", 0))
            conn.sendall(b"POST /v1/hands/check HTTP/1.1\r\nHost: m\r\n"
                         b"Content-Type: application/json\r\nContent-Length: 100\r\n\r\n")
            held.append(conn)
        time.sleep(0.2)
        status, headers, _ = _get(stack.port, "/healthz", source="127.0.0.7")
        assert status == 429
        assert headers["Content-Type"] == "application/problem+json"
    finally:
        for conn in held:
            conn.close()


def test_a_chunked_body_over_the_limit_is_413(stack: Stack) -> None:
    conn = socket.create_connection((HOST, stack.port), timeout=10)
    try:
        conn.sendall(b"POST /v1/hands/batch HTTP/1.1\r\nHost: m\r\n"
                     b"Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n")
        chunk = b"x" * 65536
        try:
            for _ in range(20):  # 1.25 MiB
                conn.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
            conn.sendall(b"0\r\n\r\n")
        except OSError:
            pass  # nginx may answer and close before the rest is sent
        answer = conn.recv(65536)
    finally:
        conn.close()
    assert answer.startswith(b"HTTP/1.1 413")
    assert b"application/problem+json" in answer


def test_tls_with_a_certificate_made_now(tmp_path: Path) -> None:
    _need_nginx()
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256",
         "-nodes", "-days", "1", "-subj", "/CN=localhost", "-addext",
         "subjectAltName=IP:127.0.0.1", "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True)
    with running_stack(tmp_path / "stack.log",
                       {"TLS_CERT": str(cert), "TLS_KEY": str(key)}) as stack:
        context = ssl.create_default_context(cafile=str(cert))
        conn = http.client.HTTPSConnection(HOST, stack.port, timeout=10, context=context)
        try:
            conn.request("GET", "/healthz")
            answer = conn.getresponse()
            assert answer.status == 200
            assert json.loads(answer.read()) == {"status": "ok"}
            assert conn.sock.version() in ("TLSv1.2", "TLSv1.3")  # type: ignore[union-attr]
        finally:
            conn.close()
        # Plain HTTP on the TLS port is refused, not served, with a problem (nginx's 497).
        status, headers, body = _get(stack.port, "/healthz")
        assert status == 400
        assert headers["Content-Type"] == "application/problem+json"
        assert json.loads(body)["status"] == 400
        assert "https" in json.loads(body)["detail"]


def _raw(port: int, request: bytes) -> tuple[int, bytes, bytes]:
    """Send bytes as they are (no client library would send these) and read the answer."""
    conn = socket.create_connection((HOST, port), timeout=10)
    try:
        conn.sendall(request)
        answer = b""
        while b"\r\n\r\n" not in answer:
            data = conn.recv(65536)
            if not data:
                break
            answer += data
    finally:
        conn.close()
    head, _, body = answer.partition(b"\r\n\r\n")
    return int(head.split(b" ", 2)[1]), head, body


@pytest.mark.parametrize(("request_line", "status"), [
    (b"GET /%00 HTTP/1.1", 400),
    (b"GET /a\x00b HTTP/1.1", 400),
    (b"G@T /healthz HTTP/1.1", 400),
    (b"hello", 400),
    (b"GET /../../etc/passwd HTTP/1.1", 400),
    (b"CONNECT example.org:443 HTTP/1.1", 400),
    (b"GET /" + b"a" * 9000 + b" HTTP/1.1", 414),
    (b"GET /healthz HTTP/9.9", 505),
    (b"GET /.muggins/400 HTTP/1.1", 404),  # the front's own error pages are internal
])
def test_a_request_nginx_cannot_read_gets_a_problem_not_a_500(
        stack: Stack, request_line: bytes, status: int) -> None:
    # nginx cannot redirect these to a named location (their URI is empty): it answered
    # an HTML 500, and a 414 or 505 in HTML.
    got, head, _ = _raw(stack.port, request_line + b"\r\nHost: m\r\n\r\n")
    assert got == status
    assert b"\r\nContent-Type: application/problem+json" in head


# --- what every answer carries, whoever made it ------------------------------------

_POLICY = {"x-content-type-options": "nosniff", "referrer-policy": "no-referrer"}


def _headers_of(head: bytes) -> list[tuple[str, str]]:
    lines = head.decode("latin-1").split("\r\n")[1:]
    return [(name.strip().lower(), value.strip())
            for name, _, value in (line.partition(":") for line in lines)]


def _carries_policy_and_id(head: bytes, request_id: str | None) -> str:
    """The answer's one X-Request-ID, after checking the policy headers are there once."""
    headers = _headers_of(head)
    for name, value in _POLICY.items():
        assert [v for n, v in headers if n == name] == [value], (name, head)
    ids = [v for n, v in headers if n == "x-request-id"]
    assert len(ids) == 1, head
    if request_id is not None:
        assert ids[0] == request_id
    return ids[0]


@pytest.mark.parametrize(("sent", "status"), [
    (b"GET /metrics HTTP/1.1\r\nHost: m\r\n", 404),
    (b"POST /v1/hands/check HTTP/1.1\r\nHost: m\r\nContent-Type: application/json\r\n"
     b"Content-Length: 2000000\r\n", 413),
    (b"GET /healthz?x=" + b"a" * 9000 + b" HTTP/1.1\r\nHost: m\r\n", 414),
    (b"GET /healthz HTTP/1.1\r\nHost: m\r\nX-Big: " + b"a" * 9000 + b"\r\n", 400),
    (b"GET /healthz HTTP/9.9\r\nHost: m\r\n", 505),
    (b"GET /healthz HTTP/1.1\r\nHost: m\r\nTransfer-Encoding: gzip\r\n", 501),
])
def test_the_fronts_own_answers_carry_the_policy_and_the_id(
        stack: Stack, sent: bytes, status: int) -> None:
    request_id = f"front-{time.monotonic_ns()}"
    got, head, _ = _raw(stack.port, sent + f"X-Request-ID: {request_id}\r\n\r\n".encode())
    assert got == status
    assert b"\r\nContent-Type: application/problem+json" in head
    # nginx answers a request line or header it cannot read before it reads the id:
    # then the answer carries one nginx made.
    echoed = _carries_policy_and_id(head, None if status in (400, 414, 505) else request_id)
    assert re.fullmatch(r"[A-Za-z0-9._:-]{1,128}", echoed)


def test_a_429_carries_the_policy_and_the_id(stack: Stack) -> None:
    conn = http.client.HTTPConnection(HOST, stack.port, timeout=10,
                                      source_address=("127.0.0.8", 0))
    try:
        for number in range(120):
            conn.request("GET", "/healthz", headers={"X-Request-ID": f"limited-{number}"})
            answer = conn.getresponse()
            answer.read()
            if answer.status == 429:
                break
    finally:
        conn.close()
    assert answer.status == 429
    headers = [(n.lower(), v) for n, v in answer.getheaders()]
    for name, value in _POLICY.items():
        assert [v for n, v in headers if n == name] == [value]
    assert [v for n, v in headers if n == "x-request-id"] == [f"limited-{number}"]


def test_the_operators_listener_carries_them_too(stack: Stack) -> None:
    got, head, _ = _raw(stack.ops_port, b"GET /v1/rulesets HTTP/1.1\r\nHost: m\r\n"
                                        b"X-Request-ID: ops-1\r\n\r\n")
    assert got == 404
    _carries_policy_and_id(head, "ops-1")


def test_one_request_id_end_to_end(stack: Stack) -> None:
    """Given, the id comes back once; not given (or not acceptable), nginx makes one,
    passes it on, and the app's answer and log carry that same id."""
    got, head, _ = _raw(stack.port, b"GET /healthz HTTP/1.1\r\nHost: m\r\n"
                                    b"X-Request-ID: table-7:deal-3\r\n\r\n")
    assert got == 200
    _carries_policy_and_id(head, "table-7:deal-3")
    for extra in (b"", b"X-Request-ID: not acceptable!\r\n"):
        got, head, _ = _raw(stack.port, b"GET /healthz?made HTTP/1.1\r\nHost: m\r\n" + extra
                            + b"\r\n")
        assert got == 200
        made = _carries_policy_and_id(head, None)
        assert re.fullmatch(r"[0-9a-f]{32}", made)  # nginx's $request_id
        assert _log_line(stack, made, "gunicorn.access")["request_id"] == made


def test_nginx_logs_in_the_apps_shape(stack: Stack) -> None:
    """An operator reads one stream: nginx's access lines have the app's field names,
    time format and level."""
    agent = {"User-Agent": "shape-check/1.0"}
    _get(stack.port, "/healthz", headers={**agent, "X-Request-ID": "shape-app"})
    _get(stack.port, "/metrics", headers={**agent, "X-Request-ID": "shape-front"})
    app = _log_line(stack, "shape-app", "gunicorn.access")
    front = _log_line(stack, "shape-front", "nginx.access")
    assert set(front) == set(app)
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}", str(front["time"]))
    assert front["level"] == app["level"] == "INFO"
    assert front["message"] == "request"
    assert (front["method"], front["path"], front["status"]) == ("GET", "/metrics", 404)
    assert front["user_agent"] == "shape-check/1.0"
    assert front["remote_addr"] == "127.0.0.1"
    assert isinstance(front["bytes"], int) and front["bytes"] > 0
    assert isinstance(front["duration_ms"], int) and 0 <= front["duration_ms"] < 5000


@pytest.mark.parametrize(("sent", "status"), [
    # Over gunicorn's 4094-byte request line, under nginx's old 8 KiB buffer.
    (b"GET /healthz?x=" + b"a" * 5000 + b" HTTP/1.1\r\nHost: m\r\n", 414),
    (b"GET /healthz HTTP/1.1\r\nHost: m\r\nX-Big: " + b"a" * 5000 + b"\r\n", 400),
], ids=["request-line", "header"])
def test_nginx_answers_what_gunicorn_would_refuse_in_html(
        stack: Stack, sent: bytes, status: int) -> None:
    got, head, body = _raw(stack.port, sent + b"\r\n")
    assert got == status
    assert b"\r\nContent-Type: application/problem+json" in head
    assert b"gunicorn" not in head + body


# --- limits an app can read (draft-ietf-httpapi-ratelimit-headers-09) -------------------

POLICY = '"requests";q=20;w=1, "connections";q=20;qu="concurrent-requests"'


@pytest.mark.parametrize("path", ["/healthz", "/v1/rulesets", "/metrics", "/no-such-page"])
def test_every_public_answer_names_the_limits(stack: Stack, path: str) -> None:
    status, headers, _ = _get(stack.port, path, source="127.0.0.9")
    assert status in (200, 404)
    assert headers["RateLimit-Policy"] == POLICY
    assert "RateLimit" not in headers  # only a 429 says what is left


def test_a_429_for_requests_says_which_limit(stack: Stack) -> None:
    conn = http.client.HTTPConnection(HOST, stack.port, timeout=10,
                                      source_address=("127.0.0.10", 0))
    try:
        for _ in range(120):
            conn.request("GET", "/healthz")
            answer = conn.getresponse()
            body = answer.read()
            if answer.status == 429:
                break
    finally:
        conn.close()
    assert answer.status == 429
    assert answer.getheader("RateLimit-Policy") == POLICY
    assert answer.getheader("RateLimit") == '"requests";r=0;t=1'
    assert answer.getheader("Retry-After") == "1"
    assert json.loads(body)["detail"] == (
        "too many requests from this address (20 a second, bursts of 40): slow down and retry")


def test_a_429_for_connections_says_which_limit(stack: Stack) -> None:
    held = []
    try:
        for _ in range(20):
            conn = socket.create_connection((HOST, stack.port), source_address=("127.0.0.11", 0))
            conn.sendall(b"POST /v1/hands/check HTTP/1.1\r\nHost: m\r\n"
                         b"Content-Type: application/json\r\nContent-Length: 100\r\n\r\n")
            held.append(conn)
        time.sleep(0.2)
        status, headers, body = _get(stack.port, "/healthz", source="127.0.0.11")
    finally:
        for conn in held:
            conn.close()
    assert status == 429
    assert headers["RateLimit-Policy"] == POLICY
    assert headers["RateLimit"] == '"connections";r=0;t=1'
    assert headers["Retry-After"] == "1"
    assert json.loads(body)["detail"] == (
        "too many requests at once from this address (20): wait for one to finish")


def test_more_than_fifty_headers_get_a_problem_not_gunicorns_html(stack: Stack) -> None:
    # gunicorn refuses past limit_request_fields (50) with an HTML 431; nginx has no
    # such count, so the front answers it as a problem.
    headers = {f"X-Extra-{n}": str(n) for n in range(60)} | {"X-Request-ID": "many-headers"}
    status, got, body = _get(stack.port, "/healthz", source="127.0.0.12", headers=headers)
    assert status == 431
    assert got["Content-Type"] == "application/problem+json"
    assert got["X-Request-ID"] == "many-headers"
    assert got["RateLimit-Policy"] == POLICY
    assert json.loads(body) == {
        "type": "about:blank", "title": "Request Header Fields Too Large", "status": 431,
        "detail": "more than 50 header fields: send fewer"}


# --- the front's own answers, readable by a browser app (CORS) -----------------------

# What an app must read on any answer, the front's own included.
EXPOSED = {"X-Request-ID", "Retry-After", "RateLimit", "RateLimit-Policy"}


def _cors(headers: list[tuple[str, str]]) -> dict[str, list[str]]:
    """The CORS headers of an answer (and Vary), each with every value it came with."""
    found: dict[str, list[str]] = {}
    for name, value in headers:
        if name.lower().startswith("access-control-") or name.lower() == "vary":
            found.setdefault(name.lower(), []).append(value)
    return found


def _the_apps_cors(stack: Stack, origin: str) -> dict[str, list[str]]:
    """What the app itself sends that origin, through the front."""
    conn = http.client.HTTPConnection(HOST, stack.port, timeout=10,
                                      source_address=("127.0.0.13", 0))
    try:
        conn.request("GET", "/v1/rulesets", headers={"Origin": origin})
        answer = conn.getresponse()
        answer.read()
    finally:
        conn.close()
    assert answer.status == 200
    return _cors(answer.getheaders())


def _limited(stack: Stack, source: str, origin: str) -> http.client.HTTPResponse:
    """The first 429 an address gets, asking for an API path from `origin`."""
    conn = http.client.HTTPConnection(HOST, stack.port, timeout=10,
                                      source_address=(source, 0))
    try:
        for _ in range(120):
            conn.request("GET", "/v1/rulesets", headers={"Origin": origin})
            answer = conn.getresponse()
            answer.read()
            if answer.status == 429:
                return answer
    finally:
        conn.close()
    raise AssertionError("no 429 in 120 requests")


def test_the_app_exposes_what_an_app_must_read(stack: Stack) -> None:
    cors = _the_apps_cors(stack, SCORES)
    assert cors["access-control-allow-origin"] == [SCORES]
    [exposed] = cors["access-control-expose-headers"]
    assert {name.strip() for name in exposed.split(",")} == EXPOSED


def test_a_429_is_readable_by_an_allowed_origin(stack: Stack) -> None:
    """A browser app can read the front's 429, and so its Retry-After and RateLimit:
    it carries the CORS headers the app sends that origin, once each."""
    answer = _limited(stack, "127.0.0.14", CLUB)
    assert answer.getheader("RateLimit") == '"requests";r=0;t=1'
    assert _cors(answer.getheaders()) == _the_apps_cors(stack, CLUB)


def test_a_429_is_not_readable_by_another_origin(stack: Stack) -> None:
    answer = _limited(stack, "127.0.0.15", "https://elsewhere.example")
    assert _cors(answer.getheaders()) == {}


@pytest.mark.parametrize(("sent", "status"), [
    (b"POST /v1/hands/check HTTP/1.1\r\nHost: m\r\nContent-Type: application/json\r\n"
     b"Content-Length: 2000000\r\n", 413),
    (b"GET /v1/rulesets HTTP/1.1\r\nHost: m\r\n"
     + b"".join(b"X-Extra-%d: %d\r\n" % (n, n) for n in range(60)), 431),
    (b"POST /v1/hands/check HTTP/1.1\r\nHost: m\r\nTransfer-Encoding: gzip\r\n", 501),
], ids=["413", "431", "501"])
def test_the_fronts_other_problems_on_the_api_are_readable_by_an_allowed_origin(
        stack: Stack, sent: bytes, status: int) -> None:
    expected = _the_apps_cors(stack, SCORES)
    # Only a whole entry of the list is an allowed origin.
    refused = ["https://elsewhere.example", "https://scores.exampl", "https://scores.example.org",
               "https://club.example, https://scores.example", "x|https://scores.example",
               "http://scores.example", ""]
    for origin, cors in [(SCORES, expected), *((other, {}) for other in refused)]:
        got, head, _ = _raw(stack.port, sent + f"Origin: {origin}\r\n\r\n".encode())
        assert got == status
        assert b"\r\nContent-Type: application/problem+json" in head
        assert _cors(_headers_of(head)) == cors, origin


def test_the_fronts_own_answers_off_the_api_carry_no_cors(stack: Stack) -> None:
    """As the app: CORS only where the API is."""
    status, headers, _ = _get(stack.port, "/metrics", headers={"Origin": CLUB})
    assert status == 404
    assert _cors(list(headers.items())) == {}
