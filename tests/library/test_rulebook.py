"""The rule book (docs/rules.md) and the tests hold each other to account.

Each rule is a section that starts with an anchor (``<a id="renege"></a>``) and
names the tests that hold it on a ``Tests:`` line. A rule that names no test, or a
test that does not exist, fails here; so does a link to an anchor the book lacks,
from the book itself or from the code, and a finding code without a section.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from rules.core.findings import RULEBOOK, FindingCode

ROOT = Path(__file__).resolve().parents[2]
BOOK = ROOT / RULEBOOK

_ANCHOR = re.compile(r'<a id="([a-z0-9-]+)"></a>')
_TEST_ID = re.compile(r"`(tests/[\w/]+\.py(?:::\w+)+)`")


@dataclass(frozen=True)
class Rule:
    anchors: tuple[str, ...]
    line: int
    text: str

    @property
    def tests(self) -> list[str]:
        """The test ids on the rule's ``Tests:`` paragraph."""
        found: list[str] = []
        for paragraph in self.text.split("\n\n"):
            if paragraph.lstrip().startswith("Tests:"):
                found += _TEST_ID.findall(paragraph)
        return found


def rules_in(text: str) -> list[Rule]:
    lines = text.splitlines()
    starts = [(i, _ANCHOR.findall(line)) for i, line in enumerate(lines) if _ANCHOR.search(line)]
    found = []
    for n, (start, anchors) in enumerate(starts):
        end = starts[n + 1][0] if n + 1 < len(starts) else len(lines)
        found.append(Rule(tuple(anchors), start + 1, "\n".join(lines[start + 1:end])))
    return found


RULES = rules_in(BOOK.read_text(encoding="utf-8"))
ANCHORS = {anchor for rule in RULES for anchor in rule.anchors}


@cache
def defined(path: str) -> frozenset[str]:
    """Every test a module defines, as ``Class::method`` and ``function`` names."""
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    names: set[str] = set()

    def walk(body: list[ast.stmt], prefix: str) -> None:
        for node in body:
            if isinstance(node, ast.ClassDef):
                names.add(prefix + node.name)
                walk(node.body, f"{prefix}{node.name}::")
            elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                names.add(prefix + node.name)

    walk(tree.body, "")
    return frozenset(names)


def exists(test_id: str) -> bool:
    path, _, name = test_id.partition("::")
    if not (ROOT / path).is_file():
        return False
    last = name.rsplit("::", 1)[-1]
    return name in defined(path) and last.startswith(("Test", "test_"))


@pytest.mark.parametrize("rule", RULES, ids=[rule.anchors[0] for rule in RULES])
def test_every_rule_names_tests_that_exist(rule: Rule) -> None:
    assert rule.tests, f"docs/rules.md:{rule.line} ({rule.anchors[0]}) names no test"
    missing = [test for test in rule.tests if not exists(test)]
    assert not missing, f"docs/rules.md:{rule.line} ({rule.anchors[0]}) names {missing}"


def test_anchors_are_unique() -> None:
    anchors = [anchor for rule in RULES for anchor in rule.anchors]
    assert len(anchors) == len(set(anchors)) and len(anchors) >= 40


def test_links_inside_the_book_resolve() -> None:
    links = set(re.findall(r"\]\(#([a-z0-9-]+)\)", BOOK.read_text(encoding="utf-8")))
    assert links and links <= ANCHORS, links - ANCHORS


def test_every_finding_code_has_a_section() -> None:
    assert {code.value for code in FindingCode} <= ANCHORS


def test_the_code_points_at_anchors_that_exist() -> None:
    places = [*ROOT.glob("rules/*.py"), *ROOT.glob("service/**/*.py"),
              *ROOT.glob("muggins/*.py"), *ROOT.glob("tests/**/*.py"), ROOT / "README.md",
              ROOT / "openapi.yaml", *ROOT.glob("docs/*/**/*.md")]
    cited: dict[str, set[str]] = {}
    for place in places:
        # The site's pages link to the book relatively (../rules.md#renege).
        for anchor in re.findall(r"(?:docs/|\.\./)rules\.md#([a-z0-9-]+)",
                                 place.read_text("utf-8")):
            cited.setdefault(anchor, set()).add(str(place.relative_to(ROOT)))
    assert cited, "nothing points at the rule book"
    dangling = {anchor: files for anchor, files in cited.items() if anchor not in ANCHORS}
    assert not dangling


class TestTheChecker:
    BOOK = ('intro\n<a id="one"></a><a id="uno"></a>\n### One\nText.\n\n'
            "Tests: `tests/library/test_rulebook.py::TestTheChecker`,\n"
            "`tests/library/test_rulebook.py::test_anchors_are_unique`\n\n"
            '<a id="two"></a>\n### Two\nNo tests here, `tests/test_x.py::TestY` is prose.\n')

    def test_sections_and_their_tests(self) -> None:
        one, two = rules_in(self.BOOK)
        assert one.anchors == ("one", "uno") and two.anchors == ("two",)
        assert one.tests == ["tests/library/test_rulebook.py::TestTheChecker",
                             "tests/library/test_rulebook.py::test_anchors_are_unique"]
        assert two.tests == []

    def test_a_test_that_does_not_exist(self) -> None:
        assert exists(
            "tests/library/test_rulebook.py::TestTheChecker::test_a_test_that_does_not_exist")
        assert not exists("tests/library/test_rulebook.py::TestTheChecker::test_gone")
        assert not exists("tests/test_nowhere.py::TestX")
        assert not exists("tests/library/test_rulebook.py::rules_in")  # a helper is not a test
