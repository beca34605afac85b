"""Records written as text, the way python-chess writes moves, positions and games:
a play event (``pone TD =2``), a play, a deal and a game, each read leniently and
written canonically (docs/notation.md). Pure: no I/O.

* :func:`parse_event`, :func:`event_text` – one event of the play
* :class:`Play`, :class:`Deal`, :class:`Game` – whole records, with ``parse`` and ``str``;
  :func:`read_record` reads whichever the text is
* :func:`link_text`, :func:`read_link` – a deal or a game as a share link's fragment
* :class:`NotationError` – text badly written, with its token, line and column
* :func:`read_hal`, :func:`read_zero`, :func:`compare` – the two informal formats found
  in public, and what their files state set beside the referee's rulings
"""

from typing import TYPE_CHECKING

from rules.core.face import lazy

if TYPE_CHECKING:
    from rules.notation.errors import NotationError
    from rules.notation.events import event_text, parse_event
    from rules.notation.foreign import (
        Comparison,
        Imported,
        Mark,
        MarkKind,
        compare,
        read_hal,
        read_zero,
    )
    from rules.notation.link import LinkError, Shared, link_text, read_link
    from rules.notation.records import (
        Deal,
        Game,
        Options,
        Play,
        Where,
        header_at,
        read_record,
    )
    from rules.notation.writing import deal_lines

__all__ = [
    "Comparison",
    "Deal",
    "Game",
    "Imported",
    "LinkError",
    "Mark",
    "MarkKind",
    "NotationError",
    "Options",
    "Play",
    "Shared",
    "Where",
    "compare",
    "deal_lines",
    "event_text",
    "header_at",
    "link_text",
    "parse_event",
    "read_hal",
    "read_link",
    "read_record",
    "read_zero",
]

__getattr__, __dir__ = lazy(__name__)  # each name loaded when first used
