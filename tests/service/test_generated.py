"""What ``make clients`` writes (tools/clients.py), each from its one source: the
Python client's types from openapi.yaml, the version from rules/__init__.py."""

from __future__ import annotations

import importlib.metadata
import json
import re
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest
import yaml
from mypy import api as mypy

import rules
from tools import clients

ROOT = Path(__file__).resolve().parents[2]


def test_the_generated_files_are_what_their_sources_give() -> None:
    stale = [path.relative_to(ROOT).as_posix() for path, text in clients.wanted().items()
             if path.read_text(encoding="utf-8") != text]
    assert stale == [], "run make clients"


def test_a_stale_file_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                               capsys: pytest.CaptureFixture[str]) -> None:
    # A copy of each file: --check writes nothing, and the write is to the copies.
    monkeypatch.setattr(clients, "ROOT", tmp_path)
    for name in ("CONTRACT", "SCHEMA", "PACKAGE", "PACKAGE_LOCK"):
        monkeypatch.setattr(clients, name, Path(shutil.copy(getattr(clients, name), tmp_path)))
    package = clients.PACKAGE
    package.write_text(package.read_text(encoding="utf-8").replace(
        f'"version": "{rules.__version__}"', '"version": "0.0.9"', 1), encoding="utf-8")
    assert clients.main(["--check"]) == 1
    assert capsys.readouterr().err == "package.json is stale: run make clients\n"
    assert clients.main([]) == 0  # written
    assert json.loads(package.read_text(encoding="utf-8"))["version"] == rules.__version__
    assert clients.main(["--check"]) == 0


def test_the_version_is_written_once() -> None:
    """In rules/__init__.py: the package's metadata reads it there, and the files that
    cannot read it (the contract, the TypeScript package) are written from it."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in project["project"] and project["project"]["dynamic"] == ["version"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "rules.__version__"}
    assert importlib.metadata.version("muggins") == rules.__version__
    contract = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
    package = json.loads(clients.PACKAGE.read_text(encoding="utf-8"))
    lock = json.loads(clients.PACKAGE_LOCK.read_text(encoding="utf-8"))
    assert {contract["info"]["version"], package["version"], lock["version"],
            lock["packages"][""]["version"]} == {rules.__version__}
    tracked = subprocess.run(["git", "ls-files", "*.py"], cwd=ROOT, capture_output=True,
                             text=True, check=True).stdout.split()
    written = [name for name in tracked
               if re.search(r"^__version__ = ", (ROOT / name).read_text(encoding="utf-8"), re.M)]
    assert written == ["rules/__init__.py"]


def _mypy(tmp_path: Path, source: str) -> set[int]:
    """The lines of ``source`` mypy --strict refuses."""
    module = tmp_path / "sample.py"
    module.write_text(source, encoding="utf-8")
    out, _, _ = mypy.run(["--strict", "--no-incremental", "--config-file",
                          str(ROOT / "pyproject.toml"), str(module)])
    return {int(m.group(1)) for m in re.finditer(r"^.*?:(\d+): error: ", out, re.M)}


def test_a_card_event_cannot_say_go(tmp_path: Path) -> None:
    """The service refuses a card that is also a go (422 card-and-go); so does the type
    checker, for every event the client's types describe."""
    refused = _mypy(tmp_path, """
from muggins.types import PlayEvent

card: PlayEvent = {"player": "pone", "card": "5H", "claimed_go": 1}
go: PlayEvent = {"player": "dealer", "go": True, "claimed": 1}
both: PlayEvent = {"player": "pone", "card": "5H", "go": True}
go_with_a_card: PlayEvent = {"player": "pone", "go": True, "card": "5H"}
""")
    assert refused == {6, 7}


def test_the_changelog_has_one_section_per_release() -> None:
    """Newest first; only the top one unreleased. The version written is the top one's:
    a change a client must follow raises it when it lands (the developers' guide)."""
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    sections = re.findall(r"^## (.*)$", text, re.M)
    assert all(re.fullmatch(r"\d+\.\d+\.\d+( \(unreleased\))?", s) for s in sections), sections
    versions = [tuple(int(n) for n in s.split()[0].split(".")) for s in sections]
    assert versions == sorted(set(versions), reverse=True)
    assert [s for s in sections if "unreleased" in s] == sections[:1]
    current = tuple(int(n) for n in rules.__version__.split("."))
    assert versions[0] == current


def test_the_licence_is_the_one_the_package_declares() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    licence = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert project["license"] == "MIT" and licence.startswith("MIT License\n")
    assert "\nCopyright (c) 2026 the Muggins authors\n" in licence
    assert importlib.metadata.metadata("muggins")["License-Expression"] == "MIT"
