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
from muggins.local_checks import Refusals, library_errors, refuse, refused_record, variant_of
from muggins.local_shapes import COMMON, Field, Shapes, card, cards, claim, flag
from rules.answers import (
    MAX_BATCH,
    MAX_CLAIM,
    hand_answer,
    players_left_out,
    problems_of,
    seats_named,
)
from rules.core import RecordError, Ruleset, Variant
from rules.show import check_hand

__all__ = ["LocalReferee"]

Body = Mapping[str, Any]


def _hand(body: Body) -> dict[str, Any]:
    refusals = Refusals()
    hand = refusals.cards(("hand",), body["hand"])
    starter = refusals.card(("starter",), body["starter"])
    claimed = refusals.between(("claimed",), body.get("claimed"), 0, MAX_CLAIM)
    variant, crib = variant_of(body), bool(body.get("crib"))
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


Answers = dict[str, Callable[[Body], dict[str, Any]]]

_ANSWERS: Answers = {
    "/v1/hands/check": _hand,
    "/v1/hands/batch": _batch,
}


@cache
def _elsewhere() -> Answers:
    """The answers written beside this module, imported only for a request that is not
    a hand's: the advice needs numpy, the texts and the club their readers."""
    from muggins.local_advice import ADVICE
    from muggins.local_club import CLUB
    from muggins.local_texts import TEXTS

    return {**TEXTS, **ADVICE, **CLUB}


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
        if method != "POST":
            raise ValueError(f"the command line asks nothing of {method} {path}")
        answer = _ANSWERS.get(path) or _elsewhere().get(path)
        if answer is not None:
            return answer(body or {})
        from muggins.local_records import answer_record

        found = answer_record(path, body)
        if found is None:
            raise ValueError(f"the command line asks nothing of {method} {path}")
        return found
