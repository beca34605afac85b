"""A game review's figures per player (GNU Backgammon's sense): the error rate, the
mean chance of winning given up per unforced decision, and luck, what the cards and
the cut each was dealt were worth against the mean (docs/chances.md, "Error rate and
luck").

* **A decision** is every discard, and every card laid when the player held more than
  one distinct legal rank (laying the only rank one may is no choice). One with no
  ``win_loss`` (the review stopped there) is not counted.
* **Luck**, per deal, in points then turned into chance by the table's value of a point
  for the player before the deal (:func:`rules.review.value.point_value`):

  - *the cards dealt*: the player's best discard's net expected value (what the six
    cards were worth to a player who throws best) less the seat's mean of it over
    random hands (:data:`SEAT_MEAN`);
  - *the cut*: the starter's effect on what the player's side scores with it, each
    against its mean over every card that could have been cut (those not dealt): the
    player's hand, and the crib and heels, added for the dealer and taken off for the
    pone, as the net expected value counts them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from rules.chances import ChanceTable
from rules.core.cards import Card, Rank, full_deck
from rules.core.variants import Variant
from rules.deal.record import DealRecord, kept
from rules.review.deal import DealReview, GameReview
from rules.review.value import covered_table, point_value
from rules.show.show import score

__all__ = ["SEAT_MEAN", "Rating", "rate_game"]

SEAT_MEAN = {
    (Variant.SIX_CARD, False): 3.897,
    (Variant.SIX_CARD, True): 13.446,
    (Variant.FIVE_CARD, False): 0.701,
    (Variant.FIVE_CARD, True): 10.053,
}
"""The best discard's net expected value, mean over 20,000 seeded random hands a seat
(pone False, dealer True; 95% within 0.04 points): ``python -m bench.chances_review
--hands 20000`` measures it again, the same hands."""
_HEELS = 2
_DECK = tuple(full_deck())


@dataclass(frozen=True, slots=True)
class Rating:
    error_rate: float
    """The mean ``win_loss`` per decision counted (0 with none)."""
    decisions: int
    luck: float
    """The chance of winning the cards and cuts were worth against the mean, summed
    over the game's deals."""


def rate_game(review: GameReview, deals: Sequence[DealRecord],
              tables: Mapping[Variant, ChanceTable] | None) -> dict[str, Rating] | None:
    """Each player's error rate and luck over ``review`` (of ``deals``), by player as
    ``review.lost`` names them; None where no chance table covers the game."""
    if not review.deals:
        return None
    first = review.deals[0].check
    chance_table = covered_table(tables, first.table.variant, first.target)
    if chance_table is None:
        return None
    losses: dict[str, list[float]] = {player: [] for player in review.lost}
    luck = dict.fromkeys(review.lost, 0.0)
    for deal, record in zip(review.deals, deals, strict=True):
        if deal.check.misdeal:
            continue
        for player, loss in _decisions(deal):
            losses[player].append(loss)
        for player, points in _luck_points(deal, record).items():
            luck[player] += points * _value(chance_table, deal, player)
    return {player: Rating(sum(found) / len(found) if found else 0.0, len(found),
                           luck[player])
            for player, found in losses.items()}


def _value(chance_table: ChanceTable, deal: DealReview, player: str) -> float:
    at = deal.check.table
    before = deal.check.scores_before
    return point_value(chance_table, before[at.side_of(at.pone).name],
                       before[at.side_of(at.dealer).name], is_dealer=player == at.dealer)


def _decisions(deal: DealReview) -> list[tuple[str, float]]:
    """``(player, win_loss)`` for every decision of the deal that has one."""
    found = [(player, d.win_loss) for player, d in deal.discards.items()
             if d.win_loss is not None]
    if deal.play is not None:
        found.extend((card.player, card.win_loss) for card in deal.play.cards
                     if card.win_loss is not None and card.choices > 1)
    return found


def _luck_points(deal: DealReview, record: DealRecord) -> dict[str, float]:
    """Each player's luck in the deal, in points (the module's docstring)."""
    assert record.discards is not None and record.starter is not None
    at = deal.check.table
    variant = at.variant
    starter = record.starter
    dealt = {card for cards in record.dealt.values() for card in cards}
    if record.crib_card is not None:
        dealt.add(record.crib_card)
    cuts = [card for card in _DECK if card not in dealt]
    crib = [card for cards in record.discards.values() for card in cards]
    if record.crib_card is not None:
        crib.append(record.crib_card)
    crib_cut = _cut(crib, starter, cuts, crib=True)
    heels_cut = (_HEELS if starter.rank is Rank.JACK else 0) - Fraction(
        _HEELS * sum(1 for card in cuts if card.rank is Rank.JACK), len(cuts))
    found = {}
    for player, discard in deal.discards.items():
        is_dealer = player == at.dealer
        sign = 1 if is_dealer else -1
        cut = _cut(kept(record, player), starter, cuts) + sign * (crib_cut + heels_cut)
        cards = discard.best.net - Fraction(SEAT_MEAN[variant, is_dealer])
        found[player] = float(cards + cut)
    return found


def _cut(cards: Sequence[Card], starter: Card, cuts: Sequence[Card], *,
         crib: bool = False) -> Fraction:
    """What ``starter`` made of ``cards`` against the mean over every card in ``cuts``."""
    mean = Fraction(sum(score(cards, cut, crib=crib) for cut in cuts), len(cuts))
    return score(cards, starter, crib=crib) - mean
