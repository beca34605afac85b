"""Writing JSON answers with orjson: the same documents as Flask's encoder, several
times faster (a 1000-hand batch answer is over a megabyte).

Only the writer. Requests are still read by :mod:`service.body` with the standard
library, whose hooks refuse duplicate keys, NaN and Infinity; orjson keeps the last
of duplicate keys, so it must not read.
"""

from __future__ import annotations

from typing import Any

import orjson
from flask import Flask
from flask.json.provider import DefaultJSONProvider
from werkzeug.sansio.response import Response

__all__ = ["ANSWER_OPTIONS", "FastJSONProvider"]

# Flask's own encoder decides what dates, dataclasses and anything else unusual become,
# so the documents stay what they were; keys that are not strings become strings, as
# the standard library does.
_OPTIONS = orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS | \
    orjson.OPT_NON_STR_KEYS

ANSWER_OPTIONS = _OPTIONS | orjson.OPT_APPEND_NEWLINE
"""An answer's body: what :meth:`FastJSONProvider.response` writes."""


class FastJSONProvider(DefaultJSONProvider):
    """Flask's JSON provider, answering through orjson: keys in the order given, UTF-8
    as is, compact, a newline at the end (as Flask does)."""

    def __init__(self, app: Flask) -> None:
        super().__init__(app)
        self.sort_keys = False
        self.ensure_ascii = False

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        if not kwargs:  # else a caller asks for options of the standard library's encoder
            try:
                return orjson.dumps(obj, default=self.default, option=_OPTIONS).decode()
            except TypeError:  # what orjson cannot write (integers past 64 bits)
                pass
        return super().dumps(obj, **kwargs)

    def response(self, *args: Any, **kwargs: Any) -> Response:
        obj = self._prepare_response_obj(args, kwargs)
        try:
            data = orjson.dumps(obj, default=self.default, option=ANSWER_OPTIONS)
        except TypeError:  # what orjson cannot write: the standard library, as Flask does
            return super().response(obj)
        return self._app.response_class(data, mimetype=self.mimetype)  # type: ignore[arg-type]
