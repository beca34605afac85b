"""Live refereeing: random legal deals sent event by event, in every variant.

At every step the answer's ``next`` must name exactly what the tests' own legal
player (tests/simulate.py) could do at that moment, and for every complete record
the in-progress answer must equal the one-shot check of it plus ``next``. A record is
complete once nothing more is laid and the only go left to say, if any, is the one
from the player who laid the last card, which changes nothing (docs/rules.md#live):
in the five-card game that is the play without its last go.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from rules.core.cards import Card
from rules.core.variants import Variant
from rules.play.check import PlayEvent, check_play
from rules.play.live import Phase, in_play
from tests.cards import card
from tests.naive import naive_total
from tests.simulate import Deal, Turn, random_deal

SEATS = {Variant.SIX_CARD: ("pone", "dealer"), Variant.FIVE_CARD: ("pone", "dealer"),
         Variant.SEVEN_CARD: ("pone", "dealer"), Variant.THREE_PLAYER: ("a", "b", "c"),
         Variant.FOUR_PLAYER: ("n", "e", "s", "w")}
PLAYS_PER_VARIANT = 240
"""Plays sent card by card, per variant: 1,200 in all."""
DEALS_PER_VARIANT = 60
"""Whole deals sent phase by phase, per variant."""


@pytest.fixture(scope="module")
def plain(app: Flask) -> FlaskClient:
    """A client without the contract check, for the bulk (the contract is checked on the
    first deal of each variant through the validating client)."""
    return FlaskClient(app)


def deals(variant: Variant, n: int, seed: int) -> Iterator[Deal]:
    rng = random.Random(seed)
    spec = variant.spec
    for _ in range(n):
        yield random_deal(rng, SEATS[variant], spec.dealt, spec.to_crib,
                          bool(spec.crib_cards_dealt), spec.single_count)


def plays_of(deal: Deal) -> list[dict[str, Any]]:
    return [{"player": e.player, "go": True} if e.card is None
            else {"player": e.player, "card": str(e.card)}
            for e in deal.events if not e.count_ends]


def expected_turn(turn: Turn) -> dict[str, Any]:
    return {"phase": "play", "player": turn.player, "count": turn.count,
            "legal": sorted(str(c) for c in turn.playable), "go": not turn.playable}


def sorted_next(answer: dict[str, Any]) -> dict[str, Any]:
    """``next`` with its legal cards sorted, and its ``not_legal`` (0.4.0) checked against
    them and taken out: a card on turn not legal is one that passes the count, a go on
    turn is a renege exactly when a card is legal, no card is offered twice."""
    coming = dict(answer["next"])
    if "legal" in coming:
        assert len(set(coming["legal"])) == len(coming["legal"])
        coming["legal"] = sorted(coming["legal"])
        moves = coming.pop("not_legal")
        on_turn = [m for m in moves if m["player"] == coming["player"]]
        assert all(m["why"] == "out-of-turn" for m in moves if m not in on_turn)
        assert [m["why"] for m in on_turn if m.get("go")] == (["renege"] if coming["legal"] else [])
        laid = [m["card"] for m in moves if "card" in m]
        assert len(set(laid)) == len(laid) and not set(laid) & set(coming["legal"])
        assert all(Card.parse(m["card"]).pips + coming["count"] > 31
                   for m in on_turn if "card" in m)
    return coming


def post(client: FlaskClient, url: str, body: dict[str, Any]) -> dict[str, Any]:
    response = client.post(url, json=body)
    assert response.status_code == 200, response.get_json()
    answer: dict[str, Any] = response.get_json()
    return answer


def without_next(answer: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in answer.items() if key != "next"}


def is_complete(plays: list[dict[str, Any]], k: int) -> bool:
    """The first ``k`` plays are the whole play, but maybe for a go that changes nothing:
    what the simulator did after them is at most one go by the player of the last card."""
    rest = plays[k:]
    if not rest:
        return True
    laid = [p["player"] for p in plays[:k] if "card" in p]
    return len(rest) == 1 and "go" in rest[0] and bool(laid) and rest[0]["player"] == laid[-1]


@pytest.mark.parametrize("variant", list(Variant))
def test_plays_card_by_card(variant: Variant, plain: FlaskClient,
                            client: FlaskClient) -> None:
    completed = 0
    for number, deal in enumerate(deals(variant, PLAYS_PER_VARIANT, seed=13)):
        http = client if number == 0 else plain
        plays = plays_of(deal)
        assert len(plays) == len(deal.turns)
        base = {"players": list(deal.seats), "variant": variant.value,
                "hands": {p: [str(c) for c in cards] for p, cards in deal.kept.items()}}
        show = {"phase": "show", "player": deal.seats[0], "count": None}
        for k, turn in enumerate(deal.turns):
            answer = post(http, "/v1/pegging/check",
                          {**base, "plays": plays[:k], "in_progress": True})
            assert answer["findings"] == []
            if is_complete(plays, k):
                once = post(http, "/v1/pegging/check", {**base, "plays": plays[:k]})
                assert answer == {**once, "next": show}, (k, plays)
                completed += 1
                continue
            assert sorted_next(answer) == expected_turn(turn), (k, plays)
        last = post(http, "/v1/pegging/check", {**base, "plays": plays, "in_progress": True})
        once = post(http, "/v1/pegging/check", {**base, "plays": plays})
        assert last == {**once, "next": show}
        # The cards unknown, the record is complete only once the machine says so.
        unseen = {key: value for key, value in base.items() if key != "hands"}
        last = post(http, "/v1/pegging/check", {**unseen, "plays": plays, "in_progress": True})
        once = post(http, "/v1/pegging/check", {**unseen, "plays": plays})
        assert last == {**once, "next": show}
    # Only the five-card game's single count can end on a go that changes nothing.
    assert (completed > 0) is (variant is Variant.FIVE_CARD), completed


@pytest.mark.parametrize("variant", list(Variant))
def test_deals_phase_by_phase(variant: Variant, plain: FlaskClient,
                              client: FlaskClient) -> None:
    for number, deal in enumerate(deals(variant, DEALS_PER_VARIANT, seed=17)):
        http = client if number == 0 else plain
        seats = list(deal.seats)
        plays = plays_of(deal)
        claims = {"hands": {p: naive_total(deal.kept[p], deal.starter) for p in seats},
                  "crib": naive_total(deal.crib, deal.starter, crib=True)}
        body: dict[str, Any] = {"players": seats, "variant": variant.value,
                                "in_progress": True,
                                "dealt": {p: [str(c) for c in deal.dealt[p]] for p in seats}}
        if deal.crib_card is not None:
            body["crib_card"] = str(deal.crib_card)

        def ask(http: FlaskClient = http, body: dict[str, Any] = body,
                **more: Any) -> dict[str, Any]:
            return sorted_next(post(http, "/v1/deals/check", {**body, **more}))

        assert ask() == {"phase": "discard", "player": None, "count": None}
        body["discards"] = {p: [str(c) for c in deal.discards[p]] for p in seats}
        assert ask() == {"phase": "cut", "player": seats[0], "count": None}
        body["starter"] = str(deal.starter)
        for k, turn in enumerate(deal.turns):
            if is_complete(plays, k):
                assert ask(plays=plays[:k]) == {"phase": "show", "player": seats[0],
                                                "count": None}
                live = post(http, "/v1/deals/check", {**body, "plays": plays[:k],
                                                      "claims": claims})
                once = post(http, "/v1/deals/check", {**body, "plays": plays[:k],
                                                      "claims": claims, "in_progress": False})
                assert live == {**once, "next": {"phase": "over", "player": None,
                                                 "count": None}}, (k, plays)
                continue
            assert ask(plays=plays[:k]) == expected_turn(turn), (k, plays)
        body["plays"] = plays
        given: dict[str, Any] = {"hands": {}}
        for counter in seats:
            assert ask(claims=given) == {"phase": "show", "player": counter, "count": None}
            given["hands"][counter] = claims["hands"][counter]
        assert ask(claims=given) == {"phase": "show", "player": "crib", "count": None}
        given["crib"] = claims["crib"]
        last = post(http, "/v1/deals/check", {**body, "claims": given})
        assert last["next"] == {"phase": "over", "player": None, "count": None}
        assert last["findings"] == []
        once = post(http, "/v1/deals/check", {**body, "claims": given, "in_progress": False})
        assert without_next(last) == once


def test_next_follows_the_reading_scored() -> None:
    # 10 20 30, then the pone's 5: either the dealer said go and the pone's card went
    # over 31 (scored: fewer gos inferred), or both said go and the pone played out of
    # turn on a new count. The referee says so, and next follows the first reading:
    # the pone is still to play on 30.
    plays = [PlayEvent(p, card(c)) for p, c in
             (("pone", "KH"), ("dealer", "QC"), ("pone", "TD"), ("pone", "5S"))]
    result = check_play(plays, in_progress=True)
    assert [f.code.value for f in result.findings] == ["ambiguous-record", "over-31"]
    coming = in_play(result.state)
    assert (coming.phase, coming.player, coming.count) == (Phase.PLAY, "pone", 30)
    assert coming.legal is None and coming.go is None  # the pone's cards are not known
    assert result.totals == {"pone": 0, "dealer": 0}  # no last card while in progress
