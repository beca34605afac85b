"""What keeps the referee from answering, as the client and the command line raise it.

Its own module, apart from the client, so that the command line answering on the
library can refuse a request as the service does without loading an HTTP client.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["MugginsError", "ProblemError", "Unreachable"]


class MugginsError(Exception):
    """Anything that kept the referee from answering."""


class Unreachable(MugginsError):
    """The service could not be reached, or did not answer in time."""


class ProblemError(MugginsError):
    """The service refused the request: an RFC 9457 problem."""

    def __init__(self, problem: Mapping[str, Any], request_id: str | None = None) -> None:
        self.problem = dict(problem)
        self.status: int = int(problem.get("status", 0))
        self.title: str = str(problem.get("title", ""))
        self.detail: str | None = problem.get("detail")
        self.type: str = str(problem.get("type", "about:blank"))
        self.errors: list[dict[str, str]] = list(problem.get("errors", []))
        self.request_id = request_id
        self.summary = f"{self.status} {self.title}" + (f": {self.detail}" if self.detail else "")
        lines = [self.summary]
        lines += [f"  {e['pointer']}: {e['detail']} ({e['code']})" for e in self.errors]
        super().__init__("\n".join(lines))
