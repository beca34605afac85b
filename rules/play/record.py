"""The play's record and its scored events: what the referee reads and what it answers,
and what makes a record refereeable (:func:`check_play_record`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from rules.core.cards import Card
from rules.core.errors import ProblemCode, Problems, check_claim, not_seated
from rules.core.table import Table
from rules.play.pegging import PegKind, PegScore

__all__ = ["Peg", "PlayEvent", "ScoredEvent", "check_play_record"]


@dataclass(frozen=True, slots=True)
class PlayEvent:
    """One recorded event: a card laid, or a go (``card`` is None). A card's ``claimed``
    covers what it scored when laid; ``claimed_go`` claims the go or last card it earned
    (docs/rules.md#claims-in-the-play)."""

    player: str
    card: Card | None = None
    claimed: int | None = None
    """What the player claimed for the event when it happened."""
    claimed_go: int | None = None
    """A card's claim for a go or last-card point it earned later (docs/rules.md#go)."""

    @property
    def go(self) -> bool:
        """The event is a go: no card laid."""
        return self.card is None


@dataclass(slots=True)
class ScoredEvent:
    """One event of a recorded play as the referee scored it: the card (None for a go), the
    count after it, the claim, and what it truly scored."""

    index: int
    player: str
    card: Card | None
    count: int
    claimed: int | None
    scores: list[PegScore] = field(default_factory=list)
    points: int = 0
    """What the event truly scores: the sum of ``scores``."""
    legal: bool = True
    """False for a card taken back (over 31) or laid after the play had ended."""
    new_count: bool = False
    inferred_go: tuple[str, ...] = ()
    """Players the referee inferred said go just before this event."""
    series: int = 0
    """Which count of the play the event belongs to (0 for the first)."""
    claimed_go: int | None = None
    """What the player claimed for the go or last card this card earned."""
    earned_at: int | None = None
    """The event at which the count ended and the go or last card was earned (the
    record's length: at its end); it is pegged then, after the events before it."""

    def add(self, scores: Sequence[PegScore]) -> None:
        """Credit the event with ``scores``."""
        self.scores.extend(scores)
        for score in scores:  # mostly one, a go point: a loop costs less than sum()'s generator
            self.points += score.points

    @property
    def laid(self) -> bool:
        """A card that stands: laid and not taken back."""
        return self.card is not None and self.legal

    @property
    def go_point(self) -> PegScore | None:
        """The go or last card this card earned, if it did."""
        for score in self.scores:  # a loop, not next() over a generator: read per event
            if score.kind is PegKind.GO or score.kind is PegKind.LAST_CARD:
                return score
        return None


class Peg(NamedTuple):
    """Points pegged, in table order: what deals need to know who reached the target first."""

    index: int  # type: ignore[assignment]  # shadows tuple.index, which nothing here needs
    player: str
    points: int
    claimed: int | None = None
    """What the player claimed for these points, where they pegged their own claim."""


def check_play_record(problems: Problems, events: Sequence[PlayEvent], table: Table,
                      hands: Mapping[str, Sequence[Card]] | None) -> None:
    """What makes a play record refereeable: known players, and hands (when given) that
    are every player's whole hand, no card in two of them."""
    players = table.seats
    variant = table.variant
    known = set(players)
    for i, event in enumerate(events):
        if event.player not in known:
            problems.add(("plays", i, "player"), ProblemCode.UNKNOWN_PLAYER,
                         not_seated(event.player, players))
        if event.claimed is not None and event.claimed < 0:
            check_claim(problems, ("plays", i, "claimed"), event.claimed)
        if event.claimed_go is not None:
            if event.card is None:
                problems.add(("plays", i, "claimed_go"), ProblemCode.CONFLICT,
                             "claimed_go is the go point a card earned: a go claims with "
                             "claimed")
            elif event.claimed_go < 0:
                check_claim(problems, ("plays", i, "claimed_go"), event.claimed_go)
    if hands is None:
        return
    size = variant.spec.hand_size
    for player, cards in hands.items():
        if player not in known:
            problems.add(("hands", player), ProblemCode.UNKNOWN_PLAYER,
                         not_seated(player, players))
        elif len(cards) != size:
            problems.add(("hands", player), ProblemCode.WRONG_SIZE,
                         f"a {variant} hand has {size} cards, not {len(cards)}")
    indices = [card.index for cards in hands.values() for card in cards]
    if len(set(indices)) != len(indices):
        owner: dict[int, str] = {}  # by card index: a Card hashes in Python, an int in C
        for player, cards in hands.items():
            for i, card in enumerate(cards):
                if card.index in owner:
                    problems.add(("hands", player, i), ProblemCode.DUPLICATE_CARD,
                                 f"{card} is also in {owner[card.index]}'s hand")
                owner.setdefault(card.index, player)
    for player in players:
        if player not in hands:
            problems.add(("hands", player), ProblemCode.REQUIRED,
                         f"{player}'s hand is missing")
