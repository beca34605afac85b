"""Where the points went: a refereed deal or game, reviewed for what it could have been.

For each deal and each player:

* **the discard** against the best by exact net expected value for that seat
  (:func:`rules.advice.discards.advise`: hand, crib for or against, heels), with the net
  expected points given up and the choice's rank among every option (1 is best;
  options of equal value share a rank);
* **the play**, double-dummy (:mod:`rules.review.play`);
* **the count**: for each claim the check ruled on (heels, each hand, the crib), the
  points the player failed to peg (what the claim missed and the ruleset did not give
  back) plus what the ruling gave the opponent (an overclaim's excess, or the missed
  points taken as muggins). Claims made during the play are ruled on by the check's
  ``award`` and are not repeated here.

The review runs on the referee's answer, so the findings and the replay are the
referee's own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from rules.advice.discards import Option, advise
from rules.core.cards import Card
from rules.core.rulesets import Ruleset
from rules.core.variants import Variant
from rules.deal.check import DealCheck, DealRecord, check_deal
from rules.deal.game import GameCheck, check_game
from rules.doubledummy.search import Budget
from rules.play.check import TWO_PLAYERS
from rules.play.live import CRIB
from rules.review.play import PlayReview, review_play
from rules.sides import Sides

__all__ = [
    "CountReview",
    "DealReview",
    "DiscardReview",
    "GameReview",
    "Lost",
    "objective_of",
    "review_deal",
    "review_game",
]

HEELS = "heels"
REVIEW_POSITIONS = 600_000
"""The positions one review may store in all, which bounds its time (about 15 µs a
position): far more than any real game needs (a 13-deal two-player game stores a few
thousand, a four-player deal 3,000 to 20,000), and few enough that a request stays well
inside the worker's timeout."""
DEAL_POSITIONS = 300_000
"""The positions one deal's search may hold at once, which bounds its memory (about 420
bytes a position)."""


def objective_of(variant: Variant) -> str:
    """What the play's double-dummy value measures, in words, for the answer."""
    players = variant.spec.players
    if players == 4:
        return ("the play point difference between the partnerships; reaching the target "
                "first during the play ranks above any difference")
    if players == 3:
        return ("the play point difference between each player and the other two together "
                "(paranoid: the other two play against the player reviewed); reaching the "
                "target first during the play ranks above any difference")
    return ("the play point difference between the two players; reaching the target first "
            "during the play ranks above any difference")


@dataclass(frozen=True, slots=True)
class DiscardReview:
    player: str
    chosen: Option
    best: Option
    loss: Fraction
    """Net expected points given up against the best option."""
    rank: int
    """1 for a best choice; options of equal net value share a rank."""
    options: int


@dataclass(frozen=True, slots=True)
class CountReview:
    what: str
    """``heels``, a player's name for their hand, or ``crib``."""
    player: str
    claimed: int
    true: int
    pegged: int
    conceded: int
    """What the ruling gave the opponent."""

    @property
    def loss(self) -> int:
        return self.true - self.pegged + self.conceded


@dataclass(frozen=True, slots=True)
class Lost:
    discard: Fraction
    play: int
    count: int


@dataclass(frozen=True, slots=True)
class DealReview:
    check: DealCheck
    seats: tuple[str, ...]
    discards: dict[str, DiscardReview]
    play: PlayReview | None
    count: tuple[CountReview, ...]
    lost: dict[str, Lost]


@dataclass(frozen=True, slots=True)
class GameReview:
    check: GameCheck
    deals: tuple[DealReview, ...]
    lost: dict[str, Lost]
    """Over the whole game, per player."""


def review_deal(
    record: DealRecord,
    *,
    variant: Variant = Variant.SIX_CARD,
    ruleset: Ruleset = Ruleset.ACC,
    muggins: bool = False,
    scores_before: Mapping[str, int] | None = None,
    target: int | None = None,
    budget: int = REVIEW_POSITIONS,
) -> DealReview:
    """Referee one deal (:func:`rules.deal.check.check_deal`, whose errors it raises) and
    review it."""
    if not record.players:
        record = replace(record, players=TWO_PLAYERS)
    check = check_deal(record, variant=variant, ruleset=ruleset, muggins=muggins,
                       scores_before=scores_before, target=target)
    return _review(record, check, variant, ruleset, target or variant.spec.target,
                   Sides.for_table(record.players, variant), Budget(budget))


