"""``/v1/pegging/check``: referee a recorded play, finished or in progress."""

from __future__ import annotations

from flask import Response, jsonify

from rules import check_play, in_play
from service.fields import CommonSchema
from service.observability import count_findings
from service.v1.notation import Kind, notation_field, read_record
from service.v1.records import (
    hands_field,
    in_progress_field,
    next_out,
    play_check_out,
    play_checks,
    player_names,
    plays_field,
)


class PeggingCheckSchema(CommonSchema):
    component = "PeggingCheckRequest"

    notation = notation_field(Kind.PLAY, metadata={
        "description": "A play (docs/notation.md#a-play), in place of `players`, `variant`, "
        "`plays`, `hands` and `in_progress`."})
    plays = plays_field()
    hands = hands_field(metadata={"description": "The cards each player held when the play "
                                  "began (all players, whole hands)."})
    players = player_names()
    in_progress = in_progress_field()


_schema = PeggingCheckSchema()


def pegging_check() -> Response:
    """Referee a recorded play, card by card

    Replays the record and scores every card. Missing go calls are inferred where
    turn order and the count allow (a card that would pass 31 after an unanswered
    count starts a new count); with `hands` the referee proves or refutes that
    reading. The record is read whole: the reading that breaks the fewest rules in
    all stands, so a later event can overturn how a card alone would read (the
    same card laid again: it went over 31 and was taken back). Where the record
    still admits readings that score differently it reports `ambiguous-record`
    and says which reading it scored.

    A go followed at once by the same player's card that fits is taken back (no
    renege); a go straight after the same player's go is a repeat. Under the ACC
    a renege retracts the points pegged on cards laid after it in its count.

    With `"in_progress": true` the record may stop anywhere: nothing only the end
    of the play decides is awarded, and `next` says whose turn it is, the count,
    and (with `hands`) exactly the cards they may lay or that they must say go.
    ---
    operationId: checkPegging
    tags: [play]
    request: PeggingCheckRequest
    example:
      plays:
        - { player: pone, card: KH }
        - { player: dealer, card: QC }
        - { player: pone, card: TD, claimed: 2 }
        - { player: dealer, card: 9S }
    responses:
      200:
        description: Every event scored, totals, findings, and the award after every ruling.
        schema: PeggingCheckResult
    """
    sent = read_record(Kind.PLAY, _schema, play_checks)
    data = sent.data
    table, events, hands, in_progress = sent.play()
    result = check_play(events, table=table, hands=hands, ruleset=data["ruleset"],
                        muggins=data["muggins"], in_progress=in_progress)
    count_findings(result.findings)
    answer = play_check_out(result)
    if in_progress:
        answer["next"] = next_out(in_play(result.state))
    return jsonify(answer)
