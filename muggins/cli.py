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
chances), ``cli_share`` (share, link), ``cli_night`` (night, scorecards, seating),
``cli_season`` (season) and ``cli_archive`` (archive: whole archives reviewed on Dask,
on the library, never at ``--url``).

Exit codes: 0 the claims held (no findings); 1 the referee found something; 2 the
input was refused (the problem is printed); 3 the service could not be reached.
"""

from __future__ import annotations

import os
import sys

import click

from muggins.cli_advice import chances, lay
from muggins.cli_archive import archive
from muggins.cli_common import DEAL_PARTS, RULESETS, VARIANTS
from muggins.cli_context import JSON_HELP, URL_HELP, Context, RefereeGroup
from muggins.cli_hands import advise, count, hands
from muggins.cli_night import night, scorecards, seating
from muggins.cli_records import deal, game, import_game, peg
from muggins.cli_review import review
from muggins.cli_season import season
from muggins.cli_share import link, share

__all__ = ["DEAL_PARTS", "RULESETS", "VARIANTS", "main"]


@click.group(cls=RefereeGroup, context_settings={"help_option_names": ["-h", "--help"]})
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




for command in (count, hands, peg, deal, game, advise, review, import_game, lay, chances,
                share, link, serve, night, scorecards, seating, season, archive):
    main.add_command(command)


if __name__ == "__main__":
    main()
