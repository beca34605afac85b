"""Issue 20's checks as one flow, in a real browser at both viewports (390×844, 1280×800):
a game of three deals entered by taps, a reload in the middle of it, the game's share
link opened in a fresh browser context (the same ruling), its QR code read back to the
link, the print view, the link opened over a game in progress, and the page offline. axe
finds nothing on each view, and each view leaves a screenshot in artefacts/scorepad/.

The fixtures and helpers are the other page tests' (test_scorepad_keep's page lets the
browser log what it cannot fetch offline)."""

from __future__ import annotations

from typing import Any

import requests

from rules.core.variants import Variant
from tests.page import test_scorepad_keep
from tests.page.test_scorepad import axe_clean, fits, open_tab, shot
from tests.page.test_scorepad_keep import Dialogs, notices
from tests.page.test_scorepad_settings import sent, settle
from tests.page.test_scorepad_share import achromatic, decoded, never_sent, opened, pages, ruling
from tests.service.test_deals_api import game_json

# The browser, test_scorepad_keep's page at each viewport, and the skip without chromium.
browser, page = test_scorepad_keep.browser, test_scorepad_keep.page
pytestmark = test_scorepad_keep.in_chromium

PLAYERS = ("ann", "bob")


def three_deals() -> tuple[list[list[str]], list[dict[str, Any]]]:
    """A six-card game's first three deals, and the form's seats for each (from the
    dealer's left, dealer last; the deal passes to the left)."""
    body, _, _ = game_json(5, Variant.SIX_CARD, PLAYERS)
    first = PLAYERS.index(body["first_dealer"])
    seats = [[PLAYERS[(first + k + 1 + i) % 2] for i in range(2)] for k in range(3)]
    return seats, body["deals"][:3]


def tap_a_deal(page: Any, seats: list[str], deal: dict[str, Any]) -> int:
    """The deal on the picker and the live referee, by taps alone: each seat's cards
    dealt, then the two it laid away, then the starter; then the play card by card on
    the referee's choices (a go tapped where it is forced). Returns the taps."""
    taps = 0
    for name in seats:
        for card in [*deal["dealt"][name], *deal["discards"][name]]:
            page.click(f"#deal-picker button[data-card='{card}']")
            taps += 1
    assert page.text_content("#deal-tap-status") == "Tap the starter (the cut card)."
    page.click(f"#deal-picker button[data-card='{deal['starter']}']")
    taps += 1
    for event in deal["plays"]:
        page.wait_for_function("() => document.getElementById('deal-turn') !== null"
                               " && !document.querySelector('#deal-live .busy')")
        choices = page.locator("#deal-live button.card-choice").all_text_contents()
        assert page.text_content("#deal-turn").lower().startswith(event["player"])
        if event.get("go"):
            assert choices == ["Go"]  # a go is offered only where it is forced
            page.click("#deal-live button.card-choice")
        else:
            assert event["card"] in choices and "Go" not in choices
            page.click(f"#deal-live button.card-choice:text-is('{event['card']}')")
        taps += 1
    page.wait_for_function("() => document.getElementById('deal-turn')?.textContent"
                           ".startsWith('The play is over.')")
    return taps


def check_the_deal(page: Any, claims: tuple[str, str, str] = ("", "", "")) -> str:
    """The claims typed (the hands', the crib's), then Check the deal: its summary."""
    for field, claim in zip(("#seat-claim-0", "#seat-claim-1", "#claim-crib"), claims,
                            strict=True):
        if claim:
            page.fill(field, claim)
    page.click("#check-deal")
    return settle(page, "#deal-summary")


def view(page: Any, name: str) -> None:
    """Each view: axe finds nothing, nothing is wider than the screen, a screenshot."""
    axe_clean(page)
    fits(page)
    shot(page, f"flow-{name}")


