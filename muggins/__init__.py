"""Muggins for app developers: a typed Python client for the API, and the ``muggins`` CLI."""

from muggins.client import Client, LocalClient, MugginsError, ProblemError, Unreachable

__all__ = ["Client", "LocalClient", "MugginsError", "ProblemError", "Unreachable"]
