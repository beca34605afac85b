"""The scorepad's deal-and-game section in a real browser: a disputed deal, a game dealt
deal by deal, and the cribbage board drawn before and after (see test_scorepad.py for
the browser, the viewports and the screenshots)."""

from __future__ import annotations

from typing import Any

import pytest

from rules.core.variants import Variant
from tests.page import test_scorepad
from tests.page.test_scorepad import axe_clean, brought_to, fits, open_tab, problems, shot
from tests.service.test_deals_api import game_json

# The browser, the page at each viewport, and the skip without chromium: as there.
browser, page, pytestmark = test_scorepad.browser, test_scorepad.page, test_scorepad.pytestmark

TABLES = {Variant.SIX_CARD: ("ann", "bob"), Variant.FIVE_CARD: ("ann", "bob"),
          Variant.SEVEN_CARD: ("ann", "bob"), Variant.THREE_PLAYER: ("ann", "bob", "cy"),
          Variant.FOUR_PLAYER: ("n", "e", "s", "w")}


def record_line(event: dict[str, Any]) -> str:
    return f"{event['player']} {'go' if event.get('go') else event['card']}"


def enter_deal(page: Any, seats: list[str], deal: dict[str, Any]) -> None:
    """Type a deal into the form: seat by seat from the dealer's left, dealer last."""
    open_tab(page, "deal")
    for i, name in enumerate(seats):
        page.fill(f"#seat-name-{i}", name)
        page.fill(f"#seat-dealt-{i}", " ".join(deal["dealt"][name]))
        page.fill(f"#seat-discards-{i}", " ".join(deal["discards"][name]))
        claim = deal.get("claims", {}).get("hands", {}).get(name)
        page.fill(f"#seat-claim-{i}", "" if claim is None else str(claim))
    page.fill("#deal-starter", deal["starter"])
    if "crib_card" in deal:
        page.fill("#deal-crib-card", deal["crib_card"])
    crib = deal.get("claims", {}).get("crib")
    page.fill("#claim-crib", "" if crib is None else str(crib))
    page.fill("#deal-record", "\n".join(record_line(e) for e in deal["plays"]))


def board(page: Any, result: str) -> list[dict[str, Any]]:
    """Each track of the drawn board: its side, its holes, and where its pegs stand, by
    the hole each peg sits over (holes are drawn in order, 1 to the target)."""
    return page.eval_on_selector_all(f"{result} svg.board g.track", """tracks => tracks.map(t => {
        const at = (c) => [c.getAttribute('cx'), c.getAttribute('cy')].join();
        const holes = [...t.querySelectorAll('circle.hole')].map(at);
        const over = (peg) => peg ? holes.indexOf(at(peg)) + 1 : null;
        return {side: t.dataset.side, holes: holes.length,
                front: over(t.querySelector('.peg.front')),
                back: over(t.querySelector('.peg.back'))};
    })""")


README_DEAL = {
    "dealt": {"pone": ["5H", "5C", "5S", "JD", "2C", "3C"],
              "dealer": ["KH", "QD", "9C", "8S", "4H", "AD"]},
    "discards": {"pone": ["2C", "3C"], "dealer": ["4H", "AD"]},
    "starter": "5D",
    "plays": [{"player": p, "card": c} if c != "go" else {"player": p, "go": True}
              for p, c in [("pone", "5H"), ("dealer", "KH"), ("pone", "5C"), ("dealer", "QD"),
                           ("pone", "go"), ("pone", "5S"), ("dealer", "9C"), ("pone", "JD"),
                           ("dealer", "8S")]],
    "claims": {"hands": {"pone": 29, "dealer": 4}, "crib": 7},
}


