"""Where the points went: a refereed deal or game, reviewed for what it could have been.

For each deal and each player:

* **the discard** against the best by exact net expected value for that seat
  (:func:`rules.advice.discards.advise`: hand, crib for or against, heels), with the net
  expected points given up and the choice's rank among every option (1 is best;
  options of equal value share a rank); where a chance table covers the game, the
  chance of winning given up too (:mod:`rules.review.discard_win`);
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
from enum import StrEnum
from fractions import Fraction

from rules.advice.discards import Option, advise
from rules.chances import Board, ChanceTable, known_show
from rules.core.cards import Card
from rules.core.rulesets import Ruleset
from rules.core.table import Table
from rules.core.variants import Variant
from rules.deal.check import DealCheck, DealRecord, check_deal
from rules.deal.game import GameCheck, check_game
from rules.deal.record import kept
from rules.doubledummy.search import Budget
from rules.review.discard_win import REVIEW_DEALS, Ask, WinBy, plan, win_loss
from rules.review.play import PlayReview, review_play
from rules.review.value import covered_table
from rules.show.show import score

__all__ = [
    "CountReview",
    "Counted",
    "DealReview",
    "DiscardReview",
    "GameReview",
    "Lost",
    "Objective",
    "objective_of",
    "review_deal",
    "review_game",
]

REVIEW_POSITIONS = 40_000
"""The positions one review may store in all, deal after deal, which bounds its time
(about 13 to 20 µs a position, so under 1 s of CPU; bench/budget.py) and its memory (a deal's
positions are freed when it is done): more than any real game needs (a 13-deal
two-player game stores a few thousand, a four-player deal near the target 4,000 to
20,000; 99.9% of them finish), and few enough that no request reaches 1 s."""


class Objective(StrEnum):
    """What the play's double-dummy value measures: the play point difference between
    the two players, between each player and the other two together (paranoid: the other
    two play against the player reviewed), or between the partnerships. Reaching the
    target first during the play ranks above any difference."""

    PLAYERS = "players"
    PARANOID = "paranoid"
    PARTNERSHIPS = "partnerships"


def objective_of(variant: Variant) -> Objective:
    """What a review of ``variant``'s play measures (:class:`Objective`)."""
    if variant.spec.partnerships:
        return Objective.PARTNERSHIPS
    return Objective.PARANOID if variant.spec.players > 2 else Objective.PLAYERS


@dataclass(frozen=True, slots=True)
class DiscardReview:
    """A player's discard judged against the best by net expected points (and by the chance of
    winning, where a table covers the game)."""

    player: str
    chosen: Option
    best: Option
    loss: Fraction
    """Net expected points given up against the best option."""
    rank: int
    """1 for a best choice; options of equal net value share a rank."""
    options: int
    win_loss: float | None = None
    """The chance of winning given up against the best discard (0 to 1); None where no
    chance table covers the game."""
    win_by: WinBy | None = None
    """How ``win_loss`` was judged: the options dealt out, or the points by the slope."""
    best_by_win: Option | None = None
    """The best discard by the chance of winning, as ``win_loss`` was judged against it."""
    within_interval: bool | None = None
    """Dealt out: ``win_loss`` is within its 95% interval, so the sample cannot tell this
    discard from ``best_by_win`` (their order may be the noise's). None by the slope."""


class Counted(StrEnum):
    """What a claim reviewed was for."""

    HEELS = "heels"
    HAND = "hand"
    CRIB = "crib"


@dataclass(frozen=True, slots=True)
class CountReview:
    """A count judged: what was claimed, what was true, what was pegged, and what the ruling
    gave the opponent."""

    what: Counted
    player: str
    """Who claimed: the hand's owner, or the dealer (heels, the crib)."""
    claimed: int
    true: int
    pegged: int
    conceded: int
    """What the ruling gave the opponent."""

    @property
    def loss(self) -> int:
        """The points the count cost its claimer: the true count less what they pegged, plus
        what the opponent was given."""
        return self.true - self.pegged + self.conceded


@dataclass(frozen=True, slots=True)
class Lost:
    """What a player gave up, by part of the deal: the discard (expected points), the play and
    the count."""

    discard: Fraction
    play: int
    count: int


