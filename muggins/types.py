"""The shapes of the API's answers, for type checkers (see openapi.yaml for every field)."""

from __future__ import annotations

from typing import Any, Literal, TypedDict

Variant = Literal["six-card", "five-card", "three-player", "four-player", "seven-card"]
Ruleset = Literal["acc", "hoyle", "english", "friendly"]


class Finding(TypedDict, total=False):
    code: str
    message: str
    player: str
    index: int
    points: int
    rule: str
    deal: int


class ShowItem(TypedDict):
    kind: Literal["fifteen", "pair", "run", "flush", "nobs"]
    cards: list[str]
    points: int


class Award(TypedDict):
    player: int
    opponent: int


class HandCheck(TypedDict, total=False):
    hand: list[str]
    starter: str
    crib: bool
    total: int
    breakdown: dict[str, int]
    items: list[ShowItem]
    call: str
    claimed: int
    verdict: Literal["correct", "overcount", "undercount"]
    findings: list[Finding]
    award: Award


class PegScore(TypedDict):
    kind: str
    points: int


class ScoredEvent(TypedDict, total=False):
    index: int
    player: str
    card: str
    go: bool
    legal: bool
    new_count: bool
    count: int
    points: int
    scores: list[PegScore]
    inferred_go: list[str]
    claimed: int


class PeggingCheck(TypedDict, total=False):
    plays: list[ScoredEvent]
    totals: dict[str, int]
    partnerships: list[dict[str, Any]]
    findings: list[Finding]
    award: dict[str, int]


class DealCheck(TypedDict):
    misdeal: bool
    heels: dict[str, int] | None
    play: PeggingCheck | None
    show: dict[str, HandCheck]
    findings: list[Finding]
    scores_before: dict[str, int]
    scores_after: dict[str, int]
    pegged: dict[str, int]
    winner: str | None
    won_during: str | None


class GameCheck(TypedDict):
    deals: list[dict[str, Any]]
    scores: dict[str, int]
    winner: str | None
    margin: str | None
    findings: list[Finding]


class DiscardOption(TypedDict):
    keep: list[str]
    discard: list[str]
    hand_ev: float
    crib_ev: float
    net_ev: float
    exact: dict[str, str]


class Advice(TypedDict):
    cards: list[str]
    dealer: bool
    variant: Variant
    crib: Literal["ours", "theirs"]
    heels_ev: float
    options: list[DiscardOption]
