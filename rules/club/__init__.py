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
* :mod:`rules.club.season` – a season's nights rated with OpenSkill (docs/ratings.md)
"""

from typing import TYPE_CHECKING

from rules.core.face import lazy

if TYPE_CHECKING:
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
        validate_night,
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
    from rules.club.season import (
        BETA,
        MAX_NIGHTS,
        Rated,
        SeasonGames,
        SeasonRatings,
        model,
        rate_season,
        rate_season_games,
        season_games,
    )
    from rules.club.seating import MAX_GAMES, Seating, seat, validate_roster
    from rules.club.standings import STEP_WORDS, Standing, Step, Tally

__all__ = [
    "BETA",
    "MAX_GAMES",
    "MAX_LINES",
    "MAX_NIGHTS",
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
    "Rated",
    "Result",
    "Scorecard",
    "SeasonGames",
    "SeasonRatings",
    "Seating",
    "Standing",
    "Step",
    "Tally",
    "Totals",
    "Tournament",
    "bracket_order",
    "check_night",
    "model",
    "qualifying",
    "rate_season",
    "rate_season_games",
    "read_cards",
    "season_games",
    "seat",
    "standing_row",
    "standings_csv",
    "standings_table",
    "validate_night",
    "validate_roster",
]

__getattr__, __dir__ = lazy(__name__)  # each name loaded when first used
