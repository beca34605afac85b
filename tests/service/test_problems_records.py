"""Every problem at once on the record endpoints (issue 21 item 3): deals, games, their
reviews and the two advisers list the schema's problems and then the library's, found
on every part the schema could read; a check that needs a refused part is skipped."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from rules import Card, DealRecord, PlayEvent, ProblemCode, Table, Variant
from rules.advice import AdviceError, check_request, validate_discard
from rules.answers import problems_of
from rules.deal import validate_deal
from tests.service.test_deals_api import DEAL

Found = list[tuple[str, str]]


def found(client: FlaskClient, path: str, body: Any) -> Found:
    response = client.post(path, json=body)
    assert response.status_code == 422, response.get_json()
    return [(e["pointer"], e["code"]) for e in response.get_json()["errors"]]


def cards(text: str) -> list[Card]:
    return [Card.parse(card) for card in text.split()]


PONE = ["5H", "5C", "5S", "JD", "2C", "3C"]
DEALER = ["KH", "QD", "9C", "8S", "4H", "AD"]

# Fifteen independent problems: six the schema finds, nine the library finds in what
# the schema could read.
TEN_AND_MORE: dict[str, Any] = {
    "ruleset": "mine", "muggins": 5, "extra": 1, "starter": "ZZ",
    "dealt": {"pone": PONE, "bob": DEALER},
    "discards": {"pone": ["9H", "3C"], "bob": ["4H", "AD"]},
    "plays": [{"player": "zed", "card": "5H"}, {"player": "pone", "card": "6H", "go": True}],
    "crib_card": "4S", "scores_before": {"pone": 130, "them": 3},
    "claims": {"hands": {"zed": 3}, "heels": -1},
}


class TestDealsCheck:
    def test_fifteen_problems_are_all_listed_schema_first(self, client: FlaskClient) -> None:
        assert found(client, "/v1/deals/check", TEN_AND_MORE) == [
            ("#/starter", "invalid-card"), ("#/plays/1/go", "card-and-go"),
            ("#/claims/heels", "out-of-range"), ("#/ruleset", "unknown-value"),
            ("#/muggins", "wrong-type"), ("#/extra", "unknown-field"),
            ("#/dealt/bob", "unknown-player"), ("#/dealt/dealer", "required"),
            ("#/discards/bob", "unknown-player"), ("#/discards/dealer", "required"),
            ("#/crib_card", "not-in-variant"), ("#/discards/pone/0", "card-not-held"),
            ("#/scores_before/pone", "out-of-range"), ("#/scores_before/them", "unknown-side"),
            ("#/plays/0/player", "unknown-player")]

    def test_the_library_speaks_in_its_own_words(self, client: FlaskClient) -> None:
        errors = client.post("/v1/deals/check", json=TEN_AND_MORE).get_json()["errors"]
        details = {e["pointer"]: e["detail"] for e in errors}
        assert details["#/discards/pone/0"] == "pone discarded 9H, which was not dealt to them"
        # The request sends no players: each name that is no seat says how to mend it.
        assert details["#/scores_before/them"] == (
            f"'them' is not one of the sides: pone, dealer ({NO_PLAYERS})")
        assert details["#/plays/0/player"] == (
            f"'zed' is not one of the players: pone, dealer ({NO_PLAYERS})")

    def test_a_refused_dealt_is_not_checked_nor_are_the_discards_against_it(
            self, client: FlaskClient) -> None:
        """No "dealer's cards are missing", no 9H "not dealt": both would be guesses."""
        body = {"dealt": {"pone": ["ZZ", *PONE[1:]]},
                "discards": {"pone": ["9H", "3C"], "dealer": ["4H", "AD"]}, "starter": "5D"}
        assert found(client, "/v1/deals/check", body) == [("#/dealt/pone/0", "invalid-card")]

    def test_a_refused_claims_part_leaves_its_players_unchecked(
            self, client: FlaskClient) -> None:
        body = {**DEAL, "claims": {"hands": {"zed": 3}, "heels": -1}}
        assert found(client, "/v1/deals/check", body) == [("#/claims/heels", "out-of-range")]

    def test_a_refused_target_leaves_the_scores_unjudged(self, client: FlaskClient) -> None:
        body = {**DEAL, "target": 0, "scores_before": {"pone": 130, "them": 3},
                "dealt": {**DEAL["dealt"], "bob": DEALER}}
        assert found(client, "/v1/deals/check", body) == [
            ("#/target", "out-of-range"), ("#/dealt/bob", "unknown-player")]

    def test_a_refused_variant_checks_nothing_at_the_table(self, client: FlaskClient) -> None:
        body = {**TEN_AND_MORE, "variant": "nine-card"}
        assert [p for p, _ in found(client, "/v1/deals/check", body)] == [
            "#/starter", "#/plays/1/go", "#/claims/heels", "#/variant", "#/ruleset",
            "#/muggins", "#/extra"]

    def test_a_table_that_cannot_exist_beside_a_bad_card(self, client: FlaskClient) -> None:
        body = {**DEAL, "variant": "four-player", "players": ["a", "a", "b"], "starter": "1X"}
        assert found(client, "/v1/deals/check", body) == [
            ("#/starter", "invalid-card"), ("#/players", "wrong-size"),
            ("#/players", "duplicate-player")]

    def test_a_player_named_crib_is_refused_beside_a_bad_card(self, client: FlaskClient) -> None:
        body = {**DEAL, "players": ["crib", "dealer"], "starter": "1X"}
        assert found(client, "/v1/deals/check", body)[:2] == [
            ("#/starter", "invalid-card"), ("#/players", "reserved-name")]

    def test_an_unread_in_progress_asks_nothing_of_the_phases(
            self, client: FlaskClient) -> None:
        body = {"dealt": DEAL["dealt"], "plays": [{"player": "pone", "card": "5H"}],
                "in_progress": "yes"}
        assert found(client, "/v1/deals/check", body) == [("#/in_progress", "wrong-type")]

    def test_a_valid_deal_gets_the_same_answer(self, client: FlaskClient) -> None:
        response = client.post("/v1/deals/check", json=DEAL)
        assert response.status_code == 200
        assert response.get_json()["scores_after"] == {"pone": 121, "dealer": 114}


GAME_DEAL: dict[str, Any] = {
    "dealt": {"ann": PONE, "bob": DEALER}, "discards": {"ann": ["2C", "3C"],
                                                       "bob": ["4H", "AD"]},
    "starter": "5D"}


class TestGamesCheck:
    def test_a_first_dealer_who_is_no_player_beside_a_bad_card(
            self, client: FlaskClient) -> None:
        body = {"players": ["ann", "bob"], "first_dealer": "cat",
                "deals": [{**GAME_DEAL, "starter": "5X"},
                          {**GAME_DEAL, "discards": {"ann": ["2C", "3C"], "bob": ["4H", "AS"]}}]}
        assert found(client, "/v1/games/check", body) == [
            ("#/deals/0/starter", "invalid-card"), ("#/first_dealer", "unknown-player"),
            ("#/deals/1/discards/bob/1", "card-not-held")]

    def test_a_first_dealer_who_is_no_player_hides_no_deal(self, client: FlaskClient) -> None:
        """With nothing for the schema to refuse, the library still checks every deal."""
        body = {"players": ["ann", "bob"], "first_dealer": "cat",
                "deals": [GAME_DEAL, {**GAME_DEAL, "dealt": {"ann": PONE, "zed": DEALER}}]}
        errors = client.post("/v1/games/check", json=body).get_json()["errors"]
        assert [(e["pointer"], e["code"]) for e in errors] == [
            ("#/first_dealer", "unknown-player"), ("#/deals/1/dealt/zed", "unknown-player"),
            ("#/deals/1/dealt/bob", "required"), ("#/deals/1/discards/bob/0", "card-not-held"),
            ("#/deals/1/discards/bob/1", "card-not-held")]
        assert errors[0]["detail"] == "'cat' is not one of the players: ann, bob"

    def test_each_deal_is_read_apart_and_its_events_in_their_places(
            self, client: FlaskClient) -> None:
        body = {"players": ["ann", "bob"], "first_dealer": "ann", "ruleset": "x",
                "deals": [{**GAME_DEAL, "dealt": {"ann": [*PONE[:5], "ZZ"], "bob": DEALER},
                           "discards": {"ann": ["2C", "9S"], "bob": ["4H", "AD"]}},
                          {**GAME_DEAL, "plays": [{"player": "ann", "card": "5H"},
                                                  {"player": "bob", "card": "QQ"},
                                                  {"player": "cat", "card": "5S"}]}]}
        assert found(client, "/v1/games/check", body) == [
            ("#/ruleset", "unknown-value"), ("#/deals/0/dealt/ann/5", "invalid-card"),
            ("#/deals/1/plays/1/card", "invalid-card"),
            ("#/deals/1/plays/2/player", "unknown-player")]

    def test_the_scores_a_game_was_joined_at_beside_a_schema_problem(
            self, client: FlaskClient) -> None:
        body = {"players": ["ann", "bob"], "first_dealer": "ann", "muggins": "x",
                "scores_before": {"ann": 121, "zed": 3}, "deals": [GAME_DEAL]}
        assert found(client, "/v1/games/check", body) == [
            ("#/muggins", "wrong-type"), ("#/scores_before/ann", "out-of-range"),
            ("#/scores_before/zed", "unknown-side")]
        # Against a target the schema refused, no score is judged.
        assert found(client, "/v1/games/check", {**body, "target": "x"}) == [
            ("#/muggins", "wrong-type"), ("#/target", "wrong-type")]

    def test_too_many_deals_are_not_read_again(self, client: FlaskClient) -> None:
        body = {"players": ["ann", "bob"], "first_dealer": "cat",
                "deals": [{"dealt": {"zed": []}}] * 61}
        assert found(client, "/v1/games/check", body) == [
            ("#/deals", "wrong-size"), ("#/first_dealer", "unknown-player")]


class TestDealsReview:
    def test_a_review_in_progress_is_refused_beside_a_discard_not_held(
            self, client: FlaskClient) -> None:
        """in_progress refused: no phase is asked for, but the cards still are."""
        body = {**DEAL, "in_progress": True, "muggins": "yes", "plays": [],
                "discards": {"pone": ["2C", "3C"], "dealer": ["4H", "AS"]}}
        assert found(client, "/v1/deals/review", body) == [
            ("#/muggins", "wrong-type"), ("#/in_progress", "conflict"),
            ("#/discards/dealer/1", "card-not-held")]

    def test_the_review_takes_the_checks_problems(self, client: FlaskClient) -> None:
        assert found(client, "/v1/deals/review", TEN_AND_MORE) == found(
            client, "/v1/deals/check", TEN_AND_MORE)


class TestGamesReview:
    def test_the_review_takes_the_checks_problems(self, client: FlaskClient) -> None:
        body = {"players": ["ann", "bob"], "first_dealer": "cat", "muggins": "x",
                "deals": [{**GAME_DEAL, "starter": "5X"},
                          {**GAME_DEAL, "dealt": {"ann": PONE, "cat": DEALER}}]}
        expected = [
            ("#/muggins", "wrong-type"), ("#/deals/0/starter", "invalid-card"),
            ("#/first_dealer", "unknown-player"), ("#/deals/1/dealt/cat", "unknown-player"),
            ("#/deals/1/dealt/bob", "required"), ("#/deals/1/discards/bob/0", "card-not-held"),
            ("#/deals/1/discards/bob/1", "card-not-held")]
        assert found(client, "/v1/games/review", body) == expected
        assert found(client, "/v1/games/check", body) == expected

    def test_players_refused_leave_the_deals_unchecked(self, client: FlaskClient) -> None:
        """A player called crib: who sits where is unknown, so no deal is checked."""
        body = {"players": ["ann", "crib"], "first_dealer": "cat",
                "deals": [{**GAME_DEAL, "starter": "5X"}]}
        assert found(client, "/v1/games/review", body) == [
            ("#/deals/0/starter", "invalid-card"), ("#/players", "reserved-name"),
            ("#/first_dealer", "unknown-player")]


class TestDiscardsAdvise:
    def test_a_short_hand_beside_the_schemas_problems(self, client: FlaskClient) -> None:
        body = {"cards": ["5H", "5C", "5S"], "dealer": "yes", "extra": 1}
        errors = client.post("/v1/discards/advise", json=body).get_json()["errors"]
        assert [(e["pointer"], e["code"]) for e in errors] == [
            ("#/dealer", "wrong-type"), ("#/extra", "unknown-field"),
            ("#/cards", "wrong-size")]
        assert errors[2]["detail"] == "a six-card hand as dealt has 6 cards, not 3"

    def test_partners_where_there_are_none_need_the_variant(self, client: FlaskClient) -> None:
        body = {"cards": PONE, "dealer": True, "partner_deals": True, "variant": "x"}
        assert found(client, "/v1/discards/advise", body) == [("#/variant", "unknown-value")]
        body = {"cards": PONE, "dealer": True, "partner_deals": True, "variant": "four-player",
                "x": 1}
        assert found(client, "/v1/discards/advise", body) == [
            ("#/x", "unknown-field"), ("#/cards", "wrong-size"), ("#/partner_deals", "conflict")]

    def test_both_dealing_needs_the_dealer_read(self, client: FlaskClient) -> None:
        body = {"cards": ["5H", "5C", "5S", "JD", "2C"], "dealer": 1, "partner_deals": True,
                "variant": "four-player"}
        assert found(client, "/v1/discards/advise", body) == [("#/dealer", "wrong-type")]


class TestPeggingAdvise:
    def test_every_problem_of_the_position_beside_the_schemas(
            self, client: FlaskClient) -> None:
        body = {"player": "zed", "hand": ["AH", "2H", "3H"], "starter": "AH",
                "discards": ["6S", "2H"], "samples": 0,
                "plays": [{"player": "bob", "card": "5S"},
                          {"player": "pone", "go": True, "card": "5H"},
                          {"player": "dealer", "card": "6S"}]}
        assert found(client, "/v1/pegging/advise", body) == [
            ("#/plays/1/go", "card-and-go"), ("#/samples", "out-of-range"),
            ("#/player", "unknown-player"), ("#/plays/0/player", "unknown-player"),
            ("#/hand", "wrong-size"), ("#/starter", "duplicate-card"),
            ("#/discards/0", "duplicate-card"), ("#/discards/1", "duplicate-card")]

    def test_a_table_that_cannot_exist_beside_a_bad_card(self, client: FlaskClient) -> None:
        body = {"variant": "four-player", "players": ["a", "b", "c"], "player": "a",
                "hand": ["AH", "2H", "3H", "4H"], "starter": "ZZ"}
        assert found(client, "/v1/pegging/advise", body) == [
            ("#/starter", "invalid-card"), ("#/players", "wrong-size")]

    def test_a_refused_hand_is_not_sized_nor_set_against_the_starter(
            self, client: FlaskClient) -> None:
        body = {"player": "pone", "hand": ["AH", "AH", "3H"], "starter": "AH", "seed": -1}
        assert found(client, "/v1/pegging/advise", body) == [
            ("#/hand/1", "duplicate-card"), ("#/seed", "out-of-range")]


BAD_NOTATION = "six-card to 121: pone dealer\ndealt: pone 5H 5X"


class TestNotation:
    @pytest.mark.parametrize("path", ["/v1/deals/check", "/v1/deals/review"])
    def test_a_notation_that_does_not_parse_comes_first_then_the_fields(
            self, client: FlaskClient, path: str) -> None:
        body = {"notation": BAD_NOTATION, "ruleset": "mine", "muggins": 3, "extra": 1}
        errors = client.post(path, json=body).get_json()["errors"]
        assert [(e["pointer"], e["code"]) for e in errors] == [
            ("#/notation", "badly-written"), ("#/ruleset", "unknown-value"),
            ("#/muggins", "wrong-type"), ("#/extra", "unknown-field")]
        assert (errors[0]["line"], errors[0]["column"]) == (2, 16)

    def test_a_table_that_cannot_exist_then_the_fields(self, client: FlaskClient) -> None:
        body = {"notation": "four-player to 121: a a b c\ndealt:", "ruleset": 1}
        assert found(client, "/v1/games/check", body) == [
            ("#/notation", "duplicate-player"), ("#/ruleset", "unknown-value")]

    def test_the_fields_the_notation_stands_for_are_not_required(
            self, client: FlaskClient) -> None:
        """The adviser's own fields are still asked for; the play's are the notation's."""
        body = {"notation": "play: pone KH,,, ZZ", "hand": ["AH"], "samples": 0}
        assert found(client, "/v1/pegging/advise", body) == [
            ("#/notation", "badly-written"), ("#/player", "required"),
            ("#/starter", "required"), ("#/samples", "out-of-range")]

    def test_a_notation_alone_is_still_a_422_alone(self, client: FlaskClient) -> None:
        assert found(client, "/v1/games/check", {"notation": "six-card to 121: a b\nzz"}) == [
            ("#/notation", "badly-written")]

    def test_the_librarys_problems_in_a_notation_point_into_its_text(
            self, client: FlaskClient) -> None:
        """A problem the schema finds beside the text no longer leaves the library's
        problems with the record unpointed: they are at their line, as alone."""
        text = ("six-card to 121: pone dealer\n"
                "dealt: pone 5H 5C 5S JD 2C 3C; dealer KH QD 9C 8S 4H AD\n"
                "discards: pone 2C 9C; dealer 4H AD\nstarter: 5D")
        alone = client.post("/v1/deals/check", json={"notation": text}).get_json()["errors"]
        beside = client.post("/v1/deals/check",
                             json={"notation": text, "muggins": 3}).get_json()["errors"]
        assert [e["code"] for e in alone] == ["card-not-held"]
        assert beside == [{"pointer": "#/muggins", "detail": "expected true or false, not 3",
                           "code": "wrong-type"}, *alone]
        assert alone[0]["pointer"] == "#/notation"


