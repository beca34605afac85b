"""A play event in notation: ``pone TD =2``, ``dealer go``, ``pone 9C =0 +1``.

``=n`` is the claim for what the card scored when it was laid; ``+n`` (a card only) the
claim for a go or last-card point the card earned later (docs/notation.md#events).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rules.core.cards import Card, InvalidCardError
from rules.core.names import BARE_NAME, quote_name
from rules.notation.errors import NotationError
from rules.notation.lexer import MAX_DIGITS, Kind, Reader, Token, tokens
from rules.play.record import PlayEvent

__all__ = ["event_text", "parse_event", "read_event", "read_name"]

_GO = "go"
_BOTH = re.compile(r"(\d+)\+(\d+)")


def read_name(reader: Reader, what: str = "a player's name") -> tuple[str, Token]:
    token = reader.take()
    if token.kind is Kind.QUOTED:
        return token.text, token
    if token.kind is not Kind.WORD or not BARE_NAME.fullmatch(token.text):
        raise token.error(f"expected {what}")
    return token.text, token


def event_text(event: PlayEvent) -> str:
    """The canonical text: ``pone TD =2``."""
    parts = [quote_name(event.player), _GO if event.card is None else event.card.text]
    if event.claimed is not None:
        parts.append(f"={event.claimed}")
    claimed_go = event.claimed_go
    if claimed_go is not None:
        parts.append(f"+{claimed_go}")
    return " ".join(parts)


def _claim(token: Token) -> int:
    if not token.text.isascii() or not token.text.isdigit():
        raise token.error("expected a claim: a number of points")
    if len(token.text) > MAX_DIGITS:
        raise token.error(f"a claim has at most {MAX_DIGITS} digits")
    return int(token.text)


def read_event(reader: Reader, seats: Sequence[str] = ()) -> tuple[PlayEvent, Token]:
    """One event; a name that is no seat but matches one seat regardless of case is
    that seat (``Pone`` is ``pone``)."""
    player, first = read_name(reader)
    if player not in seats:
        matches = [seat for seat in seats if seat.lower() == player.lower()]
        player = matches[0] if len(matches) == 1 else player
    token = reader.take()
    if token.kind is not Kind.WORD:
        raise token.error(f"expected a card or 'go' after {player!r}")
    card: Card | None = None
    if token.text.lower() != _GO:
        try:
            card = Card.parse(token.text)
        except InvalidCardError:
            raise token.error("expected a card or 'go'") from None
    claimed: int | None = None
    claimed_go: int | None = None
    while not reader.done() and not reader.peek().mark(",;\n"):
        token = reader.take()
        if token.mark("="):
            if claimed is not None:
                raise token.error("an event has one claim '=n'")
            value = reader.take()
            both = _BOTH.fullmatch(value.text) if value.kind is Kind.WORD else None
            if both:  # "=0+1", written without a space
                claimed = _claim(Token(Kind.WORD, both[1], value.line, value.column))
                go_at = value.column + len(both[1]) + 1
                claimed_go = _claim(Token(Kind.WORD, both[2], value.line, go_at))
            else:
                claimed = _claim(value)
        elif token.kind is Kind.WORD and token.text.startswith("+"):
            if claimed_go is not None:
                raise token.error("an event has one go claim '+n'")
            claimed_go = _claim(Token(Kind.WORD, token.text[1:], token.line, token.column + 1))
        else:
            raise token.error("expected a claim '=n' or '+n', or the next event")
    if claimed_go is not None and card is None:
        raise NotationError("a go point is claimed on the card that earned it, not on a go",
                            f"+{claimed_go}", first.line, first.column)
    return PlayEvent(player, card, claimed, claimed_go), first


def parse_event(text: str, seats: Sequence[str] = ()) -> PlayEvent:
    """Read one event, leniently (any case, ``10H`` or ``TH``, ``=0+1``)."""
    if "\n" in text.strip():
        raise NotationError("one event is one line", text, 1, 1)
    found = tokens(text, 1)
    reader = Reader(found, Token(Kind.END, "", 1, 1))
    event, _ = read_event(reader, seats)
    if not reader.done():
        raise reader.peek().error("one event only")
    return event
