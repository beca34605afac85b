"""How a club turns a game into game points: the skunk lines as data, like a ruleset
(docs/rules.md#club-conventions)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

__all__ = ["Convention", "ConventionSpec"]


@dataclass(frozen=True, slots=True)
class ConventionSpec:
    name: str
    source: str
    win: int
    """Game points for a win short of the skunk line."""
    skunk: int
    double_skunk: int
    loss: int
    """Game points for a loss; ignored when ``loss_is_spread``."""
    skunk_line: int = 31
    double_skunk_line: int = 61
    loss_is_spread: bool = False
    """The loser is charged the points they finished behind (the spread)."""
    lower_is_better: bool = False
    """Standings rank the fewest game points first (the pegs-behind count)."""

    def points(self, won: bool, spread: int) -> int:
        """The game points a card earns for one game won or lost by ``spread``."""
        if not won:
            return spread if self.loss_is_spread else self.loss
        if spread >= self.double_skunk_line:
            return self.double_skunk
        if spread >= self.skunk_line:
            return self.skunk
        return self.win

    def possible(self, won: bool) -> frozenset[int] | None:
        """The game points a card may write for a win or a loss (None: any spread)."""
        if won:
            return frozenset({self.win, self.skunk, self.double_skunk})
        return None if self.loss_is_spread else frozenset({self.loss})


class Convention(StrEnum):
    """How the club counts game points: the ACC's (2 a win, 3 a skunk) or pegs behind (the loser
    is charged the spread, the fewest ranked first)."""

    ACC = "acc"
    PEGS_BEHIND = "pegs-behind"

    @property
    def spec(self) -> ConventionSpec:
        """The convention's game points and skunk lines."""
        return _SPECS[self._value_]


_SPECS: dict[str, ConventionSpec] = {
    Convention.ACC: ConventionSpec(
        "ACC", "ACC 12.1 and the ACC point scoring system: 2 for a win, 3 for a skunk "
        "(31 or more), the same 3 for a double skunk, 0 for a loss",
        win=2, skunk=3, double_skunk=3, loss=0),
    Convention.PEGS_BEHIND: ConventionSpec(
        "Pegs behind", "a club convention: the winner is charged 0, the loser the points they "
        "finished behind (121 less their score); the fewest charged ranks first",
        win=0, skunk=0, double_skunk=0, loss=0, loss_is_spread=True, lower_is_better=True),
}
