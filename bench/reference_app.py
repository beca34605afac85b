"""The production app plus two reference routes, for bench/service.py only.

They put floors under the figures: what a POST costs that does nothing, and one that
only reads and parses its JSON body. Never part of the service itself.
"""

from __future__ import annotations

from flask import Response, jsonify

from service import create_app
from service.body import read_json

app = create_app()


@app.post("/bench/nothing")
def nothing() -> Response:
    return jsonify({"status": "ok"})


@app.post("/bench/read-json")
def read_only() -> Response:
    read_json()
    return jsonify({"status": "ok"})
