"""The crib is not a seat: a player may be called ``crib`` in the library, and what
comes next at the show still says which count it is (issue 19)."""

from __future__ import annotations

from dataclasses import replace

from rules import DealClaims, DealRecord, Next, Phase, Table, Variant, check_deal
from tests.cards import card, cards
from tests.library.test_play import record

# The plain deal of tests/library/test_deals.py, its pone called "crib".
TABLE = Table.seat(Variant.SIX_CARD, ["crib", "dealer"])
DEAL = DealRecord({"crib": cards("AH 2H 3H 4S 6S 7S"), "dealer": cards("8C 9C TC QC KD 6H")},
                  {"crib": cards("6S 7S"), "dealer": cards("KD 6H")}, card("KH"),
                  record("crib:AH dealer:8C crib:2H dealer:9C crib:3H dealer:go crib:4S "
                         "dealer:TC dealer:QC"))


def coming(claims: DealClaims | None) -> Next:
    return check_deal(replace(DEAL, claims=claims), table=TABLE, in_progress=True).next


def test_the_player_called_crib_counts_first_and_the_crib_last_each_said_apart() -> None:
    assert coming(None) == Next(Phase.SHOW, "crib")
    assert coming(DealClaims(hands={"crib": 8})) == Next(Phase.SHOW, "dealer")
    last = coming(DealClaims(hands={"crib": 8, "dealer": 7}))
    assert last == Next(Phase.SHOW, None, crib=True)
    assert last != coming(None)
    assert coming(DealClaims(hands={"crib": 8, "dealer": 7}, crib=4)) == Next(Phase.OVER)


def test_the_crib_of_a_player_called_crib_is_the_dealers() -> None:
    result = check_deal(replace(DEAL, claims=DealClaims(hands={"crib": 8, "dealer": 7}, crib=4)),
                        table=TABLE)
    assert [(c.player, c.crib, c.check.show.total) for c in result.counts()] == [
        ("crib", False, 8), ("dealer", False, 7), ("dealer", True, 4)]
    assert result.scores_after == {"crib": 9, "dealer": 12}
