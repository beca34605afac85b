"""The limits of a request the API takes, which are not rules of the game: how long a
name may be, how large a claim or a score, how long a record in notation. The service's
schemas refuse past them, and the command line (which answers without the service)
refuses past the same ones, read from here: one home, no copy to drift.

The game's own bounds (the most players, the most cards dealt) are the rules'
(:mod:`rules.core`); these only keep a request to a sane size.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["MAX_BATCH", "MAX_CLAIM", "MAX_CSV", "MAX_LINK", "MAX_NAMES", "MAX_NOTATION",
           "MAX_ROSTER", "MAX_SAMPLES", "MAX_SCORECARD", "MAX_TARGET", "NAME_LENGTH", "QUOTED",
           "quote"]

MAX_CLAIM = 999
"""The largest claim a request may make: claims are small numbers, and anything larger
is a malformed request, not a claim."""

MAX_TARGET = 1000
"""The largest target a game may have, and so the largest score a request may give."""

NAME_LENGTH = (1, 64)
"""A player's name is 1 to 64 characters."""

MAX_NOTATION = 50_000
"""Characters of a record in notation: a game of 60 deals is under 20,000, and the
longest text fits the body limit even with every character escaped (12 bytes for one
past U+FFFF)."""

MAX_SAMPLES = 1000
"""The most deals a play's advice may sample (each is searched double-dummy)."""

MAX_ROSTER = 400
"""The most players (and so scorecards) of a club night: the ACC's biggest events draw
a few hundred."""

MAX_SCORECARD = 999
"""The largest number a scorecard's line holds (a spread, game points, a refereed game's
score), and a night's largest target."""

MAX_BATCH = 1000
"""The most hands one batch counts."""

MAX_NAMES = 64
"""Names in one request to write them in the notation: a game's seats and sides, many
times over."""

MAX_LINK = 20_000
"""Characters of a share link's fragment: a game of 200 deals with every claim is under
this."""

MAX_CSV = 80_000
"""Characters of a night's CSV file: 400 players' cards of six games are about 60,000,
and the longest text fits the body limit even with every character escaped (as
:data:`MAX_NOTATION`), so that the limit is the schema's 422, not a 413."""

QUOTED = 40
"""Characters of a bad string a refusal quotes; longer ones are cut short."""


def quote(value: Any) -> str:
    """The bad value as a refusal shows it: a string quoted (cut short, a lone surrogate
    escaped, as ``repr`` does), a number or a constant as written, a list or an object by
    its kind (never the whole of it: it may be huge). The service's messages and the
    command line's own refusals both quote with it."""
    if isinstance(value, str):
        return repr(value) if len(value) <= QUOTED else repr(value[:QUOTED - 1]) + "…"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, Mapping):
        return "an object"
    if value is None or isinstance(value, (bool, int, float)):
        return repr(value)
    return type(value).__name__
