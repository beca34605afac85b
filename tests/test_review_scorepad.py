"""The scorepad's review view in a real browser (the fixtures of tests/test_scorepad.py)."""

from __future__ import annotations

import json

from rules.variants import Variant
from tests.test_deals_api import game_json
from tests.test_scorepad import browser, page, pytestmark  # noqa: F401  (fixtures, skip)


def test_review_a_game(page) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    body, _, _ = game_json(4, Variant.SIX_CARD, ("ann", "bob"))
    page.fill("#review-record", json.dumps(body))
    page.click("#review-go")
    page.wait_for_selector("#review-lost")
    assert page.locator("#review-result h3").count() == len(body["deals"]) + 1
    rows = page.locator("#review-lost tbody tr")
    assert rows.count() == 2 and rows.nth(0).get_attribute("data-player") in ("ann", "bob")
    laid = page.locator("#review-result .card-review")
    assert laid.count() >= 8 * len(body["deals"]) - 8  # the last deal may end early
    costly = page.locator("#review-result .card-review.costly")
    assert costly.count() > 0 and "−" in costly.first.text_content()
    assert costly.first.get_attribute("title").startswith("best: ")


def test_review_refused_and_unreadable(page) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    page.fill("#review-record", "{not json")
    page.click("#review-go")
    page.wait_for_selector("#review-result .error")
    assert "not JSON" in page.text_content("#review-result")
    page.fill("#review-record", json.dumps({"dealt": {}, "discards": {}, "starter": "ZZ",
                                            "plays": []}))
    page.click("#review-go")
    alert = page.wait_for_selector("#review-result [role=alert]")
    assert "#/starter" in alert.text_content()
