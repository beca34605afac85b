"""Every problem at once, in the project's words (issue 21 item 3): a 422 lists what the
schema and the library each find, a check that needs a refused field is skipped, every
message quotes the bad value, and the codes do not hang on marshmallow's English."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from service.errors import merge_problems
from service.fields import quote

ROOT = Path(__file__).resolve().parents[2]
ELEVEN = {"hand": ["ZZ", "5H", "5H", "QQ", 3], "starter": "1X", "crib": "yes",
          "claimed": "ten", "variant": "nine-card", "ruleset": "mine", "muggins": 5,
          "extra": 1}


def errors(client: FlaskClient, path: str, body: Any) -> list[tuple[str, str]]:
    response = client.post(path, json=body)
    assert response.status_code == 422, response.get_json()
    return [(e["pointer"], e["code"]) for e in response.get_json()["errors"]]


def test_an_empty_hand_and_no_starter_are_two_problems(client: FlaskClient) -> None:
    response = client.post("/v1/hands/check", json={"hand": []}).get_json()
    assert response["errors"] == [
        {"pointer": "#/starter", "detail": "missing: this field is required", "code": "required"},
        {"pointer": "#/hand", "detail": "a six-card hand has 4 cards, not 0",
         "code": "wrong-size"},
    ]
    assert response["detail"] == "the request has 2 invalid fields"


def test_the_eleven_problem_hand_gets_every_one_pointed_and_coded(client: FlaskClient) -> None:
    found = client.post("/v1/hands/check", json=ELEVEN).get_json()["errors"]
    assert len(found) >= 10
    assert {(e["pointer"], e["code"]) for e in found} == {
        ("#/hand/0", "invalid-card"), ("#/hand/2", "duplicate-card"),
        ("#/hand/3", "invalid-card"), ("#/hand/4", "wrong-type"),
        ("#/starter", "invalid-card"), ("#/crib", "wrong-type"), ("#/claimed", "wrong-type"),
        ("#/variant", "unknown-value"), ("#/ruleset", "unknown-value"),
        ("#/muggins", "wrong-type"), ("#/extra", "unknown-field")}
    details = {e["pointer"]: e["detail"] for e in found}
    assert details["#/extra"] == "'extra' is not a field here"
    assert details["#/variant"] == ("'nine-card' is not one of six-card, five-card, "
                                    "three-player, four-player, seven-card")
    assert details["#/claimed"] == "expected an integer, not 'ten'"


def test_a_hand_whose_variant_was_refused_is_not_sized(client: FlaskClient) -> None:
    """The hand's size depends on the variant: with the variant refused, it is skipped."""
    assert errors(client, "/v1/hands/check", {"hand": [], "starter": "5H", "variant": "x"}) == [
        ("#/variant", "unknown-value")]


def test_a_starter_in_the_hand_is_found_beside_a_schema_problem(client: FlaskClient) -> None:
    assert errors(client, "/v1/hands/check", {"hand": ["5H", "5C", "5S", "JD"],
                                              "starter": "5h", "extra": 0}) == [
        ("#/extra", "unknown-field"), ("#/starter", "duplicate-card")]


def test_card_and_go_no_longer_hides_an_unknown_player(client: FlaskClient) -> None:
    body = {"plays": [{"player": "zed", "card": "5H"},
                      {"player": "pone", "card": "6H", "go": True},
                      {"player": "ann", "card": "7H"}]}
    assert errors(client, "/v1/pegging/check", body) == [
        ("#/plays/1/go", "card-and-go"), ("#/plays/0/player", "unknown-player"),
        ("#/plays/2/player", "unknown-player")]


def test_hands_partly_refused_are_not_checked_by_the_library(client: FlaskClient) -> None:
    """Nothing is guessed from the hands left: no "dealer's hand is missing", no sizes."""
    body = {"plays": [{"player": "pone", "card": "5H"}],
            "hands": {"pone": ["ZZ"], "bob": ["5C", "6C", "7C", "8C"]}, "extra": 1}
    assert errors(client, "/v1/pegging/check", body) == [
        ("#/hands/pone/0", "invalid-card"), ("#/extra", "unknown-field")]


