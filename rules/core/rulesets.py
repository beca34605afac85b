"""The rule profiles and their remedies (docs/rules.md#remedies).

A remedy is data, not code scattered through the referee: each profile says what
the offender and the opponent peg for each kind of error, and the words a club app
can show to explain the ruling.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from rules.core.codes import FindingCode

__all__ = ["MarginRule", "OvercountPenalty", "Ruleset", "RulesetSpec"]


class OvercountPenalty(StrEnum):
    EXCESS = "excess"
    """The opponent pegs what was claimed beyond the true score."""
    TWO = "two"
    NONE = "none"


class FalseGameRemedy(StrEnum):
    SET_BACK_15 = "set-back-15"
    """ACC 8.4.b: back to the true score, the opponent pegs the overclaim up to the game
    hole, and 15 more back."""
    CORRECTED = "corrected"
    LOSES_GAME = "loses-game"


class MarginRule(StrEnum):
    """How a big win is measured (docs/rules.md#margins)."""

    SKUNK = "skunk"
    """ACC: a win by 31 or more is a skunk, by 61 or more a double skunk."""
    LURCH = "lurch"
    """Hoyle and the English laws: the loser short of half the target is lurched."""


class MisdealRemedy(StrEnum):
    REDEAL = "redeal"
    PONE_PEGS_2 = "pone-pegs-2"


@dataclass(frozen=True, slots=True)
class RulesetSpec:
    """A ruleset's behaviour as data: its penalties, remedies, margins and the rules it
    cites."""

    name: str
    source: str
    overcount: OvercountPenalty
    undercount_corrected: bool
    """Friendly play gives missed points back to the player (unless muggins is on)."""
    renege_points: int
    """What the opponent pegs for a renege."""
    renege_per_card: bool
    """ACC 7.3: two for each card that could have been played singly."""
    renege_retracts: bool
    """ACC 7.3: points pegged after a renege, to the end of its count, are retracted."""
    heels_forfeited: bool
    false_game: FalseGameRemedy
    misdeal: MisdealRemedy
    margin: MarginRule
    remedies: Mapping[FindingCode, str]
    """Each remedy in words, by the finding it remedies."""
    cited: str | None = None
    """What a finding cites under this ruleset, unless ``citations`` names a rule."""
    citations: Mapping[FindingCode, str] = field(default_factory=dict)

    def cite(self, code: FindingCode) -> str | None:
        """The printed rule behind a ``code`` finding under this ruleset, or None where none
        applies."""
        return self.citations.get(code, self.cited)

    def overcount_award(self, excess: int) -> int:
        """What the opponent pegs when a player claims ``excess`` points too many."""
        if self.overcount is OvercountPenalty.EXCESS:
            return excess
        if self.overcount is OvercountPenalty.TWO:
            return 2
        return 0

    def renege_award(self, playable_cards: int) -> int:
        """What the opponent pegs for a renege in which ``playable_cards`` could have been
        laid."""
        if self.renege_per_card:
            return self.renege_points * max(playable_cards, 1)
        return self.renege_points


class Ruleset(StrEnum):
    """The rules the referee applies: the ACC's, Hoyle's, the English laws, or friendly play."""

    ACC = "acc"
    HOYLE = "hoyle"
    ENGLISH = "english"
    FRIENDLY = "friendly"

    @property
    def spec(self) -> RulesetSpec:
        """The ruleset's behaviour."""
        return _SPECS[self._value_]  # by value, which hashes in C (see Variant.spec)


_MUGGINS = (
    "with muggins on, the opponent takes the missed points (never heels, penalties, or a "
    "missed muggins)"
)
_OUT_OF_TURN = "flagged; once both have played on, the play stands (ACC 7.1.b)"
_OVER_31 = "the card is taken back and scores nothing; points pegged for it are an overcount"

_SPECS: dict[str, RulesetSpec] = {
    Ruleset.ACC: RulesetSpec(
        name="American Cribbage Congress tournament rules",
        source="ACC Official Tournament Rules",
        overcount=OvercountPenalty.EXCESS,
        undercount_corrected=False,
        renege_points=2,
        renege_per_card=True,
        renege_retracts=True,
        heels_forfeited=True,
        false_game=FalseGameRemedy.SET_BACK_15,
        misdeal=MisdealRemedy.REDEAL,
        margin=MarginRule.SKUNK,
        citations={
            FindingCode.OVERCOUNT: "ACC 8.4",
            FindingCode.UNDERCOUNT: "ACC 8.3",
            FindingCode.MUGGINS: "ACC 10.1.a",
            FindingCode.OVER_31: "ACC 7.1.e",
            FindingCode.RENEGE: "ACC 7.3",
            FindingCode.OUT_OF_TURN: "ACC 7.1.b",
            FindingCode.HEELS_FORFEITED: "ACC 6.3",
            FindingCode.FALSE_CLAIM_OF_GAME: "ACC 8.4.b",
            FindingCode.MISDEAL: "ACC 4.4",
        },
        remedies={
            FindingCode.OVERCOUNT:
                "corrected to the true score and the opponent pegs the excess (ACC 8.4)",
            FindingCode.UNDERCOUNT: f"the missed points are lost; {_MUGGINS}",
            FindingCode.RENEGE:
                "the opponent pegs 2 for each card that could have been played singly, "
                "and points pegged after the renege to the end of that count are retracted; a go "
                "corrected by the player's own card before anything else happens is no renege "
                "(ACC 7.3)",
            FindingCode.OVER_31: _OVER_31,
            FindingCode.OUT_OF_TURN: _OUT_OF_TURN,
            FindingCode.HEELS_FORFEITED:
                "heels not pegged before the dealer's first card are forfeited, "
                "never taken as muggins (ACC 6.3, 10.3)",
            FindingCode.FALSE_CLAIM_OF_GAME:
                "the offender is set back to the true score, the opponent pegs the overclaim "
                "up to the game hole, and the offender goes back 15 more (ACC 8.4.b)",
            FindingCode.MISDEAL: "redeal by the same dealer (ACC 4.4)",
        },
    ),
    Ruleset.HOYLE: RulesetSpec(
        name="Hoyle",
        source="According to Hoyle",
        overcount=OvercountPenalty.TWO,
        undercount_corrected=False,
        renege_points=2,
        renege_per_card=False,
        renege_retracts=False,
        heels_forfeited=True,
        false_game=FalseGameRemedy.CORRECTED,
        misdeal=MisdealRemedy.PONE_PEGS_2,
        margin=MarginRule.LURCH,
        cited="Hoyle",
        remedies={
            FindingCode.OVERCOUNT: "corrected to the true score; the opponent pegs 2",
            FindingCode.UNDERCOUNT: f"the missed points are lost; {_MUGGINS}",
            FindingCode.RENEGE: "the opponent pegs 2",
            FindingCode.OVER_31: _OVER_31,
            FindingCode.OUT_OF_TURN: "flagged",
            FindingCode.HEELS_FORFEITED:
                "heels not pegged before the dealer's first card are forfeited",
            FindingCode.FALSE_CLAIM_OF_GAME: "corrected; the opponent pegs 2",
            FindingCode.MISDEAL: "the non-dealer pegs 2 (or a redeal)",
        },
    ),
    Ruleset.ENGLISH: RulesetSpec(
        name="English laws",
        source="The Accepted Laws of Cribbage",
        overcount=OvercountPenalty.EXCESS,
        undercount_corrected=False,
        renege_points=2,
        renege_per_card=False,
        renege_retracts=False,
        heels_forfeited=True,
        false_game=FalseGameRemedy.LOSES_GAME,
        misdeal=MisdealRemedy.PONE_PEGS_2,
        margin=MarginRule.LURCH,
        cited="English laws",
        citations={
            FindingCode.MISDEAL: "English laws iii",
            FindingCode.OVERCOUNT: "English laws ix",
            FindingCode.FALSE_CLAIM_OF_GAME: "English laws xvi",
            FindingCode.RENEGE: "English laws xxi",
        },
        remedies={
            FindingCode.OVERCOUNT: "corrected; the opponent pegs the excess",
            FindingCode.UNDERCOUNT: f"the missed points are lost; {_MUGGINS}",
            FindingCode.RENEGE: "the opponent pegs 2 (the offender forfeits two holes)",
            FindingCode.OVER_31: _OVER_31,
            FindingCode.OUT_OF_TURN: "flagged",
            FindingCode.HEELS_FORFEITED:
                "heels not pegged before the dealer's first card are forfeited",
            FindingCode.FALSE_CLAIM_OF_GAME:
                "the opponent first pegs the excess claimed (ix), then the offender loses "
                "the game (xvi): the opponent wins, at the game hole",
            FindingCode.MISDEAL: "the non-dealer pegs 2",
        },
    ),
    Ruleset.FRIENDLY: RulesetSpec(
        name="Friendly",
        source="house rules for casual play",
        overcount=OvercountPenalty.NONE,
        undercount_corrected=True,
        renege_points=0,
        renege_per_card=False,
        renege_retracts=False,
        heels_forfeited=False,
        false_game=FalseGameRemedy.CORRECTED,
        misdeal=MisdealRemedy.REDEAL,
        margin=MarginRule.SKUNK,
        remedies={
            FindingCode.OVERCOUNT: "corrected",
            FindingCode.UNDERCOUNT:
                "corrected in the player's favour; with muggins on, the opponent "
                "takes the missed points instead",
            FindingCode.RENEGE: "flagged only",
            FindingCode.OVER_31: _OVER_31,
            FindingCode.OUT_OF_TURN: "flagged",
            FindingCode.HEELS_FORFEITED: "corrected: the dealer pegs the heels anyway",
            FindingCode.FALSE_CLAIM_OF_GAME: "corrected",
            FindingCode.MISDEAL: "redeal",
        },
    ),
}
