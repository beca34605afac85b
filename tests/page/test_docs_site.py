"""The documentation site in a real browser: built as `make docs-build` builds it
(``mkdocs build --strict``), served from loopback, and every page checked by axe-core
on a phone (390×844) and a desktop (1280×800), with no request leaving the site.

Needs /usr/bin/chromium, as the scorepad's tests do (tests/page/test_scorepad.py).
"""

from __future__ import annotations

import functools
import http.server
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.page.test_scorepad import ARGS, CHROMIUM, MISSING, VIEWPORTS

pytestmark = pytest.mark.skipif(not os.environ.get("CI") and not os.path.exists(CHROMIUM),
                                reason=MISSING)

ROOT = Path(__file__).resolve().parent.parent.parent


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, list[str]]]:
    """The site built into a temporary folder and served on a free loopback port: its
    address, and the path of every page."""
    out = tmp_path_factory.mktemp("site")
    # The test count is a collection of its own: these checks only look at the pages.
    env = {**os.environ, "MUGGINS_DOCS_NO_COUNT": "1", "NO_MKDOCS_2_WARNING": "1"}
    build = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir",
                            str(out)], cwd=ROOT, env=env, capture_output=True, text=True)
    assert build.returncode == 0, build.stderr
    pages = sorted("/" + path.parent.relative_to(out).as_posix().removeprefix(".") + "/"
                   for path in out.rglob("index.html"))
    pages = [page.replace("//", "/") for page in pages]
    handler = functools.partial(_Quiet, directory=str(out))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}", pages
    server.shutdown()
    server.server_close()


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    if not os.path.exists(CHROMIUM):
        pytest.fail(f"{MISSING} (CI is set: the browser tests must run)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield browser
        browser.close()


def test_the_site_has_every_part(site: tuple[str, list[str]]) -> None:
    _, pages = site
    for page in ("/", "/tutorials/settle-a-hand/", "/how-to/operate/", "/reference/http-api/",
                 "/reference/library/", "/reference/library/core/", "/rules/",
                 "/notation/", "/chances/", "/explanation/design/"):
        assert page in pages
    assert len(pages) >= 30


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_axe_finds_nothing_on_any_page(site: tuple[str, list[str]], browser: Any,
                                       viewport: str) -> None:
    from axe_playwright_python.sync_playwright import Axe

    base, pages = site
    width, height = VIEWPORTS[viewport]
    context = browser.new_context(viewport={"width": width, "height": height})
    elsewhere: list[str] = []
    # The site fetches nothing from another host: no CDN, no web fonts.
    context.route("**/*", lambda route: route.continue_() if route.request.url.startswith(base)
                  else (elsewhere.append(route.request.url), route.abort())[-1])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    found: dict[str, str] = {}
    axe = Axe()
    for path in pages:
        page.goto(base + path)
        results = axe.run(page)
        if results.violations_count:
            found[path] = results.generate_report()
    context.close()
    assert found == {}, "\n".join(f"{path}:\n{report}" for path, report in found.items())
    assert elsewhere == []
    assert errors == []
