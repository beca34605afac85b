"""The one error layer: every error leaves as RFC 9457 problem+json.

Werkzeug's own exceptions build the response (so headers such as ``Allow`` on a
405 survive); we only swap the body for a problem document. Validation errors
carry ``errors: [{pointer, detail, code}]`` pointing at the offending field.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Iterable, Iterator, Mapping
from itertools import chain
from typing import Any, Protocol

from flask import Flask, current_app, g, request
from marshmallow import ValidationError
from rfc9457 import Problem
from werkzeug.exceptions import (
    HTTPException,
    InternalServerError,
    NotFound,
    RequestEntityTooLarge,
    UnprocessableEntity,
)
from werkzeug.wrappers import Response as WerkzeugResponse

from rules import Problem as RecordProblem
from rules import RecordError
from rules.answers import seats_named
from service.messages import Coded, quote

__all__ = [
    "MAX_ERRORS",
    "PROBLEM_JSON",
    "Coded",
    "InvalidRequest",
    "install",
    "json_pointer",
    "load_request",
    "merge_problems",
    "pointer_errors",
    "problem_body",
    "problem_errors",
    "record_errors",
]

PROBLEM_JSON = "application/problem+json"
VALIDATION_TYPE = "tag:muggins.cribbage,2026:invalid-request"
log = logging.getLogger("muggins.errors")

MAX_ERRORS = 50
"""Problems listed in one answer; ``errors_omitted`` counts the rest. A hostile body can
hold a hundred thousand bad keys: its answer must not be a hundred thousand problems."""


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


def _code(message: str) -> str:
    # Every field in service/fields.py codes its problems from the error_messages key it
    # raises under; a message without a code is a problem no field foresaw.
    return message.code if isinstance(message, Coded) else "invalid"


def _in_body_order(messages: Mapping[Any, Any], body: Any) -> list[tuple[Any, Any]]:
    """marshmallow lists a schema's unknown keys in a set's order, which changes from
    process to process; the same request must get the same answer, so they follow the
    body's order (the others keep the schema's)."""
    items = list(messages.items())
    unknown = [item for item in items if _is_unknown_field(item[1])]
    if len(unknown) < 2 or not isinstance(body, Mapping):
        return items
    order = {key: i for i, key in enumerate(body)}
    unknown.sort(key=lambda item: order.get(item[0], len(order)))
    ranked = iter(unknown)
    return [next(ranked) if _is_unknown_field(value) else (key, value)
            for key, value in items]


def _under(body: Any, key: Any) -> Any:
    if isinstance(body, Mapping):
        return body.get(key)
    if isinstance(body, list) and isinstance(key, int) and 0 <= key < len(body):
        return body[key]
    return None


def _walk(messages: Any, path: tuple[str | int, ...], body: Any = None
          ) -> Iterator[dict[str, str]]:
    if isinstance(messages, Mapping):
        for key, value in _in_body_order(messages, body):
            if key == "_schema":
                yield from _walk(value, path, body)
            elif key == "value" and path and isinstance(value, (list, Mapping)):
                # marshmallow's Dict field nests value errors under "value"
                yield from _walk(value, path, body)
            elif key == "key":
                yield from _walk(value, path, body)
            elif _is_unknown_field(value):
                # The schema's message cannot name the key: the walker, which has it, does.
                yield {"pointer": json_pointer((*path, key)),
                       "detail": f"{quote(key)} is not a field here", "code": "unknown-field"}
            else:
                yield from _walk(value, (*path, key), _under(body, key))
    elif isinstance(messages, list):
        for message in messages:
            yield from _walk(message, path, body)
    else:
        text = str(messages)
        yield {"pointer": json_pointer(path), "detail": text,
               "code": _code(messages)}


def _is_unknown_field(messages: Any) -> bool:
    return (isinstance(messages, list) and len(messages) == 1
            and isinstance(messages[0], Coded) and messages[0].code == "unknown-field")


def json_pointer(path: Iterable[str | int]) -> str:
    """A path into a record (the library's, in the record's own terms, or the schema's)
    as a JSON pointer (RFC 6901) in a URI fragment, ``#/plays/3/player``: ``~`` and
    ``/`` in a key escaped as ``~0`` and ``~1``. The service hands the library a record
    field for field, so the record's path is the request's."""
    tokens = [str(token).replace("~", "~0").replace("/", "~1") for token in path]
    return "#/" + "/".join(tokens) if tokens else "#"


def pointer_errors(error: ValidationError) -> Iterator[dict[str, str]]:
    """Flatten marshmallow's nested messages into JSON-pointer errors, one at a time."""
    return _walk(error.messages, (), error.data)


def record_errors(error: RecordError) -> list[dict[str, str]]:
    """The library's problems with a record, as pointed errors."""
    return problem_errors(error.problems)


def problem_errors(problems: Iterable[RecordProblem]) -> list[dict[str, str]]:
    """The library's problems as pointed errors, each path a JSON pointer
    (:func:`json_pointer`); where the record says the thing at fault twice, the detail
    points at the other place too."""
    return list(_pointed(problems))


def _pointed(problems: Iterable[RecordProblem]) -> Iterator[dict[str, str]]:
    for p in problems:
        yield {"pointer": json_pointer(p.path),
               "detail": p.message if p.also is None
               else f"{p.message} (also at {json_pointer(p.also)})",
               "code": p.code.value}


def _overlap(a: str, b: str) -> bool:
    """One pointer is the other, or lies inside it (``#/hand`` and ``#/hand/2``)."""
    return a == b or a.startswith(b + "/") or b.startswith(a + "/") or "#" in (a, b)


def merge_problems(*layers: Iterable[dict[str, str]]) -> list[dict[str, str]]:
    """Every layer's problems (the schema's, the notation's, the library's) as one list,
    in layer order. A later layer's problem at a pointer an earlier one refused, or
    inside or around it, is left out: that field was refused already, and what a later
    layer says of it can only be a guess."""
    merged: list[dict[str, str]] = []
    for layer in layers:
        before = [problem["pointer"] for problem in merged]
        merged.extend(problem for problem in layer
                      if not any(_overlap(problem["pointer"], seen) for seen in before))
    return merged


class _Loads(Protocol):
    def load(self, data: Any) -> Any: ...


class Refused:
    """What a schema refused, asked of its nested messages (never flattened: a hostile
    body has a hundred thousand of them, and its answer lists 50)."""

    def __init__(self, messages: Any) -> None:
        self.messages = messages

    def __call__(self, *path: str | int) -> bool:
        """Whether anything at ``path``, inside it or around it was refused."""
        node = self.messages
        for step in path:
            if not isinstance(node, Mapping) or "_schema" in node:
                return True  # refused at a field around the path, or as a whole
            node = node.get(step, node.get(str(step)) if isinstance(step, int) else
                            node.get(int(step)) if step.isdigit() else None)
            if node is None:
                return False
        return True

    def whole(self, *path: str | int) -> bool:
        """Whether the field at ``path`` was refused as a whole (its type, its size), not
        only something inside it."""
        node = self.messages
        for step in path:
            if not isinstance(node, Mapping) or "_schema" in node:
                return True
            node = node.get(step)
            if node is None:
                return False
        return not isinstance(node, Mapping) or "_schema" in node



Checks = Callable[[Mapping[str, Any], Mapping[str, Any], Refused], Iterable[RecordProblem]]
"""The library's checks on what the schema could read: the fields it loaded (its
``valid_data``), the raw body, and what it refused; each check skips what needs a
refused field. Its problems are the library's, at paths into the record, which the
service hands over field for field: :func:`load_request` points at them."""


def load_request(schema: _Loads, body: Any, checks: Checks | None = None, *,
                 limit: int = MAX_ERRORS) -> dict[str, Any]:
    """The body loaded by ``schema``, or a 422 with every problem at once: the schema's,
    then those the library finds in what the schema could read, less any at a field
    the schema refused (as :func:`merge_problems` does, without listing them all)."""
    try:
        return schema.load(body)  # type: ignore[no-any-return]
    except ValidationError as error:
        more: Iterable[dict[str, str]] = ()
        if (checks is not None and isinstance(error.valid_data, Mapping)
                and isinstance(body, Mapping)):
            refused = Refused(error.messages)
            more = _pointed(problem for problem in checks(error.valid_data, body, refused)
                            if not refused(*problem.path))
        # A record sent in notation has them pointed into its text (:func:`_located`).
        raise InvalidRequest(_located(chain(pointer_errors(error), more)),
                             limit=limit) from None


def _too_large(limit: int) -> str:
    mib = f" ({limit // 2**20} MiB)" if limit % 2**20 == 0 else ""
    return (f"the body is over the limit of {limit} bytes{mib}: send less, or split it "
            "(a batch into several)")


def _printable(path: str) -> str:
    """A path as the detail quotes it: cut short (a 4 KiB URL is not repeated back)."""
    return path if len(path) <= 200 else path[:199] + "…"


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
    (service/v1/notation.py sets how, for the request); a name that is no seat where
    the request sends no ``players`` says that they are the way to name it."""
    relocate = g.get("relocate_errors")
    errors = errors if relocate is None else relocate(errors)
    return seats_named(errors) if g.get("players_left_out") else errors


def install(app: Flask) -> None:
    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> WerkzeugResponse:
        if isinstance(error, NotFound):  # Werkzeug's text speaks of typing URLs by hand
            error = NotFound(f"no such resource: {request.method} {_printable(request.path)} "
                             "(see /openapi.yaml)")
        if isinstance(error, RequestEntityTooLarge):  # Werkzeug's text gives no limit
            error = RequestEntityTooLarge(_too_large(current_app.config["MAX_CONTENT_LENGTH"]))
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
