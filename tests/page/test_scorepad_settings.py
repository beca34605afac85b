"""The Game, Rules and Muggins settings at the top of the scorepad reach every section's
request and change its answer; the play takes the seats the game has (see
test_scorepad.py for the browser, the viewports and the screenshots)."""

from __future__ import annotations

import json
from typing import Any

import pytest
import requests

from rules import Card, PlayEvent, Table
from rules.core.variants import Variant
from rules.notation import Deal, Game, NotationError, Play
from tests.page import test_scorepad
from tests.page.test_scorepad import axe_clean, fits, lay, open_tab, shot, turn
from tests.page.test_scorepad_deal import README_DEAL, enter_deal
from tests.service.test_deals_api import game_json

browser, page, pytestmark = test_scorepad.browser, test_scorepad.page, test_scorepad.pytestmark

RENEGE_HANDS = ("KH 5S 5D 9C", "QC AH 5C 4S")  # the README's renege, ACC 7.3
RENEGE = ("pone KH\ndealer QC\npone 5S\ndealer go\npone 5D\npone go\ndealer AH\npone 9C\n"
          "dealer 5C\ndealer 4S")


def sent(page: Any) -> list[dict[str, Any]]:
    """Every body the page posts to the referee, as it goes (not the records it has
    written as share links, /v1/notation/write and /read)."""
    bodies: list[dict[str, Any]] = []
    page.on("request", lambda r: bodies.append(r.post_data_json)
            if r.method == "POST" and "/v1/" in r.url and "/v1/notation/" not in r.url else None)
    return bodies


def read(body: dict[str, Any]) -> Play | Deal | Game:
    """The record a body's notation says, read by the library as the server reads it."""
    for parse in (Game.parse, Deal.parse):
        try:
            return parse(body["notation"])
        except NotationError:
            pass
    return Play.parse(body["notation"])


def judged(body: dict[str, Any]) -> tuple[str, bool, str]:
    """The ruleset, muggins and game a body asks for: a record in notation says its game
    in its table line, the settings beside it."""
    variant = read(body).table.variant.value if "notation" in body else body["variant"]
    return body["ruleset"], body["muggins"], variant


def settle(page: Any, selector: str) -> str:
    page.wait_for_function(f"() => document.querySelector({selector!r}) !== null"
                           " && !document.querySelector('.result .busy')")
    return str(page.text_content(selector))


def muggins_under(page: Any, ruleset: str, button: str, result: str) -> None:
    """Tick muggins, choose the rules, and check again until muggins is ruled."""
    page.check("#muggins")
    page.select_option("#ruleset", ruleset)
    page.click(button)
    page.wait_for_selector(f"{result} .findings li[data-code='muggins']")


def test_the_hand_under_muggins(page: Any) -> None:
    bodies = sent(page)
    page.fill("#hand", "5H 5C 5S JD")
    page.fill("#starter", "5D")
    page.fill("#claimed", "28")
    page.click("#count")
    assert settle(page, "#award") == "Pegs: the player 28, the opponent 0"
    muggins_under(page, "hoyle", "#count", "#hand-result")
    assert settle(page, "#award") == "Pegs: the player 28, the opponent 1"
    assert [(b["ruleset"], b["muggins"], b["variant"]) for b in bodies] == [
        ("acc", False, "six-card"), ("hoyle", True, "six-card")]


def test_the_play_under_hoyle_with_muggins(page: Any) -> None:
    bodies = sent(page)
    open_tab(page, "play")
    page.fill("#pone-hand", RENEGE_HANDS[0])
    page.fill("#dealer-hand", RENEGE_HANDS[1])
    page.fill("#record", RENEGE)
    page.click("#check-play")
    assert settle(page, "#play-result .award") == "Pegged after the rulings: pone 6, dealer 3"
    assert "retracted" in page.text_content("#play-result .findings li[data-code='renege']")
    page.select_option("#ruleset", "hoyle")
    page.check("#muggins")
    page.click("#check-play")
    page.wait_for_selector("#play-result .findings")
    # Hoyle takes 2 for the renege and retracts nothing.
    assert settle(page, "#play-result .award") == "Pegged after the rulings: pone 5, dealer 3"
    renege = page.text_content("#play-result .findings li[data-code='renege']")
    assert "retracted" not in renege and "ACC 7.3" not in renege
    shot(page, "play-hoyle")
    # A claim of 2 for 1: Hoyle's penalty, not the ACC's.
    page.fill("#pone-hand", "")
    page.fill("#dealer-hand", "")
    page.fill("#record", "pone KH\ndealer QC\npone TD =2\ndealer 9S")
    page.click("#check-play")
    page.wait_for_selector("#play-result .findings li[data-code='overcount']")
    assert settle(page, "#play-result .award") == "Pegged after the rulings: pone 1, dealer 3"
    # A claim of 0 for a fifteen with muggins: the pone takes the 2 missed; the last card,
    # which no claim covers, is the dealer's (docs/rules.md#claims-in-the-play).
    page.fill("#record", "pone 5H\ndealer TC =0")
    page.click("#check-play")
    page.wait_for_selector("#play-result .findings li[data-code='muggins']")
    assert settle(page, "#play-result .award") == "Pegged after the rulings: pone 2, dealer 1"
    assert [judged(b) for b in bodies] == [
        ("acc", False, "six-card")] + [("hoyle", True, "six-card")] * 3


