"""``muggins peg``, ``deal``, ``game`` and ``import``: records of the table refereed,
read as JSON (the API's bodies) or in notation (docs/notation.md), or from another
program's format."""

from __future__ import annotations

import json
import sys
from typing import Any

import click

from muggins.board import board
from muggins.cli_common import RULESETS, findings_of, print_findings
from muggins.cli_context import FOUND, HELD, REFUSED, Context, pass_context
from rules import RecordError, Ruleset
from rules.notation import NotationError, compare, read_hal, read_zero

__all__ = ["FILE", "body_of", "deal", "game", "import_game", "peg", "read_text", "show_play"]


def read_record_file(source: str) -> dict[str, Any]:
    record = read_json_file(source)
    if not isinstance(record, dict):
        click.echo(f"{source}: a record is a JSON object", err=True)
        sys.exit(REFUSED)
    return record


def read_json_file(source: str) -> Any:
    """The JSON a file (- for stdin) holds; a file that holds none is refused."""
    try:
        if source == "-":
            text = sys.stdin.read()
        else:
            with open(source, encoding="utf-8") as file:
                text = file.read()
        record = json.loads(text)
    except (OSError, ValueError) as error:
        click.echo(f"cannot read {source}: {error}", err=True)
        sys.exit(REFUSED)
    return record


def read_text(source: str) -> str:
    try:
        if source == "-":
            return sys.stdin.read()
        with open(source, encoding="utf-8") as file:
            return file.read()
    except (OSError, ValueError) as error:
        click.echo(f"cannot read {source}: {error}", err=True)
        sys.exit(REFUSED)


FILE = click.option("--file", "-f", "notation", type=click.Path(allow_dash=True),
                    help="The record in notation (docs/notation.md) instead; - for stdin.")


def body_of(record: str | None, notation: str | None, live: bool = False) -> dict[str, Any]:
    """The request: a JSON record, or a record in notation sent as such."""
    if (record is None) == (notation is None):
        click.echo("give the record as JSON (RECORD) or in notation (--file), one of them",
                   err=True)
        sys.exit(REFUSED)
    if notation is None:
        assert record is not None
        return _live(read_record_file(record), live)
    if live:
        click.echo("--live: a record in notation says 'in progress' itself", err=True)
        sys.exit(REFUSED)
    return {"notation": read_text(notation)}


def show_play(r: dict[str, Any]) -> None:
    for play in r["plays"]:
        # The gos the referee read into the record, where they were (not events: unnumbered).
        for name in play.get("inferred_go", ()):
            click.echo(f"     {name:<8} go        (inferred)")
        what = "go" if play.get("go") else play["card"]
        mark = "" if play.get("legal", True) else "  (taken back)"
        scores = ", ".join(f"{s['kind']} {s['points']}" for s in play["scores"])
        click.echo(f"  {play['index'] + 1:>2} {play['player']:<8} {what:<3} {play['count']:>3}  "
                   f"{play['points']:>2} {scores}{mark}")
    click.echo("totals: " + ", ".join(f"{p} {n}" for p, n in r["totals"].items()))
    if "award" in r:
        click.echo("pegged after rulings: " + ", ".join(f"{p} {n}" for p, n in r["award"].items()))
    print_findings(r["findings"])


def show_next(r: dict[str, Any]) -> None:
    coming = r.get("next")
    if coming is None:
        return
    phase, player = coming["phase"], coming["player"]
    if phase == "play":
        line = f"next: {player} to play on {coming['count']}"
        if coming.get("go"):
            line += ", must say go"
        elif "legal" in coming:
            line += ", may lay " + " ".join(coming["legal"])
    elif phase == "show":
        line = f"next: the show, {player} to count"
    elif phase == "cut":
        line = f"next: the cut, by {player}"
    else:
        line = {"discard": "next: the discards", "over": "next: nothing, the deal is over"}[phase]
    click.echo(line)


def _live(body: dict[str, Any], live: bool) -> dict[str, Any]:
    return {**body, "in_progress": True} if live else body


LIVE = click.option("--live", is_flag=True,
                    help="The record stops part-way: say what comes next (in_progress).")


@click.command()
@click.argument("record", type=click.Path(allow_dash=True), required=False)
@FILE
@LIVE
@pass_context
def peg(obj: Context, record: str | None, notation: str | None, live: bool) -> None:
    """Referee a recorded play (JSON, as /v1/pegging/check takes it, or a play in
    notation with --file; - for stdin).

    With --live the play is still going on: nothing that only its end decides is
    awarded, and the answer says whose turn it is and which cards they may lay."""
    body = body_of(record, notation, live)

    def show(r: dict[str, Any]) -> None:
        show_play(r)
        show_next(r)

    obj.run(lambda c: c.request("POST", "/v1/pegging/check", body), show, findings_of)


