"""Readable results on the scorepad (issue 20, items 5 and 6), in a real browser (the
fixtures of tests/page/test_scorepad.py, at both viewports): the play's table says what was
claimed and marks each row a finding names; a finding that changes no peg is shown under
the ruling that decides it; the game goes to its review in one tap, and the review
explains itself; *Clear* clears everything."""

from __future__ import annotations

from typing import Any

import requests

from tests.page import test_scorepad
from tests.page.test_scorepad import axe_clean, brought_to, fits, open_tab, shot
from tests.page.test_scorepad_settings import RENEGE, RENEGE_HANDS, sent, settle

browser, page, pytestmark = test_scorepad.browser, test_scorepad.page, test_scorepad.pytestmark

# The README's renege, with the pone claiming 1 for the pair (2) on the 5D that the
# renege retracts (ACC 7.3): the undercount, and with muggins its muggins, change no peg.
CLAIMED = RENEGE.replace("pone 5D", "pone 5D =1")

HEADINGS = ["#", "Player", "Card", "Count", "Points", "For", "Claimed", "Finding"]


def rows(page: Any, result: str) -> list[dict[str, Any]]:
    """The play's table: each row's cells by heading, and whether it is marked."""
    return page.eval_on_selector_all(f"{result} table.plays tbody tr", """rows => rows.map(r => {
        const cells = [...r.querySelectorAll('td')].map((td) => td.textContent);
        return {card: cells[2], claimed: cells[6], finding: cells[7],
                flagged: r.classList.contains('flagged')};
    })""")


def texts(page: Any, selector: str) -> list[str]:
    return page.eval_on_selector_all(selector, "nodes => nodes.map((n) => n.textContent)")


def findings_tree(page: Any, result: str) -> list[tuple[str, list[str]]]:
    """Each finding of the list, by code, with the codes shown under it."""
    tree = page.eval_on_selector_all(f"{result} ul.findings > li", """items => items.map(li =>
        [li.dataset.code,
         [...li.querySelectorAll('ul.no-peg > li')].map((n) => n.dataset.code)])""")
    return [(code, under) for code, under in tree]


def test_the_play_says_what_was_claimed_and_marks_each_finding(page: Any, live_server: str) -> None:
    page.check("#muggins")
    open_tab(page, "play")
    page.fill("#pone-hand", RENEGE_HANDS[0])
    page.fill("#dealer-hand", RENEGE_HANDS[1])
    page.fill("#record", CLAIMED)
    page.click("#check-play")
    assert settle(page, "#play-result .award") == "Pegged after the rulings: pone 6, dealer 3"
    assert texts(page, "#play-result table.plays th") == HEADINGS
    table = rows(page, "#play-result")
    # The go the renege is said on, and the retracted 5D, are marked in words; no other row.
    assert [(i, r["finding"]) for i, r in enumerate(table) if r["flagged"]] == [
        (3, "⚑ renege"), (4, "⚑ undercount (no peg), muggins (no peg)")]
    assert [r["finding"] for i, r in enumerate(table) if i not in (3, 4)] == [""] * 8
    assert table[4]["card"] == "5D (retracted)" and table[4]["claimed"] == "1"
    assert [r["claimed"] for i, r in enumerate(table) if i != 4] == ["—"] * 9
    # Under the renege that retracts the card, not complaints of their own.
    assert findings_tree(page, "#play-result") == [("renege", ["undercount", "muggins"])]
    under = page.locator("#play-result ul.no-peg > li")
    assert under.nth(0).text_content() == (
        "Changes no peg: play 5's points are retracted. "
        "undercount pone claimed 1 for play 5, which counts 2: 1 missed (ACC 8.3)")
    # The API's findings stay as they are: three, each its own.
    body = {"notation": "six-card to 121: pone dealer\nhands:\npone " + RENEGE_HANDS[0]
            + "\ndealer " + RENEGE_HANDS[1] + "\nplay:\n" + CLAIMED + "\n", "muggins": True}
    answer = requests.post(live_server + "/v1/pegging/check", json=body, timeout=30).json()
    assert [f["code"] for f in answer["findings"]] == ["renege", "undercount", "muggins"]
    assert [p["index"] for p in answer["plays"] if p.get("retracted")] == [4]
    shot(page, "readable-play")
    axe_clean(page)
    fits(page)
    # Hoyle retracts nothing: the same claim's undercount and muggins are findings of their own.
    page.select_option("#ruleset", "hoyle")
    page.click("#check-play")
    # The pone: 1 claimed for the pair, the go's 1 and the renege's 2; the dealer: 3 and
    # the 1 missed, taken as muggins.
    assert settle(page, "#play-result .award") == "Pegged after the rulings: pone 4, dealer 4"
    assert findings_tree(page, "#play-result") == [
        ("renege", []), ("undercount", []), ("muggins", [])]
    assert rows(page, "#play-result")[4]["finding"] == "⚑ undercount, muggins"


