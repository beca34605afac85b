"""Reading a JSON request body strictly.

Flask's ``get_json`` accepts NaN and Infinity, silently keeps the last of
duplicate keys, and lets a deeply nested document escape as a RecursionError.
A referee must not guess what a client meant, so each of those is a 400.

JSON may also escape half of a UTF-16 pair (``"\\ud800"``): Python reads it as a lone
surrogate, which is no text at all and cannot be written back out. A name or key
holding one is a 422 pointing at it, here, before any schema sees it.
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterator
from itertools import accumulate
from typing import Any

from flask import current_app, request
from werkzeug.exceptions import BadRequest, RequestEntityTooLarge, UnsupportedMediaType

from service.errors import InvalidRequest, json_pointer

__all__ = ["document_of", "lone_surrogates", "plain_body", "read_json"]


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise ValueError(f"duplicate key {key!r}")
        result[key] = value
    return result


# Only a body with such an escape can hold a surrogate: UTF-8 cannot encode one.
_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")


def _lone_surrogates(document: Any) -> Iterator[dict[str, str]]:
    """A problem for every key and string holding a lone surrogate (iteratively:
    documents may be as deep as the JSON reader allows)."""
    stack: list[tuple[tuple[str | int, ...], Any]] = [((), document)]
    while stack:
        path, value = stack.pop()
        items: Any = ()
        if isinstance(value, dict):
            items = value.items()
        elif isinstance(value, list):
            items = enumerate(value)
        elif isinstance(value, str) and not _is_text(value):
            yield {"pointer": json_pointer(path), "code": "invalid-text",
                   "detail": f"{ascii(value)[:80]} holds a lone surrogate: not text"}
        for key, item in items:
            if isinstance(key, str) and not _is_text(key):
                # The pointer itself must be text: the surrogate shows as U+FFFD.
                yield {"pointer": json_pointer((*path, _printable(key))), "code": "invalid-text",
                       "detail": f"the key {ascii(key)[:80]} holds a lone surrogate"}
            stack.append(((*path, key), item))


def _is_text(value: str) -> bool:
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _printable(value: str) -> str:
    return "".join("\ufffd" if "\ud800" <= char <= "\udfff" else char for char in value)


def lone_surrogates(data: bytes, document: Any) -> list[dict[str, str]]:
    """A problem for every key and string of ``document`` (read from ``data``) that holds
    a lone surrogate."""
    return list(_lone_surrogates(document)) if _SURROGATE_ESCAPE.search(data) else []


MAX_DEPTH = 512
"""The deepest nesting read (a game's event is 4 levels down; deeper junk in a field is
a 422 of that field). Fixed below the interpreter's recursion limit, so the answer does
not hang on that limit, which other code in the process may have raised."""
# A JSON string, unrolled (no alternation per character): brackets inside one are text.
_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
_NOT_MARKS = bytes(b for b in range(256) if b not in b'[]{}"')
_STEP = {ord("["): 1, ord("{"): 1, ord("]"): -1, ord("}"): -1}


def _outside_strings(data: bytes) -> bytes:
    """The brackets of ``data`` that are not in a string, in order (a quote that is never
    closed opens no string). Each step is done in C: a batch's body has thousands of
    strings, and a match or a token apiece cost milliseconds."""
    if b"\\" in data:  # an escape may hide a quote: strings read one by one
        return _STRING.sub(b"", data).translate(None, _NOT_BRACKETS)
    # Without escapes, quotes pair up in order; a last one left over opens no string,
    # and what follows it is outside. Two adjacent quotes in a pair or between two
    # (an empty string, or nothing between strings) go without moving any bracket in
    # or out.
    marks = data.translate(None, _NOT_MARKS)
    tail = b""
    if marks.count(b'"') % 2:
        marks, _, tail = marks.rpartition(b'"')
    marks = marks.replace(b'""', b"")
    if b'"' not in marks:  # no bracket in any string: the usual body
        return marks + tail
    return b"".join(marks.split(b'"')[0::2]) + tail


def _too_deep(data: bytes) -> bool:
    if data.count(b"[") + data.count(b"{") <= MAX_DEPTH:
        return False  # the common case: too few brackets to be too deep
    # Too deep where the brackets opened, less those closed, ever pass the limit.
    steps = map(_STEP.__getitem__, _outside_strings(data))
    return max(accumulate(steps), default=0) > MAX_DEPTH


_DECODER = json.JSONDecoder(object_pairs_hook=_no_duplicate_keys,
                            parse_constant=_reject_constant)


def document_of(data: bytes) -> Any:
    """The JSON document ``data`` holds, read strictly; a 400 when it holds none."""
    if _too_deep(data):
        raise BadRequest("unreadable JSON: nested too deeply")
    try:
        # As json.loads reads bytes, with the one decoder built once.
        return _DECODER.decode(data.decode(json.detect_encoding(data), "surrogatepass"))
    except RecursionError:
        raise BadRequest("unreadable JSON: nested too deeply") from None
    except ValueError as error:
        raise BadRequest(f"unreadable JSON: {error}") from None


def plain_body(environ: dict[str, Any], limit: int | None) -> bytes | None:
    """A request's body when nothing about reading it can go wrong: sent as
    ``application/json`` with a length within ``limit``, and not chunked. The body is
    put back, so that the app can read it again. Otherwise None, and nothing read."""
    length = environ.get("CONTENT_LENGTH", "")
    if (environ.get("CONTENT_TYPE") != "application/json"
            # int() refuses "²", and a string of over 4,300 digits
            or not (length.isascii() and length.isdigit() and len(length) <= 18)
            or "HTTP_TRANSFER_ENCODING" in environ
            or (limit is not None and int(length) > limit)):
        return None
    try:
        data: bytes = environ["wsgi.input"].read(int(length))
    except Exception:  # the client went away: the app finds the body cut short
        data = b""
    environ["wsgi.input"] = io.BytesIO(data)
    return data if len(data) == int(length) and not _SURROGATE_ESCAPE.search(data) else None


def read_json(*, text_checked: bool = True) -> Any:
    """The request's JSON document; with ``text_checked`` (the default), a 422 for every
    lone surrogate in it. A batch checks them itself, item by item
    (:func:`lone_surrogates`)."""
    if not request.is_json:
        raise UnsupportedMediaType("send the request body as application/json")
    data = request.get_data(cache=True)  # 413 past MAX_CONTENT_LENGTH
    limit = current_app.config["MAX_CONTENT_LENGTH"]
    # A chunked body has no length to check first: Werkzeug stops reading at the limit
    # and would hand over the first MiB as if it were all. Anything after it is a 413.
    if (request.content_length is None and limit is not None and len(data) >= limit
            and request.environ["wsgi.input"].read(1)):
        raise RequestEntityTooLarge()
    document = document_of(data)
    if text_checked and _SURROGATE_ESCAPE.search(data):
        problems = InvalidRequest(_lone_surrogates(document))
        if problems.errors:
            raise problems
    return document
