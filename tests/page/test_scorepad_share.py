"""A ruling you can send (issue 20, item 2): the record packed into the link's fragment
(docs/notation.md, "Share links"), opened in a fresh browser; its QR code, decoded back;
the print view; links broken or changed on their way.

The QR library is copied from tools/scorepad's locked npm package into
service/scorepad/vendor/; the decoder the tests use, jsqr, comes from the same lock
(``npm ci`` in tools/scorepad).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

import pytest
import requests

from rules.core.variants import Variant
from service.meta import SCOREPAD_CSP
from tests.page import test_scorepad
from tests.page.test_scorepad import ARTEFACTS, axe_clean, fits, shot
from tests.page.test_scorepad_deal import README_DEAL, enter_deal
from tests.service.test_deals_api import game_json

browser = test_scorepad.browser
page = test_scorepad.page
pytestmark = test_scorepad.pytestmark

ROOT = Path(__file__).resolve().parents[2]
TOOLS = ROOT / "tools" / "scorepad"
VENDOR = ROOT / "service" / "scorepad" / "vendor"
SHARE = "import('/scorepad/share.js')"


def node_modules() -> Path:
    """tools/scorepad's packages, installed from its lock when they are not yet."""
    if not (TOOLS / "node_modules" / "jsqr").exists():
        if shutil.which("npm") is None:
            pytest.skip("npm is needed to install the locked jsqr")
        subprocess.run(["npm", "ci", "--silent", "--no-audit", "--no-fund"], cwd=TOOLS, check=True)
    return TOOLS / "node_modules"


# --- the vendored library ------------------------------------------------------------------


def test_the_qr_library_is_the_locked_package_unchanged() -> None:
    lock = json.loads((TOOLS / "package-lock.json").read_text())
    locked = lock["packages"]["node_modules/qrcode-generator"]
    manifest = json.loads((TOOLS / "package.json").read_text())
    assert manifest["dependencies"] == {"qrcode-generator": locked["version"]} == {
        "qrcode-generator": "2.0.4"}
    assert locked["license"] == "MIT"
    package = node_modules() / "qrcode-generator"
    assert json.loads((package / "package.json").read_text())["version"] == locked["version"]
    assert (VENDOR / "qrcode.js").read_bytes() == (package / "dist" / "qrcode.mjs").read_bytes()
    licence = (VENDOR / "qrcode.LICENSE").read_text()
    assert "qrcode-generator 2.0.4" in licence and "Copyright (c) 2009 Kazuhiko Arase" in licence
    assert "MIT License" in licence


def test_the_page_policy_is_not_widened_for_the_qr_code(live_server: str) -> None:
    """The QR code is drawn on a canvas: no data: image, so img-src stays 'self'."""
    policy = requests.get(live_server + "/", timeout=5).headers["Content-Security-Policy"]
    assert policy == SCOREPAD_CSP
    assert "img-src 'self';" in policy and "data:" not in policy


# --- building records and links ------------------------------------------------------------


def deal_text(deal: dict[str, Any], seats: tuple[str, str]) -> list[str]:
    # The link keeps the discards in the order the cards were dealt (docs/notation.md).
    def mapping(key: str) -> str:
        def cards(name: str) -> str:
            return " ".join(c for c in deal["dealt"][name] if c in deal[key][name])

        return "; ".join(f"{name} {cards(name)}" for name in seats)

    return [f"dealt: {mapping('dealt')}", f"discards: {mapping('discards')}",
            f"starter: {deal['starter']}"]


def points(client: Any, deal: dict[str, Any], seats: tuple[str, str]) -> dict[str, Any]:
    text = "\n".join([f"six-card to 121: {' '.join(seats)}", *deal_text(deal, seats),
                      "play: " + ", ".join(event(e) for e in deal["plays"])]) + "\n"
    return client.post("/v1/deals/check", json={"notation": text}).get_json()


def event(e: dict[str, Any], claim: str = "") -> str:
    return f"{e['player']} {'go' if e.get('go') else e['card']}{claim}"


def later(play: dict[str, Any]) -> int:
    """The go or last-card point a card earns after it was laid (claimed with +n)."""
    return sum(s["points"] for s in play["scores"] if s["kind"].startswith(("go", "last")))


