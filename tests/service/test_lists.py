"""One source for every list: the library's enums, and everything a client sees of them
(openapi.yaml, muggins/types.py, the CLI's choices, the scorepad's options), equal."""

from __future__ import annotations

import re
from enum import StrEnum
from pathlib import Path
from typing import Any, get_args

import click
import pytest
import yaml
from flask.testing import FlaskClient

from muggins import cli, cli_advice, types
from rules.core.codes import FindingCode
from rules.core.findings import Verdict
from rules.core.rulesets import Ruleset
from rules.core.variants import Variant
from rules.deal.check import Stage
from rules.deal.game import Margin
from rules.play.live import Phase
from rules.play.pegging import PegKind
from rules.show.show import ItemKind

ROOT = Path(__file__).resolve().parents[2]
SCHEMAS = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))["components"][
    "schemas"]


def values(enum: type[StrEnum]) -> list[str]:
    return [member.value for member in enum]


def at(*path: str) -> Any:
    node: Any = SCHEMAS
    for key in path:
        node = node[key]
    return node


@pytest.mark.parametrize(("enum", "listed"), [
    (Variant, at("Variant", "enum")),
    (Ruleset, at("Ruleset", "enum")),
    (FindingCode, at("Finding", "properties", "code", "x-extensible-enum")),
    (PegKind, at("PegScore", "properties", "kind", "enum")),
    (ItemKind, at("ShowItem", "properties", "kind", "enum")),
    (Verdict, at("HandCheckResult", "properties", "verdict", "enum")),
    (Phase, at("Next", "properties", "phase", "enum")),
    (Stage, [v for v in at("Stage", "enum") if v is not None]),
    (Margin, [v for v in at("GameCheckResult", "properties", "margin", "enum") if v is not None]),
], ids=lambda x: getattr(x, "__name__", ""))
def test_openapi_enums_are_the_librarys(enum: type[StrEnum], listed: list[str]) -> None:
    assert listed == values(enum)


@pytest.mark.parametrize(("enum", "literal"), [
    (Variant, types.Variant), (Ruleset, types.Ruleset), (FindingCode, types.FindingCode),
    (PegKind, types.PegKind), (Stage, types.Stage), (Margin, types.Margin),
    (Phase, types.Phase),
], ids=lambda x: getattr(x, "__name__", ""))
def test_client_types_are_the_librarys(enum: type[StrEnum], literal: Any) -> None:
    # A nullable one (Stage, Margin) is a Literal or None, as the contract writes it.
    members = [arg for part in get_args(literal) if part is not type(None)
               for arg in (get_args(part) or [part])]
    assert members == values(enum)


def test_cli_choices_are_the_librarys() -> None:
    assert isinstance(cli.VARIANTS, click.Choice) and isinstance(cli.RULESETS, click.Choice)
    assert list(cli.VARIANTS.choices) == values(Variant)
    assert list(cli.RULESETS.choices) == values(Ruleset)


@pytest.mark.parametrize(("select", "enum"), [("variant", Variant), ("ruleset", Ruleset)])
def test_scorepad_options_are_the_librarys(select: str, enum: type[StrEnum]) -> None:
    page = (ROOT / "service" / "scorepad" / "index.html").read_text(encoding="utf-8")
    body = re.search(rf'<select id="{select}">(.*?)</select>', page, re.S)
    assert body is not None
    assert re.findall(r'<option value="([^"]+)"', body.group(1)) == values(enum)


def test_rulesets_answer_every_ruleset_with_remedies_keyed_by_finding_codes(
        client: FlaskClient) -> None:
    answer = client.get("/v1/rulesets").get_json()
    assert [r["id"] for r in answer["rulesets"]] == values(Ruleset)
    for ruleset in answer["rulesets"]:
        assert set(ruleset["remedies"]) <= set(values(FindingCode))


def test_the_readme_lists_every_finding_code() -> None:
    """Where the documentation says what a finding is (docs/reference/operations.md),
    every code an app may meet is named."""
    readme = (ROOT / "docs" / "reference" / "operations.md").read_text(encoding="utf-8")
    start = readme.index("A rule broken at the table is a finding in the answer")
    section = readme[start:readme.index("\n\n", readme.index("The codes:", start))]
    assert [code for code in values(FindingCode) if f"`{code}`" not in section] == []


def test_the_parts_of_a_deal_for_the_chances_are_the_librarys() -> None:
    from rules.chances import Part

    words = [part.word for part in Part]
    assert words == ["heels", "play", "pone_hand", "dealer_hand", "crib"]
    assert at("ChancesRequest", "properties", "after", "enum") == words
    assert [v for v in at("ChancesResult", "properties", "after", "enum")
            if v is not None] == words
    assert list(get_args(types.DealPart)) == words
    assert list(cli_advice.DEAL_PARTS.choices) == words
