"""The game's chances in the scorepad's review (issue 22, part 5), in a real browser.

Every figure the page shows is checked against the answer of ``/v1/games/review`` for the
same game, fetched by the test itself: the graph's points, its sentence, each deal's
worst decisions by chance given up and each player's error rate and luck. The last two
are checked wherever the answer has ``win_loss`` and ``players``, and found absent where
it has not.
"""

from __future__ import annotations

import json
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

import requests

from rules.core.variants import Variant
from tests.page.test_scorepad import axe_clean, browser, fits, open_tab, page, pytestmark, shot  # noqa: F401
from tests.service.test_deals_api import game_json

SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def percent(p: float) -> str:
    # As JavaScript's toFixed(1) rounds: the double's exact value, a tie upwards.
    return f"{Decimal(100 * p).quantize(Decimal('0.1'), rounding=ROUND_HALF_UP)}%"


def card_text(card: str) -> str:
    return ("10" if card[0] == "T" else card[0]) + SYMBOL[card[1]]


def reviewed(tab: Any, live_server: str, body: dict[str, Any]) -> dict[str, Any]:
    """The game reviewed on the page in ``tab``, and the service's own answer for it."""
    answer: dict[str, Any] = requests.post(live_server + "/v1/games/review", json=body,
                                           timeout=60).json()
    open_tab(tab, "review")
    tab.fill("#review-record", json.dumps(body))
    tab.click("#review-go")
    tab.wait_for_selector("#review-lost")
    return answer


def moments(chances: list[dict[str, Any]], side: str) -> list[tuple[float, float, str]]:
    """(deal position, chance, words) for every point the graph should have: a deal's
    before, its play and its show, the show and the next deal's before being one point."""
    out: list[tuple[float, float, str]] = []
    for i, deal in enumerate(chances):
        if not out or out[-1][0] != i or out[-1][1] != deal["win"][side]:
            out.append((i, deal["win"][side], f"before deal {i + 1}"))
        if deal["after_play"] is not None:
            out.append((i + 0.5, deal["after_play"][side], f"after the play of deal {i + 1}"))
        if deal["after_show"] is not None:
            out.append((i + 1, deal["after_show"][side], f"after deal {i + 1}"))
    return out


def test_the_graph_draws_the_reviews_chances(page: Any, live_server: str) -> None:  # noqa: F811
    body, _, _ = game_json(4, Variant.SIX_CARD, ("ann", "bob"))
    answer = reviewed(page, live_server, body)
    chances = answer["chances"]
    assert chances is not None and len(chances) == len(body["deals"])
    graph = page.locator("#review-result svg.chances")
    assert graph.get_attribute("role") == "img" and graph.get_attribute("data-side") == "ann"

    expected = moments(chances, "ann")
    # Between the deals a point is shared, so fewer than three a deal; and the game ends won.
    assert len(body["deals"]) * 2 < len(expected) < len(body["deals"]) * 3
    assert expected[-1][1] == (1.0 if answer["winner"] == "ann" else 0.0)
    points = graph.locator("circle.chance-point").evaluate_all(
        "cs => cs.map(c => [+c.dataset.at, +c.dataset.chance, +c.getAttribute('cx'),"
        " +c.getAttribute('cy'), c.querySelector('title').textContent])")
    assert [(at, chance) for at, chance, _, _, _ in points] == [(a, c) for a, c, _ in expected]
    assert [title for *_, title in points] == [
        f"{words}: ann {percent(c)}" for _, c, words in expected]

    # Drawn where the figures say: against the 0% and 100% lines, along the deals.
    def line(chance: str) -> dict[str, float]:
        return {k: float(graph.locator(f"line[data-chance='{chance}']").get_attribute(k) or "nan")
                for k in ("x1", "x2", "y1")}
    low, high = line("0"), line("1")
    assert high["y1"] < line("0.5")["y1"] < low["y1"]
    for at, chance, cx, cy, _ in points:
        assert abs(cy - (low["y1"] + chance * (high["y1"] - low["y1"]))) <= 0.1
        assert abs(cx - (low["x1"] + at / len(chances) * (low["x2"] - low["x1"]))) <= 0.1
    drawn = graph.locator("polyline.chance-line").get_attribute("points") or ""
    assert [tuple(map(float, p.split(","))) for p in drawn.split()] == [
        (cx, cy) for _, _, cx, cy, _ in points]

    # Its name is the sentence beside it, made of the same figures.
    best = max(expected, key=lambda m: m[1])
    worst = min(expected, key=lambda m: m[1])
    sentence = (f"ann's chance of winning: {percent(expected[0][1])} before deal 1, "
                f"at best {percent(best[1])} ({best[2]}), at worst {percent(worst[1])} "
                f"({worst[2]}), {percent(expected[-1][1])} at the end.")
    named = graph.get_attribute("aria-labelledby")
    assert page.text_content(f"#{named}") == sentence

    # Every figure in a table too: a screen reader reads none of the picture's points.
    page.click(".chances-figures summary")
    rows = page.locator(".chances-figures tbody tr")
    assert rows.count() == len(chances)
    assert rows.nth(0).locator("td").all_text_contents() == [
        "1", percent(chances[0]["win"]["ann"]), percent(chances[0]["after_play"]["ann"]),
        percent(chances[0]["after_show"]["ann"])]

    box = graph.bounding_box()
    assert box is not None and box["width"] <= page.viewport_size["width"] - 20
    fits(page)
    axe_clean(page)
    graph.scroll_into_view_if_needed()
    shot(page, "review-chances")


