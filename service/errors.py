"""The one error layer: every error leaves as RFC 9457 problem+json.

Werkzeug's own exceptions build the response (so headers such as ``Allow`` on a
405 survive); we only swap the body for a problem document. Validation errors
carry ``errors: [{pointer, detail, code}]`` pointing at the offending field.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from flask import Flask, g
from marshmallow import ValidationError
from rfc9457 import Problem
from werkzeug.exceptions import HTTPException, InternalServerError, UnprocessableEntity
from werkzeug.wrappers import Response as WerkzeugResponse

from rules import RecordError, json_pointer

__all__ = [
    "MAX_ERRORS",
    "PROBLEM_JSON",
    "Coded",
    "InvalidRequest",
    "install",
    "json_pointer",
    "pointer_errors",
    "problem_body",
    "record_errors",
]

PROBLEM_JSON = "application/problem+json"
VALIDATION_TYPE = "tag:muggins.cribbage,2026:invalid-request"
log = logging.getLogger("muggins.errors")

MAX_ERRORS = 50
"""Problems listed in one answer; ``errors_omitted`` counts the rest. A hostile body can
hold a hundred thousand bad keys: its answer must not be a hundred thousand problems."""


class Coded(str):
    """A validation message that carries a stable, kebab-case code."""

    code: str

    def __new__(cls, code: str, text: str) -> Coded:
        message = super().__new__(cls, text)
        message.code = code
        return message


class InvalidRequest(UnprocessableEntity):
    """Well-formed JSON that fails validation: 422 with a list of pointed errors."""

    def __init__(self, errors: Iterable[dict[str, Any]], limit: int = MAX_ERRORS) -> None:
        self.errors: list[dict[str, Any]] = []
        count = 0
        for error in errors:
            count += 1
            if count <= limit:
                self.errors.append(error)
        self.omitted = count - len(self.errors)
        super().__init__(f"the request has {count} invalid field{'s' if count != 1 else ''}")


# Marshmallow's own messages, mapped to our codes by their opening words.
_BUILTIN_CODES = (
    ("Unknown field", "unknown-field"),
    ("Missing data for required field", "required"),
    ("Field may not be null", "null"),
    ("Not a valid", "wrong-type"),
    ("Invalid input type", "wrong-type"),
    ("Must be one of", "unknown-value"),
    ("Must be greater", "out-of-range"),
    ("Must be less", "out-of-range"),
    ("Length must be", "wrong-size"),
    ("Shorter than", "wrong-size"),
    ("Longer than", "wrong-size"),
)


def _code(message: str) -> str:
    if isinstance(message, Coded):
        return message.code
    for opening, code in _BUILTIN_CODES:
        if message.startswith(opening):
            return code
    return "invalid"


def _walk(messages: Any, path: tuple[str | int, ...]) -> Iterator[dict[str, str]]:
    if isinstance(messages, Mapping):
        for key, value in messages.items():
            if key == "_schema":
                yield from _walk(value, path)
            elif key == "value" and path and isinstance(value, (list, Mapping)):
                # marshmallow's Dict field nests value errors under "value"
                yield from _walk(value, path)
            elif key == "key":
                yield from _walk(value, path)
            else:
                yield from _walk(value, (*path, key))
    elif isinstance(messages, list):
        for message in messages:
            yield from _walk(message, path)
    else:
        text = str(messages)
        yield {"pointer": json_pointer(path), "detail": text,
               "code": _code(messages)}


def pointer_errors(error: ValidationError) -> Iterator[dict[str, str]]:
    """Flatten marshmallow's nested messages into JSON-pointer errors, one at a time."""
    return _walk(error.messages, ())


def record_errors(error: RecordError) -> list[dict[str, str]]:
    """The library's problems with a record, as pointed errors: the paths are the
    request's own, since the service hands the record over field for field."""
    return [{"pointer": p.pointer, "detail": p.message, "code": p.code.value}
            for p in error.problems]


def problem_body(error: HTTPException) -> dict[str, Any]:
    extras: dict[str, Any] = {}
    type_ = "about:blank"
    if isinstance(error, InvalidRequest):
        extras["errors"] = error.errors
        if error.omitted:
            extras["errors_omitted"] = error.omitted
        type_ = VALIDATION_TYPE
    problem = Problem(
        title=error.name,
        type_=type_,
        status=error.code or 500,
        detail=error.description or None,
        **extras,
    )
    return problem.marshal()


def _problem_response(error: HTTPException) -> WerkzeugResponse:
    response = error.get_response()
    response.set_data(json.dumps(problem_body(error)))
    response.content_type = PROBLEM_JSON
    return response


def _located(errors: Iterable[dict[str, Any]]) -> Iterable[dict[str, Any]]:
    """A record sent in notation has its errors pointed into the text
    (service/v1/notation.py sets how, for the request)."""
    relocate = g.get("relocate_errors")
    return errors if relocate is None else relocate(errors)


def install(app: Flask) -> None:
    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> WerkzeugResponse:
        return _problem_response(error)

    @app.errorhandler(ValidationError)
    def validation_error(error: ValidationError) -> WerkzeugResponse:
        return _problem_response(InvalidRequest(_located(pointer_errors(error))))

    @app.errorhandler(RecordError)
    def record_error(error: RecordError) -> WerkzeugResponse:
        # A record the rules cannot referee: the same 422 as a schema's, every problem listed.
        return _problem_response(InvalidRequest(_located(record_errors(error))))

    @app.errorhandler(Exception)
    def unexpected(error: Exception) -> WerkzeugResponse:
        # Never leak internals: the log has the traceback, the client a plain 500.
        log.exception("unhandled error")
        return _problem_response(InternalServerError("the referee could not answer this request"))
