"""The rules of cribbage as a pure library: no web framework, no I/O.

* :mod:`rules.cards` – cards and their notation
* :mod:`rules.variants` – how each variant deals
* :mod:`rules.show` and :mod:`rules.call` – counting hands and cribs, and the spoken count
* :mod:`rules.hands` – checking one hand or crib and its claim
* :mod:`rules.rulesets` and :mod:`rules.rulings` – remedies, findings, claims
"""

from rules.cards import Card, CardError, DuplicateCardError, InvalidCardError, Rank, Suit
from rules.hands import HandCheck, HandSizeError, check_hand
from rules.rulesets import Ruleset
from rules.rulings import Finding, FindingCode, Verdict
from rules.show import Item, ItemKind, Show, count, score
from rules.variants import Variant

__all__ = [
    "Card",
    "CardError",
    "DuplicateCardError",
    "Finding",
    "FindingCode",
    "HandCheck",
    "HandSizeError",
    "InvalidCardError",
    "Item",
    "ItemKind",
    "Rank",
    "Ruleset",
    "Show",
    "Suit",
    "Variant",
    "Verdict",
    "check_hand",
    "count",
    "score",
]
