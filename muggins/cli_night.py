"""``muggins night`` and ``muggins seating``: a club night from its CSV scorecards, and
a night's seating (docs/rules.md#club-nights)."""

from __future__ import annotations

import io
import sys
from collections.abc import Sequence
from typing import Any

import click

from muggins.cli_common import given, no_findings
from muggins.cli_context import REFUSED, Context, pass_context
from rules.answers import cards_answer
from rules.club import CsvError, Scorecard, read_cards, standing_row, standings_table

__all__ = ["night", "scorecards", "seating"]


def cards_body(cards: list[Scorecard]) -> list[dict[str, Any]]:
    """The cards as ``/v1/tournaments/check`` takes them (as ``/v1/tournaments/read``
    answers them)."""
    return list(cards_answer(cards)["cards"])


def standings_text(answer: dict[str, Any]) -> str:
    """The standings as a spreadsheet takes them (the library's columns and cells)."""
    return standings_table(
        standing_row(s["rank"], s["player"], s["game_points"], s["wins"], s["losses"],
                     s["spread"], s["plus"], s["head_to_head"], s["tiebreak"],
                     s["qualified"], s["playoff"])
        for s in answer["standings"])


@click.command()
@click.argument("scorecards", type=click.File("r", encoding="utf-8-sig"))
@click.option("--csv", "as_csv", is_flag=True, help="Print the standings as CSV.")
@click.option("--event", type=click.Choice(["club", "sanctioned"]), default=None)
@click.option("--convention", type=click.Choice(["acc", "pegs-behind"]), default=None)
@click.option("--tournament", type=click.Choice(["main", "consolation"]), default=None,
              help="With --event sanctioned: the main tournament or its consolation, for "
                   "the master points.")
@click.option("--variant", default=None, help="The variant (its target bounds the spread).")
@click.option("--target", type=int, default=None,
              help="The game's target, where not the variant's: the spread is 1 to it.")
@pass_context
def night(obj: Context, scorecards: io.TextIOWrapper, as_csv: bool, event: str | None,
          convention: str | None, tournament: str | None, variant: str | None,
          target: int | None) -> None:
    """Cross-check a night's scorecards (CSV: player, round, opponent, result, spread,
    game_points; - for stdin) and print the standings."""
    name = getattr(scorecards, "name", "<stdin>")
    try:
        cards = read_cards(scorecards.read())
    except CsvError as error:
        for problem in error.problems:
            line, column = problem.path
            click.echo(f"{name}:{line}: {column}: {problem.message}", err=True)
        sys.exit(REFUSED)

    def show(r: dict[str, Any]) -> None:
        if as_csv:
            click.echo(standings_text(r), nl=False)
            return
        for s in r["standings"]:
            mark = "Q" if s["qualified"] else "P" if s["playoff"] else " "
            why = f"  ({s['tiebreak_words']})" if s.get("tiebreak_words") else ""
            click.echo(f"{mark} {s['rank']:>3}. {s['player']:<20} {s['game_points']:>3} gp "
                       f"{s['wins']:>2} won {s['spread']:>+5}{why}")
        click.echo(f"{r['places']} qualify: {', '.join(r['qualifiers']) or '(playoff)'}")
        if r["playoff"]:
            click.echo(f"playoff for the last places: {', '.join(r['playoff'])}")
        if r.get("bracket"):
            click.echo(f"bracket of {r['bracket']['size']}, byes for seeds "
                       f"{r['bracket']['byes'] or 'none'}")
        if r.get("master_points"):
            master = r["master_points"]
            click.echo("master points: " + ", ".join(
                f"{player} {points}" for player, points in master["awarded"].items())
                + f" ({', '.join(master['from_tables'])})")
        for f in r["findings"]:
            where = _game_of(cards, f)
            click.echo(f"  {where}: {f['code']}: {f['message']}"
                       + (f" [{f['rule']}]" if f.get("rule") else ""), err=as_csv)

    body = {"cards": cards_body(cards),
            **given(convention=convention, event=event, tournament=tournament,
                    variant=variant, target=target)}
    obj.ask("/v1/tournaments/check", body, show,
            lambda r: [f for f in r["findings"] if f["code"] != "no-harm-no-foul"])


def _game_of(cards: Sequence[Scorecard], finding: dict[str, Any]) -> str:
    """Where a finding is, in the card's terms: "Dan, round 3", or without rounds "Dan's
    game 2" (the second line of Dan's card, which is not the CSV file's second line)."""
    player, index = finding["player"], finding.get("index")
    if index is None:
        return str(player)
    rounds = [line.round for card in cards if card.player == player for line in card.lines]
    played = rounds[index] if index < len(rounds) else None
    return f"{player}, round {played}" if played else f"{player}'s game {index + 1}"


@click.command()
@click.argument("players", nargs=-1, required=True)
@click.option("--games", type=int, required=True, help="Games in the night.")
@click.option("--seed", type=int, default=None, help="The same seed, the same seats.")
@pass_context
def seating(obj: Context, players: tuple[str, ...], games: int, seed: int | None) -> None:
    """Seat a night: a round robin with byes, printed as table cards."""
    obj.ask("/v1/tournaments/seating", {"players": list(players), "games": games,
                                         **given(seed=seed)},
            lambda r: click.echo(r["table_cards"]), no_findings)


@click.command()
@click.argument("source", type=click.File("r", encoding="utf-8-sig"))
@pass_context
def scorecards(obj: Context, source: io.TextIOWrapper) -> None:
    """Read a night's CSV file (as night reads it; - for stdin) into its scorecards, as
    /v1/tournaments/check takes them. Nothing is cross-checked."""

    def show(r: dict[str, Any]) -> None:
        for card in r["cards"]:
            click.echo(f"{card['player']}:")
            for line in card["games"]:
                if line.get("bye"):
                    click.echo(f"  round {line['round']}: bye")
                    continue
                when = f"round {line['round']}: " if line.get("round") else ""
                spread = f" by {line['spread']}" if line.get("spread") is not None else ""
                click.echo(f"  {when}{line['result']} against {line['opponent']}{spread}")

    obj.ask("/v1/tournaments/read", {"csv": source.read()}, show, no_findings)
