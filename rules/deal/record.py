"""A deal's record: what was dealt, laid away, cut, played and claimed, and what makes
it refereeable (every problem at once, as :class:`rules.core.errors.RecordError` says them).

A deal in progress may stop at any phase; what it gives must come in order: the
discards, then the cut (the starter), then the play, then the show's claims.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field

from rules.core.cards import Card
from rules.core.errors import (
    ProblemCode,
    Problems,
    check_claim,
    not_seated,
)
from rules.core.table import Table
from rules.play.check import PlayEvent, check_play_record

__all__ = [
    "DealClaims",
    "DealRecord",
    "check_deal_record",
    "check_scores",
    "kept",
    "validate_deal",
    "won_before_the_show",
]


@dataclass(frozen=True, slots=True)
class DealClaims:
    """What was claimed in a deal: heels (0: not pegged), each hand by player, and the crib;
    None or absent where nothing was claimed."""

    heels: int | None = None
    hands: Mapping[str, int] = field(default_factory=dict)
    crib: int | None = None


@dataclass(frozen=True, slots=True)
class DealRecord:
    """What happened in one deal; who sat where is the :class:`rules.core.table.Table`'s
    to say."""

    dealt: Mapping[str, Sequence[Card]]
    discards: Mapping[str, Sequence[Card]] | None
    """None only in a deal still in progress, before the discards."""
    starter: Card | None
    """None only in a deal still in progress, before the cut."""
    plays: Sequence[PlayEvent] | None = None
    """None: the play was not recorded (a deal entered with its show only); it is not
    ruled on and pegs nothing. In a deal in progress, the play has not begun."""
    crib_card: Card | None = None
    claims: DealClaims | None = None
    unshown: bool = False
    """The cards never laid were never shown: ``dealt`` holds only the cards the record
    saw (those laid and laid away), as HAL's format writes a game's last deal when it
    was won on heels or in the play (docs/rules.md#unshown). Such a deal must be won
    before the show; it is no misdeal for being short."""


def kept(record: DealRecord, player: str) -> list[Card]:
    """The cards ``player`` kept after the discard: their hand for the play and the show."""
    assert record.discards is not None  # the discards are made
    away = {card.index for card in record.discards[player]}
    return [card for card in record.dealt[player] if card.index not in away]


def validate_deal(record: DealRecord, table: Table, *, in_progress: bool = False,
                  scores_before: Mapping[str, int] | None = None,
                  unread: Collection[str] = ()) -> None:
    """Refuse a deal's record that cannot be refereed at ``table`` (what
    :func:`rules.deal.check.check_deal` refuses it for): :class:`RecordError`, every
    problem of the parts it is given at once.

    A part named in ``unread`` (``"dealt"``, ``"discards"``, ``"starter"``, ``"crib_card"``,
    ``"plays"``, ``"claims"``, ``"in_progress"``) was given but could not be read, and is
    empty or None in ``record``: every check that needs it is skipped rather than guessed,
    and it counts as given where the phases' order asks what was given."""
    problems = Problems()
    check_deal_record(problems, record, table, in_progress, unread)
    check_scores(problems, scores_before or {}, table)
    problems.raise_any()


def check_deal_record(problems: Problems, record: DealRecord, table: Table,
                      in_progress: bool = False, unread: Collection[str] = ()) -> None:
    """Malformed records: unknown players, a card twice, a discard not held, a phase's
    fields without the earlier phases' (the parts in ``unread`` skipped, as
    :func:`validate_deal` says)."""
    variant = table.variant
    seats = set(table.seats)
    mappings: list[tuple[str, Mapping[str, Sequence[Card]]]] = []
    if "dealt" not in unread:
        mappings.append(("dealt", record.dealt))
    if record.discards is not None:
        mappings.append(("discards", record.discards))
    elif not in_progress and not {"discards", "in_progress"} & set(unread):
        problems.add(("discards",), ProblemCode.REQUIRED, "a finished deal has its discards")
    for name, mapping in mappings:
        for player in mapping:
            if player not in seats:
                problems.add((name, player), ProblemCode.UNKNOWN_PLAYER,
                             not_seated(player, table.seats))
        for player in table.seats:
            if player not in mapping:
                problems.add((name, player), ProblemCode.REQUIRED,
                             f"{player}'s cards are missing")
    if record.claims is not None:
        claims = record.claims
        check_claim(problems, ("claims", "heels"), claims.heels)
        for player, claimed in claims.hands.items():
            if player not in seats:
                problems.add(("claims", "hands", player), ProblemCode.UNKNOWN_PLAYER,
                             not_seated(player, table.seats))
            check_claim(problems, ("claims", "hands", player), claimed)
        check_claim(problems, ("claims", "crib"), claims.crib)
    if record.crib_card is not None and not variant.spec.crib_cards_dealt:
        problems.add(("crib_card",), ProblemCode.NOT_IN_VARIANT,
                     f"only the three-player game deals a card to the crib, not {variant}")
    check_play_record(problems, record.plays or (), table, None)
    _order(problems, record, in_progress, set(unread))
    _distinct(problems, record, table, dealt_read="dealt" not in unread)


