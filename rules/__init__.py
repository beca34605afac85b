"""The rules of cribbage as a pure library: no web framework, no I/O.

The library is layered; each layer imports only those below it (``make lint`` checks
this with import-linter), and each package's ``__init__`` is its face:

* :mod:`rules.core` – the vocabulary: cards, variants, rulesets, the table (who sits
  where, :class:`Table`), names, findings, and the one error for records that cannot
  be refereed
* :mod:`rules.show` – counting a hand or a crib, item by item, and its claim
* :mod:`rules.play` – what a card scores, the play as a state machine, its referee
* :mod:`rules.deal` – whole deals and games
* :mod:`rules.doubledummy` – the play with every hand known, and its search
* :mod:`rules.advice` – discard advice by exact expected value; which card to lay now
* :mod:`rules.chances` – the chance of winning from every score (docs/chances.md)
* :mod:`rules.review` – a deal or game judged against the best
* :mod:`rules.players` – computer players of known strength, and games between them
  (the play rating, :func:`rules.review.rate_play`, is proved on them: docs/rating.md)
* :mod:`rules.notation` – records written as text, read leniently and written canonically
* :mod:`rules.club` – a club night's scorecards cross-checked, the standings and the cut
* :mod:`rules.answers` – the answers written as the API writes them (plain JSON values),
  for the service and the command line alike

This face exports every entry point and every type in their answers: the checks, the
advice and the reviews; records read and written as text (:class:`Play`, :class:`Deal`,
:class:`Game`, :func:`read_record`); the chance of winning from a position
(:func:`chances_of`, on the tables the library ships, :func:`shipped_tables`); and a club
night's scorecards checked (:func:`read_cards`, :func:`check_night`)::

    from rules import Table, Variant, check_play
"""

__version__ = "0.4.0"

from typing import TYPE_CHECKING

from rules.core.face import lazy

if TYPE_CHECKING:
    from rules.advice import (
        ADVICE_POSITIONS,
        DEFAULT_SAMPLES,
        Advice,
        AdviceError,
        Option,
        PlayAdvice,
        PlayOption,
        advise,
        advise_play,
    )
    from rules.chances import (
        Chances,
        ChanceTable,
        DiscardChance,
        DiscardChances,
        Part,
        PlayToWin,
        PositionChances,
        Seen,
        chances_of,
        discard_chances,
        shipped_table,
        shipped_tables,
    )
    from rules.club import (
        Bracket,
        Column,
        Convention,
        CsvError,
        Cut,
        Event,
        Line,
        LineError,
        NightCheck,
        Result,
        Scorecard,
        Standing,
        Tournament,
        check_night,
        read_cards,
        standings_csv,
    )
    from rules.core import (
        NO_PLAYERS,
        Card,
        CardError,
        ClaimRuling,
        DuplicateCardError,
        Finding,
        FindingCode,
        InvalidCardError,
        InvalidTableError,
        Problem,
        ProblemCode,
        Rank,
        RecordError,
        Ruleset,
        RulesetSpec,
        Side,
        Suit,
        Table,
        Variant,
        VariantSpec,
        Verdict,
        full_deck,
    )
    from rules.deal import (
        Count,
        DealCheck,
        DealClaims,
        DealRecord,
        GameCheck,
        Heels,
        Margin,
        Stage,
        check_deal,
        check_game,
        deal_from_json,
        deal_to_json,
        event_from_json,
        event_to_json,
        events_from_json,
        game_table_from_json,
        game_table_to_json,
        kept,
        table_from_json,
        table_to_json,
    )
    from rules.notation import (
        Deal,
        Game,
        NotationError,
        Play,
        event_text,
        parse_event,
        read_record,
    )
    from rules.play import (
        IllegalMove,
        Next,
        Peg,
        PegKind,
        PegScore,
        Phase,
        PlayCheck,
        PlayEvent,
        PlayState,
        Scored,
        ScoredEvent,
        check_play,
        in_play,
    )
    from rules.review import (
        REVIEW_POSITIONS,
        CardReview,
        Counted,
        CountReview,
        DealReview,
        DiscardReview,
        GameReview,
        Lost,
        Objective,
        PlayReview,
        objective_of,
        review_deal,
        review_game,
    )
    from rules.show import (
        HandCheck,
        Item,
        ItemKind,
        Show,
        check_hand,
        count,
        score,
        score_many,
        show_distribution,
    )

__all__ = [
    "ADVICE_POSITIONS",
    "DEFAULT_SAMPLES",
    "NO_PLAYERS",
    "REVIEW_POSITIONS",
    "Advice",
    "AdviceError",
    "Bracket",
    "Card",
    "CardError",
    "CardReview",
    "ChanceTable",
    "Chances",
    "ClaimRuling",
    "Column",
    "Convention",
    "Count",
    "CountReview",
    "Counted",
    "CsvError",
    "Cut",
    "Deal",
    "DealCheck",
    "DealClaims",
    "DealRecord",
    "DealReview",
    "DiscardChance",
    "DiscardChances",
    "DiscardReview",
    "DuplicateCardError",
    "Event",
    "Finding",
    "FindingCode",
    "Game",
    "GameCheck",
    "GameReview",
    "HandCheck",
    "Heels",
    "IllegalMove",
    "InvalidCardError",
    "InvalidTableError",
    "Item",
    "ItemKind",
    "Line",
    "LineError",
    "Lost",
    "Margin",
    "Next",
    "NightCheck",
    "NotationError",
    "Objective",
    "Option",
    "Part",
    "Peg",
    "PegKind",
    "PegScore",
    "Phase",
    "Play",
    "PlayAdvice",
    "PlayCheck",
    "PlayEvent",
    "PlayOption",
    "PlayReview",
    "PlayState",
    "PlayToWin",
    "PositionChances",
    "Problem",
    "ProblemCode",
    "Rank",
    "RecordError",
    "Result",
    "Ruleset",
    "RulesetSpec",
    "Scorecard",
    "Scored",
    "ScoredEvent",
    "Seen",
    "Show",
    "Side",
    "Stage",
    "Standing",
    "Suit",
    "Table",
    "Tournament",
    "Variant",
    "VariantSpec",
    "Verdict",
    "__version__",
    "advise",
    "advise_play",
    "chances_of",
    "check_deal",
    "check_game",
    "check_hand",
    "check_night",
    "check_play",
    "count",
    "deal_from_json",
    "deal_to_json",
    "discard_chances",
    "event_from_json",
    "event_text",
    "event_to_json",
    "events_from_json",
    "full_deck",
    "game_table_from_json",
    "game_table_to_json",
    "in_play",
    "kept",
    "objective_of",
    "parse_event",
    "read_cards",
    "read_record",
    "review_deal",
    "review_game",
    "score",
    "score_many",
    "shipped_table",
    "shipped_tables",
    "show_distribution",
    "standings_csv",
    "table_from_json",
    "table_to_json",
]

# The face loads each name's module when the name is first used (rules.core.face): counting
# a hand loads no numpy, nor the foreign notations.
__getattr__, __dir__ = lazy(__name__)
