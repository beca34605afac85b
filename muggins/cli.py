"""``muggins``: the referee on the command line.

    muggins count 5H 5C 5S JD --starter 5D --claimed 28
    muggins hands hands.json
    muggins peg record.json
    muggins peg --live record.json
    muggins deal record.json
    muggins deal --file deal.txt
    muggins game record.json
    muggins advise 2C 3H 4D 5D 5S JS --pone
    muggins advise 2C 3H 4D 5D 5S JS --pone --scores 115,100
    muggins review game.json
    muggins lay 5H 5D 6C 9S --starter JH --plays "pone:5H dealer:TC"
    muggins chances --scores 115,100 --after play
    muggins import game.pgn --format hal
    muggins night scorecards.csv --csv
    muggins scorecards scorecards.csv
    muggins share deal.txt
    muggins link r1.Bz4kjg3tzKzIysLYyuQyKaFQ5bY3RuGhBgykiAA
    muggins names ann "Ann Smith"
    muggins seating Ann Bob Cat Dan Eve --games 9 --seed 7
    muggins season week1.csv week2.csv week3.csv
    muggins archive games/*.txt --out reviewed/
    muggins serve

It answers in-process by default, on the library (no server, no Flask); ``--url`` (or
``MUGGINS_URL``) sends the same requests to a running service through the client, and
the output is the same. Human output by default (plays and deals numbered from 1, and a
board for a deal or a game), ``--json`` for scripts. Both options go before or after
the subcommand.

Each group of commands is a module of its own: ``cli_hands`` (count, hands, advise),
``cli_records`` (peg, deal, game, import), ``cli_review``, ``cli_advice`` (lay,
chances), ``cli_share`` (share, link, names), ``cli_night`` (night, scorecards, seating),
``cli_season`` (season) and ``cli_archive`` (archive: whole archives reviewed on Dask,
on the library, never at ``--url``).

Exit codes: 0 the claims held (no findings); 1 the referee found something; 2 the
input was refused (the problem is printed); 3 the service could not be reached.
"""

from __future__ import annotations

import os
import sys

import click

from muggins.cli_common import RULESETS, VARIANTS
from muggins.cli_context import JSON_HELP, URL_HELP, Context, RefereeGroup

__all__ = ["COMMANDS", "RULESETS", "VARIANTS", "main"]

COMMANDS = {
    "count": "muggins.cli_hands:count",
    "hands": "muggins.cli_hands:hands",
    "advise": "muggins.cli_hands:advise",
    "peg": "muggins.cli_records:peg",
    "deal": "muggins.cli_records:deal",
    "game": "muggins.cli_records:game",
    "import": "muggins.cli_records:import_game",
    "review": "muggins.cli_review:review",
    "lay": "muggins.cli_advice:lay",
    "chances": "muggins.cli_advice:chances",
    "share": "muggins.cli_share:share",
    "link": "muggins.cli_share:link",
    "names": "muggins.cli_share:names",
    "night": "muggins.cli_night:night",
    "scorecards": "muggins.cli_night:scorecards",
    "seating": "muggins.cli_night:seating",
    "season": "muggins.cli_season:season",
    "archive": "muggins.cli_archive:archive",
}
"""Each command and where it is written, imported only when it is run (or listed by
``--help``): ``muggins count`` loads the counting, not the advice, the records or the
club."""


@click.group(cls=RefereeGroup, lazy=COMMANDS,
             context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--url", envvar="MUGGINS_URL", default=None, help=URL_HELP)
@click.option("--json", "as_json", is_flag=True, help=JSON_HELP)
@click.version_option(package_name="muggins")
@click.pass_context
def main(ctx: click.Context, url: str | None, as_json: bool) -> None:
    """Muggins, the cribbage referee."""
    ctx.obj = Context(url, as_json)


@click.command()
@click.option("--bind", default=None, help="Address to listen on (default: gunicorn.conf.py).")
@click.option("--workers", type=int, default=None, help="Worker processes.")
def serve(bind: str | None, workers: int | None) -> None:
    """Start the service under gunicorn with the production settings."""
    from pathlib import Path

    import service

    config = Path(service.__file__).resolve().parent.parent / "gunicorn.conf.py"
    args = [sys.executable, "-m", "gunicorn", "service:create_app()"]
    if config.exists():
        args[3:3] = ["--config", str(config)]
    if bind:
        args[3:3] = ["--bind", bind]
    if workers:
        args[3:3] = ["--workers", str(workers)]
    os.execv(sys.executable, args)


main.add_command(serve)


if __name__ == "__main__":
    main()
