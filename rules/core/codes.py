"""The finding codes: every kind of thing the referee reports (each the anchor of its
section in docs/rules.md).

One list, in its own module, because both the rulesets (whose remedies and citations
are keyed by it) and the rulings (which report findings) need it.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["SCORECARD_CODES", "FindingCode"]


class FindingCode(StrEnum):
    """What a finding is about: a broken rule of the table, or a scorecard's mistake on a club
    night. Each is a section of the rule book (docs/rules.md); new codes come in minor
    versions."""

    OVERCOUNT = "overcount"
    UNDERCOUNT = "undercount"
    MUGGINS = "muggins"
    IMPOSSIBLE_CLAIM = "impossible-claim"
    OVER_31 = "over-31"
    OUT_OF_TURN = "out-of-turn"
    RENEGE = "renege"
    CARD_NOT_HELD = "card-not-held"
    CARD_ALREADY_PLAYED = "card-already-played"
    CARDS_LEFT_UNPLAYED = "cards-left-unplayed"
    HEELS_FORFEITED = "heels-forfeited"
    MISDEAL = "misdeal"
    FALSE_CLAIM_OF_GAME = "false-claim-of-game"
    AMBIGUOUS_RECORD = "ambiguous-record"
    # A club night's cross-check of scorecards (rules/club/).
    SPREAD_DISAGREEMENT = "spread-disagreement"
    SPREAD_ON_ONE_CARD = "spread-on-one-card"
    RESULTS_DISAGREE = "results-disagree"
    SPREAD_WRONG_COLUMN = "spread-wrong-column"
    GAME_POINTS_CORRECTED = "game-points-corrected"
    TOTALS_CORRECTED = "totals-corrected"
    NO_HARM_NO_FOUL = "no-harm-no-foul"
    GAME_ON_ONE_CARD = "game-on-one-card"
    SPREAD_MISSING = "spread-missing"
    GAME_RECORD_OUTRANKS = "game-record-outranks"


SCORECARD_CODES = frozenset({
    FindingCode.SPREAD_DISAGREEMENT, FindingCode.SPREAD_ON_ONE_CARD,
    FindingCode.RESULTS_DISAGREE, FindingCode.SPREAD_WRONG_COLUMN,
    FindingCode.GAME_POINTS_CORRECTED, FindingCode.TOTALS_CORRECTED,
    FindingCode.NO_HARM_NO_FOUL, FindingCode.GAME_ON_ONE_CARD, FindingCode.SPREAD_MISSING,
    FindingCode.GAME_RECORD_OUTRANKS,
})
"""The findings of a club night's cross-check. Each names its rule itself, because one
code answers to several parts of ACC 12.2 (a disagreement is 12.2.a with one qualifier
and 12.2.b with two); no ruleset's table of citations applies to them."""
