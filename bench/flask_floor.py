"""A Flask app with one route answering a constant, and nothing else: no hooks, no
metrics, no schema. bench/serving.py serves it beside the floor to show what Flask
itself costs a request under gunicorn, with the access log off and on.
"""

from __future__ import annotations

from flask import Flask, Response, jsonify

app = Flask(__name__)


@app.get("/")
def constant() -> Response:
    return jsonify({"status": "ok"})
