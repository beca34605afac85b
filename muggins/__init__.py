"""Muggins for app developers: a typed Python client for the API, and the ``muggins`` CLI."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from muggins.client import Client, LocalClient, MugginsError, ProblemError, Unreachable

__all__ = ["Client", "LocalClient", "MugginsError", "ProblemError", "Unreachable"]


def __getattr__(name: str) -> Any:
    # The client is loaded when first asked for: it imports requests, which the command
    # line answering on the library has no use for.
    if name in ("MugginsError", "ProblemError", "Unreachable"):
        from muggins import errors

        return getattr(errors, name)
    if name in __all__:
        from muggins import client

        return getattr(client, name)
    raise AttributeError(f"module 'muggins' has no attribute {name!r}")