@dataclass(frozen=True, slots=True)
class DealReview:
    """A deal reviewed (:func:`review_deal`): the referee's check, and each discard, the play
    and each count judged, with what each player lost."""

    check: DealCheck
    seats: tuple[str, ...]
    discards: dict[str, DiscardReview]
    play: PlayReview | None
    count: tuple[CountReview, ...]
    lost: dict[str, Lost]


@dataclass(frozen=True, slots=True)
class GameReview:
    """A game reviewed (:func:`review_game`): the referee's check and each deal's review."""

    check: GameCheck
    deals: tuple[DealReview, ...]
    lost: dict[str, Lost]
    """Over the whole game, per player."""


def review_deal(
    record: DealRecord,
    *,
    table: Table | None = None,
    ruleset: Ruleset = Ruleset.ACC,
    muggins: bool = False,
    scores_before: Mapping[str, int] | None = None,
    budget: int = REVIEW_POSITIONS,
    tables: Mapping[Variant, ChanceTable] | None = None,
    deals_budget: int = REVIEW_DEALS,
) -> DealReview:
    """Referee one deal (:func:`rules.deal.check.check_deal`, whose errors it raises) and
    review it; with ``tables``, its discards by the chance of winning too (dealing out
    at most ``deals_budget`` deals)."""
    check = check_deal(record, table=table, ruleset=ruleset, muggins=muggins,
                       scores_before=scores_before)
    review = _review(record, check, ruleset, Budget(budget), tables)
    return _by_chances([record], [review], tables, deals_budget)[0]


def review_game(
    table: Table,
    deals: Sequence[DealRecord],
    *,
    ruleset: Ruleset = Ruleset.ACC,
    muggins: bool = False,
    budget: int = REVIEW_POSITIONS,
    scores_before: Mapping[str, int] | None = None,
    tables: Mapping[Variant, ChanceTable] | None = None,
    deals_budget: int = REVIEW_DEALS,
) -> GameReview:
    """Referee a game (:func:`rules.deal.game.check_game`, whose errors it raises, from
    the ``scores_before`` it was joined at when given) and review each deal; with
    ``tables``, its discards by the chance of winning too (dealing out at most
    ``deals_budget`` deals, from the last discard backwards)."""
    check = check_game(table, deals, ruleset=ruleset, muggins=muggins,
                       scores_before=scores_before)
    spend = Budget(budget)
    reviews = _by_chances(deals, [_review(deal, result, ruleset, spend, tables)
                                  for deal, result in zip(deals, check.deals, strict=True)],
                          tables, deals_budget)
    # By player in play order from the first seat of the table the sides were named for
    # (a game's players as they were given).
    total = {p: Lost(Fraction(0), 0, 0) for p in table.seated_from(table.sides[0].members[0])}
    for review in reviews:
        for player, lost in review.lost.items():
            was = total[player]
            total[player] = Lost(was.discard + lost.discard, was.play + lost.play,
                                 was.count + lost.count)
    return GameReview(check, tuple(reviews), total)


def _review(record: DealRecord, check: DealCheck, ruleset: Ruleset,
            budget: Budget, tables: Mapping[Variant, ChanceTable] | None) -> DealReview:
    table = check.table
    seats = table.seats
    if check.misdeal:
        zero = {p: Lost(Fraction(0), 0, 0) for p in seats}
        return DealReview(check, seats, {}, None, (), zero)
    discards = {p: _discard(record, p, table) for p in seats}
    play = None
    if check.play is not None:
        play = _play(record, check, budget, tables)
    count = _count(check, ruleset)
    lost = {
        p: Lost(discards[p].loss, 0 if play is None else play.lost(p),
                sum(c.loss for c in count if c.player == p))
        for p in seats
    }
    return DealReview(check, seats, discards, play, count, lost)


