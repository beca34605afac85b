"""``muggins season``: a club season's players rated from their nights' CSV scorecards
(docs/ratings.md)."""

from __future__ import annotations

import csv
import io
import sys
from typing import Any

import click

from muggins.cli_common import given, no_findings
from muggins.cli_context import REFUSED, Context, pass_context
from muggins.cli_night import cards_body
from rules.club import CsvError, read_cards

__all__ = ["RATING_COLUMNS", "ratings_csv", "season"]

RATING_COLUMNS = ("night", "rank", "player", "rating", "uncertainty", "low", "games")


def ratings_csv(answer: dict[str, Any], every_night: bool) -> str:
    """The ratings as a spreadsheet takes them: the last night's, or every night's."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(RATING_COLUMNS)
    nights = answer["nights"] if every_night else answer["nights"][-1:]
    for night in nights:
        for r in night["ratings"]:
            writer.writerow([night["night"], r["rank"], r["player"], f"{r['rating']:.6f}",
                             f"{r['uncertainty']:.6f}", f"{r['low']:.6f}", r["games"]])
    return out.getvalue()


def chances_csv(answer: dict[str, Any]) -> str:
    """The chance each player (a row) beats each other (a column), ranked order."""
    players = [r["player"] for r in answer["ratings"]]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["player", *players])
    for a in players:
        writer.writerow([a, *("" if a == b else f"{answer['chances'][a][b]:.4f}"
                              for b in players)])
    return out.getvalue()


@click.command()
@click.argument("nights", nargs=-1, required=True,
                type=click.File("r", encoding="utf-8-sig"))
@click.option("--every-night", is_flag=True, help="Every night's ratings, not the last only.")
@click.option("--chances", "as_chances", is_flag=True,
              help="The chance each player beats each other, as a table.")
@click.option("--convention", type=click.Choice(["acc", "pegs-behind"]), default=None)
@click.option("--variant", default=None, help="The variant (its target bounds the spread).")
@click.option("--target", type=int, default=None,
              help="The game's target, if not the variant's (it bounds the spread).")
@pass_context
def season(obj: Context, nights: tuple[io.TextIOWrapper, ...], every_night: bool,
           as_chances: bool, convention: str | None, variant: str | None,
           target: int | None) -> None:
    """Rate a season's players from its nights' scorecards (one CSV a night, in the order
    they were played, as ``muggins night`` reads them) and print the ratings as CSV."""
    read = []
    refused = False
    for file in nights:
        name = getattr(file, "name", "<stdin>")
        try:
            read.append(cards_body(read_cards(file.read())))
        except CsvError as error:
            refused = True
            for problem in error.problems:
                line, column = problem.path
                click.echo(f"{name}:{line}: {column}: {problem.message}", err=True)
    if refused:
        sys.exit(REFUSED)
    names = [getattr(file, "name", "<stdin>") for file in nights]

    def where(pointer: str) -> str:
        """``#/nights/1/cards/0`` as the file the user named: ``b.csv: cards/0``."""
        parts = pointer.removeprefix("#/").split("/")
        if len(parts) >= 2 and parts[0] == "nights" and parts[1].isdigit():
            rest = "/".join(parts[2:])
            return f"{names[int(parts[1])]}" + (f": {rest}" if rest else "")
        return pointer

    body = {"nights": [{"cards": cards} for cards in read],
            **given(convention=convention, variant=variant, target=target)}
    obj.ask("/v1/tournaments/ratings", body,
            lambda r: click.echo(chances_csv(r) if as_chances else ratings_csv(r, every_night),
                                 nl=False),
            no_findings, where)
