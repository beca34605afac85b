"""``/v1/hands/check`` and ``/v1/hands/batch`` over HTTP (every answer checked against the spec)."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient


def check(client: FlaskClient, **body: Any) -> Any:
    response = client.post("/v1/hands/check", json=body)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


class TestHandCheck:
    def test_twenty_nine_itemised(self, client: FlaskClient) -> None:
        out = check(client, hand=["5h", "5c", "5s", "jd"], starter="5♦\ufe0f")
        assert out["hand"] == ["5H", "5C", "5S", "JD"] and out["starter"] == "5D"
        assert out["total"] == 29
        assert out["breakdown"] == {"fifteen": 16, "pair": 12, "run": 0, "flush": 0, "nobs": 1}
        assert sum(item["points"] for item in out["items"]) == 29
        assert {"kind": "nobs", "cards": ["JD"], "points": 1} in out["items"]
        assert out["call"].endswith("one for his nob is twenty-nine")
        assert "verdict" not in out and "award" not in out

    def test_crib_flush(self, client: FlaskClient) -> None:
        hand = ["2H", "4H", "6H", "8H"]
        assert check(client, hand=hand, starter="KC")["breakdown"]["flush"] == 4
        assert check(client, hand=hand, starter="KC", crib=True)["breakdown"]["flush"] == 0

    def test_overcount_acc(self, client: FlaskClient) -> None:
        out = check(client, hand=["5H", "5C", "5S", "4D"], starter="6D", claimed=24)
        assert out["verdict"] == "overcount" and out["claimed"] == 24
        assert out["award"] == {"player": 23, "opponent": 1}
        assert [f["code"] for f in out["findings"]] == ["overcount"]
        assert out["findings"][0]["rule"] == "ACC 8.4"

    def test_undercount_muggins(self, client: FlaskClient) -> None:
        out = check(client, hand=["5H", "5C", "5S", "4D"], starter="6D", claimed=20,
                    muggins=True, ruleset="hoyle")
        assert out["verdict"] == "undercount"
        assert out["award"] == {"player": 20, "opponent": 3}
        assert [f["code"] for f in out["findings"]] == ["undercount", "muggins"]

    def test_nineteen(self, client: FlaskClient) -> None:
        out = check(client, hand=["2H", "4C", "6S", "8D"], starter="KC", claimed=19)
        assert (out["total"], out["verdict"], out["call"]) == (0, "correct", "nineteen")

    def test_a_nineteen_that_missed_points_keeps_its_number(self, client: FlaskClient) -> None:
        out = check(client, hand=["2H", "4C", "6S", "9D"], starter="KC", claimed=19)
        assert (out["claimed"], out["verdict"], out["total"]) == (19, "undercount", 4)
        assert [(f["code"], f["message"]) for f in out["findings"]] == [
            ("undercount", "player claimed 19 (a hand worth nothing) for the hand, which "
                           "counts 4: 4 missed")]

    @pytest.mark.parametrize(("muggins", "ruleset"), [(False, "acc"), (True, "acc"),
                                                      (True, "friendly")])
    def test_nineteen_is_real_in_the_seven_card_game(self, client: FlaskClient, muggins: bool,
                                                     ruleset: str) -> None:
        out = check(client, hand=["3S", "TS", "KS", "2S", "5S"], starter="2C",
                    variant="seven-card", claimed=19, muggins=muggins, ruleset=ruleset)
        assert (out["total"], out["claimed"], out["verdict"]) == (19, 19, "correct")
        assert out["award"] == {"player": 19, "opponent": 0} and out["findings"] == []

    def test_seven_card_hand_worth_nothing(self, client: FlaskClient) -> None:
        out = check(client, hand=["2H", "4C", "6S", "8D", "KC"], starter="QD",
                    variant="seven-card", claimed=19)
        assert (out["total"], out["call"], out["verdict"]) == (0, "nothing", "overcount")
        assert out["award"] == {"player": 0, "opponent": 19}

    @pytest.mark.parametrize(
        ("variant", "hand", "starter", "total"),
        [("five-card", ["5H", "5C", "5S"], "5D", 20),
         ("seven-card", ["4H", "4C", "5S", "5D", "6H"], "6C", 46),
         ("three-player", ["5H", "5C", "5S", "JD"], "5D", 29),
         ("four-player", ["5H", "5C", "5S", "JD"], "5D", 29)],
    )
    def test_variants(self, client: FlaskClient, variant: str, hand: list[str], starter: str,
                      total: int) -> None:
        assert check(client, hand=hand, starter=starter, variant=variant)["total"] == total

    def test_impossible_claim(self, client: FlaskClient) -> None:
        out = check(client, hand=["2H", "4C", "6S", "8D"], starter="KC", claimed=26)
        assert [f["code"] for f in out["findings"]] == ["impossible-claim", "overcount"]
        assert out["award"] == {"player": 0, "opponent": 26}


class TestHandCheckErrors:
    def problem(self, client: FlaskClient, body: Any) -> list[dict[str, str]]:
        response = client.post("/v1/hands/check", json=body)
        assert response.status_code == 422
        assert response.content_type == "application/problem+json"
        problem = response.get_json()
        assert problem["status"] == 422 and problem["title"] == "Unprocessable Entity"
        return [(e["pointer"], e["code"]) for e in problem["errors"]]  # type: ignore[misc]

    def test_invalid_card_points_at_it(self, client: FlaskClient) -> None:
        assert self.problem(client, {"hand": ["5H", "ZZ", "5S", "JD"], "starter": "5D"}) == [
            ("#/hand/1", "invalid-card")]

    def test_duplicate_in_hand(self, client: FlaskClient) -> None:
        assert self.problem(client, {"hand": ["5H", "5h", "5S", "JD"], "starter": "5D"}) == [
            ("#/hand/1", "duplicate-card")]

    def test_starter_repeated_in_hand(self, client: FlaskClient) -> None:
        assert self.problem(client, {"hand": ["5H", "5C", "5S", "JD"], "starter": "5♥"}) == [
            ("#/starter", "duplicate-card")]

    def test_wrong_size_for_variant(self, client: FlaskClient) -> None:
        body = {"hand": ["5H", "5C", "5S", "JD"], "starter": "5D", "variant": "five-card"}
        assert self.problem(client, body) == [("#/hand", "wrong-size")]

    def test_string_false_is_not_a_boolean(self, client: FlaskClient) -> None:
        body = {"hand": ["5H", "5C", "5S", "JD"], "starter": "5D", "crib": "false"}
        assert self.problem(client, body) == [("#/crib", "wrong-type")]

    @pytest.mark.parametrize("claimed", [True, "12", 12.0, -1, 1000, 10**30, None])
    def test_bad_claims(self, client: FlaskClient, claimed: Any) -> None:
        body = {"hand": ["5H", "5C", "5S", "JD"], "starter": "5D", "claimed": claimed}
        [(pointer, code)] = self.problem(client, body)
        assert pointer == "#/claimed"
        assert code in {"wrong-type", "out-of-range", "null"}

    def test_unknown_field_variant_ruleset(self, client: FlaskClient) -> None:
        body = {"hand": ["5H", "5C", "5S", "JD"], "starter": "5D", "variant": "nine-card",
                "ruleset": "vegas", "colour": "red"}
        assert sorted(self.problem(client, body)) == [
            ("#/colour", "unknown-field"), ("#/ruleset", "unknown-value"),
            ("#/variant", "unknown-value")]

    def test_missing_fields(self, client: FlaskClient) -> None:
        assert sorted(self.problem(client, {})) == [("#/hand", "required"),
                                                    ("#/starter", "required")]

    def test_not_an_object(self, client: FlaskClient) -> None:
        assert self.problem(client, ["5H"]) == [("#", "wrong-type")]


class TestBatch:
    def test_results_in_order_with_problems_in_slots(self, client: FlaskClient) -> None:
        response = client.post("/v1/hands/batch", json={"hands": [
            {"hand": ["5H", "5C", "5S", "JD"], "starter": "5D"},
            {"hand": ["5H", "XX", "5S", "JD"], "starter": "5D"},
            {"hand": ["2H", "4H", "6H", "8H"], "starter": "KC", "crib": True, "claimed": 4},
        ]})
        assert response.status_code == 200
        results = response.get_json()["results"]
        assert results[0]["total"] == 29
        assert results[1]["status"] == 422
        assert results[1]["errors"] == [{"pointer": "#/hands/1/hand/1",
                                         "detail": "invalid card: 'XX'", "code": "invalid-card"}]
        assert results[2]["verdict"] == "overcount" and results[2]["total"] == 0

    def test_top_level_defaults_apply(self, client: FlaskClient) -> None:
        response = client.post("/v1/hands/batch", json={"variant": "five-card", "hands": [
            {"hand": ["5H", "5C", "5S"], "starter": "5D"},
            {"hand": ["5H", "5C", "5S", "JD"], "starter": "5D", "variant": "six-card"},
        ]})
        assert [r["total"] for r in response.get_json()["results"]] == [20, 29]

    def test_limits(self, client: FlaskClient) -> None:
        item = {"hand": ["5H", "5C", "5S", "JD"], "starter": "5D"}
        assert client.post("/v1/hands/batch", json={"hands": [item] * 1000}).status_code == 200
        response = client.post("/v1/hands/batch", json={"hands": [item] * 1001})
        assert response.status_code == 422
        assert response.get_json()["errors"][0]["pointer"] == "#/hands"
        assert client.post("/v1/hands/batch", json={"hands": []}).status_code == 422


class TestRulesets:
    def test_every_ruleset_explains_every_remedy(self, client: FlaskClient) -> None:
        out = client.get("/v1/rulesets").get_json()
        assert [r["id"] for r in out["rulesets"]] == ["acc", "hoyle", "english", "friendly"]
        for ruleset in out["rulesets"]:
            assert set(ruleset["remedies"]) == {
                "overcount", "undercount", "renege", "over-31", "out-of-turn",
                "heels-forfeited", "false-claim-of-game", "misdeal"}
        assert "ACC 8.4" in out["rulesets"][0]["remedies"]["overcount"]


BATCH_HANDS = [
    {"hand": ["5H", "5C", "5S", "JD"], "starter": "5D", "claimed": 28},
    {"hand": ["2H", "4H", "6H", "8H"], "starter": "KC", "crib": True, "claimed": 4},
    {"hand": ["AH", "2C", "3S", "KD"], "starter": "QC", "claimed": 19, "muggins": True},
    {"hand": ["TH", "JH", "QH", "KH"], "starter": "5H", "ruleset": "acc"},
]


class TestBatchEqualsChecks:
    """A batch answers each hand exactly as /v1/hands/check does: whether every hand is
    valid (one schema load for all) or not (one load per hand)."""

    def checked(self, client: FlaskClient, hand: dict[str, object]) -> dict[str, object]:
        answer = client.post("/v1/hands/check", json=hand).get_json()
        assert isinstance(answer, dict)
        return answer

    def test_all_valid(self, client: FlaskClient) -> None:
        results = client.post("/v1/hands/batch", json={"hands": BATCH_HANDS}).get_json()["results"]
        assert results == [self.checked(client, hand) for hand in BATCH_HANDS]

    def test_a_bad_hand_does_not_hide_another_hands_problem(self, client: FlaskClient) -> None:
        # marshmallow skips whole-record checks of every item once one item has a field
        # error; the batch must still find the wrong size and the starter in the hand.
        hands = [*BATCH_HANDS,
                 {"hand": ["5H", "XX", "5S", "JD"], "starter": "5D"},
                 {"hand": ["5H", "5C", "5S"], "starter": "5D"},
                 {"hand": ["5H", "5C", "5S", "JD"], "starter": "5C"}]
        results = client.post("/v1/hands/batch", json={"hands": hands}).get_json()["results"]
        assert results[:4] == [self.checked(client, hand) for hand in BATCH_HANDS]
        assert [e["code"] for r in results[4:] for e in r["errors"]] == [
            "invalid-card", "wrong-size", "duplicate-card"]
        assert [e["pointer"] for r in results[4:] for e in r["errors"]] == [
            "#/hands/4/hand/1", "#/hands/5/hand", "#/hands/6/starter"]
