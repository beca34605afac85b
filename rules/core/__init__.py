"""The vocabulary every rule is written in: cards, variants, rulesets, the table, names,
the findings a referee reports and the one error for records that cannot be refereed."""

from rules.core.cards import (
    Card,
    CardError,
    DuplicateCardError,
    InvalidCardError,
    Rank,
    Suit,
    full_deck,
    parse_cards,
    shown,
    spellings,
)
from rules.core.codes import SCORECARD_CODES, FindingCode
from rules.core.errors import NO_PLAYERS, Problem, ProblemCode, Problems, RecordError
from rules.core.findings import ClaimRuling, Finding, Verdict, rule_on_claim
from rules.core.names import BARE_NAME, InvalidNameError, quote_name, read_name
from rules.core.rulesets import Ruleset, RulesetSpec
from rules.core.table import PARTNERS, TWO_PLAYERS, InvalidTableError, Side, Table
from rules.core.variants import (
    FEWEST_PLAYERS,
    MOST_CARDS,
    MOST_PLAYERS,
    MOST_TO_CRIB,
    Variant,
    VariantSpec,
)

__all__ = [
    "BARE_NAME",
    "FEWEST_PLAYERS",
    "MOST_CARDS",
    "MOST_PLAYERS",
    "MOST_TO_CRIB",
    "NO_PLAYERS",
    "PARTNERS",
    "SCORECARD_CODES",
    "TWO_PLAYERS",
    "Card",
    "CardError",
    "ClaimRuling",
    "DuplicateCardError",
    "Finding",
    "FindingCode",
    "InvalidCardError",
    "InvalidNameError",
    "InvalidTableError",
    "Problem",
    "ProblemCode",
    "Problems",
    "Rank",
    "RecordError",
    "Ruleset",
    "RulesetSpec",
    "Side",
    "Suit",
    "Table",
    "Variant",
    "VariantSpec",
    "Verdict",
    "full_deck",
    "parse_cards",
    "quote_name",
    "read_name",
    "rule_on_claim",
    "shown",
    "spellings",
]
