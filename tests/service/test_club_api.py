"""``/v1/tournaments/check`` and ``/v1/tournaments/seating``, the CLI's ``night`` and
``seating``, and the Python client's two operations."""

from __future__ import annotations

from typing import Any

from click.testing import CliRunner
from flask.testing import FlaskClient

from muggins import LocalClient
from muggins.cli import main


def line(opponent: str, result: str, spread: int | None = None, **more: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"round": 1, "opponent": opponent, "result": result, **more}
    if spread is not None:
        out["spread"] = spread
    return out


NIGHT = {"cards": [
    {"player": "Ann", "games": [line("Bob", "W", 21)]},
    {"player": "Bob", "games": [line("Ann", "L", 16)]},
    {"player": "Cat", "games": [line("Dan", "W", 5)]},
    {"player": "Dan", "games": [line("Cat", "L")]},
]}


def errors(answer: Any) -> list[tuple[str, str]]:
    return [(e["pointer"], e["code"]) for e in answer.get_json()["errors"]]


class TestTournamentsCheck:
    def test_rulings_corrected_cards_and_standings(self, client: FlaskClient) -> None:
        answer = client.post("/v1/tournaments/check", json=NIGHT)
        assert answer.status_code == 200
        body = answer.get_json()
        assert [(s["player"], s["rank"], s["game_points"], s["wins"], s["spread"],
                 s["tiebreak"], s["qualified"]) for s in body["standings"]] == [
            ("Ann", 1, 2, 1, 16, "spread", True), ("Cat", 2, 2, 1, 5, "game_points", False),
            ("Dan", 3, 0, 0, -5, "spread", False), ("Bob", 4, 0, 0, -16, None, False)]
        assert body["cards"][0] == {"player": "Ann", "games": [
            {"round": 1, "opponent": "Bob", "result": "W", "spread": 16, "game_points": 2}]}
        assert [(f["code"], f["player"], f["index"], f["rule"]) for f in body["findings"]] == [
            ("spread-disagreement", "Ann", 0, "ACC 12.2.a"),
            ("no-harm-no-foul", "Ann", 0, "ACC 12.2.h"),
            ("spread-disagreement", "Bob", 0, "ACC 12.2.a"),
            ("no-harm-no-foul", "Bob", 0, "ACC 12.2.h"),
            ("spread-on-one-card", "Cat", 0, "ACC 12.2.c"),
            ("no-harm-no-foul", "Cat", 0, "ACC 12.2.h"),
            ("spread-on-one-card", "Dan", 0, "ACC 12.2.c"),
            ("no-harm-no-foul", "Dan", 0, "ACC 12.2.h")]
        assert body["findings"][0]["rulebook"] == "/rules#spread-disagreement"
        assert (body["qualifiers"], body["apparent_qualifiers"], body["places"]) == (
            ["Ann"], ["Ann"], 1)
        assert "bracket" not in body

    def test_a_sanctioned_event_has_its_bracket(self, client: FlaskClient) -> None:
        cards = []
        for n in range(0, 20, 2):
            a, b = f"P{n:02d}", f"P{n + 1:02d}"
            cards += [{"player": a, "games": [line(b, "W", 1 + n)]},
                      {"player": b, "games": [line(a, "L", 1 + n)]}]
        body = client.post("/v1/tournaments/check", json={
            "event": "sanctioned", "tournament": "main", "cards": cards}).get_json()
        assert body["places"] == 5
        assert body["qualifiers"] == ["P18", "P16", "P14", "P12", "P10"]
        assert body["bracket"]["size"] == 8 and body["bracket"]["byes"] == [1, 2, 3]
        assert body["bracket"]["first_round"] == [[5, 4]]
        assert body["master_points"] == {"awarded": {"P12": 5, "P10": 5},
                                         "from_tables": ["P18", "P16", "P14"]}

    def test_a_refereed_game_outranks_both_cards(self, client: FlaskClient) -> None:
        game = {"winner": "Bob", "scores": {"Ann": 100, "Bob": 121}}
        body = client.post("/v1/tournaments/check", json={"cards": [
            {"player": "Ann", "games": [line("Bob", "W", 20, game=game)]},
            {"player": "Bob", "games": [line("Ann", "W", 15)]}]}).get_json()
        assert [c["games"][0]["result"] for c in body["cards"]] == ["L", "W"]
        assert [c["games"][0]["spread"] for c in body["cards"]] == [21, 21]
        assert {f["code"] for f in body["findings"]} >= {"game-record-outranks"}

    def test_byes_and_rounds(self, client: FlaskClient) -> None:
        body = client.post("/v1/tournaments/check", json={"cards": [
            {"player": "Ann", "games": [line("Bob", "W", 10), {"round": 2, "bye": True}]},
            {"player": "Bob", "games": [line("Ann", "L", 10),
                                        {"round": 2, "opponent": "Cat", "result": "W",
                                         "spread": 3}]},
            {"player": "Cat", "games": [{"round": 1, "bye": True},
                                        {"round": 2, "opponent": "Bob", "result": "L",
                                         "spread": 3}]}]}).get_json()
        assert body["cards"][0]["games"][1] == {"round": 2, "bye": True}
        assert body["findings"] == []


