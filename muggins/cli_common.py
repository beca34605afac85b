"""What the ``muggins`` commands share: the choices of the common options, a request
body from the options given, the findings printed, and lists typed on the command
line."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

import click

from muggins.cli_context import REFUSED
from rules import Ruleset, Variant

__all__ = ["RULESETS", "VARIANTS", "findings_of", "given", "names",
           "no_findings", "print_findings", "scores_of"]

VARIANTS = click.Choice([variant.value for variant in Variant])
RULESETS = click.Choice([ruleset.value for ruleset in Ruleset])


def given(**fields: Any) -> dict[str, Any]:
    """A request's fields, those not given (None) left out, as the API's defaults."""
    return {name: value for name, value in fields.items() if value is not None}


def findings_of(answer: Any) -> list[Any]:
    return list(answer.get("findings", []))


def no_findings(_: Any) -> list[Any]:
    return []


def print_findings(findings: Sequence[dict[str, Any]], *, numbered: bool = False) -> None:
    """Each finding on a line; its deal, counted from 1, after its code, or (``numbered``:
    the review, worded as the scorepad words it) first, as "Deal 1: "."""
    for finding in findings:
        rule = f" ({finding['rule']})" if finding.get("rule") else ""
        if numbered:
            deal = f"Deal {finding['deal'] + 1}: " if "deal" in finding else ""
            click.echo(f"  {deal}{finding['message']} [{finding['code']}]{rule}")
            continue
        where = f" [deal {finding['deal'] + 1}]" if "deal" in finding else ""
        click.echo(f"  {finding['code']}{where}: {finding['message']}{rule}")




def names(text: str | None) -> list[str]:
    """A list typed on the command line: split at commas or spaces."""
    return [] if text is None else text.replace(",", " ").split()


def scores_of(text: str, players: Sequence[str], option: str = "--scores") -> dict[str, int]:
    """``115,100``: the scores in the order of the players."""
    try:
        values = [int(n) for n in names(text)]
    except ValueError:
        values = []
    if len(values) != len(players):
        click.echo(f"{option}: {len(players)} whole numbers, one for each of "
                   f"{', '.join(players)} in that order, not {text!r}", err=True)
        sys.exit(REFUSED)
    return dict(zip(players, values, strict=True))