def laid(play: dict[str, Any]) -> int:
    return int(play["points"]) - later(play)


def claim(play: dict[str, Any]) -> str:
    if play.get("go"):
        return ""
    return f" ={laid(play)}" + (f" +{later(play)}" if later(play) else "")


def swapped(deal: dict[str, Any]) -> dict[str, Any]:
    other = {"ann": "bob", "bob": "ann"}
    return {"dealt": {other[p]: c for p, c in deal["dealt"].items()},
            "discards": {other[p]: c for p, c in deal["discards"].items()},
            "starter": deal["starter"],
            "plays": [{**e, "player": other[e["player"]]} for e in deal["plays"]]}


def long_game(deals: int = 20) -> str:
    """A six-card game of `deals` deals that nobody wins (deals that score little, from the
    tests' simulator), with a claim on every card laid, every hand, the crib and the
    heels: each the true count, but for three, which the referee rules on."""
    from service import create_app

    client = create_app().test_client()
    lines = ["six-card to 121: bob ann", "scores: bob 0; ann 0"]
    kept = 0
    seed = 0
    while kept < deals:
        body, _, _ = game_json(seed, Variant.SIX_CARD, ("ann", "bob"))
        seed += 1
        for deal in body["deals"]:
            if kept == deals:
                break
            dealer = "ann" if kept % 2 == 0 else "bob"
            pone = "bob" if dealer == "ann" else "ann"
            if deal["plays"][0]["player"] != pone:
                deal = swapped(deal)
            seats = (pone, dealer)
            answer = points(client, deal, seats)
            gained = [answer["scores_after"][s] - answer["scores_before"][s] for s in seats]
            if max(gained) > 5:
                continue
            plays = answer["play"]["plays"]
            claims = [claim(p) for p in plays]
            if kept == 3:  # a card claimed for more than it scored: an overcount
                claims[1] = f" ={laid(plays[1]) + 2}"
            show = {who: hand["total"] for who, hand in answer["show"].items()}
            if kept == 7:  # a hand claimed for less: an undercount
                short = next(who for who in ("bob", "ann", "crib") if show[who])
                show[short] -= 1
            kept += 1
            lines += [f"deal: {kept}", *deal_text(deal, ("bob", "ann"))]
            lines[-1] += f" ={answer['heels']['points'] if answer.get('heels') else 0}"
            said = zip(deal["plays"], claims, strict=True)
            lines.append("play: " + ", ".join(event(e, c) for e, c in said))
            lines.append(f"show: bob ={show['bob']}; ann ={show['ann']}; crib ={show['crib']}")
    return "\n".join(lines) + "\n"


def share_link(page: Any, text: str, ruleset: str = "acc", muggins: bool = False) -> str:
    """The link the server writes for a record (POST /v1/notation/write), on the page's
    address, as the page shows it."""
    here = page.url.split("#")[0]
    answer = requests.post(urljoin(here, "/v1/notation/write"), timeout=30, json={
        "notation": text, "ruleset": ruleset, "muggins": muggins}).json()
    return f"{here}#{answer['link']}"


def opened(browser: Any, link: str, viewport: tuple[int, int]) -> tuple[Any, Any, list[str]]:
    """The link opened in a fresh browser context (no storage, no history); every URL
    the browser asked the server for, and every script error."""
    context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]})
    fresh = context.new_page()
    asked: list[str] = []
    errors: list[str] = []
    fresh.on("request", lambda r: asked.append(r.url + " " + (r.post_data or "")))
    fresh.on("pageerror", lambda e: errors.append(str(e)))
    fresh.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    fresh.goto(link)
    fresh.wait_for_selector("body[data-ready]")
    return context, fresh, errors + asked


def ruling(page: Any) -> dict[str, Any]:
    return page.evaluate("""() => ({
        summary: document.querySelector('#deal-summary, #game-summary')?.textContent,
        findings: [...document.querySelectorAll('#deal-result .findings li')]
            .map(li => li.textContent),
        tables: [...document.querySelectorAll('#deal-result table')].map(t => t.textContent),
        board: document.querySelector('#deal-result svg.board')?.getAttribute('aria-label'),
        link: document.querySelector('#share-link')?.getAttribute('href'),
    })""")


