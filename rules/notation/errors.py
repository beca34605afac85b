"""The notation's one error: a record that is badly written (not one that breaks a rule:
that is the referee's :class:`rules.core.errors.RecordError`)."""

from __future__ import annotations

__all__ = ["NotationError"]


class NotationError(ValueError):
    """Text that cannot be read as a record. Names the token (quoted), its line and its
    column, both counted from 1."""

    def __init__(self, message: str, token: str, line: int, column: int) -> None:
        self.reason = message
        self.token = token
        self.line = line
        self.column = column
        where = f"line {line}, column {column}"
        super().__init__(f"{where}: {message}" + (f" at {token!r}" if token else ""))
