"""The rules of cribbage as a pure library: no web framework, no I/O.

* :mod:`rules.core.cards` – cards and their notation
* :mod:`rules.core.variants` – how each variant deals
* :mod:`rules.show.items` – the show's rules, each written once; :mod:`rules.show.tables` – the
  packed show key; :mod:`rules.show.show`, :mod:`rules.show.call` – counting hands and cribs
* :mod:`rules.show.hands` – checking one hand or crib and its claim
* :mod:`rules.play.pegging` – what one card scores in the play
* :mod:`rules.play.state` – the play as a state machine: positions and moves
* :mod:`rules.play.check`, :mod:`rules.play.readings`, :mod:`rules.play.rulings` – the
  play's referee
* :mod:`rules.core.errors` – the one error for records that cannot be refereed
* :mod:`rules.deal.check`, :mod:`rules.deal.game`, :mod:`rules.sides` – whole deals and games
* :mod:`rules.core.rulesets`, :mod:`rules.core.findings` – remedies, findings, claims
* :mod:`rules.advice.discards` – discard advice by exact expected value
* :mod:`rules.show.distribution` – every hand with every starter, in bulk
* :mod:`rules.review.deal`, :mod:`rules.review.play` – a deal or game judged against the best
* :mod:`rules.advice.play`, :mod:`rules.advice.position` – which card to lay now
* :mod:`rules.doubledummy.position`, :mod:`rules.doubledummy.search` – the play with
  every hand known
"""

from rules.advice.discards import Advice, advise
from rules.advice.play import AdviceError, PlayAdvice, advise_play
from rules.core.cards import Card, CardError, DuplicateCardError, InvalidCardError, Rank, Suit
from rules.core.codes import FindingCode
from rules.core.errors import Problem, ProblemCode, RecordError
from rules.core.findings import Finding, Verdict
from rules.core.rulesets import Ruleset
from rules.core.table import Side, Table
from rules.core.variants import Variant
from rules.deal.check import DealCheck, DealClaims, DealRecord, check_deal
from rules.deal.game import GameCheck, Margin, check_game
from rules.play.check import PlayCheck, PlayEvent, check_play
from rules.play.live import Next, Phase
from rules.play.state import IllegalMove, PlayState, Scored
from rules.review.deal import DealReview, GameReview, review_deal, review_game
from rules.show.hands import HandCheck, check_hand
from rules.show.show import Item, ItemKind, Show, count, score

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
