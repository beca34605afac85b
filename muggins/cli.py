"""``muggins``: the referee on the command line.

    muggins count 5H 5C 5S JD --starter 5D --claimed 28
    muggins peg record.json
    muggins peg --live record.json
    muggins deal record.json
    muggins deal --file deal.txt
    muggins game record.json
    muggins advise 2C 3H 4D 5D 5S JS --pone
    muggins review game.json
    muggins lay 5H 5D 6C 9S --starter JH --plays "pone:5H dealer:TC"
    muggins chances --scores 115,100 --after play
    muggins import game.pgn --format hal
    muggins night scorecards.csv --csv
    muggins seating Ann Bob Cat Dan Eve --games 9 --seed 7
    muggins serve

It answers in-process by default (no server needed); ``--url`` (or ``MUGGINS_URL``)
sends the same requests to a running service. Human output by default (plays and deals
numbered from 1, and a board for a deal or a game), ``--json`` for scripts. Both options
go before or after the subcommand.

Exit codes: 0 the claims held (no findings); 1 the referee found something; 2 the
input was refused (the problem is printed); 3 the service could not be reached.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Sequence
from typing import Any, get_args

import click

from muggins.board import board
from muggins.cli_context import (
    FOUND,
    HELD,
    JSON_HELP,
    REFUSED,
    URL_HELP,
    Context,
    RefereeGroup,
    pass_context,
)
from muggins.cli_night import night, seating
from muggins.types import DealPart
from rules import RecordError, Ruleset, Variant
from rules.notation import Game, NotationError, compare, read_hal, read_record, read_zero

__all__ = ["main"]

VARIANTS = click.Choice([variant.value for variant in Variant])
RULESETS = click.Choice([ruleset.value for ruleset in Ruleset])
DEAL_PARTS = click.Choice(list(get_args(DealPart)))


@click.group(cls=RefereeGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--url", envvar="MUGGINS_URL", default=None, help=URL_HELP)
@click.option("--json", "as_json", is_flag=True, help=JSON_HELP)
@click.version_option(package_name="muggins")
@click.pass_context
def main(ctx: click.Context, url: str | None, as_json: bool) -> None:
    """Muggins, the cribbage referee."""
    ctx.obj = Context(url, as_json)


def _findings_of(answer: Any) -> list[Any]:
    return list(answer.get("findings", []))


def _print_findings(findings: Sequence[dict[str, Any]], *, numbered: bool = False) -> None:
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


@main.command()
@click.argument("cards", nargs=-1, required=True)
@click.option("--starter", "-s", required=True, help="The starter card.")
@click.option("--crib", is_flag=True, help="Count as the crib.")
@click.option("--claimed", type=int, help="The count the player claimed.")
@click.option("--variant", type=VARIANTS)
@click.option("--ruleset", type=RULESETS)
@click.option("--muggins", "muggins_on", is_flag=True, default=None, help="Muggins is on.")
@pass_context
def count(obj: Context, cards: tuple[str, ...], starter: str, crib: bool,
          claimed: int | None, variant: Any, ruleset: Any, muggins_on: bool | None) -> None:
    """Count a hand (or crib) and rule on a claimed count."""

    def show(r: dict[str, Any]) -> None:
        what = "crib" if r["crib"] else "hand"
        click.echo(f"{' '.join(r['hand'])} with {r['starter']} ({what}): {r['total']}")
        click.echo(f"  {r['call']}")
        for item in r["items"]:
            click.echo(f"  {item['kind']:<7} {' '.join(item['cards']):<16} {item['points']}")
        if "verdict" in r:
            award = r["award"]
            click.echo(f"claimed {r['claimed']}: {r['verdict']} (player pegs {award['player']}, "
                       f"opponent {award['opponent']})")
            _print_findings(r["findings"])

    obj.run(lambda c: c.check_hand(list(cards), starter, crib=crib, claimed=claimed,
                                   variant=variant, ruleset=ruleset, muggins=muggins_on),
            show, _findings_of, _typed)


def _typed(pointer: str) -> str:
    """A refused field of ``count`` as it was typed: the cards counted from 1, as they
    stand on the command line (the pointer's #/hand/3 is the fourth), options by name."""
    field, _, index = pointer.removeprefix("#/").partition("/")
    if field == "hand" and index.isdigit():
        return f"card {int(index) + 1}"
    return f"--{field}" if field and not index else pointer


def _read_record(source: str) -> dict[str, Any]:
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
    if not isinstance(record, dict):
        click.echo(f"{source}: a record is a JSON object", err=True)
        sys.exit(REFUSED)
    return record


def _read_text(source: str) -> str:
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


def _body(record: str | None, notation: str | None, live: bool = False) -> dict[str, Any]:
    """The request: a JSON record, or a record in notation sent as such."""
    if (record is None) == (notation is None):
        click.echo("give the record as JSON (RECORD) or in notation (--file), one of them",
                   err=True)
        sys.exit(REFUSED)
    if notation is None:
        assert record is not None
        return _live(_read_record(record), live)
    if live:
        click.echo("--live: a record in notation says 'in progress' itself", err=True)
        sys.exit(REFUSED)
    return {"notation": _read_text(notation)}


def _show_play(r: dict[str, Any]) -> None:
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
    _print_findings(r["findings"])


def _show_next(r: dict[str, Any]) -> None:
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


@main.command()
@click.argument("record", type=click.Path(allow_dash=True), required=False)
@FILE
@LIVE
@pass_context
def peg(obj: Context, record: str | None, notation: str | None, live: bool) -> None:
    """Referee a recorded play (JSON, as /v1/pegging/check takes it, or a play in
    notation with --file; - for stdin).

    With --live the play is still going on: nothing that only its end decides is
    awarded, and the answer says whose turn it is and which cards they may lay."""
    body = _body(record, notation, live)

    def show(r: dict[str, Any]) -> None:
        _show_play(r)
        _show_next(r)

    obj.run(lambda c: c.request("POST", "/v1/pegging/check", body), show, _findings_of)


@main.command()
@click.argument("record", type=click.Path(allow_dash=True), required=False)
@FILE
@LIVE
@pass_context
def deal(obj: Context, record: str | None, notation: str | None, live: bool) -> None:
    """Referee a whole deal (JSON, as /v1/deals/check takes it, or a deal in notation
    with --file; - for stdin); with --live a deal still in progress, and what comes
    next."""
    body = _body(record, notation, live)

    def show(r: dict[str, Any]) -> None:
        if r["misdeal"]:
            click.echo("misdeal")
        if r["play"] is not None:
            click.echo("the play:")
            _show_play({**r["play"], "findings": []})
        for name, hand in r["show"].items():
            click.echo(f"{name}: {hand['total']}{_ruling(hand)}  ({hand['call']})")
        click.echo("scores: " + ", ".join(f"{p} {n}" for p, n in r["scores_after"].items()))
        if r["winner"]:
            click.echo(f"{r['winner']} wins during the {r['won_during']}")
        _show_next(r)
        for line in board(r["scores_after"], r["scores_before"], r["target"]):
            click.echo(line)
        _print_findings(r["findings"])

    obj.run(lambda c: c.check_deal(body), show, _findings_of)


def _ruling(hand: dict[str, Any]) -> str:
    """The claim and its verdict; a claim echoed without one was made after the game was
    won, and is not ruled (as the scorepad marks it)."""
    if hand.get("claimed") is None:
        return ""
    verdict = hand.get("verdict") or "not ruled, the game was already won"
    return f", claimed {hand['claimed']}: {verdict}"


@main.command()
@click.argument("record", type=click.Path(allow_dash=True), required=False)
@FILE
@pass_context
def game(obj: Context, record: str | None, notation: str | None) -> None:
    """Referee a whole game (JSON, as /v1/games/check takes it, or a game in notation
    with --file; - for stdin). A game joined part-way says the scores it was joined at
    (scores_before, or scores: in notation); the first deal sent is deal 1."""
    body = _body(record, notation)

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
        _print_findings(r["findings"])

    obj.run(lambda c: c.request("POST", "/v1/games/check", body), show, _findings_of)


@main.command()
@click.argument("cards", nargs=-1, required=True)
@click.option("--dealer/--pone", default=None, help="Whose crib it is: one is required.")
@click.option("--variant", type=VARIANTS)
@click.option("--top", type=int, default=5, show_default=True, help="Options to show.")
@pass_context
def advise(obj: Context, cards: tuple[str, ...], dealer: bool | None, variant: Any,
           top: int) -> None:
    """Which cards to throw, by exact expected value."""
    if dealer is None:  # click's own message would name --dealer alone
        raise click.UsageError("Missing option '--dealer' or '--pone': say whose crib it is.")

    def show(r: dict[str, Any]) -> None:
        click.echo(f"{' '.join(r['cards'])} ({'dealer' if r['dealer'] else 'pone'}):")
        click.echo("  keep              throw    hand    crib     net")
        for o in r["options"][:top]:
            click.echo(f"  {' '.join(o['keep']):<17} {' '.join(o['discard']):<7} "
                       f"{o['hand_ev']:>6.2f}  {o['crib_ev']:>6.2f}  {o['net_ev']:>6.2f}")

    obj.run(lambda c: c.advise_discards(list(cards), dealer=dealer, variant=variant), show,
            lambda _: [])


def _show_deal_review(r: dict[str, Any], indent: str = "") -> None:
    for player, d in r["discards"].items():
        threw = f"{indent}{player} threw {' '.join(d['discard'])}: "
        # The chance of the game given up, where a table covers it (docs/chances.md).
        chance = d.get("win_loss")
        if d["rank"] == 1:  # the best (or as good as it): nothing below it to name
            given = (f"; by the chance of winning it gave up {chance:.1%} of the game "
                     f"against {' '.join(d['best_by_win']['discard'])}" if chance else "")
            click.echo(f"{threw}the best of {d['options']} throws{given}")
        else:
            given = "" if chance is None else f" ({chance:.1%} of the game)"
            click.echo(f"{threw}{_ordinal(d['rank'])} best of {d['options']} throws, "
                       f"gave up {d['loss']:.2f} points{given} against "
                       f"{' '.join(d['best']['discard'])}")
    play = r["play"]
    if play is not None:
        laid = []
        for c in play["cards"]:
            cost = "?" if c["loss"] is None else ("" if not c["loss"] else f"-{c['loss']}")
            # The chance of the game it gave up, where a table covers the game.
            chance = f"({c['win_loss']:.1%})" if c.get("win_loss") else ""
            laid.append(f"{c['player']}:{c['card']}{cost}{chance}{'!' if c['game'] else ''}")
        click.echo(f"{indent}play: {' '.join(laid)}")
        if play["reason"]:
            click.echo(f"{indent}  (judged up to play {play['stopped_at'] + 1}: {play['reason']})")
    for c in r["count"]:
        click.echo(f"{indent}{count_sentence(c)}")
    _show_lost(r["lost"], indent)


# What a review's count item counted, as the scorepad says it (service/scorepad/results.js).
_COUNTED = {"heels": "heels (a jack turned as the starter)", "crib": "the crib"}


def count_sentence(c: dict[str, Any]) -> str:
    """A claim the review found points lost on, in the table's words, as the scorepad
    says it: "bob claimed 10 for the hand; it is worth 8. bob pegged 8 and the ruling
    gave the opponent 2: 2 lost."."""
    given = f" and the ruling gave the opponent {c['conceded']}" if c["conceded"] else ""
    return (f"{c['player']} claimed {c['claimed']} for {_COUNTED.get(c['what'], 'the hand')}; "
            f"it is worth {c['true']}. {c['player']} pegged {c['pegged']}{given}: "
            f"{c['loss']} lost.")


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _show_lost(lost: dict[str, Any], indent: str = "") -> None:
    for player, each in lost.items():
        click.echo(f"{indent}{player} lost: discard {each['discard']:.2f}, play {each['play']}, "
                   f"count {each['count']}")


@main.command()
@click.argument("record", type=click.Path(allow_dash=True), required=False)
@FILE
@pass_context
def review(obj: Context, record: str | None, notation: str | None) -> None:
    """Where the points went: review a game (as /v1/games/check takes it) or one deal (as
    /v1/deals/check takes it) against the best discard, play (double-dummy) and count.
    In the play, -n is a card's cost in points, ! that it gave up the game."""

    def show(r: dict[str, Any]) -> None:
        if "deals" in r:
            for d in r["deals"]:
                click.echo(f"Deal {d['deal'] + 1} (dealer {d['dealer']}):")
                _show_deal_review(d, "  ")
            click.echo("over the game:")
            _show_lost(r["lost"], "  ")
            for player, each in (r.get("players") or {}).items():
                click.echo(f"  {player}: error rate {each['error_rate']:.2%} of the game a "
                           f"decision over {each['decisions']} decisions; luck "
                           f"{each['luck']:+.1%}")
        else:
            _show_deal_review(r)
        _print_findings(r["findings"], numbered=True)

    body = _body(record, notation)
    path = "/v1/games/review" if "deals" in body else "/v1/deals/review"
    if "notation" in body:
        try:
            is_game = isinstance(read_record(body["notation"]), Game)
        except ValueError:
            is_game = False  # badly written: the service says where
        path = "/v1/games/review" if is_game else "/v1/deals/review"
    obj.run(lambda c: c.request("POST", path, body), show, _findings_of)


_READERS = {"hal": read_hal, "cribbage-zero": read_zero}


@main.command(name="import")
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
    text = _read_text(source)
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


def _events(text: str) -> list[dict[str, Any]]:
    """``"pone:5H dealer:go"``: the play so far, as the table heard it."""
    events: list[dict[str, Any]] = []
    for token in text.split():
        player, _, what = token.partition(":")
        events.append({"player": player, **({"go": True} if what.lower() == "go"
                                            else {"card": what})})
    return events


@main.command()
@click.argument("cards", nargs=-1, required=True)
@click.option("--starter", "-s", required=True, help="The starter card.")
@click.option("--player", default="pone", show_default=True, help="Who is to lay.")
@click.option("--plays", default="", help='The play so far: "pone:5H dealer:TC pone:go".')
@click.option("--players", help="The seats, comma-separated, dealer last.")
@click.option("--discard", "discards", multiple=True, help="A card the player threw.")
@click.option("--samples", type=int,
              help="How many deals to play (default 200, at most 1000). Where the possible "
                   "deals are no more than this, every possible deal is played and the values "
                   "are exact (the answer says so); otherwise this many are sampled, each "
                   "value with its standard error.")
@click.option("--seed", type=int, help="The sampler's seed (default 0).")
@click.option("--variant", type=VARIANTS)
@click.option("--win", "win_scores", metavar="SCORES",
              help="Play to the board: the scores as the play began (heels included), in "
                   "the order of the players (\"114,119\": the pone's, the dealer's); the "
                   "options are ranked by the chance of winning (two players only).")
@pass_context
def lay(obj: Context, cards: tuple[str, ...], starter: str, player: str, plays: str,
        players: str | None, discards: tuple[str, ...], samples: int | None,
        seed: int | None, variant: Any, win_scores: str | None) -> None:
    """Which card to lay now (CARDS: the hand as the play began), by expected pegging
    difference over the hands the others could hold (perfect-information sampling)."""

    def show(r: dict[str, Any]) -> None:
        exact = r["method"] == "exact"
        how = f"exact, all {r['deals']} possible deals" if exact else f"sampled, {r['deals']} deals"
        click.echo(f"{r['player']} on {r['count']} ({how}):")
        for o in r["options"]:
            error = f"  ± {o['stderr']:.2f}" if o.get("stderr") is not None else ""
            fraction = f"  = {o['exact']}" if o.get("exact") is not None else ""
            win = f"  win {o['win']:.1%}" if o.get("win") is not None else ""
            click.echo(f"  {o.get('card', 'go'):<3} {o['expected']:>+7.3f}{error}{fraction}"
                       f"{win}")
        if not exact:
            click.echo(f"not exact (--samples {r['samples']}): --samples 1000, the most, plays "
                       "every possible deal, exactly, where there are no more than that")

    seats = None if players is None else [p.strip() for p in players.split(",")]
    scores = None if win_scores is None else _scores(win_scores, seats or ["pone", "dealer"],
                                                       "--win")
    obj.run(lambda c: c.advise_play(player, list(cards), starter, _events(plays),
                                    discards=list(discards) or None, players=seats,
                                    samples=samples, seed=seed, variant=variant,
                                    objective=None if scores is None else "win",
                                    scores=scores),
            show, lambda _: [])


def _names(text: str | None) -> list[str]:
    """A list typed on the command line: split at commas or spaces."""
    return [] if text is None else text.replace(",", " ").split()


def _scores(text: str, players: Sequence[str], option: str = "--scores") -> dict[str, int]:
    """``115,100``: the scores in the order of the players."""
    try:
        values = [int(n) for n in _names(text)]
    except ValueError:
        values = []
    if len(values) != len(players):
        click.echo(f"{option}: {len(players)} whole numbers, one for each of "
                   f"{', '.join(players)} in that order, not {text!r}", err=True)
        sys.exit(REFUSED)
    return dict(zip(players, values, strict=True))


def _seen(player: str, dealt: str | None, kept: str | None, discard: str | None,
          starter: str | None) -> dict[str, Any] | None:
    if dealt is None and kept is None and discard is None and starter is None:
        return None
    seen: dict[str, Any] = {"player": player}
    for key, cards in (("cards", dealt), ("kept", kept), ("discard", discard)):
        if cards is not None:
            seen[key] = _names(cards)
    if starter is not None:
        seen["starter"] = starter
    return seen


def _percent(p: float) -> str:
    return f"{100 * p:.2f}%"


def _seen_where(pointer: str) -> str:
    """A refused field of ``chances`` as it was typed: its option, a card by its place."""
    options = {"seen/cards": "--seen-cards", "seen/kept": "--kept", "seen/discard": "--discard",
               "seen/starter": "--starter", "seen/player": "--seen-player", "seen": "--seen-*"}
    field = pointer.removeprefix("#/")
    for key, option in options.items():
        if field == key:
            return option
        if field.startswith(key + "/") and field[len(key) + 1:].isdigit():
            return f"{option} card {int(field[len(key) + 1:]) + 1}"
    if field.startswith("scores/"):
        return f"--scores ({field.removeprefix('scores/')})"
    return f"--{field}" if field and "/" not in field else pointer


@main.command()
@click.option("--scores", required=True,
              help="The scores, comma-separated, in the order of --players: 115,100.")
@click.option("--players", help="The two players, comma-separated (default: pone,dealer).")
@click.option("--dealer", help="Who deals (default: the last of --players).")
@click.option("--after", type=DEAL_PARTS,
              help="The part of the deal already pegged (the scores include it).")
@click.option("--seen-cards", "dealt",
              help='The six cards a player was dealt: "5H 5C 5S JD 2C 3C".')
@click.option("--kept", help="The hand a player kept, after the discard.")
@click.option("--discard", help="With --kept: the cards laid away.")
@click.option("--starter", help="With --kept: the starter, once cut.")
@click.option("--seen-player", help="Whose cards these are (default: the first of --players).")
@click.option("--variant", type=VARIANTS)
@pass_context
def chances(obj: Context, scores: str, players: str | None, dealer: str | None,
            after: Any, dealt: str | None, kept: str | None, discard: str | None,
            starter: str | None, seen_player: str | None, variant: Any) -> None:
    """Each player's chance of winning from the scores: before the deal, after a part of
    it, or with the cards one player sees (two players: the six- and five-card games)."""
    seats = _names(players) or ["pone", "dealer"]
    seen = _seen(seen_player or seats[0], dealt, kept, discard, starter)

    def show(r: dict[str, Any]) -> None:
        when = "before the deal" if r["after"] is None else f"after the {r['after']}"
        if r["samples"]:
            when += f", {r['samples']} deals dealt out for the cards seen"
        click.echo(f"{r['variant']} to {r['target']}, {r['dealer']} dealing, {when}:")
        sides = ((r["pone"], f"{r['pone']} (pone)"), (r["dealer"], f"{r['dealer']} (dealer)"))
        width = max(len(label) for _, label in sides)
        for name, label in sides:
            click.echo(f"  {label:<{width}} {r['scores'][name]:>3}: "
                       f"win {_percent(r['win'][name]):>7} ± {_percent(r['interval'])}, "
                       f"skunk {_percent(r['skunk'][name])}, "
                       f"double {_percent(r['double_skunk'][name])}, "
                       f"game points {r['game_points'][name]:.3f}")
        table = r["table"]
        click.echo(f"  (the table of {table['deals']:,} deals, seed {table['seed']}, "
                   f"version {table['version']}; ± is the 95% interval)")

    obj.run(lambda c: c.chances(_scores(scores, seats), players=_names(players) or None,
                                dealer=dealer, after=after, seen=seen, variant=variant),
            show, lambda _: [], _seen_where)


@main.command()
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


main.add_command(night)
main.add_command(seating)


if __name__ == "__main__":
    main()
