"""Whole archives reviewed on Dask (``muggins archive``, docs/archive.md).

The archive's games (:mod:`muggins.archive_read`) fall into chunks of consecutive
games; each chunk is reviewed on a worker, and the process that asked writes its
answer to ``parts/`` in the output folder, a file a chunk, whole or not at all. The
outputs are then joined from the parts in the archive's order, so they are the same
whatever the number of workers or the order the chunks finished in. A run that is
stopped leaves its finished chunks: the next run with the same files and output folder
reviews only the rest (``manifest.json`` says which files, so another archive's parts
are never mistaken for this one's).
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from muggins.archive_read import Record, Unreadable, read_archive, review_record
from muggins.archive_table import player_table, write_tables
from muggins.cluster import dask_client

__all__ = ["CHUNK", "ArchiveError", "Stopped", "Summary", "review_archive"]

CHUNK = 8
"""Games a task: a few seconds of work, so the bar moves and a stop loses little."""
Item = Record | Unreadable


class ArchiveError(ValueError):
    """An archive that cannot be reviewed at all (empty; an output folder of another)."""


class Stopped(Exception):
    """The run stopped after the chunks it was allowed (the tests' stand-in for Ctrl-C)."""


@dataclass(frozen=True, slots=True)
class Summary:
    games: int
    """Records found, readable or not."""
    reviewed: int
    unreadable: int
    chunks: int
    resumed: int
    """Chunks already done by an earlier run, not reviewed again."""


def _review_chunk(items: list[Item]) -> list[dict[str, Any]]:
    """On a worker: each game's review, or why it cannot be read."""
    rows: list[dict[str, Any]] = []
    for item in items:
        found: Item | dict[str, Any] = item
        if isinstance(item, Record):
            try:
                found = review_record(item)
            except Unreadable as error:
                found = error
        if isinstance(found, Unreadable):
            rows.append({"file": found.file, "line": found.line, "unreadable": found.message})
        else:
            assert isinstance(item, Record) and isinstance(found, dict)
            rows.append({"file": item.file, "line": item.line, "review": found})
    return rows


def _digest(items: Sequence[Item], chunk: int) -> str:
    sha = hashlib.sha256(f"chunk {chunk}\n".encode())
    for item in items:
        if isinstance(item, Record):
            sha.update(json.dumps([item.file, item.line, item.form, item.text]).encode())
        else:
            sha.update(json.dumps([item.file, item.line, item.message]).encode())
    return sha.hexdigest()


def _write(path: Path, text: str) -> None:
    """Whole or not at all: a stop mid-write leaves no part to be trusted."""
    temporary = path.with_name(path.name + ".partial")
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, path)


def _start(out: Path, items: Sequence[Item], chunk: int) -> None:
    manifest = {"chunk": chunk, "games": len(items), "digest": _digest(items, chunk)}
    path = out / "manifest.json"
    if path.exists():
        if json.loads(path.read_text(encoding="utf-8")) != manifest:
            raise ArchiveError(f"{out} holds the output of another archive (or of these files "
                               "changed since): give an empty --out, or the same files")
        return
    (out / "parts").mkdir(parents=True, exist_ok=True)
    _write(path, json.dumps(manifest) + "\n")


def _line(row: dict[str, Any]) -> str:
    return json.dumps(row, ensure_ascii=False) + "\n"


def review_archive(files: Sequence[str], out: Path, *, workers: int = 2,
                   scheduler: str | None = None, chunk: int = CHUNK, progress: bool = True,
                   stop_after: int | None = None) -> Summary:
    """Review every game of ``files`` into ``out`` (the module's docstring)."""
    items = list(read_archive(list(files)))
    if not items:
        raise ArchiveError("the archive holds no games: " + (", ".join(files) or "no files")
                           + " (notation, JSON, HAL or cribbage-zero records)")
    out.mkdir(parents=True, exist_ok=True)
    _start(out, items, chunk)
    chunks = [items[at:at + chunk] for at in range(0, len(items), chunk)]
    parts = [out / "parts" / f"{n:06d}.jsonl" for n in range(len(chunks))]
    todo = [n for n, path in enumerate(parts) if not path.exists()]
    done_before = len(chunks) - len(todo)
    if todo:
        _run(chunks, parts, todo, workers, scheduler, progress, stop_after)
    return _join(out, parts, len(items), len(chunks), done_before)


def _run(chunks: list[list[Item]], parts: list[Path], todo: list[int], workers: int,
         scheduler: str | None, progress: bool, stop_after: int | None) -> None:
    from dask.distributed import as_completed
    from tqdm import tqdm

    done_games = sum(len(chunks[n]) for n in range(len(chunks)) if n not in set(todo))
    bar = tqdm(total=sum(map(len, chunks)), initial=done_games, unit="game",
               disable=not progress, file=sys.stderr, dynamic_ncols=True)
    with dask_client(workers, scheduler) as client:
        try:
            futures = {client.submit(_review_chunk, chunks[n], pure=False): n for n in todo}
            for finished, future in enumerate(as_completed(futures), start=1):
                n = futures[future]
                _write(parts[n], "".join(map(_line, future.result())))
                future.release()
                bar.update(len(chunks[n]))
                if stop_after is not None and finished >= stop_after:
                    raise Stopped(f"stopped after {finished} chunks")
        finally:
            bar.close()


def _join(out: Path, parts: list[Path], games: int, chunks: int, resumed: int) -> Summary:
    reviews: list[dict[str, Any]] = []
    unreadable = io.StringIO()
    writer = csv.writer(unreadable, lineterminator="\n")
    writer.writerow(["file", "line", "problem"])
    bad = 0
    with (out / "reviews.jsonl.partial").open("w", encoding="utf-8") as joined:
        for path in parts:
            for text in path.read_text(encoding="utf-8").splitlines():
                row = json.loads(text)
                if "unreadable" in row:
                    writer.writerow([row["file"], row["line"], row["unreadable"]])
                    bad += 1
                else:
                    joined.write(text + "\n")
                    reviews.append(row["review"])
    os.replace(out / "reviews.jsonl.partial", out / "reviews.jsonl")
    _write(out / "unreadable.csv", unreadable.getvalue())
    write_tables(player_table(reviews), out)
    return Summary(games, len(reviews), bad, chunks, resumed)
