"""`pip install muggins` is the library, the Python client and the CLI, without the
service: its dependencies are what they import; the service's come with the extra
`muggins[server]`."""

from __future__ import annotations

import ast
import importlib.metadata
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
OURS = {"rules", "service", "muggins", "tools"}


def _name(requirement: str) -> str:
    return re.sub(r"[-_.]+", "-", re.split(r"[<>=!~;\[ ]", requirement, maxsplit=1)[0]).lower()


def _imported(package: str) -> set[str]:
    """The distributions whose modules ``package`` imports (the standard library's and
    the project's own left out), at any depth of the code, lazy imports included."""
    modules: set[str] = set()
    for path in (ROOT / package).rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                modules |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                modules.add(node.module.split(".")[0])
    found = importlib.metadata.packages_distributions()
    return {_name(dist) for module in modules - OURS - set(sys.stdlib_module_names)
            for dist in found[module]}


BASE = {_name(r) for r in PROJECT["dependencies"]}
SERVER = {_name(r) for r in PROJECT["optional-dependencies"]["server"]}
ARCHIVE = {_name(r) for r in PROJECT["optional-dependencies"]["archive"]}


def test_the_library_and_the_client_depend_on_what_they_import() -> None:
    # The library rates a season with OpenSkill; only `muggins archive` needs Dask,
    # pyarrow and tqdm, which come with the archive extra.
    assert _imported("rules") == {"numpy", "openskill"}
    assert _imported("rules") | _imported("muggins") == BASE | ARCHIVE
    assert {"numpy", "requests", "click", "openskill"} == BASE
    assert {"dask", "pyarrow", "tqdm"} == ARCHIVE


def test_the_server_extra_brings_what_the_service_imports() -> None:
    # werkzeug, flask's own, is imported by name; the JSON logger is named in the log
    # settings (service/logs.py), not imported.
    assert _imported("service") - {"werkzeug"} <= BASE | SERVER
    assert SERVER - _imported("service") == {"python-json-logger"}


def test_the_installed_metadata_says_so() -> None:
    requires = importlib.metadata.requires("muggins") or []
    base = {_name(r) for r in requires if "extra ==" not in r}
    server = {_name(r) for r in requires if re.search(r"""extra == ["']server["']""", r)}
    assert (base, server) == (BASE, SERVER)


# Every module the server extra brings, refused at import: what runs without it.
BLOCKER = """
import importlib.abc, sys
BLOCKED = set(sys.argv[1].split(","))
class Refuse(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in BLOCKED:
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
sys.meta_path.insert(0, Refuse())
"""


def _server_modules() -> set[str]:
    found = importlib.metadata.packages_distributions()
    extra = SERVER | {"werkzeug", "blinker", "itsdangerous", "jinja2", "markupsafe", "mdurl"}
    return {module for module, dists in found.items() if {_name(d) for d in dists} & extra}


def test_the_client_the_cli_and_the_library_run_without_the_server() -> None:
    blocked = _server_modules()
    assert {"flask", "gunicorn", "marshmallow", "werkzeug"} <= blocked
    code = BLOCKER + """
import rules, muggins, muggins.client, muggins.types, muggins.cli
from muggins import LocalClient, MugginsError
from rules import Card, check_hand
print(check_hand([Card.parse(c) for c in "5H 5C 5S JD".split()], Card.parse("5D")).show.total)
try:
    LocalClient()
except MugginsError as error:
    print(error)
print(sorted(m for m in sys.modules if m.split(".")[0] in BLOCKED))
"""
    run = subprocess.run([sys.executable, "-c", code, ",".join(sorted(blocked))],
                         capture_output=True, text=True, check=True, cwd=ROOT)
    total, refused, imported = run.stdout.splitlines()
    assert total == "29" and imported == "[]"
    assert refused.startswith("answering in-process needs the service (No module named ")
    assert refused.endswith("pip install 'muggins[server]', or ask a running one "
                            "(Client(url), muggins --url URL)")


@pytest.mark.slow
def test_a_fresh_venv_with_the_base_requirements_runs_the_client(tmp_path: Path) -> None:
    """The wheel, and the locked pins of its base requirements alone, in a new venv."""
    wheels = tmp_path / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                    "--no-build-isolation", "--wheel-dir", str(wheels), str(ROOT)],
                   check=True, capture_output=True)
    # The base requirements and what they need, as the lock pins them (with hashes).
    needed, todo = set(), list(BASE)
    while todo:
        name = todo.pop()
        if name not in needed:
            needed.add(name)
            todo += [_name(r) for r in importlib.metadata.requires(name) or []
                     if "extra ==" not in r]
    lock = (ROOT / "requirements.lock").read_text(encoding="utf-8")
    pins = [block for block in re.split(r"\n(?=[A-Za-z])", lock)
            if _name(block.split("==")[0]) in needed]
    assert len(pins) == len(needed), (needed, pins)
    (tmp_path / "base.lock").write_text("\n".join(pins) + "\n", encoding="utf-8")
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = str(venv / "bin" / "python")
    for install in (["--require-hashes", "-r", str(tmp_path / "base.lock")],
                    [str(next(wheels.glob("muggins-*.whl")))]):
        subprocess.run([python, "-m", "pip", "install", "--quiet", "--no-deps", *install],
                       check=True, capture_output=True)
    code = ("import importlib.util, muggins.client, rules; "
            "print(importlib.util.find_spec('flask'), rules.__version__)")
    run = subprocess.run([python, "-c", code], check=True, capture_output=True, text=True,
                         cwd=tmp_path)
    import rules

    assert run.stdout.split() == ["None", rules.__version__]
