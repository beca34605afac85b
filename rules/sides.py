"""Who keeps a score: each player, or in the four-player game each partnership.

Partners sit opposite, so seats 1 and 3 make one side and seats 2 and 4 the other.
A partnership is named by its two players joined with ``&`` (``"north&south"``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.variants import Variant

__all__ = ["Sides"]

PARTNERS = "&"


@dataclass(frozen=True, slots=True)
class Sides:
    names: tuple[str, ...]
    """The sides in seat order of their first player."""
    of: dict[str, str]
    """The side each player belongs to."""

    @classmethod
    def for_table(cls, players: Sequence[str], variant: Variant) -> Sides:
        if variant is Variant.FOUR_PLAYER:
            first = f"{players[0]}{PARTNERS}{players[2]}"
            second = f"{players[1]}{PARTNERS}{players[3]}"
            return cls((first, second), {players[0]: first, players[2]: first,
                                         players[1]: second, players[3]: second})
        return cls(tuple(players), {player: player for player in players})

    def zero(self) -> dict[str, int]:
        return dict.fromkeys(self.names, 0)
