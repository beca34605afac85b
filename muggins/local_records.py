"""The records ``muggins peg``, ``deal``, ``game`` and ``review`` read from files (as
JSON or in notation), answered on the library when they are plainly well formed.

A record read from a file may be anything. The service's schemas say how each way of
being malformed is refused, and that wording is theirs alone: this reader does not
repeat it. It reads only what it is sure the service would read the same way (every
field known, of its type, in its range; the cards well written, none twice in a list),
and for anything else, or a record the library refuses, it answers ``None``: the caller
asks the app in-process, whose refusal is the service's own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from rules import (
    Card,
    CardError,
    DealClaims,
    DealRecord,
    PlayEvent,
    RecordError,
    Ruleset,
    Table,
    Variant,
    check_deal,
    check_game,
    check_play,
    in_play,
    review_deal,
    review_game,
)
from rules.answers import (
    CRIB,
    deal_answer,
    deal_body,
    deal_review_answer,
    game_answer,
    game_body,
    game_review_answer,
    next_answer,
    options_body,
    play_answer,
    play_body,
)
from rules.core import FEWEST_PLAYERS, MOST_CARDS, MOST_PLAYERS, MOST_TO_CRIB
from rules.notation import Deal, Game, NotationError, Options, Play
from rules.review import game_chances, rate_game, rate_play

__all__ = ["answer_record"]

T = TypeVar("T")
MAX_NOTATION = 50_000
"""The longest record in notation the service reads (service.v1.notation)."""


class _Unsure(Exception):
    """The record is not plainly well formed: the service's schemas are to say why."""


def _check(ok: bool) -> None:
    if not ok:
        raise _Unsure


def _fields(body: Any, known: set[str], required: frozenset[str] | set[str] = frozenset()
            ) -> Mapping[str, Any]:
    _check(isinstance(body, Mapping) and set(body) <= known and required <= set(body))
    assert isinstance(body, Mapping)
    return body


def _int(value: Any, low: int, high: int) -> int:
    _check(isinstance(value, int) and not isinstance(value, bool) and low <= value <= high)
    return int(value)


def _bool(value: Any) -> bool:
    _check(isinstance(value, bool))
    return bool(value)


def _name(value: Any) -> str:
    _check(isinstance(value, str) and 1 <= len(value) <= 64)
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate
        raise _Unsure from None
    return str(value)


def _card(value: Any) -> Card:
    _check(isinstance(value, str))
    try:
        return Card.parse(value)
    except CardError:
        raise _Unsure from None


def _cards(value: Any, most: int = MOST_CARDS) -> list[Card]:
    _check(isinstance(value, list) and len(value) <= most)
    cards = [_card(text) for text in value]
    _check(len({card.index for card in cards}) == len(cards))
    return cards


def _seats(value: Any, read: Callable[[Any], T]) -> dict[str, T]:
    _check(isinstance(value, Mapping) and len(value) <= MOST_PLAYERS)
    return {_name(key): read(item) for key, item in value.items()}


def _claim(value: Any) -> int:
    return _int(value, 0, 999)


def _players(value: Any) -> list[str]:
    _check(isinstance(value, list) and FEWEST_PLAYERS <= len(value) <= MOST_PLAYERS)
    return [_name(name) for name in value]


def _events(value: Any) -> list[PlayEvent]:
    _check(isinstance(value, list) and len(value) <= 52)
    events = []
    for raw in value:
        event = _fields(raw, {"player", "card", "go", "claimed", "claimed_go"}, {"player"})
        go = event.get("go")
        _check(("card" in event) != (go is True) and go in (None, True))
        events.append(PlayEvent(
            _name(event["player"]), None if "card" not in event else _card(event["card"]),
            None if "claimed" not in event else _claim(event["claimed"]),
            None if "claimed_go" not in event else _claim(event["claimed_go"])))
    return events


_COMMON = {"variant", "ruleset", "muggins"}
_DEAL = {"dealt", "discards", "crib_card", "starter", "plays", "claims"}


def _common(body: Mapping[str, Any]) -> tuple[Variant, Ruleset, bool]:
    try:
        return (Variant(body.get("variant", Variant.SIX_CARD.value)),
                Ruleset(body.get("ruleset", Ruleset.ACC.value)),
                _bool(body.get("muggins", False)))
    except (ValueError, TypeError):
        raise _Unsure from None


def _deal(raw: Any) -> DealRecord:
    deal = _fields(raw, _DEAL, {"dealt"})
    claims = None
    if "claims" in deal:
        said = _fields(deal["claims"], {"heels", "hands", "crib"})
        claims = DealClaims(None if "heels" not in said else _claim(said["heels"]),
                            _seats(said.get("hands", {}), _claim),
                            None if "crib" not in said else _claim(said["crib"]))
    return DealRecord(
        _seats(deal["dealt"], _cards),
        None if "discards" not in deal else _seats(deal["discards"],
                                                   lambda v: _cards(v, MOST_TO_CRIB)),
        None if "starter" not in deal else _card(deal["starter"]),
        None if "plays" not in deal else _events(deal["plays"]),
        None if "crib_card" not in deal else _card(deal["crib_card"]),
        claims)


