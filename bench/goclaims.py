"""Which requests of a replay corpus issue 19's go-claim ruling may change, as allow lines.

    python -m bench.goclaims [--seed N] [--size N] >> ALLOW

Issue 19 rules that a card's ``claimed`` covers what the card scored when laid, and a go
or last-card point it earned later is credited unless claimed on its own (CHANGELOG.md,
0.3.0, "Play rulings"). So an answer may change wherever a card carrying a claim earned a
go or the last card. This finds those records from the requests alone, by a count of its
own (nothing imported from the project, as in bench/_corpus.py): a count ends when the
next card would pass 31 or when the player who laid the last card says go, and that card
earned the go unless the count stood at 31; the last card of the play earns the last
card unless it made 31. A request
is listed as ``request ID`` if any play in it (a deal's, a game's deals', a review's)
has such a card, so a replay allows any change to that answer and to nothing else.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator
from typing import Any

from bench._corpus import build

_PIPS = {"A": 1, "T": 10, "J": 10, "Q": 10, "K": 10}


def pips(card: str) -> int | None:
    rank = card.strip()[:1].upper() if isinstance(card, str) and card.strip() else ""
    if rank.isdigit():
        return int(rank) if rank != "1" else 10  # "10H" is read as a ten
    return _PIPS.get(rank)


def claimed_card_took_a_go(plays: Any) -> bool:
    """Whether a card event with a claim earned a go or the last card in this play."""
    if not isinstance(plays, list):
        return False
    count, last = 0, None
    for event in plays:
        if not isinstance(event, dict):
            continue
        if event.get("go") is True and "card" not in event:
            # The player who laid the last card saying go ends the count: all others had.
            if last is not None and event.get("player") == last.get("player"):
                if "claimed" in last:
                    return True
                count, last = 0, None
            continue
        value = pips(event.get("card"))
        if value is None:
            return False  # a card that cannot be read: a 422 either side
        if count + value > 31 and last is not None:
            if "claimed" in last:
                return True
            count = 0
        count += value
        last = event
        if count == 31:
            count, last = 0, None
    return last is not None and "claimed" in last


def plays_of(body: Any) -> Iterator[Any]:
    if not isinstance(body, dict):
        return
    yield body.get("plays")
    deals = body.get("deals")
    for deal in deals if isinstance(deals, list) else ():
        if isinstance(deal, dict):
            yield deal.get("plays")


def affected(request: dict[str, Any]) -> bool:
    try:
        body = json.loads(request.get("body", ""))
    except (ValueError, RecursionError):
        return False
    return any(claimed_card_took_a_go(plays) for plays in plays_of(body))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=19)
    parser.add_argument("--size", type=int, default=6000)
    args = parser.parse_args(argv)
    requests = [r for r in build(args.seed, args.size) if affected(r)]
    print(f"# {len(requests)} requests whose play has a claimed card that took a go or the "
          f"last card (python -m bench.goclaims --seed {args.seed} --size {args.size})")
    for request in requests:
        print(f"request {request['id']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
