"""Health, readiness, the contract and its interactive docs."""

from __future__ import annotations

from importlib.resources import files

from flask import Blueprint, Flask, Response, jsonify
from flask_swagger_ui import get_swaggerui_blueprint

bp = Blueprint("meta", __name__)

OPENAPI_YAML = files("service").joinpath("openapi.yaml").read_text(encoding="utf-8")


@bp.get("/healthz")
def healthz() -> Response:
    return jsonify({"status": "ok"})


@bp.get("/readyz")
def readyz() -> Response:
    return jsonify({"status": "ready"})


@bp.get("/openapi.yaml")
def openapi_yaml() -> Response:
    return Response(OPENAPI_YAML, mimetype="application/yaml")


def install_docs(app: Flask) -> None:
    """Swagger UI from the installed package: no CDN."""
    docs = get_swaggerui_blueprint(
        "/docs", "/openapi.yaml", config={"app_name": "Muggins API"}, blueprint_name="docs"
    )
    app.register_blueprint(docs)
