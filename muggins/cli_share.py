"""``muggins share`` and ``muggins link``: a deal or a game written as its share link,
and the record a share link holds (docs/notation.md#share-links); ``muggins names``:
names as the notation writes them."""

from __future__ import annotations

from typing import Any

import click

from muggins.cli_common import RULESETS, given, no_findings
from muggins.cli_context import Context, pass_context
from muggins.cli_records import read_text

__all__ = ["link", "names", "share"]


def _show(r: dict[str, Any]) -> None:
    click.echo(r["notation"], nl=False)
    click.echo(f"link: #{r['link']}" if r["link"] is not None else f"no link: {r['no_link']}")


@click.command()
@click.argument("record", type=click.Path(allow_dash=True))
@click.option("--ruleset", type=RULESETS, help="Unless the record says its own.")
@click.option("--muggins", "muggins_on", is_flag=True, default=None,
              help="Muggins is on, unless the record says otherwise.")
@pass_context
def share(obj: Context, record: str, ruleset: Any, muggins_on: bool | None) -> None:
    """Write a deal or a game in notation (- for stdin) as its share link: the record's
    canonical text, then the link's fragment. Nothing is refereed."""
    body = {"notation": read_text(record), **given(ruleset=ruleset, muggins=muggins_on)}
    obj.ask("/v1/notation/write", body, _show, no_findings)


@click.command()
@click.argument("fragment")
@pass_context
def link(obj: Context, fragment: str) -> None:
    """Read a share link: the deal or game its fragment (r1.…, with or without the #)
    holds, in notation."""
    obj.ask("/v1/notation/read", {"link": fragment}, _show, no_findings)


@click.command()
@click.argument("players", nargs=-1, required=True)
@pass_context
def names(obj: Context, players: tuple[str, ...]) -> None:
    """Write each name as the notation writes it: bare, or quoted where it must be
    (docs/notation.md#names)."""
    obj.ask("/v1/notation/names", {"names": list(players)},
            lambda r: click.echo("".join(f"{n['notation']}\n" for n in r["names"]), nl=False),
            no_findings)
