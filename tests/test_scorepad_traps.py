"""The scorepad's traps (issue 30, item 3), each driven in chromium at both sizes: the
tabs follow the address; seats are named before the first deal, never by the roles that
change with the deal."""

from __future__ import annotations

from typing import Any

from tests import test_scorepad
from tests.test_scorepad import axe_clean, fits, shot

browser, page, pytestmark = test_scorepad.browser, test_scorepad.page, test_scorepad.pytestmark


def shown(page: Any) -> list[str]:
    """The sections on screen (one, as tabs; the table's settings stay above each)."""
    return page.eval_on_selector_all(
        "main > section:not(#table)", "all => all.filter(s => !s.hidden).map(s => s.id)")


def test_the_tabs_follow_the_address_back_and_forward(page: Any, live_server: str) -> None:
    page.goto(live_server + "/#club")
    page.wait_for_selector("body[data-ready]")
    assert shown(page) == ["club"]
    page.click("header nav a[href='#play']")
    assert shown(page) == ["play"] and page.url.endswith("/#play")
    page.go_back()
    page.wait_for_selector("#club:not([hidden])")
    assert page.url.endswith("/#club") and shown(page) == ["club"]
    page.go_forward()
    page.wait_for_selector("#play:not([hidden])")
    assert page.url.endswith("/#play") and shown(page) == ["play"]
    page.click("header nav a[href='#play']")  # the tab shown: no new entry
    page.go_back()
    page.wait_for_selector("#club:not([hidden])")
    # An address followed in the same page (only the fragment changes) opens its tab too.
    page.goto(live_server + "/#deal")
    page.wait_for_selector("#deal:not([hidden])")
    assert shown(page) == ["deal"]
    assert page.get_attribute("header nav a[href='#deal']", "aria-current") == "page"
    shot(page, "tabs-follow-the-address")
    fits(page)
    axe_clean(page)
