"""``GET /sw.js``: the scorepad's service worker, which keeps the page's own files so that
the page opens offline and can be installed. Served at the root, so that its scope is
the whole site and covers the page at ``/``.

The worker (``service/scorepad/sw.js``) is given the list of the page's files and a
cache name made from their contents: a release that changes any of them is a new worker,
which fills a new cache and drops the old one, and no list is kept by hand."""

from __future__ import annotations

import hashlib
import json
from functools import cache
from importlib.resources import files
from importlib.resources.abc import Traversable

from flask import Blueprint, Response

__all__ = ["bp", "page_files", "worker"]

bp = Blueprint("worker", __name__)

_SCOREPAD = files("service").joinpath("scorepad")
_WORKER = "sw.js"


def _shipped(folder: Traversable = _SCOREPAD, under: str = "") -> dict[str, Traversable]:
    """Every file under /scorepad/ by its path there, those in folders too (the vendored
    QR code library, vendor/qrcode.js, is imported by the page: offline, it must be kept)."""
    found: dict[str, Traversable] = {}
    for item in folder.iterdir():
        if item.is_dir():
            found |= _shipped(item, f"{under}{item.name}/")
        elif item.is_file():
            found[f"{under}{item.name}"] = item
    return dict(sorted(found.items()))


def page_files() -> list[str]:
    """The paths the worker keeps: the page, and each of its files under /scorepad/."""
    return ["/", *(f"/scorepad/{name}" for name in _shipped() if name != _WORKER)]


@cache
def worker() -> str:
    digest = hashlib.sha256()
    for name, item in _shipped().items():
        digest.update(name.encode() + b"\0" + item.read_bytes() + b"\0")
    head = (f"const CACHE = {json.dumps('muggins-' + digest.hexdigest()[:16])};\n"
            f"const FILES = {json.dumps(page_files())};\n")
    return head + _SCOREPAD.joinpath(_WORKER).read_text(encoding="utf-8")


@bp.get("/sw.js")
def service_worker() -> Response:
    """The scorepad's service worker

    The script the scorepad page registers so that it can be installed and opened
    offline: it keeps the page's own files (`/` and `/scorepad/…`, including the web
    app manifest `/scorepad/manifest.webmanifest`) in the browser, network first.
    Served at the root so that its scope covers the page at `/`. The checks are not
    kept: they need the server.
    ---
    operationId: serviceWorker
    tags: [operations]
    responses:
      200: { description: "The worker, as JavaScript.", content: text/javascript }
    """
    # Revalidated like the page's files: a new release is seen at the next visit.
    return Response(worker(), mimetype="text/javascript", headers={"Cache-Control": "no-cache"})
