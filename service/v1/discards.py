"""``/v1/discards/advise``: which cards to throw, by exact expected value, and given the
scores by the chance of winning (docs/rules.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Response, jsonify

from rules import Problem, advise
from rules.answers import discards_answer, discards_by_win_answer, problems_of
from rules.chances import discard_chances, validate_discard_chances
from service.body import read_json
from service.errors import Refused, load_request
from service.fields import CommonSchema, StrictBool, cards_field
from service.v1.chances import load_tables
from service.v1.deals import scores_field

_SCORE = {"type": "integer", "minimum": 0, "maximum": 1000}


class AdviseSchema(CommonSchema):
    component = "AdviseRequest"

    cards = cards_field(required=True, metadata={
        "minItems": 5, "maxItems": 7, "description": "The dealt hand (6 cards; 5 in the "
        "five-card, three- and four-player games; 7 in the seven-card game)."})
    dealer = StrictBool(required=True, metadata={
        "description": "The player deals, so the crib is theirs."})
    partner_deals = StrictBool(metadata={
        "description": "The partner deals, so the crib is the partnership's; `true` in the "
        "four-player game only (422 `not-in-variant`), and not with `dealer` (422 "
        "`conflict`)."})
    # Any side's name is read, and the library says which are wrong: the contract names
    # the two it takes.
    scores = scores_field(metadata={
        "additionalProperties": False, "properties": {"pone": _SCORE, "dealer": _SCORE},
        "description": "The scores before this deal, `{\"pone\": n, \"dealer\": n}` (the "
        "player is the `dealer` when `dealer` is true, else the `pone`). Given, the options "
        "are ranked by the chance of winning. The two-player six-card and five-card games "
        "only (422 `not-in-variant` at `/scores`); both sides, each short of the target (422 "
        "at `/scores/<side>`)."})


_schema = AdviseSchema()


def discard_checks(loaded: Mapping[str, Any], body: Mapping[str, Any],
                   refused: Refused) -> list[Problem]:
    """The library's problems with a request the schema refused in part: the hand's size
    when the variant was read, partners when both settings were."""
    def read(name: str) -> Any:
        return None if refused(name) else loaded.get(name)

    return problems_of(lambda: validate_discard_chances(
        read("cards"), dealer=read("dealer"), variant=read("variant"), scores=read("scores"),
        tables=load_tables(), partner_deals=bool(read("partner_deals"))))


def discards_advise() -> Response:
    """Which cards to throw, by exact expected value or by the chance of winning

    Every legal discard, best first. A model, not a strategy: the starter and the
    other cards in the crib are drawn uniformly from the cards the player has not
    seen; every discard the opponents could make is taken as equally likely.

    With `scores` (the two-player six-card and five-card games only), the options
    are ranked by the player's chance of winning the game from those scores, each
    with its `win` and `net_ev` beside it, and `orders_differ` says whether that
    order is not the order by `net_ev`. Each option's chance is the mean over the
    same `samples` deals (the opponent's cards and the starter dealt at random
    from the cards the player does not hold, the same for every option), each
    played out by the strategy of `/v1/chances` to its end or to the next deal's
    position in the table. The deals are seeded from the request, so the same
    request always gets the same answer. Without `scores` the answer is as before.
    ---
    operationId: adviseDiscards
    tags: [advice]
    request: AdviseRequest
    examples:
      points:
        value: { cards: ["2C", "3H", "4D", "5D", "5S", "JS"], dealer: false }
      board:
        summary: A pone at 115 who needs 6
        value: { cards: ["KS", "2S", "5C", "AS", "QS", "7C"], dealer: false,
                 scores: { pone: 115, dealer: 100 } }
    responses:
      200:
        description: Every legal discard, best first (by `win` when `scores` were given).
        schema: AdviseResult
    """
    data = load_request(_schema, read_json(), discard_checks)
    if "scores" in data:
        found = discard_chances(data["cards"], dealer=data["dealer"], scores=data["scores"],
                                tables=load_tables(), variant=data["variant"])
        return jsonify(discards_by_win_answer(found, data["variant"],
                                              load_tables()[data["variant"]]))
    advice = advise(data["cards"], dealer=data["dealer"], variant=data["variant"],
                    partner_deals=data.get("partner_deals", False))
    return jsonify(discards_answer(advice, data["variant"]))
