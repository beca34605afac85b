"""The variants of the game and how each one deals (docs/rules.md#variants)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

__all__ = [
    "CRIB_SIZE",
    "FEWEST_PLAYERS",
    "LAST_FOR_THREE",
    "MOST_CARDS",
    "MOST_PLAYERS",
    "MOST_TO_CRIB",
    "Variant",
    "VariantSpec",
]

CRIB_SIZE = 4
LAST_FOR_THREE = 3
"""What the five-card game's pone pegs before the first deal."""


class Variant(StrEnum):
    """The game played: how many players, and how many cards each is dealt."""

    SIX_CARD = "six-card"
    FIVE_CARD = "five-card"
    THREE_PLAYER = "three-player"
    FOUR_PLAYER = "four-player"
    SEVEN_CARD = "seven-card"

    @property
    def spec(self) -> VariantSpec:
        """What the variant deals, and its target."""
        # Keyed by the value: an enum member hashes in Python, its string value in C, and
        # the referee asks for the spec several times a deal.
        return _SPECS[self._value_]


@dataclass(frozen=True, slots=True)
class VariantSpec:
    """A variant's facts: players, cards dealt and laid away, the crib card, the target, and the
    play's rules that differ."""

    players: int
    dealt: int
    """Cards dealt to each player."""
    to_crib: int
    """Cards each player lays away to the crib."""
    crib_cards_dealt: int
    """Cards dealt straight to the crib (one in the three-player game)."""
    target: int
    single_count: bool
    """The five-card game has one count only: the play ends at the first go."""
    last_for_three: bool
    """The five-card game's pone pegs three at the start of the game."""
    partnerships: tuple[tuple[int, ...], ...] = ()
    """Seats (from the dealer's left, counting from 0) that share a score; none when
    every player keeps their own. Partners sit opposite."""

    @property
    def hand_size(self) -> int:
        """The cards each player keeps for the play and the show."""
        return self.dealt - self.to_crib

    @property
    def crib_size(self) -> int:
        """The crib: what every player lays away, and the card dealt to it."""
        return self.players * self.to_crib + self.crib_cards_dealt

    @property
    def lowest_target(self) -> int:
        """The smallest target a game can have: one more than is pegged before the first
        deal (three for last, in the five-card game)."""
        return 1 + (LAST_FOR_THREE if self.last_for_three else 0)


_SPECS: dict[str, VariantSpec] = {
    Variant.SIX_CARD: VariantSpec(2, 6, 2, 0, 121, single_count=False, last_for_three=False),
    Variant.FIVE_CARD: VariantSpec(2, 5, 2, 0, 61, single_count=True, last_for_three=True),
    Variant.THREE_PLAYER: VariantSpec(3, 5, 1, 1, 121, single_count=False, last_for_three=False),
    Variant.FOUR_PLAYER: VariantSpec(4, 5, 1, 0, 121, single_count=False, last_for_three=False,
                                     partnerships=((0, 2), (1, 3))),
    Variant.SEVEN_CARD: VariantSpec(2, 7, 2, 0, 181, single_count=False, last_for_three=False),
}

# The bounds over every variant: what a request can be held to before its variant is read.
MOST_CARDS = max(spec.dealt for spec in _SPECS.values())
"""The most cards anyone is dealt (the seven-card game's seven)."""
MOST_TO_CRIB = max(spec.to_crib for spec in _SPECS.values())
"""The most cards anyone lays away to the crib."""
MOST_PLAYERS = max(spec.players for spec in _SPECS.values())
FEWEST_PLAYERS = min(spec.players for spec in _SPECS.values())