class TestLibraryParts:
    """The library's own checks of the parts a request could give: each raises one
    RecordError with every problem (:func:`rules.answers.problems_of` lists them)."""

    def test_an_unread_part_is_given_but_unchecked(self) -> None:
        table = Table.seat()
        record = DealRecord({}, {"pone": cards("9H 3C"), "dealer": cards("4H AD")}, None)
        assert problems_of(lambda: validate_deal(record, table, unread={"dealt", "starter"})) == []
        codes = [(p.path, p.code) for p in problems_of(lambda: validate_deal(record, table))]
        assert codes == [
            (("dealt", "pone"), ProblemCode.REQUIRED), (("dealt", "dealer"), ProblemCode.REQUIRED),
            (("starter",), ProblemCode.REQUIRED),
            (("discards", "pone", 0), ProblemCode.CARD_NOT_HELD),
            (("discards", "pone", 1), ProblemCode.CARD_NOT_HELD),
            (("discards", "dealer", 0), ProblemCode.CARD_NOT_HELD),
            (("discards", "dealer", 1), ProblemCode.CARD_NOT_HELD)]

    def test_an_unread_in_progress_asks_for_no_phase(self) -> None:
        record = DealRecord({"pone": cards("5H 5C 5S JD 2C 3C"),
                             "dealer": cards("KH QD 9C 8S 4H AD")}, None, None,
                            [PlayEvent("pone", Card.parse("5H"))])
        table = Table.seat()
        found = problems_of(lambda: validate_deal(record, table, in_progress=True))
        assert [p.path for p in found] == [("plays",)]
        assert problems_of(lambda: validate_deal(record, table, unread={"in_progress"})) == []

    def test_the_discard_check_skips_what_was_not_given(self) -> None:
        assert problems_of(lambda: validate_discard(
            None, dealer=True, variant=Variant.FOUR_PLAYER, partner_deals=True,
        ))[0].code is ProblemCode.CONFLICT
        validate_discard(cards("5H 5C"), dealer=True, variant=None, partner_deals=True)
        assert [p.code for p in problems_of(lambda: validate_discard(
            cards("5H 5C"), dealer=None, variant=Variant.SIX_CARD))] == [ProblemCode.WRONG_SIZE]

    def test_the_request_check_skips_an_event_not_read(self) -> None:
        with pytest.raises(AdviceError) as refused:
            check_request(Table.seat(), None, None, Card.parse("5S"), cards("6S 5S"),
                          [None, PlayEvent("dealer", Card.parse("6S")), PlayEvent("zed", None)])
        found = refused.value.problems
        assert [(p.path, p.code) for p in found] == [
            (("plays", 2, "player"), ProblemCode.UNKNOWN_PLAYER),
            (("discards", 0), ProblemCode.DUPLICATE_CARD),
            (("discards", 1), ProblemCode.DUPLICATE_CARD)]


