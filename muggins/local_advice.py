"""The advice and the chances answered in-process (``/v1/discards/advise``,
``/v1/pegging/advise``, ``/v1/chances``): apart from :mod:`muggins.local` because they
need numpy and the chance tables, which counting a hand does not."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from muggins.errors import ProblemError
from muggins.local_checks import Refusals, refuse, refused_record, variant_of
from muggins.local_records import from_notation
from rules import (
    DEFAULT_SAMPLES,
    PlayEvent,
    RecordError,
    Table,
    Variant,
    advise,
    advise_play,
)
from rules.advice import check_request
from rules.answers import (
    MAX_SAMPLES,
    advice_body,
    chances_answer,
    discards_answer,
    discards_by_win_answer,
    play_advice_answer,
    problems_of,
    relocated,
)
from rules.chances import (
    ChanceTable,
    Part,
    PlayToWin,
    Seen,
    chances_of,
    discard_chances,
    shipped_tables,
    validate_covered,
    validate_discard_chances,
    validate_position,
)
from rules.core import MOST_TO_CRIB
from rules.notation import Play

__all__ = ["ADVICE", "chance_tables"]

Body = Mapping[str, Any]


@cache
def chance_tables() -> dict[Variant, ChanceTable]:
    """The chance tables the library ships (:func:`rules.chances.shipped_tables`), read
    only by the requests that need them."""
    return shipped_tables()


def _table(refusals: Refusals, body: Body, variant: Variant) -> Table | None:
    """The table of the request's variant and players, its problems refused."""
    try:
        return Table.seat(variant, body.get("players"))
    except RecordError as error:
        refusals.library(error.problems)
        return None


def _discards(body: Body) -> dict[str, Any]:
    refusals = Refusals()
    cards = refusals.cards(("cards",), body["cards"])
    scores = refusals.scores(("scores",), body.get("scores"))
    variant, dealer = variant_of(body), bool(body["dealer"])
    partner_deals = bool(body.get("partner_deals", False))
    needs_tables = scores is not None or refusals.refused("scores")
    tables = chance_tables() if needs_tables else {}
    if refusals.errors:
        refusals.library(problems_of(lambda: validate_discard_chances(
            cards, dealer=dealer, variant=variant, scores=scores, tables=tables,
            partner_deals=partner_deals)))
        refusals.raise_any()
    assert cards is not None
    try:
        if scores is not None:
            found = discard_chances(cards, dealer=dealer, scores=scores, tables=tables,
                                    variant=variant)
            return discards_by_win_answer(found, variant, tables[variant])
        return discards_answer(advise(cards, dealer=dealer, variant=variant,
                                      partner_deals=partner_deals), variant)
    except RecordError as error:
        refused_record(error)


def _events(refusals: Refusals, raw: list[Mapping[str, Any]]) -> list[PlayEvent | None]:
    events: list[PlayEvent | None] = []
    for i, event in enumerate(raw):
        player = refusals.name(("plays", i, "player"), event["player"])
        card = None if "card" not in event else refusals.card(("plays", i, "card"),
                                                              event["card"])
        readable = player is not None and ("card" not in event or card is not None)
        events.append(PlayEvent(player, card) if readable and player is not None else None)
    return events


def _play_advice_of(body: Body) -> dict[str, Any]:
    """The advice on a play so far given in notation (standing for ``players``,
    ``variant`` and ``plays``), its problems pointed into the text; or given as JSON."""
    if "notation" not in body:
        return _play_advice(body)
    conflicts = [{"pointer": f"#/{name}", "code": "conflict",
                  "detail": "the record is sent in notation or as JSON fields, not both"}
                 for name in _ADVICE if name in body]
    if conflicts:
        refuse(conflicts)
    fields, record = from_notation(Play.parse, advice_body, body["notation"])
    rest = {key: value for key, value in body.items() if key != "notation"}
    try:
        return _play_advice({**rest, **fields})
    except ProblemError as error:
        said = {*_ADVICE, *(key for key in fields if key in ("ruleset", "muggins"))}
        raise ProblemError({**error.problem, "errors": list(relocated(
            error.problem["errors"], record.where, said))}) from None


