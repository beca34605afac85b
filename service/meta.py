"""Health, readiness, the contract and its interactive docs."""

from __future__ import annotations

import base64
import hashlib
import re
from importlib.resources import files

from flask import Blueprint, Flask, Response, current_app, jsonify, request
from flask_swagger_ui import get_swaggerui_blueprint

from service.observability import metrics_response, readiness
from service.rulebook import RULES_CSP

bp = Blueprint("meta", __name__)

OPENAPI_YAML = files("service").joinpath("openapi.yaml").read_text(encoding="utf-8")


# The installable page (issue 20) adds only its manifest and its service worker, both
# from this origin.
SCOREPAD_CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
    "img-src 'self'; manifest-src 'self'; worker-src 'self'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
# Swagger UI's page configures itself in one inline script (which names the host, so it
# is hashed per answer), and styles its elements inline.
DOCS_CSP = (
    "default-src 'none'; script-src 'self' {hashes}; style-src 'self' 'unsafe-inline'; "
    "connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; "
    "frame-ancestors 'none'"
)
_INLINE_SCRIPT = re.compile(rb"<script>(.*?)</script>", re.DOTALL)


@bp.get("/")
def scorepad() -> Response:
    """The scorepad page

    A page for the table (count a hand, check a pegging record), served under a strict
    Content-Security-Policy.
    ---
    operationId: scorepad
    tags: [operations]
    responses:
      200: { description: An HTML page., content: text/html }
    """
    return current_app.send_static_file("index.html")


def _docs_csp(page: bytes) -> str:
    hashes = " ".join(
        "'sha256-" + base64.b64encode(hashlib.sha256(script).digest()).decode() + "'"
        for script in _INLINE_SCRIPT.findall(page))
    return DOCS_CSP.format(hashes=hashes)


def install_page_policy(app: Flask) -> None:
    """Every HTML answer (the scorepad, its files, the docs) carries a CSP and may not be
    framed (``frame-ancestors``, and ``X-Frame-Options`` for older browsers)."""

    @app.after_request
    def _page_policy(response: Response) -> Response:
        if response.mimetype == "text/html":
            if request.path.startswith("/docs"):
                response.direct_passthrough = False
                policy = _docs_csp(response.get_data())
            elif request.path == "/rules":
                policy = RULES_CSP
            else:
                policy = SCOREPAD_CSP
            response.headers["Content-Security-Policy"] = policy
            response.headers["X-Frame-Options"] = "DENY"
        return response


@bp.get("/healthz")
def healthz() -> Response:
    """Liveness

    ---
    operationId: health
    tags: [operations]
    responses:
      200: { description: The process is up., schema: Status }
    """
    return jsonify({"status": "ok"})


@bp.get("/readyz")
def readyz() -> Response | tuple[Response, int]:
    """Readiness

    ---
    operationId: ready
    tags: [operations]
    responses:
      200: { description: Ready for traffic., schema: Status }
      503: { description: Shutting down., schema: Status }
    """
    if readiness.shutting_down:
        return jsonify({"status": "shutting down"}), 503
    return jsonify({"status": "ready"})


@bp.get("/metrics")
def metrics() -> Response:
    """Prometheus metrics, summed over every worker

    `muggins_http_requests_total{method,route,status}`,
    `muggins_http_request_duration_seconds{method,route}` (histogram) and
    `muggins_findings_total{code}`.
    ---
    operationId: metrics
    tags: [operations]
    responses:
      200: { description: Prometheus text exposition format., content: text/plain }
    """
    return metrics_response()


@bp.get("/openapi.yaml")
def openapi_yaml() -> Response:
    """This document

    ---
    operationId: contract
    tags: [operations]
    responses:
      200:
        description: The OpenAPI document.
        content: application/yaml
        schema: Contract
    """
    return Response(OPENAPI_YAML, mimetype="application/yaml")


def install_docs(app: Flask) -> None:
    """Swagger UI from the installed package: no CDN."""
    docs = get_swaggerui_blueprint(
        "/docs", "/openapi.yaml", config={"app_name": "Muggins API"}, blueprint_name="docs"
    )
    app.register_blueprint(docs)
