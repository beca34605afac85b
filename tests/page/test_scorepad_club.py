"""The scorepad's club night: cards entered line by line, disagreements flagged as they
are entered, the standings, and the night kept in the browser across a reload."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.page import test_scorepad
from tests.page.test_scorepad import axe_clean, open_tab, shot

browser, page, pytestmark = test_scorepad.browser, test_scorepad.page, test_scorepad.pytestmark


def enter(page: Any, player: str, game: int, opponent: str, won: bool,
          spread: int | None) -> None:
    if page.is_hidden("#club"):
        open_tab(page, "club")
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
    page.wait_for_function("document.querySelectorAll('#club-tally [data-flag]').length === 4")
    rows = page.eval_on_selector_all(
        "#club-standings tbody tr", "rows => rows.map(r => [...r.cells].map(c => c.textContent))")
    # The tiebreaks in words (issue 30, trap 7), each column with its header.
    assert rows == [["1", "Ann", "2", "1", "+16", "ahead on spread", "qualifies"],
                    ["2", "Cat", "2", "1", "+5", "ahead on game points", ""],
                    ["3", "Dan", "0", "0", "-5", "ahead on spread", ""],
                    ["4", "Bob", "0", "0", "-16", "", ""]]
    assert page.eval_on_selector_all("#club-standings th", "l => l.map(x => x.textContent)") == [
        "Rank", "Player", "Game points", "Won", "Spread", "Tiebreak", "Qualifies"]
    flagged = page.eval_on_selector_all("#club-tally [data-flag]", "l => l.map(x => x.textContent)")
    # The tally sheet as ruled: Ann wrote +21, the ruling (12.2.a) records 16; one number
    # a line, the round's (the list itself is not numbered).
    assert flagged[0].startswith("Round 1: W +16 v Bob — ACC 12.2.a: the cards disagree on the "
                                 "spread (16 and 21)")
    assert page.eval_on_selector_all(
        "#club-tally .club-lines", "l => l.map(x => [x.tagName, getComputedStyle(x).listStyleType])"
    ) == [["UL", "none"]] * 4
    # 12.2.c stands on both cards: Cat's, which gave the spread, is flagged too; Dan's card
    # shows the spread the ruling wrote on it.
    assert flagged[2] == ("Round 1: W +5 v Dan — ACC 12.2.c: the spread 05 is on this card "
                          "only: accepted for both, and written on Dan's card")
    assert flagged[3].startswith("Round 1: L -5 v Cat — ")
    page.reload()
    page.wait_for_selector("#club-standings tr[data-player='Dan']")
    assert page.text_content("#club-standings tbody tr td:nth-child(2)") == "Ann"
    page.wait_for_function("document.querySelectorAll('#club-tally [data-flag]').length === 4")
    kept = page.evaluate("JSON.parse(localStorage.getItem('muggins.club-night'))")
    assert kept["cards"][1] == {"player": "Bob", "games": [
        {"round": 1, "opponent": "Ann", "result": "L", "spread": 16}]}
    assert [card["player"] for card in kept["cards"]] == ["Ann", "Bob", "Cat", "Dan"]
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#club-clear")
    page.wait_for_function("!document.querySelector('#club-standings table')")
    assert page.evaluate("JSON.parse(localStorage.getItem('muggins.club-night'))") == {
        "schema": 1, "cards": []}  # store.js: each entry carries its schema version
    page.reload()
    page.wait_for_selector("body[data-ready]")
    assert page.query_selector("#club-standings table") is None


def test_new_night_asks_first_and_is_undone_after_a_reload(page: Any) -> None:
    """Issue 30, item 3.1: New night asks first, sets the night aside rather than
    deleting it, and Undo brings it back, after a reload too."""
    enter(page, "Ann", 1, "Bob", True, 21)
    enter(page, "Bob", 1, "Ann", False, 21)
    page.wait_for_selector("#club-standings tr[data-player='Bob']")
    asked: list[str] = []

    def answer(accept: bool) -> None:
        page.once("dialog", lambda d: (asked.append(d.message),
                                       d.accept() if accept else d.dismiss()))

    answer(False)
    page.click("#club-clear")  # cancelled: nothing changes
    assert asked == ["Start a new night? The 2 scorecards of this night will be cleared from the "
                     "page (set aside: Undo brings them back)."]
    assert page.query_selector("#club-standings table") is not None
    kept = page.evaluate("JSON.parse(localStorage.getItem('muggins.club-night'))")
    assert len(kept["cards"]) == 2
    answer(True)
    page.click("#club-clear")
    page.wait_for_function("!document.querySelector('#club-standings table')")
    assert page.text_content("#club-set-aside") == (
        "A night of 2 scorecards was set aside by New night. Undo new night")
    aside = page.evaluate("JSON.parse(localStorage.getItem('muggins.club-night.set-aside'))")
    assert [card["player"] for card in aside["cards"]] == ["Ann", "Bob"]
    shot(page, "club-night-set-aside")
    axe_clean(page)
    page.reload()
    page.wait_for_selector("body[data-ready]")
    open_tab(page, "club")
    assert page.query_selector("#club-standings table") is None
    page.click("#club-undo")  # the night back: nothing entered since, so not asked
    page.wait_for_selector("#club-standings tr[data-player='Bob']")
    assert page.text_content("#club-standings tbody tr td:nth-child(2)") == "Ann"
    assert page.text_content("#club-set-aside") == ""
    assert page.evaluate("localStorage.getItem('muggins.club-night.set-aside')") is None
    assert len(asked) == 2
    axe_clean(page)


def visible(page: Any, selector: str) -> bool:
    return bool(page.eval_on_selector(
        selector, "e => getComputedStyle(e).display !== 'none' && e.offsetParent !== null"))


def pages(pdf: bytes) -> int:
    import re

    return len(re.findall(rb"/Type\s*/Page\b(?!s)", pdf))


def test_print_a_standings_page_and_a_tally_sheet(page: Any) -> None:
    """The print button prints the standings on a page and the tally sheet on the next,
    and nothing else; printing without it prints the page as it is."""
    enter(page, "Ann", 1, "Bob", True, 21)
    enter(page, "Bob", 1, "Ann", False, 16)
    page.wait_for_selector("#club-standings tr[data-player='Bob']")
    page.emulate_media(media="print")
    assert visible(page, "#show") and visible(page, "#club-form")  # not the club's print yet
    whole = pages(page.pdf())
    # The browser's own print dialog cannot be driven: the button's print is counted.
    page.evaluate("() => { window.print = () => { window.printed = (window.printed || 0) + 1; }; }")
    page.click("#club-print")
    assert page.evaluate("window.printed") == 1
    assert page.evaluate("document.body.classList.contains('club-printing')")
    assert visible(page, "#club-standings table") and visible(page, "#club-tally .club-card")
    for hidden in ("header", "footer", "#show", "#review", "#club-form", "#club-title"):
        assert not visible(page, hidden), hidden
    assert page.eval_on_selector("#club-tally", "e => getComputedStyle(e).breakBefore") == "page"
    assert pages(page.pdf()) == 2 < whole
    assert page.text_content("#club-tally h3") == "Tally sheet"
    assert page.text_content("#club-standings h3") == "Standings"
    page.evaluate("window.dispatchEvent(new Event('afterprint'))")
    assert not page.evaluate("document.body.classList.contains('club-printing')")
    assert visible(page, "#club-form")


CARDS_CSV = ('\ufeffPlayer,Round,Opponent,Result,Spread,Game Points\r\n'
             'Ann,1,Bob,W,+21,2\r\nBob,1,Ann,L,-16,X\r\nCat,1,Dan,W,05,\r\nDan,1,Cat,L,,–\r\n'
             'Ann,2,Cat,L,,\r\nCat,2,Ann,W,35,3\r\n"Bob",2,,BYE,,\r\nDan,2,,bye,,\r\n'
             ',,,,,\r\n')


def cli_night(text: str, *options: str) -> Any:
    from click.testing import CliRunner

    from muggins.cli import main

    return CliRunner().invoke(main, ["night", "-", *options], input=text)


def test_scorecards_from_csv_and_standings_to_csv_as_the_cli_does(page: Any) -> None:
    """One file, read by the page and by `muggins night`: the same cards go to the
    referee and the same standings CSV comes out."""
    import json

    from muggins.cli_night import cards_body
    from rules.club import read_cards

    open_tab(page, "club")
    page.set_input_files("#club-csv", files=[{
        "name": "cards.csv", "mimeType": "text/csv", "buffer": CARDS_CSV.encode()}])
    page.wait_for_selector("#club-standings tr[data-player='Dan']")
    kept = page.evaluate("JSON.parse(localStorage.getItem('muggins.club-night'))")
    assert json.loads(json.dumps(kept["cards"])) == cards_body(read_cards(CARDS_CSV))
    with page.expect_download() as download:
        page.click("#club-standings-csv")
    assert download.value.suggested_filename == "standings.csv"
    text = Path(download.value.path()).read_text(encoding="utf-8")
    assert text == cli_night(CARDS_CSV, "--csv").stdout
    assert text.splitlines()[:2] == [
        "rank,player,game_points,wins,losses,spread,plus,head_to_head,tiebreak,qualified",
        "1,Cat,5,2,0,+40,40,,game_points,yes"]


def test_a_csv_with_bad_rows_says_each_and_keeps_the_night(page: Any) -> None:
    enter(page, "Ann", 1, "Bob", True, 21)
    enter(page, "Bob", 1, "Ann", False, 21)
    page.wait_for_selector("#club-standings tr[data-player='Bob']")
    bad = CARDS_CSV + "Eve,1,Ann\r\nEve,2,Ann,Q,3,\r\nEve,3,Ann,W,ten,\r\n"
    page.set_input_files("#club-csv", files=[{
        "name": "cards.csv", "mimeType": "text/csv", "buffer": bad.encode()}])
    page.wait_for_selector("#club-problem [role=alert]")
    # One problem a line, each naming the file's line (issue 30, trap 7).
    assert page.locator("#club-problem li").all_text_contents() == [
        "cards.csv, line 11: row: 3 columns, not the header's 6",
        "cards.csv, line 12: result: a result is W, L or BYE, not 'Q'",
        "cards.csv, line 13: spread: a spread is a number such as 16, +16 or -05, not 'ten'"]
    assert cli_night(bad).stderr.splitlines() == [
        "<stdin>:11: row: 3 columns, not the header's 6",
        "<stdin>:12: result: a result is W, L or BYE, not 'Q'",
        "<stdin>:13: spread: a spread is a number such as 16, +16 or -05, not 'ten'"]
    assert [c["player"] for c in page.evaluate(
        "JSON.parse(localStorage.getItem('muggins.club-night'))")["cards"]] == ["Ann", "Bob"]
