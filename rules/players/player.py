"""A computer player's decisions (:class:`Player`): the discard and each card laid, valued
by the engine's advice in the chance of winning given up, and chosen as the player's
:class:`rules.players.levels.Level` says.

* **The discard**: near the end (either side within
  :data:`rules.review.NEAR_END` of the target) every option dealt out on common random
  numbers (:func:`rules.chances.discard_chances`, :data:`DISCARD_SAMPLES` deals an
  option); elsewhere the exact net expected value (:func:`rules.advice.advise`) given up
  against the best, times the table's value of a point there
  (:func:`rules.review.point_value`): the two ways the review judges a discard.
* **A card**: the pegging advice by the chance of winning
  (:func:`rules.advice.advise_play` with :class:`rules.chances.PlayToWin`, the other hands
  sampled, :data:`PLAY_SAMPLES` deals), one option a rank (suits never matter in the
  play). A player with one rank to lay, or whose game is already won or lost in the
  play, lays without asking.

Every draw comes from the player's own generator, two numbers a decision whatever the
level, so a player is deterministic for its seed.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rules.advice import AdviceError, advise, advise_play
from rules.chances import ChanceTable, PlayToWin, discard_chances
from rules.core.cards import Card
from rules.core.table import Table
from rules.core.variants import Variant
from rules.play.check import PlayEvent
from rules.players.levels import Level
from rules.review import NEAR_END, point_value

__all__ = ["DISCARD_SAMPLES", "PLAY_SAMPLES", "Choice", "Player", "choose"]

DISCARD_SAMPLES = 16
"""Deals dealt out for each discard option near the end: fifteen options cost 240
deals, about 25 ms (the review deals out 32)."""
PLAY_SAMPLES = 12
"""Deals sampled for the pegging advice (the service's default is 200): a lead costs
about 35 ms, a later card less (bench/levels.py measures a whole game)."""


@dataclass(frozen=True, slots=True)
class Choice:
    """One legal decision and the chance of winning it gives up against the best."""

    given_up: float
    cards: tuple[Card, ...]
    """The discard, or the card laid."""


def choose(level: Level, given_up: Sequence[float], rng: random.Random) -> int:
    """The index in ``given_up`` (each option's chance given up, one a decision) that a
    player of ``level`` takes, drawing two numbers from ``rng`` whatever happens."""
    if not given_up:
        raise ValueError("a choice needs at least one option")
    first, second = rng.random(), rng.random()
    if first < level.best:
        return min(range(len(given_up)), key=lambda i: (given_up[i], i))
    if level.temperature is None:
        return min(int(second * len(given_up)), len(given_up) - 1)
    low = min(given_up)
    weights = [math.exp(-(g - low) / level.temperature) for g in given_up]
    point = second * sum(weights)
    for i, weight in enumerate(weights):
        point -= weight
        if point < 0:
            return i
    return len(weights) - 1


class Player:
    """A computer player of ``level``, its draws from one generator seeded by ``seed``;
    ``tables`` are the chance tables (:func:`rules.chances.shipped_tables`)."""

    def __init__(self, level: Level, seed: str | int,
                 tables: Mapping[Variant, ChanceTable]) -> None:
        self.level = level
        self.rng = random.Random(f"muggins-player|{seed}")
        self.tables = tables

    def discard(self, cards: Sequence[Card], *, dealer: bool, pone_score: int,
                dealer_score: int, variant: Variant = Variant.SIX_CARD) -> tuple[Card, ...]:
        """The cards laid away from ``cards``, the scores before the deal as given."""
        choices = self.discard_choices(cards, dealer=dealer, pone_score=pone_score,
                                       dealer_score=dealer_score, variant=variant)
        return choices[choose(self.level, [c.given_up for c in choices], self.rng)].cards

    def discard_choices(self, cards: Sequence[Card], *, dealer: bool, pone_score: int,
                        dealer_score: int, variant: Variant) -> list[Choice]:
        """Every discard with the chance it gives up (all 0 for a level that asks
        nothing), in the advice's order."""
        if not self.level.asks:
            options = advise(cards, dealer=dealer, variant=variant).options
            return [Choice(0.0, o.discard) for o in options]
        chance_table = self.tables[variant]
        if chance_table.target - max(pone_score, dealer_score) <= NEAR_END:
            found = discard_chances(cards, dealer=dealer, tables=self.tables, variant=variant,
                                    scores={"pone": pone_score, "dealer": dealer_score},
                                    samples=DISCARD_SAMPLES)
            return [Choice(o.behind, o.option.discard) for o in found.options]
        advice = advise(cards, dealer=dealer, variant=variant)
        value = point_value(chance_table, pone_score, dealer_score, is_dealer=dealer)
        best = advice.options[0].net
        return [Choice(float(best - o.net) * value, o.discard) for o in advice.options]

    def lay(self, table: Table, player: str, *, hand: Sequence[Card], legal: Sequence[Card],
            starter: Card, discards: Sequence[Card], plays: Sequence[PlayEvent],
            scores: Mapping[str, int] | None) -> Card:
        """The card ``player`` lays from ``legal`` (not empty); ``hand`` as the play began,
        ``scores`` by side as the play began (heels pegged), None once the game is won."""
        ranks: dict[int, Card] = {}
        for card in legal:
            ranks.setdefault(card.order, card)
        cards = list(ranks.values())
        seed = self.rng.getrandbits(32)
        if len(cards) == 1 or not self.level.asks or scores is None:
            return cards[choose(self.level, [0.0] * len(cards), self.rng)]
        try:
            by_chance = PlayToWin(table, scores, self.tables, player, hand=hand,
                                  starter=starter)
            advice = advise_play(table=table, player=player, hand=hand, starter=starter,
                                 plays=plays, discards=discards, samples=PLAY_SAMPLES,
                                 seed=seed, by_chance=by_chance)
        except AdviceError:
            # The play so far has won the game, or the position is too costly to advise
            # on: nothing is left to judge, so any legal card does.
            return cards[choose(self.level, [0.0] * len(cards), self.rng)]
        # In the advice's order, best first (the points break the chances' ties), so
        # that the best is the first of equals.
        wins: dict[int, float] = {}
        for option in advice.options:
            if option.card is not None and option.card.order in ranks:
                wins.setdefault(option.card.order, option.win or 0.0)
        top = max(wins.values())
        ranked = [ranks[order] for order in wins]
        return ranked[choose(self.level, [top - win for win in wins.values()], self.rng)]