class TestBadNights:
    def test_pointing_at_card_and_line(self, client: FlaskClient) -> None:
        answer = client.post("/v1/tournaments/check", json={"variant": "five-card", "cards": [
            {"player": "Ann", "games": [line("Bob", "W", 62), line("Zed", "L", 5, round=2)]},
            {"player": "Bob", "games": [line("Ann", "L", 5, game_points=2)]},
            {"player": "Ann", "games": []}]})
        assert answer.status_code == 422
        assert errors(answer) == [
            ("#/cards/2/player", "duplicate-player"),
            ("#/cards/0/games/0/spread", "out-of-range"),
            ("#/cards/0/games/1/opponent", "unknown-player"),
            ("#/cards/1/games/0/game_points", "conflict")]

    def test_a_spread_against_what_the_game_allows(self, client: FlaskClient) -> None:
        """121 (a double skunk to 0) is the most a game to 121 allows; the night's
        `target` or `variant` sets it (61 in the five-card game)."""
        def night(spread: int, **more: Any) -> Any:
            return client.post("/v1/tournaments/check", json={**more, "cards": [
                {"player": "Ann", "games": [line("Bob", "W", spread)]},
                {"player": "Bob", "games": [line("Ann", "L", spread)]}]})
        best = night(121).get_json()["standings"][0]
        assert (best["player"], best["game_points"], best["spread"]) == ("Ann", 3, 121)
        assert errors(night(122)) == [("#/cards/0/games/0/spread", "out-of-range"),
                                      ("#/cards/1/games/0/spread", "out-of-range")]
        assert night(61, variant="five-card").status_code == 200
        assert errors(night(62, variant="five-card"))[0] == (
            "#/cards/0/games/0/spread", "out-of-range")
        assert night(150, target=151).status_code == 200
        answer = night(31, target=30)
        assert answer.get_json()["errors"][0]["detail"] == (
            "a spread is 1 to 30 in a game to 30, not 31")

    def test_the_same_two_twice_must_name_rounds(self, client: FlaskClient) -> None:
        twice = [{"opponent": "Bob", "result": "W", "spread": 5}] * 2
        answer = client.post("/v1/tournaments/check", json={"cards": [
            {"player": "Ann", "games": twice}, {"player": "Bob", "games": []}]})
        assert errors(answer) == [("#/cards/0/games/0/round", "required"),
                                  ("#/cards/0/games/1/round", "required")]

    def test_a_line_that_is_neither_game_nor_bye(self, client: FlaskClient) -> None:
        answer = client.post("/v1/tournaments/check", json={"cards": [
            {"player": "Ann", "games": [{"round": 1, "result": "W"}]},
            {"player": "Bob", "games": [{"round": 1, "bye": True, "spread": 3}]}]})
        assert answer.status_code == 422
        assert errors(answer) == [("#/cards/0/games/0/opponent", "required"),
                                  ("#/cards/1/games/0/spread", "conflict")]


    def test_every_problem_at_once(self, client: FlaskClient) -> None:
        """Issue 21 item 3 on this endpoint: the schema's problems (a bad type, a result
        that is no result, an unknown field) and the library's (a player listed twice, an
        opponent not on the roster, a spread above a game, game points contradicting the
        result) in one 422, each at its card and line."""
        answer = client.post("/v1/tournaments/check", json={"variant": "five-card", "cards": [
            {"player": "Ann", "games": [line("Bob", "W", 62), line("Zed", "L", 5, round=2)]},
            {"player": "Bob", "games": [line("Ann", "L", 5, game_points=2),
                                        line("Cat", "W", round=2, spread="ten")]},
            {"player": "Ann", "games": [], "colour": "red"},
            {"player": "Cat", "games": [line("Bob", "Q", 4, round=2),
                                        line("Eve", "W", 3, round=3)]}]})
        assert answer.status_code == 422
        assert errors(answer) == [
            ("#/cards/1/games/1/spread", "wrong-type"),
            ("#/cards/2/colour", "unknown-field"),
            ("#/cards/3/games/0/result", "unknown-value"),
            ("#/cards/2/player", "duplicate-player"),
            ("#/cards/0/games/0/spread", "out-of-range"),
            ("#/cards/0/games/1/opponent", "unknown-player"),
            ("#/cards/1/games/0/game_points", "conflict"),
            ("#/cards/3/games/1/opponent", "unknown-player")]
        details = {e["pointer"]: e["detail"] for e in answer.get_json()["errors"]}
        assert details["#/cards/1/games/1/spread"] == "expected an integer, not 'ten'"
        assert details["#/cards/3/games/0/result"] == "'Q' is not one of W, L"
        assert details["#/cards/0/games/0/spread"] == "a spread is 1 to 61 in a game to 61, not 62"
        assert answer.get_json()["detail"] == "the request has 8 invalid fields"

    def test_a_card_whose_player_was_refused_leaves_the_roster_unknown(
            self, client: FlaskClient) -> None:
        """With a player unreadable nobody is called off the roster (it may be them), but
        the rest is still checked."""
        answer = client.post("/v1/tournaments/check", json={"cards": [
            {"player": "Ann", "games": [line("Zed", "W", 130)]},
            {"player": 7, "games": []}, {"player": "Bob", "games": []}]})
        assert errors(answer) == [("#/cards/1/player", "wrong-type"),
                                  ("#/cards/0/games/0/spread", "out-of-range")]

    def test_a_refused_variant_leaves_the_spreads_unchecked(self, client: FlaskClient) -> None:
        answer = client.post("/v1/tournaments/check", json={"variant": "nine-card", "cards": [
            {"player": "Ann", "games": [line("Bob", "W", 130), line("Ann", "L", 2, round=2)]},
            {"player": "Bob", "games": []}]})
        assert errors(answer) == [("#/variant", "unknown-value"),
                                  ("#/cards/0/games/1/opponent", "conflict")]

    def test_a_refused_convention_leaves_the_game_points_unchecked(
            self, client: FlaskClient) -> None:
        answer = client.post("/v1/tournaments/check", json={"convention": "mine", "cards": [
            {"player": "Ann", "games": [line("Bob", "W", 5, game_points=0)]},
            {"player": "Bob", "games": [line("Ann", "L", 5), line("Ann", "L", 5)]}]})
        assert errors(answer) == [("#/convention", "unknown-value"),
                                  ("#/cards/1/games/1/round", "conflict")]

    def test_a_refused_line_is_skipped_and_the_next_keeps_its_place(
            self, client: FlaskClient) -> None:
        answer = client.post("/v1/tournaments/check", json={"cards": [
            {"player": "Ann", "games": [5, {"round": 0, "bye": "yes"}, line("Zed", "W", 3)]},
            {"player": "Bob", "games": []}]})
        assert errors(answer) == [("#/cards/0/games/0", "wrong-type"),
                                  ("#/cards/0/games/1/round", "out-of-range"),
                                  ("#/cards/0/games/1/bye", "wrong-type"),
                                  ("#/cards/0/games/2/opponent", "unknown-player")]

    def test_every_message_is_in_our_words(self, client: FlaskClient) -> None:
        from tests.service.test_problems import MARSHMALLOW_WORDS
        bodies = [
            ("/v1/tournaments/check", {"cards": "x", "event": 3, "tournament": "big",
                                       "target": 0, "extra": 1}),
            ("/v1/tournaments/check", {"cards": [{"player": "", "games": [
                {"opponent": "B", "result": "W", "spread": -1, "column": "side",
                 "game": {"winner": 1, "scores": {"B": "x"}}}],
                "totals": {"wins": 1.5}}, None]}),
            ("/v1/tournaments/seating", {"players": [5], "games": 0, "seed": -1}),
        ]
        for path, body in bodies:
            found = client.post(path, json=body).get_json()["errors"]
            assert len(found) >= 3
            for error in found:
                assert error["code"] != "invalid", error
                assert not any(words in error["detail"] for words in MARSHMALLOW_WORDS), error


