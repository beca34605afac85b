"""The rules of cribbage as a pure library: no web framework, no I/O.

* :mod:`rules.cards` – cards and their notation
* :mod:`rules.variants` – how each variant deals
* :mod:`rules.items` – the show's rules, each written once; :mod:`rules.tables` – the
  packed show key; :mod:`rules.show`, :mod:`rules.call` – counting hands and cribs
* :mod:`rules.hands` – checking one hand or crib and its claim
* :mod:`rules.pegging` – what one card scores in the play
* :mod:`rules.playstate` – the play as a state machine: positions and moves
* :mod:`rules.play`, :mod:`rules.readings`, :mod:`rules.play_rulings` – the play's referee
* :mod:`rules.errors` – the one error for records that cannot be refereed
* :mod:`rules.deal`, :mod:`rules.game`, :mod:`rules.sides` – whole deals and games
* :mod:`rules.rulesets`, :mod:`rules.rulings` – remedies, findings, claims
* :mod:`rules.discards` – discard advice by exact expected value
* :mod:`rules.distribution` – every hand with every starter, in bulk
* :mod:`rules.review`, :mod:`rules.review_play` – a deal or game judged against the best
* :mod:`rules.review_advice`, :mod:`rules.review_position` – which card to lay now
* :mod:`rules.doubledummy`, :mod:`rules.doubledummy_search` – the play with every hand known
"""

from rules.cards import Card, CardError, DuplicateCardError, InvalidCardError, Rank, Suit
from rules.codes import FindingCode
from rules.core.table import Side, Table
from rules.deal import DealCheck, DealClaims, DealRecord, check_deal
from rules.discards import Advice, advise
from rules.errors import Problem, ProblemCode, RecordError
from rules.game import GameCheck, Margin, check_game
from rules.hands import HandCheck, check_hand
from rules.live import Next, Phase
from rules.play import PlayCheck, PlayEvent, check_play
from rules.playstate import IllegalMove, PlayState, Scored
from rules.review import DealReview, GameReview, review_deal, review_game
from rules.review_advice import AdviceError, PlayAdvice, advise_play
from rules.rulesets import Ruleset
from rules.rulings import Finding, Verdict
from rules.show import Item, ItemKind, Show, count, score
from rules.variants import Variant

__all__ = [
    "Advice",
    "AdviceError",
    "Card",
    "CardError",
    "DealCheck",
    "DealClaims",
    "DealRecord",
    "DealReview",
    "DuplicateCardError",
    "Finding",
    "FindingCode",
    "GameCheck",
    "GameReview",
    "HandCheck",
    "IllegalMove",
    "InvalidCardError",
    "Item",
    "ItemKind",
    "Margin",
    "Next",
    "Phase",
    "PlayAdvice",
    "PlayCheck",
    "PlayEvent",
    "PlayState",
    "Problem",
    "ProblemCode",
    "Rank",
    "RecordError",
    "Ruleset",
    "Scored",
    "Show",
    "Side",
    "Suit",
    "Table",
    "Variant",
    "Verdict",
    "advise",
    "advise_play",
    "check_deal",
    "check_game",
    "check_hand",
    "check_play",
    "count",
    "review_deal",
    "review_game",
    "score",
]
