"""The library's answers written as the API writes them: plain dicts of JSON values, one
function per answer, so that the service and the command line (which answers without
the service) say every fact the same way.

* :mod:`rules.answers.hands` – a hand's count and the ruling on its claim; findings
* :mod:`rules.answers.advice` – discard advice, by points or by the chance of winning;
  play advice
* :mod:`rules.answers.chances` – the chance of winning from a position
* :mod:`rules.answers.club` – a club night's standings, and a night's seating
* :mod:`rules.answers.records` – a play, a deal and a game refereed; what comes next
* :mod:`rules.answers.review` – a deal or a game reviewed
* :mod:`rules.answers.record_json` – records of the table (a play's events, a deal, its
  table) to and from the JSON the API takes
* :mod:`rules.answers.bodies` – a record read from notation, as the JSON the API takes
"""

from rules.answers.advice import (
    PLAY_MODEL,
    WIN_MODEL,
    discards_answer,
    discards_by_win_answer,
    number,
    play_advice_answer,
    table_answer,
)
from rules.answers.bodies import advice_body, deal_body, game_body, options_body, play_body
from rules.answers.chances import chances_answer
from rules.answers.club import night_answer, seating_answer
from rules.answers.hands import findings_answer, hand_answer
from rules.answers.record_json import (
    cards_from_json,
    deal_from_json,
    deal_to_json,
    event_from_json,
    event_to_json,
    events_from_json,
    game_table_from_json,
    game_table_to_json,
    hands_from_json,
    hands_to_json,
    scores_to_json,
    table_from_json,
    table_to_json,
)
from rules.answers.records import (
    CRIB,
    deal_answer,
    game_answer,
    next_answer,
    play_answer,
    shown_as,
)
from rules.answers.review import deal_review_answer, game_review_answer

__all__ = [
    "CRIB",
    "PLAY_MODEL",
    "WIN_MODEL",
    "advice_body",
    "cards_from_json",
    "chances_answer",
    "deal_answer",
    "deal_body",
    "deal_from_json",
    "deal_review_answer",
    "deal_to_json",
    "discards_answer",
    "discards_by_win_answer",
    "event_from_json",
    "event_to_json",
    "events_from_json",
    "findings_answer",
    "game_answer",
    "game_body",
    "game_review_answer",
    "game_table_from_json",
    "game_table_to_json",
    "hand_answer",
    "hands_from_json",
    "hands_to_json",
    "next_answer",
    "night_answer",
    "number",
    "options_body",
    "play_advice_answer",
    "play_answer",
    "play_body",
    "scores_to_json",
    "seating_answer",
    "shown_as",
    "table_answer",
    "table_from_json",
    "table_to_json",
]