class TestSeating:
    def test_a_plan(self, client: FlaskClient) -> None:
        body = client.post("/v1/tournaments/seating", json={
            "players": ["Ann", "Bob", "Cat", "Dan"], "games": 3, "seed": 4}).get_json()
        pairs = [frozenset(pair) for tables in body["rounds"] for pair in tables]
        assert len(pairs) == 6 and len(set(pairs)) == 6
        assert body["byes"] == [[], [], []]
        assert body["table_cards"].splitlines()[:2] == [
            "Round 1", f"  Table 1: {body['rounds'][0][0][0]} v {body['rounds'][0][0][1]}"]

    def test_a_player_listed_twice(self, client: FlaskClient) -> None:
        answer = client.post("/v1/tournaments/seating", json={
            "players": ["Ann", "Bob", "Ann"], "games": 3})
        assert errors(answer) == [("#/players/2", "duplicate-player")]

    def test_a_player_listed_twice_beside_a_bad_field(self, client: FlaskClient) -> None:
        answer = client.post("/v1/tournaments/seating", json={
            "players": ["Ann", "Bob", "Ann", 5, "Bob"], "games": "three"})
        assert errors(answer) == [("#/players/3", "wrong-type"), ("#/games", "wrong-type"),
                                  ("#/players/2", "duplicate-player"),
                                  ("#/players/4", "duplicate-player")]


