"""How a name (a player's, a side's) is written in every text form of the library.

A name is written bare when it looks like a word (``ann``, ``o'neil``, ``p2``), and in
double quotes otherwise (``"Ann Smith"``, ``"ann&cy"``), with ``\\"`` and ``\\\\`` the only
escapes. Every parser reads names with :func:`read_name`, so that one rule holds for
the table, the record notation and whatever comes next.
"""

from __future__ import annotations

import re

__all__ = ["BARE_NAME", "InvalidNameError", "quote_name", "read_name"]

BARE_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.'+-]*")
"""A name that needs no quotes. ``&``, ``=``, ``:``, ``;`` and spaces are left out: the
text forms use them between names."""

_QUOTE = '"'
_ESCAPE = "\\"


class InvalidNameError(ValueError):
    """A name badly written: nothing name-like at ``pos``, or a quote never closed."""

    def __init__(self, text: str, pos: int, why: str) -> None:
        self.text = text
        self.pos = pos
        self.why = why
        shown = text[pos:pos + 20]
        super().__init__(f"{why} at column {pos + 1}: {shown!r}" if shown
                         else f"{why} at column {pos + 1}, the end of the text")


def quote_name(name: str) -> str:
    """``name`` as the text forms write it: bare if it can be, else quoted."""
    if BARE_NAME.fullmatch(name):
        return name
    escaped = name.replace(_ESCAPE, _ESCAPE * 2).replace(_QUOTE, _ESCAPE + _QUOTE)
    return f"{_QUOTE}{escaped}{_QUOTE}"


def read_name(text: str, pos: int) -> tuple[str, int]:
    """The name that starts at ``pos`` in ``text`` (no spaces skipped) and the position
    just after it. Raises :class:`InvalidNameError` where no name starts there."""
    if text.startswith(_QUOTE, pos):
        out: list[str] = []
        i = pos + 1
        while i < len(text):
            char = text[i]
            if char == _QUOTE:
                return "".join(out), i + 1
            if char == _ESCAPE:
                if i + 1 >= len(text) or text[i + 1] not in (_QUOTE, _ESCAPE):
                    raise InvalidNameError(text, i, 'a quoted name escapes only \\" and \\\\')
                char = text[i + 1]
                i += 1
            out.append(char)
            i += 1
        raise InvalidNameError(text, pos, "a quoted name is never closed")
    found = BARE_NAME.match(text, pos)
    if found is None:
        raise InvalidNameError(text, pos, "expected a name")
    return found.group(), found.end()
