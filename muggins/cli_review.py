"""``muggins review``: where the points went in a deal or a game, in the table's words
(as the scorepad says it)."""

from __future__ import annotations

from typing import Any

import click

from muggins.cli_common import findings_of, print_findings
from muggins.cli_context import Context, pass_context
from muggins.cli_records import FILE, body_of
from rules.notation import Game, read_record

__all__ = ["count_sentence", "review"]


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


@click.command()
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
                if "rating" in each:  # a server before 0.4.0 does not say it
                    rating = each["rating"]
                    click.echo(f"    rating {rating['value']:.1f} ({rating['band']}): "
                               f"discards {rating['discards']:.1f}, play "
                               f"{rating['play']:.1f}, claims {rating['claims']:.1f}; "
                               f"result {each['result']:g}, luck-adjusted "
                               f"{each['luck_adjusted']:+.2f}")
        else:
            _show_deal_review(r)
        print_findings(r["findings"], numbered=True)

    body = body_of(record, notation)
    path = "/v1/games/review" if "deals" in body else "/v1/deals/review"
    if "notation" in body:
        try:
            is_game = isinstance(read_record(body["notation"]), Game)
        except ValueError:
            is_game = False  # badly written: the service says where
        path = "/v1/games/review" if is_game else "/v1/deals/review"
    obj.run(lambda c: c.request("POST", path, body), show, findings_of)