TABLES = {Variant.THREE_PLAYER: ("ann", "bob", "cy"), Variant.FOUR_PLAYER: ("n", "e", "s", "w")}


def seated(variant: Variant, seed: int = 3) -> tuple[list[str], dict[str, Any]]:
    """The first deal of a game: its seats from the dealer's left, and the deal."""
    players = TABLES[variant]
    body, _, _ = game_json(seed, variant, players)
    first = players.index(body["first_dealer"])
    seats = [players[(first + 1 + i) % len(players)] for i in range(len(players))]
    return seats, body["deals"][0]


def held(deal: dict[str, Any], name: str) -> list[str]:
    return [c for c in deal["dealt"][name] if c not in deal["discards"][name]]


def seat_up(page: Any, variant: Variant, seats: list[str], deal: dict[str, Any]) -> None:
    page.select_option("#variant", variant.value)
    open_tab(page, "play")
    legends = page.locator("#play-seats legend").all_text_contents()
    assert len(legends) == len(seats) and legends[-1] == "Dealer"
    assert legends[0] == "Seat 1, the dealer's left"
    for i, name in enumerate(seats):
        page.fill(f"#play-name-{i}", name)
        page.fill(f"#play-hand-{i}", " ".join(held(deal, name)))


@pytest.mark.parametrize("variant", [Variant.THREE_PLAYER, Variant.FOUR_PLAYER])
def test_the_play_of_three_and_four(page: Any, live_server: str, variant: Variant) -> None:
    seats, deal = seated(variant)
    seat_up(page, variant, seats, deal)
    page.fill("#record", "\n".join(
        f"{e['player'].upper()} {'go' if e.get('go') else e['card']}" for e in deal["plays"]))
    bodies = sent(page)
    page.click("#check-play")
    page.wait_for_selector("#play-result .plays")
    # The page sends what the referee needs for this table, and shows what it answers.
    (body,) = bodies
    assert {key: value for key, value in body.items() if key != "notation"} == {
        "ruleset": "acc", "muggins": False}
    events = tuple(PlayEvent(e["player"], None if e.get("go") else Card.parse(e["card"]))
                   for e in deal["plays"])
    hands = {name: tuple(Card.parse(c) for c in held(deal, name)) for name in seats}
    assert read(body) == Play(Table.seat(variant, seats), events, hands)
    answer = requests.post(live_server + "/v1/pegging/check", json=body, timeout=30).json()
    assert page.locator("#play-result .plays tbody tr").count() == len(deal["plays"])
    assert page.text_content("#play-result .totals") == "Points in the play: " + ", ".join(
        f"{who} {points}" for who, points in answer["totals"].items())
    assert set(answer["totals"]) == set(seats)
    assert page.locator("#play-result .no-findings").count() == 1
    shot(page, f"play-{variant.value}")
    axe_clean(page)
    fits(page)


def test_three_players_card_by_card(page: Any) -> None:
    seats, deal = seated(Variant.THREE_PLAYER)
    seat_up(page, Variant.THREE_PLAYER, seats, deal)
    page.fill(f"#play-hand-{1}", "")
    page.click("#live-play")
    assert "Enter every hand first" in settle(page, "#live .error")
    assert page.get_attribute("#play-hand-1", "aria-invalid") == "true"
    assert page.get_attribute("#play-hand-0", "aria-invalid") is None
    page.fill("#play-hand-1", " ".join(held(deal, seats[1])))
    page.select_option("#ruleset", "english")
    bodies = sent(page)
    page.click("#live-play")
    said, choices = turn(page)
    assert said == f"{seats[0].capitalize()} to lay a card, the count is 0."
    assert sorted(choices) == sorted(held(deal, seats[0]))
    shot(page, "live-three-player")
    laid = 0
    while page.text_content("#turn") != "The play is over. The ruling is below.":
        lay(page, turn(page)[1][0])
        laid += 1
    page.wait_for_selector("#play-result .no-findings")
    lines = page.input_value("#record").splitlines()
    assert len(lines) == laid and sum(1 for line in lines if not line.endswith(" go")) == 12
    plays = [read(b) for b in bodies]
    assert {(p.table.seats, p.table.variant, b["ruleset"]) for p, b in zip(plays, bodies,
                                                                          strict=True)} == {
        (tuple(seats), Variant.THREE_PLAYER, "english")}
    assert all(isinstance(p, Play) for p in plays)
    assert [p.in_progress for p in plays] == [True] * (len(plays) - 1) + [False]
    axe_clean(page)


