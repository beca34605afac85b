"""A position at the table, and its chances: the scores, who deals, and what is known.

The table (:class:`rules.chances.ChanceTable`) answers a position given by the scores
alone, before a deal or after any of its parts. What one player can see of a deal
(their six cards before the discard; the hand they kept and the starter after the cut)
is answered by dealing the rest at random, many times, and playing each deal out by the
strategy to its end or to the next deal's position in the table: a sample whose seed
comes from the position itself, so the same question always gets the same answer.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from rules.advice import best_option
from rules.chances.strategy import DEALER, PONE, Known, Part, play_deal
from rules.chances.table import SCALE, WIN, Chances, ChanceTable, chances_from, outcome
from rules.core.cards import Card
from rules.core.errors import (
    Problem,
    ProblemCode,
    Problems,
    RecordError,
    check_cards,
    not_seated,
)
from rules.core.table import Table
from rules.core.variants import Variant
from rules.deal.record import check_scores

__all__ = [
    "COVERED",
    "SAMPLES",
    "PositionChances",
    "Seen",
    "chances_of",
    "validate_covered",
    "validate_position",
]

COVERED = (Variant.SIX_CARD, Variant.FIVE_CARD)
"""The games the tables are built for, each to its own target (121 and 61)."""
SAMPLES = 256
"""Deals dealt out for a position that shows cards: the budget of such a request."""


@dataclass(frozen=True, slots=True)
class Seen:
    """What ``player`` sees of the deal: the cards dealt (``cards``, before the discard),
    or the hand kept, perhaps what was laid away, and the starter once cut."""

    player: str
    cards: tuple[Card, ...] = ()
    kept: tuple[Card, ...] = ()
    discard: tuple[Card, ...] = ()
    starter: Card | None = None


def validate_position(table: Table, scores: Mapping[str, int] | None,
                      tables: Mapping[Variant, ChanceTable], *,
                      after: Part | None = None, seen: Seen | None = None) -> None:
    """Refuse a position whose chances cannot be answered (:class:`RecordError`, every
    problem at once, each at its field's path): a game with no table, a target not the
    table's, scores missing, past the target or of no side, the cards ``seen`` (a part
    None is not checked)."""
    problems = Problems()
    problems.extend(_covered_problems(table.variant, tables))
    covered = tables.get(table.variant)
    if covered is None:
        problems.raise_any()
        return
    variant = table.variant
    if table.target != covered.target:
        problems.add(("target",), ProblemCode.NOT_IN_VARIANT,
                     f"the {variant} table is to {covered.target}, not {table.target}")
    if scores is None:
        problems.add(("scores",), ProblemCode.REQUIRED, "the scores are required")
    else:
        check_scores(problems, scores, table, "scores")
        for side in table.sides:
            if side.name not in scores:
                problems.add(("scores",), ProblemCode.REQUIRED,
                             f"the score of {side.name!r} is required")
    if seen is not None:
        _seen_problems(problems, table, seen, after)
    problems.raise_any()


def validate_covered(variant: Variant, tables: Mapping[Variant, ChanceTable]) -> None:
    """Refuse a game that ``tables`` has no table for (:class:`RecordError` at
    ``("variant",)``): the chances are computed for two players only."""
    found = _covered_problems(variant, tables)
    if found:
        raise RecordError(found)


def _covered_problems(variant: Variant, tables: Mapping[Variant, ChanceTable]) -> list[Problem]:
    if variant in tables:
        return []
    return [Problem(("variant",), ProblemCode.NOT_IN_VARIANT,
                    f"chances are computed for the {' and '.join(map(str, COVERED))} games "
                    f"of two players, not the {variant} game")]


def _seen_problems(problems: Problems, table: Table, seen: Seen, after: Part | None) -> None:
    spec = table.variant.spec
    if after is not None:
        problems.add(("after",), ProblemCode.CONFLICT, "the cards seen are of a deal before "
                     "its play: give the scores after a part of the deal, or the cards")
    if seen.player not in table.seats:
        problems.add(("seen", "player"), ProblemCode.UNKNOWN_PLAYER,
                     not_seated(seen.player, table.seats))
    if seen.cards and (seen.kept or seen.discard or seen.starter is not None):
        problems.add(("seen",), ProblemCode.CONFLICT, "the cards dealt are seen before the "
                     "discard; the hand kept and the starter after it: give one or the other")
        return
    if seen.cards:
        check_cards(problems, ("seen", "cards"), seen.cards, spec.dealt, "a hand dealt")
    elif seen.kept:
        check_cards(problems, ("seen", "kept"), seen.kept, spec.hand_size, "a hand kept")
        if seen.discard:
            check_cards(problems, ("seen", "discard"), seen.discard, spec.to_crib,
                        "a discard")
    else:
        problems.add(("seen",), ProblemCode.REQUIRED, "the cards dealt, or the hand kept, "
                     "are required")
        return
    shown = (*seen.cards, *seen.kept, *seen.discard,
             *(() if seen.starter is None else (seen.starter,)))
    places = (*(("cards", i) for i in range(len(seen.cards))),
              *(("kept", i) for i in range(len(seen.kept))),
              *(("discard", i) for i in range(len(seen.discard))),
              *((("starter",),) if seen.starter is not None else ()))
    first: dict[Card, tuple[str | int, ...]] = {}
    for card, place in zip(shown, places, strict=True):
        if card in first and first[card][0] != place[0]:
            problems.add(("seen", *place), ProblemCode.DUPLICATE_CARD,
                         f"{card} is also at {'/'.join(map(str, first[card]))}")
        first.setdefault(card, place)


@dataclass(frozen=True, slots=True)
class PositionChances:
    """The chances from a position (:func:`chances_of`): the table's figures for the pone and
    the dealer, named, and how many deals were dealt out for the cards seen."""

    chances: Chances
    """For the pone and the dealer of the deal (:data:`rules.chances.PONE`, ``DEALER``)."""
    pone: str
    dealer: str
    samples: int
    """Deals dealt out for the cards seen (0: the table alone)."""


def chances_of(table: Table, scores: Mapping[str, int], tables: Mapping[Variant, ChanceTable],
               *, after: Part | None = None, seen: Seen | None = None,
               samples: int = SAMPLES) -> PositionChances:
    """The chances of the position: before the deal that ``table``'s dealer deals, after
    its part ``after`` is pegged (the scores given include it), or with the cards
    ``seen``. Raises :class:`RecordError` with every problem at once."""
    validate_position(table, scores, tables, after=after, seen=seen)
    chance_table = tables[table.variant]
    side = {player: table.side_of(player).name for player in table.seats}
    pone, dealer = scores[side[table.pone]], scores[side[table.dealer]]
    names = side[table.pone], side[table.dealer]
    if seen is None:
        found = (chance_table.before(pone, dealer) if after is None
                 else chance_table.after(Part(after + 1), pone, dealer)
                 if after < Part.CRIB else chance_table.after_deal(pone, dealer))
        return PositionChances(found, *names, 0)
    return PositionChances(_dealt_out(chance_table, table, seen, pone, dealer, samples),
                           *names, samples)


def _dealt_out(chance_table: ChanceTable, table: Table, seen: Seen, pone: int, dealer: int,
               samples: int) -> Chances:
    variant = table.variant
    who = PONE if seen.player == table.pone else DEALER
    if seen.cards:
        # The strategy's discard from these cards is the same in every deal dealt out.
        best = best_option(seen.cards, dealer=who == DEALER, variant=variant)
        known = Known(who, kept=best.keep, discard=best.discard)
    else:
        known = Known(who, kept=seen.kept, discard=seen.discard, starter=seen.starter)
    # Heels are pegged at the cut: with the starter seen, the scores include them.
    part = Part.HEELS if known.starter is None else Part.PLAY
    rng = random.Random(_seed(table, seen, pone, dealer))
    values = np.stack([outcome(play_deal(rng, variant, known=known), chance_table.target,
                               chance_table.values, pone, dealer, part)
                       for _ in range(samples)])
    mean = values.sum(axis=0) // samples
    wins = values[:, WIN].astype(np.float64) / SCALE
    sampling = 1.96 * float(wins.std(ddof=1)) / samples ** 0.5 if samples > 1 else 1.0
    table_width = int(chance_table.half_width[pone, dealer]) / SCALE
    return chances_from(mean, (sampling ** 2 + table_width ** 2) ** 0.5)


def _seed(table: Table, seen: Seen, pone: int, dealer: int) -> int:
    text = f"{table}|{pone}|{dealer}|{seen}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")
