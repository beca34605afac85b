"""The chance tables the library ships, as its package data (docs/chances.md#the-file).

The one place the library reads anything: its own data files, through
:mod:`importlib.resources`, so that they are found in a source tree, an editable install
and a wheel alike. Each table is read once, on first use, and kept; a server reads them
before it forks so that its workers share them.
"""

from __future__ import annotations

from functools import cache
from importlib import resources

from rules.chances.pack import from_bytes
from rules.chances.position import COVERED
from rules.chances.table import ChanceTable
from rules.core.variants import Variant

__all__ = ["shipped_table", "shipped_tables"]

_DATA = "data"
"""The tables' folder in the package, one ``<variant>.chances`` file for each variant in
:data:`COVERED` (``make chances`` writes them there)."""


@cache
def shipped_table(variant: Variant) -> ChanceTable:
    """The table the library ships for ``variant``, read once and kept. A variant with no
    table (three or four players, the seven-card game) is a ``ValueError``."""
    if variant not in COVERED:
        raise ValueError(f"no chance table is shipped for the {variant} game: only for "
                         f"the {' and '.join(map(str, COVERED))} games of two players")
    data = resources.files("rules.chances") / _DATA / f"{variant}.chances"
    return from_bytes(data.read_bytes())


def shipped_tables() -> dict[Variant, ChanceTable]:
    """Every shipped table by its variant: the ``tables`` that :func:`chances_of`,
    :func:`discard_chances` and :class:`PlayToWin` take."""
    return {variant: shipped_table(variant) for variant in COVERED}
