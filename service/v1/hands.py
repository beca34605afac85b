"""``/v1/hands/check`` and ``/v1/hands/batch``."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import orjson
from flask import Response, jsonify, request
from marshmallow import ValidationError

from rules import Finding, HandCheck, Problem, RecordError, Variant, check_hand
from rules.answers import MAX_BATCH, findings_answer, hand_answer, problems_of
from rules.show import validate_hand
from service.body import document_of, lone_surrogates, plain_body, read_json
from service.encoding import ANSWER_OPTIONS
from service.errors import (
    MAX_ERRORS,
    InvalidRequest,
    Refused,
    load_request,
    problem_body,
    record_errors,
)
from service.fields import (
    CommonSchema,
    List,
    Raw,
    Size,
    StrictBool,
    card_field,
    cards_field,
    claim_field,
)
from service.observability import count_findings


class HandCheckSchema(CommonSchema):
    component = "HandCheckRequest"

    hand = cards_field(required=True, metadata={
        "minItems": 3, "maxItems": 5, "description": "4 cards (3 in the five-card game, 5 in "
        "the seven-card game); a crib is always 4."})
    starter = card_field(required=True)
    crib = StrictBool(load_default=False)
    claimed = claim_field()


class HandBatchSchema(CommonSchema):
    """The common fields at the top apply to every item that does not set its own."""

    component = "HandBatchRequest"

    hands = List(Raw(metadata={"examples": [{"hand": ["5H", "5C", "5S", "JD"], "starter": "5D"}]}),
                 required=True, validate=Size(1, MAX_BATCH, "hands"), metadata={
                     "description": "Each item is a `HandCheckRequest`. Items are validated one "
                     "by one, so an item that is not a valid request (not even an object) is "
                     "answered with a problem object in its slot rather than failing the batch."})


_check_schema = HandCheckSchema()
_batch_schema = HandBatchSchema()


def hand_checks(loaded: Mapping[str, Any], body: Mapping[str, Any],
                refused: Refused) -> list[Problem]:
    """The library's problems with a hand the schema refused in part: its size only when
    the variant and the crib were read, the starter only when it was."""
    sized = "variant" in loaded and "crib" in loaded
    return problems_of(lambda: validate_hand(
        loaded.get("hand") if sized else None, loaded.get("starter"),
        crib=loaded.get("crib", False), claimed=loaded.get("claimed"),
        variant=loaded.get("variant", Variant.SIX_CARD)))


def findings_out(findings: tuple[Finding, ...] | list[Finding]) -> list[dict[str, object]]:
    return findings_answer(findings)


def hand_check_out(result: HandCheck) -> dict[str, Any]:
    return hand_answer(result)


def _check(data: dict[str, Any], findings: list[Finding] | None = None) -> dict[str, Any]:
    """The answer for one loaded hand; its findings are counted, or (a batch) kept in
    ``findings`` to be counted once for all."""
    result = check_hand(
        data["hand"],
        data["starter"],
        crib=data["crib"],
        claimed=data.get("claimed"),
        variant=data["variant"],
        ruleset=data["ruleset"],
        muggins=data["muggins"],
    )
    if result.ruling is not None:
        if findings is None:
            count_findings(result.ruling.findings)
        else:
            findings.extend(result.ruling.findings)
    return hand_check_out(result)


def hands_check() -> Response:
    """Count a hand or crib, optionally rule on a claim

    ---
    operationId: checkHand
    tags: [show]
    request: HandCheckRequest
    example: { hand: ["5H", "5C", "5S", "JD"], starter: "5D", claimed: 28 }
    responses:
      200:
        description: The true count, itemised; with `claimed`, the ruling.
        schema: HandCheckResult
    """
    data = load_request(_check_schema, read_json(), hand_checks)
    return jsonify(_check(data))


def hands_check_lane(environ: dict[str, Any], limit: int | None) -> bytes | None:
    """:func:`hands_check`'s answer, for the request path ahead of Flask's dispatch
    (service/observability.py): the same bytes, to a request whose body is a valid
    hand check; None, having changed nothing, to any other. Every refusal and error is
    Flask's, through the one error layer."""
    data = plain_body(environ, limit)
    if data is None:
        return None
    try:
        loaded = _check_schema.load(document_of(data))
        findings: list[Finding] = []
        answer = orjson.dumps(_check(loaded, findings), option=ANSWER_OPTIONS)
    except Exception:  # Flask answers it again, and says what is wrong
        return None
    count_findings(findings)
    return answer


_ITEM = re.compile(r"#/hands/(0|[1-9][0-9]*)(?=/|$)")


def _untexts(body: Any) -> dict[int, list[dict[str, str]]]:
    """The lone surrogates of a batch, by item; one outside the items refuses it all."""
    by_item: dict[int, list[dict[str, str]]] = {}
    outside = []
    for problem in lone_surrogates(request.get_data(cache=True), body):
        item = _ITEM.match(problem["pointer"])
        if item is None:
            outside.append(problem)
        else:
            by_item.setdefault(int(item.group(1)), []).append(problem)
    if outside:
        raise InvalidRequest(outside)
    return by_item


def hands_batch() -> Response:
    """Many hand checks in one request

    Up to 1000 items. `variant`, `ruleset` and `muggins` at the top apply to every
    item that does not set its own. An invalid item gets a problem object in its
    slot instead of failing the whole batch.
    ---
    operationId: checkHands
    tags: [show]
    request: HandBatchRequest
    responses:
      200:
        description: One result per item, in order.
        schema: HandBatchResult
    """
    body = read_json(text_checked=False)
    untexts = _untexts(body)
    batch = _batch_schema.load(body)
    defaults = {key: body[key] for key in ("variant", "ruleset", "muggins") if key in body}
    items = [defaults | item if defaults and isinstance(item, dict) else item
             for item in batch["hands"]]
    loaded: list[dict[str, Any]] | None = None
    if not untexts:
        try:  # the usual batch, every hand valid: one load for all of them
            loaded = _check_schema.load(items, many=True)
        except ValidationError:  # each hand alone, for its own errors
            loaded = None
    results: list[dict[str, Any]] = []
    budget = MAX_ERRORS
    findings: list[Finding] = []
    for i, item in enumerate(items):
        try:
            if i in untexts:  # no text at all: nothing else in it can be read
                raise InvalidRequest(untexts[i], limit=budget)
            data = (loaded[i] if loaded is not None
                    else load_request(_check_schema, item, hand_checks, limit=budget))
            results.append(_check(data, findings))
        except (InvalidRequest, RecordError) as error:
            # One answer lists at most MAX_ERRORS problems, across all its items.
            if isinstance(error, InvalidRequest):
                problem = error
            else:
                problem = InvalidRequest(record_errors(error), limit=budget)
            if i not in untexts:  # the item's pointers, as the batch's
                problem.errors = [{**e, "pointer": f"#/hands/{i}" + e["pointer"][1:]}
                                  for e in problem.errors]
            budget -= len(problem.errors)
            results.append(problem_body(problem))
    count_findings(findings)
    return jsonify({"results": results})
