"""Reading a JSON request body strictly.

Flask's ``get_json`` accepts NaN and Infinity, silently keeps the last of
duplicate keys, and lets a deeply nested document escape as a RecursionError.
A referee must not guess what a client meant, so each of those is a 400.
"""

from __future__ import annotations

import json
from typing import Any

from flask import request
from werkzeug.exceptions import BadRequest, UnsupportedMediaType

__all__ = ["read_json"]


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise ValueError(f"duplicate key {key!r}")
        result[key] = value
    return result


def read_json() -> Any:
    if not request.is_json:
        raise UnsupportedMediaType("send the request body as application/json")
    data = request.get_data(cache=True)  # 413 past MAX_CONTENT_LENGTH
    try:
        return json.loads(data, object_pairs_hook=_no_duplicate_keys,
                          parse_constant=_reject_constant)
    except RecursionError:
        raise BadRequest("unreadable JSON: nested too deeply") from None
    except ValueError as error:
        raise BadRequest(f"unreadable JSON: {error}") from None
