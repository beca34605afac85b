"""Pegging advice playing to the board: advise_play with rules.chances.PlayToWin, and
/v1/pegging/advise with ``objective: "win"``."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from rules import Card, Table, Variant
from rules.advice import AdviceError, advise_play
from rules.chances import PlayToWin
from rules.play.check import PlayEvent
from service.v1.chances import load_tables
from tests.cards import cards

URL = "/v1/pegging/advise"
TABLES = load_tables()
DEALER_HAND = cards("4H 2D AS 8D")
STARTER = Card.parse("7D")
PLAYS = [PlayEvent("pone", Card.parse("5S")), PlayEvent("dealer", Card.parse("4H")),
         PlayEvent("pone", Card.parse("KC"))]
"""The count at 19, the dealer to lay from 2D AS 8D."""
WIN_ON_THE_GO = 0.231359519
"""The pone's go on 24 holding K Q (3 2 laid, starter 7D: a hand of 4), at 100-100."""


def advise(scores: dict[str, int] | None) -> Any:
    table = Table.seat()
    by_chance = None if scores is None else PlayToWin(table, scores, TABLES, "dealer",
                                                          hand=DEALER_HAND, starter=STARTER)
    return advise_play(table=table, player="dealer", hand=DEALER_HAND, starter=STARTER,
                       plays=PLAYS, by_chance=by_chance)


class TestPlayingToTheBoard:
    def test_the_pone_counts_a_known_hand_first(self) -> None:
        # 5H 5D 5C JS with the 5S: 29, counted before the dealer's hand. From 100 the pone
        # reaches 129 in the show, and the dealer cannot peg 21 in one play: every card wins.
        table = Table.seat()
        hand = cards("5H 5D 5C JS")
        found = advise_play(table=table, player="pone", hand=hand, starter=Card.parse("5S"),
                            by_chance=PlayToWin(table, {"pone": 100, "dealer": 100}, TABLES,
                                                "pone", hand=hand, starter=Card.parse("5S")))
        assert {o.card.text for o in found.options if o.card} == {"5H", "5D", "5C", "JS"}
        assert all(o.win == 1.0 for o in found.options)

    def test_points_and_the_chance_of_winning_disagree_at_119(self) -> None:
        # By points the 8D is best (27: room for no 4 or more); the dealer at 119 needs 2
        # and the pone at 114 needs 7, and playing for the game the 2D comes first.
        points = advise(None)
        assert [o.card.text for o in points.options] == ["8D", "AS", "2D"]
        assert [o.win for o in points.options] == [None] * 3
        won = advise({"pone": 114, "dealer": 119})
        assert won.exact and won.deals == points.deals == 91
        assert [o.card.text for o in won.options] == ["2D", "AS", "8D"]
        assert [round(o.win, 9) for o in won.options] == [0.543905962, 0.535183248,
                                                          0.508695536]
        # The points stay beside the chance, as the points objective gives them.
        assert {o.card.text: o.expected for o in won.options} == \
            {o.card.text: o.expected for o in points.options}

    def test_the_same_cards_elsewhere_on_the_board_agree_with_points(self) -> None:
        won = advise({"pone": 117, "dealer": 117})
        assert [o.card.text for o in won.options] == ["8D", "AS", "2D"]
        assert round(won.options[0].win, 9) == 0.238678530

    def test_the_pones_side_and_a_go(self) -> None:
        # The pone holds KS QS on a count of 24: a go, valued by its chance too.
        table = Table.seat()
        hand = cards("KS QS 3H 2C")
        plays = [PlayEvent("pone", Card.parse("3H")), PlayEvent("dealer", Card.parse("9D")),
                 PlayEvent("pone", Card.parse("2C")), PlayEvent("dealer", Card.parse("JD"))]
        found = advise_play(table=table, player="pone", hand=hand, starter=STARTER,
                            plays=plays, by_chance=PlayToWin(table, {"pone": 100, "dealer": 100},
                                                TABLES, "pone", hand=hand, starter=STARTER))
        assert [o.card for o in found.options] == [None]
        win = found.options[0].win
        assert win is not None and round(win, 9) == WIN_ON_THE_GO

    def test_a_game_with_no_table_or_scores_that_do_not_fit(self) -> None:
        three = Table.seat(Variant.THREE_PLAYER, ["a", "b", "c"])
        with pytest.raises(AdviceError) as refused:
            PlayToWin(three, {"a": 1, "b": 2, "c": 3}, TABLES, "a", hand=DEALER_HAND,
                      starter=STARTER)
        assert refused.value.path == ("variant",)
        with pytest.raises(AdviceError) as refused:
            PlayToWin(Table.seat(), None, TABLES, "pone", hand=DEALER_HAND, starter=STARTER)
        assert refused.value.path == ("scores",)