NO_PLAYERS = ("the request sends no `players`: name the seats there, in play order from the "
              "dealer's left, the dealer last")


class TestNamesWithoutPlayers:
    """Issue 28: a name used where the request sends no ``players`` is no seat; the
    problem says which seats there are, and which field names them."""

    def test_the_play(self, client: FlaskClient) -> None:
        errors = client.post("/v1/pegging/check", json={"plays": [
            {"player": "ann", "card": "5H"}, {"player": "bob", "card": "5S"}]}).json["errors"]
        assert errors == [
            {"pointer": "#/plays/0/player", "code": "unknown-player",
             "detail": f"'ann' is not one of the players: pone, dealer ({NO_PLAYERS})"},
            {"pointer": "#/plays/1/player", "code": "unknown-player",
             "detail": f"'bob' is not one of the players: pone, dealer ({NO_PLAYERS})"}]

    def test_a_deal_and_its_scores(self, client: FlaskClient) -> None:
        body = {**DEAL, "dealt": {"ann": PONE, "dealer": DEALER}, "scores_before": {"ann": 3}}
        errors = client.post("/v1/deals/check", json=body).json["errors"]
        details = {e["pointer"]: e["detail"] for e in errors}
        assert details["#/dealt/ann"] == (
            f"'ann' is not one of the players: pone, dealer ({NO_PLAYERS})")
        assert details["#/scores_before/ann"] == (
            f"'ann' is not one of the sides: pone, dealer ({NO_PLAYERS})")
        assert details["#/dealt/pone"] == "pone's cards are missing"

    def test_players_sent_or_a_table_line_need_no_such_word(self, client: FlaskClient) -> None:
        errors = client.post("/v1/pegging/check", json={"players": ["ann", "bob"], "plays": [
            {"player": "cy", "card": "5H"}]}).json["errors"]
        assert errors[0]["detail"] == "'cy' is not one of the players: ann, bob"
        errors = client.post("/v1/pegging/check", json={
            "notation": "play: ann 5H"}).json["errors"]
        assert errors[0]["detail"] == (
            "line 1, column 7: 'ann' is not one of the players: pone, dealer "
            "(/plays/0/player in the record)")

    def test_chances_say_it_once(self, client: FlaskClient) -> None:
        """Not four problems (the dealer, each score, the scores missing): one."""
        errors = client.post("/v1/chances", json={
            "scores": {"ann": 100, "bob": 90}, "dealer": "ann",
            "seen": {"player": "ann", "cards": ["5H", "5S", "5D", "5C", "JH", "QH"]}}).json[
            "errors"]
        assert errors == [{"pointer": "#/players", "code": "required",
                           "detail": "ann and bob are named, but the request sends no "
                                     "`players`, so the seats are pone and dealer: name yours "
                                     "there, in play order from the dealer's left, the dealer "
                                     "last"}]
