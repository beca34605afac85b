"""``/v1/deals/review``, ``/v1/games/review`` and ``/v1/pegging/advise`` over HTTP (every
answer checked against the spec), the figures checked against independent sources:
the discard advice endpoint for the discards, the tests' brute force for the play."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, ClassVar

import pytest
from flask.testing import FlaskClient

from rules.core.cards import Card
from rules.core.variants import Variant
from tests import brute_play
from tests.service.test_deals_api import DEAL, errors, game_json
from tests.service.test_pegging_api import plays


def review(client: FlaskClient, url: str, body: dict[str, Any]) -> dict[str, Any]:
    response = client.post(url, json=body)
    assert response.status_code == 200, response.get_json()
    out: dict[str, Any] = response.get_json()
    return out


def expected_discard(client: FlaskClient, dealt: list[str], discard: list[str],
                     dealer: bool) -> tuple[Fraction, int]:
    advice = client.post("/v1/discards/advise", json={"cards": dealt, "dealer": dealer}
                         ).get_json()
    nets = [Fraction(o["exact"]["net_ev"]) for o in advice["options"]]
    chosen = next(Fraction(o["exact"]["net_ev"]) for o in advice["options"]
                  if set(o["discard"]) == {str(Card.parse(c)) for c in discard})
    return max(nets) - chosen, 1 + sum(1 for n in nets if n > chosen)


def brute_losses(seats: list[str], kept: dict[str, list[str]], cards: list[dict[str, Any]],
                 need: list[int] | None) -> list[tuple[int, bool]]:
    """Each judged card's loss and game flag, by the brute force from the recorded line."""
    table = brute_play.start([[Card.parse(c) for c in kept[p]] for p in seats])
    sign = [1, -1]
    side = (0, 1) if need else ()
    left = list(need or ())
    found = []
    for entry in cards:
        if entry["loss"] is None:
            break
        seat = seats.index(entry["player"])
        assert table.turn == seat
        values = brute_play.solve(table, sign, side=side, need=left)
        mine = {c: (sign[seat] * g, sign[seat] * d) for c, (g, d) in values.items()}
        best = max(mine.values())
        chosen = mine[Card.parse(entry["card"])]
        gave_up = chosen[0] < best[0]
        found.append((max(best[1] - chosen[1], 0) if gave_up else best[1] - chosen[1],
                      gave_up))
        table, pegs = brute_play.play(table, Card.parse(entry["card"]), False)
        for s, points in pegs:
            if left:
                left[s] -= points
    return found