def review_game(
    players: Sequence[str],
    first_dealer: str,
    deals: Sequence[DealRecord],
    *,
    variant: Variant = Variant.SIX_CARD,
    ruleset: Ruleset = Ruleset.ACC,
    muggins: bool = False,
    target: int | None = None,
    budget: int = REVIEW_POSITIONS,
) -> GameReview:
    check = check_game(players, first_dealer, deals, variant=variant, ruleset=ruleset,
                       muggins=muggins, target=target)
    n = len(players)
    sides = Sides.for_table(players, variant)
    spend = Budget(budget)
    reviews = []
    for deal, dealer, result in zip(deals, check.dealers, check.deals, strict=True):
        at = players.index(dealer)
        seats = tuple(players[(at + 1 + i) % n] for i in range(n))
        seated = replace(deal, players=seats)
        reviews.append(_review(seated, result, variant, ruleset,
                               target or variant.spec.target, sides, spend))
    total = {p: Lost(Fraction(0), 0, 0) for p in players}
    for review in reviews:
        for player, lost in review.lost.items():
            was = total[player]
            total[player] = Lost(was.discard + lost.discard, was.play + lost.play,
                                 was.count + lost.count)
    return GameReview(check, tuple(reviews), total)


def _review(record: DealRecord, check: DealCheck, variant: Variant, ruleset: Ruleset,
            target: int, sides: Sides, budget: Budget) -> DealReview:
    seats = record.players
    if check.misdeal:
        zero = {p: Lost(Fraction(0), 0, 0) for p in seats}
        return DealReview(check, seats, {}, None, (), zero)
    discards = {p: _discard(record, p, variant, sides) for p in seats}
    play = None
    if check.play is not None:
        # A deal's positions are freed when it is done: its own cap bounds the memory.
        for_deal = Budget(min(DEAL_POSITIONS, max(budget.left, 0)))
        given = for_deal.left
        play = _play(record, check, variant, target, sides, for_deal)
        budget.left -= given - max(for_deal.left, 0)
    count = _count(record, check, ruleset)
    lost = {
        p: Lost(discards[p].loss, 0 if play is None else play.lost(p),
                sum(c.loss for c in count if c.player == p))
        for p in seats
    }
    return DealReview(check, seats, discards, play, count, lost)


def _discard(record: DealRecord, player: str, variant: Variant, sides: Sides) -> DiscardReview:
    assert record.discards is not None  # a finished deal
    dealer = player == record.dealer
    # The dealer's partner throws to their own side's crib.
    ours = sides.of[player] == sides.of[record.dealer]
    advice = advise(record.dealt[player], dealer=dealer, variant=variant,
                    partner_deals=ours and not dealer)
    thrown = set(record.discards[player])
    chosen = next(o for o in advice.options if set(o.discard) == thrown)
    best = advice.options[0]
    rank = 1 + sum(1 for o in advice.options if o.net > chosen.net)
    return DiscardReview(player, chosen, best, best.net - chosen.net, rank,
                         len(advice.options))


def _play(record: DealRecord, check: DealCheck, variant: Variant, target: int,
          sides: Sides, budget: Budget) -> PlayReview:
    assert check.play is not None and record.discards is not None
    seats = record.players
    kept: dict[str, Sequence[Card]] = {
        p: [c for c in record.dealt[p] if c not in record.discards[p]] for p in seats}
    index = {name: i for i, name in enumerate(sides.names)}
    side_of = [index[sides.of[p]] for p in seats]
    # The score as the play began: before the deal, and the heels if pegged.
    start = dict(check.scores_before)
    if check.heels is not None:
        dealer_side = sides.of[record.dealer]
        start[dealer_side] = min(target, start[dealer_side] + check.heels.pegged)
    need = [target - start[name] for name in sides.names]
    if min(need) <= 0:
        need = []  # won on the heels: the play decides nothing, review it on points
    return review_play(check.play, seats=seats, hands=kept, variant=variant,
                       sides=side_of, need=need, budget=budget)


def _count(record: DealRecord, check: DealCheck, ruleset: Ruleset) -> tuple[CountReview, ...]:
    found: list[CountReview] = []
    heels = check.heels
    if heels is not None and heels.claimed is not None and heels.claimed != heels.points:
        excess = heels.claimed - heels.points
        conceded = ruleset.spec.overcount_award(excess) if excess > 0 else 0
        found.append(CountReview(HEELS, record.dealer, heels.claimed, heels.points,
                                 heels.pegged, conceded))
    shown = [*check.show.items(), *([(CRIB, check.crib)] if check.crib is not None else [])]
    for name, hand in shown:
        ruling = hand.ruling
        if ruling is None or (ruling.true == ruling.player_pegs and not ruling.opponent_pegs):
            continue
        owner = record.dealer if name == CRIB else name
        found.append(CountReview(name, owner, ruling.claimed, ruling.true,
                                 ruling.player_pegs, ruling.opponent_pegs))
    return tuple(found)
