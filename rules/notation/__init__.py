"""Records written as text, the way python-chess writes moves, positions and games:
a play event (``pone TD =2``), a play, a deal and a game, each read leniently and
written canonically (docs/notation.md). Pure: no I/O.

* :func:`parse_event`, :func:`event_text` – one event of the play
* :class:`Play`, :class:`Deal`, :class:`Game` – whole records, with ``parse`` and ``str``;
  :func:`read_record` reads whichever the text is
* :class:`NotationError` – text badly written, with its token, line and column
"""

from rules.notation.errors import NotationError
from rules.notation.events import event_text, parse_event
from rules.notation.records import (
    Deal,
    Game,
    Options,
    Play,
    Where,
    header_at,
    read_record,
)

__all__ = ["Deal", "Game", "NotationError", "Options", "Play", "Where", "event_text", "header_at",
           "parse_event", "read_record"]
