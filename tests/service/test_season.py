"""``/v1/tournaments/ratings``: a season rated from its nights (OpenSkill), its 422s,
``muggins season`` on the library and the Python client's operation."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from click.testing import CliRunner
from flask.testing import FlaskClient

from muggins import LocalClient
from muggins.cli import main
from rules.club.season import BETA, MU, SIGMA, TAU


def card(player: str, *games: tuple[str, str, int]) -> dict[str, Any]:
    return {"player": player, "games": [{"round": n, "opponent": opponent, "result": result,
                                         "spread": spread}
                                        for n, (opponent, result, spread) in enumerate(games, 1)]}


NIGHT_1 = {"cards": [card("ann", ("bob", "W", 12)), card("bob", ("ann", "L", 12))]}
NIGHT_2 = {"cards": [card("ann", ("cy", "L", 5)), card("cy", ("ann", "W", 5))]}


def errors(answer: Any) -> list[tuple[str, str]]:
    return [(e["pointer"], e["code"]) for e in answer.get_json()["errors"]]


def _winner_mu(mu_w: float, mu_l: float, var_w: float, var_l: float) -> float:
    """Weng and Lin's Plackett-Luce update for two players, written out: the winner's
    mean moves by its variance over c times the chance it was given to lose."""
    var_w, var_l = var_w + TAU**2, var_l + TAU**2
    c = math.sqrt(var_w + var_l + 2 * BETA**2)
    p_w = math.exp(mu_w / c) / (math.exp(mu_w / c) + math.exp(mu_l / c))
    return mu_w + var_w / c * (1 - p_w)


class TestRatings:
    def test_one_game_moves_the_winner_up_by_the_update_written_out(
            self, client: FlaskClient) -> None:
        answer = client.post("/v1/tournaments/ratings", json={"nights": [NIGHT_1]})
        assert answer.status_code == 200
        body = answer.get_json()
        ann, bob = body["ratings"]
        up = _winner_mu(MU, MU, SIGMA**2, SIGMA**2)
        assert (ann["player"], ann["rank"], ann["games"]) == ("ann", 1, 1)
        assert ann["rating"] == round(up, 6)
        assert bob["rating"] == round(2 * MU - up, 6)  # two players: what one gains
        # The drift (tau) widens it before the game narrows it: less than the two.
        assert ann["uncertainty"] < math.sqrt(SIGMA**2 + TAU**2)
        assert ann["uncertainty"] == bob["uncertainty"]
        assert ann["low"] == round(ann["rating"] - 3 * ann["uncertainty"], 6)
        # The chance ann beats bob: the model's, Phi(diff / sqrt(2 beta^2 + both variances)).
        spread = math.sqrt(2 * BETA**2 + ann["uncertainty"] ** 2 + bob["uncertainty"] ** 2)
        phi = 0.5 * (1 + math.erf((ann["rating"] - bob["rating"]) / spread / math.sqrt(2)))
        assert abs(body["chances"]["ann"]["bob"] - phi) < 2e-6
        assert abs(body["chances"]["ann"]["bob"] + body["chances"]["bob"]["ann"] - 1) < 2e-6
        assert body["model"]["beta"] == BETA

    def test_every_night_and_new_players_join(self, client: FlaskClient) -> None:
        body = client.post("/v1/tournaments/ratings",
                           json={"nights": [NIGHT_1, NIGHT_2]}).get_json()
        assert [n["night"] for n in body["nights"]] == [1, 2]
        assert [r["player"] for r in body["nights"][0]["ratings"]] == ["ann", "bob"]
        assert {r["player"] for r in body["nights"][1]["ratings"]} == {"ann", "bob", "cy"}
        games = {r["player"]: r["games"] for r in body["ratings"]}
        assert games == {"ann": 2, "bob": 1, "cy": 1}
        assert body["ratings"] == body["nights"][-1]["ratings"]
        # bob did not play on night 2: his rating stands.
        bob = [r for r in body["nights"][1]["ratings"] if r["player"] == "bob"]
        assert bob[0]["rating"] == round(2 * MU - _winner_mu(MU, MU, SIGMA**2, SIGMA**2), 6)


class TestRefused:
    def test_an_empty_season(self, client: FlaskClient) -> None:
        answer = client.post("/v1/tournaments/ratings", json={"nights": []})
        assert answer.status_code == 422
        assert errors(answer) == [("#/nights", "wrong-size")]

    def test_a_night_the_cross_check_refuses(self, client: FlaskClient) -> None:
        bad = {"cards": [card("ann", ("dan", "W", 12)), card("bob", ("ann", "L", 12))]}
        answer = client.post("/v1/tournaments/ratings", json={"nights": [NIGHT_1, bad]})
        assert answer.status_code == 422
        assert ("#/nights/1/cards/0/games/0/opponent", "unknown-player") in errors(answer)

    def test_a_player_named_twice(self, client: FlaskClient) -> None:
        again = {"cards": [card("Ann", ("bob", "W", 3)), card("bob", ("Ann", "L", 3))]}
        answer = client.post("/v1/tournaments/ratings", json={"nights": [NIGHT_1, again]})
        assert answer.status_code == 422
        assert errors(answer) == [("#/nights/1/cards/0/player", "duplicate-player")]
        assert "differ only in capitals" in answer.get_json()["errors"][0]["detail"]

    def test_two_cards_of_one_player_in_a_night(self, client: FlaskClient) -> None:
        twice = {"cards": [*NIGHT_1["cards"], card("ann", ("bob", "W", 1))]}
        answer = client.post("/v1/tournaments/ratings", json={"nights": [twice]})
        assert answer.status_code == 422
        assert ("#/nights/0/cards/2/player", "duplicate-player") in errors(answer)


NIGHT_CSV = "player,round,opponent,result,spread\nann,1,bob,W,12\nbob,1,ann,L,12\n"
NIGHT_2_CSV = "player,round,opponent,result,spread\nann,1,cy,L,5\ncy,1,ann,W,5\n"


class TestCommandLine:
    def test_csv_in_csv_out_on_the_library(self, tmp_path: Path, client: FlaskClient) -> None:
        (tmp_path / "a.csv").write_text(NIGHT_CSV)
        (tmp_path / "b.csv").write_text(NIGHT_2_CSV)
        result = CliRunner().invoke(main, ["season", str(tmp_path / "a.csv"),
                                           str(tmp_path / "b.csv")])
        assert result.exit_code == 0, result.output
        served = client.post("/v1/tournaments/ratings",
                             json={"nights": [NIGHT_1, NIGHT_2]}).get_json()
        lines = result.output.splitlines()
        assert lines[0] == "night,rank,player,rating,uncertainty,low,games"
        assert lines[1:] == [f"2,{r['rank']},{r['player']},{r['rating']:.6f},"
                             f"{r['uncertainty']:.6f},{r['low']:.6f},{r['games']}"
                             for r in served["ratings"]]

    def test_a_name_twice_is_refused_at_its_file(self, tmp_path: Path) -> None:
        (tmp_path / "a.csv").write_text(NIGHT_CSV)
        (tmp_path / "b.csv").write_text(NIGHT_CSV.replace("ann", "Ann"))
        result = CliRunner().invoke(main, ["season", str(tmp_path / "a.csv"),
                                           str(tmp_path / "b.csv")])
        assert result.exit_code == 2
        assert f"{tmp_path / 'b.csv'}: cards/0/player:" in result.output

    def test_the_python_client(self) -> None:
        answer = LocalClient().rate_season([NIGHT_1])
        assert [r["player"] for r in answer["ratings"]] == ["ann", "bob"]
