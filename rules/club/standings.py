"""The standings: every tiebreak in order, each shown (docs/rules.md#club-standings).

Game points, then games won, then net spread, then plus points (the spreads of the
games won), then head-to-head among the players still level, and last a one-game
playoff, which the standings cannot play: those players share a rank.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from rules.club.cards import Scorecard
from rules.club.conventions import ConventionSpec

__all__ = ["STEP_WORDS", "Standing", "Step", "Tally", "rank", "tally"]


class Step(StrEnum):
    """The tiebreaks, in the order they are tried."""

    GAME_POINTS = "game_points"
    WINS = "wins"
    SPREAD = "spread"
    PLUS = "plus"
    HEAD_TO_HEAD = "head_to_head"
    PLAYOFF = "playoff"


STEP_WORDS = {
    Step.GAME_POINTS: "ahead on game points",
    Step.WINS: "ahead on games won",
    Step.SPREAD: "ahead on spread",
    Step.PLUS: "ahead on plus points",
    Step.HEAD_TO_HEAD: "ahead head to head",
    Step.PLAYOFF: "level after every tiebreak: a playoff",
}
"""What put a player above the next, in words for a tally sheet ("ahead on", not "more":
under the pegs-behind convention fewer game points are better)."""


@dataclass(frozen=True, slots=True)
class Tally:
    game_points: int
    wins: int
    losses: int
    spread: int
    plus: int

    def key(self, convention: ConventionSpec) -> tuple[int, int, int, int]:
        """Smaller sorts first (better)."""
        points = self.game_points if convention.lower_is_better else -self.game_points
        return (points, -self.wins, -self.spread, -self.plus)


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's place in the standings: the rank, the tally of the night, and the tiebreak
    that set them above the next player."""

    player: str
    rank: int
    tally: Tally
    head_to_head: int | None
    """Games won against the players level with this one on every earlier tiebreak
    (the last such group it was compared in); None when no head-to-head was needed."""
    tiebreak: Step | None
    """What put this player above the next one (PLAYOFF: nothing did); None for the last."""


def tally(card: Scorecard) -> Tally:
    points = wins = losses = spread = plus = 0
    for line in card.lines:
        if line.bye:
            continue
        points += line.game_points or 0
        wins += line.won
        losses += not line.won
        signed = line.signed_spread
        spread += signed
        plus += max(signed, 0)
    return Tally(points, wins, losses, spread, plus)


def _wins_against(cards: Mapping[str, Scorecard], player: str, group: set[str]) -> tuple[int, int]:
    """Games ``player`` won against ``group``, and games played against it."""
    won = played = 0
    for line in cards[player].lines:
        if line.opponent in group and line.opponent != player:
            played += 1
            won += line.won
    return won, played


def _head_to_head(cards: Mapping[str, Scorecard], group: list[str],
                  scores: dict[str, int]) -> list[list[str]]:
    """Split a level group by wins among its members, again within each part that is
    still level, until nothing changes; what is left level is a playoff."""
    if len(group) == 1:
        return [group]
    members = set(group)
    counts = {player: _wins_against(cards, player, members) for player in group}
    if not any(played for _, played in counts.values()):
        return [sorted(group)]
    for player in group:
        scores[player] = counts[player][0]
    levels = sorted({won for won, _ in counts.values()}, reverse=True)
    if len(levels) == 1:
        return [sorted(group)]
    tiers: list[list[str]] = []
    for level in levels:
        part = [player for player in group if counts[player][0] == level]
        tiers += _head_to_head(cards, part, scores)
    return tiers


def rank(cards: Sequence[Scorecard], convention: ConventionSpec,
         tallies: Mapping[str, Tally] | None = None) -> list[Standing]:
    """Everyone best first; players still level after head-to-head share a rank."""
    by_player = {card.player: card for card in cards}
    tallies = tallies or {card.player: tally(card) for card in cards}
    keys = {player: tallies[player].key(convention) for player in by_player}
    keyed = sorted(by_player, key=lambda p: (keys[p], p))
    tiers: list[list[str]] = []
    scores: dict[str, int] = {}
    start = 0
    while start < len(keyed):
        key = keys[keyed[start]]
        end = start
        while end < len(keyed) and keys[keyed[end]] == key:
            end += 1
        group = keyed[start:end]
        parts = _head_to_head(by_player, group, scores) if len(group) > 1 else [group]
        tiers += parts
        start = end
    standings: list[Standing] = []
    place = 1
    for n, part in enumerate(tiers):
        for m, player in enumerate(part):
            if m + 1 < len(part):
                step: Step | None = Step.PLAYOFF
            elif n + 1 < len(tiers):
                step = _separating(tallies[player], tallies[tiers[n + 1][0]], convention)
            else:
                step = None
            standings.append(Standing(player, place, tallies[player], scores.get(player),
                                      step))
        place += len(part)
    return standings


def _separating(above: Tally, below: Tally, convention: ConventionSpec) -> Step:
    for step, mine, theirs in zip((Step.GAME_POINTS, Step.WINS, Step.SPREAD, Step.PLUS),
                                  above.key(convention), below.key(convention), strict=True):
        if mine != theirs:
            return step
    return Step.HEAD_TO_HEAD
