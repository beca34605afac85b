"""Problems with a record sent in notation, pointed into its text: the service and the
command line (which answers without it) both say where the text wrote the thing at
fault, the same way."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from rules.notation import Where

__all__ = ["NOTATION", "relocated"]

NOTATION = "#/notation"
"""Where every problem with a record in notation points: its line and column say the rest."""


def relocated(errors: Iterable[dict[str, Any]], where: Where,
              said: set[str]) -> Iterator[dict[str, Any]]:
    """Errors about the fields the notation ``said``, pointed at where the text says
    each thing (the nearest part written); errors about other fields unchanged."""
    for error in errors:
        pointer = error.get("pointer", "")
        path = _path(pointer)
        if not path or path[0] not in said:
            yield error
            continue
        while path and path not in where:
            path = path[:-1]
        line, column = where.get(path, where.get(("players",), (1, 1)))
        yield {**error, "pointer": NOTATION, "line": line, "column": column,
               "detail": f"line {line}, column {column}: {error['detail']} "
                         f"({pointer.removeprefix('#')} in the record)"}


def _path(pointer: str) -> tuple[str | int, ...] | None:
    if not pointer.startswith("#"):
        return None
    parts = [p.replace("~1", "/").replace("~0", "~")
             for p in pointer.removeprefix("#").removeprefix("/").split("/") if p]
    return tuple(int(p) if p.isdigit() else p for p in parts)
