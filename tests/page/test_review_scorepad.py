"""The scorepad's review view in a real browser (the fixtures of tests/page/test_scorepad.py)."""

from __future__ import annotations

import json

import requests

from rules.core.variants import Variant
from tests.page.test_scorepad import browser, open_tab, page, pytestmark, shot  # noqa: F401  (fixtures, skip)
from tests.service.test_deals_api import game_json


def test_review_a_game(page, live_server: str) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    body, _, _ = game_json(4, Variant.SIX_CARD, ("ann", "bob"))
    open_tab(page, "review")
    page.fill("#review-record", json.dumps(body))
    page.click("#review-go")
    page.wait_for_selector("#review-lost")
    review = requests.post(live_server + "/v1/games/review", json=body, timeout=60).json()
    # A heading a deal, one over the game, and one over the graph of chances.
    assert review["chances"] is not None
    assert page.locator("#review-result h3").count() == len(body["deals"]) + 2
    rows = page.locator("#review-lost tbody tr")
    assert rows.count() == 2 and rows.nth(0).get_attribute("data-player") in ("ann", "bob")
    laid = page.locator("#review-result .card-review")
    assert laid.count() >= 8 * len(body["deals"]) - 8  # the last deal may end early
    costly = page.locator("#review-result .card-review.costly")
    assert costly.count() > 0 and "−" in costly.first.text_content()
    # The best card is in the row's text, seen without hovering (a phone has no hover).
    first = next(c for d in review["deals"] for c in d["play"]["cards"] if c["loss"])
    assert costly.first.inner_text() == (
        f"{first['player']} {first['card']} −{first['loss']} (best {' or '.join(first['best'])})"
        + (" (the game)" if first.get("game") else ""))
    costly.first.scroll_into_view_if_needed()
    shot(page, "review")


def test_review_refused_and_unreadable(page) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    open_tab(page, "review")
    page.fill("#review-record", "{not json")
    page.click("#review-go")
    page.wait_for_selector("#review-result .error")
    assert "not JSON" in page.text_content("#review-result")
    page.fill("#review-record", json.dumps({"dealt": {}, "discards": {}, "starter": "ZZ",
                                            "plays": []}))
    page.click("#review-go")
    alert = page.wait_for_selector("#review-result [role=alert]")
    assert "#/starter" in alert.text_content()
