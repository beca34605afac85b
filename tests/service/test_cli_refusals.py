"""The command line's local path refuses a malformed record as the service does: the same
422, every problem at the same pointer, with the same code and words, in the same
order. The service answers each body here in-process (its test client); the command
line's referee (:class:`muggins.local.LocalReferee`) answers it on the library."""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask.testing import FlaskClient

from muggins.errors import ProblemError
from muggins.local import LocalReferee

PLAYS = [{"player": "pone", "card": "KH"}, {"player": "dealer", "card": "QC"},
         {"player": "pone", "card": "TD", "claimed": 2}, {"player": "dealer", "card": "9S"}]
DEAL = {"dealt": {"pone": ["5H", "5C", "5S", "JD", "2C", "3C"],
                  "dealer": ["KH", "QD", "9C", "8S", "4H", "AD"]},
        "discards": {"pone": ["2C", "3C"], "dealer": ["4H", "AD"]}, "starter": "5D"}
GAME = {"players": ["a", "b"], "first_dealer": "a",
        "deals": [{"dealt": {"a": DEAL["dealt"]["pone"], "b": DEAL["dealt"]["dealer"]},
                   "discards": {"a": ["2C", "3C"], "b": ["4H", "AD"]}, "starter": "5D"}]}

# (path, body): each refused by the service, each for its own reasons.
CASES: list[tuple[str, Any]] = [
    ("/v1/pegging/check", []),
    ("/v1/pegging/check", {}),
    ("/v1/pegging/check", {"plays": PLAYS, "zz": 1, "aa": None}),
    ("/v1/pegging/check", {"plays": [{"player": "", "card": "ZZ", "go": True},
                                     {"player": "pone"},
                                     {"player": "dealer", "card": "5H", "go": True}, 5],
                           "hands": {"pone": ["5H", "5H"], "": "x"}, "players": ["pone"],
                           "in_progress": 0}),
    ("/v1/pegging/check", {"plays": [*PLAYS[:2], {"player": "bob", "card": "9S"}]}),
    ("/v1/pegging/check", {"plays": [*PLAYS[:2], {"player": "bob", "card": 9}],
                           "variant": "three-player"}),
    ("/v1/pegging/check", {"plays": PLAYS, "players": ["ann", "bob"], "variant": "x",
                           "ruleset": 3, "muggins": "yes"}),
    ("/v1/pegging/check", {"plays": "KH QC", "hands": {"pone": ["KH"], "dealer": ["QC"]}}),
    ("/v1/pegging/check", {"plays": PLAYS * 14}),
    ("/v1/deals/check", {**DEAL, "starter": "5H"}),
    ("/v1/deals/check", {**DEAL, "players": ["crib", "dealer"]}),
    ("/v1/deals/check", {"dealt": {"pone": ["5H"]}, "discards": {"pone": ["1H"]},
                         "starter": None, "claims": {"heels": -1, "hands": {"pone": "x"},
                                                     "z": 1},
                         "players": ["crib", "dealer"], "scores_before": {"pone": 1001},
                         "target": 0}),
    ("/v1/deals/check", {**DEAL, "plays": [{"player": "cy", "card": "5H"}, {"player": 1}]}),
    ("/v1/deals/check", {**DEAL, "dealt": {"pone": DEAL["dealt"]["pone"]}, "crib_card": "XX"}),
    ("/v1/deals/check", {**DEAL, "scores_before": {"pone": 130, "bob": 3}}),
    ("/v1/deals/check", {"discards": {}, "zz": 1, "a": 1, "m": 2}),
    ("/v1/deals/review", {**DEAL, "in_progress": True}),
    ("/v1/deals/review", {**DEAL, "in_progress": True, "target": "x"}),
    ("/v1/games/check", {"players": ["a", "b"], "first_dealer": "c",
                         "deals": [{"dealt": {"a": ["5H"]}}, 7]}),
    ("/v1/games/check", {**GAME, "first_dealer": "cy"}),
    ("/v1/games/check", {**GAME, "deals": GAME["deals"] * 41}),
    ("/v1/games/check", {**GAME, "players": ["a", "crib"], "deals": []}),
    ("/v1/games/check", {**GAME, "scores_before": {"a": 200}, "target": 121}),
    ("/v1/games/review", {**GAME, "deals": [{**GAME["deals"][0], "starter": "2C"}]}),
    ("/v1/games/review", {"deals": [{"dealt": {}, "plays": [{"card": "5H"}]}]}),
]


def _service(client: FlaskClient, path: str, body: Any) -> dict[str, Any]:
    response = client.post(path, data=json.dumps(body), content_type="application/json")
    assert response.status_code == 422, response.get_json()
    answer: dict[str, Any] = response.get_json()
    return answer


@pytest.mark.parametrize(("path", "body"), CASES, ids=[f"{n}{p}" for n, (p, _) in
                                                       enumerate(CASES)])
def test_the_local_path_refuses_as_the_service(client: FlaskClient, path: str,
                                               body: Any) -> None:
    with pytest.raises(ProblemError) as refused:
        LocalReferee().request("POST", path, body)
    assert refused.value.problem == _service(client, path, body)
