"""The play rating (docs/rating.md): one figure per player, for a game or any set of
games, from the chance of winning given up per decision as the review judges it, with
its parts; and the luck-adjusted result beside it.

* **The rating** is ``1000 × (D + C) ÷ N``, in thousandths of a game given up a deal
  (lower is better; 0 is the engine's best every time):

  - ``N``, the discards judged by chance (one a player a deal; a discard has fifteen
    options, so it is never forced);
  - ``D``, their ``win_loss`` summed;
  - ``C``, the claims left unmade: each count the referee ruled against its claimer
    (an undercount's missed points, an overclaim's penalty, muggins taken), in points,
    times the claimer's value of a point before the deal
    (:func:`rules.review.point_value`).

  **The play** is a part shown beside it and left out of the figure:
  ``1000 × P ÷ M``, ``P`` the ``win_loss`` of the ``M`` cards laid while the player held
  more than one distinct legal rank. The play is judged double-dummy, every hand known,
  which faults an honest player for the cards they could not see, and a hopeless
  position costs nothing whatever is laid: on the computer players a uniform draw gave
  up less a card than a better level, and the figure with the play in it failed the
  order check (docs/rating.md, "The figure changed"). Its parts ``discards`` and
  ``claims`` add up to it. Over many games the sums are added first
  (:meth:`PlayRating.__add__`), so a game counts by its deals.
* **The luck-adjusted result**: the result (1 for the winner, 0 for the loser) less
  :data:`LUCK_WEIGHT` times the player's net luck, their own luck less their opponent's
  (:func:`rules.review.rate_game`'s ``luck``, in chance of winning). The weight is fitted
  on the computer players' games: the luck as summed deal by deal overstates what the
  cards decided, and at full weight the adjusted result varied nearly as much as the raw
  one.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from rules.chances import ChanceTable
from rules.core.variants import Variant
from rules.deal.record import DealRecord
from rules.review.deal import DealReview, GameReview
from rules.review.rating import Rating, rate_game
from rules.review.value import covered_table, point_value

__all__ = ["BANDS", "LUCK_WEIGHT", "GameRating", "PlayRating", "band_of", "rate_games",
           "rate_play"]

PER = 1000
"""The rating's unit: thousandths of a game of chance of winning."""


@dataclass(frozen=True, slots=True)
class PlayRating:
    """The chance of winning given up by a player, by part, with the decisions it was given
    up over; add two to pool them (a set of games' rating is its sums', not the mean of
    its games')."""

    decisions: int
    """Every unforced decision judged: the discards and the unforced cards (as
    :func:`rules.review.rate_game` counts them)."""
    discards_judged: int
    """The discards judged by chance: the rating's ``N``."""
    discards: float
    """The discards' ``win_loss`` summed (chance, 0 to 1 each)."""
    play: float
    """The unforced cards' ``win_loss`` summed."""
    claims: float
    """The counts ruled against their claimer, in chance."""

    @property
    def cards(self) -> int:
        """The unforced cards judged."""
        return self.decisions - self.discards_judged

    @property
    def rating(self) -> float:
        """``1000 × (discards + claims) ÷ discards judged``; 0 with none."""
        return _per(self.discards + self.claims, self.discards_judged)

    @property
    def parts(self) -> dict[str, float]:
        """The rating's parts, ``discards`` and ``claims``, which add up to it; and the
        ``play`` beside it, per unforced card, which is not in it."""
        return {"discards": _per(self.discards, self.discards_judged),
                "play": _per(self.play, self.cards),
                "claims": _per(self.claims, self.discards_judged)}

    @property
    def band(self) -> str:
        """The band the rating falls in (:data:`BANDS`)."""
        return band_of(self.rating)

    def __add__(self, other: PlayRating) -> PlayRating:
        return PlayRating(self.decisions + other.decisions,
                          self.discards_judged + other.discards_judged,
                          self.discards + other.discards, self.play + other.play,
                          self.claims + other.claims)


def _per(given_up: float, decisions: int) -> float:
    return PER * given_up / decisions if decisions else 0.0


NOTHING = PlayRating(0, 0, 0.0, 0.0, 0.0)


