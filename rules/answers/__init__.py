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
* :mod:`rules.answers.shared` – a deal or a game as a share link holds it
* :mod:`rules.answers.limits` – the limits of a request (not rules of the game)
* :mod:`rules.answers.located` – problems in a record read from notation, pointed into
  its text
* :mod:`rules.answers.bodies` – a record read from notation, as the JSON the API takes
  (written with :mod:`rules.deal.json_form`, which also reads it)
"""

from typing import TYPE_CHECKING

from rules.core.face import lazy

if TYPE_CHECKING:
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
    from rules.answers.club import cards_answer, night_answer, season_answer, seating_answer
    from rules.answers.hands import findings_answer, hand_answer
    from rules.answers.limits import (
        MAX_BATCH,
        MAX_CLAIM,
        MAX_CSV,
        MAX_LINK,
        MAX_NAMES,
        MAX_NOTATION,
        MAX_ROSTER,
        MAX_SAMPLES,
        MAX_SCORECARD,
        MAX_TARGET,
        NAME_LENGTH,
        QUOTED,
        quote,
    )
    from rules.answers.located import NOTATION, relocated
    from rules.answers.records import (
        CRIB,
        deal_answer,
        game_answer,
        next_answer,
        play_answer,
        players_left_out,
        problems_of,
        seats_named,
        shown_as,
    )
    from rules.answers.review import deal_review_answer, game_review_answer
    from rules.answers.shared import names_answer, shared_answer

__all__ = [
    "CRIB",
    "MAX_BATCH",
    "MAX_CLAIM",
    "MAX_CSV",
    "MAX_LINK",
    "MAX_NAMES",
    "MAX_NOTATION",
    "MAX_ROSTER",
    "MAX_SAMPLES",
    "MAX_SCORECARD",
    "MAX_TARGET",
    "NAME_LENGTH",
    "NOTATION",
    "PLAY_MODEL",
    "QUOTED",
    "WIN_MODEL",
    "advice_body",
    "cards_answer",
    "chances_answer",
    "deal_answer",
    "deal_body",
    "deal_review_answer",
    "discards_answer",
    "discards_by_win_answer",
    "findings_answer",
    "game_answer",
    "game_body",
    "game_review_answer",
    "hand_answer",
    "names_answer",
    "next_answer",
    "night_answer",
    "number",
    "options_body",
    "play_advice_answer",
    "play_answer",
    "play_body",
    "players_left_out",
    "problems_of",
    "quote",
    "relocated",
    "season_answer",
    "seating_answer",
    "seats_named",
    "shared_answer",
    "shown_as",
    "table_answer",
]

__getattr__, __dir__ = lazy(__name__)  # each name loaded when first used
