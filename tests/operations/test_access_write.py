"""The access line written straight to its stream (service/logs.py) is the line the
general way writes (a record through the logger, its handler and the formatter), byte
for byte, for the production log settings."""

from __future__ import annotations

import io
import logging
import time
from datetime import timedelta
from typing import Any

import pytest
from gunicorn.config import Config

from service.logs import LOGGING, JsonAccessLogger


class _Answer:
    status_code = 422
    sent = 310

    def __init__(self, headers: list[tuple[str, str]]) -> None:
        self.headers = headers


def _logger() -> tuple[JsonAccessLogger, io.StringIO]:
    config = Config()
    config.set("accesslog", "-")
    config.set("logconfig_dict", LOGGING)
    logger = JsonAccessLogger(config)
    stream = io.StringIO()
    for handler in logger.access_log.handlers:
        handler.setStream(stream)
    return logger, stream


ENVIRON = {"REQUEST_METHOD": "POST", "PATH_INFO": "/v1/hands/check",
           "REMOTE_ADDR": "10.0.0.9", "HTTP_USER_AGENT": "scorepad/1.0 ♥",
           "muggins.request_id": "table-7"}


@pytest.mark.parametrize("created", [1_795_000_000.0, 1_795_000_000.9996, 1_795_000_001.25])
def test_the_short_way_writes_the_general_way_s_line(monkeypatch: pytest.MonkeyPatch,
                                                     created: float) -> None:
    monkeypatch.setattr(time, "time", lambda: created)
    answer = _Answer([("Content-Type", "application/problem+json"),
                      ("X-Request-ID", "table-7")])
    took = timedelta(microseconds=1234)
    short, short_stream = _logger()
    short.access(answer, None, ENVIRON, took)
    general, general_stream = _logger()
    general.access_log.addFilter(lambda record: True)  # a filter: the general way
    general.access(answer, None, ENVIRON, took)
    line = short_stream.getvalue()
    assert line == general_stream.getvalue()
    assert line.count("\n") == 1 and '"request_id": "table-7"' in line
    assert '"remote_addr": "10.0.0.9"' in line and '"duration_ms": 1.234' in line


def test_without_the_middleware_the_id_is_read_from_the_headers() -> None:
    logger, stream = _logger()
    environ: dict[str, Any] = {k: v for k, v in ENVIRON.items() if k != "muggins.request_id"}
    logger.access(_Answer([("x-request-id", "from-headers")]), None, environ,
                  timedelta(milliseconds=2))
    assert '"request_id": "from-headers"' in stream.getvalue()
    # An answer never begun has no id, whatever the environ holds.
    logger.access(_Answer([]), None, ENVIRON, timedelta(milliseconds=2))
    assert stream.getvalue().splitlines()[1].count('"request_id": null') == 1


def test_a_handler_set_otherwise_gets_records() -> None:
    logger, stream = _logger()
    seen: list[logging.LogRecord] = []

    class Keeping(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            seen.append(record)

    logger.access_log.addHandler(Keeping())
    logger.access(_Answer([]), None, ENVIRON, timedelta(milliseconds=2))
    assert [r.getMessage() for r in seen] == ["request"]
    assert seen[0].__dict__["path"] == "/v1/hands/check"
    assert stream.getvalue().count("\n") == 1  # and the stream its line, as before


def test_threads_stamping_at_once_each_get_a_whole_stamp(monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    # Two threads at the first line of a second: the one that finds the second already
    # being stamped must not read the last second's stamp (or none) beside it. The slow
    # strftime widens the window the review found (",005" with no date).
    import threading

    from service import logs

    formatter = logs.AccessFormatter()
    real = time.strftime

    def slow(fmt: str, at: Any = None) -> str:
        time.sleep(0.05)
        return real(fmt, at)

    monkeypatch.setattr(logs.time, "strftime", slow)
    stamps: list[str] = []
    threads = [threading.Thread(target=lambda: stamps.append(formatter.stamp_of(1e9, 5.0)))
               for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    want = real(formatter.default_time_format, formatter.converter(1_000_000_000)) + ",005"
    assert stamps == [want] * 4
