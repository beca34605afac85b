"""Chances, not points: the probability of winning from every score (docs/chances.md).

* :mod:`rules.chances.strategy` – one deal played out by the stated strategy, as a trail
  of scores in the order they are pegged
* :mod:`rules.chances.tally` – what the induction needs of a sample of deals, as
  integer counts that add up the same on any number of machines
* :mod:`rules.chances.table` – the backward induction and the table it gives
* :mod:`rules.chances.pack` – the table as the bytes of the shipped file
* :mod:`rules.chances.shipped` – the tables the library ships (its package data), read
  once: ``shipped_table(Variant.SIX_CARD)``
* :mod:`rules.chances.position` – a position at the table (the scores, who deals, what
  one player sees) and its chances
* :mod:`rules.chances.discards` – discard advice ranked by the chance of winning
* :mod:`rules.chances.play` – the play searched for the chance of winning, and its
  place in the review and the pegging advice
"""

from typing import TYPE_CHECKING

from rules.core.face import lazy

if TYPE_CHECKING:
    from rules.chances.discards import (
        DISCARD_SAMPLES,
        DiscardChance,
        DiscardChances,
        discard_chances,
        validate_discard_chances,
    )
    from rules.chances.pack import FORMAT, TableFileError, from_bytes, to_bytes
    from rules.chances.play import (
        Board,
        Leaf,
        PlaySearch,
        PlayToWin,
        after_play,
        known_show,
    )
    from rules.chances.position import (
        COVERED,
        SAMPLES,
        PositionChances,
        Seen,
        chances_of,
        validate_covered,
        validate_position,
    )
    from rules.chances.shipped import shipped_table, shipped_tables
    from rules.chances.strategy import DEALER, PONE, STRATEGY, Known, Part, Trail, play_deal
    from rules.chances.table import (
        SCALE,
        Chances,
        ChanceTable,
        half_widths,
        induce,
        outcome,
        step,
    )
    from rules.chances.tally import Tally, chunk_seed, record, tally_chunk

__all__ = [
    "COVERED",
    "DEALER",
    "DISCARD_SAMPLES",
    "FORMAT",
    "PONE",
    "SAMPLES",
    "SCALE",
    "STRATEGY",
    "Board",
    "ChanceTable",
    "Chances",
    "DiscardChance",
    "DiscardChances",
    "Known",
    "Leaf",
    "Part",
    "PlaySearch",
    "PlayToWin",
    "PositionChances",
    "Seen",
    "TableFileError",
    "Tally",
    "Trail",
    "after_play",
    "chances_of",
    "chunk_seed",
    "discard_chances",
    "from_bytes",
    "half_widths",
    "induce",
    "known_show",
    "outcome",
    "play_deal",
    "record",
    "shipped_table",
    "shipped_tables",
    "step",
    "tally_chunk",
    "to_bytes",
    "validate_covered",
    "validate_discard_chances",
    "validate_position",
]

__getattr__, __dir__ = lazy(__name__)  # each name loaded when first used
