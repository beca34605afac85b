"""What every validation message is made of: its stable code (:class:`Coded`) and the
bad value as it quotes it (:func:`rules.answers.quote`, which the command line's own
refusals share). Both the error layer (service/errors.py) and
the fields (service/fields.py) use them, so that neither imports the other for them."""

from __future__ import annotations

from rules.answers import QUOTED, quote

__all__ = ["QUOTED", "Coded", "quote"]


class Coded(str):
    """A validation message that carries a stable, kebab-case code."""

    code: str

    def __new__(cls, code: str, text: str) -> Coded:
        message = super().__new__(cls, text)
        message.code = code
        return message
