"""An archive's files split into games, each with its file and line, and one game
reviewed as ``/v1/games/review`` answers it (docs/archive.md).

A file's form is told by its name (a ``.gz`` is read through gzip first):

* ``.jsonl``: a game a line, each as ``/v1/games/review`` takes it;
* ``.json``: one such game, or a list of them;
* ``.hal``: HAL's PGN, ``.pgn`` or ``.zero``: cribbage-zero's, a game a file;
* anything else: the notation (docs/notation.md), a game starting at each table line
  (``six-card to 121: ann bob``), comments and blank lines between them ignored.
"""

from __future__ import annotations

import gzip
import json
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from muggins.local_records import answer_record
from rules import RecordError, Variant, check_game
from rules.answers import game_body, options_body
from rules.deal import deal_from_json, game_table_from_json
from rules.notation import Game, NotationError, read_hal, read_zero

__all__ = ["Record", "Unreadable", "read_archive", "review_record"]

_TABLE_LINE = re.compile(
    r"\s*(?:" + "|".join(re.escape(variant.value) for variant in Variant) + r")\b")


@dataclass(frozen=True, slots=True)
class Record:
    """One game as the archive holds it: where it starts, its form, and its text."""

    file: str
    line: int
    form: str
    """``json``, ``hal``, ``zero`` or ``notation``."""
    text: str


class Unreadable(ValueError):
    """A record that cannot be reviewed: where, and why."""

    def __init__(self, file: str, line: int, message: str) -> None:
        super().__init__(f"{file}:{line}: {message}")
        self.file, self.line, self.message = file, line, message


def _text(path: Path) -> str:
    data = path.read_bytes()
    if path.suffix == ".gz":
        data = gzip.decompress(data)
    return data.decode("utf-8-sig")


def _form(path: Path) -> str:
    suffixes = [s for s in path.suffixes if s != ".gz"]
    last = suffixes[-1] if suffixes else ""
    return {".jsonl": "jsonl", ".json": "json", ".hal": "hal", ".pgn": "zero",
            ".zero": "zero"}.get(last, "notation")


def read_archive(files: list[str]) -> Iterator[Record | Unreadable]:
    """Every game of every file, in the order given (a file that cannot be read at all
    is one :class:`Unreadable` at its line 1)."""
    for name in files:
        path = Path(name)
        try:
            text = _text(path)
        except (OSError, UnicodeDecodeError, EOFError) as error:
            yield Unreadable(name, 1, f"cannot be read: {error}")
            continue
        form = _form(path)
        if form == "jsonl":
            for number, line in enumerate(text.splitlines(), start=1):
                if line.strip():
                    yield Record(name, number, "json", line)
        elif form == "json":
            yield from _json_file(name, text)
        elif form in ("hal", "zero"):
            if text.strip():
                yield Record(name, 1, form, text)
        else:
            yield from _notation_file(name, text)


def _json_file(name: str, text: str) -> Iterator[Record | Unreadable]:
    try:
        value = json.loads(text)
    except ValueError as error:
        yield Unreadable(name, getattr(error, "lineno", 1), f"not JSON: {error}")
        return
    # One game, or a list of them: each written back as one line of JSON.
    for game in value if isinstance(value, list) else [value]:
        yield Record(name, 1, "json", json.dumps(game, ensure_ascii=False))


def _notation_file(name: str, text: str) -> Iterator[Record]:
    start, lines = 0, list[str]()
    for number, line in enumerate(text.splitlines(), start=1):
        if _TABLE_LINE.match(line) and any(s.split("#", 1)[0].strip() for s in lines):
            yield Record(name, start, "notation", "\n".join(lines) + "\n")
            lines = []
        if not lines:
            start = number
        lines.append(line)
    if any(s.split("#", 1)[0].strip() for s in lines):
        yield Record(name, start, "notation", "\n".join(lines) + "\n")


def _body(record: Record) -> dict[str, Any]:
    """The record as ``/v1/games/review`` takes it."""
    if record.form == "json":
        try:
            body = json.loads(record.text)
        except ValueError as error:
            raise Unreadable(record.file, record.line, f"not JSON: {error}") from None
        if not isinstance(body, Mapping):
            raise Unreadable(record.file, record.line, "a game is a JSON object")
        return dict(body)
    try:
        if record.form == "hal":
            game = read_hal(record.text).game
        elif record.form == "zero":
            game = read_zero(record.text).game
        else:
            game = Game.parse(record.text)
    except NotationError as error:
        where = f"column {error.column}: {error.reason}"
        raise Unreadable(record.file, record.line + error.line - 1,
                         where + (f" at {error.token!r}" if error.token else "")) from None
    except (RecordError, ValueError) as error:
        raise Unreadable(record.file, record.line, str(error)) from None
    fields, options = game_body(game)
    return {**options_body(options), **fields}


def review_record(record: Record) -> dict[str, Any]:
    """The game's review, as ``/v1/games/review`` answers it (the CLI's own library path:
    :func:`muggins.local_records.answer_record`), or :class:`Unreadable`."""
    body = _body(record)
    answer = answer_record("/v1/games/review", body)
    if answer is None:
        raise Unreadable(record.file, record.line, _why(body))
    return answer


def _why(body: dict[str, Any]) -> str:
    """Why the library would not review a game: its problems, where it says them."""
    try:
        table = game_table_from_json(body)
        check_game(table, [deal_from_json(deal) for deal in body.get("deals", [])])
    except (RecordError, ValueError, TypeError, KeyError, AttributeError) as error:
        return f"not a game the referee can review: {error}"
    return "not a game the referee can review: a field is missing, unknown or malformed"
