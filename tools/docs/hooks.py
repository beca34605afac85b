"""MkDocs hooks for the documentation site (mkdocs.yml names this file).

* Every page under ``docs/`` is reachable: one the nav does not list is added to its
  Reference section, so a page another change adds (a CLI page, a rating page) is
  linked at once, and mkdocs.yml gives it its place when someone lists it.
* No figure goes stale: ``{{ tests_collected }}`` in a page is the number of tests
  pytest collects from this tree, counted at build time. A build that sets
  ``MUGGINS_DOCS_NO_COUNT`` (the site's own browser test, which only looks at the
  pages) says so in its place rather than spend a collection on it.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

ROOT = Path(__file__).resolve().parent.parent.parent
REFERENCE = "Reference"
_COLLECTED = re.compile(r"^(\d+) tests? collected", re.MULTILINE)


def listed(nav: Any) -> set[str]:
    """Every page a nav (mkdocs.yml's ``nav``: lists, one-key dicts, paths) lists."""
    if isinstance(nav, str):
        return {nav}
    if isinstance(nav, list):
        return set().union(*(listed(item) for item in nav)) if nav else set()
    if isinstance(nav, dict):
        return set().union(*(listed(value) for value in nav.values())) if nav else set()
    return set()


def unlisted(docs: Path, nav: Any) -> list[str]:
    """The pages under ``docs`` (as the nav writes them) that ``nav`` leaves out."""
    pages = sorted(path.relative_to(docs).as_posix() for path in docs.rglob("*.md"))
    named = listed(nav)
    return [page for page in pages if page not in named]


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    nav = config.nav
    if not nav:
        return config
    missing = unlisted(Path(config.docs_dir), nav)
    if missing:
        section = next((item for item in nav if isinstance(item, dict) and REFERENCE in item),
                       None)
        if section is None:
            section = {REFERENCE: []}
            nav.append(section)
        section[REFERENCE].extend(missing)
    return config


@cache
def tests_collected() -> str:
    """How many tests pytest collects from this tree, in words ("2,921")."""
    if os.environ.get("MUGGINS_DOCS_NO_COUNT"):
        return "(not counted in this build)"
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:randomly",
         "-p", "no:cacheprovider", "-n", "0"],
        cwd=ROOT, capture_output=True, text=True, check=False)
    found = _COLLECTED.search(run.stdout)
    if found is None:  # a tree whose tests do not collect has no count to show
        raise RuntimeError(f"pytest collected nothing:\n{run.stdout[-2000:]}{run.stderr[-2000:]}")
    return f"{int(found.group(1)):,}"


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    if "{{ tests_collected }}" in markdown:
        markdown = markdown.replace("{{ tests_collected }}", tests_collected())
    return markdown