def test_hands_read_whole_are_checked_beside_a_schema_problem(client: FlaskClient) -> None:
    body = {"plays": [{"player": "pone", "card": "5H"}],
            "hands": {"pone": ["5H", "5C", "5S", "JD"], "bob": ["6C", "7C", "8C", "9C"]},
            "in_progress": 1}
    assert errors(client, "/v1/pegging/check", body) == [
        ("#/in_progress", "wrong-type"), ("#/hands/bob", "unknown-player"),
        ("#/hands/dealer", "required")]


def test_merge_leaves_out_what_a_layer_before_refused() -> None:
    schema = [{"pointer": "#/hand/2", "detail": "x", "code": "invalid-card"}]
    library = [{"pointer": "#/hand", "detail": "y", "code": "wrong-size"},
               {"pointer": "#/starter", "detail": "z", "code": "duplicate-card"}]
    notation = [{"pointer": "#/hand/2/x", "detail": "w", "code": "w"},
                {"pointer": "#/plays", "detail": "v", "code": "v"}]
    assert [p["pointer"] for p in merge_problems(schema, library, notation)] == [
        "#/hand/2", "#/starter", "#/plays"]


@pytest.mark.parametrize(("value", "shown"), [
    ("5H", "'5H'"), ("x" * 100, "'" + "x" * 39 + "'…"), ("a\ud800b", "'a\\ud800b'"),
    (7, "7"), (True, "True"), (None, "None"), ([1] * 10**5, "a list"), ({"a": 1}, "an object"),
])
def test_a_bad_value_is_quoted_short_and_as_text(value: Any, shown: str) -> None:
    assert quote(value) == shown


MARSHMALLOW_WORDS = ("Missing data", "Not a valid", "Must be one of", "Unknown field",
                     "Length must", "Must be greater", "Must be less", "Invalid input",
                     "may not be null", "Shorter than", "Longer than", "Invalid value")

BAD_BODIES = [
    ("/v1/hands/check", ELEVEN),
    ("/v1/hands/check", {"hand": None, "starter": ["5H"]}),
    ("/v1/hands/check", [1, 2]),
    ("/v1/pegging/check", {"plays": "x", "players": ["a" * 70, ""], "hands": []}),
    ("/v1/pegging/check", {"plays": [5, {"player": 3}], "in_progress": "no"}),
    ("/v1/deals/check", {"dealt": {"a": "5H"}, "claims": {"heels": -1, "x": 1},
                         "target": 0, "scores_before": []}),
    ("/v1/games/check", {"players": "ab", "first_dealer": None, "deals": [5] * 61}),
    ("/v1/games/check", {"players": ["a", "b"], "first_dealer": "a", "deals": []}),
    ("/v1/discards/advise", {"cards": "5H", "dealer": 1, "partner_deals": None}),
    ("/v1/pegging/advise", {"player": "", "hand": [], "starter": "5H", "samples": 0,
                            "seed": -1, "plays": {}}),
    ("/v1/hands/batch", {"hands": []}),
    ("/v1/hands/batch", {"hands": [{"hand": 5}]}),
]


@pytest.mark.parametrize(("path", "body"), BAD_BODIES)
def test_every_message_is_in_our_words(client: FlaskClient, path: str, body: Any) -> None:
    answer = client.post(path, json=body).get_json()
    found = answer.get("errors") or [e for r in answer["results"] for e in r.get("errors", [])]
    assert found
    for error in found:
        assert error["code"] != "invalid", error
        assert not error["detail"].endswith("."), error
        assert not any(words in error["detail"] for words in MARSHMALLOW_WORDS), error


REWORDED = """
import json, sys
import marshmallow.fields as f, marshmallow.schema as s, marshmallow.validate as v
for cls in vars(f).values():
    if isinstance(cls, type) and "default_error_messages" in vars(cls):
        cls.default_error_messages = {k: "Reworded!" for k in cls.default_error_messages}
s.Schema._default_error_messages = {k: "Reworded!" for k in s.Schema._default_error_messages}
for name in ("Length", "Range", "OneOf"):
    for attr in dir(getattr(v, name)):
        if attr.startswith("message"):
            setattr(getattr(v, name), attr, "Reworded!")
from service import create_app
client = create_app().test_client()
out = [client.post(path, json=body).get_json() for path, body in json.loads(sys.stdin.read())]
print(json.dumps(out))
"""


