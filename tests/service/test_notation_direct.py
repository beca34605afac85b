"""A record sent in notation is refereed on the library's own types: it is not written
back into the JSON fields it stands for and loaded by the request's schema, unless the
schema has to say why it refuses them (a name, a size or a number past the service's
limits; service/v1/notation_limits.py), where it answers as the same record in JSON."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

import service.v1.notation as notation
from rules.answers import deal_body, game_body, play_body
from rules.notation import Deal, Game, Play

DEAL = ("six-card to 121: {a} {b}\n"
        "dealt: {a} 5H 5C 5S JD 2C 3C; {b} 7C 8C 9C TC JH QD\n"
        "discards: {a} 2C 3C; {b} JH QD\nstarter: KS\n"
        "play: {a} 5H, {b} 7C =1, {a} 5C, {b} 8C\n")
GAME = DEAL.replace("\ndealt", "\ndeal: 1\ndealt")
PLAY = "six-card to 121: {a} {b}\nplay: {a} 5H, {b} 7C =1, {a} 5C, {b} 8C\n"
TEXTS = {"/v1/pegging/check": PLAY, "/v1/deals/check": DEAL, "/v1/deals/review": DEAL,
         "/v1/games/check": GAME, "/v1/games/review": GAME}


@pytest.fixture
def no_json(monkeypatch: pytest.MonkeyPatch) -> None:
    def written_back(record: object) -> Any:
        raise AssertionError(f"{record!r} was written back into JSON")

    monkeypatch.setattr(notation, "_FIELDS", dict.fromkeys(notation.Kind, written_back))


@pytest.mark.parametrize("path", TEXTS)
def test_a_record_in_notation_is_refereed_as_it_was_read(
        client: FlaskClient, no_json: None, path: str) -> None:
    answer = client.post(path, json={"notation": TEXTS[path].format(a="ann", b="bob"),
                                     "ruleset": "hoyle"})
    assert answer.status_code == 200, answer.get_json()


def test_advice_on_a_play_in_notation_is_given_as_it_was_read(
        client: FlaskClient, no_json: None) -> None:
    answer = client.post("/v1/pegging/advise", json={
        "notation": "play: pone 5H, dealer TC", "player": "pone",
        "hand": ["5H", "5D", "6C", "9S"], "starter": "JH", "samples": 4})
    assert answer.status_code == 200, answer.get_json()
    # 5+10 = 15, and the pone holds 5D (a 5 for 20), 6C (21) and 9S (24): none pegs.
    assert {option["card"] for option in answer.get_json()["options"]} == {"5D", "6C", "9S"}


def test_a_problem_of_the_library_points_into_the_text(
        client: FlaskClient, no_json: None) -> None:
    text = DEAL.format(a="ann", b="bob").replace("discards: ann 2C 3C", "discards: ann 2C 4C")
    errors = client.post("/v1/deals/check", json={"notation": text}).get_json()["errors"]
    assert [(e["pointer"], e["code"], e["line"]) for e in errors] == [
        ("#/notation", "card-not-held", 3)]


def _as_json(path: str, text: str) -> dict[str, Any]:
    """The JSON fields the text stands for (rules.answers' writers of them)."""
    if path.startswith("/v1/pegging"):
        fields, _ = play_body(Play.parse(text))
    elif path.startswith("/v1/deals"):
        fields, _ = deal_body(Deal.parse(text))
    else:
        fields, _ = game_body(Game.parse(text))
    return fields


LONG = "x" * 65


@pytest.mark.parametrize(("path", "text"), [
    *((path, text.format(a=LONG, b="bob")) for path, text in TEXTS.items()),
    ("/v1/deals/check", DEAL.format(a="crib", b="bob")),
    ("/v1/games/check", GAME.format(a="crib", b="bob")),
    ("/v1/deals/check", DEAL.format(a="ann", b="bob").replace("to 121", "to 1001")),
    ("/v1/pegging/check", "play: " + ", ".join(["pone go"] * 53)),
    ("/v1/pegging/check", "play: pone 5H =1000, dealer 5C"),
    ("/v1/deals/review", DEAL.format(a="ann", b="bob") + "in progress\n"),
])
def test_a_record_past_a_limit_is_refused_as_its_json_is(client: FlaskClient, path: str,
                                                          text: str) -> None:
    written = client.post(path, json={"notation": text})
    sent = client.post(path, json=_as_json(path, text))
    assert written.status_code == sent.status_code == 422
    assert [e["code"] for e in written.get_json()["errors"]] == \
        [e["code"] for e in sent.get_json()["errors"]]
    assert {e["pointer"] for e in written.get_json()["errors"]} == {"#/notation"}


SIDES = ("four-player to 121: w n e s; sides s&n w&e\nscores: s&n 15; w&e 16\n"
         "dealt: w TC 5S 4S 8S 6S; n 9C 9D 8C JH TD; e 3C QD KH 4D QC; s 3D 6C QH 3S 7H\n"
         "discards: w 8S; n 9D; e KH; s 3S\nstarter: 2S\n")


@pytest.mark.parametrize("path", ["/v1/deals/check", "/v1/deals/review"])
def test_sides_a_table_line_names_are_answered_as_the_json_names_them(
        client: FlaskClient, no_json: None, path: str) -> None:
    # The merge of round 4 found it (the scorepad's four-player game): a deal whose table
    # line names its sides in another order than the seats' was refused, 'n&s' not one of
    # the sides, because its scores were named as the JSON names them and its table not.
    written = client.post(path, json={"notation": SIDES})
    sent = client.post(path, json=_as_json(path, SIDES))
    assert written.status_code == sent.status_code == 200, written.get_json()
    if path.endswith("check"):
        assert written.get_json()["scores_before"] == {"n&s": 15, "w&e": 16}
    assert written.get_json() == sent.get_json()
