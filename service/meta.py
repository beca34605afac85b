"""Health, readiness, the contract and its interactive docs."""

from __future__ import annotations

from importlib.resources import files

from flask import Blueprint, Flask, Response, current_app, jsonify
from flask_swagger_ui import get_swaggerui_blueprint

from service.observability import metrics_response, readiness

bp = Blueprint("meta", __name__)

OPENAPI_YAML = files("service").joinpath("openapi.yaml").read_text(encoding="utf-8")


SCOREPAD_CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
    "img-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)


@bp.get("/")
def scorepad() -> Response:
    """The scorepad page: plain HTML, CSS and JS from the package, under a strict CSP."""
    response = current_app.send_static_file("index.html")
    response.headers["Content-Security-Policy"] = SCOREPAD_CSP
    return response


@bp.get("/healthz")
def healthz() -> Response:
    return jsonify({"status": "ok"})


@bp.get("/readyz")
def readyz() -> Response | tuple[Response, int]:
    if readiness.shutting_down:
        return jsonify({"status": "shutting down"}), 503
    return jsonify({"status": "ready"})


@bp.get("/metrics")
def metrics() -> Response:
    return metrics_response()


@bp.get("/openapi.yaml")
def openapi_yaml() -> Response:
    return Response(OPENAPI_YAML, mimetype="application/yaml")


def install_docs(app: Flask) -> None:
    """Swagger UI from the installed package: no CDN."""
    docs = get_swaggerui_blueprint(
        "/docs", "/openapi.yaml", config={"app_name": "Muggins API"}, blueprint_name="docs"
    )
    app.register_blueprint(docs)
