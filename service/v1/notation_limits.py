"""Whether a record read from notation is within the limits the service sets on a
record's JSON fields (service/v1/record_fields.py: names, sizes, ranges, the reserved
name), so that it is refereed on the library's own types with no schema in between.

The answer may be "no" for a record that is in fact within them: such a record is
refused (or accepted) by the schema in its own words, as its JSON fields would be
(:func:`service.v1.notation.read_record`), so a "no" never changes an answer. A "yes"
must never be wrong: each limit below is one of the schema's, or stricter.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from rules import DealRecord, PlayEvent, Table
from rules.answers import CRIB, MAX_TARGET
from rules.core import MOST_CARDS, MOST_PLAYERS, MOST_TO_CRIB, Card
from rules.deal import scores_to_json
from rules.notation import Deal, Game, Play
from service.fields import MAX_CLAIM
from service.v1.record_fields import MAX_EVENTS, NAME

__all__ = ["within_limits"]

FEWEST_DEALS_ALLOWED = 40
"""A game's deals: at most 40 to 121 or less, 60 to more (service/v1/games.py); the
smaller is surely within either."""


def within_limits(record: Play | Deal | Game, *, advice: bool = False,
                  finished: bool = False) -> bool:
    """Whether ``record`` is surely within the JSON fields' limits: as a play's events
    (``advice``: the play so far of a request for advice, which sends no ``hands``), a
    deal (``finished``: one to review, never in progress) or a game."""
    if isinstance(record, Play):
        return (not (advice and record.hands is not None) and _seats(record.table)
                and _events(record.events) and _hands(record.hands, MOST_CARDS))
    if isinstance(record, Deal):
        # Its scores by side as its JSON names them (``a&c``: the players joined).
        scores = (None if record.scores_before is None
                  else scores_to_json(record.scores_before, record.table))
        return (not (finished and record.in_progress) and _seats(record.table)
                and _target(record.table) and _scores(scores) and _deal(record.record))
    return (_seats(record.table) and _target(record.table) and _scores(record.scores_before)
            and 1 <= len(record.deals) <= FEWEST_DEALS_ALLOWED
            and all(deal.discards is not None and deal.starter is not None and _deal(deal)
                    for deal in record.deals))


def _name(name: str) -> bool:
    return NAME.low <= len(name) <= NAME.high


def _seats(table: Table) -> bool:
    return CRIB not in table.seats and all(_name(seat) for seat in table.seats)


def _target(table: Table) -> bool:
    return 1 <= table.target <= MAX_TARGET


def _scores(scores: Mapping[str, int] | None) -> bool:
    return scores is None or (len(scores) <= MOST_PLAYERS and all(
        _name(side) and 0 <= score <= MAX_TARGET for side, score in scores.items()))


def _claim(claim: int | None) -> bool:
    return claim is None or 0 <= claim <= MAX_CLAIM


def _events(events: Sequence[PlayEvent]) -> bool:
    return len(events) <= MAX_EVENTS and all(
        _name(event.player) and _claim(event.claimed) and _claim(event.claimed_go)
        and (event.card is not None or event.claimed_go is None) for event in events)


def _cards(cards: Sequence[Card], most: int) -> bool:
    return len(cards) <= most and len({card.index for card in cards}) == len(cards)


def _hands(hands: Mapping[str, Sequence[Card]] | None, most: int) -> bool:
    return hands is None or (len(hands) <= MOST_PLAYERS and all(
        _name(player) and _cards(cards, most) for player, cards in hands.items()))


def _deal(deal: DealRecord) -> bool:
    claims = deal.claims
    said: Iterable[int | None] = () if claims is None else (
        claims.heels, claims.crib, *claims.hands.values())
    return (_hands(deal.dealt, MOST_CARDS) and _hands(deal.discards, MOST_TO_CRIB)
            and _events(deal.plays or ()) and all(_claim(claim) for claim in said)
            and (claims is None or (len(claims.hands) <= MOST_PLAYERS
                                    and all(_name(player) for player in claims.hands))))
