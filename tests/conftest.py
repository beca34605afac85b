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

TESTS = Path(__file__).resolve().parent
LIBRARY = TESTS / "library"
"""The library's own tests: this folder, marked ``library`` (``pytest -m library``)."""
NOT_THE_LIBRARY = frozenset({
    "service", "flask", "werkzeug", "openapi_core", "schemathesis", "muggins", "requests",
    "playwright", "axe_playwright_python", "kubernetes_validate", "bench", "tools",
    "subprocess"})
"""What a module of the library's own tests imports none of: the service, the clients, a
browser, the bench, the tools, or other programs."""
APP_FIXTURES = frozenset({"app", "client", "live_server", "page", "browser"})


def _imported(path: Path) -> set[str]:
    """The dotted names a module imports, and for ``from a import b`` also ``a.b`` (which
    is a module or a name in one)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names |= {node.module, *(f"{node.module}.{alias.name}" for alias in node.names)}
    return names


@functools.cache
def outside_the_library(path: Path) -> frozenset[str]:
    """What the module at ``path`` imports, itself or through the tests' own modules it
    imports (``tests.naive``, ``tests.library.test_play``), that is not the library's:
    a package of NOT_THE_LIBRARY, or a module of the tests outside tests/library but
    for the support modules beside this file."""
    found: set[str] = set()
    seen = {path}
    todo = [path]
    while todo:
        for name in _imported(todo.pop()):
            if name.split(".")[0] in NOT_THE_LIBRARY:
                found.add(name.split(".")[0])
            elif name.split(".")[0] == "tests":
                module = TESTS.parent.joinpath(*name.split(".")).with_suffix(".py")
                if not module.is_file() or module in seen:
                    continue  # a package, or a name inside a module
                seen.add(module)
                if module.parent in (TESTS, LIBRARY):
                    todo.append(module)
                else:
                    found.add(name)
    return frozenset(found)


REFUSED = pytest.StashKey[str]()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark ``library`` each test in tests/library, and fail one that is not the library's
    alone: its module imports something in NOT_THE_LIBRARY (or a test module of another
    folder), or the test asks for an app, a server or a page."""
    for item in items:
        path = getattr(item, "path", None)
        if path is None or LIBRARY not in Path(path).resolve().parents:
            continue
        item.add_marker(pytest.mark.library)
        outside = outside_the_library(Path(path).resolve())
        asks = APP_FIXTURES & set(getattr(item, "fixturenames", ()))
        if outside or asks:
            item.stash[REFUSED] = ", ".join(sorted(outside | asks))


def pytest_runtest_setup(item: pytest.Item) -> None:
    if REFUSED in item.stash:
        pytest.fail(f"tests/library holds the library's own tests alone, and this one uses "
                    f"{item.stash[REFUSED]}: move it to tests/service, tests/page or "
                    "tests/operations, or drop what it uses", pytrace=False)


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