CSV = ("player,round,opponent,result,spread,game_points\n"
       "Ann,1,Bob,W,+21,2\nBob,1,Ann,L,-16,X\nCat,1,Dan,W,05,\nDan,1,Cat,L,,\n")


class TestTheCommandLine:
    def test_night_csv(self) -> None:
        result = CliRunner().invoke(main, ["night", "-", "--csv"], input=CSV)
        assert result.exit_code == 1
        assert result.stdout.splitlines() == [
            "rank,player,game_points,wins,losses,spread,plus,head_to_head,tiebreak,qualified",
            "1,Ann,2,1,0,+16,16,,spread,yes", "2,Cat,2,1,0,+5,5,,game_points,",
            "3,Dan,0,0,1,-5,0,,spread,", "4,Bob,0,0,1,-16,0,,,"]

    def test_night_text(self) -> None:
        result = CliRunner().invoke(main, ["night", "-"], input=CSV)
        assert result.stdout.splitlines()[0] == (
            "Q   1. Ann                    2 gp  1 won   +16  (ahead on spread)")
        assert "1 qualify: Ann" in result.stdout

    def test_a_finding_names_the_round_not_a_line(self) -> None:
        # Issue 30: "Dan line 2" read as the CSV's line 2; the card's round is what a
        # director looks for. Ann's card and Bob's disagree on round 1's spread (21, 16).
        result = CliRunner().invoke(main, ["night", "-"], input=(
            "player,round,opponent,result,spread\nAnn,1,Bob,W,21\nBob,1,Ann,L,16\n"
            "Ann,2,Cy,W,5\nCy,2,Ann,L,5\n"))
        found = [line.split(":")[0].strip() for line in result.output.splitlines()
                 if "spread-disagreement" in line]
        assert found == ["Ann, round 1", "Bob, round 1"]

    def test_a_row_with_the_wrong_number_of_columns(self) -> None:
        result = CliRunner().invoke(main, ["night", "-"], input=CSV + "Eve,1,Ann\n")
        assert result.exit_code == 2
        assert result.stderr == "<stdin>:6: row: 3 columns, not the header's 6\n"

    def test_seating(self) -> None:
        result = CliRunner().invoke(main, ["seating", "Ann", "Bob", "Cat", "--games", "1",
                                           "--seed", "1"])
        assert result.exit_code == 0 and result.stdout.startswith("Round 1\n  Table 1: ")
        assert result.stdout.count("Bye: ") == 1


def test_the_python_client() -> None:
    client = LocalClient()
    answer = client.check_tournament(NIGHT["cards"], event="sanctioned")
    assert answer["qualifiers"] == ["Ann"] and answer["bracket"]["size"] == 1
    plan = client.seat(["Ann", "Bob", "Cat"], 3, seed=1)
    assert sorted(bye for byes in plan["byes"] for bye in byes) == ["Ann", "Bob", "Cat"]


# --- a night's file read by the server (issue 30: the scorepad keeps no CSV reader) ------


def test_a_night_file_is_read_as_the_check_takes_it(client: FlaskClient) -> None:
    text = ("\ufeffPlayer,Round,Opponent,Result,Spread,Game Points\r\n"
            "ann,1,bob,W,+12,2\r\nbob,1,ann,L,12,X\r\ncy,2,,bye,,\r\n")
    response = client.post("/v1/tournaments/read", json={"csv": text})
    assert response.status_code == 200
    assert response.get_json() == {"cards": [
        {"player": "ann", "games": [{"round": 1, "opponent": "bob", "result": "W", "spread": 12,
                                     "column": "plus", "game_points": 2}]},
        {"player": "bob", "games": [{"round": 1, "opponent": "ann", "result": "L", "spread": 12,
                                     "game_points": 0}]},
        {"player": "cy", "games": [{"round": 2, "bye": True}]}]}


def test_a_night_file_with_bad_rows_names_each(client: FlaskClient) -> None:
    text = "player,round,opponent,result,spread\nann,x,bob,W,12\nbob,1,ann,Q,12\nann,2\n"
    response = client.post("/v1/tournaments/read", json={"csv": text})
    assert response.status_code == 422
    assert [(e["pointer"], e["line"], e["detail"]) for e in response.get_json()["errors"]] == [
        ("#/csv", 2, "round: a round is a number, not 'x'"),
        ("#/csv", 3, "result: a result is W, L or BYE, not 'Q'"),
        ("#/csv", 4, "row: 2 columns, not the header's 5")]
