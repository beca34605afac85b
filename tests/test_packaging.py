"""What the image installs: the wheel must carry the contract, the page and the CLI."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import rules

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_the_wheel_has_everything_the_service_reads(tmp_path: Path) -> None:
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                            "--wheel-dir", str(tmp_path), str(ROOT)], check=True,
                           capture_output=True, text=True)
    # Every package is in the packages configuration: an install is quiet.
    assert "absent from the `packages` configuration" not in built.stderr + built.stdout
    assert "warning" not in (built.stderr + built.stdout).lower()
    [wheel] = tmp_path.glob("muggins-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        # The contract is a real file in the wheel (a link in the tree), the same bytes.
        assert archive.read("service/openapi.yaml") == (ROOT / "openapi.yaml").read_bytes()
        # So is the rule book that GET /rules renders.
        assert archive.read("service/rules.md") == (ROOT / "docs" / "rules.md").read_bytes()
        # And the chance tables the service loads at start (docs/chances.md).
        for table in ("six-card", "five-card"):
            assert (archive.read(f"service/data/{table}.chances")
                    == (ROOT / "service" / "data" / f"{table}.chances").read_bytes())
        version = rules.__version__
        entry_points = archive.read(f"muggins-{version}.dist-info/entry_points.txt").decode()
    scorepad = ROOT / "service" / "scorepad"
    shipped = {p.relative_to(scorepad).as_posix() for p in scorepad.rglob("*") if p.is_file()}
    assert {f"service/scorepad/{name}" for name in shipped} <= names
    assert {"rules/py.typed", "muggins/cli.py", "service/v1/hands.py",
            f"muggins-{version}.dist-info/licenses/LICENSE"} <= names
    assert "muggins = muggins.cli:main" in entry_points


def test_the_image_copies_the_rule_book_the_package_links_to() -> None:
    """service/rules.md links to ../docs/rules.md: the image must have the target to
    build its wheel from, as it has openapi.yaml for service/openapi.yaml."""
    assert (ROOT / "service" / "rules.md").resolve() == (ROOT / "docs" / "rules.md")
    dockerfile = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    assert "COPY docs/rules.md ./docs/rules.md" in dockerfile
    build = 'pip install --no-cache-dir --no-deps --no-build-isolation ".[server]"'
    assert dockerfile.index("COPY docs/rules.md") < dockerfile.index(build)


@pytest.mark.slow
def test_an_editable_install_is_quiet(tmp_path: Path) -> None:
    """What `make` runs, pip install -e (into a throwaway prefix), says nothing at all."""
    # --ignore-installed: the install here must not first uninstall the one in use.
    installed = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--ignore-installed",
         "--no-warn-script-location", "-e", str(ROOT), "--prefix", str(tmp_path)],
        check=True, capture_output=True, text=True)
    assert installed.stdout + installed.stderr == ""
