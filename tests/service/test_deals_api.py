"""``/v1/deals/check`` and ``/v1/games/check`` over HTTP (every answer checked against the spec)."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from rules.core.variants import Variant
from tests.library.test_deals import random_game
from tests.service.test_pegging_api import plays

DEAL: dict[str, Any] = {
    "dealt": {"pone": ["5H", "5C", "5S", "JD", "2C", "3C"],
              "dealer": ["KH", "QD", "9C", "8S", "4H", "AD"]},
    "discards": {"pone": ["2C", "3C"], "dealer": ["4H", "AD"]},
    "starter": "5D",
    "plays": plays("pone:5H dealer:KH pone:5C dealer:QD pone:go pone:5S dealer:9C pone:JD "
                   "dealer:8S"),
    "claims": {"hands": {"pone": 29, "dealer": 4}, "crib": 7},
    "scores_before": {"pone": 100, "dealer": 110},
}


# issue 19's five-card deal: the play is over after 28 and the pone's go.
FIVE_CARD: dict[str, Any] = {
    "variant": "five-card",
    "dealt": {"pone": ["8D", "TH", "6H", "QS", "2D"], "dealer": ["7C", "4C", "3C", "4D", "KD"]},
    "discards": {"pone": ["QS", "2D"], "dealer": ["4C", "KD"]},
    "starter": "3S",
    "plays": plays("pone:8D dealer:7C pone:TH dealer:3C pone:go"),
    "claims": {"hands": {"pone": 0, "dealer": 2}, "crib": 7},
}


def errors(client: FlaskClient, url: str, body: Any) -> list[tuple[str, str]]:
    response = client.post(url, json=body)
    assert response.status_code == 422, response.get_json()
    return [(e["pointer"], e["code"]) for e in response.get_json()["errors"]]


class TestDealCheck:
    def test_pone_goes_out_on_the_show(self, client: FlaskClient) -> None:
        out = client.post("/v1/deals/check", json=DEAL).get_json()
        assert out["play"]["totals"] == {"pone": 1, "dealer": 4}
        assert {k: v["total"] for k, v in out["show"].items()} == {
            "pone": 29, "dealer": 4, "crib": 7}
        assert out["show"]["pone"]["verdict"] == "correct"
        # counted, and the claims echoed, but not ruled on: the game was already won
        assert out["show"]["dealer"]["claimed"] == 4 and out["show"]["crib"]["claimed"] == 7
        assert not {"verdict", "findings", "award"} & set(out["show"]["dealer"])
        assert (out["winner"], out["won_during"]) == ("pone", "show")
        assert out["scores_after"] == {"pone": 121, "dealer": 114}
        assert out["heels"] == {"points": 0, "pegged": 0}
        assert out["misdeal"] is False and out["findings"] == []

    def test_misdeal(self, client: FlaskClient) -> None:
        body = {**DEAL, "dealt": {**DEAL["dealt"], "dealer": DEAL["dealt"]["dealer"][1:]},
                "ruleset": "english"}
        out = client.post("/v1/deals/check", json=body).get_json()
        assert out["misdeal"] is True and [f["code"] for f in out["findings"]] == ["misdeal"]
        assert out["scores_after"] == {"pone": 102, "dealer": 110}
        assert out["play"] is None and out["show"] == {}


    def test_a_deal_without_plays_is_refereed_on_its_show(self, client: FlaskClient) -> None:
        body = {k: v for k, v in DEAL.items() if k not in {"plays", "scores_before"}}
        out = client.post("/v1/deals/check", json=body).get_json()
        assert out["findings"] == [] and out["play"] is None
        assert out["pegged"] == {"pone": 29, "dealer": 4 + 7}
        assert out["scores_after"] == {"pone": 29, "dealer": 11}

    def test_a_game_of_shows(self, client: FlaskClient) -> None:
        deal = {k: v for k, v in DEAL.items() if k not in {"plays", "scores_before"}}
        body = {"players": ["pone", "dealer"], "first_dealer": "dealer",
                "deals": [{**deal, "claims": {}}]}
        out = client.post("/v1/games/check", json=body).get_json()
        assert out["findings"] == [] and out["scores"] == {"pone": 29, "dealer": 11}
        assert out["deals"][0]["play"] == {} and out["deals"][0]["findings_count"] == 0


class TestDealErrors:
    URL = "/v1/deals/check"

    def test_discard_not_held(self, client: FlaskClient) -> None:
        body = {**DEAL, "discards": {"pone": ["2C", "KH"], "dealer": ["4H", "AD"]}}
        assert errors(client, self.URL, body) == [("#/discards/pone/1", "card-not-held")]

    def test_a_card_twice(self, client: FlaskClient) -> None:
        assert errors(client, self.URL, {**DEAL, "starter": "5h"}) == [
            ("#/starter", "duplicate-card")]

    def test_unknown_names_in_claims(self, client: FlaskClient) -> None:
        body = {**DEAL, "claims": {"hands": {"zed": 4}}}
        assert errors(client, self.URL, body) == [("#/claims/hands/zed", "unknown-player")]

    def test_players_not_matching_the_variant(self, client: FlaskClient) -> None:
        body = {**DEAL, "players": ["a", "b", "c"]}
        assert errors(client, self.URL, body) == [("#/players", "wrong-size")]

    @pytest.mark.parametrize(("change", "pointer", "code"), [
        ({"scores_before": {"pone": 121}}, "#/scores_before/pone", "out-of-range"),
        ({"scores_before": {"pone": -1}}, "#/scores_before/pone/value", "out-of-range"),
        ({"scores_before": {"ann": 3}}, "#/scores_before/ann", "unknown-side"),
        ({"target": 0}, "#/target", "out-of-range"),
        ({"claims": {"crib": 10**6}}, "#/claims/crib", "out-of-range"),
        ({"crib_card": "7D"}, "#/crib_card", "not-in-variant"),
        ({"players": ["crib", "dealer"]}, "#/players", "reserved-name"),
    ])
    def test_out_of_range_and_misplaced(self, client: FlaskClient, change: dict[str, Any],
                                        pointer: str, code: str) -> None:
        [(got_pointer, got_code)] = errors(client, self.URL, {**DEAL, **change})
        assert got_code == code
        assert got_pointer in (pointer, pointer.removesuffix("/value"))


class TestDealsInProgress:
    URL = "/v1/deals/check"

    def test_every_problem_of_the_record_at_once(self, client: FlaskClient) -> None:
        body = {**DEAL, "discards": {"pone": ["2C", "KH"], "dealer": ["4H", "AD"]},
                "starter": "5h", "scores_before": {"ann": 3}}
        assert errors(client, self.URL, body) == [
            ("#/discards/pone/1", "card-not-held"), ("#/starter", "duplicate-card"),
            ("#/scores_before/ann", "unknown-side")]

    def test_phases_out_of_order(self, client: FlaskClient) -> None:
        body = {"dealt": DEAL["dealt"], "starter": DEAL["starter"], "in_progress": True}
        assert errors(client, self.URL, body) == [("#/starter", "out-of-order")]
        body = {**DEAL, "claims": {"hands": {"pone": 4}}, "plays": DEAL["plays"][:2],
                "in_progress": True}
        assert errors(client, self.URL, body) == [("#/claims/hands/pone", "out-of-order")]
        body = {**DEAL, "claims": {"hands": {"dealer": 4}, "crib": 7}, "in_progress": True}
        assert errors(client, self.URL, body) == [("#/claims/hands/dealer", "out-of-order"),
                                                  ("#/claims/crib", "out-of-order")]

    def test_a_finished_play_is_not_refused_in_progress(self, client: FlaskClient) -> None:
        # issue 19: after 28 and the pone's go no one can play (the dealer, who laid the
        # 3C, holds only 4D): the play is over, whether the dealer's go is written or not.
        once = client.post(self.URL, json=FIVE_CARD).get_json()
        assert once["play"]["totals"] == {"pone": 0, "dealer": 3}
        assert [h["total"] for h in once["show"].values()] == [0, 2, 7]
        assert once["pegged"] == {"pone": 0, "dealer": 3 + 2 + 7} and once["findings"] == []
        response = client.post(self.URL, json={**FIVE_CARD, "in_progress": True})
        assert response.status_code == 200, response.get_json()
        assert response.get_json() == {**once, "next": {"phase": "over", "player": None,
                                                        "count": None}}
        body = {key: value for key, value in FIVE_CARD.items() if key != "claims"}
        out = client.post(self.URL, json={**body, "in_progress": True}).get_json()
        assert out["next"] == {"phase": "show", "player": "pone", "count": None}
        assert out["play"] == once["play"] and out["pegged"] == {"pone": 0, "dealer": 3}

    def test_a_finished_deal_needs_its_discards_and_starter(self, client: FlaskClient) -> None:
        assert errors(client, self.URL, {"dealt": DEAL["dealt"]}) == [
            ("#/discards", "required"), ("#/starter", "required")]


def test_a_table_that_cannot_exist_is_a_422_with_every_pointer(client: FlaskClient) -> None:
    # The five-card game's three for last would reach a target of 3 before the deal.
    body = {"variant": "five-card", "target": 3, "players": ["ann", "ann", "bob"],
            "dealt": {"ann": ["AH", "2H", "3H", "4H", "5H"]}, "starter": "KS"}
    assert errors(client, "/v1/deals/check", body) == [
        ("#/players", "wrong-size"), ("#/players", "duplicate-player"),
        ("#/target", "out-of-range")]
    game = {"variant": "five-card", "target": 2, "players": ["ann", "bob"],
            "first_dealer": "cy", "deals": [{"dealt": {}}]}
    assert errors(client, "/v1/games/check", game) == [
        ("#/first_dealer", "unknown-player"), ("#/target", "out-of-range")]


def test_partnerships_that_share_a_name_are_refused(client: FlaskClient) -> None:
    seats = ["x&y", "x", "z", "y&z"]  # both partnerships would be "x&y&z"
    suits = "HDCS"
    body = {"players": seats, "variant": "four-player",
            "dealt": {p: [f"{r}{suits[i]}" for r in "A2345"] for i, p in enumerate(seats)},
            "discards": {p: [f"A{suits[i]}"] for i, p in enumerate(seats)}, "starter": "KS"}
    assert errors(client, "/v1/deals/check", body) == [("#/players", "conflict")]


def game_json(seed: int, variant: Variant, players: tuple[str, ...]) -> tuple[dict[str, Any],
                                                                           list, Any]:  # type: ignore[type-arg]
    first, deals, tallies, winner = random_game(seed, variant, players)
    body = {
        "players": list(players), "first_dealer": first, "variant": variant.value,
        "deals": [{
            "dealt": {p: [str(c) for c in cs] for p, cs in d.dealt.items()},
            "discards": {p: [str(c) for c in cs] for p, cs in d.discards.items()},
            "starter": str(d.starter),
            "plays": [{"player": e.player, "card": str(e.card)} if e.card is not None
                      else {"player": e.player, "go": True} for e in d.plays],
            **({"crib_card": str(d.crib_card)} if d.crib_card else {}),
        } for d in deals],
    }
    return body, tallies, winner


class TestGameCheck:
    @pytest.mark.parametrize("variant", [Variant.SIX_CARD, Variant.THREE_PLAYER,
                                         Variant.FOUR_PLAYER, Variant.FIVE_CARD])
    def test_a_whole_game(self, client: FlaskClient, variant: Variant) -> None:
        players = {Variant.THREE_PLAYER: ("ann", "bob", "cy"),
                   Variant.FOUR_PLAYER: ("n", "e", "s", "w")}.get(variant, ("ann", "bob"))
        body, tallies, winner = game_json(4, variant, players)
        out = client.post("/v1/games/check", json=body).get_json()
        assert [d["scores_after"] for d in out["deals"]] == tallies
        assert out["winner"] == winner and out["scores"] == tallies[-1]
        assert out["margin"] in {"single", "skunk", "double-skunk"}
        assert out["findings"] == []

    def test_each_deal_counts_its_findings_as_findings_count(self, client: FlaskClient) -> None:
        body, _, _ = game_json(1, Variant.SIX_CARD, ("ann", "bob"))
        first = body["deals"][0]
        pone = next(p for p in first["dealt"] if p != body["first_dealer"])
        first["claims"] = {"hands": {pone: 0}}  # an undercount in the first deal only
        out = client.post("/v1/games/check", json=body).get_json()
        counts = [d["findings_count"] for d in out["deals"]]
        assert counts[0] == len([f for f in out["findings"] if f["deal"] == 0]) >= 1
        assert counts[1:] == [0] * (len(counts) - 1)
        assert all("findings" not in d for d in out["deals"])  # the list is top-level only

    def test_a_game_that_goes_on_after_a_win(self, client: FlaskClient) -> None:
        body, _, _ = game_json(0, Variant.SIX_CARD, ("ann", "bob"))
        body["deals"].append(body["deals"][0])
        assert errors(client, "/v1/games/check", body) == [
            (f"#/deals/{len(body['deals']) - 1}", "after-game-over")]

    def test_unknown_names(self, client: FlaskClient) -> None:
        body, _, _ = game_json(0, Variant.SIX_CARD, ("ann", "bob"))
        body["first_dealer"] = "zed"
        assert errors(client, "/v1/games/check", body) == [("#/first_dealer", "unknown-player")]
        body, _, _ = game_json(0, Variant.SIX_CARD, ("ann", "bob"))
        body["deals"][1]["plays"][0]["player"] = "zed"
        assert errors(client, "/v1/games/check", body) == [
            ("#/deals/1/plays/0/player", "unknown-player")]

    def test_players_not_matching_the_variant(self, client: FlaskClient) -> None:
        body, _, _ = game_json(0, Variant.SIX_CARD, ("ann", "bob"))
        body["variant"] = "three-player"
        assert errors(client, "/v1/games/check", body) == [("#/players", "wrong-size")]

    def test_scores_before_is_not_part_of_a_game_deal(self, client: FlaskClient) -> None:
        body, _, _ = game_json(0, Variant.SIX_CARD, ("ann", "bob"))
        body["deals"][0]["scores_before"] = {"ann": 5}
        assert errors(client, "/v1/games/check", body) == [
            ("#/deals/0/scores_before", "unknown-field")]