def test_a_game_at_the_table_from_taps_to_a_ruling_sent_printed_and_offline(
        page: Any, browser: Any, live_server: str) -> None:
    size = (page.viewport_size["width"], page.viewport_size["height"])
    # The worker in control first, so that the page opens offline at the end.
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    bodies = sent(page)
    seats, deals = three_deals()
    open_tab(page, "deal")
    for i, name in enumerate(seats[0]):
        page.fill(f"#seat-name-{i}", name)

    # Deal 1 by taps, a claim for the pone's hand that is surely wrong (no hand makes 30).
    taps = tap_a_deal(page, seats[0], deals[0])
    assert taps == 12 + 4 + 1 + len(deals[0]["plays"])
    summary = check_the_deal(page, ("30", "", ""))
    answer = requests.post(live_server + "/v1/deals/check", json=bodies[-1], timeout=30).json()
    assert summary == "After the deal: " + ", ".join(
        f"{side} {points}" for side, points in answer["scores_after"].items()) + "."
    assert "overcount" in page.eval_on_selector_all(
        "#deal-result .findings li", "ls => ls.map(l => l.dataset.code)")
    view(page, "deal-1")
    page.click("#next-deal")
    assert [page.input_value(f"#seat-name-{i}") for i in range(2)] == seats[1]

    # Deal 2 by taps; then a reload in the middle of the game: it is all still there.
    tap_a_deal(page, seats[1], deals[1])
    check_the_deal(page)
    status = page.text_content("#game-status")
    assert status.startswith("This game: 1 deal kept;")
    form = {i: page.input_value(f"#seat-dealt-{i}") for i in range(2)}
    page.reload()
    page.wait_for_selector("body[data-ready]")
    assert page.is_visible("#deal-form")  # the tab is kept over the reload
    assert page.text_content("#game-status") == status
    assert {i: page.input_value(f"#seat-dealt-{i}") for i in range(2)} == form
    assert not page.is_disabled("#next-deal")
    view(page, "reloaded")
    page.click("#next-deal")
    assert page.text_content("#game-status").startswith("This game: 2 deals kept;")

    # Deal 3 by taps, then the game checked: the referee's answer to what was sent.
    tap_a_deal(page, seats[2], deals[2])
    check_the_deal(page)
    page.click("#check-game")
    game = settle(page, "#game-summary")
    sent_game = bodies[-1]
    assert sent_game["notation"].count("\ndeal: ") == 3
    expected = requests.post(live_server + "/v1/games/check", json=sent_game, timeout=30).json()
    assert [d["scores_after"] for d in expected["deals"]][:1] == [answer["scores_after"]]
    assert game.startswith("The game: " + ", ".join(
        f"{side} {points}" for side, points in expected["scores"].items()))
    assert page.locator("#game-table tbody tr").count() == 3
    findings = page.locator("#deal-result .findings > li").all_text_contents()
    assert len(findings) == len(expected["findings"])
    assert all(text.startswith("Deal ") for text in findings)
    view(page, "game")

    # The share link, and its QR code read back by jsqr to the same link.
    page.wait_for_selector("#share-qr")
    link = str(page.get_attribute("#share-link", "href"))
    assert link.startswith(live_server + "/#r1.")
    assert decoded(page) == link
    here = ruling(page)

    # Opened in a fresh browser context: the same ruling, the fragment never sent.
    context, fresh, seen = opened(browser, link, size)
    try:
        settle(fresh, "#game-summary")
        assert [line for line in seen if not line.startswith("http")] == []  # no script errors
        assert ruling(fresh) == here
        never_sent(seen, link)
        view(fresh, "shared")
        # The print view: one page, in black and white, the board and the findings.
        fresh.evaluate("document.body.classList.add('share-printing')")
        fresh.emulate_media(media="print")
        assert achromatic(fresh) == []
        assert fresh.is_visible("#game-summary") and fresh.is_visible("#deal-result svg.board")
        assert not fresh.is_visible("#deal-form") and not fresh.is_visible("header nav")
        axe_clean(fresh)
        shot(fresh, "flow-print")
        assert pages(fresh.pdf()) == 1
    finally:
        context.close()

    # The game to its review in one tap: the review's tab, its findings numbered.
    page.click("#review-game")
    settle(page, "#review-lost")
    assert page.is_visible("#review-result") and page.is_hidden("#deal")
    view(page, "review")

    # The link opened over a game in progress: that game is kept by name first.
    open_tab(page, "deal")
    asked = Dialogs(page, accept=True)
    page.click("#new-game")  # the game is not kept by name: the page asks first
    assert asked.asked and asked.asked[0].startswith("Start a new game?")
    page.wait_for_function("() => document.getElementById('game-status').textContent === ''")
    for i, name in enumerate(seats[0]):
        page.fill(f"#seat-name-{i}", name)
    tap_a_deal(page, seats[0], deals[0])
    page.goto(link)
    settle(page, "#game-summary")
    assert ruling(page) == here
    kept = page.locator("#kept-list .kept-name").all_text_contents()
    assert kept == [f"{seats[0][0]} v {seats[0][1]} (before a share link)"]
    assert (f"The game that was on the page is kept as “{kept[0]}”: open it from the games "
            "kept in this browser.") in notices(page)

    # Offline: the page opens from the worker's copy, the game still on it, and a check
    # says it needs the server.
    page.context.set_offline(True)
    try:
        response = page.reload()
        assert response.from_service_worker
        page.wait_for_selector("body[data-ready]")
        assert ("You are offline: the scorepad runs from this device's copy, but checks need "
                "the server. Enter the deals now and check them once it is back.") in notices(page)
        assert page.text_content("#game-status").startswith("This game: 3 deals kept;")
        page.click("#check-game")
        page.wait_for_selector("#deal-result [role=alert]")
        assert page.text_content("#deal-result") == (
            "You are offline: checks need the server. Check again once it is back.")
        view(page, "offline")
    finally:
        page.context.set_offline(False)
