"""Advice: what to lay away, by exact expected value, and which card to lay now."""

from typing import TYPE_CHECKING

from rules.core.face import lazy

if TYPE_CHECKING:
    from rules.advice.discards import Advice, Option, advise, best_option, validate_discard
    from rules.advice.play import (
        ADVICE_POSITIONS,
        DEFAULT_SAMPLES,
        ByChance,
        PlayAdvice,
        PlayOption,
        advise_play,
    )
    from rules.advice.position import AdviceError, check_request

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
    "check_request",
    "prepare",
    "validate_discard",
]


def prepare() -> None:
    """Fill the library's largest lookup tables (the count's, the discard advice's) now
    rather than on first use: a server calls it before it forks, so that its workers
    share them and no request pays for building one."""
    from rules.advice import discards
    from rules.core import Variant
    from rules.show import show

    show.prepare(sorted({variant.spec.hand_size for variant in Variant}))
    discards.prepare()


__getattr__, __dir__ = lazy(__name__)  # each name loaded when first used