def _distinct(problems: Problems, record: DealRecord, table: Table, *,
              dealt_read: bool = True) -> None:
    """Every card once in the deal, and each discard one the player was dealt (when what
    was dealt could be read)."""
    placed: list[tuple[Card, tuple[str | int, ...]]] = []
    for player in table.seats:
        dealt = record.dealt.get(player, ())
        placed.extend((card, ("dealt", player, i)) for i, card in enumerate(dealt))
        held = {card.index for card in dealt}
        discards = () if record.discards is None else record.discards.get(player, ())
        laid: set[int] = set()
        for i, card in enumerate(discards):
            if dealt_read and card.index not in held:
                problems.add(("discards", player, i), ProblemCode.CARD_NOT_HELD,
                             f"{player} discarded {card}, which was not dealt to them")
            elif card.index in laid:
                problems.add(("discards", player, i), ProblemCode.DUPLICATE_CARD,
                             f"{player} discarded {card} twice")
            laid.add(card.index)
    if record.crib_card is not None:
        placed.append((record.crib_card, ("crib_card",)))
    if record.starter is not None:
        placed.append((record.starter, ("starter",)))
    if len({card.index for card, _ in placed}) == len(placed):
        return  # the common case: no card twice
    seen: dict[int, tuple[str | int, ...]] = {}  # by card index, which hashes in C
    for card, where in placed:
        if card.index in seen:
            problems.add(where, ProblemCode.DUPLICATE_CARD,
                         f"{card} appears twice in the deal", also=seen[card.index])
        seen.setdefault(card.index, where)


def _order(problems: Problems, record: DealRecord, in_progress: bool,
           unread: set[str]) -> None:
    """A deal's phases come in order: discards, the cut, the play, the show. A part
    given but unread counts as given; with ``in_progress`` unread, neither what a
    finished deal requires nor what one in progress forbids is asked."""
    phased = "in_progress" not in unread
    if record.starter is None and "starter" not in unread:
        if phased and not in_progress:
            problems.add(("starter",), ProblemCode.REQUIRED, "a finished deal has its starter")
        elif phased and (record.plays or "plays" in unread):
            problems.add(("plays",), ProblemCode.OUT_OF_ORDER,
                         "the play comes after the cut: the starter is missing")
        if record.claims is not None or "claims" in unread:
            problems.add(("claims",), ProblemCode.OUT_OF_ORDER,
                         "claims come after the cut: the starter is missing")
    if (record.discards is None and "discards" not in unread
            and (record.starter is not None or "starter" in unread)):
        problems.add(("starter",), ProblemCode.OUT_OF_ORDER,
                     "the cut comes after the discards, which are missing")


def check_scores(problems: Problems, scores: Mapping[str, int], table: Table,
                 field: str = "scores_before") -> None:
    """Scores before the deal name the table's sides and have not reached the target
    (each problem at ``field``, the side's name)."""
    names = [side.name for side in table.sides]
    target = table.target
    for side, score in scores.items():
        if side not in names:
            problems.add((field, side), ProblemCode.UNKNOWN_SIDE,
                         f"{side!r} is not one of the sides: " + ", ".join(names))
        elif not 0 <= score < target:
            problems.add((field, side), ProblemCode.OUT_OF_RANGE,
                         f"{score} is not a score before the end of the game: "
                         f"from 0 to {target - 1}")


def won_before_the_show(winner: str | None, record: DealRecord, table: Table) -> None:
    """A deal whose cards never laid were never shown, and whose record is short of
    them, is refereed only when the game was won before the show needed them
    (docs/rules.md#unshown)."""
    if winner is not None:
        return
    dealt = table.variant.spec.dealt
    problems = Problems()
    for player in table.seats:
        if len(record.dealt[player]) < dealt:
            problems.add(("dealt", player), ProblemCode.WRONG_SIZE,
                         f"the record shows {len(record.dealt[player])} of the {dealt} cards "
                         f"dealt to {player}, and the game was not won before the show, "
                         "which counts them")
    problems.raise_any()
