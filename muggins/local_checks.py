"""What the service refuses in a request before the library sees it, for the requests
the command line builds, said as the service says it (``service/fields.py``): a card
badly written or given twice, a number out of its range, a name of the wrong length.

Only what a command-line request can hold is checked (click has already made each
option a string, a number or a flag); ``tests/service/test_cli_local.py`` holds both paths to
the same answers, refusals included.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, NoReturn

from rules import Card, CardError, DuplicateCardError, Problem, RecordError, Variant
from rules.answers import MAX_TARGET, NAME_LENGTH, quote

__all__ = ["Refusals", "library_errors", "refuse", "refused_record", "variant_of"]

VALIDATION_TYPE = "tag:muggins.cribbage,2026:invalid-request"
MAX_ERRORS = 50


def variant_of(body: Mapping[str, Any]) -> Variant:
    """The request's variant, the API's default (six-card) where it names none."""
    return Variant(body.get("variant", Variant.SIX_CARD.value))


def refuse(errors: Iterable[dict[str, Any]]) -> NoReturn:
    """The service's 422: every problem, at most fifty of them listed."""
    from muggins.errors import ProblemError

    every = list(errors)
    shown = every[:MAX_ERRORS]
    problem: dict[str, Any] = {"type": VALIDATION_TYPE, "title": "Unprocessable Entity",
                               "status": 422, "errors": shown}
    if len(every) > len(shown):
        problem["errors_omitted"] = len(every) - len(shown)
    count = len(every)
    problem["detail"] = f"the request has {count} invalid field{'s' if count != 1 else ''}"
    raise ProblemError(problem)


def _pointer(path: Iterable[str | int]) -> str:
    return "#" + "".join("/" + str(step).replace("~", "~0").replace("/", "~1")
                         for step in path)


def _library(problem: Problem) -> dict[str, str]:
    """One of the library's problems, pointed at as the service points at it
    (service.errors.problem_errors)."""
    detail = (problem.message if problem.also is None
              else f"{problem.message} (also at {_pointer(problem.also)})")
    return {"pointer": _pointer(problem.path), "detail": detail, "code": problem.code.value}


def _overlap(a: str, b: str) -> bool:
    """One pointer is the other, or lies inside it (as service.errors.merge_problems)."""
    return a == b or a.startswith(b + "/") or b.startswith(a + "/") or "#" in (a, b)


class Refusals:
    """A request's problems as they are found: the fields' first, then the library's
    with what could be read (less any at a field already refused)."""

    def __init__(self) -> None:
        self.errors: list[dict[str, str]] = []

    def add(self, path: tuple[str | int, ...], code: str, detail: str) -> None:
        self.errors.append({"pointer": _pointer(path), "detail": detail, "code": code})

    def refused(self, *path: str | int) -> bool:
        pointer = _pointer(path)
        return any(_overlap(pointer, e["pointer"]) for e in self.errors)

    def card(self, path: tuple[str | int, ...], text: str) -> Card | None:
        try:
            return Card.parse(text)
        except CardError as error:
            self.add(path, "invalid-card", str(error))
            return None

    def cards(self, path: tuple[str | int, ...], texts: list[str], most: int = 7
              ) -> list[Card] | None:
        """Distinct cards, each bad one at its index; None where any was refused."""
        if len(texts) > most:
            self.add(path, "wrong-size", f"at most {most} cards here, not {len(texts)}")
            return None
        cards: list[Card] = []
        before = len(self.errors)
        for i, text in enumerate(texts):
            card = self.card((*path, i), text)
            if card is None:
                continue
            if card in cards:
                self.add((*path, i), "duplicate-card", str(DuplicateCardError(card)))
            cards.append(card)
        return None if len(self.errors) > before else cards

    def between(self, path: tuple[str | int, ...], value: int | None, low: int, high: int
                ) -> int | None:
        if value is not None and not low <= value <= high:
            self.add(path, "out-of-range", f"{low} to {high} here, not {value}")
            return None
        return value

    def name(self, path: tuple[str | int, ...], name: str | None) -> str | None:
        low, high = NAME_LENGTH
        if name is not None and not low <= len(name) <= high:
            message = (f"{quote(name)} is {len(name)} characters long: {low} to {high} here"
                       if name else f"{low} to {high} characters here, not 0")
            self.add(path, "wrong-size", message)
            return None
        return name

    def scores(self, path: tuple[str | int, ...], scores: Mapping[str, int] | None
               ) -> dict[str, int] | None:
        if scores is None:
            return None
        before = len(self.errors)
        for name, value in scores.items():
            self.name((*path, name), name)
            self.between((*path, name), value, 0, MAX_TARGET)
        return None if len(self.errors) > before else dict(scores)

    def library(self, problems: Iterable[Problem]) -> None:
        """The library's problems with what was read; none where a field was refused."""
        fields = [e["pointer"] for e in self.errors]
        self.errors.extend(error for error in map(_library, problems)
                           if not any(_overlap(error["pointer"], seen) for seen in fields))

    def raise_any(self) -> None:
        if self.errors:
            refuse(self.errors)


def library_errors(problems: Iterable[Problem]) -> list[dict[str, str]]:
    """The library's problems, pointed at as the service points at them."""
    return [_library(problem) for problem in problems]


def refused_record(error: RecordError) -> NoReturn:
    """A record the rules cannot referee: the same 422 as the service's."""
    refuse(map(_library, error.problems))
