"""Discard advice judged by the chance of winning: rules.chances.discards and
/v1/discards/advise with ``scores``."""

from __future__ import annotations

import random
from typing import Any

import pytest
from flask.testing import FlaskClient

from rules import Card, RecordError, Variant, advise
from rules.chances import (
    DEALER,
    DISCARD_SAMPLES,
    PONE,
    ChanceTable,
    DiscardChances,
    discard_chances,
    play_deal,
)
from rules.chances.strategy import Discards, Known, _deal_around, play_options
from service.v1.chances import load_tables


def parse_cards(texts: list[str]) -> tuple[Card, ...]:
    return tuple(Card.parse(text) for text in texts)

BOARD = parse_cards(["KS", "2S", "5C", "AS", "QS", "7C"])
"""A pone at 115 against 100 who needs 6: the order by win is not the order by points."""
SURE = parse_cards(["5H", "5S", "JD", "6C", "7H", "KS"])
"""Keeping 5 5 6 7 counts 8 whatever the starter, and the pone counts first."""


@pytest.fixture(scope="module")
def tables() -> dict[Variant, ChanceTable]:
    return load_tables()


@pytest.fixture(scope="module")
def board(tables: dict[Variant, ChanceTable]) -> DiscardChances:
    return discard_chances(BOARD, dealer=False, scores={"pone": 115, "dealer": 100},
                           tables=tables)


def texts(cards: Any) -> list[str]:
    return [card.text for card in cards]


def test_every_option_meets_the_same_opponent_and_starter() -> None:
    options = advise(BOARD, dealer=False).options
    dealt = []
    for option in options:
        known = Known(PONE, kept=option.keep, discard=option.discard)
        (mine, theirs), starter, kept_by = _deal_around(random.Random(7), 6, 2, known)
        assert sorted(texts(mine)) == sorted(texts(BOARD))
        assert kept_by == {PONE: (option.keep, option.discard)}
        dealt.append((tuple(theirs), starter))
    assert len(dealt) == 15 and len(set(dealt)) == 1
    assert not set(dealt[0][0]) & set(BOARD) and dealt[0][1] not in BOARD


def test_the_opponents_discard_is_worked_out_once_and_changes_nothing() -> None:
    options = advise(BOARD, dealer=False).options
    remembered: Discards = {}
    for option in options:
        known = Known(PONE, kept=option.keep, discard=option.discard)
        alone = play_deal(random.Random(3), known=known)
        assert play_deal(random.Random(3), known=known, discards=remembered) == alone
    # One entry, the dealer's: every option met the same six cards.
    assert len(remembered) == 1 and next(iter(remembered))[0] == DEALER


@pytest.mark.parametrize("side", [PONE, DEALER])
def test_every_option_on_one_shuffle_plays_as_each_alone(side: int) -> None:
    options = advise(BOARD, dealer=side == DEALER).options
    knowns = [Known(side, kept=o.keep, discard=o.discard) for o in options]
    rng = random.Random(11)
    for _ in range(6):
        state = rng.getstate()
        alone = []
        for known in knowns:
            again = random.Random()
            again.setstate(state)
            alone.append(play_deal(again, known=known))
        assert play_options(rng, knowns) == alone
        assert rng.getstate() == again.getstate()  # the next deal starts where each would


def test_options_on_one_shuffle_are_one_sides_from_the_same_cards() -> None:
    option = advise(BOARD, dealer=False).options[0]
    other = advise(SURE, dealer=False).options[0]
    with pytest.raises(ValueError, match="same cards"):
        play_options(random.Random(1), [Known(PONE, kept=option.keep, discard=option.discard),
                                        Known(PONE, kept=other.keep, discard=other.discard)])
    with pytest.raises(ValueError, match="same cards"):
        play_options(random.Random(1), [Known(PONE, kept=option.keep, discard=option.discard),
                                        Known(DEALER, kept=option.keep, discard=option.discard)])


def test_the_exact_chances_of_a_hand_at_115_needing_6(board: DiscardChances) -> None:
    assert board.samples == DISCARD_SAMPLES == 128
    assert (board.pone, board.dealer) == (115, 100)
    first = board.options[0]
    assert texts(first.option.discard) == ["KS", "2S"]
    assert first.win == 0.977778756  # the pone's mean win over 128 deals, fixed point
    assert first.behind == 0 and first.behind_interval == 0
    wins = [round(o.win, 4) for o in board.options]
    assert wins == sorted(wins, reverse=True)
    assert wins[:4] == [0.9778, 0.9752, 0.9546, 0.9467]
    assert wins[-1] == 0.4675  # throwing the five: 5C QS
    assert len(board.options) == 15
    assert {o.option for o in board.options} == set(board.advice.options)


def test_the_order_by_win_differs_from_the_order_by_points(board: DiscardChances) -> None:
    assert board.orders_differ
    assert texts(board.best_by_net.discard) == ["AS", "7C"]
    assert texts(board.best_by_win.discard) == ["KS", "2S"]
    by_points = next(o for o in board.options if o.option == board.best_by_net)
    # Beyond the sampling error of the difference: the same deals for both.
    assert by_points.behind == pytest.approx(0.0721, abs=1e-4)
    assert by_points.behind > by_points.behind_interval > 0


