"""The supply chain: one hashed lock, made from pyproject.toml and constraints.txt, is
what make, CI and the image install; the build backend is pinned and locked too."""

from __future__ import annotations

import json
import re
import subprocess
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PIN = re.compile(r"^([A-Za-z0-9._-]+)==([^\s\\]+)")


def _name(text: str) -> str:
    return re.sub(r"[-_.]+", "-", text).lower()


def _lock(name: str) -> dict[str, tuple[str, int]]:
    """package -> (version, number of hashes)."""
    pins: dict[str, tuple[str, int]] = {}
    current = None
    for line in (ROOT / name).read_text(encoding="utf-8").splitlines():
        match = PIN.match(line)
        if match:
            current = _name(match.group(1))
            pins[current] = (match.group(2), 0)
        elif current and line.strip().startswith("--hash=sha256:"):
            version, hashes = pins[current]
            pins[current] = (version, hashes + 1)
    return pins


def _requirement_names(requirements: list[str]) -> set[str]:
    return {_name(re.split(r"[<>=!~;\[ ]", r, maxsplit=1)[0]) for r in requirements}


PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
CONSTRAINTS = {_name(m.group(1)): m.group(2) for line in
               (ROOT / "constraints.txt").read_text(encoding="utf-8").splitlines()
               if (m := PIN.match(line))}


@pytest.mark.parametrize(("lock", "extras"), [
    ("requirements.lock", ["server"]), ("requirements-test.lock", ["server", "test", "docs"])])
def test_the_lock_pins_everything_with_hashes(lock: str, extras: list[str]) -> None:
    pins = _lock(lock)
    wanted = _requirement_names(PROJECT["project"]["dependencies"])
    for extra in extras:
        wanted |= _requirement_names(PROJECT["project"]["optional-dependencies"][extra])
    wanted |= _requirement_names(PROJECT["build-system"]["requires"])
    assert wanted <= set(pins), wanted - set(pins)
    assert all(hashes > 0 for _, hashes in pins.values()), pins
    # The lock agrees with the human-edited pins.
    assert {n: v for n, (v, _) in pins.items() if n in CONSTRAINTS} == \
        {n: CONSTRAINTS[n] for n in pins if n in CONSTRAINTS}


def test_the_build_backend_is_pinned() -> None:
    (backend,) = PROJECT["build-system"]["requires"]
    name, version = backend.split("==")
    assert _lock("requirements.lock")[name][0] == version == CONSTRAINTS[name]


@pytest.mark.parametrize(("path", "lock"), [
    ("Makefile", "requirements.lock"), ("Makefile", "requirements-test.lock"),
    ("Dockerfile", "requirements.lock")])
def test_make_and_the_image_install_from_the_lock(path: str, lock: str) -> None:
    text = (ROOT / path).read_text(encoding="utf-8")
    assert f"--require-hashes --no-deps -r {lock}" in text
    assert "--no-build-isolation" in text  # the project is built with the locked backend
    assert "-c constraints.txt -e" not in text and "-c constraints.txt ." not in text


@pytest.mark.parametrize("workflow", ["ci.yml", "docs.yml"])
def test_the_workflow_pins_every_action_by_commit(workflow: str) -> None:
    # A tag can be moved to other code; a commit cannot. The comment says which release.
    text = (ROOT / ".github/workflows" / workflow).read_text(encoding="utf-8")
    uses = re.findall(r"^\s*(?:- )?uses: (\S+)(.*)$", text, re.MULTILINE)
    assert uses
    for action, comment in uses:
        assert re.fullmatch(r"[\w.-]+/[\w.-]+@[0-9a-f]{40}", action), action
        assert re.fullmatch(r" # v\d+\.\d+\.\d+", comment), (action, comment)


def _recipe(target: str) -> str:
    """What `make TARGET` runs (make -n: printed, not run), lines joined."""
    run = subprocess.run(["make", "-n", target], cwd=ROOT, capture_output=True, text=True,
                         check=True)
    return run.stdout.replace("\\\n", " ")


def _npm_pins(folder: str) -> dict[str, str]:
    """The npm tools of a folder as package.json pins them, checked against its lock."""
    manifest = json.loads((ROOT / folder / "package.json").read_text(encoding="utf-8"))
    lock = json.loads((ROOT / folder / "package-lock.json").read_text(encoding="utf-8"))
    pins = {**manifest.get("dependencies", {}), **manifest.get("devDependencies", {})}
    for name, version in pins.items():
        assert re.fullmatch(r"\d+\.\d+\.\d+", version), (folder, name, version)
        assert lock["packages"][f"node_modules/{name}"]["version"] == version, (folder, name)
    return pins


def test_make_lint_lints_the_contract_with_a_pinned_redocly() -> None:
    assert "@redocly/cli" in _npm_pins("tools/openapi")
    lint = _recipe("lint")
    assert re.search(r"cd tools/openapi && npm ci .*redocly lint --config redocly\.yaml .*"
                     r"\.\./\.\./openapi\.yaml", lint), lint


def test_make_test_builds_and_tests_the_typescript_client() -> None:
    pins = _npm_pins("clients/typescript")
    assert {"openapi-fetch", "openapi-typescript", "typescript"} <= set(pins)
    test = _recipe("test")
    # Built (types generated, tsc) and tested against the live server it starts,
    # before the Python suite.
    client = re.search(r"cd clients/typescript && npm ci .*&& npm run --silent build\s+"
                       r"&& MUGGINS_PYTHON=\S+/python npm test", test)
    assert client, test
    assert client.start() < test.index("-m pytest")
    scripts = json.loads((ROOT / "clients/typescript/package.json").read_text())["scripts"]
    assert scripts["build"] == "npm run generate && tsc -p tsconfig.json"
    assert "openapi-typescript ../../openapi.yaml" in scripts["generate"]


def test_make_test_measures_branch_coverage_with_a_floor_for_the_library() -> None:
    coverage = PROJECT["tool"]["coverage"]["run"]
    assert coverage["branch"] is True and coverage["source"] == ["rules", "service", "muggins"]
    test = _recipe("test")
    assert re.search(r"-m pytest -n 2 --cov --cov-report=term", test), test
    floor = re.search(r"-m coverage report --include='rules/\*' --format=total "
                      r"--fail-under=(\d+)", test)
    assert floor and 80 <= int(floor.group(1)) <= 100, test


def test_the_workflow_tests_the_library_on_every_supported_python() -> None:
    import yaml

    workflow = yaml.safe_load((ROOT / ".github/workflows/ci.yml").read_text(encoding="utf-8"))
    library = workflow["jobs"]["library"]
    assert library["strategy"]["matrix"]["python"] == ["3.11", "3.12", "3.13"]
    assert PROJECT["project"]["requires-python"] == ">=3.11"
    assert any(step.get("run") == "make test-library PYTHON=python" for step in library["steps"])
    assert re.search(r"-m pytest -n 2 tests/library", _recipe("test-library"))