def test_no_graph_where_no_table_covers_the_game(page: Any, live_server: str) -> None:  # noqa: F811
    body, _, _ = game_json(4, Variant.FOUR_PLAYER, ("n", "e", "s", "w"))
    answer = reviewed(page, live_server, body)
    assert answer["chances"] is None
    assert page.locator("#review-result h3").count() == len(body["deals"]) + 1  # no heading either
    assert page.locator("#review-result svg.chances, #review-result .chances-figure").count() == 0


def gave_up(decision: dict[str, Any]) -> bool:
    return isinstance(decision.get("win_loss"), (int, float)) and decision["win_loss"] > 0


def cards_text(cards: list[str]) -> str:
    return " ".join(map(card_text, cards))


def worst_decisions(deal: dict[str, Any]) -> list[str]:
    """The deal's decisions that gave up most chance of winning, in the page's words."""
    found: list[tuple[float, str]] = []
    for player, d in deal["discards"].items():
        if gave_up(d):
            words = (f"{player}'s discard {cards_text(d['discard'])} "
                     f"gave up {percent(d['win_loss'])} "
                     f"(the best: {cards_text(d['best_by_win']['discard'])})")
            if d["within_interval"] is True:  # the server's: the order may be the noise's
                words += ": within the sample's interval, so the two may be in either order"
            found.append((d["win_loss"], words))
    for c in (deal["play"] or {}).get("cards", []):
        if gave_up(c):
            words = f"{c['player']}'s {card_text(c['card'])} gave up {percent(c['win_loss'])}"
            found.append((c["win_loss"], words))
    return [words for _, words in sorted(found, key=lambda f: -f[0])[:3]]


def player_words(name: str, p: dict[str, Any]) -> str:
    decisions = f"{p['decisions']} decision{'' if p['decisions'] == 1 else 's'}"
    rate = (f"error rate {percent(p['error_rate'])} a decision over {decisions}"
            if p["error_rate"] is not None else "no decision judged")
    rating = (f"; rating {p['rating']['value']:.1f} ({p['rating']['band']}), luck-adjusted "
              f"result {p['luck_adjusted']:.2f}" if p.get("rating") else "")
    return f"{name}: {rate}" + (f", luck {signed(p['luck'])}" if p.get("luck") is not None
                                else "") + rating


def signed(p: float) -> str:
    return ("−" if p < 0 else "+") + percent(abs(p))


def test_decisions_by_chance_given_up_as_the_answer_has_them(page: Any, live_server: str) -> None:  # noqa: F811
    body, _, _ = game_json(4, Variant.SIX_CARD, ("ann", "bob"))
    answer = reviewed(page, live_server, body)
    judged = 0
    for deal in answer["deals"]:
        shown = page.locator(f"#review-result .given-up[data-deal='{deal['deal']}'] li")
        expected = worst_decisions(deal)
        judged += len(expected)
        assert shown.all_text_contents() == expected
    if not any("win_loss" in d for deal in answer["deals"] for d in deal["discards"].values()):
        # Today's answers judge no decision by chance: the page shows no such list.
        assert judged == 0 and page.locator("#review-result .given-up").count() == 0

    players = answer.get("players")
    lines = page.locator("#review-players li")
    if players is None:
        assert lines.count() == 0 and page.locator("#review-players").count() == 0
    else:
        assert lines.all_text_contents() == [player_words(n, p) for n, p in players.items()]
