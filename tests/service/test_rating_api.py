"""The play rating in /v1/games/review's ``players`` (docs/rating.md, 0.4.0): the discard's
``win_loss`` and the claims left unmade (their points at the table's value of a point),
a discard; the luck-adjusted result is the result less 0.52 of the net luck. The CLI
prints it."""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask.testing import FlaskClient

from rules import Variant
from rules.chances import PONE
from service.v1.chances import load_tables
from tests.service.test_cli import run

GAME: dict[str, Any] = {
    "players": ["ann", "bob"], "first_dealer": "ann",
    "deals": [
        {"dealt": {"bob": ["AH", "2H", "3H", "4S", "6S", "7S"],
                   "ann": ["8C", "9C", "TC", "QC", "KD", "6H"]},
         "discards": {"bob": ["6S", "7S"], "ann": ["KD", "6H"]},
         "starter": "JH",
         "plays": [{"player": "bob", "card": "AH"}, {"player": "ann", "card": "8C"},
                   {"player": "bob", "card": "2H"}, {"player": "ann", "card": "9C"},
                   {"player": "bob", "card": "3H"}, {"player": "ann", "go": True},
                   {"player": "bob", "card": "4S"}, {"player": "ann", "card": "TC"},
                   {"player": "ann", "card": "QC"}],
         "claims": {"hands": {"bob": 10}}}]}
"""The README's game: bob, the pone, claims 10 for a hand of 8 and concedes 2."""


def test_the_rating_in_the_review(client: FlaskClient) -> None:
    answer = client.post("/v1/games/review", json=GAME).get_json()
    assert [(c["player"], c["loss"]) for c in answer["deals"][0]["count"]] == [("bob", 2)]
    table = load_tables()[Variant.SIX_CARD]
    # bob, the pone at 0 (ann 0): his chance 3 points up less at 0, over 3 (the span
    # stops at nought).
    value = (table.before(3, 0).win[PONE] - table.before(0, 0).win[PONE]) / 3
    for name, figures in answer["players"].items():
        rating = figures["rating"]
        # One discard each: the discard's win_loss and the claims, in thousandths.
        assert rating["value"] == pytest.approx(rating["discards"] + rating["claims"],
                                                abs=0.002)
        discard = answer["deals"][0]["discards"][name]["win_loss"]
        assert rating["discards"] == pytest.approx(1000 * discard, abs=0.002)
        assert rating["claims"] == pytest.approx(2000 * value if name == "bob" else 0,
                                                 abs=0.0006)
        # One deal wins nothing: a half each, less 0.52 of the luck one had over the other.
        assert figures["result"] == 0.5
        assert figures["luck_adjusted"] == pytest.approx(0.5 - 0.52 * figures["net_luck"],
                                                         abs=2e-6)
    ann, bob = answer["players"]["ann"], answer["players"]["bob"]
    assert ann["net_luck"] == pytest.approx(ann["luck"] - bob["luck"], abs=2e-6)
    assert bob["net_luck"] == pytest.approx(-ann["net_luck"], abs=2e-6)
    assert bob["rating"]["claims"] > 0


def test_the_cli_prints_it(tmp_path: Any, client: FlaskClient) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(GAME))
    result = run("review", str(path))
    assert result.exit_code == 1, result.output  # 1: the overcount is a finding
    lines = [line.strip() for line in result.output.splitlines()
             if line.strip().startswith("rating ")]
    players = client.post("/v1/games/review", json=GAME).get_json()["players"]
    assert lines == [
        f"rating {p['rating']['value']:.1f} ({p['rating']['band']}): discards "
        f"{p['rating']['discards']:.1f}, play {p['rating']['play']:.1f}, claims "
        f"{p['rating']['claims']:.1f}; result 0.5, luck-adjusted {p['luck_adjusted']:+.2f}"
        for p in players.values()]
