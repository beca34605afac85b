"""Club nights and sanctioned qualifying rounds: scorecards cross-checked as ACC Rule
12.2 rules, the standings with every tiebreak, the cut and its bracket, and seating.

* :mod:`rules.club.cards` – scorecards and their lines as the players wrote them
* :mod:`rules.club.conventions` – skunk lines and game points as data
* :mod:`rules.club.crosscheck` – settling each pair of lines (Rule 12.2 a–h)
* :mod:`rules.club.standings` – the ranking and its tiebreaks
* :mod:`rules.club.cut` – qualifiers, the playoff bracket and byes, master points
* :mod:`rules.club.night` – a whole night checked end to end
* :mod:`rules.club.seating` – round-robin seating with byes
* :mod:`rules.club.csvtext` – scorecards in and standings out as CSV text
"""

from rules.club.cards import (
    MAX_LINES,
    MAX_ROUND,
    Checked,
    Column,
    Line,
    LineError,
    Result,
    Scorecard,
    Totals,
    night_problems,
)
from rules.club.conventions import Convention, ConventionSpec
from rules.club.csvtext import (
    STANDINGS_COLUMNS,
    CsvError,
    read_cards,
    standing_row,
    standings_csv,
    standings_table,
)
from rules.club.cut import Bracket, Cut, Event, Tournament, bracket_order, qualifying
from rules.club.night import NightCheck, check_night
from rules.club.seating import MAX_GAMES, Seating, roster_problems, seat
from rules.club.standings import STEP_WORDS, Standing, Step, Tally

__all__ = [
    "MAX_GAMES",
    "MAX_LINES",
    "MAX_ROUND",
    "STANDINGS_COLUMNS",
    "STEP_WORDS",
    "Bracket",
    "Checked",
    "Column",
    "Convention",
    "ConventionSpec",
    "CsvError",
    "Cut",
    "Event",
    "Line",
    "LineError",
    "NightCheck",
    "Result",
    "Scorecard",
    "Seating",
    "Standing",
    "Step",
    "Tally",
    "Totals",
    "Tournament",
    "bracket_order",
    "check_night",
    "night_problems",
    "qualifying",
    "read_cards",
    "roster_problems",
    "seat",
    "standing_row",
    "standings_csv",
    "standings_table",
]
