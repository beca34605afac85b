"""``/v1/pegging/advise``: which card to lay now, by expected pegging difference."""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any

from flask import Response, jsonify

from rules import (
    DEFAULT_SAMPLES,
    PlayAdvice,
    Problem,
    advise_play,
    events_from_json,
    table_from_json,
)
from rules.advice import request_problems
from rules.answers import play_advice_answer
from rules.chances import PlayToWin, chances_problems
from rules.core import MOST_TO_CRIB
from service.errors import Refused, load_request
from service.fields import (
    Between,
    CardField,
    Cards,
    CommonSchema,
    Enum,
    List,
    Nested,
    Size,
    StrictInt,
    String,
)
from service.v1.chances import load_tables
from service.v1.deals import scores_field
from service.v1.notation import Kind, read_record
from service.v1.records import (
    MAX_EVENTS,
    NAME,
    PlayEventSchema,
    player_names,
    read_events,
    seated,
)

MAX_SAMPLES = 1000
class PeggingObjective(StrEnum):
    """What the advice ranks the options by."""

    POINTS = "points"
    WIN = "win"


class PeggingAdviseSchema(CommonSchema):
    """The request's shape; what makes it a position to advise on is the library's to
    say (:func:`rules.advice.position.check_request`)."""

    players = player_names()
    player = String(required=True, validate=NAME)
    hand = Cards(required=True)
    starter = CardField(required=True)
    discards = Cards(max_cards=MOST_TO_CRIB)
    plays = List(Nested(PlayEventSchema), load_default=list,
                 validate=Size(0, MAX_EVENTS, "events"))
    samples = StrictInt(load_default=DEFAULT_SAMPLES, validate=Between(1, MAX_SAMPLES))
    seed = StrictInt(load_default=0, validate=Between(0, 2**32 - 1))
    objective = Enum(PeggingObjective, load_default=PeggingObjective.POINTS)
    scores = scores_field()


_schema = PeggingAdviseSchema()


def advice_checks(loaded: Mapping[str, Any], body: Mapping[str, Any],
                  refused: Refused) -> list[Problem]:
    """The library's problems with a position the schema refused in part: the table's,
    then the player, the hand, the starter, the discards and each event read at it."""
    table, found = seated(loaded, refused)
    if table is None:
        return found

    def read(name: str) -> Any:
        return None if refused(name) else loaded.get(name)

    events = read_events(body.get("plays"), lambda i: refused("plays", i))
    found = found + request_problems(
        table, read("player"), read("hand"), read("starter"), read("discards"), events)
    if read("objective") == PeggingObjective.WIN and not refused("scores"):
        found = found + chances_problems(table, loaded.get("scores"), load_tables())
    return found


def advice_out(advice: PlayAdvice, objective: PeggingObjective = PeggingObjective.POINTS
               ) -> dict[str, Any]:
    return play_advice_answer(advice, "win" if objective == PeggingObjective.WIN else "points")


def pegging_advise() -> Response:
    data = load_request(_schema, read_record(Kind.ADVICE, _schema), advice_checks)
    # A request that describes no position raises the records' error: a 422, every
    # problem pointed at (service/errors.py).
    table = table_from_json(data)
    objective = data["objective"]
    by_chance = None
    if objective == PeggingObjective.WIN:
        # Raises the records' error (a 422 at #/variant or #/scores) where there is no
        # table for the game or the scores do not fit it.
        by_chance = PlayToWin(table, data.get("scores"), load_tables(), data["player"],
                              hand=data["hand"], starter=data["starter"])
    advice = advise_play(table=table, player=data["player"], hand=data["hand"],
                         starter=data["starter"], plays=events_from_json(data["plays"]),
                         discards=data.get("discards"), samples=data["samples"],
                         seed=data["seed"], by_chance=by_chance)
    return jsonify({**advice_out(advice, objective), "samples": data["samples"],
                    "seed": data["seed"]})
