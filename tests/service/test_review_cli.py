"""``muggins review``, ``muggins lay`` and the Python client's review and advice calls."""

from __future__ import annotations

import json
from pathlib import Path

from muggins import Client, LocalClient
from rules.core.variants import Variant
from tests.service.test_cli import DEAL, run
from tests.service.test_deals_api import game_json


class TestReviewCommand:
    def test_a_game(self, tmp_path: Path) -> None:
        body, _, winner = game_json(4, Variant.SIX_CARD, ("ann", "bob"))
        path = tmp_path / "game.json"
        path.write_text(json.dumps(body))
        result = run("review", str(path))
        assert result.exit_code == 0, result.output
        # Each deal is headed "Deal N (dealer …):".
        headed = [line for line in result.output.splitlines() if line.startswith("Deal ")]
        assert len(headed) == len(body["deals"])
        assert "over the game:" in result.output
        answer = json.loads(run("--json", "review", str(path)).output)
        for player in ("ann", "bob"):
            lost = answer["lost"][player]
            assert (f"{player} lost: discard {lost['discard']:.2f}, play {lost['play']}, "
                    f"count {lost['count']}") in result.output
        assert answer["winner"] == winner

    def test_a_deal_from_stdin(self) -> None:
        result = run("review", "-", stdin=json.dumps(DEAL))
        assert result.exit_code == 0
        assert result.output.startswith("pone threw 2C 3C: the best of 15 throws\n")
        assert "play: pone:5H" in result.output


class TestLayCommand:
    def test_exact(self) -> None:
        result = run("lay", "5H", "5D", "6C", "9S", "-s", "JH", "--plays", "pone:5H dealer:TC",
                     "--samples", "1000")
        assert result.exit_code == 0
        assert result.output.splitlines() == [
            "pone on 15 (exact, all 454 possible deals):",
            "  9S   -1.852  = -28109/15180",
            "  5D   -2.231  = -11291/5060",
            "  6C   -3.125  = -11861/3795"]
        page = (Path(__file__).resolve().parents[2] / "docs" / "reference"
                / "command-line.md").read_text("utf-8")
        assert result.output in page  # the command line's page shows this answer as it is

    def test_sampled(self) -> None:
        result = run("lay", "5H", "5D", "6C", "9S", "-s", "JH", "--plays", "pone:5H dealer:TC",
                     "--samples", "30", "--seed", "3")
        lines = result.output.splitlines()
        assert lines[0] == "pone on 15 (sampled, 30 deals):" and "±" in lines[1]
        assert lines[-1] == ("not exact (--samples 30): --samples 1000, the most, plays every "
                             "possible deal, exactly, where there are no more than that")

    def test_the_help_says_how_to_get_the_exact_answer(self) -> None:
        help_ = " ".join(run("lay", "--help").output.split())
        assert "--samples INTEGER" in help_
        assert "default 200, at most 1000" in help_
        assert "every possible deal is played and the values are exact" in help_

    def test_refused(self) -> None:
        result = run("lay", "5H", "5D", "6C", "9S", "-s", "JH", "--player", "dealer")
        assert result.exit_code == 2 and "not-your-turn" in result.output


class TestClient:
    def test_local(self) -> None:
        local = LocalClient()
        review = local.review_deal(DEAL)
        assert set(review["lost"]) == {"pone", "dealer"}
        advice = local.advise_play("pone", ["5H", "5D", "6C", "9S"], "JH",
                                   [{"player": "pone", "card": "5H"},
                                    {"player": "dealer", "card": "TC"}], samples=1000)
        assert advice["method"] == "exact" and advice["options"][0]["card"] == "9S"

    def test_against_a_server(self, live_server: str) -> None:
        body, _, _ = game_json(4, Variant.SIX_CARD, ("ann", "bob"))
        remote = Client(live_server)
        review = remote.review_game(body["players"], body["first_dealer"], body["deals"])
        assert review == LocalClient().review_game(body["players"], body["first_dealer"],
                                                   body["deals"])
