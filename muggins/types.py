"""The shapes of the API's answers, for type checkers (see openapi.yaml for every field)."""

from __future__ import annotations

from typing import Any, Literal, TypedDict

Variant = Literal["six-card", "five-card", "three-player", "four-player", "seven-card"]
Ruleset = Literal["acc", "hoyle", "english", "friendly"]
FindingCode = Literal["overcount", "undercount", "muggins", "impossible-claim", "over-31",
                      "out-of-turn", "renege", "card-not-held", "card-already-played",
                      "cards-left-unplayed", "heels-forfeited", "misdeal",
                      "false-claim-of-game", "ambiguous-record", "spread-disagreement",
                      "spread-on-one-card", "results-disagree", "spread-wrong-column",
                      "game-points-corrected", "totals-corrected", "no-harm-no-foul",
                      "game-on-one-card", "spread-missing", "game-record-outranks"]
PegKind = Literal["fifteen", "thirty-one", "pair", "pair-royal", "double-pair-royal", "run", "go",
                  "last-card"]
Stage = Literal["misdeal", "heels", "play", "show"]
Margin = Literal["single", "skunk", "double-skunk", "lurch"]
DealPart = Literal["heels", "play", "pone_hand", "dealer_hand", "crib"]
"""The parts of a deal in the order they are pegged (``/v1/chances``'s ``after``)."""
"""These lists are the library's own (``rules``); tests/test_lists.py holds them equal."""


class Finding(TypedDict, total=False):
    code: FindingCode
    message: str
    player: str
    index: int
    points: int
    rule: str
    deal: int
    rulebook: str


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
    kind: PegKind
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
    claimed_go: int


Phase = Literal["discard", "cut", "play", "show", "over"]


class Next(TypedDict, total=False):
    """What comes next in a deal in progress (``legal`` and ``go`` in the play, where the
    player's cards are known)."""

    phase: Phase
    player: str | None
    count: int | None
    legal: list[str]
    go: bool


class PeggingCheck(TypedDict, total=False):
    plays: list[ScoredEvent]
    totals: dict[str, int]
    partnerships: list[dict[str, Any]]
    findings: list[Finding]
    award: dict[str, int]
    next: Next


class DealCheck(TypedDict, total=False):
    misdeal: bool
    heels: dict[str, int] | None
    play: PeggingCheck | None
    show: dict[str, HandCheck]
    findings: list[Finding]
    scores_before: dict[str, int]
    scores_after: dict[str, int]
    pegged: dict[str, int]
    winner: str | None
    won_during: Stage | None
    next: Next
    target: int


class GameCheck(TypedDict):
    deals: list[dict[str, Any]]
    scores: dict[str, int]
    winner: str | None
    margin: Margin | None
    findings: list[Finding]
    target: int


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


class CardReview(TypedDict):
    index: int
    player: str
    card: str
    loss: int | None
    best: list[str]
    game: bool
    win_loss: float | None
    """The chance of winning given up (0 to 1); None where the game has no table."""


class PlayReview(TypedDict):
    cards: list[CardReview]
    stopped_at: int | None
    reason: str | None


class Lost(TypedDict):
    discard: float
    play: int
    count: int
    exact: dict[str, str]


class DiscardReview(TypedDict):
    discard: list[str]
    keep: list[str]
    net_ev: float
    best: dict[str, Any]
    loss: float
    rank: int
    options: int
    win_loss: float | None
    """The chance of winning given up; None where no chance table covers the game."""
    win_by: Literal["dealt", "slope"] | None
    best_by_win: dict[str, list[str]] | None
    """The best discard by the chance of winning (``discard``, ``keep``)."""
    exact: dict[str, str]


class PlayerFigures(TypedDict):
    """A game review's ``players``: the mean ``win_loss`` per unforced decision, how many
    were counted, and the chance the cards and cuts were worth against the mean."""

    error_rate: float
    decisions: int
    luck: float


class DealReview(TypedDict, total=False):
    objective: str
    deal: int
    dealer: str
    discards: dict[str, DiscardReview]
    play: PlayReview | None
    count: list[dict[str, Any]]
    lost: dict[str, Lost]
    findings: list[Finding]
    scores_after: dict[str, int]
    winner: str | None
    won_during: str | None
    target: int
    """A deal's review says it; each deal of a game's review does not (the game does)."""


class GameReview(TypedDict):
    objective: str
    deals: list[DealReview]
    lost: dict[str, Lost]
    scores: dict[str, int]
    winner: str | None
    margin: str | None
    findings: list[Finding]
    target: int
    chances: list[dict[str, Any]] | None
    players: dict[str, PlayerFigures] | None
    """None where no chance table covers the game."""


class PlayOption(TypedDict, total=False):
    card: str
    go: bool
    expected: float
    exact: str
    stderr: float | None
    win: float
    """With the objective ``win``: the mean chance of winning, the player's side."""


class PlayAdvice(TypedDict):
    player: str
    count: int
    objective: Literal["points", "win"]
    method: Literal["exact", "sampled"]
    deals: int
    model: str
    samples: int
    seed: int
    options: list[PlayOption]


class ChanceTableFacts(TypedDict):
    deals: int
    seed: int | None
    version: str | None


class Chances(TypedDict):
    """``/v1/chances``: each value is by player name, the pone first."""

    variant: Variant
    target: int
    pone: str
    dealer: str
    scores: dict[str, int]
    after: DealPart | None
    win: dict[str, float]
    skunk: dict[str, float]
    double_skunk: dict[str, float]
    game_points: dict[str, float]
    interval: float
    samples: int
    table: ChanceTableFacts
