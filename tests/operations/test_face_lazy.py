"""The faces load as they are used (rules/core/face.py): counting a hand loads no numpy and
no foreign notation, each in a fresh interpreter so that nothing else has loaded them."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

import rules

LAZY = ["rules", "rules.advice", "rules.answers", "rules.chances", "rules.club",
        "rules.notation", "rules.review", "rules.show"]


def _fresh(script: str) -> list[str]:
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=120, check=True)
    return done.stdout.split()


def test_counting_through_the_face_loads_no_numpy_until_advice_needs_it() -> None:
    loaded = _fresh(
        "import sys\n"
        "import rules\n"
        "hand = [rules.Card.parse(c) for c in ('5H', '5C', '5S', 'JD')]\n"
        "print(rules.count(hand, rules.Card.parse('5D')).total)\n"
        "print(rules.check_hand(hand, rules.Card.parse('5D'), claimed=28).ruling.verdict.value)\n"
        "print('numpy' in sys.modules, 'rules.notation.foreign' in sys.modules)\n"
        "rules.advise\n"
        "print('numpy' in sys.modules)\n")
    assert loaded == ["29", "undercount", "False", "False", "True"]


def test_the_show_and_the_answers_import_alone() -> None:
    loaded = _fresh("import sys\n"
                    "from rules.answers import hand_answer, problems_of\n"
                    "from rules.show import check_hand\n"
                    "print(sorted({m.split('.')[1] for m in sys.modules"
                    " if m.startswith('rules.')}))\n")
    assert loaded == ["['answers',", "'core',", "'show']"]


@pytest.mark.parametrize("face", LAZY)
def test_every_name_a_face_exports_is_listed_and_loads(face: str) -> None:
    package = importlib.import_module(face)
    assert set(package.__all__) <= set(dir(package))
    assert [name for name in package.__all__ if getattr(package, name, None) is None] == []


def test_a_name_no_face_exports_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="'rules' has no attribute 'nobs'"):
        _ = rules.nobs  # type: ignore[attr-defined]
    with pytest.raises(ImportError):
        exec("from rules import nobs")
