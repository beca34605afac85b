"""The recorded play, card by card, against double-dummy best play.

The play is taken from the referee's answer (:class:`rules.play.check.PlayCheck`), not read
again: every card it found legal is laid in the double-dummy position
(:mod:`rules.doubledummy.position`), and each gets its ``loss``: the points of play difference
given up against the best legal alternative, from its player's point of view. A go is
forced, so it is no decision and has no loss.

Given ``chances`` (two players), each card also gets its ``win_loss``: the chance of
winning the game given up against the best card, from the search by chance
(:class:`rules.chances.PlaySearch`) on the same budget.

The review stops where the record leaves legal play (a card over 31, out of turn, not
held or played twice, a renege, a reading the referee found ambiguous): from there the
position the players faced is no longer known. It stops too once a side has reached
the target, since nothing after that is pegged.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from rules.chances import SCALE, Board, PlaySearch
from rules.core.cards import Card
from rules.core.findings import FindingCode
from rules.core.table import Table
from rules.doubledummy.position import Objective, Position, Value
from rules.doubledummy.search import Budget, BudgetSpent, Solver, within_reach
from rules.play.check import PlayCheck

__all__ = ["CardReview", "PlayReview", "review_play"]

_UNJUDGEABLE = frozenset({
    FindingCode.OVER_31,
    FindingCode.OUT_OF_TURN,
    FindingCode.CARD_NOT_HELD,
    FindingCode.CARD_ALREADY_PLAYED,
    FindingCode.RENEGE,
    FindingCode.AMBIGUOUS_RECORD,
})
"""Findings after which the record no longer shows a legal play."""
_SPENT = "the request's search budget was spent"


@dataclass(frozen=True, slots=True)
class CardReview:
    """One card laid, judged: what it gave up against the best card the player held."""

    index: int
    """The event's index in the recorded play."""
    player: str
    card: Card
    loss: int | None
    """Points of play difference given up against the best alternative; None where the
    review had stopped."""
    best: tuple[Card, ...] = ()
    """The cards the player held that keep the best value (the card laid among them when
    its loss is 0)."""
    game: bool = False
    """True when the card gave up the game: with best play a side of the player's would
    have reached the target first (or kept the others from it), and now it cannot."""
    win_loss: float | None = None
    """The chance of winning the game given up against the best card, from the player's
    side (0 to 1); None where no chance table covers the game or the review had stopped."""
    choices: int = 0
    """The distinct ranks the player could lay (1: forced, no decision); 0 where the
    review had stopped."""


@dataclass(frozen=True, slots=True)
class PlayReview:
    """The recorded play judged card by card against the best play with every hand known, within
    the search's budget."""

    cards: tuple[CardReview, ...]
    stopped_at: int | None
    """The index of the first event not judged, or None when every card was."""
    reason: str | None
    positions: int = 0
    """The positions the search stored: what the review spent of its budget."""

    def lost(self, player: str) -> int:
        """The points of play ``player`` gave up over the cards judged."""
        return sum(card.loss or 0 for card in self.cards if card.player == player)


