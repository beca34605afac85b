"""The notation's tokens, each with its line and column, and its lines grouped into
sections (``play: ...``, ``dealt: ...``), a section running on until the next one."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from difflib import get_close_matches
from enum import Enum

from rules.core.names import InvalidNameError, read_name
from rules.core.variants import Variant
from rules.notation.errors import NotationError

__all__ = ["Kind", "Reader", "Section", "Token", "sections", "tokens"]

MAX_DIGITS = 6
"""A number in a record is small (a claim, a score, a deal's number): longer is a typo."""


class Kind(Enum):
    WORD = "word"
    QUOTED = "quoted"
    MARK = "mark"
    END = "end"


@dataclass(frozen=True, slots=True)
class Token:
    kind: Kind
    text: str
    """The word, the mark, or a quoted name's value (escapes undone)."""
    line: int
    column: int
    source: str = ""
    """The token as written (a quoted name with its quotes)."""

    def error(self, message: str) -> NotationError:
        return NotationError(message, self.source or self.text, self.line, self.column)

    def mark(self, marks: str) -> bool:
        return self.kind is Kind.MARK and self.text in marks


_TOKEN = re.compile(r"""
    (?P<space>\s+)
  | (?P<mark>[,;:=&])
  | (?P<word>[^\s,;:="&#]+)
""", re.VERBOSE)


def tokens(line: str, number: int) -> list[Token]:
    """One line's tokens; ``#`` starts a comment to the end of the line."""
    found: list[Token] = []
    pos = 0
    while pos < len(line):
        if line[pos] == "#":
            break
        if line[pos] == '"':
            try:
                name, end = read_name(line, pos)
            except InvalidNameError as error:
                raise NotationError(error.why, line[pos:pos + 20], number, error.pos + 1) from None
            found.append(Token(Kind.QUOTED, name, number, pos + 1, line[pos:end]))
            pos = end
            continue
        match = _TOKEN.match(line, pos)
        assert match is not None  # every character starts one of the alternatives
        kind = match.lastgroup
        text = match.group()
        column = pos + 1
        pos = match.end()
        if kind == "space":
            continue
        if kind == "mark":
            found.append(Token(Kind.MARK, text, number, column))
        else:
            found.append(Token(Kind.WORD, text, number, column))
    return found


@dataclass(slots=True)
class Section:
    """A keyword and the tokens after it, up to the next keyword; a line break inside a
    section separates like ``;`` (``,`` in the play)."""

    keyword: str
    head: Token
    tokens: list[Token] = field(default_factory=list)


KEYWORDS = frozenset({"ruleset", "muggins", "hands", "scores", "dealt", "discards",
                      "crib_card", "starter", "play", "show", "deal", "in_progress"})
"""Lowercase, ``-`` and spaces read as ``_``: ``Crib card:`` is ``crib_card``."""


def _keyword(found: list[Token]) -> tuple[str, int] | None:
    """The section a line opens (and how many tokens say so), if it opens one."""
    words: list[str] = []
    for i, token in enumerate(found):
        if token.mark(":"):
            name = "_".join(words).replace("-", "_").lower()
            return (name, i + 1) if name in KEYWORDS else None
        if token.kind is not Kind.WORD or i > 1:
            break
        words.append(token.text)
    name = "_".join(words).replace("-", "_").lower()
    if name == "in_progress" and len(found) == len(words):
        return name, len(found)
    return None


_VARIANTS = frozenset(variant.value for variant in Variant)
"""A table line's first word: ``six-card:`` is a table without its target, not a section."""


def _misspelled(found: list[Token]) -> NotationError | None:
    """A line that opens with a word or two and a colon, as a section does, whose words
    are close to a keyword's (``discard:``): the error that names the keyword meant."""
    words: list[str] = []
    for token in found[:3]:
        if token.mark(":") and words and words[0].lower() not in _VARIANTS:
            name = "_".join(words).replace("-", "_").lower()
            near = get_close_matches(name, sorted(KEYWORDS), n=2, cutoff=0.7)
            if not near:
                return None
            said = " or ".join(f"'{word.replace('_', ' ')}:'" for word in near)
            return NotationError(f"unknown section (did you mean {said}?)",
                                 " ".join(words) + ":", found[0].line, found[0].column)
        if token.kind is not Kind.WORD:
            return None
        words.append(token.text)
    return None


def sections(text: str) -> tuple[list[Token] | None, list[Section]]:
    """The header line's tokens (None when the text opens with a section) and the
    sections, in order."""
    header: list[Token] | None = None
    found: list[Section] = []
    started = False
    for number, line in enumerate(text.splitlines(), start=1):
        line_tokens = tokens(line, number)
        if not line_tokens:
            continue
        opens = _keyword(line_tokens)
        if opens is None and (misspelled := _misspelled(line_tokens)) is not None:
            raise misspelled
        if opens is not None:
            keyword, used = opens
            found.append(Section(keyword, line_tokens[0], line_tokens[used:]))
        elif not started:
            header = line_tokens
        elif not found:
            raise line_tokens[0].error("expected a section such as 'play:' or 'dealt:'")
        else:
            end = found[-1].tokens[-1] if found[-1].tokens else found[-1].head
            found[-1].tokens.append(Token(Kind.MARK, "\n", end.line, end.column + 1))
            found[-1].tokens.extend(line_tokens)
        started = True
    return header, found


class Reader:
    """Tokens read one at a time, with the token past the last to point at."""

    def __init__(self, found: list[Token], after: Token) -> None:
        self.found = found
        self.pos = 0
        last = found[-1] if found else after
        self.end = Token(Kind.END, "", last.line, last.column + len(last.source or last.text))

    def peek(self) -> Token:
        return self.found[self.pos] if self.pos < len(self.found) else self.end

    def take(self) -> Token:
        token = self.peek()
        self.pos += token.kind is not Kind.END
        return token

    def done(self) -> bool:
        return self.pos >= len(self.found)

    def skip(self, marks: str) -> bool:
        """Past any of ``marks``; True if there were some."""
        moved = False
        while self.peek().mark(marks):
            self.pos += 1
            moved = True
        return moved

    def number(self) -> int:
        token = self.take()
        if token.kind is not Kind.WORD or not token.text.isascii() or not token.text.isdigit():
            raise token.error("expected a number")
        if len(token.text) > MAX_DIGITS:
            raise token.error(f"a number here has at most {MAX_DIGITS} digits")
        return int(token.text)

    def groups(self) -> Iterator[Reader]:
        """The section split at ``;`` and line breaks: one group a player."""
        start = 0
        for i, token in enumerate([*self.found, None]):
            if token is None or token.mark(";\n"):
                if i > start:
                    yield Reader(self.found[start:i], self.found[i - 1])
                start = i + 1