def viewport(page: Any) -> tuple[int, int]:
    size = page.viewport_size
    return size["width"], size["height"]


def payload(link: str) -> str:
    return link.split("#", 1)[1]


def never_sent(asked: list[str], link: str) -> None:
    """The fragment is in no URL: only the server's reading of it carries it, in its body."""
    assert asked
    for line in asked:
        url, _, body = line.partition(" ")
        assert payload(link) not in url
        if payload(link) in body:
            assert url.endswith("/v1/notation/read"), url


# --- a deal, a game -------------------------------------------------------------------------


def test_a_deal_link_gives_the_same_ruling_in_a_fresh_browser(page: Any, browser: Any) -> None:
    page.select_option("#ruleset", "hoyle")
    page.check("#muggins")
    enter_deal(page, ["pone", "dealer"], README_DEAL)
    page.fill("#claim-heels", "0")
    page.click("#check-deal")
    page.wait_for_selector("#share-link")
    here = ruling(page)
    link = here["link"]
    assert link.startswith(page.url.split("#")[0] + "#r1.")
    assert here["summary"] == "After the deal: pone 30, dealer 15."
    shot(page, "share-deal")
    fits(page)
    context, fresh, asked = opened(browser, link, viewport(page))
    try:
        there = ruling(fresh)
        assert there == here  # the same ruling, and the same link again
        # The page is filled as the director left it, settings and all.
        assert fresh.input_value("#ruleset") == "hoyle" and fresh.is_checked("#muggins")
        assert fresh.input_value("#seat-dealt-0") == "5H 5C 5S JD 2C 3C"
        assert fresh.input_value("#seat-claim-0") == "29"
        assert fresh.input_value("#claim-heels") == "0"
        assert fresh.input_value("#deal-record").split("\n")[:2] == ["pone 5H", "dealer KH"]
        never_sent(asked, link)
        shot(fresh, "share-deal-opened")
        axe_clean(fresh)
        fits(fresh)
    finally:
        context.close()


def test_a_20_deal_game_with_claims_is_under_1000_characters(page: Any, browser: Any,
                                                             live_server: str) -> None:
    text = long_game()
    assert text.count("deal: ") == 20 and text.count("=") > 200
    link = share_link(page, text)
    assert len(link) < 1000, len(link)
    # The link reads back to the same record, in the library's canonical text.
    back = requests.post(live_server + "/v1/notation/read", timeout=30,
                         json={"link": payload(link)}).json()
    assert back["notation"] == text
    expected = requests.post(live_server + "/v1/games/check", timeout=30,
                             json={"notation": text, "ruleset": "acc", "muggins": False}).json()
    assert expected["winner"] is None and len(expected["deals"]) == 20
    codes = sorted(f["code"] for f in expected["findings"])
    assert {"overcount", "undercount"} <= set(codes)
    context, fresh, asked = opened(browser, link, viewport(page))
    try:
        fresh.wait_for_selector("#game-summary")
        there = ruling(fresh)
        scores = ", ".join(f"{side} {points}" for side, points in expected["scores"].items())
        assert there["summary"] == f"The game: {scores}. No winner yet."
        assert len(there["findings"]) == len(expected["findings"])
        assert there["link"] == link  # the game kept on the page gives the same link
        assert fresh.text_content("#game-status").startswith(
            "This game: 20 deals kept; ann dealt first, from bob 0, ann 0.")
        assert fresh.locator("#game-table tbody tr").count() == 20
        never_sent(asked, link)
        qr = fresh.get_attribute("#share-qr", "data-version")
        assert qr is not None and int(qr) <= 25
        assert decoded(fresh) == link
        shot(fresh, "share-game-opened")
        axe_clean(fresh)
        fits(fresh)
    finally:
        context.close()


# --- the QR code ----------------------------------------------------------------------------


