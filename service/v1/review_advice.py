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
)
from rules.advice import check_request
from rules.answers import MAX_SAMPLES, play_advice_answer, problems_of
from rules.chances import PlayToWin, validate_position
from rules.core import MOST_TO_CRIB
from service.errors import Refused
from service.fields import (
    Between,
    Cards,
    CommonSchema,
    Enum,
    List,
    Nested,
    Size,
    StrictInt,
    card_field,
    cards_field,
)
from service.v1.chances import load_tables
from service.v1.deals import scores_field
from service.v1.notation import Kind, notation_field, read_record
from service.v1.records import (
    MAX_EVENTS,
    PlayEventSchema,
    name_field,
    player_names,
    read_events,
    seated,
)


class PeggingObjective(StrEnum):
    """What the advice ranks the options by."""

    POINTS = "points"
    WIN = "win"


class PeggingAdviseSchema(CommonSchema):
    """The request's shape; what makes it a position to advise on is the library's to
    say (:func:`rules.advice.position.check_request`)."""

    component = "PeggingAdviseRequest"

    notation = notation_field(Kind.ADVICE, metadata={
        "description": "The play so far (docs/notation.md#a-play, without `hands:`), in "
        "place of `players`, `variant` and `plays`."})
    players = player_names()
    player = name_field(required=True)
    hand = cards_field(required=True, metadata={
        "description": "The player's cards as the play began (those laid since included)."})
    starter = card_field(required=True)
    discards = Cards(max_cards=MOST_TO_CRIB, metadata={
        "description": "The player's own discards, if they are to count as seen."})
    plays = List(Nested(PlayEventSchema), load_default=list,
                 validate=Size(0, MAX_EVENTS, "events"), metadata={
                     "description": "The play so far, as in `/v1/pegging/check`."})
    samples = StrictInt(load_default=DEFAULT_SAMPLES, validate=Between(1, MAX_SAMPLES))
    seed = StrictInt(load_default=0, validate=Between(0, 2**32 - 1))
    objective = Enum(PeggingObjective, load_default=PeggingObjective.POINTS, metadata={
        "description": "`points`: options ranked by the mean play point difference. `win`: "
        "by the player's mean chance of winning the game (docs/chances.md, \"The play judged "
        "by chances\"), for the two-player six-card and five-card games only (any other is a "
        "422 at `#/variant`); `scores` is then required."})
    scores = scores_field(metadata={
        "description": "Each side's score as the play began, by name, heels included; each "
        "short of the target. Required with `objective: win`, ignored otherwise."})


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
    found = found + problems_of(lambda: check_request(
        table, read("player"), read("hand"), read("starter"), read("discards"), events))
    if read("objective") == PeggingObjective.WIN and not refused("scores"):
        found = found + problems_of(
            lambda: validate_position(table, loaded.get("scores"), load_tables()))
    return found


def advice_out(advice: PlayAdvice, objective: PeggingObjective = PeggingObjective.POINTS
               ) -> dict[str, Any]:
    return play_advice_answer(advice, "win" if objective == PeggingObjective.WIN else "points")


def pegging_advise() -> Response:
    """Which card to lay now, by expected pegging difference

    For a player in the middle of the play: every legal card (or go), best first,
    by the mean play point difference from here. The other hands are every deal
    consistent with what the player has seen (the cards laid, and the gos: a
    player who said go, or was passed over, held nothing that fitted), equally
    likely; each deal is played out double-dummy. This is **perfect-information
    sampling**: it credits the other players with seeing every hand.

    Where the possible deals (by rank pattern) are no more than `samples`, all are
    played and the values are exact (`method: exact`, with `exact` fractions).
    Otherwise `samples` deals are drawn with the generator seeded by `seed`, and
    each value has its standard error (`method: sampled`); the same request always
    gets the same answer. `deals` says how many were played: fewer than `samples`
    where the request's search budget ran out.

    With `objective: win` and the `scores` as the play began, each option also has
    `win`, the mean chance of winning the game from the player's side, and the
    options are ranked by it ("playing to the board"; a dealer at 119 spends the
    play stopping the pone's last points). Only the two-player six- and five-card
    games have a chance table: another game is a 422 at `#/variant`, as are scores
    missing or past the target at `#/scores`.

    A position that cannot be advised on is a 422 pointing at the value: a card
    the player does not hold or that is seen elsewhere, a card laid out of turn or
    over 31, a go while holding a card that fits, or the turn not the player's.
    ---
    operationId: advisePlay
    tags: [advice]
    request: PeggingAdviseRequest
    example:
      player: pone
      hand: ["5H", "5D", "6C", "9S"]
      starter: JH
      plays: [{ player: pone, card: "5H" }, { player: dealer, card: "TC" }]
    responses:
      200:
        description: Every legal card (or go), best first.
        schema: PeggingAdviseResult
    """
    sent = read_record(Kind.ADVICE, _schema, advice_checks)
    data = sent.data
    # A request that describes no position raises the records' error: a 422, every
    # problem pointed at (service/errors.py).
    table, plays, _, _ = sent.play()
    objective = data["objective"]
    by_chance = None
    if objective == PeggingObjective.WIN:
        # Raises the records' error (a 422 at #/variant or #/scores) where there is no
        # table for the game or the scores do not fit it.
        by_chance = PlayToWin(table, data.get("scores"), load_tables(), data["player"],
                              hand=data["hand"], starter=data["starter"])
    advice = advise_play(table=table, player=data["player"], hand=data["hand"],
                         starter=data["starter"], plays=plays,
                         discards=data.get("discards"), samples=data["samples"],
                         seed=data["seed"], by_chance=by_chance)
    return jsonify({**advice_out(advice, objective), "samples": data["samples"],
                    "seed": data["seed"]})
