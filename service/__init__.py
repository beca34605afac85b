"""The HTTP layer over the ``rules`` library: an app factory."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Flask

__all__ = ["MAX_BODY_BYTES", "create_app"]

MAX_BODY_BYTES = 1024 * 1024
"""Large enough for a 1000-hand batch or a whole game; larger bodies get 413."""


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    from rules import discards, show
    from service import errors, meta
    from service.v1 import bp as v1

    # Tables filled before gunicorn forks its workers (preload_app), so that they share
    # them and no request pays for building one.
    show.prepare()
    discards.prepare()

    app = Flask(__name__)
    app.config.update(MAX_CONTENT_LENGTH=MAX_BODY_BYTES, JSON_SORT_KEYS=False)
    app.json.sort_keys = False  # type: ignore[attr-defined]
    app.json.ensure_ascii = False  # type: ignore[attr-defined]
    if config:
        app.config.update(config)
    errors.install(app)
    app.register_blueprint(meta.bp)
    meta.install_docs(app)
    app.register_blueprint(v1)
    return app
