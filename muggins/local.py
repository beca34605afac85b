"""The referee in-process, on the library alone: what ``muggins`` answers without
``--url``. No Flask, and no table filled or read that the request does not need.

:class:`LocalReferee` takes the requests the command line builds, as the API takes them
(``request("POST", "/v1/hands/check", body)``), and answers as the API does: the same
JSON (``rules.answers`` writes it for both), and the same 422 problem for a request it
refuses (:mod:`muggins.local_checks`). The records read from files (``peg``, ``deal``,
``game``, ``review``) are read and refused as the service reads and refuses them
(:mod:`muggins.local_records`), on the library too: no path here builds the app.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from muggins.errors import ProblemError
from muggins.local_checks import Refusals, library_errors, refuse, refused_record
from muggins.local_club import CLUB
from muggins.local_records import answer_record, from_notation
from muggins.local_shapes import COMMON, Field, Shapes, card, cards, claim, flag
from muggins.local_texts import TEXTS
from rules import (
    DEFAULT_SAMPLES,
    PlayEvent,
    RecordError,
    Ruleset,
    Table,
    Variant,
    advise,
    advise_play,
    check_hand,
)
from rules.advice import check_request
from rules.answers import (
    MAX_BATCH,
    MAX_CLAIM,
    MAX_SAMPLES,
    advice_body,
    chances_answer,
    discards_answer,
    discards_by_win_answer,
    hand_answer,
    play_advice_answer,
    players_left_out,
    problems_of,
    relocated,
    seats_named,
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

__all__ = ["LocalReferee", "chance_tables"]

Body = Mapping[str, Any]


@cache
def chance_tables() -> dict[Variant, ChanceTable]:
    """The chance tables the library ships (:func:`rules.chances.shipped_tables`), read
    only by the requests that need them."""
    return shipped_tables()


def _variant(body: Body) -> Variant:
    return Variant(body.get("variant", Variant.SIX_CARD.value))


def _table(refusals: Refusals, body: Body, variant: Variant) -> Table | None:
    """The table of the request's variant and players, its problems refused."""
    try:
        return Table.seat(variant, body.get("players"))
    except RecordError as error:
        refusals.library(error.problems)
        return None


def _hand(body: Body) -> dict[str, Any]:
    refusals = Refusals()
    hand = refusals.cards(("hand",), body["hand"])
    starter = refusals.card(("starter",), body["starter"])
    claimed = refusals.between(("claimed",), body.get("claimed"), 0, MAX_CLAIM)
    variant, crib = _variant(body), bool(body.get("crib"))
    if refusals.errors:
        from rules.show import validate_hand

        refusals.library(problems_of(lambda: validate_hand(
            hand, starter, crib=crib, claimed=claimed, variant=variant)))
        refusals.raise_any()
    assert hand is not None and starter is not None
    try:
        return hand_answer(check_hand(
            hand, starter, crib=crib, claimed=claimed, variant=variant,
            ruleset=Ruleset(body.get("ruleset", Ruleset.ACC.value)),
            muggins=bool(body.get("muggins"))))
    except RecordError as error:
        refused_record(error)


def _discards(body: Body) -> dict[str, Any]:
    refusals = Refusals()
    cards = refusals.cards(("cards",), body["cards"])
    scores = refusals.scores(("scores",), body.get("scores"))
    variant, dealer = _variant(body), bool(body["dealer"])
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
    variant = _variant(body)
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
    variant, tables = _variant(body), chance_tables()
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


def _batch(body: Body) -> dict[str, Any]:
    """Many hands: the batch's own fields refused as a whole, each hand's in its slot."""
    shapes = Shapes()
    shapes.fields(body, (), {**COMMON, "hands": lambda s, v, p: s.listed(
        v, p, lambda *_: True, 1, MAX_BATCH, "hands")}, frozenset({"hands"}), nested=False)
    if shapes.errors:
        refuse(shapes.errors)
    defaults = {key: body[key] for key in ("variant", "ruleset", "muggins") if key in body}
    results: list[dict[str, Any]] = []
    for i, item in enumerate(body["hands"]):
        item = defaults | item if defaults and isinstance(item, dict) else item
        try:
            results.append(_hand_item(item))
        except ProblemError as error:
            results.append({**error.problem, "errors": [
                {**e, "pointer": f"#/hands/{i}" + e["pointer"][1:]} for e in error.errors]})
    return {"results": results}


_HAND: dict[str, Field] = {**COMMON, "hand": cards, "starter": card, "crib": flag,
                           "claimed": claim}


def _hand_item(item: Any) -> dict[str, Any]:
    """One hand of a batch, which may be anything: read as the service reads it."""
    shapes = Shapes()
    read = shapes.fields(item, (), _HAND, frozenset({"hand", "starter"}), nested=False)
    if shapes.errors:
        if read is not None:
            from rules.show import validate_hand

            sized = not shapes.refused("variant") and not shapes.refused("crib")
            found = problems_of(lambda: validate_hand(
                read.get("hand") if sized else None, read.get("starter"),
                crib=read.get("crib", False), claimed=read.get("claimed"),
                variant=read.get("variant", Variant.SIX_CARD)))
            shapes.errors += library_errors(p for p in found if not shapes.refused(*p.path))
        refuse(shapes.errors)
    return _hand(item)


_ANSWERS: dict[str, Callable[[Body], dict[str, Any]]] = {
    **TEXTS,
    "/v1/hands/check": _hand,
    "/v1/hands/batch": _batch,
    "/v1/discards/advise": _discards,
    "/v1/pegging/advise": _play_advice_of,
    "/v1/chances": _chances,
    **CLUB,
}


_RECORDS = frozenset({"/v1/pegging/check", "/v1/deals/check", "/v1/games/check",
                      "/v1/deals/review", "/v1/games/review", "/v1/pegging/advise"})
"""The operations that take a record, and so say how its seats are named."""


class LocalReferee:
    """The requests of the command line, answered in-process, on the library alone."""

    def request(self, method: str, path: str, body: Any | None = None) -> Any:
        """The API's answer to ``body`` at ``path``, or its ProblemError."""
        try:
            return self._answer(method, path, body)
        except ProblemError as error:
            if not (path in _RECORDS and players_left_out(body)):
                raise
            # As the service says it: the seats are named with `players`.
            named = seats_named(error.problem.get("errors", []))
            raise ProblemError({**error.problem, "errors": named}) from None

    def _answer(self, method: str, path: str, body: Any | None) -> Any:
        answer = _ANSWERS.get(path)
        if method != "POST":
            raise ValueError(f"the command line asks nothing of {method} {path}")
        if answer is not None:
            return answer(body or {})
        found = answer_record(path, body)
        if found is None:
            raise ValueError(f"the command line asks nothing of {method} {path}")
        return found
