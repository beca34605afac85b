"""The one error for records that cannot be refereed: every problem at once.

A record is refused when it is malformed as a record (an unknown player, a card in
two hands, a hand of the wrong size), not when it is merely wrong at the table: that
is a finding. :class:`RecordError` carries every problem found, each with a path into
the record in its own terms (``("plays", 3, "player")``: a field, then an index or a
player's name, as the record's attributes, sequences and mappings nest) and a code from
:class:`ProblemCode`. How a path is shown to someone (a JSON pointer into a request,
say) is the caller's to choose; :func:`spoken` writes it for a message.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

__all__ = [
    "Problem",
    "ProblemCode",
    "Problems",
    "RecordError",
    "check_cards",
    "check_claim",
    "not_seated",
]

Path = tuple[str | int, ...]


class ProblemCode(StrEnum):
    """Why a record cannot be refereed, for a program to act on (the message says it in
    words)."""

    REQUIRED = "required"
    UNKNOWN_PLAYER = "unknown-player"
    DUPLICATE_PLAYER = "duplicate-player"
    UNKNOWN_SIDE = "unknown-side"
    WRONG_SIZE = "wrong-size"
    DUPLICATE_CARD = "duplicate-card"
    CARD_NOT_HELD = "card-not-held"
    NOT_IN_VARIANT = "not-in-variant"
    OUT_OF_RANGE = "out-of-range"
    CONFLICT = "conflict"
    AFTER_GAME_OVER = "after-game-over"
    OUT_OF_ORDER = "out-of-order"
    """A deal in progress that gives a later phase's fields without an earlier one's."""
    # A play advice request that describes no position to advise on (rules/advice/position.py).
    NOT_YOUR_TURN = "not-your-turn"
    CARD_SEEN = "card-seen"
    RENEGE = "renege"
    OUT_OF_TURN = "out-of-turn"
    PLAY_OVER = "play-over"
    INCONSISTENT_RECORD = "inconsistent-record"
    TOO_COSTLY = "too-costly"


@dataclass(frozen=True, slots=True)
class Problem:
    """One reason a record cannot be refereed: where (``path``, the request's field), why
    (``code``) and how to mend it (``message``)."""

    path: Path
    code: ProblemCode
    message: str
    also: Path | None = None
    """Where else the record says the thing at fault (the first place a card twice was
    given), for the reader to be shown both."""

    def under(self, *prefix: str | int) -> Problem:
        """The same problem inside a larger record, its path under ``prefix``."""
        also = None if self.also is None else (*prefix, *self.also)
        return Problem((*prefix, *self.path), self.code, self.message, also)

    def __str__(self) -> str:
        where = "" if self.also is None else f" (also at {spoken(self.also)})"
        return f"{spoken(self.path)}: {self.message}{where}"


def spoken(path: Iterable[str | int]) -> str:
    """A path written for a reader: ``plays[3].player``, ``dealt.ann[2]``, a step that is
    no identifier quoted (``dealt['Ann B'][2]``); the whole record is ``(the record)``."""
    text = ""
    for step in path:
        if isinstance(step, int):
            text += f"[{step}]"
        elif step.isidentifier():
            text += f".{step}" if text else step
        else:
            text += f"[{step!r}]"
    return text or "(the record)"


class RecordError(ValueError):
    """A record that cannot be refereed at all; ``problems`` lists every reason."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems = tuple(problems)
        first = self.problems[0]
        more = len(self.problems) - 1
        extra = f" (and {more} more problem{'s' if more > 1 else ''})" if more else ""
        super().__init__(f"{first}{extra}")

    def under(self, *prefix: str | int) -> RecordError:
        """The same problems, their paths below ``prefix`` (a game's deal, say)."""
        return RecordError(problem.under(*prefix) for problem in self.problems)


class Problems:
    """Collects problems while a record is checked; :meth:`raise_any` refuses it."""

    def __init__(self) -> None:
        self.found: list[Problem] = []

    def add(self, path: Sequence[str | int], code: ProblemCode, message: str, *,
            also: Sequence[str | int] | None = None) -> None:
        self.found.append(Problem(tuple(path), code, message,
                                  None if also is None else tuple(also)))

    def extend(self, problems: Iterable[Problem]) -> None:
        self.found.extend(problems)

    def __bool__(self) -> bool:
        return bool(self.found)

    def raise_any(self) -> None:
        if self.found:
            raise RecordError(self.found)


def check_claim(problems: Problems, path: Path, claimed: int | None) -> None:
    """A claim is a number of points: none below 0."""
    if claimed is not None and claimed < 0:
        problems.add(path, ProblemCode.OUT_OF_RANGE, f"a claim is 0 or more points, not {claimed}")


def check_cards(problems: Problems, path: Path, cards: Sequence[Hashable], size: int,
                what: str) -> None:
    """A set of cards of the right size, no card twice (each repeat at its index)."""
    if len(cards) != size:
        problems.add(path, ProblemCode.WRONG_SIZE, f"{what} has {size} cards, not {len(cards)}")
    if len(set(cards)) == len(cards):
        return
    for i, card in enumerate(cards):
        if card in cards[:i]:
            problems.add((*path, i), ProblemCode.DUPLICATE_CARD, f"duplicate card: {card}")


def not_seated(name: str, seats: Sequence[str]) -> str:
    """A name that is no seat, said with the seats there are (what mends it)."""
    return f"{name!r} is not one of the players: " + ", ".join(seats)


NO_PLAYERS = ("the request sends no `players`: name the seats there, in play order from "
              "the dealer's left, the dealer last")
"""Said beside :func:`not_seated` where a request named no seats (they are then the
two-player game's pone and dealer): the service's and the CLI's one wording."""
