from __future__ import annotations

import ast
import functools
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from flask import Flask
from flask.testing import FlaskClient
from openapi_core import Config, OpenAPI
from openapi_core.contrib.werkzeug import WerkzeugOpenAPIRequest, WerkzeugOpenAPIResponse
from openapi_core.templating.paths.exceptions import OperationNotFound, PathNotFound
from werkzeug.test import EnvironBuilder
from werkzeug.wrappers import Request

from service import create_app

ROOT = Path(__file__).resolve().parent.parent
SPEC = OpenAPI.from_file_path(
    str(ROOT / "openapi.yaml"),
    config=Config(extra_media_type_deserializers={"application/problem+json": json.loads,
                                                  "application/yaml": yaml.safe_load}),
)


class ValidatingClient(FlaskClient):
    """A test client that checks every answer against openapi.yaml."""

    def open(self, *args: Any, **kwargs: Any) -> Any:
        response = super().open(*args, **kwargs)
        assert response.headers.get("X-Content-Type-Options") == "nosniff"
        sent = response.request
        if not sent.path.startswith("/docs/"):
            # The response check needs only the operation: method and path, not the body
            # (which the app has already read).
            request = Request(EnvironBuilder(method=sent.method, path=sent.path).get_environ())
            try:
                SPEC.validate_response(WerkzeugOpenAPIRequest(request),
                                       WerkzeugOpenAPIResponse(response))
            except (PathNotFound, OperationNotFound):
                # Only the 404/405 tests send requests the contract has no operation for;
                # they check the problem body themselves.
                assert response.status_code in (404, 405, 500), sent.path
        return response


# --- the library's own tests (the CI workflow runs them on every Python it supports) ----

NOT_THE_LIBRARY = frozenset({
    "service", "flask", "werkzeug", "openapi_core", "schemathesis", "muggins", "requests",
    "playwright", "axe_playwright_python", "kubernetes_validate", "bench", "tools",
    "subprocess"})
"""What a module of the library's own tests imports none of: the service, the clients, a
browser, the bench, the tools, or other programs."""
APP_FIXTURES = frozenset({"app", "client", "live_server", "page", "browser"})


@functools.cache
def _imports(path: str) -> frozenset[str]:
    tree = ast.parse(Path(path).read_text(encoding="utf-8"))
    return frozenset(
        name.split(".")[0] for node in ast.walk(tree)
        for name in ([a.name for a in node.names] if isinstance(node, ast.Import) else
                     [node.module] if isinstance(node, ast.ImportFrom) and node.module else []))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark ``library`` each test of the library alone: its module imports nothing in
    NOT_THE_LIBRARY and it asks for no app, server or page (``pytest -m library``)."""
    for item in items:
        path = getattr(item, "path", None)
        if (path is not None and not _imports(str(path)) & NOT_THE_LIBRARY
                and not APP_FIXTURES & set(getattr(item, "fixturenames", ()))):
            item.add_marker(pytest.mark.library)


@pytest.fixture(scope="session")
def app() -> Flask:
    app = create_app({"TESTING": True})
    app.test_client_class = ValidatingClient
    return app


@pytest.fixture
def client(app: Flask) -> Iterator[FlaskClient]:
    with app.test_client() as client:
        yield client


# --- a real gunicorn server, for the client, the CLI and the browser -------------------


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """gunicorn with the production config on a free loopback port; its base URL."""
    import os
    import signal
    import subprocess
    import sys
    import time

    import requests

    port = _free_port()
    logs = tmp_path_factory.mktemp("gunicorn") / "log.jsonl"
    env = dict(os.environ, BIND=f"127.0.0.1:{port}", WEB_CONCURRENCY="2",
               PROMETHEUS_MULTIPROC_DIR=str(tmp_path_factory.mktemp("metrics")))
    with open(logs, "wb") as out:
        server = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "--config", "gunicorn.conf.py",
             "service:create_app()"], cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT,
            start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                if requests.get(url + "/readyz", timeout=1).status_code == 200:
                    break
            except requests.ConnectionError:
                time.sleep(0.05)
        else:
            raise RuntimeError("gunicorn did not start:\n" + logs.read_text())
        os.environ["MUGGINS_TEST_LOG"] = str(logs)
        yield url
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
