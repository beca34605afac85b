"""Version 1 of the API: one blueprint, one module per resource."""

from __future__ import annotations

from flask import Blueprint

bp = Blueprint("v1", __name__, url_prefix="/v1")

from service.v1 import deals, discards, games, hands, pegging, rulesets  # noqa: E402,F401  (routes register on import)
