"""Server errors that were left: each was a 500, and now is an answer.

- a lone surrogate ("\\ud800") in a name or a key: a 422 naming its place;
- a card played twice making five of a rank: flagged card-already-played, no pair
  points for the fifth, no crash;
- the library itself, fuzzed with arbitrary records: a result or a ValueError, always.
"""

from __future__ import annotations

import json
from contextlib import suppress
from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.cards import Card
from rules.deal import DealClaims, DealRecord, check_deal
from rules.game import check_game
from rules.play import PlayEvent, check_play
from rules.rulesets import Ruleset
from rules.variants import Variant

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


# --- the library, fuzzed -----------------------------------------------------------

NAMES = st.sampled_from(["pone", "dealer", "ann", "bob", "", "crib", "\u0000", "n&s"])
CARDS = st.integers(0, 51).map(lambda i: Card.parse("A23456789TJQK"[i // 4] + "SHDC"[i % 4]))
EVENTS = st.lists(st.builds(PlayEvent, NAMES, st.none() | CARDS, st.none() | st.integers(-5, 40)),
                  max_size=30)
HANDS = st.none() | st.dictionaries(NAMES, st.lists(CARDS, max_size=8), max_size=5)
VARIANTS = st.sampled_from(list(Variant))
RULESETS = st.sampled_from(list(Ruleset))
FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(EVENTS, st.lists(NAMES, min_size=2, max_size=4), HANDS, VARIANTS, RULESETS,
       st.booleans())
def test_check_play_answers_or_raises_a_value_error(
        events: list[PlayEvent], players: list[str], hands: dict[str, list[Card]] | None,
        variant: Variant, ruleset: Ruleset, muggins: bool) -> None:
    try:
        result = check_play(events, players=players, hands=hands, variant=variant,
                            ruleset=ruleset, muggins=muggins)
    except ValueError:
        return
    assert set(result.totals) == set(players)
    assert len(result.plays) == len(events)


@FUZZ
@given(st.lists(NAMES, min_size=2, max_size=4), st.dictionaries(NAMES, st.lists(CARDS, max_size=8),
       max_size=5), st.dictionaries(NAMES, st.lists(CARDS, max_size=3), max_size=5), CARDS,
       EVENTS, st.none() | CARDS, st.none() | st.builds(
           DealClaims, st.none() | st.integers(-1, 40),
           st.dictionaries(NAMES, st.integers(-1, 40), max_size=5),
           st.none() | st.integers(-1, 40)),
       VARIANTS, RULESETS)
def test_check_deal_and_game_answer_or_raise_a_value_error(
        players: list[str], dealt: dict[str, list[Card]], discards: dict[str, list[Card]],
        starter: Card, plays: list[PlayEvent], crib_card: Card | None, claims: DealClaims | None,
        variant: Variant, ruleset: Ruleset) -> None:
    record = DealRecord(tuple(players), dealt, discards, starter, plays, crib_card, claims)
    # Anything but a ValueError (the documented errors) fails the test.
    with suppress(ValueError):
        check_deal(record, variant=variant, ruleset=ruleset)
    game_record = DealRecord((), dealt, discards, starter, plays, crib_card, claims)
    with suppress(ValueError):
        check_game(players, players[-1], [game_record, game_record], variant=variant,
                   ruleset=ruleset)