_ADVICE = ("players", "variant", "plays")


def _play_advice(body: Body) -> dict[str, Any]:
    refusals = Refusals()
    players = body.get("players")
    for i, name in enumerate(players or ()):
        refusals.name(("players", i), name)
    player = refusals.name(("player",), body["player"])
    hand = refusals.cards(("hand",), body["hand"])
    starter = refusals.card(("starter",), body["starter"])
    discards = (None if body.get("discards") is None
                else refusals.cards(("discards",), body["discards"], MOST_TO_CRIB))
    events = _events(refusals, body.get("plays", []))
    samples = refusals.between(("samples",), body.get("samples", DEFAULT_SAMPLES), 1,
                               MAX_SAMPLES)
    seed = refusals.between(("seed",), body.get("seed", 0), 0, 2**32 - 1)
    win = body.get("objective") == "win"
    scores = refusals.scores(("scores",), body.get("scores"))
    variant = variant_of(body)
    if refusals.errors:
        if not refusals.refused("players"):
            found = _table(refusals, body, variant)
            if found is not None:
                seated: Table = found
                refusals.library(problems_of(lambda: check_request(
                    seated, player, hand, starter, discards, events)))
                if win and not refusals.refused("scores"):
                    refusals.library(problems_of(
                        lambda: validate_position(seated, scores, chance_tables())))
        refusals.raise_any()
    assert player is not None and hand is not None and starter is not None
    try:
        table = Table.seat(variant, players)
        by_chance = (PlayToWin(table, scores, chance_tables(), player, hand=hand,
                               starter=starter) if win else None)
        advice = advise_play(table=table, player=player, hand=hand, starter=starter,
                             plays=[e for e in events if e is not None], discards=discards,
                             samples=samples or DEFAULT_SAMPLES, seed=seed or 0,
                             by_chance=by_chance)
    except RecordError as error:
        refused_record(error)
    return {**play_advice_answer(advice, "win" if win else "points"), "samples": samples,
            "seed": seed}


def _chances(body: Body) -> dict[str, Any]:
    refusals = Refusals()
    players = body.get("players")
    for i, name in enumerate(players or ()):
        refusals.name(("players", i), name)
    dealer = refusals.name(("dealer",), body.get("dealer"))
    scores = refusals.scores(("scores",), body["scores"])
    raw = body.get("seen")
    seen = None
    if raw is not None:
        player = refusals.name(("seen", "player"), raw["player"])
        parts = {key: refusals.cards(("seen", key), raw[key]) or []
                 for key in ("cards", "kept", "discard") if key in raw}
        starter = (None if "starter" not in raw
                   else refusals.card(("seen", "starter"), raw["starter"]))
        if player is not None:
            seen = Seen(player, tuple(parts.get("cards", ())), tuple(parts.get("kept", ())),
                        tuple(parts.get("discard", ())), starter)
    after = None if body.get("after") is None else Part.from_word(body["after"])
    variant, tables = variant_of(body), chance_tables()
    table = None
    if not refusals.refused("players"):
        try:
            table = Table.seat(variant, players, dealer=dealer)
        except RecordError as error:
            refusals.library(error.problems)
            if dealer is not None and all(p.path == ("dealer",) for p in error.problems):
                table = Table.seat(variant, players)  # the rest checked at the seats
            else:
                refusals.library(problems_of(lambda: validate_covered(variant, tables)))
    if table is not None:
        refusals.library(p for p in problems_of(lambda: validate_position(
                             table, scores, tables, after=after, seen=seen))
                         if scores is not None or p.path != ("scores",))
    refusals.raise_any()
    assert table is not None and scores is not None
    found = chances_of(table, scores, tables, after=after, seen=seen)
    return chances_answer(found, table, scores, after, tables[variant])




ADVICE: dict[str, Callable[[Body], dict[str, Any]]] = {
    "/v1/discards/advise": _discards,
    "/v1/pegging/advise": _play_advice_of,
    "/v1/chances": _chances,
}
