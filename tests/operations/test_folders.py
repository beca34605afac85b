"""The tests sit in folders by what they test (tests/library, tests/service, tests/page,
tests/operations), and tests/library holds the library's own tests alone: what
tests/conftest.py checks of each module there finds what is not the library's."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import LIBRARY, TESTS, outside_the_library

FOLDERS = ("library", "service", "page", "operations")


def test_every_test_module_is_in_a_folder() -> None:
    assert sorted(path.name for path in TESTS.glob("test_*.py")) == []
    assert {path.parent.name for path in TESTS.rglob("test_*.py")} == set(FOLDERS)
    assert all((TESTS / folder / "__init__.py").is_file() for folder in FOLDERS)


def test_the_library_s_own_tests_import_only_the_library() -> None:
    modules = sorted(LIBRARY.glob("test_*.py"))
    assert len(modules) >= 20
    assert {path.name: outside_the_library(path) for path in modules
            if outside_the_library(path)} == {}


@pytest.mark.parametrize(("source", "outside"), [
    ("import flask\n", {"flask"}),
    ("from service.v1.chances import load_tables\n", {"service"}),
    ("import subprocess\n", {"subprocess"}),
    ("from tests.service.test_cli import run\n", {"tests.service.test_cli"}),
    ("from tests.page import test_scorepad\n", {"tests.page.test_scorepad"}),
    # The conftest brings in the app and the live server: through it, what they import.
    ("from tests.conftest import NOT_THE_LIBRARY\n",
     {"flask", "openapi_core", "requests", "service", "subprocess", "werkzeug"}),
    # A support module and another of the library's tests, themselves of the library.
    ("from tests import naive\nfrom tests.library.test_play import record\n", set()),
    ("from rules import Card\nimport numpy\n", set()),
])
def test_what_is_not_the_library_s_is_found(tmp_path: Path, source: str,
                                            outside: set[str]) -> None:
    module = tmp_path / "test_m.py"
    module.write_text(source, encoding="utf-8")
    assert outside_the_library(module) == outside