def _seated(body: Mapping[str, Any]) -> tuple[list[str] | None, int | None,
                                              dict[str, int] | None]:
    players = None if "players" not in body else _players(body["players"])
    _check(players is None or CRIB not in players)
    target = None if "target" not in body else _int(body["target"], 1, 1000)
    scores = (None if "scores_before" not in body
              else _seats(body["scores_before"], lambda v: _int(v, 0, 1000)))
    return players, target, scores


def _peg(body: Any) -> dict[str, Any]:
    body = _fields(body, {"plays", "hands", "players", "in_progress", *_COMMON}, {"plays"})
    variant, ruleset, muggins = _common(body)
    players = None if "players" not in body else _players(body["players"])
    in_progress = _bool(body.get("in_progress", False))
    result = check_play(_events(body["plays"]), table=Table.seat(variant, players),
                        hands=None if "hands" not in body else _seats(body["hands"], _cards),
                        ruleset=ruleset, muggins=muggins, in_progress=in_progress)
    answer = play_answer(result)
    if in_progress:
        answer["next"] = next_answer(in_play(result.state))
    return answer


def _one_deal(body: Any, *, review: bool) -> dict[str, Any]:
    body = _fields(body, {*_DEAL, "players", "scores_before", "target", "in_progress",
                          *_COMMON}, {"dealt"})
    variant, ruleset, muggins = _common(body)
    players, target, scores = _seated(body)
    in_progress = _bool(body.get("in_progress", False))
    record = _deal({key: value for key, value in body.items() if key in _DEAL})
    table = Table.seat(variant, players, target=target)
    if review:
        _check(not in_progress)
        from rules.chances import shipped_tables as chance_tables  # only reviews need them

        return deal_review_answer(review_deal(record, table=table, ruleset=ruleset,
                                              muggins=muggins, scores_before=scores,
                                              tables=chance_tables()))
    result = check_deal(record, table=table, ruleset=ruleset, muggins=muggins,
                        scores_before=scores, in_progress=in_progress)
    answer = deal_answer(result)
    answer["target"] = result.target
    if in_progress:
        answer["next"] = next_answer(result.next)
    return answer


def _game(body: Any, *, review: bool) -> dict[str, Any]:
    body = _fields(body, {"players", "first_dealer", "deals", "target", "scores_before",
                          *_COMMON}, {"players", "first_dealer", "deals"})
    variant, ruleset, muggins = _common(body)
    players, target, scores = _seated(body)
    deals_given = body["deals"]
    most = 40 if (target or variant.spec.target) <= 121 else 60
    _check(isinstance(deals_given, list) and 1 <= len(deals_given) <= most)
    deals = [_deal(raw) for raw in deals_given]
    table = Table.seat(variant, players, target=target, dealer=_name(body["first_dealer"]))
    if not review:
        return game_answer(check_game(table, deals, ruleset=ruleset, muggins=muggins,
                                      scores_before=scores))
    from rules.chances import shipped_tables as chance_tables  # only reviews need them

    tables = chance_tables()
    reviewed = review_game(table, deals, ruleset=ruleset, muggins=muggins,
                           scores_before=scores, tables=tables)
    rated = rate_game(reviewed, deals, tables)
    return game_review_answer(reviewed, variant, game_chances(reviewed.check, table, tables),
                              rated, rate_play(reviewed, deals, tables, rated))


_READERS: dict[str, Callable[[Any], dict[str, Any]]] = {
    "/v1/pegging/check": _peg,
    "/v1/deals/check": lambda body: _one_deal(body, review=False),
    "/v1/deals/review": lambda body: _one_deal(body, review=True),
    "/v1/games/check": lambda body: _game(body, review=False),
    "/v1/games/review": lambda body: _game(body, review=True),
}


Fields = Callable[[Any], tuple[dict[str, Any], Options]]
_NOTATION: dict[str, tuple[Callable[[str], Any], Fields]] = {
    "/v1/pegging/check": (Play.parse, play_body),
    "/v1/deals/check": (Deal.parse, deal_body),
    "/v1/deals/review": (Deal.parse, deal_body),
    "/v1/games/check": (Game.parse, game_body),
    "/v1/games/review": (Game.parse, game_body),
}


def _from_notation(path: str, text: Any) -> dict[str, Any]:
    """A record in notation as the JSON fields it stands for (as the service reads it)."""
    _check(isinstance(text, str) and len(text) <= MAX_NOTATION)
    parse, fields = _NOTATION[path]
    try:
        record, options = fields(parse(text))
    except (NotationError, RecordError):
        raise _Unsure from None  # the service points into the text
    return {**options_body(options), **record}


def answer_record(path: str, body: Any) -> dict[str, Any] | None:
    """The answer to a record plainly well formed and refereeable, on the library; None
    for the app in-process to answer (and, where it must, to refuse, pointing into a
    record in notation where the problem is written)."""
    read = _READERS.get(path)
    if read is None:
        return None
    try:
        if isinstance(body, Mapping) and set(body) == {"notation"}:
            body = _from_notation(path, body["notation"])
        return read(body)
    except (_Unsure, RecordError):
        return None