class TestDealReview:
    URL = "/v1/deals/review"

    def test_the_discards_against_the_discard_advice(self, client: FlaskClient) -> None:
        out = review(client, self.URL, DEAL)
        for player, dealer in (("pone", False), ("dealer", True)):
            loss, rank = expected_discard(client, DEAL["dealt"][player],
                                          DEAL["discards"][player], dealer)
            got = out["discards"][player]
            assert Fraction(got["exact"]["loss"]) == loss and got["rank"] == rank
            assert got["loss"] == round(float(loss), 6)
            assert out["lost"][player]["discard"] == got["loss"]
        assert out["objective"].startswith("the play point difference between the two")

    def test_the_play_against_the_brute_force(self, client: FlaskClient) -> None:
        body = {**DEAL, "scores_before": {"pone": 10, "dealer": 20}}
        out = review(client, self.URL, body)
        kept = {p: [c for c in DEAL["dealt"][p] if c not in DEAL["discards"][p]]
                for p in ("pone", "dealer")}
        cards = out["play"]["cards"]
        assert [c["card"] for c in cards] == ["5H", "KH", "5C", "QD", "5S", "9C", "JD", "8S"]
        assert [(c["loss"], c["game"]) for c in cards] == brute_losses(
            ["pone", "dealer"], kept, cards, None)
        for player in ("pone", "dealer"):
            assert out["lost"][player]["play"] == sum(c["loss"] for c in cards
                                                      if c["player"] == player)
        assert all(c["card"] in [b for b in c["best"]] or c["loss"] > 0 for c in cards)

    def test_the_count(self, client: FlaskClient) -> None:
        # Pone's hand counts 29 and the crib 7; pone claims 24, the dealer 9 for the crib.
        body = {**DEAL, "scores_before": {"pone": 0, "dealer": 0},
                "claims": {"hands": {"pone": 24, "dealer": 4}, "crib": 9}}
        out = review(client, self.URL, body)
        count = {c["what"]: c for c in out["count"]}
        assert (count["pone"]["true"], count["pone"]["pegged"], count["pone"]["loss"]) == (
            29, 24, 5)
        # ACC: the overclaim is corrected and the opponent pegs the excess.
        assert (count["crib"]["player"], count["crib"]["conceded"], count["crib"]["loss"]) == (
            "dealer", 2, 2)
        assert "dealer" not in count  # counted right: nothing lost
        assert out["lost"]["pone"]["count"] == 5 and out["lost"]["dealer"]["count"] == 2

    def test_muggins_takes_the_missed_points(self, client: FlaskClient) -> None:
        body = {**DEAL, "scores_before": {"pone": 0, "dealer": 0}, "muggins": True,
                "claims": {"hands": {"pone": 24}}}
        count = review(client, self.URL, body)["count"]
        assert [(c["what"], c["pegged"], c["conceded"], c["loss"]) for c in count] == [
            ("pone", 24, 5, 10)]

    def test_an_illegal_play_is_reviewed_up_to_it(self, client: FlaskClient) -> None:
        # The dealer lays twice running while the pone could still play: out of turn.
        body = {**DEAL, "scores_before": {"pone": 0, "dealer": 0}, "claims": {},
                "plays": plays("pone:5H dealer:KH dealer:QD pone:5C pone:5S dealer:9C "
                               "pone:JD dealer:8S")}
        out = review(client, self.URL, body)
        assert "out-of-turn" in [f["code"] for f in out["findings"]]
        cards = out["play"]["cards"]
        assert out["play"]["stopped_at"] == 2
        unjudged = [c["loss"] is None for c in cards]
        assert unjudged[:2] == [False, False] and len(unjudged) > 2 and all(unjudged[2:])
        assert out["play"]["reason"].startswith("the record leaves legal play")

    def test_a_misdeal_has_nothing_to_review(self, client: FlaskClient) -> None:
        body = {**DEAL, "discards": {"pone": ["2C"], "dealer": ["4H", "AD"]}}
        out = review(client, self.URL, body)
        assert out["discards"] == {} and out["play"] is None
        assert out["lost"] == {p: {"discard": 0.0, "play": 0, "count": 0,
                                   "exact": {"discard": "0"}} for p in ("pone", "dealer")}

    @pytest.mark.parametrize(("change", "pointer", "code"), [
        ({"starter": "ZZ"}, "#/starter", "invalid-card"),
        ({"dealt": {"pone": ["5H"] * 2, "dealer": []}}, "#/dealt/pone/1", "duplicate-card"),
        ({"players": ["a", "b"]}, "#/dealt/pone", "unknown-player"),
        ({"in_progress": True}, "#/in_progress", "conflict"),
    ])
    def test_bad_input(self, client: FlaskClient, change: dict[str, Any], pointer: str,
                       code: str) -> None:
        found = errors(client, self.URL, {**DEAL, **change})
        assert (pointer, code) in found


