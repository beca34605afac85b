"""The scorepad's club night: cards entered line by line, disagreements flagged as they
are entered, the standings, and the night kept in the browser across a reload."""

from __future__ import annotations

from typing import Any

from tests import test_scorepad

browser, page, pytestmark = test_scorepad.browser, test_scorepad.page, test_scorepad.pytestmark


def enter(page: Any, player: str, game: int, opponent: str, won: bool,
          spread: int | None) -> None:
    page.fill("#club-player", player)
    page.fill("#club-round", str(game))
    page.fill("#club-opponent", opponent)
    page.set_checked("#club-won", won)
    page.fill("#club-spread", "" if spread is None else str(spread))
    page.click("#club-add")


def test_a_night_entered_flagged_ranked_and_kept(page: Any) -> None:
    enter(page, "Ann", 1, "Bob", True, 21)
    enter(page, "Bob", 1, "Ann", False, 16)
    enter(page, "Cat", 1, "Dan", True, 5)
    enter(page, "Dan", 1, "Cat", False, None)
    page.wait_for_selector("#club-standings tr[data-player='Dan']")
    page.wait_for_function("document.querySelectorAll('#club-tally [data-flag]').length === 3")
    rows = page.eval_on_selector_all(
        "#club-standings tbody tr", "rows => rows.map(r => [...r.cells].map(c => c.textContent))")
    assert rows == [["1", "Ann", "2", "1", "+16", "spread", "qualifies"],
                    ["2", "Cat", "2", "1", "+5", "game_points", ""],
                    ["3", "Dan", "0", "0", "-5", "spread", ""],
                    ["4", "Bob", "0", "0", "-16", "", ""]]
    flagged = page.eval_on_selector_all("#club-tally [data-flag]", "l => l.map(x => x.textContent)")
    assert flagged[0].startswith("1: W +21 v Bob — ACC 12.2.a: the cards disagree")
    page.reload()
    page.wait_for_selector("#club-standings tr[data-player='Dan']")
    assert page.text_content("#club-standings tbody tr td:nth-child(2)") == "Ann"
    page.click("#club-clear")
    page.wait_for_function("!document.querySelector('#club-standings table')")
