"""A record sent in notation gets the answer the same record sent as JSON gets, on every
operation that takes a record; its problems point into the text."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from flask.testing import FlaskClient

from rules.core.cards import Card
from rules.core.rulesets import Ruleset
from rules.core.table import Table
from rules.core.variants import Variant
from rules.deal.json_form import deal_to_json, event_to_json, hands_to_json
from rules.deal.record import DealClaims, DealRecord
from rules.notation import Deal, Game, Options, Play
from rules.play.record import PlayEvent
from tests.library.test_notation import random_records

event_json = event_to_json
cards_json = hands_to_json
deal_json = deal_to_json
"""The API's JSON of a record: the library's one writer of it (rules.deal.json_form)."""


def options(body: dict[str, Any]) -> Options:
    ruleset = body.get("ruleset")
    return Options(None if ruleset is None else Ruleset(ruleset), body.get("muggins"))


def without(body: dict[str, Any], *names: str) -> dict[str, Any]:
    return {key: value for key, value in body.items() if key not in names}


def same_answer(client: FlaskClient, path: str, body: dict[str, Any],
                notation: dict[str, Any]) -> int:
    sent = client.post(path, json=body)
    written = client.post(path, json=notation)
    assert written.status_code == sent.status_code, (notation, written.json)
    if sent.status_code == 200:
        assert written.json == sent.json, notation["notation"]
    else:
        assert [e["code"] for e in written.json["errors"]] == \
            [e["code"] for e in sent.json["errors"]], notation["notation"]
        assert {e["pointer"] for e in written.json["errors"]} <= {"#/notation", "#/ruleset",
                                                                  "#/muggins"}
    return sent.status_code


def bare(events: Sequence[PlayEvent]) -> tuple[PlayEvent, ...]:
    """The events without go claims, which the JSON record does not carry yet."""
    return tuple(PlayEvent(e.player, e.card, e.claimed) for e in events)


def test_plays_and_deals_answer_alike_in_notation_and_json(client: FlaskClient) -> None:
    rng = random.Random(2026)
    statuses: list[int] = []
    for table, record in random_records(rng, 160):
        plays = bare(record.plays or ())
        common: dict[str, Any] = {"variant": table.variant.value}
        if rng.random() < .5:
            common["ruleset"] = rng.choice(list(Ruleset)).value
        if rng.random() < .5:
            common["muggins"] = rng.random() < .5
        in_progress = rng.random() < .5
        play: dict[str, Any] = {**common, "players": list(table.seats),
                                "plays": [event_json(e) for e in plays]}
        kept = {p: tuple(c for c in record.dealt[p] if c not in (record.discards or {})[p])
                for p in table.seats}
        if rng.random() < .5:
            play["hands"] = cards_json(kept)
        if in_progress:
            play["in_progress"] = True
        text = Play(table, plays, kept if "hands" in play else None, in_progress,
                    options(play) if rng.random() < .5 else Options())
        rest = without(play, "players", "variant", "plays", "hands", "in_progress",
                       *(["ruleset", "muggins"] if text.options != Options() else []))
        statuses.append(same_answer(client, "/v1/pegging/check", play,
                                    {**rest, "notation": str(text)}))

        seated = DealRecord(record.dealt, record.discards, record.starter, plays,
                            record.crib_card, record.claims)
        deal: dict[str, Any] = {**common, "players": list(table.seats), **deal_json(seated),
                                "target": table.target}
        scores = None
        if rng.random() < .5:
            scores = {side.name: rng.randrange(table.target) for side in table.sides}
            deal["scores_before"] = scores
        if in_progress:
            deal["in_progress"] = True
        deal_text = Deal(table, seated, scores, in_progress, options(deal))
        statuses.append(same_answer(client, "/v1/deals/check", deal,
                                    {"notation": str(deal_text)}))
    assert statuses.count(200) > 250  # mostly refereed, and a few refused alike


def test_games_answer_alike_in_notation_and_json(client: FlaskClient) -> None:
    rng = random.Random(7)
    for _ in range(12):
        variant = rng.choice(list(Variant))
        tables_records = [(t, r) for t, r in random_records(rng, 60) if t.variant is variant][:8]
        seats = list(tables_records[0][0].seats)
        first = rng.choice(seats)
        # Each record was dealt at its own seats: rename them to the game's.
        deals = []
        for table_of_record, record in tables_records:
            rename = dict(zip(table_of_record.seats, seats, strict=True))
            deals.append(DealRecord(
                {rename[p]: cards for p, cards in record.dealt.items()},
                {rename[p]: cards for p, cards in (record.discards or {}).items()},
                record.starter,
                tuple(PlayEvent(rename[e.player], e.card, e.claimed)
                      for e in record.plays or ()),
                record.crib_card,
                None if record.claims is None else DealClaims(
                    record.claims.heels,
                    {rename[p]: n for p, n in record.claims.hands.items()},
                    record.claims.crib)))
        body = {"players": seats, "first_dealer": first, "variant": variant.value,
                "muggins": rng.random() < .5, "deals": [deal_json(d) for d in deals]}
        table = Table.seat(variant, seats, dealer=first)
        text = Game(table, tuple(deals), options(body))
        same_answer(client, "/v1/games/check", body, {"notation": str(text)})


def test_reviews_and_advice_answer_alike(client: FlaskClient) -> None:
    rng = random.Random(11)
    reviewed = 0
    for table, record in random_records(rng, 40):
        if table.variant is not Variant.SIX_CARD or reviewed == 4:
            continue
        reviewed += 1
        seated = DealRecord(record.dealt, record.discards, record.starter,
                            bare(record.plays or ()), record.crib_card, record.claims)
        body = {"players": list(table.seats), **deal_json(seated)}
        assert same_answer(client, "/v1/deals/review", body,
                           {"notation": str(Deal(table, seated))}) in (200, 422)
        player = table.seats[len(seated.plays or ()) % 2]
        hand = [c.text for c in record.dealt[player]
                if c not in (record.discards or {})[player]]
        starter = record.starter or Card.parse("AS")
        advice = {"player": player, "hand": hand, "starter": starter.text, "samples": 8}
        json_body = {**advice, "players": list(table.seats),
                     "plays": [event_json(e) for e in seated.plays or ()]}
        same_answer(client, "/v1/pegging/advise", json_body,
                    {**advice, "notation": str(Play(table, tuple(seated.plays or ())))})
    game = ("six-card to 121: ann bob\ndeal: 1\n"
            "dealt: ann 5H 5D 6C 9S JH QS; bob 2C 3H 4D 8S TD KC\n"
            "discards: ann JH QS; bob TD KC\nstarter: 7S\n"
            "play: ann 5H, bob 8S, ann 6C, bob 3H, ann 9S, bob go, ann 5D, bob 2C, bob 4D\n"
            "show: ann =12; bob =2; crib =0")
    body = {"players": ["ann", "bob"], "first_dealer": "bob", "deals": [{
        "dealt": {"ann": ["5H", "5D", "6C", "9S", "JH", "QS"],
                  "bob": ["2C", "3H", "4D", "8S", "TD", "KC"]},
        "discards": {"ann": ["JH", "QS"], "bob": ["TD", "KC"]}, "starter": "7S",
        "plays": [{"player": "ann", "card": "5H"}, {"player": "bob", "card": "8S"},
                  {"player": "ann", "card": "6C"}, {"player": "bob", "card": "3H"},
                  {"player": "ann", "card": "9S"}, {"player": "bob", "go": True},
                  {"player": "ann", "card": "5D"}, {"player": "bob", "card": "2C"},
                  {"player": "bob", "card": "4D"}],
        "claims": {"hands": {"ann": 12, "bob": 2}, "crib": 0}}]}
    assert same_answer(client, "/v1/games/review", body, {"notation": game}) == 200
    assert reviewed == 4


def test_badly_written_notation_is_a_422_at_its_line_and_column(client: FlaskClient) -> None:
    response = client.post("/v1/deals/check", json={
        "notation": "six-card to 121: pone dealer\ndealt: pone 5H 5X"})
    assert response.status_code == 422
    assert response.json["errors"] == [{
        "pointer": "#/notation", "code": "badly-written", "line": 2, "column": 16,
        "detail": "line 2, column 16: expected a card at '5X'"}]


def test_a_problem_with_the_record_points_at_the_text(client: FlaskClient) -> None:
    response = client.post("/v1/pegging/check", json={
        "notation": "play: pone KH, dealer QC,\n  bob TD =2"})
    assert response.json["errors"] == [{
        "pointer": "#/notation", "code": "unknown-player", "line": 2, "column": 3,
        "detail": "line 2, column 3: 'bob' is not one of the players: pone, dealer "
                  "(/plays/2/player in the record)"}]
    response = client.post("/v1/deals/check", json={
        "notation": "four-player to 121: a a b c\ndealt:"})
    assert [(e["code"], e["line"], e["column"]) for e in response.json["errors"]] == [
        ("duplicate-player", 1, 1)]


def test_notation_and_the_json_record_are_not_sent_together(client: FlaskClient) -> None:
    response = client.post("/v1/games/check", json={
        "notation": "six-card to 121: a b\ndeal:\ndealt:", "players": ["a", "b"],
        "first_dealer": "a"})
    assert response.status_code == 422
    assert [(e["pointer"], e["code"]) for e in response.json["errors"]] == [
        ("#/players", "conflict"), ("#/first_dealer", "conflict")]
    response = client.post("/v1/pegging/check", json={
        "notation": "ruleset: hoyle\nplay:", "ruleset": "acc"})
    assert [(e["pointer"], e["code"]) for e in response.json["errors"]] == [
        ("#/ruleset", "conflict")]
    response = client.post("/v1/pegging/check", json={"notation": 5})
    assert [(e["pointer"], e["code"]) for e in response.json["errors"]] == [
        ("#/notation", "wrong-type")]


UNFINISHED = "dealt: pone 5H 6H 7H 8H 9H TH; dealer 5C 6C 7C 8C 9C TC"


def test_a_part_the_text_leaves_out_is_pointed_at_in_the_text(client: FlaskClient) -> None:
    """A finished deal without its discards and starter: fields the request never sent
    by name, so the problems point into the text, at the deal (issue 28)."""
    for path in ("/v1/deals/check", "/v1/deals/review"):
        response = client.post(path, json={"notation": UNFINISHED})
        assert response.status_code == 422
        assert response.json["errors"] == [
            {"pointer": "#/notation", "code": "required", "line": 1, "column": 1,
             "detail": "line 1, column 1: a finished deal has its discards "
                       "(/discards in the record)"},
            {"pointer": "#/notation", "code": "required", "line": 1, "column": 1,
             "detail": "line 1, column 1: a finished deal has its starter "
                       "(/starter in the record)"}]
    for path in ("/v1/games/check", "/v1/games/review"):
        response = client.post(path, json={"notation": "deal: 1\n" + UNFINISHED})
        assert response.status_code == 422
        assert [(e["pointer"], e["code"], e["line"], e["column"])
                for e in response.json["errors"]] == [
            ("#/notation", "required", 1, 1), ("#/notation", "required", 1, 1)]
        assert response.json["errors"][0]["detail"] == (
            "line 1, column 1: a finished deal has its discards "
            "(/deals/0/discards in the record)")


def test_every_operation_that_takes_notation_points_into_it(client: FlaskClient) -> None:
    """The play, its advice, the deal and the game, checked and reviewed: a problem with
    the record is at #/notation with its line and column, never at a JSON field."""
    later = "\n  bob TD"
    play = "play: pone KH, dealer QC," + later
    deal = (UNFINISHED + "\ndiscards: pone 5H 6H; dealer 5C 6C\nstarter: 2S\n" + play)
    bodies = {
        "/v1/pegging/check": {"notation": play},
        "/v1/pegging/advise": {"notation": play, "player": "pone",
                               "hand": ["KH", "TD", "5S", "5D"], "starter": "2S"},
        "/v1/deals/check": {"notation": deal},
        "/v1/deals/review": {"notation": deal},
        "/v1/games/check": {"notation": "deal: 1\n" + deal},
        "/v1/games/review": {"notation": "deal: 1\n" + deal},
    }
    for path, body in bodies.items():
        response = client.post(path, json=body)
        assert response.status_code == 422, path
        found = [(e["pointer"], e["code"], e["line"], e["column"])
                 for e in response.json["errors"]]
        line = 1 + body["notation"].splitlines().index(later.lstrip("\n"))
        assert ("#/notation", "unknown-player", line, 3) in found, (path, found)
        assert {pointer for pointer, *_ in found} == {"#/notation"}, (path, found)


def test_a_misspelled_keyword_is_a_422_that_names_the_keyword(client: FlaskClient) -> None:
    response = client.post("/v1/deals/check", json={
        "notation": UNFINISHED + "\ndiscard: pone 5H 6H; dealer 5C 6C\nstarter: 2S"})
    assert response.status_code == 422
    assert response.json["errors"] == [{
        "pointer": "#/notation", "code": "badly-written", "line": 2, "column": 1,
        "detail": "line 2, column 1: unknown section (did you mean 'discards:'?) "
                  "at 'discard:'"}]
