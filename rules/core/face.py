"""A package's face loaded as it is used (PEP 562), so that ``import rules.show`` or
``from rules import count`` loads the counting and not the whole library (numpy with the
advice, the foreign notations with the records).

A lazy face names its exports once, in an ``if TYPE_CHECKING:`` block of imports, which
mypy and an IDE read as they read any import; at run time that block is skipped, and
:func:`lazy` reads it from the face's source to load each name's module on first use::

    if TYPE_CHECKING:
        from rules.show.hands import HandCheck, check_hand

    __getattr__, __dir__ = lazy(__name__)
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from typing import Any

__all__ = ["lazy"]


def _exports(path: str) -> dict[str, str]:
    """Each name the face at ``path`` imports under ``if TYPE_CHECKING:``, and the module
    it comes from."""
    import ast  # only when a face is first asked for a name it has not loaded

    with open(path, encoding="utf-8") as source:
        tree = ast.parse(source.read(), path)
    where: dict[str, str] = {}
    for node in tree.body:
        if not (isinstance(node, ast.If) and isinstance(node.test, ast.Name)
                and node.test.id == "TYPE_CHECKING"):
            continue
        for statement in node.body:
            if isinstance(statement, ast.ImportFrom) and statement.module and not statement.level:
                for alias in statement.names:
                    where[alias.asname or alias.name] = statement.module
    return where


def lazy(package: str) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The face's ``__getattr__`` and ``__dir__``: a name of the ``TYPE_CHECKING`` block is
    imported from its module when first asked for, and kept in the face from then on."""
    face = sys.modules[package]
    found: dict[str, str] = {}

    def exports() -> dict[str, str]:
        if not found:
            path = face.__file__
            assert path is not None
            found.update(_exports(path))
        return found

    def __getattr__(name: str) -> Any:
        module = exports().get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module), name)
        setattr(face, name, value)
        return value

    def __dir__() -> list[str]:
        return sorted({*vars(face), *exports()})

    return __getattr__, __dir__