class TestGameReview:
    def test_a_whole_game_against_the_brute_force(self, client: FlaskClient) -> None:
        body, _, winner = game_json(4, Variant.SIX_CARD, ("ann", "bob"))
        out = review(client, "/v1/games/review", body)
        check = client.post("/v1/games/check", json=body).get_json()
        assert out["winner"] == winner == check["winner"] and out["scores"] == check["scores"]
        assert len(out["deals"]) == len(body["deals"])
        scores = {"ann": 0, "bob": 0}
        judged = 0
        for deal, record in zip(out["deals"], body["deals"], strict=True):
            dealer = deal["dealer"]
            seats = [p for p in ("ann", "bob") if p != dealer] + [dealer]
            kept = {p: [c for c in record["dealt"][p] if c not in record["discards"][p]]
                    for p in seats}
            start = dict(scores)
            if record["starter"][0] == "J":
                start[dealer] += 2
            need = [121 - start[p] for p in seats]
            cards = deal["play"]["cards"]
            expected = brute_losses(seats, kept, cards, need)
            assert [(c["loss"], c["game"]) for c in cards[:len(expected)]] == expected
            judged += len(expected)
            scores = deal["scores_after"]
            for p in seats:
                assert Fraction(deal["lost"][p]["exact"]["discard"]) == expected_discard(
                    client, record["dealt"][p], record["discards"][p], p == dealer)[0]
        assert judged > 50
        for player in ("ann", "bob"):
            assert out["lost"][player]["play"] == sum(d["lost"][player]["play"]
                                                      for d in out["deals"])
            assert Fraction(out["lost"][player]["exact"]["discard"]) == sum(
                Fraction(d["lost"][player]["exact"]["discard"]) for d in out["deals"])

    @pytest.mark.parametrize("variant", [Variant.THREE_PLAYER, Variant.FOUR_PLAYER,
                                         Variant.FIVE_CARD, Variant.SEVEN_CARD])
    def test_every_variant(self, client: FlaskClient, variant: Variant) -> None:
        players = {Variant.THREE_PLAYER: ("ann", "bob", "cy"),
                   Variant.FOUR_PLAYER: ("n", "e", "s", "w")}.get(variant, ("ann", "bob"))
        body, _, winner = game_json(1, variant, players)
        out = review(client, "/v1/games/review", body)
        assert out["winner"] == winner and set(out["lost"]) == set(players)
        assert all(c["loss"] is None or c["loss"] >= 0
                   for d in out["deals"] for c in d["play"]["cards"])

    def test_bad_input(self, client: FlaskClient) -> None:
        body, _, _ = game_json(4, Variant.SIX_CARD, ("ann", "bob"))
        assert errors(client, "/v1/games/review", {**body, "first_dealer": "cy"}) == [
            ("#/first_dealer", "unknown-player")]


class TestPeggingAdvise:
    URL = "/v1/pegging/advise"
    BODY: ClassVar[dict[str, Any]] = {"player": "pone", "hand": ["5H", "5D", "6C", "9S"],
                                      "starter": "JH", "plays": plays("pone:5H dealer:TC")}

    def test_exact_when_few_deals(self, client: FlaskClient) -> None:
        out = review(client, self.URL, {**self.BODY, "samples": 1000})
        assert out["method"] == "exact" and out["deals"] == 454
        assert [o["card"] for o in out["options"]] == ["9S", "5D", "6C"]
        for option in out["options"]:
            assert option["expected"] == round(float(Fraction(option["exact"])), 6)
        assert out["model"].startswith("perfect-information sampling")

    def test_sampled_and_deterministic(self, client: FlaskClient) -> None:
        first = review(client, self.URL, {**self.BODY, "samples": 50, "seed": 7})
        again = review(client, self.URL, {**self.BODY, "samples": 50, "seed": 7})
        assert first == again
        assert first["method"] == "sampled" and first["deals"] == 50
        exact = review(client, self.URL, {**self.BODY, "samples": 1000})
        truth = {o["card"]: Fraction(o["exact"]) for o in exact["options"]}
        for option in first["options"]:
            assert abs(option["expected"] - float(truth[option["card"]])) <= 4 * option["stderr"]

    def test_go(self, client: FlaskClient) -> None:
        body = {**self.BODY, "plays": plays("pone:5H dealer:TC pone:5D dealer:KS")}
        out = review(client, self.URL, body)
        assert [set(o) for o in out["options"]] == [{"go", "expected", "exact"}]

    @pytest.mark.parametrize(("change", "pointer", "code"), [
        ({"player": "dealer", "plays": []}, "#/player", "not-your-turn"),
        ({"player": "cy"}, "#/player", "unknown-player"),
        ({"plays": plays("pone:5H dealer:5D")}, "#/plays/1/card", "card-seen"),
        ({"plays": plays("pone:go")}, "#/plays/0", "renege"),
        ({"hand": ["5H", "5D", "6C"]}, "#/hand", "wrong-size"),
        ({"samples": 0}, "#/samples", "out-of-range"),
        ({"starter": "5H"}, "#/starter", "duplicate-card"),
    ])
    def test_bad_input(self, client: FlaskClient, change: dict[str, Any], pointer: str,
                       code: str) -> None:
        assert errors(client, self.URL, {**self.BODY, **change}) == [(pointer, code)]