def test_the_deal_and_the_game_under_muggins(page: Any) -> None:
    claims = {"hands": {"pone": 20, "dealer": 4}, "crib": 7}
    enter_deal(page, ["pone", "dealer"], {**README_DEAL, "claims": claims})
    bodies = sent(page)
    page.click("#check-deal")
    assert settle(page, "#deal-summary") == "After the deal: pone 21, dealer 15."
    muggins_under(page, "friendly", "#check-deal", "#deal-result")
    assert settle(page, "#deal-summary") == "After the deal: pone 21, dealer 24."
    page.click("#check-game")
    page.wait_for_selector("#game-summary")
    assert settle(page, "#game-summary").startswith("The game: pone 21, dealer 24.")
    assert [judged(b) for b in bodies] == [
        ("acc", False, "six-card"), ("friendly", True, "six-card"), ("friendly", True, "six-card")]
    assert [type(read(b)) for b in bodies] == [Deal, Deal, Game]


def test_the_review_under_muggins(page: Any) -> None:
    deal = {**README_DEAL, "claims": {"hands": {"pone": 20, "dealer": 4}, "crib": 7}}
    open_tab(page, "review")
    page.fill("#review-record", json.dumps(deal))
    page.click("#review-go")
    assert settle(page, "#review-result .count-review") == (
        "pone claimed 20 for the hand; it is worth 29. pone pegged 20: 9 lost.")
    page.check("#muggins")
    page.click("#review-go")
    page.wait_for_selector("#review-result .findings li[data-code='muggins']")
    assert settle(page, "#review-result .count-review") == (
        "pone claimed 20 for the hand; it is worth 29. "
        "pone pegged 20 and the ruling gave the opponent 9: 18 lost.")
    assert page.text_content("#review-settings") == (
        "Judged as Six-card (to 121), ACC rules, muggins on.")
    # A record that says its own muggins is judged as it says, and the page says so.
    page.fill("#review-record", json.dumps({**deal, "muggins": False}))
    page.click("#review-go")
    page.wait_for_function("() => document.querySelector('#review-settings')"
                           " && document.querySelector('#review-settings').textContent"
                           ".includes('muggins off')")
    assert settle(page, "#review-result .count-review") == (
        "pone claimed 20 for the hand; it is worth 29. pone pegged 20: 9 lost.")
    assert page.text_content("#review-settings") == (
        "Judged as Six-card (to 121), ACC rules, muggins off"
        " (the record's own muggins, not the page's).")
    shot(page, "review-settings")
    axe_clean(page)


# --- on a phone: nothing clipped, nothing against the edge, nothing only on hover -----------


def test_the_game_setting_reads_whole(page: Any) -> None:
    # Each choice of the Game select fits in the box beside its arrow (about 20 px).
    room = page.evaluate("""() => {
        const select = document.getElementById('variant');
        const style = getComputedStyle(select);
        const probe = document.createElement('span');
        probe.style.font = style.font;
        probe.style.whiteSpace = 'pre';
        document.body.append(probe);
        const widths = [...select.options].map(o => {
            probe.textContent = o.textContent;
            return probe.getBoundingClientRect().width;
        });
        probe.remove();
        const inside = select.clientWidth - parseFloat(style.paddingLeft)
            - parseFloat(style.paddingRight) - 20;
        return inside - Math.max(...widths);
    }""")
    assert room >= 0
    shot(page, "table-settings")
    fits(page)


def test_the_board_key_keeps_off_the_edge(page: Any) -> None:
    enter_deal(page, ["pone", "dealer"], README_DEAL)
    page.click("#check-deal")
    page.wait_for_selector("#deal-summary")
    gap = page.evaluate("""() => {
        const key = document.querySelector('#deal-result .key');
        const range = document.createRange();
        range.selectNodeContents(key);
        const ends = [...range.getClientRects()].map(r => r.right);
        const box = document.getElementById('deal-result').getBoundingClientRect();
        return box.right - Math.max(...ends);
    }""")
    assert gap >= 16  # clear of the section's edge, not against it
    page.locator("#deal-result .board-figure").scroll_into_view_if_needed()
    shot(page, "board-key")
