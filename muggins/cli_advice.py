"""``muggins lay`` and ``muggins chances``: which card to lay now, and each player's
chance of winning from the scores."""

from __future__ import annotations

from typing import Any, get_args

import click

from muggins.cli_common import (
    RULESETS,
    VARIANTS,
    given,
    names,
    no_findings,
    scores_of,
)
from muggins.cli_context import Context, pass_context
from muggins.cli_hands import MUGGINS
from muggins.cli_records import read_text
from muggins.types import DealPart

__all__ = ["DEAL_PARTS", "chances", "lay"]

DEAL_PARTS = click.Choice(list(get_args(DealPart)))


def _events(text: str) -> list[dict[str, Any]]:
    """``"pone:5H dealer:go"``: the play so far, as the table heard it."""
    events: list[dict[str, Any]] = []
    for token in text.split():
        player, _, what = token.partition(":")
        events.append({"player": player, **({"go": True} if what.lower() == "go"
                                            else {"card": what})})
    return events


@click.command()
@click.argument("cards", nargs=-1, required=True)
@click.option("--starter", "-s", required=True, help="The starter card.")
@click.option("--player", default="pone", show_default=True, help="Who is to lay.")
@click.option("--plays", default="", help='The play so far: "pone:5H dealer:TC pone:go".')
@click.option("--file", "-f", "notation", type=click.Path(allow_dash=True),
              help="The play so far in notation instead (docs/notation.md#a-play, its table "
                   "line naming the seats and the variant); - for stdin.")
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
@click.option("--ruleset", type=RULESETS)
@MUGGINS
@pass_context
def lay(obj: Context, cards: tuple[str, ...], starter: str, player: str, plays: str,
        notation: str | None, players: str | None, discards: tuple[str, ...], samples: int | None,
        seed: int | None, variant: Any, win_scores: str | None, ruleset: Any,
        muggins_on: bool | None) -> None:
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
    scores = None if win_scores is None else scores_of(win_scores, seats or ["pone", "dealer"],
                                                        "--win")
    so_far: dict[str, Any] = ({"plays": _events(plays)} if notation is None
                              else {"notation": read_text(notation)})
    body = {"player": player, "hand": list(cards), "starter": starter, **so_far,
            **given(discards=list(discards) or None, players=seats, samples=samples, seed=seed,
                    objective=None if scores is None else "win", scores=scores,
                    variant=variant, ruleset=ruleset, muggins=muggins_on)}
    obj.ask("/v1/pegging/advise", body, show, no_findings)


def _seen(player: str, dealt: str | None, kept: str | None, discard: str | None,
          starter: str | None) -> dict[str, Any] | None:
    if dealt is None and kept is None and discard is None and starter is None:
        return None
    seen: dict[str, Any] = {"player": player}
    for key, cards in (("cards", dealt), ("kept", kept), ("discard", discard)):
        if cards is not None:
            seen[key] = names(cards)
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



@click.command()
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
@click.option("--ruleset", type=RULESETS)
@MUGGINS
@pass_context
def chances(obj: Context, scores: str, players: str | None, dealer: str | None,
            after: Any, dealt: str | None, kept: str | None, discard: str | None,
            starter: str | None, seen_player: str | None, variant: Any, ruleset: Any,
            muggins_on: bool | None) -> None:
    """Each player's chance of winning from the scores: before the deal, after a part of
    it, or with the cards one player sees (two players: the six- and five-card games)."""
    seats = names(players) or ["pone", "dealer"]
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

    body = {"scores": scores_of(scores, seats),
            **given(players=names(players) or None, dealer=dealer, after=after, seen=seen,
                    variant=variant, ruleset=ruleset, muggins=muggins_on)}
    obj.ask("/v1/chances", body, show, no_findings, _seen_where)
