"""The service's answers, as marshmallow schemas for the contract only.

The views build their answers as plain dicts (fast, and each in the game's words); these
schemas say what those dicts hold, for openapi.yaml (tools/openapi writes them there).
The service never loads or dumps with them: the test client checks every answer it gets
against openapi.yaml instead (tests/conftest.py), so a schema here that no longer says
what a view answers fails the tests of that view.
"""

from __future__ import annotations

from service.answers import advice, records, reference, review

__all__ = ["advice", "records", "reference", "review"]
