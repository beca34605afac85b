"""The scorepad's traps (issue 30, item 3), each driven in chromium at both sizes: the
tabs follow the address; seats are named before the first deal, never by the roles that
change with the deal."""

from __future__ import annotations

from typing import Any

import requests

from tests.page import test_scorepad
from tests.page.test_scorepad import axe_clean, fits, open_tab, shot
from tests.page.test_scorepad_deal import README_DEAL, enter_deal

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


def fill_cards(page: Any, seats: dict[str, str], deal: dict[str, Any]) -> None:
    """The README's deal typed into the form, its roles (pone, dealer) given to ``seats``
    (seat by seat, the dealer last); the names themselves are not typed."""
    for i, role in enumerate(("pone", "dealer")):
        page.fill(f"#seat-dealt-{i}", " ".join(deal["dealt"][role]))
        page.fill(f"#seat-discards-{i}", " ".join(deal["discards"][role]))
    page.fill("#deal-starter", deal["starter"])
    page.fill("#deal-record", "\n".join(
        f"{seats[e['player']]} {'go' if e.get('go') else e['card']}" for e in deal["plays"]))


def test_seats_not_named_are_a_and_b_in_every_deal(page: Any, live_server: str) -> None:
    open_tab(page, "deal")
    # Asked for by name: empty fields, the neutral names they stand for offered.
    assert [page.input_value(f"#seat-name-{i}") for i in range(2)] == ["", ""]
    assert [page.get_attribute(f"#seat-name-{i}", "placeholder") for i in range(2)] == ["A", "B"]
    fill_cards(page, {"pone": "A", "dealer": "B"}, README_DEAL)
    page.click("#check-deal")
    page.wait_for_selector("#share-link")
    named = {"pone": "A", "dealer": "B"}
    expected = requests.post(live_server + "/v1/deals/check", timeout=30, json={
        "players": ["A", "B"], "starter": README_DEAL["starter"],
        "dealt": {named[r]: cards for r, cards in README_DEAL["dealt"].items()},
        "discards": {named[r]: cards for r, cards in README_DEAL["discards"].items()},
        "plays": [{**e, "player": named[e["player"]]} for e in README_DEAL["plays"]]}).json()
    assert page.text_content("#deal-summary") == (
        f"After the deal: A {expected['scores_after']['A']}, B {expected['scores_after']['B']}.")
    page.click("#next-deal")  # the deal passes to the left: B is the pone now
    assert [page.input_value(f"#seat-name-{i}") for i in range(2)] == ["B", "A"]
    fill_cards(page, {"pone": "B", "dealer": "A"}, README_DEAL)
    page.click("#check-deal")
    page.wait_for_selector("#share-link")
    page.click("#check-game")
    page.wait_for_selector("#game-table")
    dealers = page.eval_on_selector_all("#game-table tbody tr",
                                        "rows => rows.map(r => r.cells[1].textContent)")
    assert dealers == ["B", "A"]  # never "dealer", then "pone"
    assert "pone" not in page.text_content("#deal-result").lower().replace("pone's", "")
    shot(page, "seats-a-and-b")
    fits(page)
    axe_clean(page)


def test_every_rule_is_a_link_into_the_rule_book(page: Any, live_server: str) -> None:
    """Issue 30, item 3.6: each finding's rule ("ACC 8.4") links to its `rulebook`."""
    enter_deal(page, ["pone", "dealer"], README_DEAL)
    page.fill("#claim-crib", "9")
    page.click("#check-deal")
    page.wait_for_selector("#deal-result .findings")
    body = {key: README_DEAL[key] for key in ("dealt", "discards", "starter", "plays")}
    answer = requests.post(live_server + "/v1/deals/check", timeout=30, json={
        **body, "claims": {"hands": {"pone": 29, "dealer": 4}, "crib": 9}}).json()
    ruled = [(f["rule"], live_server + f["rulebook"]) for f in answer["findings"] if "rule" in f]
    assert ruled  # the crib's overcount at least cites its rule
    links = page.eval_on_selector_all("#deal-result .findings a.rule",
                                      "all => all.map(a => [a.textContent, a.href])")
    assert [tuple(link) for link in links] == ruled
    shot(page, "rule-links")
    axe_clean(page)
    page.click("#deal-result .findings a.rule")
    page.wait_for_load_state()
    assert page.url == ruled[0][1]
    anchor = ruled[0][1].split("#", 1)[1]
    assert page.locator(f"[id='{anchor}']").count() == 1


def test_the_hand_is_kept_and_has_a_link(page: Any, browser: Any, live_server: str) -> None:
    """Issue 30, item 3.4: a reload keeps the hand; its count has a link and a QR code
    that open it, counted, in a fresh browser."""
    page.select_option("#ruleset", "hoyle")
    page.fill("#hand", "5H 5C 5S JD")
    page.fill("#starter", "5D")
    page.fill("#claimed", "28")
    page.reload()
    page.wait_for_selector("body[data-ready]")
    assert [page.input_value(f"#{id}") for id in ("hand", "starter", "claimed")] == [
        "5H 5C 5S JD", "5D", "28"]
    page.click("#hand-form button[type=submit]")
    page.wait_for_selector("#hand-share-link")
    assert page.text_content("#total") == "29"
    verdict = page.text_content("#verdict")
    link = str(page.get_attribute("#hand-share-link", "href"))
    assert link.startswith(live_server + "/#h1.") and page.locator("#hand-qr").count() == 1
    axe_clean(page)
    size = page.viewport_size
    context = browser.new_context(viewport=size)
    fresh = context.new_page()
    asked: list[str] = []
    fresh.on("request", lambda r: asked.append(r.url))
    try:
        fresh.goto(link)
        fresh.wait_for_selector("#hand-share-link")
        assert fresh.text_content("#total") == "29"
        assert fresh.text_content("#verdict") == verdict
        assert fresh.input_value("#ruleset") == "hoyle"
        assert fresh.input_value("#hand") == "5H 5C 5S JD"
        assert fresh.get_attribute("#hand-share-link", "href") == link
        assert all("h1." not in url for url in asked)  # the fragment is in no URL asked
        shot(fresh, "hand-link-opened")
        fits(fresh)
        axe_clean(fresh)
    finally:
        context.close()
