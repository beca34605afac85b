"""Server errors that were left: each was a 500, and now is an answer.

- a lone surrogate ("\\ud800") in a name or a key: a 422 naming its place;
- a card played twice making five of a rank: flagged card-already-played, no pair
  points for the fifth, no crash.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask.testing import FlaskClient

from rules.core.cards import Card
from rules.play.check import PlayEvent, check_play

LONE = "\\ud800"  # as JSON text: the escape of half a UTF-16 pair

# --- lone surrogates ---------------------------------------------------------------

DEAL = {"dealt": {"ann": ["AS", "2S", "3S", "4S", "5S", "6S"],
                  "bob": ["AH", "2H", "3H", "4H", "5H", "6H"]},
        "discards": {"ann": ["5S", "6S"], "bob": ["5H", "6H"]},
        "starter": "KD", "plays": []}


def _with_name(name: str) -> list[tuple[str, str, str]]:
    """(path, JSON body, pointer) where a player is called ``name`` (JSON text)."""
    name_json = f'"{name}"'
    deal = json.dumps({**DEAL, "players": ["ann", "bob"]}).replace('"ann"', name_json)
    game = json.dumps({"players": ["ann", "bob"], "first_dealer": "bob",
                       "deals": [DEAL]}).replace('"ann"', name_json)
    return [
        ("/v1/pegging/check",
         f'{{"players": [{name_json}, "b"], "plays": [{{"player": {name_json}, "go": true}}]}}',
         "#/players/0"),
        ("/v1/pegging/check", f'{{"plays": [], "hands": {{{name_json}: ["5H"]}}}}', "#/hands/"),
        ("/v1/deals/check", deal, "#/players/0"),
        ("/v1/games/check", game, "#/players/0"),
        ("/v1/hands/batch", f'{{"hands": [{{"hand": ["5H"], "starter": {name_json}}}]}}',
         "#/hands/0/starter"),
        ("/v1/hands/check", f'{{"hand": [{name_json}], "starter": "5H"}}', "#/hand/0"),
        ("/v1/discards/advise", f'{{"cards": [], "dealer": true, {name_json}: 1}}', "#/"),
    ]


@pytest.mark.parametrize(("path", "body", "pointer"), _with_name(LONE) + _with_name(
    "\\udfff-" + LONE[1:]))
def test_a_lone_surrogate_is_a_422_naming_it(client: FlaskClient, path: str, body: str,
                                             pointer: str) -> None:
    answer = client.post(path, data=body, content_type="application/json")
    if path == "/v1/hands/batch":  # an item's: a 422 in its slot, the batch answered
        assert answer.status_code == 200
        (problem,) = answer.get_json()["results"]
        assert problem["status"] == 422
    else:
        assert answer.status_code == 422
        problem = answer.get_json()
    assert all(e["code"] == "invalid-text" for e in problem["errors"])
    assert any(e["pointer"].startswith(pointer) for e in problem["errors"]), problem
    assert "lone surrogate" in problem["errors"][0]["detail"]


def test_a_surrogate_pair_is_text(client: FlaskClient) -> None:
    body = '{"players": ["\\ud83c\\udccf", "b"], "plays": []}'  # U+1F0CF, the joker
    answer = client.post("/v1/pegging/check", data=body, content_type="application/json")
    assert answer.status_code == 200
    assert answer.get_json()["totals"] == {"\U0001F0CF": 0, "b": 0}


# --- five of a rank ----------------------------------------------------------------

FIVES = [("pone", "5H"), ("dealer", "5C"), ("pone", "5S"), ("dealer", "5D"), ("pone", "5H")]


def _pegging(client: FlaskClient) -> dict[str, Any]:
    plays = [{"player": p, "card": c} for p, c in FIVES]
    answer = client.post("/v1/pegging/check", json={"plays": plays})
    assert answer.status_code == 200
    return answer.get_json()  # type: ignore[no-any-return]


def test_five_of_a_rank_in_pegging(client: FlaskClient) -> None:
    result = _pegging(client)
    # Pair, pair royal (and fifteen), double pair royal; the repeated 5H adds no pair
    # points (no rule scores a fifth of a rank), only the last card.
    assert [p["points"] for p in result["plays"]] == [0, 2, 8, 12, 1]
    assert result["plays"][4]["scores"] == [{"kind": "last-card", "points": 1}]
    assert result["totals"] == {"pone": 0 + 8 + 1, "dealer": 2 + 12}
    assert [(f["code"], f["index"]) for f in result["findings"]] == \
        [("card-already-played", 4)]


def _five_deal() -> dict[str, Any]:
    return {
        "players": ["pone", "dealer"],
        "dealt": {"pone": ["5H", "5S", "KS", "KH", "QS", "QH"],
                  "dealer": ["5C", "5D", "KC", "KD", "QC", "QD"]},
        "discards": {"pone": ["QS", "QH"], "dealer": ["QC", "QD"]},
        "starter": "AS",
        "plays": [{"player": p, "card": c} for p, c in FIVES],
    }


def test_five_of_a_rank_in_a_deal_and_a_game(client: FlaskClient) -> None:
    answer = client.post("/v1/deals/check", json=_five_deal())
    assert answer.status_code == 200
    deal = answer.get_json()
    assert [p["points"] for p in deal["play"]["plays"]] == [0, 2, 8, 12, 1]
    assert ("card-already-played", "pone") in {(f["code"], f.get("player"))
                                               for f in deal["findings"]}
    record = _five_deal()
    del record["players"]
    game = {"players": ["pone", "dealer"], "first_dealer": "dealer", "deals": [record]}
    answer = client.post("/v1/games/check", json=game)
    assert answer.status_code == 200
    assert "card-already-played" in {f["code"] for f in answer.get_json()["findings"]}


def test_five_of_a_rank_in_the_library() -> None:
    # (tests/library/test_records_fuzz.py drives the library with arbitrary records: a result or
    # a RecordError, never anything else.)
    result = check_play([PlayEvent(p, Card.parse(c)) for p, c in FIVES])
    assert [entry.points for entry in result.plays] == [0, 2, 8, 12, 1]
    assert [f.code.value for f in result.findings] == ["card-already-played"]