def decoded(page: Any) -> str | None:
    """The QR code as drawn on the page, read back by jsqr (from tools/scorepad's lock),
    run in the page: the pixels a phone's camera would see."""
    source = (node_modules() / "jsqr" / "dist" / "jsQR.js").read_text()
    page.evaluate("(() => { const module = { exports: {} }; const exports = module.exports;\n"
                  + source + "\n; window.jsQR = module.exports.default || module.exports; })()")
    return page.evaluate("""() => {
        const canvas = document.querySelector('#share-qr');
        const image = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
        const found = jsQR(image.data, image.width, image.height);
        return found ? found.data : null;
    }""")


def test_the_qr_code_reads_back_to_the_link(page: Any) -> None:
    enter_deal(page, ["pone", "dealer"], README_DEAL)
    page.click("#check-deal")
    page.wait_for_selector("#share-qr")
    assert decoded(page) == page.get_attribute("#share-link", "href")
    assert page.get_attribute("#share-qr", "role") == "img"
    width = page.evaluate("document.querySelector('#share-qr').getBoundingClientRect().width")
    assert 200 <= width <= min(page.viewport_size["width"], 352)


def test_past_the_largest_qr_code_the_link_alone(page: Any) -> None:
    assert page.evaluate(f"async () => (await {SHARE}).qrCanvas('x'.repeat(997)) !== null")
    assert page.evaluate(f"async () => (await {SHARE}).qrCanvas('x'.repeat(998)) === null")
    page.evaluate(f"""async (text) => {{
        const share = await {SHARE};
        await share.offerShare(document.querySelector('#deal-result'), text,
                         {{ruleset: 'acc', muggins: false}});
    }}""", long_game(40))
    assert page.locator("#share-qr").count() == 0
    length = int(page.get_attribute("#share-link", "data-length"))
    assert length > 997
    assert page.text_content("#share-no-qr") == (
        f"The link ({length} characters) is too long for a QR code a phone reads off a screen: "
        "send the link.")


# --- the print view -------------------------------------------------------------------------


def pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf))


def achromatic(page: Any) -> list[str]:
    """Every colour the print view paints in the ruling that is not a grey."""
    return page.evaluate("""() => {
        const found = [];
        for (const node of document.querySelectorAll('#deal-result, #deal-result *')) {
            const style = getComputedStyle(node);
            if (style.display === 'none') continue;
            for (const key of ['color', 'backgroundColor', 'fill', 'stroke', 'borderTopColor']) {
                const m = /rgba?\\((\\d+), (\\d+), (\\d+)(?:, ([\\d.]+))?\\)/.exec(style[key]);
                const name = node.className.baseVal ?? node.className;
                if (m && m[4] !== '0' && !(m[1] === m[2] && m[2] === m[3]))
                    found.push(`${node.tagName}.${name} ${key} ${style[key]}`);
            }
        }
        return found;
    }""")


def test_the_print_view_is_one_page_in_black_and_white(page: Any) -> None:
    deal = {**README_DEAL, "claims": {"hands": {"pone": 28, "dealer": 4}, "crib": 7}}
    enter_deal(page, ["pone", "dealer"], deal)
    page.click("#check-deal")
    page.wait_for_selector("#share-link")
    page.evaluate("document.body.classList.add('share-printing')")
    page.emulate_media(media="print")
    assert achromatic(page) == []
    for hidden in ("#deal-form", "#show", "#club", "header nav", "#share-print"):
        assert not page.is_visible(hidden)
    for shown in ("#deal-summary", "svg.board", "#deal-result .findings", "#show-table",
                  "#share-qr"):
        assert page.is_visible(shown)
    # The ruling is said in words: the undercount's code and its verdict, not a colour.
    assert page.locator("#deal-result .findings li[data-code='undercount']").count() == 1
    assert "undercount" in page.text_content("#show-table")
    # The lanes of the board differ by their pattern as well as their colour.
    dashes = page.eval_on_selector_all("svg.board g.track .groove",
                                       "gs => gs.map(g => getComputedStyle(g).strokeDasharray)")
    assert len(set(dashes)) == 2
    # Last: printing ends with the browser's afterprint, which leaves the print view.
    assert pages(page.pdf()) == 1
    assert page.evaluate("document.body.classList.contains('share-printing')") is False


