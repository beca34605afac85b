"""The scorepad's typed entry goes to the server as notation, and the variants' facts come
from GET /v1/variants: the page parses no record and holds no target of its own."""

from __future__ import annotations

import json
from typing import Any

from tests.page import test_scorepad
from tests.page.test_scorepad import fits, open_tab, problems
from tests.page.test_scorepad_deal import README_DEAL, board, enter_deal

# The browser, the page at each viewport, and the skip without chromium: as there.
browser, page, pytestmark = test_scorepad.browser, test_scorepad.page, test_scorepad.pytestmark


def sent(page: Any, path: str, click: str) -> dict[str, Any]:
    """The JSON body the page posts to `path` when `click` is clicked."""
    with page.expect_request(lambda r: r.url.endswith(path) and r.method == "POST") as request:
        page.click(click)
    body: dict[str, Any] = json.loads(request.value.post_data)
    return body


def test_a_typed_play_is_sent_as_notation_and_refereed(page: Any) -> None:
    open_tab(page, "play")
    page.fill("#record", "Pone KH\nDEALER QC\npone TD =2\nDealer 9S")
    body = sent(page, "/v1/pegging/check", "#check-play")
    assert body == {"notation": "six-card to 121: pone dealer\nplay:\nPone KH\nDEALER QC\n"
                                "pone TD =2\nDealer 9S\n", "ruleset": "acc", "muggins": False}
    page.wait_for_selector("#play-result .plays")
    assert page.text_content("#play-result .award") == (
        "Pegged after the rulings: pone 1, dealer 2")


def test_the_hands_go_in_the_notation(page: Any) -> None:
    open_tab(page, "play")
    page.fill("#pone-hand", "KH TD 5C 5S")
    page.fill("#dealer-hand", "QC 9S 4H 2D")
    page.fill("#record", "pone KH\ndealer QC")
    body = sent(page, "/v1/pegging/check", "#check-play")
    assert body["notation"] == ("six-card to 121: pone dealer\nhands:\npone KH TD 5C 5S\n"
                                "dealer QC 9S 4H 2D\nplay:\npone KH\ndealer QC\n")


def test_the_servers_error_is_shown_at_the_field(page: Any) -> None:
    open_tab(page, "play")
    page.fill("#record", "pone KH\nbob QC")
    page.click("#check-play")
    assert problems(page, "#play-result") == [
        "The name in the 2nd play (line 2): 'bob' is not one of the players"]
    assert page.get_attribute("#record", "aria-invalid") == "true"
    assert page.get_attribute("#play-result .problems li", "data-pointer") == "#/notation"
    page.click("#play-result .problems a")
    selected = page.evaluate("(() => { const r = document.getElementById('record');"
                             " return r.value.slice(r.selectionStart, r.selectionEnd); })()")
    assert selected == "bob QC"


def test_a_bad_card_in_a_hand_is_named_at_its_field(page: Any) -> None:
    open_tab(page, "play")
    page.fill("#pone-hand", "KH TD 5X 5S")
    page.fill("#dealer-hand", "QC 9S 4H 2D")
    page.fill("#record", "pone KH")
    page.click("#check-play")
    assert problems(page, "#play-result") == [
        "The 3rd card of pone's hand, '5X', is not a card"]
    assert page.get_attribute("#pone-hand", "aria-invalid") == "true"
    assert page.get_attribute("#record", "aria-invalid") is None


def test_a_whole_record_typed_is_sent_as_typed(page: Any) -> None:
    open_tab(page, "play")
    typed = "five-card to 61: pone dealer\nruleset: hoyle\nplay: pone 5H, dealer 5C =2"
    page.fill("#record", typed)
    body = sent(page, "/v1/pegging/check", "#check-play")
    assert body == {"notation": typed + "\n", "muggins": False}  # the text says the ruleset
    page.wait_for_selector("#play-result .plays")
    assert page.text_content("#play-result .totals") == "Points in the play: pone 0, dealer 3"


def test_a_typed_deal_is_sent_as_notation(page: Any) -> None:
    enter_deal(page, ["pone", "dealer"], README_DEAL)
    body = sent(page, "/v1/deals/check", "#check-deal")
    assert set(body) == {"notation", "ruleset", "muggins"}
    lines = body["notation"].splitlines()
    assert lines[0] == "six-card to 121: pone dealer"
    assert lines[1:4] == ["scores:", "pone 0", "dealer 0"]
    assert "play:" in lines and lines[lines.index("play:") - 1].startswith("starter: ")
    page.wait_for_selector("#deal-result #deal-summary")


def test_the_variants_facts_come_from_the_server(page: Any, live_server: str) -> None:
    def changed(route: Any) -> None:
        answer = route.fetch().json()
        for facts in answer["variants"]:
            if facts["name"] == "six-card":
                facts["target"] = 91
        route.fulfill(json=answer)

    page.route("**/v1/variants", changed)
    page.reload()
    page.wait_for_selector("body[data-ready]")
    assert page.text_content("#variant option[value='six-card']") == "Six-card (to 91)"
    assert page.text_content("#variant option[value='five-card']") == "Five-card (to 61)"
    enter_deal(page, ["pone", "dealer"], README_DEAL)
    body = sent(page, "/v1/deals/check", "#check-deal")
    assert body["notation"].startswith("six-card to 91: pone dealer\n")
    page.wait_for_selector("#deal-result #deal-summary")
    assert [side["holes"] for side in board(page, "#deal-result")] == [91, 91]
    assert page.get_attribute("#deal-result svg.board", "data-target") == "91"
    fits(page)


def test_the_seats_come_from_the_server(page: Any) -> None:
    def changed(route: Any) -> None:
        answer = route.fetch().json()
        for facts in answer["variants"]:
            if facts["name"] == "three-player":
                facts["seats"] = ["xa", "xb", "xc"]
        route.fulfill(json=answer)

    page.route("**/v1/variants", changed)
    page.reload()
    page.wait_for_selector("body[data-ready]")
    page.select_option("#variant", "three-player")
    open_tab(page, "play")
    assert [page.input_value(f"#play-name-{i}") for i in range(3)] == ["xa", "xb", "xc"]
    open_tab(page, "deal")
    # A deal's seats are asked for: the variant's seat names (roles, in the two-player
    # game) are offered in the one play, never as the players of a game's deals.
    assert [page.input_value(f"#seat-name-{i}") for i in range(3)] == ["", "", ""]
    assert [page.get_attribute(f"#seat-name-{i}", "placeholder") for i in range(3)] == [
        "A", "B", "C"]
    assert page.is_visible("#deal-crib-card")
