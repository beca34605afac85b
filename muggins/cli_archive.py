"""``muggins archive``: every game of an archive reviewed on Dask, as JSON Lines, and a
per-player table as CSV and Parquet (docs/archive.md). It runs on the library, never at
``--url``: the workers review the games themselves."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from muggins.cli_context import REFUSED

__all__ = ["archive"]


@click.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--out", "out", required=True, type=click.Path(file_okay=False),
              help="The output folder (made if need be; the same folder resumes a run).")
@click.option("--workers", type=click.IntRange(1, 256), default=2,
              help="Worker processes of the local cluster.")
@click.option("--scheduler", default=None,
              help="A Dask scheduler's address (tcp://host:8786) instead of a local cluster; "
              "its workers have muggins installed.")
@click.option("--quiet", is_flag=True, help="No progress bar.")
def archive(files: tuple[str, ...], out: str, workers: int, scheduler: str | None,
            quiet: bool) -> None:
    """Review every game in FILES (notation, .json, .jsonl, .hal, .pgn; .gz read through)
    into OUT: reviews.jsonl, players.csv, players.parquet and unreadable.csv."""
    from muggins.archive import ArchiveError, review_archive

    try:
        summary = review_archive(files, Path(out), workers=workers, scheduler=scheduler,
                                 progress=not quiet)
    except ArchiveError as error:
        click.echo(f"refused: {error}", err=True)
        sys.exit(REFUSED)
    resumed = (f"; {summary.resumed} of {summary.chunks} chunks done by an earlier run"
               if summary.resumed else "")
    click.echo(f"{summary.reviewed} games reviewed, {summary.unreadable} unreadable "
               f"(listed in {Path(out) / 'unreadable.csv'}){resumed}")
    sys.exit(1 if summary.unreadable else 0)
