"""Reviews judged by the chance of winning: each discard's ``win_loss`` (dealt out near
the end, by the table's slope elsewhere), and a game's error rate and luck per player."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest
from flask.testing import FlaskClient

from rules import Card, DealRecord, PlayEvent, Table, Variant, review_deal, review_game
from rules.chances import DEALER, PONE, ChanceTable, discard_chances
from rules.review import (
    REVIEW_SAMPLES,
    SEAT_MEAN,
    GameReview,
    WinBy,
    rate_game,
    rate_play,
)
from rules.review.discard_win import Ask, plan
from service.v1.chances import load_tables
from tests.service.test_chances_advice import BOARD
from tests.service.test_cli import run
from tests.service.test_deals_api import game_json
from tests.two_deals import PLAYS, cards, deal

ANN_BOB = Table.seat(Variant.SIX_CARD, ("ann", "bob"), dealer="bob")
"""bob deals: ann is the pone."""


@pytest.fixture(scope="module")
def tables() -> dict[Variant, ChanceTable]:
    return load_tables()


def board_deal(throw: list[Card]) -> DealRecord:
    return deal(" ".join(c.text for c in BOARD), "3H 4H 6D 8D 9H TC", " ".join(
        c.text for c in throw), "3H 4H", "KD")


NEAR = {"ann": 115, "bob": 100}
"""ann, the pone, at 115 needs 6: the order by win is not the order by points."""


class TestDealtNearTheEnd:
    def test_the_best_by_net_gives_up_chance(self, tables: dict[Variant, ChanceTable]) -> None:
        found = discard_chances(BOARD, dealer=False, scores={"pone": 115, "dealer": 100},
                                tables=tables, samples=REVIEW_SAMPLES)
        assert found.orders_differ and found.best_by_win != found.best_by_net
        by_net = next(o for o in found.options if o.option == found.best_by_net)
        review = review_deal(board_deal(list(found.best_by_net.discard)), table=ANN_BOB,
                             scores_before=NEAR, tables=tables).discards["ann"]
        assert review.loss == 0 and review.rank == 1  # best by points
        assert review.win_by is WinBy.DEALT
        assert review.win_loss == by_net.behind
        assert review.win_loss is not None and review.win_loss > 0
        assert review.best_by_win == found.best_by_win  # what it was measured against

    def test_the_best_by_win_gives_up_nothing(self, tables: dict[Variant, ChanceTable]) -> None:
        found = discard_chances(BOARD, dealer=False, scores={"pone": 115, "dealer": 100},
                                tables=tables, samples=REVIEW_SAMPLES)
        review = review_deal(board_deal(list(found.best_by_win.discard)), table=ANN_BOB,
                             scores_before=NEAR, tables=tables).discards["ann"]
        assert review.win_by is WinBy.DEALT and review.win_loss == 0.0
        assert review.loss > 0  # and yet not the best by points
        assert review.best_by_win == found.best_by_win


class TestSlopeFarFromTheEnd:
    def test_loss_times_the_tables_slope(self, tables: dict[Variant, ChanceTable]) -> None:
        chance_table = tables[Variant.SIX_CARD]
        review = review_deal(board_deal(cards("KS QS")), table=ANN_BOB,
                             scores_before={"ann": 20, "bob": 30}, tables=tables)
        for player, is_dealer, own in (("ann", False, 20), ("bob", True, 30)):
            d = review.discards[player]
            if is_dealer:
                slope = (chance_table.before(20, own + 3).win[DEALER]
                         - chance_table.before(20, own - 3).win[DEALER]) / 6
            else:
                slope = (chance_table.before(own + 3, 30).win[PONE]
                         - chance_table.before(own - 3, 30).win[PONE]) / 6
            assert d.win_by is WinBy.SLOPE
            assert d.best_by_win == d.best  # the slope keeps the order by points
            assert d.win_loss == pytest.approx(float(d.loss) * slope, rel=1e-12)
        ann = review.discards["ann"]
        assert ann.loss > 0 and ann.win_loss is not None and ann.win_loss > 0


class TestDeterminism:
    def test_the_same_request_the_same_answer(self, tables: dict[Variant, ChanceTable]) -> None:
        record = board_deal(cards("5C 7C"))
        first = review_deal(record, table=ANN_BOB, scores_before=NEAR, tables=tables)
        again = review_deal(record, table=ANN_BOB, scores_before=NEAR, tables=tables)
        assert first.discards == again.discards
        assert first.discards["ann"].win_by is WinBy.DEALT


class TestBudgetFromTheEnd:
    def test_spent_from_the_last_discard_backwards(self) -> None:
        asks = [Ask(10, 20, 15), Ask(95, 100, 15), Ask(100, 100, 15), Ask(110, 104, 15),
                Ask(115, 118, 15)]
        # Room for two discards: the last two, though three are near the end.
        assert plan(asks, 121, budget=2 * 15 * REVIEW_SAMPLES) == [
            WinBy.SLOPE, WinBy.SLOPE, WinBy.SLOPE, WinBy.DEALT, WinBy.DEALT]
        assert plan(asks, 121, budget=10**9) == [WinBy.SLOPE] + [WinBy.DEALT] * 4

    def test_no_budget_left_is_the_slope(self, tables: dict[Variant, ChanceTable]) -> None:
        review = review_deal(board_deal(cards("5C 7C")), table=ANN_BOB, scores_before=NEAR,
                             tables=tables, deals_budget=15 * REVIEW_SAMPLES)
        # Each seat's discard costs 15 options × 32 deals: bob's (the later seat) is dealt.
        assert review.discards["bob"].win_by is WinBy.DEALT
        assert review.discards["ann"].win_by is WinBy.SLOPE


class TestErrorRate:
    def test_the_mean_over_exactly_the_unforced_decisions(
            self, tables: dict[Variant, ChanceTable]) -> None:
        record = deal("2S 2H 2D 2C 9H 8H", "KS QS JS TS 4D 3C", "9H 8H", "4D 3C", "AC", PLAYS)
        game = review_game(ANN_BOB, [record], tables=tables)
        play = game.deals[0].play
        assert play is not None and [c.card.text for c in play.cards] == PLAYS.replace(
            "bob:go ", "").replace("ann:", "").replace("bob:", "").split()
        # ann's twos are one rank each time; bob's K Q J T: four ranks, three, two, one.
        assert [c.choices for c in play.cards] == [1, 4, 1, 3, 1, 1, 2, 1]
        # Give every card laid a win_loss of its own, as the play's win search would.
        laid = tuple(replace(c, win_loss=0.01 * (n + 1)) for n, c in enumerate(play.cards))
        built = GameReview(game.check, (replace(game.deals[0], play=replace(play, cards=laid)),),
                           game.lost)
        rated = rate_game(built, [record], tables)
        assert rated is not None
        discards = game.deals[0].discards
        assert rated["ann"].decisions == 1
        assert rated["ann"].error_rate == discards["ann"].win_loss
        # bob: the discard, the king (0.02), the queen (0.04), the jack (0.07).
        assert rated["bob"].decisions == 4
        assert discards["bob"].win_loss is not None
        assert rated["bob"].error_rate == pytest.approx(
            (discards["bob"].win_loss + 0.02 + 0.04 + 0.07) / 4, abs=1e-15)

    def test_cards_without_win_loss_are_not_counted(
            self, tables: dict[Variant, ChanceTable]) -> None:
        record = deal("2S 2H 2D 2C 9H 8H", "KS QS JS TS 4D 3C", "9H 8H", "4D 3C", "AC", PLAYS)
        game = review_game(ANN_BOB, [record], tables=tables)
        play = game.deals[0].play
        assert play is not None and all(c.win_loss is not None for c in play.cards)
        searched = rate_game(game, [record], tables)
        assert searched is not None and searched["bob"].decisions == 4  # as the search judged
        # The same play with no card judged (as where the review stopped).
        unjudged = tuple(replace(c, win_loss=None) for c in play.cards)
        built = GameReview(game.check,
                           (replace(game.deals[0], play=replace(play, cards=unjudged)),),
                           game.lost)
        rated = rate_game(built, [record], tables)
        assert rated is not None and rated["bob"].decisions == 1  # the discard alone


class TestLuck:
    def test_a_29_hand_is_good_luck(self, tables: dict[Variant, ChanceTable]) -> None:
        # ann keeps 5 5 5 J of clubs and the five of clubs is cut: 29.
        record = deal("5H 5S 5D JC KH QD", "AS 2C 3D 4S 7H 8S", "KH QD", "7H 8S", "5C")
        game = review_game(ANN_BOB, [record], tables=tables)
        rated = rate_game(game, [record], tables)
        assert rated is not None and rated["ann"].luck > 0
        assert game.deals[0].discards["ann"].best.net > SEAT_MEAN[Variant.SIX_CARD, False]

    def test_a_bare_hand_and_a_bad_cut_is_bad_luck(
            self, tables: dict[Variant, ChanceTable]) -> None:
        record = deal("2H 4S 6D 8C TH QD", "AS 2C 3D 4H 7H 8S", "TH QD", "7H 8S", "KC")
        rated = rate_game(review_game(ANN_BOB, [record], tables=tables), [record], tables)
        assert rated is not None and rated["ann"].luck < 0


class TestNoTable:
    def test_four_players_have_null_fields(self, client: FlaskClient) -> None:
        body, _, _ = game_json(4, Variant.FOUR_PLAYER, ("n", "e", "s", "w"))
        answer = client.post("/v1/games/review", json=body).get_json()
        assert answer["players"] is None
        for d in answer["deals"]:
            for discard in d["discards"].values():
                assert discard["win_loss"] is None and discard["win_by"] is None
                assert discard["best_by_win"] is None


class TestApi:
    def test_a_games_review_has_win_loss_and_players(
            self, client: FlaskClient, tables: dict[Variant, ChanceTable]) -> None:
        body, _, _ = game_json(4, Variant.SIX_CARD, ("ann", "bob"))
        response = client.post("/v1/games/review", json=body)
        assert response.status_code == 200
        answer: dict[str, Any] = response.get_json()
        assert set(answer["players"]) == {"ann", "bob"}
        for d in answer["deals"]:
            for discard in d["discards"].values():
                assert discard["win_by"] in ("dealt", "slope")
                assert 0 <= discard["win_loss"] <= 1
                if discard["win_by"] == "slope":
                    assert discard["best_by_win"] == {k: discard["best"][k]
                                                      for k in ("discard", "keep")}
                else:
                    assert len(discard["best_by_win"]["keep"]) == 4
        # The same figures as the library's, from the same records.
        records = [DealRecord(
            {p: [Card.parse(c) for c in cs] for p, cs in d["dealt"].items()},
            {p: [Card.parse(c) for c in cs] for p, cs in d["discards"].items()},
            Card.parse(d["starter"]),
            [PlayEvent(e["player"], Card.parse(e["card"]) if "card" in e else None)
             for e in d["plays"]]) for d in body["deals"]]
        table = Table.seat(Variant.SIX_CARD, ("ann", "bob"), dealer=body["first_dealer"])
        review = review_game(table, records, tables=tables)
        rated = rate_game(review, records, tables)
        play = rate_play(review, records, tables)
        assert rated is not None and play is not None
        assert {p: {k: f[k] for k in ("error_rate", "decisions", "luck")}
                for p, f in answer["players"].items()} == {
            p: {"error_rate": round(r.error_rate, 6), "decisions": r.decisions,
                "luck": round(r.luck, 6)} for p, r in rated.items()}
        # The play rating (docs/rating.md), 0.4.0: the library's figures, rounded.
        for p, figures in answer["players"].items():
            mine = play[p]
            assert figures["rating"] == {"value": round(mine.play.rating, 3),
                                         "band": mine.play.band,
                                         **{k: round(v, 3) + 0.0
                                            for k, v in mine.play.parts.items()}}
            assert figures["result"] == mine.result == (answer["winner"] == p)
            assert figures["luck_adjusted"] == round(mine.luck_adjusted, 6)
        # Every discard is a decision (the cards laid count once the play has win_loss).
        for player, figures in answer["players"].items():
            assert figures["decisions"] >= sum(1 for d in answer["deals"]
                                               if player in d["discards"])


class TestCli:
    def test_a_games_review_says_the_chances(self, tmp_path: Any) -> None:
        body, _, _ = game_json(4, Variant.SIX_CARD, ("ann", "bob"))
        path = tmp_path / "game.json"
        path.write_text(json.dumps(body))
        output = run("review", str(path)).output
        answer = json.loads(run("--json", "review", str(path)).output)
        for player, each in answer["players"].items():
            assert (f"  {player}: error rate {each['error_rate']:.2%} of the game a decision "
                    f"over {each['decisions']} decisions; luck {each['luck']:+.1%}") in output
        worse = [(d, p) for d in answer["deals"] for p, x in d["discards"].items()
                 if x["rank"] > 1]
        assert worse
        deal_, player = worse[0]
        x = deal_["discards"][player]
        assert (f"{player} threw {' '.join(x['discard'])}: ") in output
        assert (f"gave up {x['loss']:.2f} points ({x['win_loss']:.1%} of the game) against "
                f"{' '.join(x['best']['discard'])}") in output

    def test_a_best_throw_by_points_that_gives_up_chance_names_the_best_by_win(
            self, tmp_path: Any, tables: dict[Variant, ChanceTable]) -> None:
        found = discard_chances(BOARD, dealer=False, scores={"pone": 115, "dealer": 100},
                                tables=tables, samples=REVIEW_SAMPLES)
        record = board_deal(list(found.best_by_net.discard))
        body = {"players": ["ann", "bob"], "scores_before": NEAR,
                "dealt": {p: [c.text for c in cs] for p, cs in record.dealt.items()},
                "discards": {p: [c.text for c in cs]
                             for p, cs in (record.discards or {}).items()},
                "starter": record.starter.text if record.starter else None,
                "plays": [{"player": e.player, "card": e.card.text} if e.card
                          else {"player": e.player, "go": True} for e in record.plays]}
        path = tmp_path / "deal.json"
        path.write_text(json.dumps(body))
        answer = json.loads(run("--json", "review", str(path)).output)["discards"]["ann"]
        assert answer["rank"] == 1 and answer["win_loss"] > 0
        best = " ".join(c.text for c in found.best_by_win.discard)
        assert (f"ann threw {' '.join(answer['discard'])}: the best of 15 throws; by the "
                f"chance of winning it gave up {answer['win_loss']:.1%} of the game against "
                f"{best}") in run("review", str(path)).output

    def test_a_card_that_gives_up_chance_says_how_much(self, tmp_path: Any) -> None:
        body, _, _ = game_json(4, Variant.SIX_CARD, ("ann", "bob"))
        path = tmp_path / "game.json"
        path.write_text(json.dumps(body))
        answer = json.loads(run("--json", "review", str(path)).output)
        costly = [c for d in answer["deals"] for c in d["play"]["cards"] if c["win_loss"]]
        assert costly  # four deals: some card gives up some chance
        output = run("review", str(path)).output
        for c in costly:
            cost = f"-{c['loss']}" if c["loss"] else ""
            assert f"{c['player']}:{c['card']}{cost}({c['win_loss']:.1%})" in output
