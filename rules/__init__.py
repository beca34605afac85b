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
* :mod:`rules.answers` – the answers written as the API writes them (plain JSON values),
  for the service and the command line alike

This face exports every entry point and every type in their answers::

    from rules import Table, Variant, check_play
"""

__version__ = "0.3.0"

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
from rules.core import (
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
    kept,
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
    "REVIEW_POSITIONS",
    "Advice",
    "AdviceError",
    "Card",
    "CardError",
    "CardReview",
    "ClaimRuling",
    "Count",
    "CountReview",
    "Counted",
    "DealCheck",
    "DealClaims",
    "DealRecord",
    "DealReview",
    "DiscardReview",
    "DuplicateCardError",
    "Finding",
    "FindingCode",
    "GameCheck",
    "GameReview",
    "HandCheck",
    "Heels",
    "IllegalMove",
    "InvalidCardError",
    "InvalidTableError",
    "Item",
    "ItemKind",
    "Lost",
    "Margin",
    "Next",
    "Objective",
    "Option",
    "Peg",
    "PegKind",
    "PegScore",
    "Phase",
    "PlayAdvice",
    "PlayCheck",
    "PlayEvent",
    "PlayOption",
    "PlayReview",
    "PlayState",
    "Problem",
    "ProblemCode",
    "Rank",
    "RecordError",
    "Ruleset",
    "RulesetSpec",
    "Scored",
    "ScoredEvent",
    "Show",
    "Side",
    "Stage",
    "Suit",
    "Table",
    "Variant",
    "VariantSpec",
    "Verdict",
    "__version__",
    "advise",
    "advise_play",
    "check_deal",
    "check_game",
    "check_hand",
    "check_play",
    "count",
    "full_deck",
    "in_play",
    "kept",
    "objective_of",
    "review_deal",
    "review_game",
    "score",
    "score_many",
    "show_distribution",
]