def post(client: FlaskClient, **extra: Any) -> Any:
    body = {"player": "dealer", "hand": ["4H", "2D", "AS", "8D"], "starter": "7D",
            "plays": [{"player": "pone", "card": "5S"}, {"player": "dealer", "card": "4H"},
                      {"player": "pone", "card": "KC"}], **extra}
    return client.post(URL, json=body)


class TestTheService:
    def test_the_objective_win_ranks_by_the_chance(self, client: FlaskClient) -> None:
        answer = post(client, objective="win", scores={"pone": 114, "dealer": 119})
        assert answer.status_code == 200
        body = answer.get_json()
        assert body["objective"] == "win" and body["method"] == "exact"
        assert [(o["card"], o["win"]) for o in body["options"]] == [
            ("2D", 0.543906), ("AS", 0.535183), ("8D", 0.508696)]
        assert body["options"][2]["exact"] == "503/495"

    def test_points_by_default_with_no_win(self, client: FlaskClient) -> None:
        body = post(client).get_json()
        assert body["objective"] == "points"
        assert [o["card"] for o in body["options"]] == ["8D", "AS", "2D"]
        assert all("win" not in o for o in body["options"])

    @pytest.mark.parametrize(("extra", "pointer"), [
        ({"objective": "win"}, "#/scores"),
        ({"objective": "win", "scores": {"pone": 114, "dealer": 121}}, "#/scores/dealer"),
        ({"objective": "win", "scores": {"pone": 114}}, "#/scores"),
        ({"objective": "winning"}, "#/objective"),
        ({"objective": "win", "scores": {"a": 1, "b": 2, "c": 3}, "variant": "three-player",
          "players": ["a", "b", "c"], "player": "a"}, "#/variant"),
    ])
    def test_what_cannot_be_played_to_the_board_is_a_422(
            self, client: FlaskClient, extra: dict[str, Any], pointer: str) -> None:
        answer = post(client, **extra)
        assert answer.status_code == 422
        assert pointer in [e["pointer"] for e in answer.get_json()["errors"]]


class TestTheCommandLine:
    def test_lay_with_win_shows_each_chance(self) -> None:
        from tests.service.test_cli import run
        shown = run("lay", "4H", "2D", "AS", "8D", "--starter", "7D", "--player", "dealer",
                    "--plays", "pone:5S dealer:4H pone:KC", "--win", "114,119")
        assert shown.exit_code == 0
        assert shown.output.splitlines()[1:] == [
            "  2D   +0.162  = 16/99  win 54.4%",
            "  AS   +0.562  = 278/495  win 53.5%",
            "  8D   +1.016  = 503/495  win 50.9%"]

    def test_a_score_for_each_player(self) -> None:
        from tests.service.test_cli import run
        shown = run("lay", "4H", "2D", "AS", "8D", "--starter", "7D", "--player", "dealer",
                    "--win", "114")
        assert shown.exit_code == 2 and shown.output.startswith("--win: 2 whole numbers")
