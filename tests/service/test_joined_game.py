"""A game checked from the scores it was joined at (issue 20, item 4; docs/rules.md#joined-game).

A director called to a game in progress checks it from the scores on the board:
``scores_before``, as a deal's, the five-card game's three for last counted in them and the
deals numbered from the first one sent.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from flask.testing import FlaskClient

from rules import Table, check_deal, review_deal, review_game
from rules.core.errors import RecordError
from rules.core.rulesets import Ruleset
from rules.deal.check import DealClaims
from rules.deal.game import Margin, check_game
from rules.notation import Deal, Game, NotationError
from tests.service.test_deals_api import errors

TABLE = "six-card to 121: pone dealer"
# The README's deal (tests/page/test_scorepad_deal.py README_DEAL): pone pegs 30 (1 in the
# play, 29 in the hand), the dealer 15 (4 in the play, 4 in the hand, 7 in the crib).
BODY = """dealt: pone 5H 5C 5S JD 2C 3C; dealer KH QD 9C 8S 4H AD
discards: pone 2C 3C; dealer 4H AD
starter: 5D
play: pone 5H, dealer KH, pone 5C, dealer QD, pone go, pone 5S, dealer 9C, pone JD, dealer 8S
show: pone =29; dealer =4; crib =7"""
JOINED = {"pone": 50, "dealer": 60}

# The notation's five-card example (docs/notation.md): pone pegs 0, the dealer 12.
FIVE_CARD = """five-card to 61: pone dealer
dealt: pone 8D TH 6H QS 2D; dealer 7C 4C 3C 4D KD
discards: pone QS 2D; dealer 4C KD
starter: 3S
play: pone 8D, dealer 7C, pone TH, dealer 3C, pone go
show: pone =0; dealer =2; crib =7"""

# A four-player deal (tests/library/test_deals.py random_game(2, four-player)): n&s peg 24, e&w 13.
FOUR = "four-player to 121: e s w n; sides n&s e&w"
FOUR_BODY = """dealt: e 4C 8H 3H 6H 2S; s 2D AC 7D 6D 7S; w 3S 9D TS 5D JS; n 8D QH 2C 6S 8C
discards: e 3H; s 6D; w 9D; n 6S
starter: 2H
play: e 2S, s AC, w JS, n 2C, e 8H, s 7S, w go, n go, e go, s go, w 5D, n QH, e 6H, s 7D, w 3S,
  n 8C, e 4C, s 2D, w TS, n go, n 8D"""


def the_deal(text: str = f"{TABLE}\n{BODY}") -> Deal:
    return Deal.parse(text)


def problems(error: RecordError) -> list[tuple[tuple[str | int, ...], str]]:
    return [(p.path, p.code.value) for p in error.problems]


class TestTheLibrary:
    def test_a_game_joined_at_50_60_answers_as_the_deal_check_of_its_deal(self) -> None:
        deal = the_deal()
        game = check_game(deal.table, [deal.record], scores_before=JOINED)
        alone = check_deal(deal.record, table=deal.table, scores_before=JOINED)
        assert alone.scores_after == {"pone": 80, "dealer": 75}
        assert game.scores == alone.scores_after == {"pone": 80, "dealer": 75}
        assert game.deals[0].scores_before == {"pone": 50, "dealer": 60}
        assert game.deals[0] == alone
        assert (game.winner, game.margin) == (None, None)

    def test_deals_are_numbered_from_the_first_one_sent(self) -> None:
        deal = the_deal()
        undercount = replace(deal.record, claims=DealClaims(None, {"pone": 28, "dealer": 4}, 7))
        game = check_game(deal.table, [undercount], scores_before=JOINED)
        # The first deal sent is deal 0 (not the game's deal 5 or so), dealt by the
        # table's dealer.
        assert game.dealers == ("dealer",)
        assert [(f.deal, f.code.value) for f in game.findings] == [(0, "undercount")]
        assert game.scores == {"pone": 79, "dealer": 75}

    def test_the_scores_left_out_are_nothing(self) -> None:
        deal = the_deal()
        game = check_game(deal.table, [deal.record], scores_before={"dealer": 60})
        assert game.deals[0].scores_before == {"pone": 0, "dealer": 60}
        assert game.scores == {"pone": 30, "dealer": 75}

    def test_four_players_keyed_by_side(self) -> None:
        deal = Deal.parse(f"{FOUR}\n{FOUR_BODY}")
        joined = {"n&s": 50, "e&w": 60}
        game = check_game(deal.table, [deal.record], scores_before=joined)
        alone = check_deal(deal.record, table=deal.table, scores_before=joined)
        assert game.scores == alone.scores_after == {"n&s": 74, "e&w": 73}
        with pytest.raises(RecordError) as caught:
            check_game(deal.table, [deal.record], scores_before={"n": 50, "e&w": 60})
        assert problems(caught.value) == [(("scores_before", "n"), "unknown-side")]

    @pytest.mark.parametrize(("joined", "before", "after"), [
        (None, {"pone": 3, "dealer": 0}, {"pone": 3, "dealer": 12}),  # from the start
        ({}, {"pone": 0, "dealer": 0}, {"pone": 0, "dealer": 12}),
        ({"pone": 3, "dealer": 0}, {"pone": 3, "dealer": 0}, {"pone": 3, "dealer": 12}),
        ({"pone": 20, "dealer": 30}, {"pone": 20, "dealer": 30}, {"pone": 20, "dealer": 42}),
    ])
    def test_five_card_three_for_last_is_in_the_scores_given(
            self, joined: dict[str, int] | None, before: dict[str, int],
            after: dict[str, int]) -> None:
        deal = Deal.parse(FIVE_CARD)
        game = check_game(deal.table, [deal.record], scores_before=joined)
        assert game.deals[0].scores_before == before
        assert game.scores == after
        if joined is not None:  # as the deal check of that deal
            assert check_deal(deal.record, table=deal.table,
                              scores_before=joined).scores_after == after

    def test_scores_at_or_past_the_target_are_refused_with_the_deals_problems(self) -> None:
        deal = the_deal()
        with pytest.raises(RecordError) as caught:
            check_game(deal.table, [deal.record], scores_before={"pone": 121, "dealer": 120})
        assert problems(caught.value) == [(("scores_before", "pone"), "out-of-range")]
        broken = replace(deal.record, dealt={"pone": deal.record.dealt["pone"]})
        with pytest.raises(RecordError) as caught:
            check_game(deal.table, [broken], scores_before={"pone": 130, "zed": 1})
        found = problems(caught.value)
        assert found[:2] == [(("scores_before", "pone"), "out-of-range"),
                             (("scores_before", "zed"), "unknown-side")]
        assert any(path[:2] == ("deals", 0) for path, _ in found[2:])

    @pytest.mark.parametrize(("joined", "ruleset", "scores", "won_by"), [
        # The dealer out on the show from 110; pone, joined at 20, ends on 50.
        ({"pone": 20, "dealer": 110}, Ruleset.ACC, {"pone": 50, "dealer": 121},
         Margin.DOUBLE_SKUNK),
        ({"pone": 20, "dealer": 110}, Ruleset.HOYLE, {"pone": 50, "dealer": 121}, Margin.LURCH),
        ({"pone": 60, "dealer": 110}, Ruleset.ACC, {"pone": 90, "dealer": 121}, Margin.SKUNK),
        ({"pone": 60, "dealer": 110}, Ruleset.HOYLE, {"pone": 90, "dealer": 121},
         Margin.SINGLE),
        # Pone out on the show from 92: the dealer, joined at 60, ends on 64.
        ({"pone": 92, "dealer": 60}, Ruleset.ACC, {"pone": 121, "dealer": 64}, Margin.SKUNK),
    ])
    def test_the_margin_is_the_final_scores_whatever_the_game_was_joined_at(
            self, joined: dict[str, int], ruleset: Ruleset, scores: dict[str, int],
            won_by: Margin) -> None:
        deal = the_deal()
        game = check_game(deal.table, [deal.record], scores_before=joined, ruleset=ruleset)
        assert game.scores == scores
        assert game.margin is won_by


class TestTheReview:
    def test_a_joined_game_is_reviewed_from_its_scores(self) -> None:
        deal = the_deal()
        joined = {"pone": 100, "dealer": 118}
        game = review_game(deal.table, [deal.record], scores_before=joined)
        assert game.deals[0] == review_deal(deal.record, table=deal.table, scores_before=joined)
        assert game.check.scores == {"pone": 100, "dealer": 121}
        # The dealer goes out in the play (2 for the fifteen, then the go at 30):
        # the review of the play stops there, as it would not from the start.
        play = game.deals[0].play
        assert play is not None and (play.stopped_at, play.reason) == (5, "the game had been won")
        start = review_game(deal.table, [deal.record]).deals[0].play
        assert start is not None and (start.stopped_at, start.reason) == (None, None)


class TestTheNotation:
    def test_a_game_says_the_scores_it_was_joined_at(self) -> None:
        text = f"{TABLE}\nruleset: hoyle\nScores: pone 50\n  dealer 60\ndeal: 1\n{BODY}"
        game = Game.parse(text)
        assert game.scores_before == {"pone": 50, "dealer": 60}
        assert str(game) == f"{TABLE}\nruleset: hoyle\nscores: pone 50; dealer 60\ndeal: 1\n{BODY}"
        assert Game.parse(str(game)) == game
        assert game.where[("scores_before", "dealer")] == (4, 3)

    def test_a_four_player_game_names_its_partnerships(self) -> None:
        game = Game.parse(f"{FOUR}\nscores: e&w 60; n&s 50\ndeal:\n{FOUR_BODY}")
        assert game.scores_before == {"e&w": 60, "n&s": 50}
        assert str(game).splitlines()[1] == "scores: n&s 50; e&w 60"  # the table's order
        assert Game.parse(str(game)) == game

    def test_a_game_from_its_start_says_no_scores(self) -> None:
        game = Game.parse(f"{TABLE}\ndeal: 1\n{BODY}")
        assert game.scores_before is None
        assert "scores:" not in str(game)

    @pytest.mark.parametrize(("text", "message"), [
        (f"{TABLE}\ndeal: 1\nscores: pone 50\n{BODY}",
         "line 3, column 1: 'scores:' is said before the deals at 'scores'"),
        (f"{TABLE}\nscores: pone 50\nscores: dealer 60\ndeal: 1\n{BODY}",
         "line 3, column 1: 'scores' is said once at 'scores'"),
        (f"{TABLE}\nscores: pone 50; pone 60\ndeal: 1\n{BODY}",
         "line 2, column 18: pone's score is given twice at 'pone'"),
    ])
    def test_the_scores_come_once_before_the_deals(self, text: str, message: str) -> None:
        with pytest.raises(NotationError) as caught:
            Game.parse(text)
        assert str(caught.value) == message


def game_body(**fields: Any) -> dict[str, Any]:
    deal = the_deal()
    record = {
        "dealt": {p: [c.text for c in cs] for p, cs in deal.record.dealt.items()},
        "discards": {p: [c.text for c in cs] for p, cs in (deal.record.discards or {}).items()},
        "starter": "5D",
        "plays": [{"player": e.player, "card": e.card.text} if e.card else
                  {"player": e.player, "go": True} for e in deal.record.plays or ()],
        "claims": {"hands": {"pone": 29, "dealer": 4}, "crib": 7},
    }
    return {"players": ["pone", "dealer"], "first_dealer": "dealer", "deals": [record],
            **fields}


class TestTheAPI:
    @pytest.mark.parametrize("url", ["/v1/games/check", "/v1/games/review"])
    def test_joined_at_50_60_as_the_deal_check(self, client: FlaskClient, url: str) -> None:
        out = client.post(url, json=game_body(scores_before=JOINED)).get_json()
        deal = client.post("/v1/deals/check", json={
            **game_body()["deals"][0], "scores_before": JOINED}).get_json()
        assert deal["scores_after"] == {"pone": 80, "dealer": 75}
        assert out["scores"] == deal["scores_after"]
        assert out["winner"] is None and out["margin"] is None
        if url == "/v1/games/check":
            assert out["deals"][0]["scores_before"] == JOINED
            assert out["deals"][0]["pegged"] == {"pone": 30, "dealer": 15}
        else:
            assert out["deals"][0]["scores_after"] == {"pone": 80, "dealer": 75}

    @pytest.mark.parametrize("url", ["/v1/games/check", "/v1/games/review"])
    def test_the_notation_says_them(self, client: FlaskClient, url: str) -> None:
        text = f"{TABLE}\nscores: pone 50; dealer 60\ndeal: 1\n{BODY}"
        said = client.post(url, json={"notation": text}).get_json()
        assert said == client.post(url, json=game_body(scores_before=JOINED)).get_json()
        assert errors(client, url, {"notation": text, "scores_before": JOINED}) == [
            ("#/scores_before", "conflict")]

    def test_four_players_by_side(self, client: FlaskClient) -> None:
        text = f"{FOUR}\nscores: n&s 50; e&w 60\ndeal: 1\n{FOUR_BODY}"
        out = client.post("/v1/games/check", json={"notation": text}).get_json()
        assert out["scores"] == {"n&s": 74, "e&w": 73}
        assert out["deals"][0]["scores_before"] == {"n&s": 50, "e&w": 60}

    def test_five_card_three_for_last_in_the_scores_given(self, client: FlaskClient) -> None:
        text = FIVE_CARD.replace("\ndealt:", "\ndeal: 1\ndealt:")
        start = client.post("/v1/games/check", json={"notation": text}).get_json()
        assert start["deals"][0]["scores_before"] == {"pone": 3, "dealer": 0}
        joined = client.post("/v1/games/check", json={
            "notation": text.replace("\ndeal: 1", "\nscores: pone 20; dealer 30\ndeal: 1")
        }).get_json()
        assert joined["deals"][0]["scores_before"] == {"pone": 20, "dealer": 30}
        assert joined["scores"] == {"pone": 20, "dealer": 42}

    @pytest.mark.parametrize("url", ["/v1/games/check", "/v1/games/review"])
    @pytest.mark.parametrize(("scores", "expected"), [
        ({"zed": 5}, [("#/scores_before/zed", "unknown-side")]),
        ({"pone": -1}, [("#/scores_before/pone", "out-of-range")]),
        ({"pone": 121}, [("#/scores_before/pone", "out-of-range")]),
        ({"pone": 130, "dealer": 120}, [("#/scores_before/pone", "out-of-range")]),
        ({"pone": "50"}, [("#/scores_before/pone", "wrong-type")]),
        ([50, 60], [("#/scores_before", "wrong-type")]),
    ])
    def test_bad_scores_are_a_422_at_each(self, client: FlaskClient, url: str,
                                          scores: Any, expected: list[tuple[str, str]]) -> None:
        assert errors(client, url, game_body(scores_before=scores)) == expected

    def test_at_the_target_that_was_given(self, client: FlaskClient) -> None:
        assert errors(client, "/v1/games/check",
                      game_body(scores_before={"dealer": 61}, target=61)) == [
            ("#/scores_before/dealer", "out-of-range")]

    def test_a_score_past_the_target_in_notation_points_at_its_line(
            self, client: FlaskClient) -> None:
        text = f"{TABLE}\nscores: pone 50; dealer 121\ndeal: 1\n{BODY}"
        response = client.post("/v1/games/check", json={"notation": text})
        assert response.status_code == 422
        [error] = response.get_json()["errors"]
        assert (error["pointer"], error["code"], error["line"], error["column"]) == (
            "#/notation", "out-of-range", 2, 18)


def test_a_game_from_its_start_is_as_before() -> None:
    assert check_game(Table.seat(), [the_deal().record]).scores == {"pone": 30, "dealer": 15}