def test_a_disputed_deal_at_121(page: Any) -> None:
    enter_deal(page, ["pone", "dealer"], README_DEAL)
    page.fill("#deal-record", page.input_value("#deal-record").replace("pone go", "Pone go"))
    page.fill("#score-before-0", "100")
    page.fill("#score-before-1", "110")
    page.click("#check-deal")
    page.wait_for_selector("#deal-summary")
    brought_to(page, "#deal-result")
    assert page.text_content("#deal-summary") == (
        "After the deal: pone 121, dealer 114. pone wins during the show.")
    assert board(page, "#deal-result") == [
        {"side": "pone", "holes": 121, "front": 121, "back": 100},
        {"side": "dealer", "holes": 121, "front": 114, "back": 110}]
    # The track runs on without a jump: along a row hole by hole (a wider gap between
    # streets of five), and at a row's end straight down into the next, coming back.
    steps = page.eval_on_selector("#deal-result svg.board g.track", """t => {
        const holes = [...t.querySelectorAll('circle.hole')].map(
            h => [Number(h.getAttribute('cx')), Number(h.getAttribute('cy'))]);
        return holes.slice(1).map(([x, y], i) => [Math.abs(x - holes[i][0]), y - holes[i][1]]);
    }""")
    row = 20 if page.viewport_size["width"] < 500 else 30  # fewer to a row on a phone
    along = [dx for dx, dy in steps if dy == 0]
    turns = [(dx, dy) for dx, dy in steps if dy != 0]
    assert len(turns) == 120 // row and all(dx == 0 and dy > 0 for dx, dy in turns)
    assert set(along) == {10, 16} and along.count(16) == len(turns) * (row // 5 - 1)
    assert page.get_attribute("#deal-result svg.board", "aria-label") == (
        "Cribbage board to 121: pone 121 (was 100); dealer 114 (was 110)")
    rows = page.locator("#deal-result .plays tbody tr")
    assert rows.count() == 9 and rows.nth(4).locator("td").nth(1).text_content() == "pone"
    assert page.locator("#show-table tbody tr").count() == 3
    assert page.text_content("#deal-result .no-findings") == (
        "No findings: the deal was by the rules.")
    shot(page, "deal")
    axe_clean(page)
    fits(page)


def test_blank_and_bad_cards_are_named(page: Any) -> None:
    open_tab(page, "deal")
    page.click("#check-deal")
    assert problems(page, "#deal-result") == [
        "Enter the cards dealt to A", "Enter the cards dealt to B",
        "Enter the cards laid away by A", "Enter the cards laid away by B",
        "Enter the starter"]  # asked for, not ruled a misdeal
    enter_deal(page, ["pone", "dealer"], README_DEAL)
    page.fill("#seat-dealt-0", "5H 5C 5S JX 2C 3C")
    page.click("#check-deal")
    assert problems(page, "#deal-result") == [
        "The 4th card dealt to pone, 'JX', is not a card"]
    assert page.get_attribute("#seat-dealt-0", "aria-invalid") == "true"
    assert page.get_attribute("#seat-dealt-1", "aria-invalid") is None
    shot(page, "deal-errors")


@pytest.mark.parametrize(("variant", "holes"), [
    (Variant.FIVE_CARD, 61), (Variant.SEVEN_CARD, 181), (Variant.FOUR_PLAYER, 121)])
def test_the_board_has_the_variants_holes_and_a_track_per_side(
        page: Any, variant: Variant, holes: int) -> None:
    players = TABLES[variant]
    body, tallies, _ = game_json(2, variant, players)
    page.select_option("#variant", variant.value)
    first = players.index(body["first_dealer"])
    seats = [players[(first + 1 + i) % len(players)] for i in range(len(players))]
    enter_deal(page, seats, body["deals"][0])
    if variant.spec.last_for_three:  # the pone pegs three at the start of the game
        page.fill("#score-before-0", "3")
    page.click("#check-deal")
    page.wait_for_selector("#deal-summary")
    tracks = board(page, "#deal-result")
    # Partners share a track: two in the four-player game.
    assert len(tracks) == (2 if variant is Variant.FOUR_PLAYER else len(players))
    assert {t["holes"] for t in tracks} == {holes}
    assert sorted(t["front"] for t in tracks) == sorted(tallies[0].values())
    shot(page, f"board-{variant.value}")


def test_a_game_deal_by_deal(page: Any) -> None:
    players = TABLES[Variant.THREE_PLAYER]
    body, tallies, _ = game_json(1, Variant.THREE_PLAYER, players)
    page.select_option("#variant", "three-player")
    dealer = players.index(body["first_dealer"])
    for number, deal in enumerate(body["deals"][:3]):
        seats = [players[(dealer + number + 1 + i) % 3] for i in range(3)]
        assert [page.input_value(f"#seat-name-{i}") for i in range(3)] == (
            seats if number else ["", "", ""])  # asked for: none offered as a name
        enter_deal(page, seats, deal)
        page.click("#check-deal")
        page.wait_for_selector("#deal-summary")
        assert board(page, "#deal-result") == [
            {"side": s, "holes": 121, "front": tallies[number][s],
             "back": (tallies[number - 1][s] if number else 0)
             if tallies[number][s] != (tallies[number - 1][s] if number else 0) else None}
            for s in seats]
        if number < 2:
            page.click("#next-deal")  # the deal passes to the left; the scores carry over
            assert [int(page.input_value(f"#score-before-{i}")) for i in range(3)] == [
                tallies[number][s] for s in [*seats[1:], seats[0]]]
    page.click("#check-game")
    page.wait_for_selector("#game-summary")
    brought_to(page, "#deal-result")
    rows = page.locator("#game-table tbody tr")
    assert [rows.nth(i).locator("td").first.text_content() for i in range(3)] == ["1", "2", "3"]
    tracks = board(page, "#deal-result")
    assert [t["side"] for t in tracks] == [*players[dealer + 1:], *players[:dealer + 1]]
    assert {t["side"]: t["front"] for t in tracks} == tallies[2]
    assert {t["side"]: t["back"] or 0 for t in tracks} == {
        s: tallies[1][s] if tallies[1][s] != tallies[2][s] else 0 for s in players}
    assert page.text_content("#game-summary").endswith("No winner yet.")
    shot(page, "game")
    axe_clean(page)
    fits(page)


def test_the_deal_form_in_keyboard_order(page: Any) -> None:
    from tests.page.test_scorepad import focus_path

    open_tab(page, "deal")
    page.focus("#seat-name-0")
    assert focus_path(page, 17) == [
        "seat-dealt-0", "seat-discards-0", "seat-claim-0",
        "seat-name-1", "seat-dealt-1", "seat-discards-1", "seat-claim-1",
        "deal-starter", "claim-crib", "claim-heels", "AS", "show-only", "deal-record",
        "deal-live-play",
        "score-before-0", "score-before-1", "check-deal"]  # Next deal waits for a check
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "new-game"


def test_names_in_any_case_where_that_is_unambiguous(page: Any) -> None:
    renamed = {"pone": "Ann", "dealer": "bob"}
    deal = {**README_DEAL,
            "dealt": {renamed[p]: c for p, c in README_DEAL["dealt"].items()},
            "discards": {renamed[p]: c for p, c in README_DEAL["discards"].items()},
            "plays": [{**e, "player": renamed[e["player"]].upper()} for e in README_DEAL["plays"]],
            "claims": {}}
    enter_deal(page, ["Ann", "bob"], deal)
    page.click("#check-deal")
    page.wait_for_selector("#deal-summary")
    assert page.text_content("#deal-summary").startswith("After the deal: Ann ")
    # Two players whose names differ only in case: "ANN" could be either.
    page.fill("#seat-name-1", "ann")
    page.fill("#seat-dealt-1", " ".join(README_DEAL["dealt"]["dealer"]))
    page.fill("#deal-record", "ANN 5H\nann KH")
    page.click("#check-deal")
    assert problems(page, "#deal-result") == [
        "The name in the 1st play (line 1): 'ANN' is not one of the players"]


def test_claims_after_the_win_are_shown_and_not_ruled(page: Any) -> None:
    enter_deal(page, ["pone", "dealer"], README_DEAL)
    page.fill("#score-before-0", "100")
    page.fill("#score-before-1", "110")
    page.click("#check-deal")
    page.wait_for_selector("#deal-summary")
    rows = page.eval_on_selector_all("#show-table tbody tr", """rows => rows.map(
        r => [...r.querySelectorAll('td')].map(td => td.textContent))""")
    # The pone goes out on the 29: the dealer's 4 and the crib's 7, typed by the director,
    # come after the win and are shown as typed, whatever the API echoes of them.
    assert rows == [
        ["pone", "29", "29", "correct"],
        ["dealer", "4", "4", "not ruled: the game was already won"],
        ["crib", "7", "7", "not ruled: the game was already won"]]
    axe_clean(page)


def test_a_game_joined_part_way_agrees_with_its_deal(page: Any) -> None:
    """Issue 20: a deal from 50-60 showed "After the deal: pone 80, dealer 75"; Check the
    game then showed "pone 30, dealer 15", the game counted from 0."""
    from tests.page.test_scorepad_settings import read, sent

    bodies = sent(page)
    enter_deal(page, ["pone", "dealer"], README_DEAL)
    page.fill("#score-before-0", "50")
    page.fill("#score-before-1", "60")
    page.click("#check-deal")
    page.wait_for_selector("#deal-summary")
    assert page.text_content("#deal-summary") == "After the deal: pone 80, dealer 75."
    page.click("#check-game")
    page.wait_for_selector("#game-summary")
    assert page.text_content("#game-summary") == "The game: pone 80, dealer 75. No winner yet."
    assert {t["side"]: (t["front"], t["back"]) for t in board(page, "#deal-result")} == {
        "pone": (80, 50), "dealer": (75, 60)}
    # Kept, the deal is checked as the game's first from the scores it was joined at.
    page.click("#next-deal")
    assert page.text_content("#game-status") == (
        "This game: 1 deal kept; dealer dealt first, from pone 50, dealer 60.")
    page.click("#check-game")
    page.wait_for_selector("#game-summary")
    assert page.text_content("#game-summary") == "The game: pone 80, dealer 75. No winner yet."
    games = [read(b) for b in bodies if b["notation"].count("deal:")]
    assert [g.scores_before for g in games] == [{"pone": 50, "dealer": 60}] * 2  # type: ignore[union-attr]
    axe_clean(page)


def test_a_partnership_keeps_its_name_from_deal_to_deal(page: Any) -> None:
    """Issue 19: the partnership ann&cy became cy&ann on the next deal, because the page
    named the sides from the seats of each deal."""
    players = TABLES[Variant.FOUR_PLAYER]
    body, tallies, _ = game_json(3, Variant.FOUR_PLAYER, players)
    page.select_option("#variant", "four-player")
    first = players.index(body["first_dealer"])
    seats = [players[(first + 1 + i) % 4] for i in range(4)]
    enter_deal(page, seats, body["deals"][0])
    labels = "#scores-before label"
    named = page.eval_on_selector_all(labels, "ls => ls.map(l => l.textContent)")
    page.click("#check-deal")
    page.wait_for_selector("#deal-summary")
    page.click("#next-deal")
    # In the new deal's seat order, each under its first name.
    assert sorted(page.eval_on_selector_all(labels, "ls => ls.map(l => l.textContent)")) == \
        sorted(named)
    enter_deal(page, [*seats[1:], seats[0]], body["deals"][1])
    page.click("#check-deal")
    page.wait_for_selector("#deal-summary")
    tracks = board(page, "#deal-result")
    assert sorted(t["side"] for t in tracks) == sorted(named)
    by_members = {"&".join(sorted(side.split("&"))): score for side, score in tallies[1].items()}
    assert {t["side"]: t["front"] for t in tracks} == {
        side: by_members["&".join(sorted(side.split("&")))] for side in named}
