"""The library's faces: the service, the CLI and the bench import the library only
through ``rules`` or a layer's own face (``rules.doubledummy``), never a module inside
one; the layers themselves are import-linter's to check (``make lint``)."""

from __future__ import annotations

import ast
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import rules

ROOT = Path(__file__).resolve().parents[2]
FACES = {"rules", *(f"rules.{p.name}" for p in (ROOT / "rules").iterdir()
                    if (p / "__init__.py").exists())}


def imported(path: Path) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module))
        elif isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
    return [(line, name) for line, name in found if name.split(".")[0] == "rules"]


@pytest.mark.parametrize("package", ["service", "muggins", "bench"])
def test_callers_import_only_faces(package: str) -> None:
    inside = [f"{path.relative_to(ROOT)}:{line}: {name}"
              for path in sorted((ROOT / package).rglob("*.py"))
              for line, name in imported(path) if name not in FACES]
    assert inside == []


def test_the_face_exports_every_type_in_the_answers() -> None:
    # The types the issue found missing from the face, and the table's.
    for name in ("ClaimRuling", "Stage", "Heels", "Option", "PlayOption", "ScoredEvent",
                 "Peg", "PegScore", "PegKind", "PlayReview", "CardReview", "DiscardReview",
                 "CountReview", "Lost", "Table", "Side", "Count", "Counted"):
        assert name in rules.__all__ and getattr(rules, name).__module__.startswith("rules.")
    assert len(set(rules.__all__)) == len(rules.__all__)
    assert all(hasattr(rules, name) for name in rules.__all__)


def test_the_layers_are_the_packages_of_the_tree() -> None:
    planned = {face for face in FACES if face in ("rules.notation", "rules.club")}
    layers = {"rules", "rules.core", "rules.show", "rules.play", "rules.deal",
              "rules.doubledummy", "rules.advice", "rules.chances", "rules.review",
              "rules.players", "rules.answers"}
    assert FACES - planned == layers
    assert sorted(p.name for p in (ROOT / "rules").glob("*.py")) == ["__init__.py"]


def test_the_library_says_its_version() -> None:
    # Written once, there; the package's metadata reads it (tests/service/test_generated.py).
    assert rules.__version__ == "0.4.0"


def test_no_package_imports_in_a_circle() -> None:
    """Within rules, service and muggins, at every depth, modules import one another in
    one direction (service/errors.py and service/fields.py did both: service/messages.py
    now holds what they shared)."""
    linter = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    [acyclic] = [c for c in linter["contracts"] if c["type"] == "acyclic_siblings"]
    assert acyclic["ancestors"] == linter["root_packages"] == ["rules", "service", "muggins"]
    run = subprocess.run([Path(sys.executable).parent / "lint-imports", "--contract",
                          acyclic["id"]], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout
