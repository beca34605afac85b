"""The play judged by chances: a two-player play searched for the pone's chance of winning.

The double-dummy search (:mod:`rules.doubledummy`) values the play by the points pegged.
Near the end of a game that is the wrong measure: a dealer at 119 should spend the
play stopping the pone's last points, not piling up its own. This search values the
same tree by the chance of winning instead (docs/chances.md, "The play judged by
chances"):

* every hand is known and each side plays its best: the pone maximises the pone's
  chance, the dealer minimises it (the dealer's chance is the rest);
* a side that reaches the target during the play wins at once (:data:`SCALE` or 0);
* when the play is over the value is a :data:`Leaf` of what each side pegged in it,
  given by the caller: the show still to come and the table after it.

Values are fixed point (:data:`SCALE` is 1), so two searches of one tree agree to the
last unit. The memo is keyed on the position and the points each side has pegged in
the play: short of the target, since reaching it ends the search there. Every
position stored is spent from a :class:`~rules.doubledummy.Budget`, as the double-dummy
search spends it, so the same request always stops in the same place.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from rules.advice import AdviceError
from rules.chances.position import validate_position
from rules.chances.strategy import PONE, Part
from rules.chances.table import SCALE, WIN, ChanceTable, step
from rules.core.cards import Card
from rules.core.errors import ProblemCode, RecordError
from rules.core.table import Table
from rules.core.variants import Variant
from rules.doubledummy import Budget, Position
from rules.show.show import score

__all__ = ["Board", "Leaf", "PlaySearch", "PlayToWin", "after_play", "known_show"]

Leaf = Callable[[int, int], int]
"""The pone's chance of winning, fixed point, once the play is over, from the points the
pone and the dealer pegged in it."""


@dataclass(frozen=True, slots=True)
class Board:
    """The scores as the play begins (heels pegged) and what the end of the play is worth."""

    pone: int
    dealer: int
    target: int
    leaf: Leaf


def _memoised(leaf: Leaf) -> Leaf:
    # Many lines of play end on the same points; a leaf read off the table costs a
    # fraction of a millisecond (ChanceTable.after), far more than a dictionary.
    known: dict[tuple[int, int], int] = {}

    def cached(pone: int, dealer: int) -> int:
        found = known.get((pone, dealer))
        if found is None:
            found = known[(pone, dealer)] = leaf(pone, dealer)
        return found
    return cached


def known_show(table: ChanceTable, pone: int, dealer: int,
               show: tuple[int, int, int]) -> Board:
    """Every card known (the review): after the play the show is counted in the deal's
    order, ``show`` being the true points of the pone's hand, the dealer's hand and the
    crib (with the starter). A side reaching the target wins at once; else the position
    the deal leads to (:meth:`ChanceTable.after_deal`)."""
    target = table.target
    pone_hand, dealer_hand, crib = show

    def leaf(pone_play: int, dealer_play: int) -> int:
        pone_at = pone + pone_play + pone_hand
        if pone_at >= target:
            return SCALE
        dealer_at = dealer + dealer_play + dealer_hand + crib
        if dealer_at >= target:
            return 0
        # after_deal's pone win in fixed point: the next deal's dealer (this pone) wins
        # what that deal's pone does not.
        return SCALE - int(table.values[dealer_at, pone_at, WIN])
    return Board(pone, dealer, target, _memoised(leaf))


def after_play(table: ChanceTable, pone: int, dealer: int,
               pone_hand: int | None = None) -> Board:
    """The other hands unknown (the advice): after the play the table's chances with
    heels and the play pegged and the show to come (``after(Part.PONE_HAND, ...)``: every
    part before the pone's hand pegged). Given ``pone_hand``, the true points of the
    pone's hand with the starter (the pone advised knows them, and counts first), the
    pone's hand is counted, and pegging out on it wins; then the table from the dealer's
    hand on (``after(Part.DEALER_HAND, ...)``)."""

    def leaf(pone_play: int, dealer_play: int) -> int:
        if pone_hand is None:
            values = step(table.tally, Part.PONE_HAND, table.values, pone + pone_play,
                          dealer + dealer_play)
            return int(values[WIN])
        pone_at = pone + pone_play + pone_hand
        if pone_at >= table.target:
            return SCALE
        values = step(table.tally, Part.DEALER_HAND, table.values, pone_at,
                      dealer + dealer_play)
        return int(values[WIN])
    return Board(pone, dealer, table.target, _memoised(leaf))


class PlaySearch:
    """Searches a two-player play (seat 0 the pone, seat 1 the dealer) for the pone's
    chance of winning, keeping what it has found."""

    def __init__(self, board: Board, *, single_count: bool = False,
                 budget: Budget | None = None) -> None:
        self.board = board
        self.single_count = single_count
        self.budget = budget
        self.need = (board.target - board.pone, board.target - board.dealer)
        self.memo: dict[tuple[Position, int, int], int] = {}

    def value(self, position: Position, pegged: tuple[int, int] = (0, 0)) -> int:
        """The pone's chance from ``position``, ``pegged`` the points each side has pegged
        in the play so far (a seat that can lay nothing says go first)."""
        if position.actor is not None and not position.legal():
            after, pegs = position.go(single_count=self.single_count)
            return self._after(after, pegs, pegged)
        return self._search(position, *pegged)

    def options(self, position: Position,
                pegged: tuple[int, int] = (0, 0)) -> dict[int, int]:
        """Each rank the actor may lay, with the pone's chance once it is laid."""
        return {order: self._after(*position.lay(order, single_count=self.single_count),
                                   pegged)
                for order in position.legal()}

    def _after(self, position: Position, pegs: tuple[tuple[int, int], ...],
               pegged: tuple[int, int]) -> int:
        pone, dealer = pegged
        need_pone, need_dealer = self.need
        for seat, points in pegs:
            if seat == PONE:
                pone += points
                if pone >= need_pone:
                    return SCALE
            else:
                dealer += points
                if dealer >= need_dealer:
                    return 0
        return self._search(position, pone, dealer)

    def _search(self, position: Position, pone: int, dealer: int) -> int:
        actor = position.actor
        if actor is None:
            return self.board.leaf(pone, dealer)
        key = (position, pone, dealer)
        found = self.memo.get(key)
        if found is not None:
            return found
        after = self._after
        single = self.single_count
        values = [after(*position.lay(order, single_count=single), (pone, dealer))
                  for order in position.legal()]
        best = max(values) if actor == PONE else min(values)
        if self.budget is not None:
            self.budget.spend()
        self.memo[key] = best
        return best


class PlayToWin:
    """The pegging advice's objective ``win`` (:class:`rules.advice.ByChance`): each deal
    searched for the chance of winning, the table after the play at the leaves (the other
    hands are not known with suits, so the show is the table's to guess)."""

    scale = SCALE

    def __init__(self, table: Table, scores: Mapping[str, int] | None,
                 tables: Mapping[Variant, ChanceTable], player: str, *,
                 hand: Sequence[Card], starter: Card) -> None:
        """``scores`` by side before the play, heels included (required: the error says
        so); ``player`` is advised, holding ``hand`` as the play began. The pone's own
        hand is counted at the leaves (it comes first in the show); the dealer's is left
        to the table, since the pone's hand before it is not known. Raises
        :class:`AdviceError` where there is no table for the game or the scores do not
        fit it."""
        try:
            validate_position(table, scores, tables)
        except RecordError as error:
            raise AdviceError(error.problems) from None
        assert scores is not None  # refused above where missing
        self.chance_table = tables[table.variant]
        self.scores = (scores[table.side_of(table.pone).name],
                       scores[table.side_of(table.dealer).name])
        # One board for every deal: the leaves are shared, and they are what costs.
        self.me = table.number(player)
        own = score(hand, starter) if self.me == PONE else None
        self.board = after_play(self.chance_table, *self.scores, pone_hand=own)
        self.single_count = table.variant.spec.single_count

    def options(self, position: Position, pegged: Sequence[int],
                budget: Budget) -> dict[int | None, int]:
        """Each rank the player may lay, by its order (1 the ace; None: a go), with the
        player's chance of winning once it is laid, in fixed point (:data:`SCALE` is 1);
        the play searched within ``budget``."""
        so_far = (pegged[0], pegged[1])  # seat 0 is the pone
        target = self.board.target
        if any(score + points >= target for score, points in zip(self.scores, so_far,
                                                                 strict=True)):
            raise AdviceError.one(("scores",), ProblemCode.CONFLICT,
                                  "the play so far has taken a side to the target")
        search = PlaySearch(self.board, single_count=self.single_count, budget=budget)
        if position.legal():
            wins: dict[int | None, int] = {
                order: value for order, value in search.options(position, so_far).items()}
        else:
            wins = {None: search.value(position, so_far)}
        if self.me != PONE:
            wins = {key: SCALE - value for key, value in wins.items()}
        return wins