def test_a_hand_that_makes_the_points_needed_wins_for_certain(
        tables: dict[Variant, ChanceTable]) -> None:
    found = discard_chances(SURE, dealer=False, scores={"pone": 115, "dealer": 100},
                            tables=tables)
    keeps = {tuple(sorted(texts(o.option.keep))): o.win for o in found.options}
    assert keeps[("5H", "5S", "6C", "7H")] == 1.0
    # Ties keep the order by points: the best by points is among the certain wins.
    assert found.options[0].option == found.best_by_net
    assert found.options[0].win == 1.0
    assert not all(o.win == 1.0 for o in found.options)  # throwing a five can fail


def test_a_dealer_who_needs_one_against_a_pone_at_nought_cannot_lose(
        tables: dict[Variant, ChanceTable]) -> None:
    found = discard_chances(SURE, dealer=True, scores={"pone": 0, "dealer": 120},
                            tables=tables)
    assert [o.win for o in found.options] == [1.0] * 15
    assert not found.orders_differ
    assert found.best_by_win == found.best_by_net


def test_the_same_question_gets_the_same_answer(tables: dict[Variant, ChanceTable],
                                                board: DiscardChances) -> None:
    shuffled = (*BOARD[3:], *BOARD[:3])
    again = discard_chances(shuffled, dealer=False, scores={"pone": 115, "dealer": 100},
                            tables=tables)
    assert [(set(o.option.discard), o.win, o.interval) for o in again.options] == \
        [(set(o.option.discard), o.win, o.interval) for o in board.options]
    other = discard_chances(BOARD, dealer=False, scores={"pone": 115, "dealer": 101},
                            tables=tables)
    assert [o.win for o in other.options] != [o.win for o in board.options]


def test_the_five_card_game(tables: dict[Variant, ChanceTable]) -> None:
    cards = parse_cards(["KS", "2S", "5C", "AS", "QS"])
    found = discard_chances(cards, dealer=False, scores={"pone": 55, "dealer": 60},
                            tables=tables, variant=Variant.FIVE_CARD)
    assert len(found.options) == 10
    assert all(0 <= o.win < 1 for o in found.options)
    assert found.options[0].win == max(o.win for o in found.options)


def test_the_library_refuses_scores_it_cannot_answer(
        tables: dict[Variant, ChanceTable]) -> None:
    with pytest.raises(RecordError) as raised:
        discard_chances(BOARD, dealer=False, scores={"pone": 121, "other": 3}, tables=tables)
    assert [p.path for p in raised.value.problems] == [
        ("scores", "pone"), ("scores", "other"), ("scores",)]
    with pytest.raises(RecordError) as raised:
        discard_chances(BOARD[:5], dealer=False, scores={"pone": 1, "dealer": 3},
                        tables=tables, variant=Variant.THREE_PLAYER)
    assert [p.path for p in raised.value.problems] == [("scores",)]


# --- the service ------------------------------------------------------------------------

def post(client: FlaskClient, **body: Any) -> Any:
    return client.post("/v1/discards/advise", json=body)


def test_the_service_ranks_by_win_beside_net_ev(client: FlaskClient) -> None:
    answer = post(client, cards=texts(BOARD), dealer=False,
                  scores={"pone": 115, "dealer": 100})
    assert answer.status_code == 200
    body = answer.get_json()
    assert body["target"] == 121 and body["samples"] == 128
    assert body["scores"] == {"pone": 115, "dealer": 100}
    assert body["orders_differ"] is True
    assert body["best_by_win"] == {"keep": ["5C", "AS", "QS", "7C"], "discard": ["KS", "2S"]}
    assert body["best_by_net_ev"] == {"keep": ["KS", "2S", "5C", "QS"],
                                      "discard": ["AS", "7C"]}
    first = body["options"][0]
    assert first["win"] == 0.977779 and first["behind"] == 0.0
    assert first["net_ev"] == 0.609618
    assert [o["win"] for o in body["options"]] == sorted(
        (o["win"] for o in body["options"]), reverse=True)
    assert body["table"]["deals"] == 300_000


def test_without_scores_the_answer_is_the_advice_by_points(client: FlaskClient) -> None:
    body = post(client, cards=texts(BOARD), dealer=False).get_json()
    assert set(body) == {"cards", "dealer", "variant", "crib", "heels_ev", "options"}
    assert set(body["options"][0]) == {"keep", "discard", "hand_ev", "crib_ev", "net_ev",
                                       "exact"}
    assert body["options"][0]["discard"] == ["AS", "7C"]


@pytest.mark.parametrize(("body", "errors"), [
    ({"scores": {"pone": 121, "dealer": 100}},
     [("#/scores/pone", "out-of-range")]),
    ({"scores": {"pone": 115}}, [("#/scores", "required")]),
    ({"scores": {"pone": 1, "dealer": 2, "crib": 3}}, [("#/scores/crib", "unknown-side")]),
    ({"scores": {"pone": 1, "dealer": 2}, "variant": "three-player",
      "cards": ["KS", "2S", "5C", "AS", "QS"]}, [("#/scores", "not-in-variant")]),
    ({"scores": {"pone": 1, "dealer": 2}, "variant": "five-card", "cards": ["KS", "2S"]},
     [("#/cards", "wrong-size")]),
    ({"scores": [115, 100]}, [("#/scores", "wrong-type")]),
])
def test_scores_it_cannot_answer_are_refused_at_their_field(
        client: FlaskClient, body: dict[str, Any], errors: list[tuple[str, str]]) -> None:
    answer = post(client, **{"cards": texts(BOARD), "dealer": False, **body})
    assert answer.status_code == 422
    assert [(e["pointer"], e["code"]) for e in answer.get_json()["errors"]] == errors