# One deal between bob (the pone) and ann (the dealer): the renege above, bob's hand
# (8) claimed as 10 and ann's (9) as 8, under muggins.
DEAL = {"names": ["bob", "ann"], "dealt": ["KH 5S 5D 9C 2H 3H", "QC AH 5C 4S 7D 8D"],
        "discards": ["2H 3H", "7D 8D"], "claims": ["10", "8"], "starter": "6C",
        "play": CLAIMED.replace("pone", "bob").replace("dealer", "ann")}


def enter(page: Any) -> None:
    page.check("#muggins")
    open_tab(page, "deal")
    for i, name in enumerate(DEAL["names"]):
        page.fill(f"#seat-name-{i}", name)
        page.fill(f"#seat-dealt-{i}", DEAL["dealt"][i])
        page.fill(f"#seat-discards-{i}", DEAL["discards"][i])
        page.fill(f"#seat-claim-{i}", DEAL["claims"][i])
    page.fill("#deal-starter", DEAL["starter"])
    page.fill("#deal-record", DEAL["play"])


def test_the_game_goes_to_its_review_in_one_tap(page: Any, live_server: str) -> None:
    bodies = sent(page)
    assert page.is_disabled("#review-game")
    enter(page)
    page.click("#check-deal")
    settle(page, "#deal-summary")
    # The deal's own answer: the undercount on the retracted card is under the renege.
    assert findings_tree(page, "#deal-result") == [
        ("renege", ["undercount", "muggins"]), ("overcount", []), ("undercount", []),
        ("muggins", [])]
    assert rows(page, "#deal-result")[4]["finding"] == "⚑ undercount (no peg), muggins (no peg)"
    page.click("#check-game")
    settle(page, "#game-summary")
    checked = texts(page, "#deal-result ul.findings > li")
    assert page.is_enabled("#review-game")
    page.click("#review-game")
    settle(page, "#review-lost")
    brought_to(page, "#review-result")
    # The same record the game check was sent, to the review, and no JSON pasted.
    assert [b["notation"] for b in bodies[-2:]] == [bodies[-2]["notation"]] * 2
    # The record as notation, not escaped JSON (issue 30, item 3.7): the text reviewed.
    assert page.input_value("#review-record") == bodies[-1]["notation"]
    assert not page.input_value("#review-record").lstrip().startswith("{")
    reviewed = page.text_content("#review-result")
    page.click("#review-go")  # the notation in the field reviewed again: the same review
    settle(page, "#review-lost")
    assert page.text_content("#review-result") == reviewed
    review = requests.post(live_server + "/v1/games/review", json=bodies[-1], timeout=60).json()
    # The claims that cost points, in the table's words.
    assert [(c["player"], c["claimed"], c["true"], c["pegged"], c["conceded"], c["loss"])
            for c in review["deals"][0]["count"]] == [
        ("bob", 10, 8, 8, 2, 2), ("ann", 8, 9, 8, 1, 2)]
    assert texts(page, "#review-result .count-review") == [
        "bob claimed 10 for the hand; it is worth 8. "
        "bob pegged 8 and the ruling gave the opponent 2: 2 lost.",
        "ann claimed 8 for the hand; it is worth 9. "
        "ann pegged 8 and the ruling gave the opponent 1: 2 lost."]
    # "Deal 1:" on every finding, worded as the game check words them.
    found = texts(page, "#review-result ul.findings > li")
    assert len(found) == len(review["findings"]) == 6
    assert all(text.startswith("Deal 1: ") for text in found)
    assert found == checked
    # The legend says what "bob AH −2" means, and what the play's losses measure.
    legend = page.text_content("#review-legend")
    assert ("bob AH −2 (best 5C): bob laid the ace of hearts and gave up 2 points against "
            "the best card bob held, the five of clubs") in legend
    assert review["objective"] in legend
    laid = review["deals"][0]["play"]["cards"]
    assert page.locator("#review-result .card-review").count() == len(laid)
    shot(page, "readable-review")
    axe_clean(page)
    fits(page)


def test_clear_clears_everything(page: Any) -> None:
    page.check("#crib")
    page.fill("#hand", "5H 5C 5S JD")
    page.fill("#starter", "5D")
    page.fill("#claimed", "28")
    page.click("#count")
    settle(page, "#total")
    page.click("#clear-hand")
    assert not page.is_checked("#crib")
    assert [page.input_value(f) for f in ("#hand", "#starter", "#claimed")] == ["", "", ""]
    assert page.locator("#picker button.used").count() == 0
    assert page.text_content("#hand-result") == ""
    # The next hand is counted as a hand, not silently as a crib (five cards would be).
    page.fill("#hand", "5H 5C 5S JD")
    page.fill("#starter", "5D")
    page.click("#count")
    assert settle(page, "#hand-result .summary") == "5H 5C 5S JD with 5D: 29"
    # The play's Clear: the hands go with the play.
    open_tab(page, "play")
    page.fill("#pone-hand", RENEGE_HANDS[0])
    page.fill("#dealer-hand", RENEGE_HANDS[1])
    page.fill("#record", RENEGE)
    page.click("#check-play")
    settle(page, "#play-result .award")
    page.click("#clear-play")
    assert [page.input_value(f) for f in ("#pone-hand", "#dealer-hand", "#record")] == ["", "", ""]
    assert page.text_content("#play-result") == ""
