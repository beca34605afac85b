"""The documentation site is built in `make test`, served by `make docs` on loopback, and
published by its own workflow; its hooks (tools/docs/hooks.py) leave no page unreachable
and count the tests when the site is built."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import yaml

from tools.docs import hooks

ROOT = Path(__file__).resolve().parent.parent.parent


def _recipe(target: str) -> str:
    run = subprocess.run(["make", "-n", target], cwd=ROOT, capture_output=True, text=True,
                         check=True)
    return run.stdout.replace("\\\n", " ")


def test_make_test_builds_the_site_strictly_before_the_tests() -> None:
    recipe = _recipe("test")
    build = recipe.index("mkdocs build --strict")
    assert build < recipe.index("-m pytest")


def test_make_docs_serves_on_loopback() -> None:
    assert re.search(r"mkdocs serve --dev-addr 127\.0\.0\.1:\d+", _recipe("docs"))


def test_the_workflow_publishes_what_make_builds() -> None:
    workflow = yaml.safe_load((ROOT / ".github/workflows/docs.yml").read_text("utf-8"))
    build = workflow["jobs"]["build"]["steps"]
    assert any(step.get("run") == "make docs-build" for step in build)
    upload = next(step for step in build if "upload-pages-artifact" in step.get("uses", ""))
    assert upload["with"]["path"] == "site"
    deploy = workflow["jobs"]["deploy"]
    assert deploy["permissions"] == {"pages": "write", "id-token": "write"}
    assert "deploy-pages" in deploy["steps"][0]["uses"]


def test_the_site_fetches_no_web_font() -> None:
    config = (ROOT / "mkdocs.yml").read_text("utf-8")
    assert re.search(r"^  font: false$", config, re.MULTILINE)


def test_a_page_the_nav_leaves_out_is_found(tmp_path: Path) -> None:
    for page in ("index.md", "cli.md", "rules.md", "reference/api.md", "reference/new.md"):
        (tmp_path / page).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / page).write_text("# x\n")
    nav = [{"Home": "index.md"}, {"Reference": ["rules.md", {"API": "reference/api.md"}]}]
    assert hooks.unlisted(tmp_path, nav) == ["cli.md", "reference/new.md"]


def test_every_page_of_the_site_is_in_its_nav() -> None:
    """mkdocs.yml lists every page there is today; the hook is for pages added later."""
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text("utf-8"))
    assert hooks.unlisted(ROOT / "docs", config["nav"]) == []


def test_the_test_count_is_collected() -> None:
    hooks.tests_collected.cache_clear()
    try:
        count = hooks.tests_collected()
    finally:
        hooks.tests_collected.cache_clear()
    assert re.fullmatch(r"\d{1,3}(,\d{3})+", count)
    assert int(count.replace(",", "")) > 2000


def test_the_readme_is_the_sites_front_door() -> None:
    """At most 15 KB: what Muggins is, the two commands, examples, and links into the
    site, each to a page that exists."""
    readme = (ROOT / "README.md").read_text("utf-8")
    assert len(readme.encode("utf-8")) <= 15 * 1024
    assert "make serve" in readme and "make test" in readme
    links = re.findall(r"\]\((docs/[^)#]+)", readme)
    assert len(links) >= 15
    assert [link for link in links if not (ROOT / link).is_file()] == []
