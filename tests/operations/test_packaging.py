"""What the image installs: the wheel must carry the contract, the page and the CLI."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import rules

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel, built as the image builds it (not editable) from a clean copy of the
    tree: a build here would find the editable install's file list (muggins.egg-info) and
    ship what it names, package data or not."""
    tree, out = tmp_path_factory.mktemp("tree"), tmp_path_factory.mktemp("wheel")
    files = subprocess.run(["git", "ls-files", "-z", "--cached", "--others",
                            "--exclude-standard"], cwd=ROOT, check=True, capture_output=True,
                           text=True).stdout.split("\0")
    for name in filter(None, files):
        source = ROOT / name
        if source.is_file() or source.is_symlink():
            (tree / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, tree / name, follow_symlinks=False)
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                            "--wheel-dir", str(out), str(tree)], check=True,
                           capture_output=True, text=True)
    # Every package is in the packages configuration: an install is quiet.
    assert "absent from the `packages` configuration" not in built.stderr + built.stdout
    assert "warning" not in (built.stderr + built.stdout).lower()
    [found] = out.glob("muggins-*.whl")
    return found


@pytest.mark.slow
def test_the_wheel_has_everything_the_service_reads(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        # The contract is a real file in the wheel (a link in the tree), the same bytes.
        assert archive.read("service/openapi.yaml") == (ROOT / "openapi.yaml").read_bytes()
        # So is the rule book that GET /rules renders.
        assert archive.read("service/rules.md") == (ROOT / "docs" / "rules.md").read_bytes()
        # And the chance tables, the library's package data (docs/chances.md).
        for table in ("six-card", "five-card"):
            assert (archive.read(f"rules/chances/data/{table}.chances")
                    == (ROOT / "rules" / "chances" / "data" / f"{table}.chances").read_bytes())
        assert not [name for name in names if name.startswith("service/data/")]
        version = rules.__version__
        entry_points = archive.read(f"muggins-{version}.dist-info/entry_points.txt").decode()
    scorepad = ROOT / "service" / "scorepad"
    shipped = {p.relative_to(scorepad).as_posix() for p in scorepad.rglob("*") if p.is_file()}
    assert {f"service/scorepad/{name}" for name in shipped} <= names
    assert {"rules/py.typed", "muggins/cli.py", "service/v1/hands.py",
            f"muggins-{version}.dist-info/licenses/LICENSE"} <= names
    assert "muggins = muggins.cli:main" in entry_points


INSTALLED = """
import rules, rules.chances
from rules import Variant
print(rules.__file__)
print(rules.chances.shipped_table(Variant.SIX_CARD).before(0, 0).win)
print(sorted(str(v) for v in rules.chances.shipped_tables()))
"""


@pytest.mark.slow
def test_the_installed_library_loads_its_chance_tables(wheel: Path, tmp_path: Path) -> None:
    """Installed from the wheel (not editable), away from the source tree, the library
    finds its tables in its own package."""
    site = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                    "--no-compile", "--target", str(site), str(wheel)], check=True,
                   capture_output=True, text=True)
    done = subprocess.run([sys.executable, "-I", "-c",
                           f"import sys; sys.path.insert(0, {str(site)!r})\n{INSTALLED}"],
                          cwd=tmp_path, check=True, capture_output=True, text=True)
    where, win, variants = done.stdout.splitlines()
    assert Path(where) == site / "rules" / "__init__.py"
    # The first dealer's 56.50% at 0-0 (docs/chances.md, the anchors).
    assert win == "(0.435018833, 0.564981167)"
    assert variants == "['five-card', 'six-card']"


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
