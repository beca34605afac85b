"""Advice: what to lay away, by exact expected value, and which card to lay now."""

from rules.advice.discards import Advice, Option, advise, best_option, discard_problems
from rules.advice.play import (
    ADVICE_POSITIONS,
    DEFAULT_SAMPLES,
    ByChance,
    PlayAdvice,
    PlayOption,
    advise_play,
)
from rules.advice.position import AdviceError, request_problems

__all__ = [
    "ADVICE_POSITIONS",
    "DEFAULT_SAMPLES",
    "Advice",
    "AdviceError",
    "ByChance",
    "Option",
    "PlayAdvice",
    "PlayOption",
    "advise",
    "advise_play",
    "best_option",
    "discard_problems",
    "request_problems",
]
