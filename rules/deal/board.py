"""The deal's pegboard: scores pegged strictly in order, stopping the moment a side
reaches the target, and the deal's own rulings as they are pegged: heels, the award
after an overcount, and a false claim of game with each ruleset's remedy
(docs/rules.md#game-end, docs/rules.md#false-claim-of-game).

:mod:`rules.deal.check` referees the deal on it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum

from rules.core.cards import Card, Rank
from rules.core.codes import FindingCode
from rules.core.findings import rule_on_claim
from rules.core.rulesets import FalseGameRemedy, Ruleset
from rules.core.table import Table
from rules.deal.record import DealClaims

__all__ = ["FALSE_GAME_SETBACK", "HEELS", "Heels", "Pegboard", "Stage", "award", "false_claim",
           "peg_heels"]

HEELS = 2
FALSE_GAME_SETBACK = 15


class Stage(StrEnum):
    """When a deal's game was won: on a misdeal's penalty, on heels, in the play or at the
    show."""

    MISDEAL = "misdeal"
    HEELS = "heels"
    PLAY = "play"
    SHOW = "show"


@dataclass(frozen=True, slots=True)
class Heels:
    """Heels: what the starter is worth to the dealer, what he claimed, and what he pegs."""

    points: int
    """What the starter is worth to the dealer: 2 for a jack."""
    claimed: int | None
    pegged: int

@dataclass(slots=True)
class Pegboard:
    """Scores by side, pegged in order; it stops the moment a side reaches the target."""

    table: Table
    scores: dict[str, int]
    claimed: dict[str, int]
    winner: str | None = None
    won_during: Stage | None = None
    false_claim: set[str] = field(default_factory=set)
    forfeit: tuple[str, Stage] | None = None
    """A game lost by a false claim (English laws xvi), to the side named: settled once
    the overcount's award to that side is pegged (English laws ix come first)."""

    def room(self, player: str) -> int:
        """What ``player``'s side still needs to reach the target."""
        return self.table.target - self.scores[self.table.side_of(player).name]

    def peg(self, player: str, points: int, stage: Stage, claimed: int | None = None) -> bool:
        """Peg ``points`` for ``player``'s side, who claimed ``claimed`` for them (the
        same, if not given). True when the side's claims first reach the target while
        its true score has not: a false claim of game."""
        if self.winner is not None:
            return False
        side = self.table.side_of(player).name
        target = self.table.target
        if self.forfeit is not None and side != self.forfeit[0]:
            self.settle()
            return False
        points = min(max(points, 0), target - self.scores[side])  # the game hole
        self.scores[side] += points
        if self.scores[side] >= target:
            self.winner, self.won_during = side, stage
            return False
        if self.forfeit is not None:  # that was the overcount's award: now the game is lost
            self.settle()
            return False
        before = self.claimed[side]
        self.claimed[side] += points if claimed is None else claimed
        return before < target <= self.claimed[side]

    def settle(self) -> None:
        """A game lost by a false claim goes to the opponent, at the game hole."""
        if self.forfeit is not None and self.winner is None:
            side, stage = self.forfeit
            self.scores[side] = self.table.target
            self.winner, self.won_during = side, stage
        self.forfeit = None


_Find = Callable[..., None]
_Peg = Callable[..., int | None]


def award(points: int, most: int | None) -> int:
    """An overcount's award to the opponent, within ``most`` if a false claim of game
    limits it (ACC 8.4.b: up to the game hole)."""
    return points if most is None else min(points, most)


def peg_heels(table: Table, starter: Card, ruleset: Ruleset, claims: DealClaims | None,
           peg: _Peg, find: _Find, room: Callable[[str], int]) -> Heels:
    true = HEELS if starter.rank is Rank.JACK else 0
    claimed = None if claims is None else claims.heels
    dealer = table.dealer
    if claimed is None:
        peg(dealer, true, Stage.HEELS)
        return Heels(true, None, true)
    if true and claimed == 0:
        # Not pegged before the dealer's first card: forfeited, and never muggins.
        pegged = 0 if ruleset.spec.heels_forfeited else true
        remedy = ruleset.spec.remedies[FindingCode.HEELS_FORFEITED]
        find(FindingCode.HEELS_FORFEITED, f"{dealer} did not peg his heels: {remedy}",
             dealer, true - pegged)
        peg(dealer, pegged, Stage.HEELS, 0)
        return Heels(true, claimed, pegged)
    # Heels are never muggins: a short claim simply loses the difference.
    ruling = rule_on_claim(claimed, true, ruleset=ruleset, muggins=False, player=dealer,
                           what="his heels", room=room(dealer))
    for finding in ruling.findings:
        find(finding.code, finding.message, dealer, finding.points)
    most = peg(dealer, ruling.player_pegs, Stage.HEELS, claimed)
    peg(table.left_of(dealer), award(ruling.opponent_pegs, most), Stage.HEELS)
    return Heels(true, claimed, ruling.player_pegs)


def false_claim(player: str, stage: Stage, board: Pegboard, ruleset: Ruleset,
                 find: _Find) -> int | None:
    """A side's claims reached the target while its true score has not: a false claim
    of game (docs/rules.md#false-claim-of-game), remedied at once.

    Under ACC 8.4.b the opponent is awarded the overclaim only up to the game hole:
    the points from the true score to the target are returned, for the caller to
    limit the opponent's overcount award to them. None: no limit.
    """
    table = board.table
    side = table.side_of(player).name
    if board.winner is not None or side in board.false_claim:
        return None
    board.false_claim.add(side)
    remedy = ruleset.spec.false_game
    words = ruleset.spec.remedies[FindingCode.FALSE_CLAIM_OF_GAME]
    points: int | None = None
    most: int | None = None
    if remedy is FalseGameRemedy.SET_BACK_15:
        most = table.target - board.scores[side]
        points = min(FALSE_GAME_SETBACK, board.scores[side])
        board.scores[side] -= points
    find(FindingCode.FALSE_CLAIM_OF_GAME,
         f"{player} claimed game at {board.claimed[side]}, but the true score is "
         f"{board.scores[side] + (points or 0)}: {words}", player, points)
    if remedy is FalseGameRemedy.LOSES_GAME:
        # English laws ix before xvi: the opponent pegs the overcount's excess (the peg
        # that follows), then wins the game.
        board.forfeit = (table.side_of(table.left_of(player)).name, stage)
    return most