def _by_chances(records: Sequence[DealRecord], reviews: Sequence[DealReview],
                tables: Mapping[Variant, ChanceTable] | None,
                deals_budget: int) -> list[DealReview]:
    """``reviews`` with every discard's ``win_loss``, where a chance table covers the
    game (:mod:`rules.review.discard_win`): dealt out near the end, from the last
    discard backwards while ``deals_budget`` lasts, by the slope elsewhere."""
    if not reviews:
        return []
    first = reviews[0].check
    variant = first.table.variant
    chance_table = covered_table(tables, variant, first.target)
    if chance_table is None or tables is None:
        return list(reviews)
    found: list[tuple[int, str, Ask]] = []
    for number, review in enumerate(reviews):
        at = review.check.table
        before = review.check.scores_before
        pone, dealer = before[at.side_of(at.pone).name], before[at.side_of(at.dealer).name]
        found.extend((number, player, Ask(pone, dealer, discard.options))
                     for player, discard in review.discards.items())
    ways = plan([ask for _, _, ask in found], chance_table.target, deals_budget)
    judged = [dict(review.discards) for review in reviews]
    for (number, player, ask), how in zip(found, ways, strict=True):
        discard = judged[number][player]
        record = records[number]
        assert record.discards is not None  # reviewed, so finished
        given_up, best, unsure = win_loss(
            how, chance_table, tables, dealt=record.dealt[player],
            thrown=record.discards[player], loss=discard.loss, ask=ask,
            is_dealer=player == reviews[number].check.table.dealer, variant=variant,
            best_by_net=discard.best)
        judged[number][player] = replace(discard, win_by=how, win_loss=given_up,
                                         best_by_win=best, within_interval=unsure)
    return [replace(review, discards=discards)
            for review, discards in zip(reviews, judged, strict=True)]


def _discard(record: DealRecord, player: str, table: Table) -> DiscardReview:
    assert record.discards is not None  # a finished deal
    dealer = player == table.dealer
    # The dealer's partner throws to their own side's crib.
    ours = table.side_of(player) == table.side_of(table.dealer)
    advice = advise(record.dealt[player], dealer=dealer, variant=table.variant,
                    partner_deals=ours and not dealer)
    thrown = set(record.discards[player])
    chosen = next(o for o in advice.options if set(o.discard) == thrown)
    best = advice.options[0]
    rank = 1 + sum(1 for o in advice.options if o.net > chosen.net)
    return DiscardReview(player, chosen, best, best.net - chosen.net, rank,
                         len(advice.options))


def _play(record: DealRecord, check: DealCheck, budget: Budget,
          tables: Mapping[Variant, ChanceTable] | None) -> PlayReview:
    assert check.play is not None and record.discards is not None
    table = check.table
    seats = table.seats
    hands: dict[str, Sequence[Card]] = {p: kept(record, p) for p in seats}
    # The score as the play began: before the deal, and the heels if pegged.
    start = dict(check.scores_before)
    if check.heels is not None:
        dealer_side = table.side_of(table.dealer).name
        start[dealer_side] = min(table.target, start[dealer_side] + check.heels.pegged)
    need = [table.target - start[side.name] for side in table.sides]
    if min(need) <= 0:
        need = []  # won on the heels: the play decides nothing, review it on points
    chances = None
    chance_table = covered_table(tables, table.variant, table.target)
    if need and chance_table is not None:
        chances = _known_show(record, table, start, chance_table)
    return review_play(check.play, table=table, hands=hands, need=need, budget=budget,
                       chances=chances)


def _known_show(record: DealRecord, table: Table, start: Mapping[str, int],
                chance_table: ChanceTable) -> Board:
    """What the end of the play is worth with every card known: the true show, counted
    in the deal's order from the scores as the play began."""
    assert record.discards is not None and record.starter is not None
    pone, dealer = table.pone, table.dealer
    crib = [card for player in table.seats for card in record.discards[player]]
    if record.crib_card is not None:
        crib.append(record.crib_card)
    show = (score(kept(record, pone), record.starter),
            score(kept(record, dealer), record.starter),
            score(crib, record.starter, crib=True))
    return known_show(chance_table, start[table.side_of(pone).name],
                      start[table.side_of(dealer).name], show)


def _count(check: DealCheck, ruleset: Ruleset) -> tuple[CountReview, ...]:
    found: list[CountReview] = []
    heels = check.heels
    if heels is not None and heels.claimed is not None and heels.claimed != heels.points:
        excess = heels.claimed - heels.points
        conceded = ruleset.spec.overcount_award(excess) if excess > 0 else 0
        found.append(CountReview(Counted.HEELS, check.table.dealer, heels.claimed,
                                 heels.points, heels.pegged, conceded))
    for count in check.counts():
        ruling = count.check.ruling
        if ruling is None or (ruling.true == ruling.player_pegs and not ruling.opponent_pegs):
            continue
        found.append(CountReview(Counted.CRIB if count.crib else Counted.HAND, count.player,
                                 ruling.claimed, ruling.true, ruling.player_pegs,
                                 ruling.opponent_pegs))
    return tuple(found)