@dataclass(frozen=True, slots=True)
class GameRating:
    """One player's game: the play rating, the result, the luck and the luck-adjusted
    result."""

    play: PlayRating
    result: float
    """1 for the winner, 0 for the loser (0.5 each in a game with no winner)."""
    luck: float
    """The player's own luck in chance (:func:`rules.review.rate_game`)."""
    net_luck: float
    """Their luck less their opponent's."""

    @property
    def luck_adjusted(self) -> float:
        """The result less :data:`LUCK_WEIGHT` times the net luck."""
        return self.result - LUCK_WEIGHT * self.net_luck


LUCK_WEIGHT = 0.52
"""What a unit of net luck is worth in the result: the least-squares slope of the result
on the net luck within each pairing of levels, on the fit set of bench/levels.py (180
games: 0.521); on the test set it takes 34% off the result's variance, where the full
weight took 3% (docs/rating.md)."""

BANDS: tuple[tuple[float, str], ...] = (
    (2.6, "engine"),
    (9.5, "expert"),
    (17.0, "club"),
    (29.0, "casual"),
    (45.0, "novice"),
    (float("inf"), "random"),
)
"""The bands, best first: a rating below each bound (thousandths of a game a deal) takes
its name. The bounds are calibrated on the computer players' levels
(:data:`rules.players.LEVELS`): the geometric midpoints between the ratings of adjacent
levels on the fit set of bench/levels.py (random 51.7, novice 38.5, casual 22.0, club
13.2, expert 6.8, engine 0.99; docs/rating.md)."""


def band_of(rating: float) -> str:
    """The name of the band ``rating`` falls in (:data:`BANDS`)."""
    return next(name for bound, name in BANDS if rating < bound)


def rate_play(review: GameReview, deals: Sequence[DealRecord],
              tables: Mapping[Variant, ChanceTable] | None,
              rated: Mapping[str, Rating] | None = None) -> dict[str, GameRating] | None:
    """Each player's rating, result and luck over ``review`` (of ``deals``), by player as
    ``review.lost`` names them; None where no chance table covers the game (three or four
    players, the seven-card game, another target). ``rated`` is
    :func:`rules.review.rate_game`'s answer for the same game, when the caller has it."""
    if rated is None:
        rated = rate_game(review, deals, tables)
    if rated is None:
        return None
    first = review.deals[0].check
    chance_table = covered_table(tables, first.table.variant, first.target)
    assert chance_table is not None  # rate_game found it
    found = {player: NOTHING for player in review.lost}
    for deal in review.deals:
        if deal.check.misdeal:
            continue
        for player in found:
            found[player] = found[player] + _deal(deal, player, chance_table)
    winner = review.check.winner
    total_luck = sum(r.luck for r in rated.values())
    return {player: GameRating(
        play, 0.5 if winner is None else float(winner == player), rated[player].luck,
        # Two players: the other's luck is the total less one's own.
        2 * rated[player].luck - total_luck)
        for player, play in found.items()}


def rate_games(games: Iterable[Mapping[str, GameRating]]) -> dict[str, PlayRating]:
    """Each player's rating pooled over ``games`` (each :func:`rate_play`'s answer): the
    sums added, so each game counts by its deals."""
    pooled: dict[str, PlayRating] = {}
    for game in games:
        for player, rated in game.items():
            pooled[player] = pooled.get(player, NOTHING) + rated.play
    return pooled


def _deal(deal: DealReview, player: str, chance_table: ChanceTable) -> PlayRating:
    discard = deal.discards.get(player)
    discards = 1 if discard is not None and discard.win_loss is not None else 0
    given_up = discard.win_loss if discard is not None and discard.win_loss else 0.0
    cards = [] if deal.play is None else [
        card.win_loss for card in deal.play.cards
        if card.player == player and card.win_loss is not None and card.choices > 1]
    missed = sum(count.loss for count in deal.count if count.player == player)
    claims = 0.0
    if missed:
        at = deal.check.table
        before = deal.check.scores_before
        claims = missed * point_value(chance_table, before[at.side_of(at.pone).name],
                                      before[at.side_of(at.dealer).name],
                                      is_dealer=player == at.dealer)
    return PlayRating(discards + len(cards), discards, given_up, sum(cards), claims)
