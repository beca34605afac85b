"""The pegs of a play with nothing to rule on (issue 31): the short way (no claim, no
retraction, no game to peg into) gives what the general way gives, pegged into a
board that never wins, on plays with go calls left out, reneges, cards out of turn
and penalties, with and without the hands, in every ruleset."""

from __future__ import annotations

import random

import pytest

from rules.core.cards import Card, full_deck
from rules.core.codes import FindingCode
from rules.core.rulesets import Ruleset
from rules.core.table import Table
from rules.core.variants import Variant
from rules.play.check import Peg, PlayEvent, check_play
from tests.simulate import play_out

SEATS = {Variant.SIX_CARD: ("pone", "dealer"), Variant.FIVE_CARD: ("pone", "dealer"),
         Variant.THREE_PLAYER: ("a", "b", "c"), Variant.FOUR_PLAYER: ("n", "e", "s", "w")}


class Endless:
    """A game without a target: nothing is clipped, no peg wins it."""

    def __init__(self) -> None:
        self.pegged: list[Peg] = []

    @property
    def won(self) -> bool:
        return False

    def room(self, player: str) -> int | None:
        return None

    def peg(self, peg: Peg) -> bool:
        self.pegged.append(peg)
        return False


def records(variant: Variant, rng: random.Random) -> list[tuple[list[PlayEvent],
                                                                 dict[str, list[Card]]]]:
    seats = SEATS[variant]
    spec = variant.spec
    found = []
    for _ in range(120):
        deck = list(full_deck())
        rng.shuffle(deck)
        hands = {seat: deck[i * spec.hand_size:(i + 1) * spec.hand_size]
                 for i, seat in enumerate(seats)}
        events = play_out({s: list(h) for s, h in hands.items()}, seats, rng,
                          single_count=spec.single_count,
                          renege_at=rng.choice([None, 2, 4]),
                          out_of_turn_at=rng.choice([None, None, 3]))
        plays = [PlayEvent(e.player, e.card) for e in events if not e.count_ends]
        # Leave some go calls out, as players do: the referee infers them.
        plays = [e for e in plays if e.card is not None or rng.random() < 0.6]
        found.append((plays, hands))
    return found


@pytest.mark.parametrize("variant", list(SEATS))
def test_the_short_way_pegs_as_the_general_way(variant: Variant) -> None:
    rng = random.Random(28)
    table = Table.seat(variant, SEATS[variant], dealer=SEATS[variant][-1])
    penalties = 0
    for plays, hands in records(variant, rng):
        for known in (hands, None):
            for ruleset in Ruleset:
                short = check_play(plays, table=table, hands=known, ruleset=ruleset)
                board = Endless()
                general = check_play(plays, table=table, hands=known, ruleset=ruleset,
                                     board=board)
                assert short.pegs == general.pegs == tuple(board.pegged)
                assert short.pegged == general.pegged
                assert short.findings == general.findings
                assert short.totals == general.totals
                if not short.retracted and any(f.code is FindingCode.RENEGE and f.points
                                               for f in short.findings):
                    penalties += 1  # the short way, with a penalty to peg in its place
    assert penalties > 10
