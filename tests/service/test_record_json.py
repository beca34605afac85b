"""Records to and from JSON on the library's own types (rules/deal/json_form.py),
and the library speaking its own terms: problems at paths into the record, the
objective of a review as a value (issue 29 item 3)."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

import rules
from rules import (
    Card,
    DealClaims,
    DealRecord,
    Objective,
    PlayEvent,
    RecordError,
    Table,
    Variant,
    check_deal,
    check_play,
    deal_from_json,
    deal_to_json,
    event_from_json,
    event_to_json,
    events_from_json,
    game_table_from_json,
    game_table_to_json,
    objective_of,
    table_from_json,
    table_to_json,
)
from rules.answers.review import OBJECTIVES
from rules.deal import scores_to_json


def cards(text: str) -> list[Card]:
    return [Card.parse(word) for word in text.split()]


DEAL: dict[str, Any] = {
    "dealt": {"pone": ["AH", "2H", "3H", "4H", "5H", "6H"],
              "dealer": ["AC", "2C", "3C", "4C", "5C", "6C"]},
    "discards": {"pone": ["AH", "2H"], "dealer": ["AC", "2C"]},
    "starter": "KS",
    "plays": [{"player": "pone", "card": "3H", "claimed": 0},
              {"player": "dealer", "card": "3C", "claimed": 2},
              {"player": "pone", "go": True, "claimed_go": 1}],
    "claims": {"heels": 0, "hands": {"pone": 6}, "crib": 2},
}


class TestDeal:
    def test_read_from_json_into_the_library_types(self) -> None:
        assert deal_from_json(DEAL) == DealRecord(
            {"pone": cards("AH 2H 3H 4H 5H 6H"), "dealer": cards("AC 2C 3C 4C 5C 6C")},
            {"pone": cards("AH 2H"), "dealer": cards("AC 2C")},
            Card.parse("KS"),
            [PlayEvent("pone", Card.parse("3H"), 0), PlayEvent("dealer", Card.parse("3C"), 2),
             PlayEvent("pone", None, None, 1)],
            None,
            DealClaims(0, {"pone": 6}, 2))

    def test_written_back_as_it_was_read(self) -> None:
        assert deal_to_json(deal_from_json(DEAL)) == DEAL

    def test_cards_already_read_are_taken_as_they_are(self) -> None:
        read = {**DEAL, "starter": Card.parse("KS"),
                "dealt": {name: cards(" ".join(held)) for name, held in DEAL["dealt"].items()}}
        assert deal_from_json(read) == deal_from_json(DEAL)

    def test_a_deal_in_progress_writes_only_what_it_gives(self) -> None:
        dealt = {"pone": ["AH", "2H", "3H", "4H", "5H", "6H"],
                 "dealer": ["AC", "2C", "3C", "4C", "5C", "6C"]}
        record = deal_from_json({"dealt": dealt})
        assert (record.discards, record.starter, record.plays, record.claims) == (
            None, None, None, None)
        assert deal_to_json(record) == {"dealt": dealt}

    def test_a_card_badly_written_is_the_cards_error(self) -> None:
        with pytest.raises(rules.InvalidCardError):
            deal_from_json({**DEAL, "starter": "ZZ"})


class TestEvents:
    def test_a_go_is_an_event_without_a_card(self) -> None:
        event = event_from_json({"player": "pone", "go": True})
        assert event == PlayEvent("pone", None)
        assert event_to_json(event) == {"player": "pone", "go": True}

    def test_in_order(self) -> None:
        assert events_from_json(DEAL["plays"])[1] == PlayEvent("dealer", Card.parse("3C"), 2)


class TestTable:
    def test_a_play_or_a_deal_at_the_default_table(self) -> None:
        table = table_from_json({"variant": "six-card"})
        assert (table.seats, table.target) == (("pone", "dealer"), 121)
        assert table_to_json(table) == {"players": ["pone", "dealer"], "variant": "six-card",
                                        "target": 121}

    def test_players_and_target_as_sent(self) -> None:
        table = table_from_json({"variant": Variant.THREE_PLAYER, "players": ["a", "b", "c"],
                                 "target": 61})
        assert (table.variant, table.seats, table.dealer, table.target) == (
            Variant.THREE_PLAYER, ("a", "b", "c"), "c", 61)

    def test_a_game_deals_first_from_its_first_dealer(self) -> None:
        # Players a b c d in play order, b dealing first: c leads, b is last; the
        # partnerships are named from the players as sent (a&c, b&d).
        data = {"variant": "four-player", "players": ["a", "b", "c", "d"], "first_dealer": "b"}
        table = game_table_from_json(data)
        assert table.seats == ("c", "d", "a", "b")
        assert [side.name for side in table.sides] == ["a&c", "b&d"]
        assert game_table_to_json(table) == {**data, "target": 121}

    def test_a_first_dealer_who_is_no_player_is_pointed_at_as_the_game_names_it(self) -> None:
        with pytest.raises(RecordError) as caught:
            game_table_from_json({"variant": "six-card", "players": ["ann", "bob"],
                                  "first_dealer": "cy"})
        assert [(p.path, p.code.value) for p in caught.value.problems] == [
            (("first_dealer",), "unknown-player")]

    def test_a_deals_scores_are_named_from_its_players_in_order(self) -> None:
        table = Table.parse("four-player to 121: ann bob cy dan; sides us=ann&cy them=bob&dan")
        assert scores_to_json({"us": 5, "them": 7}, table) == {"ann&cy": 5, "bob&dan": 7}


class TestTheLibrarysTerms:
    def test_a_problem_is_at_a_path_into_the_record(self) -> None:
        with pytest.raises(RecordError) as caught:
            check_play([PlayEvent("zed", Card.parse("5H"))])
        problem = caught.value.problems[0]
        assert (problem.path, problem.code.value) == (("plays", 0, "player"), "unknown-player")
        assert str(caught.value) == (
            "plays[0].player: 'zed' is not one of the players: pone, dealer")

    def test_a_card_twice_says_where_else_in_the_record(self) -> None:
        record = deal_from_json({**DEAL, "starter": "3H", "plays": None, "claims": None})
        with pytest.raises(RecordError) as caught:
            check_deal(record)
        [problem] = caught.value.problems
        assert (problem.path, problem.also) == (("starter",), ("dealt", "pone", 2))
        assert str(problem) == "starter: 3H appears twice in the deal (also at dealt.pone[2])"
        assert problem.under("deals", 4).also == ("deals", 4, "dealt", "pone", 2)

    def test_a_name_that_is_no_identifier_is_quoted(self) -> None:
        problem = rules.Problem(("dealt", "Ann B", 2), rules.ProblemCode.DUPLICATE_CARD, "x")
        assert str(problem) == "dealt['Ann B'][2]: x"

    def test_the_face_exports_no_json_pointer_and_no_warming(self) -> None:
        for name in ("json_pointer", "prepare"):
            assert name not in rules.__all__ and not hasattr(rules, name)
        from rules import advice

        assert callable(advice.prepare)

    @pytest.mark.parametrize(("variant", "objective"), [
        (Variant.SIX_CARD, Objective.PLAYERS), (Variant.FIVE_CARD, Objective.PLAYERS),
        (Variant.SEVEN_CARD, Objective.PLAYERS), (Variant.THREE_PLAYER, Objective.PARANOID),
        (Variant.FOUR_PLAYER, Objective.PARTNERSHIPS)])
    def test_a_reviews_objective_is_a_value(self, variant: Variant,
                                             objective: Objective) -> None:
        assert objective_of(variant) is objective

    def test_the_answers_word_the_objective_as_before(self) -> None:
        first = "reaching the target first during the play ranks above any difference"
        words = {
            Objective.PLAYERS: f"the play point difference between the two players; {first}",
            Objective.PARANOID: "the play point difference between each player and the other "
                                "two together (paranoid: the other two play against the player "
                                f"reviewed); {first}",
            Objective.PARTNERSHIPS: "the play point difference between the partnerships; "
                                    f"{first}",
        }
        assert words == OBJECTIVES


class TestTheService:
    def test_a_card_twice_is_pointed_at_in_both_places(self, client: FlaskClient) -> None:
        body = {**DEAL, "starter": "3H"}
        del body["plays"], body["claims"]
        answer = client.post("/v1/deals/check", json=body)
        assert answer.status_code == 422
        assert answer.get_json()["errors"] == [
            {"pointer": "#/starter", "code": "duplicate-card",
             "detail": "3H appears twice in the deal (also at #/dealt/pone/2)"}]

    def test_a_card_twice_in_a_games_deal_is_pointed_at_in_it(self,
                                                              client: FlaskClient) -> None:
        deal = {**DEAL, "starter": "3H"}
        del deal["plays"], deal["claims"]
        answer = client.post("/v1/games/check", json={"players": ["pone", "dealer"],
                                                      "first_dealer": "dealer",
                                                      "deals": [deal]})
        assert answer.status_code == 422
        assert answer.get_json()["errors"] == [
            {"pointer": "#/deals/0/starter", "code": "duplicate-card",
             "detail": "3H appears twice in the deal (also at #/deals/0/dealt/pone/2)"}]
