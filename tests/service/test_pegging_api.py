"""``/v1/pegging/check`` over HTTP (every answer checked against the spec)."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

URL = "/v1/pegging/check"


def plays(text: str) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for token in text.split():
        player, _, rest = token.partition(":")
        what, _, claim = rest.partition("=")
        event: dict[str, Any] = {"player": player}
        event.update({"go": True} if what == "go" else {"card": what})
        if claim:
            event["claimed"] = int(claim)
        out.append(event)
    return out


def errors(client: FlaskClient, body: Any) -> list[tuple[str, str]]:
    response = client.post(URL, json=body)
    assert response.status_code == 422, response.get_json()
    assert response.content_type == "application/problem+json"
    return [(e["pointer"], e["code"]) for e in response.get_json()["errors"]]


class TestPeggingCheck:
    def test_scores_infers_and_rules(self, client: FlaskClient) -> None:
        response = client.post(URL, json={"plays": plays("pone:kh dealer:QC pone:10♦=2 dealer:9S")})
        assert response.status_code == 200
        out = response.get_json()
        assert [p["count"] for p in out["plays"]] == [10, 20, 30, 9]
        assert out["plays"][2]["card"] == "TD"
        assert out["plays"][2]["scores"] == [{"kind": "go", "points": 1}]
        assert out["plays"][3]["inferred_go"] == ["dealer", "pone"]
        assert out["plays"][3]["new_count"] is True
        assert out["totals"] == {"pone": 1, "dealer": 1}
        assert [f["code"] for f in out["findings"]] == ["overcount"]
        assert out["award"] == {"pone": 1, "dealer": 2}

    def test_award_without_claims(self, client: FlaskClient) -> None:
        out = client.post(URL, json={"plays": plays("pone:5H dealer:TC")}).get_json()
        assert out["totals"] == {"pone": 0, "dealer": 3}  # fifteen, and the last card
        assert out["award"] == {"pone": 0, "dealer": 3}

    def test_award_carries_a_renege_penalty_without_claims(self, client: FlaskClient) -> None:
        # The dealer says go on 25 holding A, 5 and 4; the pone's pair (2) and go (1) after
        # it are retracted (ACC 7.3), the dealer's 3 in the next count stand.
        body = {"plays": plays("pone:KH dealer:QC pone:5S dealer:go pone:5D pone:go dealer:AH "
                               "pone:9C dealer:5C dealer:4S"),
                "hands": {"pone": ["KH", "5S", "5D", "9C"], "dealer": ["QC", "AH", "5C", "4S"]}}
        out = client.post(URL, json=body).get_json()
        assert out["totals"] == {"pone": 3, "dealer": 3}
        assert out["award"] == {"pone": 6, "dealer": 3}
        # The retracted card is marked, and only it: the go that follows is no card.
        assert [p["index"] for p in out["plays"] if p.get("retracted")] == [4]
        assert "retracted" not in out["plays"][3] and "retracted" not in out["plays"][6]
        body["ruleset"] = "hoyle"  # Hoyle takes 2 and retracts nothing
        out = client.post(URL, json=body).get_json()
        assert [p["index"] for p in out["plays"] if "retracted" in p] == []
        assert out["award"] == {"pone": 5, "dealer": 3}

    def test_renege_with_hands(self, client: FlaskClient) -> None:
        # The pone's go comes between the dealer's go and the ace: the go stood.
        body = {"plays": plays("pone:KH dealer:QC pone:TD dealer:go pone:go dealer:AH pone:5S "
                               "dealer:9S pone:2C dealer:3D"),
                "hands": {"pone": ["KH", "TD", "5S", "2C"], "dealer": ["QC", "9S", "AH", "3D"]}}
        out = client.post(URL, json=body).get_json()
        assert [(f["code"], f["index"], f["points"], f["rule"]) for f in out["findings"]] == [
            ("renege", 3, 2, "ACC 7.3")]

    def test_four_players(self, client: FlaskClient) -> None:
        body = {"plays": plays("n:5H e:TC s:5D w:5S n:5C"), "variant": "four-player",
                "players": ["n", "e", "s", "w"]}
        out = client.post(URL, json=body).get_json()
        assert out["partnerships"] == [{"players": ["n", "s"], "points": 7},
                                       {"players": ["e", "w"], "points": 4}]


    @pytest.mark.parametrize("muggins", [False, True])
    def test_a_card_claim_covers_the_card_not_its_later_go(self, client: FlaskClient,
                                                           muggins: bool) -> None:
        # issue 19: the 9C scored nothing when laid (claimed 0, rightly); the go point it
        # earns after the dealer's go is unclaimed, so it is credited (rules.md#go).
        body = {"plays": [{"player": "pone", "card": "TH"}, {"player": "dealer", "card": "KS"},
                          {"player": "pone", "card": "9C", "claimed": 0},
                          {"player": "dealer", "go": True}, {"player": "dealer", "card": "8C"}],
                "muggins": muggins}
        response = client.post(URL, json=body)
        assert response.status_code == 200
        out = response.get_json()
        assert out["plays"][2]["scores"] == [{"kind": "go", "points": 1}]
        assert out["plays"][2]["claimed"] == 0 and "claimed_go" not in out["plays"][2]
        assert out["totals"] == {"pone": 1, "dealer": 1}
        assert out["findings"] == []
        assert out["award"] == {"pone": 1, "dealer": 1}

    def test_claimed_go_is_ruled_on_and_echoed(self, client: FlaskClient) -> None:
        body = {"plays": [{"player": "pone", "card": "TH"}, {"player": "dealer", "card": "KS"},
                          {"player": "pone", "card": "9C", "claimed": 0, "claimed_go": 0},
                          {"player": "dealer", "go": True}, {"player": "dealer", "card": "8C"}],
                "muggins": True}
        out = client.post(URL, json=body).get_json()
        assert out["plays"][2]["claimed"] == 0 and out["plays"][2]["claimed_go"] == 0
        assert [{k: f[k] for k in ("code", "index", "points", "message")}
                for f in out["findings"]] == [
            {"code": "undercount", "index": 2, "points": 1,
             "message": "pone claimed 0 for the go on play 3, which counts 1: 1 missed"},
            {"code": "muggins", "index": 2, "points": 1,
             "message": "muggins: the opponent takes the 1 that pone missed"}]
        assert out["award"] == {"pone": 0, "dealer": 2}
        body["plays"][2]["claimed_go"] = 1
        out = client.post(URL, json=body).get_json()
        assert out["findings"] == [] and out["award"] == {"pone": 1, "dealer": 1}

    def test_a_finished_five_card_play_in_progress_is_the_one_shot_answer(
            self, client: FlaskClient) -> None:
        # issue 19: after 8D 7C TH 3C (28) and the pone's go, no one can play: the
        # dealer, who laid the 3C, holds only 4D, and their go would change nothing.
        body = {"variant": "five-card",
                "plays": plays("pone:8D dealer:7C pone:TH dealer:3C pone:go"),
                "hands": {"pone": ["8D", "TH", "6H"], "dealer": ["7C", "3C", "4D"]}}
        once = client.post(URL, json=body).get_json()
        assert once["totals"] == {"pone": 0, "dealer": 3} and once["findings"] == []
        assert once["plays"][3]["scores"] == [{"kind": "last-card", "points": 1}]
        live = client.post(URL, json={**body, "in_progress": True}).get_json()
        assert live == {**once, "next": {"phase": "show", "player": "pone", "count": None}}

class TestPeggingErrors:
    def test_unknown_player_names(self, client: FlaskClient) -> None:
        assert errors(client, {"plays": plays("pone:5H bob:TC")}) == [
            ("#/plays/1/player", "unknown-player")]

    def test_card_and_go_or_neither(self, client: FlaskClient) -> None:
        body = {"plays": [{"player": "pone", "card": "5H", "go": True}, {"player": "dealer"},
                          {"player": "pone", "go": False}]}
        assert errors(client, body) == [("#/plays/0/go", "card-and-go"),
                                        ("#/plays/1/card", "card-or-go"),
                                        ("#/plays/2/card", "card-or-go")]

    def test_claimed_go_only_on_a_card(self, client: FlaskClient) -> None:
        body = {"plays": plays("pone:TH dealer:KS pone:9C dealer:go dealer:8C")}
        body["plays"][3]["claimed_go"] = 1
        body["plays"][4]["claimed_go"] = -1
        body["plays"][2]["claimed_go"] = "1"
        # Every problem at once: the schema's two, and the library's on the go event
        # the schema could read.
        assert sorted(errors(client, body)) == [("#/plays/2/claimed_go", "wrong-type"),
                                                ("#/plays/3/claimed_go", "conflict"),
                                                ("#/plays/4/claimed_go", "out-of-range")]
        del body["plays"][2]["claimed_go"], body["plays"][4]["claimed_go"]
        assert errors(client, body) == [("#/plays/3/claimed_go", "conflict")]

    def test_invalid_card(self, client: FlaskClient) -> None:
        assert errors(client, {"plays": [{"player": "pone", "card": "5X"}]}) == [
            ("#/plays/0/card", "invalid-card")]

    def test_too_many_events(self, client: FlaskClient) -> None:
        assert errors(client, {"plays": plays("pone:go " * 53)}) == [("#/plays", "wrong-size")]

    def test_hands_repeating_a_card_across_players(self, client: FlaskClient) -> None:
        body = {"plays": [], "hands": {"pone": ["5H", "6H", "7H", "8H"],
                                       "dealer": ["5h", "9C", "TC", "JC"]}}
        assert errors(client, body) == [("#/hands/dealer/0", "duplicate-card")]

    def test_hands_must_be_whole(self, client: FlaskClient) -> None:
        body = {"plays": [], "hands": {"pone": ["5H", "6H", "7H"]}}
        assert sorted(errors(client, body)) == [("#/hands/dealer", "required"),
                                                ("#/hands/pone", "wrong-size")]

    def test_unknown_player_in_hands(self, client: FlaskClient) -> None:
        body = {"plays": [], "hands": {"pone": ["5H", "6H", "7H", "8H"],
                                       "dealer": ["9C", "TC", "JC", "QC"], "zed": []}}
        assert errors(client, body) == [("#/hands/zed", "unknown-player")]

    @pytest.mark.parametrize(("players", "code"), [
        (["a", "b"], "wrong-size"), (["a", "a", "b"], "duplicate-player"), (None, "required")])
    def test_players_must_match_the_variant(self, client: FlaskClient, players: Any,
                                            code: str) -> None:
        body: dict[str, Any] = {"plays": [], "variant": "three-player"}
        if players is not None:
            body["players"] = players
        assert errors(client, body) == [("#/players", code)]


class TestPeggingDecisions:
    def test_when_everyone_passes_without_a_card_the_same_player_leads(
            self, client: FlaskClient) -> None:
        body = {"plays": plays("pone:go dealer:go pone:KH dealer:QC"),
                "hands": {"pone": ["KH", "5S", "2C", "3C"], "dealer": ["QC", "9S", "AH", "3D"]}}
        out = client.post(URL, json=body).get_json()
        assert [(p["player"], p.get("new_count")) for p in out["plays"][2:]] == [
            ("pone", True), ("dealer", False)]
        assert [(f["code"], f["index"]) for f in out["findings"]][:2] == [
            ("renege", 0), ("renege", 1)]