def review_play(
    check: PlayCheck,
    *,
    table: Table,
    hands: Mapping[str, Sequence[Card]],
    need: Sequence[int] = (),
    budget: Budget | None = None,
    chances: Board | None = None,
) -> PlayReview:
    """Judge every legal card of a refereed play at ``table``. ``hands`` as the play
    began; ``need`` what each side still needed to reach the target as the play began
    (empty: no target). ``chances`` (two players only: the pone seat 0) is what the end
    of the play is worth (:func:`rules.chances.known_show`): each card judged then gets
    its ``win_loss`` too, searched by :class:`rules.chances.PlaySearch` on the same
    budget."""
    seats = table.seats
    sides = table.side_numbers  # partners share one
    n = len(seats)
    zero_sum = len(table.sides) == 2
    single = table.variant.spec.single_count
    solvers: dict[int, Solver] = {}
    given = 0 if budget is None else max(budget.left, 0)  # spent by a deal before

    start = Position.start([hands[player] for player in seats])
    target = Objective((1,) * n, tuple(sides))
    stopped_at: int | None = None
    reason: str | None = None
    if need:
        try:
            target = within_reach(target.with_target(need), start, single_count=single,
                                  budget=budget)
        except BudgetSpent:
            stopped_at, reason = 0, _SPENT
    left: tuple[int, ...] | None = target.need or None
    if chances is not None and n != 2:
        raise ValueError("the play is judged by chances for two players only")
    by_chance = None if chances is None else PlaySearch(chances, single_count=single,
                                                          budget=budget)
    pegged = (0, 0)  # by the pone (seat 0) and the dealer, for the search by chance

    def solver_for(seat: int) -> Solver:
        # Two sides are zero-sum: one search serves every seat.
        key = 0 if zero_sum else seat
        if key not in solvers:
            objective = Objective.for_sides(sides, key).with_target(target.need)
            solvers[key] = Solver(objective, single_count=single, budget=budget)
        return solvers[key]

    cutoff = min((f.index for f in check.findings
                  if f.code in _UNJUDGEABLE and f.index is not None), default=None)
    position = start
    held = {player: list(hands[player]) for player in seats}
    reviews: list[CardReview] = []
    for event in check.plays:
        if event.card is None:
            continue
        if stopped_at is None and cutoff is not None and event.index >= cutoff:
            stopped_at, reason = cutoff, "the record leaves legal play here (see the findings)"
        if stopped_at is None and left is not None and min(left) <= 0:
            stopped_at, reason = event.index, "the game had been won"
        seat = seats.index(event.player)
        order = event.card.order
        if stopped_at is None and (position.actor != seat or order not in position.legal()):
            stopped_at, reason = event.index, "the record leaves legal play here"
        if stopped_at is not None:
            if event.legal:
                reviews.append(CardReview(event.index, event.player, event.card, None))
            continue
        solver = solver_for(seat)
        try:
            options = solver.options(position, left)
            wins = None if by_chance is None else by_chance.options(position, pegged)
        except BudgetSpent:
            stopped_at, reason = event.index, _SPENT
            reviews.append(CardReview(event.index, event.player, event.card, None))
            continue
        sign = solver.objective.sign[seat]
        mine = {o: (sign * v[0], sign * v[1]) for o, v in options.items()}
        review = replace(_judge(event.index, event.player, event.card, mine,
                                held[event.player]), choices=len(options))
        if wins is not None:
            review = replace(review, win_loss=_win_loss(wins, order, seat))
        reviews.append(review)
        held[event.player].remove(event.card)
        position, pegs, left = solver.step(position, order, left)
        for peg_seat, points in pegs:
            pegged = (pegged[0] + points, pegged[1]) if peg_seat == 0 else \
                (pegged[0], pegged[1] + points)
    spent = 0 if budget is None else given - max(budget.left, 0)
    return PlayReview(tuple(reviews), stopped_at, reason, spent)


def _win_loss(wins: Mapping[int, int], order: int, seat: int) -> float:
    """The chance of winning the card laid gives up against the player's best, from the
    player's side: the pone's chance for seat 0, the rest for the dealer."""
    mine = wins if seat == 0 else {o: SCALE - v for o, v in wins.items()}
    return (max(mine.values()) - mine[order]) / SCALE


def _judge(index: int, player: str, card: Card, values: Mapping[int, Value],
           held: Sequence[Card]) -> CardReview:
    best = max(values.values())
    chosen = values[card.order]
    best_cards = tuple(c for c in held if values.get(c.order) == best)
    gave_up_game = chosen[0] < best[0]
    loss = max(best[1] - chosen[1], 0) if gave_up_game else best[1] - chosen[1]
    return CardReview(index, player, card, loss, best_cards, gave_up_game)
