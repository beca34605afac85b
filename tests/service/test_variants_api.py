"""``GET /v1/variants`` and the size caps: every variant fact from the library's specs,
none written in the service (issue 19 item 4)."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from muggins.client import LocalClient
from rules.core.variants import Variant
from service.fields import MAX_CARDS, MAX_SEATS

SIX_CARD_DEAL: dict[str, Any] = {
    "dealt": {"pone": ["5H", "5C", "5S", "JD", "2C", "3C"],
              "dealer": ["KH", "QD", "9C", "8S", "4H", "AD"]},
    "discards": {"pone": ["2C", "3C"], "dealer": ["4H", "AD"]},
    "starter": "5D",
    "plays": [{"player": "pone", "card": "5H"}, {"player": "dealer", "card": "KH"}],
}


def test_the_six_card_entry_is_exactly_the_documented_shape(client: FlaskClient) -> None:
    answer = client.get("/v1/variants").get_json()
    assert answer["variants"][0] == {
        "name": "six-card", "players": 2, "dealt": 6, "kept": 4, "to_crib": 2, "crib_card": 0,
        "crib": 4, "target": 121, "single_count": False, "last_for_three": False,
        "partnerships": [], "seats": ["pone", "dealer"],
        "margins": {
            "acc": {"rule": "skunk", "below": {"double-skunk": 61, "skunk": 91}},
            "hoyle": {"rule": "lurch", "below": {"lurch": 61}},
            "english": {"rule": "lurch", "below": {"lurch": 61}},
            "friendly": {"rule": "skunk", "below": {"double-skunk": 61, "skunk": 91}},
        },
    }


def test_every_variant_in_the_enums_order_with_its_own_facts(client: FlaskClient) -> None:
    answer = client.get("/v1/variants").get_json()["variants"]
    assert [v["name"] for v in answer] == [v.value for v in Variant]
    by_name = {v["name"]: v for v in answer}
    assert by_name["five-card"]["kept"] == 3
    assert by_name["five-card"]["target"] == 61
    assert by_name["five-card"]["single_count"] is True
    assert by_name["five-card"]["last_for_three"] is True
    assert by_name["five-card"]["margins"]["hoyle"] == {"rule": "lurch", "below": {"lurch": 31}}
    assert by_name["three-player"]["crib_card"] == 1
    # A crib is four cards in every variant (docs/rules.md): 2 x 2, 3 x 1 + 1, 4 x 1.
    assert {v["name"]: v["crib"] for v in answer} == {name.value: 4 for name in Variant}
    assert by_name["three-player"]["to_crib"] == 1
    assert by_name["three-player"]["seats"] is None
    assert by_name["four-player"]["partnerships"] == [[0, 2], [1, 3]]
    assert by_name["four-player"]["players"] == 4
    assert by_name["seven-card"]["dealt"] == 7
    assert by_name["seven-card"]["target"] == 181
    assert by_name["seven-card"]["margins"]["acc"]["below"] == {"double-skunk": 121,
                                                                "skunk": 151}
    assert by_name["seven-card"]["margins"]["english"]["below"] == {"lurch": 91}


def test_the_margin_lines_are_where_the_game_check_changes_its_margin(
        client: FlaskClient) -> None:
    """A 121 game won with the loser one point under the skunk line is a skunk, on it a
    single game: the lines served are the ones the referee uses."""
    from rules.core.rulesets import Ruleset
    from rules.deal.game import Margin, margin
    lines = {v["name"]: v for v in client.get("/v1/variants").get_json()["variants"]}
    for variant in Variant:
        for ruleset in Ruleset:
            served = lines[variant.value]["margins"][ruleset.value]["below"]
            target = variant.spec.target
            for won_by, line in served.items():
                assert margin({"a": target, "b": line - 1}, "a", target, ruleset) == Margin(won_by)
                assert margin({"a": target, "b": line}, "a", target, ruleset) != Margin(won_by)


def test_the_python_client_reads_them() -> None:
    assert LocalClient().variants()["variants"][3]["name"] == "four-player"


def test_the_caps_are_the_largest_over_all_variants() -> None:
    assert MAX_CARDS == max(v.spec.dealt for v in Variant) == 7
    assert MAX_SEATS == max(v.spec.players for v in Variant) == 4


def test_a_discard_longer_than_any_variant_throws_is_refused_by_its_size(
        client: FlaskClient) -> None:
    """No variant throws three: three discards are refused before the variant is read."""
    deal = {**SIX_CARD_DEAL, "discards": {"pone": ["2C", "3C", "5C"], "dealer": ["4H", "AD"]}}
    answer = client.post("/v1/deals/check", json=deal).get_json()
    assert answer["errors"] == [{"pointer": "#/discards/pone",
                                 "detail": "at most 2 cards here, not 3", "code": "wrong-size"}]


def test_five_players_are_refused_by_the_largest_table(client: FlaskClient) -> None:
    answer = client.post("/v1/pegging/check", json={
        "plays": [], "players": ["a", "b", "c", "d", "e"]}).get_json()
    assert [(e["pointer"], e["code"]) for e in answer["errors"]] == [("#/players", "wrong-size")]


@pytest.mark.parametrize(("body", "target"), [({}, 121), ({"target": 150}, 150),
                                              ({"variant": "seven-card"}, 181)])
def test_a_deal_check_says_the_target_it_used(client: FlaskClient, body: dict[str, Any],
                                              target: int) -> None:
    if body.get("variant") == "seven-card":
        deal = {"dealt": {"pone": ["5H", "5C", "5S", "JD", "2C", "3C", "7H"],
                          "dealer": ["KH", "QD", "9C", "8S", "4H", "AD", "7S"]},
                "discards": {"pone": ["2C", "3C"], "dealer": ["4H", "AD"]}, "starter": "5D"}
    else:
        deal = SIX_CARD_DEAL
    answer = client.post("/v1/deals/check", json={**deal, **body}).get_json()
    assert answer["target"] == target
    review = client.post("/v1/deals/review", json={**deal, **body}).get_json()
    assert review["target"] == target


@pytest.mark.parametrize(("body", "target"), [({}, 121), ({"target": 90}, 90)])
def test_a_game_check_and_review_say_the_target_they_used(
        client: FlaskClient, body: dict[str, Any], target: int) -> None:
    game = {"players": ["ann", "bob"], "first_dealer": "bob",
            "deals": [{"dealt": {"ann": SIX_CARD_DEAL["dealt"]["pone"],
                                 "bob": SIX_CARD_DEAL["dealt"]["dealer"]},
                       "discards": {"ann": ["2C", "3C"], "bob": ["4H", "AD"]},
                       "starter": "5D"}], **body}
    assert client.post("/v1/games/check", json=game).get_json()["target"] == target
    assert client.post("/v1/games/review", json=game).get_json()["target"] == target
