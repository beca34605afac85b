"""The library's answers written as the API writes them: plain dicts of JSON values, one
function per answer, so that the service and the command line (which answers without
the service) say every fact the same way.

* :mod:`rules.answers.hands` – a hand's count and the ruling on its claim; findings
* :mod:`rules.answers.advice` – discard advice, by points or by the chance of winning;
  play advice
* :mod:`rules.answers.chances` – the chance of winning from a position
* :mod:`rules.answers.club` – a club night's standings, and a night's seating
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
from rules.answers.chances import chances_answer
from rules.answers.club import night_answer, seating_answer
from rules.answers.hands import findings_answer, hand_answer

__all__ = [
    "PLAY_MODEL",
    "WIN_MODEL",
    "chances_answer",
    "discards_answer",
    "discards_by_win_answer",
    "findings_answer",
    "hand_answer",
    "night_answer",
    "number",
    "play_advice_answer",
    "seating_answer",
    "table_answer",
]