def test_a_game_prints_on_one_page(page: Any, browser: Any) -> None:
    link = share_link(page, long_game())
    context, fresh, _ = opened(browser, link, viewport(page))
    try:
        fresh.wait_for_selector("#game-summary")
        fresh.evaluate("document.body.classList.add('share-printing')")
        fresh.emulate_media(media="print")
        assert achromatic(fresh) == []
        fresh.set_viewport_size({"width": 816, "height": 1056})
        fresh.screenshot(path=str(ARTEFACTS / "share-game-print.png"), full_page=True)
        fresh.pdf(path=str(ARTEFACTS / "share-game.pdf"))
        assert pages((ARTEFACTS / "share-game.pdf").read_bytes()) == 1
        assert fresh.is_visible("#game-table") and fresh.is_visible("#deal-result .findings")
    finally:
        context.close()


def test_printing_anything_else_prints_the_page_as_before(page: Any) -> None:
    enter_deal(page, ["pone", "dealer"], README_DEAL)
    page.click("#check-deal")
    page.wait_for_selector("#share-link")
    page.emulate_media(media="print")
    assert page.is_visible("#deal-form") and page.is_visible("#show")


# --- links broken or changed ----------------------------------------------------------------


TAMPERED = {
    "cut short": (lambda link: link[:len(link) // 2],
                  "The link is cut short: ask for it again, whole."),
    "another version": (lambda link: link.replace("#r1.", "#r7."),
                        "This link was written in version 7 of the share format; this scorepad "
                        "reads version 1."),
    "bad characters": (lambda link: link[:-6] + "%21*!" + link[-3:],
                       'The link has a character no share link has ("%"): it was changed on '
                       "its way."),
    "too long": (lambda link: link + "AAAA",
                 "The link is damaged or was changed (more than a record): ask for it again."),
}


@pytest.mark.parametrize("how", list(TAMPERED))
def test_a_tampered_link_is_told_in_words(page: Any, browser: Any, how: str) -> None:
    change, message = TAMPERED[how]
    link = change(share_link(page, "six-card to 121: pone dealer\n" + "\n".join(
        deal_text(README_DEAL, ("pone", "dealer"))) + "\nplay: pone 5H\n"))
    context, fresh, errors = opened(browser, link, viewport(page))
    try:
        # No script error; the browser logs the server's 422 for the link, which is the refusal.
        assert [e for e in errors if not e.startswith("http") and "status of 422" not in e] == []
        said = fresh.text_content("#share-problem")
        assert said == "This share link cannot be opened. " + message
        assert fresh.get_attribute("#share-problem", "role") == "alert"
        assert fresh.evaluate("document.activeElement.id") == "share-problem"
        assert fresh.locator("#deal-result *").count() == 0  # nothing asked, nothing ruled
        assert fresh.is_visible("#deal-form")  # the page works as ever
        shot(fresh, f"share-tampered-{how.replace(' ', '-')}")
        axe_clean(fresh)
    finally:
        context.close()


def test_a_card_twice_is_refused_before_the_referee(page: Any, browser: Any) -> None:
    text = "six-card to 121: pone dealer\n" + "\n".join(deal_text(README_DEAL, ("pone", "dealer")))
    link = share_link(page, text.replace("starter: 5D", "starter: 5H") + "\n")
    context, fresh, asked = opened(browser, link, viewport(page))
    try:
        assert fresh.text_content("#share-problem") == (
            "This share link cannot be opened. The link is damaged or was changed: the deal has "
            "the 5H twice. Ask for it again.")
        assert not any("/v1/deals/check" in line for line in asked)
    finally:
        context.close()


def test_a_new_link_in_the_same_tab_opens_too(page: Any, live_server: str) -> None:
    text = "six-card to 121: pone dealer\n" + "\n".join(deal_text(README_DEAL, ("pone", "dealer")))
    link = share_link(page, text + "\nplay:\n")
    page.goto(live_server + "/#r1.!")
    page.wait_for_selector("#share-problem")
    page.goto(link)  # only the fragment changes: no reload
    page.wait_for_selector("#deal-summary")
    assert page.is_hidden("#share-problem")
    assert page.input_value("#deal-starter") == "5D"
    page.goto(live_server + "/#show")  # the page's own anchors are no links to open
    assert page.is_hidden("#share-problem")

