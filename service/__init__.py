"""The HTTP layer over the ``rules`` library: an app factory."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from flask import Flask
from flask_cors import CORS

__all__ = ["MAX_BODY_BYTES", "create_app"]

MAX_BODY_BYTES = 1024 * 1024
"""Large enough for a 1000-hand batch or a whole game; larger bodies get 413."""


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    from rules import discards, show
    from service import errors, meta, observability
    from service.observability import REQUEST_ID
    from service.v1 import blueprint

    # Tables filled before gunicorn forks its workers (preload_app), so that they share
    # them and no request pays for building one.
    show.prepare()
    discards.prepare()

    # The scorepad page's files are the app's static files, under /scorepad/.
    app = Flask(__name__, static_folder="scorepad", static_url_path="/scorepad")
    app.config.update(MAX_CONTENT_LENGTH=MAX_BODY_BYTES, JSON_SORT_KEYS=False)
    app.json.sort_keys = False  # type: ignore[attr-defined]
    app.json.ensure_ascii = False  # type: ignore[attr-defined]
    if config:
        app.config.update(config)
    errors.install(app)
    observability.install(app)
    app.config.setdefault("CORS_ORIGINS", os.environ.get("CORS_ORIGINS", ""))
    origins = [o.strip() for o in app.config["CORS_ORIGINS"].split(",") if o.strip()]
    if origins:
        # Browser apps on these origins may call the API and read its errors and ids.
        CORS(app, origins=origins, expose_headers=[REQUEST_ID])
    app.register_blueprint(meta.bp)
    meta.install_docs(app)
    app.register_blueprint(blueprint())
    return app
