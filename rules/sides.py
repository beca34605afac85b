"""Who keeps a score: each player, or in the four-player game each partnership.

Partners sit opposite, so seats 1 and 3 make one side and seats 2 and 4 the other.
A partnership is named by its two players joined with ``&`` (``"north&south"``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.core.variants import Variant

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
        """The sides of a table seated ``players`` (from the dealer's left), by the
        variant's partnerships."""
        partnerships = variant.spec.partnerships
        if not partnerships:
            return cls(tuple(players), {player: player for player in players})
        names: list[str] = []
        of: dict[str, str] = {}
        for seats in partnerships:
            name = PARTNERS.join(players[seat] for seat in seats)
            names.append(name)
            of.update((players[seat], name) for seat in seats)
        return cls(tuple(names), of)

    def zero(self) -> dict[str, int]:
        return dict.fromkeys(self.names, 0)
