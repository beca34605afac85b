"""What every validation message is made of: its stable code (:class:`Coded`) and the
bad value as it quotes it (:func:`quote`). Both the error layer (service/errors.py) and
the fields (service/fields.py) use them, so that neither imports the other for them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["QUOTED", "Coded", "quote"]

QUOTED = 40
"""Characters of a bad string quoted in a message; longer ones are cut short."""


class Coded(str):
    """A validation message that carries a stable, kebab-case code."""

    code: str

    def __new__(cls, code: str, text: str) -> Coded:
        message = super().__new__(cls, text)
        message.code = code
        return message


def quote(value: Any) -> str:
    """The bad value as a message shows it: a string quoted (cut short, a lone
    surrogate escaped, as ``repr`` does), a number or a constant as written, a list or an
    object by its kind (never the whole of it: it may be huge)."""
    if isinstance(value, str):
        return repr(value) if len(value) <= QUOTED else repr(value[:QUOTED - 1]) + "…"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, Mapping):
        return "an object"
    if value is None or isinstance(value, (bool, int, float)):
        return repr(value)
    return type(value).__name__