def test_the_codes_and_messages_do_not_hang_on_marshmallows_words(client: FlaskClient) -> None:
    """Marshmallow rewording every message it has changes no answer of ours."""
    bodies = json.dumps(BAD_BODIES)
    done = subprocess.run([sys.executable, "-c", REWORDED], input=bodies, cwd=ROOT,
                          capture_output=True, text=True, check=True, timeout=120)
    assert json.loads(done.stdout) == [client.post(path, json=body).get_json()
                                       for path, body in BAD_BODIES]


def test_the_404_is_in_our_words(client: FlaskClient) -> None:
    answer = client.get("/v1/nothing-here").get_json()
    assert answer["detail"] == "no such resource: GET /v1/nothing-here (see /openapi.yaml)"
    assert "manually" not in json.dumps(answer)


def test_a_lone_surrogate_in_one_batch_item_fails_only_its_slot(client: FlaskClient) -> None:
    body = ('{"hands": [{"hand": ["5H", "5C", "5S", "JD"], "starter": "5D"},'
            ' {"hand": ["5H", "5C", "5S", "JD"], "starter": "5D", "x\\ud800": 1}]}')
    response = client.post("/v1/hands/batch", data=body, content_type="application/json")
    assert response.status_code == 200
    first, second = response.get_json()["results"]
    assert first["total"] == 29
    assert second["status"] == 422
    assert [(e["pointer"], e["code"]) for e in second["errors"]] == [
        ("#/hands/1/x\ufffd", "invalid-text")]


def test_a_lone_surrogate_outside_the_items_still_fails_the_batch(client: FlaskClient) -> None:
    body = '{"hands": [{"hand": ["5H", "5C", "5S", "JD"], "starter": "5D"}], "variant": "\\ud800"}'
    response = client.post("/v1/hands/batch", data=body, content_type="application/json")
    assert response.status_code == 422
    assert [e["pointer"] for e in response.get_json()["errors"]] == ["#/variant"]


def test_a_discard_laid_in_the_play_is_pointed_at_the_discard(client: FlaskClient) -> None:
    body = {"player": "pone", "hand": ["AH", "2H", "3H", "4H"], "starter": "KC",
            "discards": ["6S", "5S"],
            "plays": [{"player": "pone", "card": "AH"}, {"player": "dealer", "card": "5S"}]}
    (error,) = client.post("/v1/pegging/advise", json=body).get_json()["errors"]
    assert (error["pointer"], error["code"]) == ("#/discards/1", "duplicate-card")
    assert error["detail"] == "5S is a discard, but dealer lays it in play 2"


def _service_codes() -> set[str]:
    import re

    from rules.core.errors import ProblemCode
    from service.fields import SHAPE_CODES
    text = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "service").rglob("*.py"))
    coded = set(re.findall(r'Coded\("([a-z-]+)"', text))
    coded |= set(re.findall(r'"code": "([a-z-]+)"', text))
    return coded | set(SHAPE_CODES.values()) - {"invalid"} | {c.value for c in ProblemCode}


def test_every_problem_code_is_documented_in_the_docs_and_the_contract() -> None:
    import yaml
    # The errors page lists the codes; the operations page says where each is met.
    readme = "\n".join((ROOT / "docs" / "reference" / page).read_text(encoding="utf-8")
                       for page in ("errors.md", "operations.md"))
    spec = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
    described = spec["components"]["schemas"]["Problem"]["properties"]["errors"]["items"][
        "properties"]["code"]["description"]
    codes = _service_codes()
    assert {"card-and-go", "invalid-text", "not-your-turn", "required"} <= codes
    assert {c for c in codes if f"`{c}`" not in readme} == set()
    assert {c for c in codes if f"`{c}`" not in described} == set()
