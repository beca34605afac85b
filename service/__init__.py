"""The HTTP layer over the ``rules`` library: an app factory."""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from typing import Any

from flask import Flask
from flask_cors import CORS

__all__ = ["MAX_BODY_BYTES", "ConfigError", "cors_origins", "create_app"]

MAX_BODY_BYTES = 1024 * 1024
"""Large enough for a 1000-hand batch or a whole game; larger bodies get 413."""

# An origin is a scheme, a host and perhaps a port: nothing else, no wildcard, no path.
# (flask-cors reads a string with regex characters as an unanchored regex:
# https://*.scores.example would admit https://xscores.example.attacker.net.)
_ORIGIN = re.compile(r"https?://[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?(?::[0-9]{1,5})?")


class ConfigError(ValueError):
    """A setting the service refuses to start with."""


def cors_origins(setting: str) -> list[str]:
    """The origins in ``CORS_ORIGINS`` (comma-separated), each exactly one origin."""
    origins = [o.strip() for o in setting.split(",") if o.strip()]
    for origin in origins:
        if not _ORIGIN.fullmatch(origin):
            raise ConfigError(
                f"CORS_ORIGINS: {origin!r} is not an origin; list each one exactly, as "
                "https://club.example (no '*', no wildcards, no paths)")
    return origins


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    from rules.advice import prepare
    from service import errors, meta, observability, rulebook, worker
    from service.encoding import FastJSONProvider
    from service.observability import REQUEST_ID
    from service.v1 import blueprint

    # Tables filled before gunicorn forks its workers (preload_app), so that they share
    # them and no request pays for building one.
    prepare()

    # The scorepad page's files are the app's static files, under /scorepad/.
    app = Flask(__name__, static_folder="scorepad", static_url_path="/scorepad")
    app.config.update(MAX_CONTENT_LENGTH=MAX_BODY_BYTES, JSON_SORT_KEYS=False)
    app.json = FastJSONProvider(app)
    if config:
        app.config.update(config)
    errors.install(app)
    observability.install(app)
    app.config.setdefault("CORS_ORIGINS", os.environ.get("CORS_ORIGINS", ""))
    origins = cors_origins(app.config["CORS_ORIGINS"])
    if origins:
        # Browser apps on these origins may call the API (only the API) with what it
        # uses, and read its errors, ids and the front's limits.
        CORS(app, resources={r"/v1/*": {"origins": origins}}, methods=["GET", "POST"],
             allow_headers=["Content-Type", REQUEST_ID],
             expose_headers=[REQUEST_ID, "RateLimit-Policy", "RateLimit", "Retry-After"],
             max_age=600)
    app.register_blueprint(meta.bp)
    app.register_blueprint(rulebook.bp)
    rulebook.page()  # rendered before the workers fork, like the tables above
    from service.v1.chances import load_tables
    load_tables()  # the shipped chance tables, read once and shared the same way
    app.register_blueprint(worker.bp)
    worker.worker()
    meta.install_docs(app)
    meta.install_page_policy(app)
    app.register_blueprint(blueprint())
    if not origins and not app.before_request_funcs:
        # The hand check ahead of Flask's dispatch (service/observability.py): with CORS
        # on, Flask adds headers to its answer, so Flask must answer it.
        from service.v1.hands import hands_check_lane

        observability.add_lane(app, "/v1/hands/check", lambda environ: hands_check_lane(
            environ, app.config["MAX_CONTENT_LENGTH"]))
    return app
