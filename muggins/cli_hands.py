"""``muggins count`` and ``muggins advise``: a hand counted and its claim ruled on, and
which cards to throw from the hand dealt."""

from __future__ import annotations

from typing import Any

import click

from muggins.cli_common import (
    RULESETS,
    VARIANTS,
    findings_of,
    given,
    no_findings,
    print_findings,
    scores_of,
)
from muggins.cli_context import Context, pass_context

__all__ = ["advise", "count", "hands"]

MUGGINS = click.option("--muggins", "muggins_on", is_flag=True, default=None,
                       help="Muggins is on.")


@click.command()
@click.argument("cards", nargs=-1, required=True)
@click.option("--starter", "-s", required=True, help="The starter card.")
@click.option("--crib", is_flag=True, help="Count as the crib.")
@click.option("--claimed", type=int, help="The count the player claimed.")
@click.option("--variant", type=VARIANTS)
@click.option("--ruleset", type=RULESETS)
@MUGGINS
@pass_context
def count(obj: Context, cards: tuple[str, ...], starter: str, crib: bool,
          claimed: int | None, variant: Any, ruleset: Any, muggins_on: bool | None) -> None:
    """Count a hand (or crib) and rule on a claimed count."""

    body = {"hand": list(cards), "starter": starter, "crib": crib,
            **given(claimed=claimed, variant=variant, ruleset=ruleset, muggins=muggins_on)}
    obj.ask("/v1/hands/check", body, show_hand, findings_of, _typed)


def show_hand(r: dict[str, Any]) -> None:
    """A hand counted, item by item, and the ruling on its claim."""
    what = "crib" if r["crib"] else "hand"
    click.echo(f"{' '.join(r['hand'])} with {r['starter']} ({what}): {r['total']}")
    click.echo(f"  {r['call']}")
    for item in r["items"]:
        click.echo(f"  {item['kind']:<7} {' '.join(item['cards']):<16} {item['points']}")
    if "verdict" in r:
        award = r["award"]
        click.echo(f"claimed {r['claimed']}: {r['verdict']} (player pegs {award['player']}, "
                   f"opponent {award['opponent']})")
        print_findings(r["findings"])


def _typed(pointer: str) -> str:
    """A refused field of ``count`` or ``advise`` as it was typed: the cards counted from
    1, as they stand on the command line (the pointer's #/hand/3 is the fourth), options
    by name."""
    field, _, index = pointer.removeprefix("#/").partition("/")
    if field in ("hand", "cards") and index.isdigit():
        return f"card {int(index) + 1}"
    if field == "scores" and index:
        return f"--scores ({index})"
    return f"--{field.replace('_', '-')}" if field and not index else pointer


@click.command()
@click.argument("cards", nargs=-1, required=True)
@click.option("--dealer/--pone", default=None, help="Whose crib it is (one of them).")
@click.option("--partner-deals", is_flag=True, default=None,
              help="The partner deals (four players): the crib is the partnership's.")
@click.option("--scores", metavar="SCORES",
              help="The scores before the deal, the pone's then the dealer's (\"115,100\"): "
                   "the throws are ranked by the chance of winning (two players only).")
@click.option("--variant", type=VARIANTS)
@click.option("--ruleset", type=RULESETS)
@MUGGINS
@click.option("--top", type=int, default=5, show_default=True, help="Options to show.")
@pass_context
def advise(obj: Context, cards: tuple[str, ...], dealer: bool | None,
           partner_deals: bool | None, scores: str | None, variant: Any, ruleset: Any,
           muggins_on: bool | None, top: int) -> None:
    """Which cards to throw, by exact expected value, or given the scores by the chance
    of winning."""
    if dealer is None:
        raise click.UsageError("Missing option '--dealer' or '--pone': say whose crib it is.")

    def show(r: dict[str, Any]) -> None:
        by_win = "best_by_win" in r
        click.echo(f"{' '.join(r['cards'])} ({'dealer' if r['dealer'] else 'pone'})"
                   + (f", pone {r['scores']['pone']} dealer {r['scores']['dealer']} to "
                      f"{r['target']}, by the chance of winning:" if by_win else ":"))
        click.echo("  keep              throw    hand    crib     net"
                   + ("     win" if by_win else ""))
        for o in r["options"][:top]:
            win = f"  {100 * o['win']:>5.1f}%" if by_win else ""
            click.echo(f"  {' '.join(o['keep']):<17} {' '.join(o['discard']):<7} "
                       f"{o['hand_ev']:>6.2f}  {o['crib_ev']:>6.2f}  {o['net_ev']:>6.2f}{win}")
        if by_win and r["orders_differ"]:
            best = " ".join(r["best_by_net_ev"]["discard"])
            click.echo(f"  (by points the best throw is {best})")

    body = {"cards": list(cards), "dealer": dealer,
            **given(partner_deals=partner_deals,
                    scores=None if scores is None else scores_of(scores, ["pone", "dealer"]),
                    variant=variant, ruleset=ruleset, muggins=muggins_on)}
    obj.ask("/v1/discards/advise", body, show, no_findings, _typed)


@click.command()
@click.argument("source", type=click.Path(allow_dash=True))
@click.option("--variant", type=VARIANTS, help="For every hand that does not say its own.")
@click.option("--ruleset", type=RULESETS, help="For every hand that does not say its own.")
@click.option("--muggins", "muggins_on", is_flag=True, default=None,
              help="Muggins is on, for every hand that does not say otherwise.")
@pass_context
def hands(obj: Context, source: str, variant: Any, ruleset: Any,
          muggins_on: bool | None) -> None:
    """Count many hands at once, each claim ruled on: a JSON file (- for stdin) of a list
    of hands, each as count takes it ({"hand": ["5H", "5C", "5S", "JD"], "starter":
    "5D", "claimed": 28}), or the whole body /v1/hands/batch takes. A hand that is no
    hand is refused in its place; the others are counted (exit status 2 if any was
    refused, else 1 if any claim was wrong)."""
    from muggins.cli_records import read_json_file

    given_body = read_json_file(source)
    body = given_body if isinstance(given_body, dict) else {"hands": given_body}
    body = {**body, **given(variant=variant, ruleset=ruleset, muggins=muggins_on)}

    def show(r: dict[str, Any]) -> None:
        for i, result in enumerate(r["results"]):
            if "status" in result:
                click.echo(f"{i + 1}. refused")
                for e in result["errors"]:
                    click.echo(f"  {e['pointer']}: {e['detail']} ({e['code']})")
            else:
                click.echo(f"{i + 1}. ", nl=False)
                show_hand(result)

    def found(r: dict[str, Any]) -> list[Any]:
        return [f for result in r["results"] for f in result.get("findings", ())]

    obj.ask("/v1/hands/batch", body, show, found,
            refused=lambda r: any("status" in result for result in r["results"]))
