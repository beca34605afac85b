"""Findings and rulings on claims (docs/rules.md#claims and the remedies after it).

A claim is what a player announced and pegged. The referee compares it with the
truth, reports every difference as a :class:`Finding`, and works out what each
side pegs under the chosen ruleset with muggins on or off.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from enum import StrEnum

from rules.core.codes import FindingCode
from rules.core.rulesets import Ruleset

__all__ = [
    "NINETEEN",
    "RULEBOOK",
    "RULEBOOK_LINK",
    "ClaimRuling",
    "Finding",
    "FindingCode",
    "Verdict",
    "cite",
    "read_claim",
    "rule_on_claim",
]

NINETEEN = 19
"""The traditional announcement of a hand worth nothing."""

RULEBOOK = "docs/rules.md"
"""The project's rule book; each finding code is the anchor of its section there."""
RULEBOOK_LINK = "/rules"
"""Where the service serves the rule book, relative to the server: a finding's link."""


class Verdict(StrEnum):
    """A claim against the true count."""

    CORRECT = "correct"
    OVERCOUNT = "overcount"
    UNDERCOUNT = "undercount"


@dataclass(frozen=True, slots=True)
class Finding:
    """A rule broken at the table, or a fact of the record the referee reports: its code, the
    message, and where known the player, the event's index, the points, the printed rule and the
    deal."""

    code: FindingCode
    message: str
    player: str | None = None
    index: int | None = None
    points: int | None = None
    rule: str | None = None
    deal: int | None = field(default=None, compare=False)

    @property
    def rulebook(self) -> str:
        """Where the rule book explains the ruling."""
        return f"{RULEBOOK_LINK}#{self.code.value}"

    def to_dict(self) -> dict[str, object]:
        """The finding as the API writes it: the fields that are set, and its ``rulebook``
        link."""
        out: dict[str, object] = {"code": self.code.value, "message": self.message}
        for name in ("player", "index", "points", "rule", "deal"):
            value = getattr(self, name)
            if value is not None:
                out[name] = value
        out["rulebook"] = self.rulebook
        return out


def cite(code: FindingCode, ruleset: Ruleset) -> str | None:
    """The rule behind a finding under ``ruleset`` (its spec says which)."""
    return ruleset.spec.cite(code)


def read_claim(claimed: int, *, nineteen_is_zero: bool) -> int:
    """What a claim is worth: its number, except a claim of 19 where that means nothing."""
    return 0 if nineteen_is_zero and claimed == NINETEEN else claimed


@dataclass(frozen=True, slots=True)
class ClaimRuling:
    """A claim ruled on: as claimed and as read, the true count, the verdict, what the player
    and the opponent peg under the ruleset, and the findings."""

    claimed: int
    read: int
    """The claim as the referee reads it (19 may mean 0)."""
    true: int
    verdict: Verdict
    player_pegs: int
    opponent_pegs: int
    findings: tuple[Finding, ...]


def rule_on_claim(
    claimed: int,
    true: int,
    *,
    ruleset: Ruleset,
    muggins: bool,
    player: str,
    what: str,
    possible: Collection[int] | None = None,
    index: int | None = None,
    nineteen_is_zero: bool = False,
    room: int | None = None,
) -> ClaimRuling:
    """Rule on one claim: the verdict, what each side pegs, and the findings.

    ``possible`` is the set of totals that can exist for what is claimed; a claim
    outside it is also an ``impossible-claim``. ``nineteen_is_zero``: a claim of 19
    means nothing (a hand that cannot make 19, :func:`rules.show.show.nineteen_means_zero`).
    ``room`` is what the claimant's side still needs to reach the target: a claim and a
    truth that both reach it peg the same winning hole, so the claim is correct
    (docs/rules.md#after-the-win).
    """
    spec = ruleset.spec
    read = read_claim(claimed, nineteen_is_zero=nineteen_is_zero)
    if room is not None and read >= room and true >= room:
        # What either would peg past the game hole comes after the win: nothing to rule.
        return ClaimRuling(claimed, read, true, Verdict.CORRECT, true, 0, ())
    findings: list[Finding] = []

    def find(code: FindingCode, message: str, points: int | None = None) -> None:
        findings.append(Finding(code, message, player, index, points, cite(code, ruleset)))

    if possible is not None and read not in possible:
        find(FindingCode.IMPOSSIBLE_CLAIM, f"{player} claimed {claimed} for {what}: "
             "no hand of this kind can count that")

    # The claim as the table said it: a nineteen is quoted so, with what it means.
    said = f"{claimed} (a hand worth nothing)" if read != claimed else f"{claimed}"
    if read > true:
        excess = read - true
        opponent = spec.overcount_award(excess)
        find(FindingCode.OVERCOUNT, f"{player} claimed {said} for {what}, which counts {true}: "
             f"{excess} too many", excess)
        return ClaimRuling(claimed, read, true, Verdict.OVERCOUNT, true, opponent, tuple(findings))

    if read < true:
        missed = true - read
        find(FindingCode.UNDERCOUNT, f"{player} claimed {said} for {what}, which counts {true}: "
             f"{missed} missed", missed)
        if muggins:
            find(FindingCode.MUGGINS, f"muggins: the opponent takes the {missed} that {player} "
                 "missed", missed)
            return ClaimRuling(claimed, read, true, Verdict.UNDERCOUNT, read, missed,
                               tuple(findings))
        pegs = true if spec.undercount_corrected else read
        return ClaimRuling(claimed, read, true, Verdict.UNDERCOUNT, pegs, 0, tuple(findings))

    return ClaimRuling(claimed, read, true, Verdict.CORRECT, true, 0, tuple(findings))
