"""The scorepad page in a real browser: Playwright driving Debian's chromium.

Needs /usr/bin/chromium (``apt-get install chromium``; .ci/run installs it). Playwright
never downloads a browser here: it is pointed at the system one.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator

import pytest

CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
pytestmark = pytest.mark.skipif(
    not os.path.exists(CHROMIUM),
    reason=f"no chromium at {CHROMIUM}: apt-get install chromium (.ci/run does) to run "
           "the browser tests")

# The machine has no network beyond its package registries: keep chromium from trying.
ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic",
        "--no-first-run", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--disable-dev-shm-usage"]


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser, live_server: str):  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport={"width": 390, "height": 844})  # a phone
    page = context.new_page()
    problems: list[str] = []
    # The browser logs every refused request; a 422 is what some tests ask for.
    expected = "the server responded with a status of 422"
    page.on("console", lambda m: problems.append(m.text)
            if m.type == "error" and expected not in m.text else None)
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.goto(live_server + "/")
    yield page
    context.close()
    # No script errors and no Content-Security-Policy violations along the way.
    assert problems == []


def test_count_a_picked_hand_and_rule_on_the_claim(page) -> None:  # type: ignore[no-untyped-def]
    for card in ("5H", "5C", "5S", "JD", "5D"):  # four to the hand, then the starter
        page.click(f"#picker button[data-card='{card}']")
    assert page.input_value("#hand") == "5H 5C 5S JD"
    assert page.input_value("#starter") == "5D"
    page.fill("#claimed", "28")
    page.click("#count")
    page.wait_for_selector("#total")
    assert page.text_content("#total") == "29"
    assert page.text_content("#call").endswith("one for his nob is twenty-nine")
    assert page.text_content("#verdict") == "undercount"
    assert page.locator("#items tbody tr").count() == 15
    assert "undercount" in page.text_content("#findings")


def test_typed_cards_crib_and_errors(page) -> None:  # type: ignore[no-untyped-def]
    page.fill("#hand", "2h 4h 6h 8h")
    page.fill("#starter", "K♣")
    page.check("#crib")
    page.click("#count")
    page.wait_for_selector("#total")
    assert page.text_content("#total") == "0"
    assert page.text_content("#call") == "nineteen"
    page.fill("#hand", "2h 4h 6h ZZ")
    page.click("#count")
    alert = page.wait_for_selector("[role=alert]")
    assert "#/hand/3" in alert.text_content() and "invalid card" in alert.text_content()


def test_check_a_pegging_record(page) -> None:  # type: ignore[no-untyped-def]
    page.fill("#record", "pone KH\ndealer QC\npone TD =2\ndealer 9S")
    page.click("#check-play")
    page.wait_for_selector("#plays")
    rows = page.locator("#plays tbody tr")
    assert rows.count() == 4
    assert rows.nth(2).text_content().endswith("go 1")
    assert page.text_content("#totals") == "Totals: pone 1, dealer 1"
    assert "overcount" in page.text_content("#findings")


def test_a_renege_proved_by_the_hands(page) -> None:  # type: ignore[no-untyped-def]
    # The pone's go stands between the dealer's go and ace, so the go was not taken back.
    page.fill("#record", "pone KH\ndealer QC\npone TD\ndealer go\npone go\ndealer AH\n"
                         "pone 5S\ndealer 9S\npone 2C\ndealer 3D")
    page.fill("#pone-hand", "KH TD 5S 2C")
    page.fill("#dealer-hand", "QC 9S AH 3D")
    page.click("#check-play")
    page.wait_for_selector("#findings")
    finding = page.locator("#findings li[data-code='renege']")
    assert finding.count() == 1 and "ACC 7.3" in finding.text_content()


def test_fits_a_phone(page) -> None:  # type: ignore[no-untyped-def]
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390
