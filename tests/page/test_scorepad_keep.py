"""Issue 20, nothing lost and an installable page: the game in progress kept in the
browser through a reload and a closed tab, a question before work is cleared, games kept
by name, an entry of another schema refused in words, storage that will not keep, and
the page offline from its service worker."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

from rules.core.variants import Variant
from service import create_app
from service.worker import page_files
from tests.page import test_scorepad
from tests.page.test_scorepad import ROOT, VIEWPORTS, axe_clean, fits, shot
from tests.page.test_scorepad_deal import enter_deal
from tests.service.test_deals_api import game_json

# The browser and the skip without chromium as there; the page is this file's own (below).
browser = test_scorepad.browser
in_chromium = test_scorepad.pytestmark

PLAYERS = ("ann", "bob")


@pytest.fixture(params=list(VIEWPORTS))
def page(request: pytest.FixtureRequest, browser: Any, live_server: str) -> Iterator[Any]:
    """test_scorepad's page, which also lets the browser log what it cannot fetch offline
    (a check sent with no network)."""
    width, height = VIEWPORTS[request.param]
    context = browser.new_context(viewport={"width": width, "height": height})
    problems: list[str] = []
    expected = ("the server responded with a status of 422", "net::ERR_INTERNET_DISCONNECTED")

    def watch(page: Any) -> None:
        # (The browser asks for /favicon.ico on the bare origin opened_with goes to.)
        page.on("console", lambda m: problems.append(m.text)
                if m.type == "error" and not any(e in m.text for e in expected)
                and not m.location.get("url", "").endswith("/favicon.ico") else None)
        page.on("pageerror", lambda e: problems.append(str(e)))

    context.on("page", watch)  # every tab of the test, the first included
    page = context.new_page()
    page.goto(live_server + "/")
    page.wait_for_selector("body[data-ready]")
    yield page
    context.close()
    assert problems == []


def two_deals() -> tuple[list[str], list[str], dict[str, Any], dict[str, Any]]:
    """The seats of a six-card game's first two deals (the deal passes to the left), and
    the deals."""
    body, _, _ = game_json(5, Variant.SIX_CARD, PLAYERS)
    first = PLAYERS.index(body["first_dealer"])
    seats = [PLAYERS[(first + 1 + i) % 2] for i in range(2)]
    return seats, [seats[1], seats[0]], body["deals"][0], body["deals"][1]


def checked(page: Any) -> None:
    page.click("#check-deal")
    page.wait_for_selector("#deal-summary")


def fields(page: Any) -> dict[str, str]:
    return page.eval_on_selector_all(
        "#deal-form input[id], #deal-form textarea[id]",
        "fs => Object.fromEntries(fs.map(f => [f.id, f.value]))")


class Dialogs:
    """Every question the page asks, answered OK (accept) or Cancel; their words."""

    def __init__(self, page: Any, accept: bool) -> None:
        self.asked: list[str] = []
        self.accept = accept
        page.on("dialog", self.answer)

    def answer(self, dialog: Any) -> None:
        self.asked.append(dialog.message)
        dialog.accept() if self.accept else dialog.dismiss()


def opened_with(page: Any, live_server: str, entries: dict[str, str]) -> Any:
    """The page opened in a new tab, with these entries in the browser's storage before it
    starts. The tab open till now is closed first: it keeps its game as it goes."""
    context = page.context
    page.close()
    tab = context.new_page()
    tab.goto(live_server + "/healthz")  # the origin, without the page
    tab.evaluate("es => Object.entries(es).forEach(([k, v]) => localStorage.setItem(k, v))",
                 entries)
    tab.goto(live_server + "/")
    tab.wait_for_selector("body[data-ready]")
    return tab


def notices(page: Any) -> list[str]:
    return [t.strip() for t in page.locator("#notices .notice").all_text_contents()]


# --- a reload, a closed tab ----------------------------------------------------------


@in_chromium
def test_a_reload_in_the_middle_of_a_game_keeps_everything(page: Any) -> None:
    seats, next_seats, first, second = two_deals()
    page.select_option("#ruleset", "hoyle")
    enter_deal(page, seats, first)
    checked(page)
    page.click("#next-deal")
    assert [page.input_value(f"#seat-name-{i}") for i in range(2)] == next_seats
    enter_deal(page, next_seats, second)
    checked(page)
    page.click("#check-game")
    page.wait_for_selector("#game-summary")
    game = page.text_content("#game-summary")
    status = page.text_content("#game-status")
    before = fields(page)
    assert status.startswith("This game: 1 deal kept;")

    page.reload()
    page.wait_for_selector("body[data-ready]")
    assert page.input_value("#variant") == "six-card"
    assert page.input_value("#ruleset") == "hoyle"
    assert fields(page) == before
    assert page.text_content("#game-status") == status
    assert page.locator("#scores-before label").all_text_contents() == next_seats
    # The deal in the form was checked before the reload: it can be kept, and the game checked.
    assert not page.is_disabled("#next-deal") and not page.is_disabled("#check-game")
    page.click("#check-game")
    page.wait_for_selector("#game-summary")
    assert page.text_content("#game-summary") == game
    assert page.locator("#game-table tbody tr").count() == 2

    # A closed tab: a new one on the same browser finds the game as it was.
    tab = page.context.new_page()
    page.close()
    tab.goto(page.url)
    tab.wait_for_selector("body[data-ready]")
    assert fields(tab) == before
    tab.click("#next-deal")
    assert tab.text_content("#game-status").startswith("This game: 2 deals kept;")
    assert [tab.input_value(f"#seat-name-{i}") for i in range(2)] == seats
    assert tab.input_value("#seat-dealt-0") == "" and tab.input_value("#deal-record") == ""
    tab.reload()
    tab.wait_for_selector("body[data-ready]")
    assert tab.text_content("#game-status").startswith("This game: 2 deals kept;")
    assert tab.is_disabled("#next-deal") and not tab.is_disabled("#check-game")
    kept = tab.evaluate("JSON.parse(localStorage.getItem('muggins.game'))")
    assert kept["schema"] == 1 and kept["kept"] is None
    assert kept["state"]["settings"] == {
        "variant": "six-card", "ruleset": "hoyle", "muggins": False}
    assert len(kept["state"]["game"]["deals"]) == 2


# --- asking before work is cleared -----------------------------------------------------


@in_chromium
def test_switching_the_variant_asks_and_cancel_keeps_the_work(page: Any) -> None:
    seats, _, first, _ = two_deals()
    enter_deal(page, seats, first)
    before = fields(page)
    dialogs = Dialogs(page, accept=False)
    asked = dialogs.asked
    page.select_option("#variant", "five-card")
    assert asked == ["Switch the game to Five-card (to 61)? The deals and cards entered for this "
                     "game will be cleared. (To come back to it, cancel and keep the game first.)"]
    assert page.input_value("#variant") == "six-card"
    assert fields(page) == before
    page.click("#new-game")
    assert asked[1].startswith("Start a new game? The deals and cards entered")
    assert fields(page) == before
    page.reload()  # what was kept is the work, in the game it was entered in
    page.wait_for_selector("body[data-ready]")
    assert page.input_value("#variant") == "six-card" and fields(page) == before

    dialogs.accept = True
    page.select_option("#variant", "five-card")
    assert page.input_value("#variant") == "five-card"
    assert page.input_value("#seat-dealt-0") == "" and page.input_value("#deal-record") == ""
    asked_now = len(asked)
    # Nothing entered: nothing to ask about.
    page.select_option("#variant", "three-player")
    page.click("#new-game")
    assert len(asked) == asked_now
    assert page.locator("#seats fieldset").count() == 3


@in_chromium
def test_several_games_kept_and_reopened(page: Any) -> None:
    seats, next_seats, first, second = two_deals()
    enter_deal(page, seats, first)
    checked(page)
    page.click("#next-deal")
    page.fill("#keep-name", "Table 1")
    page.click("#keep-game")
    assert page.text_content("#kept-status") == (
        "Kept as “Table 1”: this game is kept as it goes on.")
    # Kept, it goes on being kept: the second deal's cards are in it.
    page.fill("#seat-dealt-0", " ".join(second["dealt"][next_seats[0]]))
    table1 = fields(page)
    asked = Dialogs(page, accept=True).asked
    page.click("#new-game")  # kept: nothing is lost, nothing to ask
    assert asked == []
    assert page.input_value("#seat-dealt-0") == "" and page.text_content("#game-status") == ""

    page.select_option("#variant", "three-player")
    for i, name in enumerate(["xa", "xb", "xc"]):
        page.fill(f"#seat-name-{i}", name)
    page.fill("#deal-starter", "5D")
    page.click("#keep-game")  # no name: the players'
    rows = page.locator("#kept-list li")
    assert rows.count() == 2
    assert page.locator("#kept-list .kept-name").all_text_contents() == [
        "xa v xb v xc", "Table 1"]
    assert rows.nth(0).locator("small").text_content().endswith(" · 0 deals kept")
    assert rows.nth(1).locator("small").text_content().endswith(" · 1 deal kept")
    assert page.is_disabled("#kept-list li:nth-child(1) button:text('Open now')")
    shot(page, "kept-games")
    axe_clean(page)
    fits(page)

    page.click("#kept-list button[aria-label='Open Table 1']")
    assert asked == []  # the game left is kept too
    assert page.input_value("#variant") == "six-card"
    assert fields(page) == table1
    assert page.text_content("#game-status").startswith("This game: 1 deal kept;")
    assert page.text_content("#kept-status") == "“Table 1” is open."
    page.reload()
    page.wait_for_selector("body[data-ready]")
    assert fields(page) == table1
    assert page.is_disabled("#kept-list button[aria-label='Open Table 1']")

    page.click("#kept-list button[aria-label='Delete xa v xb v xc']")
    assert asked == ["Delete the kept game “xa v xb v xc”? It cannot be brought back."]
    assert page.locator("#kept-list li").count() == 1
    kept = page.evaluate("JSON.parse(localStorage.getItem('muggins.games'))")
    assert kept["schema"] == 1 and [g["name"] for g in kept["games"]] == ["Table 1"]
    # Deleted while open, the game stays on the page, no longer kept: leaving it asks.
    page.click("#kept-list button[aria-label='Delete Table 1']")
    assert page.locator("#kept-list li").count() == 0 and fields(page) == table1
    page.click("#new-game")
    assert asked[-1].startswith("Start a new game?")


# --- entries this page cannot read, storage that will not keep -----------------------------


@in_chromium
def test_an_old_schema_version_is_refused_with_a_message(page: Any, live_server: str) -> None:
    old = {"schema": 0, "state": {"deals": "as a page of another version wrote them"}}
    # The club night as it was kept before versions: read, and written again as schema 1.
    line = {"round": 1, "opponent": "Bob", "result": "W", "spread": 21}
    night = {"cards": [{"player": "Ann", "games": [line]}]}
    page = opened_with(page, live_server, {
        "muggins.game": json.dumps(old), "muggins.games": "{not json",
        "muggins.club-night": json.dumps(night)})
    assert notices(page) == [
        "The list of games kept in this browser is damaged and cannot be opened. It is set aside, "
        "unchanged, under “muggins.games.refused”.",
        "The game in progress kept in this browser was written by another version of the scorepad "
        "(schema 0; this page reads schema 1) and cannot be opened. It is set aside, unchanged, "
        "under “muggins.game.refused”."]
    assert json.loads(page.evaluate("localStorage.getItem('muggins.game.refused')")) == old
    assert page.evaluate("localStorage.getItem('muggins.games.refused')") == "{not json"
    assert page.evaluate("JSON.parse(localStorage.getItem('muggins.club-night'))") == {
        "schema": 1, **night}
    # One player's card: the night is not checked, so the line is shown as written.
    assert page.text_content("#club-tally li.club-card") == "AnnRound 1: W +21 v Bob"
    # The page works on: a new game is entered and kept in place of the one set aside.
    seats, _, first, _ = two_deals()
    enter_deal(page, seats, first)
    checked(page)
    assert page.evaluate("JSON.parse(localStorage.getItem('muggins.game')).schema") == 1
    axe_clean(page)
    # A version from a newer page is refused alike.
    page = opened_with(page, live_server, {"muggins.game": json.dumps({"schema": 2, "state": {}})})
    assert "(schema 2; this page reads schema 1)" in notices(page)[0]
    assert page.input_value("#seat-dealt-0") == ""


THROWS = """Object.defineProperty(window, 'localStorage', {get() {
    throw new DOMException('The user denied access', 'SecurityError'); }});"""
FULL = """Storage.prototype.setItem = function () {
    throw new DOMException('The quota has been exceeded', 'QuotaExceededError'); };"""


@in_chromium
@pytest.mark.parametrize(("script", "words"), [
    (THROWS, "This browser is not keeping the scorepad's work (storage is turned off, as in a "
             "private window): what you enter is kept only while this tab stays open."),
    (FULL, "This browser's storage for the scorepad is full: what you enter is kept only while "
           "this tab stays open.")])
def test_storage_that_throws_is_said_and_the_page_works(page: Any, script: str, words: str) -> None:
    page.context.add_init_script(script)
    page.reload()
    page.wait_for_selector("body[data-ready]")
    assert notices(page) == [words]
    seats, next_seats, first, second = two_deals()
    enter_deal(page, seats, first)
    checked(page)
    page.click("#next-deal")
    enter_deal(page, next_seats, second)
    checked(page)
    page.click("#check-game")
    page.wait_for_selector("#game-summary")
    assert page.locator("#game-table tbody tr").count() == 2
    page.click("#keep-game")  # kept for the session
    assert page.locator("#kept-list li").count() == 1
    page.click("#new-game")
    page.click("#kept-list li button:text('Open')")
    assert page.text_content("#game-status").startswith("This game: 1 deal kept;")
    axe_clean(page)


# --- installed, and offline -----------------------------------------------------------------


@in_chromium
def test_offline_the_page_loads_from_its_worker_and_says_checks_need_the_server(
        page: Any, live_server: str) -> None:
    scope = page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)")
    assert scope == live_server + "/"
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    cached = page.evaluate("""caches.keys().then(names => caches.open(names[0]))
        .then(cache => cache.keys()).then(keys => keys.map(k => new URL(k.url).pathname).sort())""")
    assert cached == sorted(page_files())
    cdp = page.context.new_cdp_session(page)
    # Chromium's own verdict on the manifest and the worker; a Playwright context is a
    # private one, which is all that keeps the page from being installed here.
    assert cdp.send("Page.getAppManifest")["errors"] == []
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert [e["errorId"] for e in errors] == ["in-incognito"]
    cdp.detach()

    page.context.set_offline(True)
    response = page.reload()
    assert response.from_service_worker
    page.wait_for_selector("body[data-ready]")
    assert notices(page) == [
        "You are offline: the scorepad runs from this device's copy, but checks need the server. "
        "Enter the deals now and check them once it is back."]
    seats, _, first, _ = two_deals()
    enter_deal(page, seats, first)
    page.click("#check-deal")
    page.wait_for_selector("#deal-result [role=alert]")
    assert page.text_content("#deal-result") == (
        "You are offline: checks need the server. Check again once it is back.")
    shot(page, "offline")
    axe_clean(page)
    fits(page)
    page.context.set_offline(False)
    # A function, not an expression: an expression is eval'd, which the page's CSP refuses.
    page.wait_for_function("() => !document.querySelector('#offline-notice')")
    checked(page)


# --- the server's side -----------------------------------------------------------------------


def test_the_scorepad_csp_is_widened_only_for_the_manifest_and_the_worker() -> None:
    answer = create_app().test_client().get("/")
    assert answer.headers["Content-Security-Policy"] == (
        "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
        "img-src 'self'; manifest-src 'self'; worker-src 'self'; base-uri 'none'; "
        "form-action 'self'; frame-ancestors 'none'")


def test_the_worker_is_served_at_the_root_and_keeps_every_page_file() -> None:
    client = create_app().test_client()
    answer = client.get("/sw.js")
    assert answer.status_code == 200 and answer.mimetype == "text/javascript"
    assert answer.headers["Cache-Control"] == "no-cache"
    lines = answer.get_data(as_text=True).splitlines()
    assert re.fullmatch(r'const CACHE = "muggins-[0-9a-f]{16}";', lines[0])
    files = json.loads(lines[1].removeprefix("const FILES = ").removesuffix(";"))
    # Files in folders too: the vendored QR code library is imported by the page.
    scorepad = ROOT / "service" / "scorepad"
    on_disk = sorted(p.relative_to(scorepad).as_posix() for p in scorepad.rglob("*")
                     if p.is_file() and p.name != "sw.js")
    assert "vendor/qrcode.js" in on_disk
    assert files == ["/", *(f"/scorepad/{name}" for name in on_disk)] == page_files()
    for path in files:
        assert client.get(path).status_code == 200, path
    manifest = client.get("/scorepad/manifest.webmanifest")
    assert manifest.mimetype == "application/manifest+json"
    assert {k: manifest.json[k] for k in ("start_url", "scope", "display")} == {
        "start_url": "/", "scope": "/", "display": "standalone"}
    page = client.get("/").get_data(as_text=True)
    assert '<link rel="manifest" href="/scorepad/manifest.webmanifest">' in page