@click.command()
@click.argument("record", type=click.Path(allow_dash=True), required=False)
@FILE
@LIVE
@pass_context
def deal(obj: Context, record: str | None, notation: str | None, live: bool) -> None:
    """Referee a whole deal (JSON, as /v1/deals/check takes it, or a deal in notation
    with --file; - for stdin); with --live a deal still in progress, and what comes
    next."""
    body = body_of(record, notation, live)

    def show(r: dict[str, Any]) -> None:
        if r["misdeal"]:
            click.echo("misdeal")
        if r["play"] is not None:
            click.echo("the play:")
            show_play({**r["play"], "findings": []})
        for name, hand in r["show"].items():
            click.echo(f"{name}: {hand['total']}{_ruling(hand)}  ({hand['call']})")
        click.echo("scores: " + ", ".join(f"{p} {n}" for p, n in r["scores_after"].items()))
        if r["winner"]:
            click.echo(f"{r['winner']} wins during the {r['won_during']}")
        show_next(r)
        for line in board(r["scores_after"], r["scores_before"], r["target"]):
            click.echo(line)
        print_findings(r["findings"])

    obj.ask("/v1/deals/check", body, show, findings_of)


def _ruling(hand: dict[str, Any]) -> str:
    """The claim and its verdict; a claim echoed without one was made after the game was
    won, and is not ruled (as the scorepad marks it)."""
    if hand.get("claimed") is None:
        return ""
    verdict = hand.get("verdict") or "not ruled, the game was already won"
    return f", claimed {hand['claimed']}: {verdict}"


@click.command()
@click.argument("record", type=click.Path(allow_dash=True), required=False)
@FILE
@pass_context
def game(obj: Context, record: str | None, notation: str | None) -> None:
    """Referee a whole game (JSON, as /v1/games/check takes it, or a game in notation
    with --file; - for stdin). A game joined part-way says the scores it was joined at
    (scores_before, or scores: in notation); the first deal sent is deal 1."""
    body = body_of(record, notation)

    def show(r: dict[str, Any]) -> None:
        start = r["deals"][0]["scores_before"]
        if any(start.values()):  # joined part-way (or the five-card game's three for last)
            click.echo("  from:    " + ", ".join(f"{p} {n}" for p, n in start.items()))
        for d in r["deals"]:
            scores = ", ".join(f"{p} {n}" for p, n in d["scores_after"].items())
            click.echo(f"  deal {d['deal'] + 1:>2} (dealer {d['dealer']}): {scores}")
        if r["winner"]:
            click.echo(f"{r['winner']} wins ({r['margin']})")
        else:
            click.echo("no winner yet")
        for line in board(r["scores"], r["deals"][-1]["scores_before"], r["target"]):
            click.echo(line)
        print_findings(r["findings"])

    obj.run(lambda c: c.request("POST", "/v1/games/check", body), show, findings_of)


_READERS = {"hal": read_hal, "cribbage-zero": read_zero}


@click.command(name="import")
@click.argument("source", type=click.Path(allow_dash=True))
@click.option("--format", "form", type=click.Choice(sorted(_READERS)), required=True,
              help="HAL's PGN for cribbage, or cribbage-zero's PGN.")
@click.option("--ruleset", type=RULESETS)
@click.option("--muggins", "muggins_on", is_flag=True, default=None,
              help="Muggins is on (HAL's 'Muggins Game: Y' says so itself).")
def import_game(source: str, form: str, ruleset: Any, muggins_on: bool | None) -> None:
    """Read a game in another format, referee it, and set each number or mark the file
    states beside the referee's ruling (docs/notation.md#other-formats). Prints the game
    in Muggins' notation. Runs in-process, whatever --url says.

    Exit codes: 0 every mark agrees, 1 one does not, 2 the file was refused."""
    text = read_text(source)
    ctx = click.get_current_context().find_object(Context)
    try:
        imported = _READERS[form](text)
        check, comparisons = compare(imported, ruleset=Ruleset(ruleset or "acc"),
                                     muggins=muggins_on)
    except (NotationError, RecordError) as error:
        click.echo(f"refused: {error}", err=True)
        sys.exit(REFUSED)
    rows: list[dict[str, Any]] = [
        {"deal": c.mark.deal, "kind": c.mark.kind.value, "player": c.mark.player,
         "index": c.mark.index, "stated": c.mark.stated, "ruled": c.ruled,
         "agrees": c.agrees, "line": c.mark.line, "column": c.mark.column}
        for c in comparisons]
    if ctx is not None and ctx.as_json:
        click.echo(json.dumps({"notation": str(imported.game), "comparisons": rows,
                               "scores": check.scores, "winner": check.winner,
                               "findings": [f.to_dict() for f in check.findings]},
                              ensure_ascii=False, indent=2))
    else:
        click.echo(str(imported.game))
        for row in rows:
            play = "" if row["index"] is None else f" play {row['index'] + 1}"
            verdict = "agrees" if row["agrees"] else "DIFFERS"
            ruled = "nothing" if row["ruled"] is None else row["ruled"]
            click.echo(f"deal {row['deal'] + 1}{play} ({row['player']}), line {row['line']}: "
                       f"{row['kind']} {row['stated']} in the file, {ruled} ruled: {verdict}")
        click.echo("scores: " + ", ".join(f"{p} {n}" for p, n in check.scores.items()))
    sys.exit(HELD if all(c.agrees for c in comparisons) else FOUND)


