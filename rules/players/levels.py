"""The levels of the computer players (:mod:`rules.players`): how often each takes the
engine's best decision, and how it errs when it does not.

A level is two numbers. ``best`` is the chance of taking the engine's best decision by
the chance of winning; otherwise the player draws one of the legal decisions by a
softmax over the chance of winning each gives up against the best, at ``temperature``
(weight ``exp(-given_up / temperature)``): the smaller the temperature, the more the
draw favours the near-best. A temperature of None is a uniform draw, with no advice
asked at all (the cheap near-random level).

The chance given up is the engine's own figure, as the review judges it
(docs/rating.md): the discard advice's net expected value turned into chance by the
table's value of a point, or the options dealt out near the end; the pegging advice by
the chance of winning.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["LEVELS", "Level", "level_named"]


@dataclass(frozen=True, slots=True)
class Level:
    """A computer player's strength: ``best`` the chance of the engine's best decision, and
    otherwise a softmax over the chance given up at ``temperature`` (None: uniform)."""

    name: str
    best: float
    temperature: float | None

    def __post_init__(self) -> None:
        if not 0 <= self.best <= 1:
            raise ValueError(f"best is a chance from 0 to 1, not {self.best}")
        if self.temperature is not None and self.temperature <= 0:
            raise ValueError(f"a temperature is above 0, not {self.temperature}")

    @property
    def asks(self) -> bool:
        """The level asks the engine for its values (every level but the uniform one)."""
        return self.best > 0 or self.temperature is not None


LEVELS = (
    Level("random", 0.0, None),
    Level("novice", 0.0, 0.06),
    Level("casual", 0.0, 0.035),
    Level("club", 0.0, 0.02),
    Level("expert", 0.5, 0.02),
    Level("engine", 1.0, None),
)
"""The six levels the bench plays (bench/levels.py), weakest first: a uniform draw of the
legal decisions, three softmax levels ever colder, one that takes the engine's best half
the time, and the engine's best always. Each beats the one below it on duplicate deals
(docs/rating.md: 59% to 91% of 80 games; a first ladder, ever likelier to take the best
at temperatures of 0.01 and below, had its top three levels one strength)."""


def level_named(name: str) -> Level:
    """The level of :data:`LEVELS` called ``name``; ``KeyError`` names the levels."""
    for level in LEVELS:
        if level.name == name:
            return level
    raise KeyError(f"no level {name!r}: {', '.join(level.name for level in LEVELS)}")
