"""``POST /v1/chances``: the library's figures, by name, for every form of position, and
every position it cannot answer refused at its field (issue 22 item 3); and a game's
chances in its review (``POST /v1/games/review``)."""

from __future__ import annotations

from typing import Any, ClassVar

import pytest
from flask.testing import FlaskClient

from muggins.client import LocalClient
from rules import Table, Variant
from rules.chances import DEALER, PONE, Chances, ChanceTable, Part, Seen, chances_of, shipped_table
from rules.core import parse_cards
from service.v1.chances import load_tables

TABLES = load_tables()
SIX, FIVE = TABLES[Variant.SIX_CARD], TABLES[Variant.FIVE_CARD]
DEALT = ["5H", "5C", "5S", "JD", "2C", "3C"]


def post(client: FlaskClient, body: dict[str, Any], status: int = 200) -> Any:
    answer = client.post("/v1/chances", json=body)
    assert answer.status_code == status, answer.get_json()
    return answer.get_json()


def by_name(pair: tuple[float, float], pone: str, dealer: str) -> dict[str, float]:
    """As the service rounds: six places."""
    return {pone: round(pair[0], 6), dealer: round(pair[1], 6)}


def figures(found: Chances, pone: str = "pone", dealer: str = "dealer") -> dict[str, Any]:
    """The part of the answer the library's chances make, ACC game points (2, 3, 3)."""
    return {"win": by_name(found.win, pone, dealer),
            "skunk": by_name(found.skunk, pone, dealer),
            "double_skunk": by_name(found.double_skunk, pone, dealer),
            "game_points": by_name(found.game_points(2, 3, 3), pone, dealer),
            "interval": round(found.interval, 6)}


def swapped(found: Chances) -> Chances:
    return Chances(found.win[::-1], found.skunk[::-1], found.double_skunk[::-1],
                   found.interval)


def test_the_scores_alone_are_the_tables_figures(client: FlaskClient) -> None:
    answer = post(client, {"scores": {"pone": 115, "dealer": 100}})
    assert answer == {
        "variant": "six-card", "target": 121, "pone": "pone", "dealer": "dealer",
        "scores": {"pone": 115, "dealer": 100}, "after": None, "samples": 0,
        "table": {"deals": SIX.tally.deals, "seed": SIX.provenance["seed"],
                  "version": SIX.provenance["version"]},
        **figures(SIX.before(115, 100)),
    }
    # The figures the README shows, from the shipped table.
    assert answer["win"] == {"pone": 0.954506, "dealer": 0.045494}
    assert answer["game_points"] == {"pone": 1.909013, "dealer": 0.090987}
    assert answer["table"] == {"deals": 300000, "seed": 2026, "version": "0.3.0"}


def test_the_first_dealer_at_love_all(client: FlaskClient) -> None:
    answer = post(client, {"scores": {"pone": 0, "dealer": 0}})
    assert answer["win"] == {"pone": 0.435019, "dealer": 0.564981}
    assert answer["skunk"] == {"pone": 0.04553, "dealer": 0.083218}
    assert answer["double_skunk"] == {"pone": 0.000246, "dealer": 0.000724}
    assert sum(answer["win"].values()) == pytest.approx(1, abs=1e-6)


def test_the_five_card_game_has_its_own_table_to_61(client: FlaskClient) -> None:
    answer = post(client, {"variant": "five-card", "scores": {"pone": 50, "dealer": 40}})
    assert (answer["variant"], answer["target"]) == ("five-card", 61)
    assert answer["table"]["deals"] == FIVE.tally.deals == 200000
    assert {k: answer[k] for k in figures(FIVE.before(50, 40))} == figures(FIVE.before(50, 40))
    assert answer["win"]["pone"] == 0.800651


class TestNames:
    def test_the_dealer_named_is_the_dealer_whatever_the_order(
            self, client: FlaskClient) -> None:
        answer = post(client, {"players": ["ann", "bob"], "dealer": "ann",
                               "scores": {"ann": 115, "bob": 100}})
        assert (answer["pone"], answer["dealer"]) == ("bob", "ann")
        assert answer["scores"] == {"bob": 100, "ann": 115}
        assert list(answer["win"]) == ["bob", "ann"]  # the pone first
        found = figures(SIX.before(100, 115), "bob", "ann")
        assert {k: answer[k] for k in found} == found
        assert answer["win"] == {"bob": 0.011972, "ann": 0.988028}

    def test_the_dealer_is_the_last_player_by_default(self, client: FlaskClient) -> None:
        answer = post(client, {"players": ["ann", "bob"], "scores": {"ann": 115, "bob": 100}})
        assert (answer["pone"], answer["dealer"]) == ("ann", "bob")
        assert answer["win"] == by_name(SIX.before(115, 100).win, "ann", "bob")

    def test_the_default_names_may_deal_either_way(self, client: FlaskClient) -> None:
        answer = post(client, {"dealer": "pone", "scores": {"pone": 115, "dealer": 100}})
        assert (answer["pone"], answer["dealer"]) == ("dealer", "pone")
        assert answer["win"] == by_name(SIX.before(100, 115).win, "dealer", "pone")


@pytest.mark.parametrize(("after", "part"), [
    ("heels", Part.PLAY), ("play", Part.PONE_HAND), ("pone_hand", Part.DEALER_HAND),
    ("dealer_hand", Part.CRIB)])
def test_after_a_part_the_rest_of_the_deal_is_to_come(client: FlaskClient, after: str,
                                                       part: Part) -> None:
    answer = post(client, {"scores": {"pone": 115, "dealer": 100}, "after": after})
    assert answer["after"] == after
    found = figures(SIX.after(part, 115, 100))
    assert {k: answer[k] for k in found} == found


def test_after_the_play_the_pone_who_counts_first_is_nearer(client: FlaskClient) -> None:
    answer = post(client, {"scores": {"pone": 115, "dealer": 100}, "after": "play"})
    assert answer["win"] == {"pone": 0.949019, "dealer": 0.050981}


def test_after_the_crib_the_deal_passes(client: FlaskClient) -> None:
    """The deal is over: the next is dealt by the pone, from the same scores."""
    answer = post(client, {"players": ["ann", "bob"], "scores": {"ann": 115, "bob": 100},
                           "after": "crib"})
    assert (answer["pone"], answer["dealer"]) == ("ann", "bob")  # of the deal just counted
    found = figures(swapped(SIX.before(100, 115)), "ann", "bob")
    assert {k: answer[k] for k in found} == found


class TestSeen:
    def test_the_cards_dealt_are_the_librarys_sample(self, client: FlaskClient) -> None:
        scores = {"pone": 100, "dealer": 100}
        body = {"scores": scores, "seen": {"player": "pone", "cards": DEALT}}
        answer = post(client, body)
        table = Table.seat(Variant.SIX_CARD)
        found = chances_of(table, scores, TABLES,
                           seen=Seen("pone", tuple(parse_cards(DEALT))))
        assert answer["samples"] == found.samples == 256
        assert {k: answer[k] for k in figures(found.chances)} == figures(found.chances)
        assert answer["win"] == {"pone": 0.480507, "dealer": 0.519493}
        # The sample's error is added to the table's.
        assert answer["interval"] > SIX.before(100, 100).interval
        assert post(client, body) == answer  # the same question, the same answer

    def test_the_hand_kept_and_the_starter(self, client: FlaskClient) -> None:
        seen = {"player": "dealer", "kept": ["5H", "5C", "5S", "JD"],
                "discard": ["2C", "3C"], "starter": "5D"}
        answer = post(client, {"scores": {"pone": 100, "dealer": 100}, "seen": seen})
        found = chances_of(Table.seat(Variant.SIX_CARD), {"pone": 100, "dealer": 100}, TABLES,
                           seen=Seen("dealer", kept=tuple(parse_cards(seen["kept"])),
                                     discard=tuple(parse_cards(seen["discard"])),
                                     starter=parse_cards(["5D"])[0]))
        assert {k: answer[k] for k in figures(found.chances)} == figures(found.chances)
        # Twenty-nine in hand, from 100: the dealer all but wins.
        assert answer["win"] == {"pone": 0.007812, "dealer": 0.992188}

    def test_cards_written_leniently_are_the_same_question(self, client: FlaskClient) -> None:
        plain = post(client, {"scores": {"pone": 90, "dealer": 110},
                              "seen": {"player": "pone", "kept": ["5H", "TC", "JD", "QS"]}})
        lenient = post(client, {"scores": {"pone": 90, "dealer": 110},
                                "seen": {"player": "pone", "kept": ["5h", "10♣", "jd", "Q♠"]}})
        assert lenient == plain

    def test_names_and_the_five_card_game(self, client: FlaskClient) -> None:
        answer = post(client, {"variant": "five-card", "players": ["ann", "bob"],
                               "scores": {"ann": 50, "bob": 52},
                               "seen": {"player": "bob", "cards": ["5H", "5C", "JD", "2C",
                                                                   "3C"]}})
        assert (answer["pone"], answer["dealer"], answer["samples"]) == ("ann", "bob", 256)
        assert sum(answer["win"].values()) == pytest.approx(1, abs=1e-6)


S = {"pone": 100, "dealer": 100}
KEPT = ["5H", "5C", "5S", "JD"]


@pytest.mark.parametrize(("body", "pointer", "code"), [
    ({"scores": {"pone": 121, "dealer": 0}}, "#/scores/pone", "out-of-range"),
    ({"variant": "five-card", "scores": {"pone": 0, "dealer": 61}}, "#/scores/dealer",
     "out-of-range"),
    ({"scores": S, "dealer": "zed"}, "#/dealer", "unknown-player"),
    ({"scores": {**S, "zed": 3}}, "#/scores/zed", "unknown-side"),
    ({"scores": {"pone": 5}}, "#/scores", "required"),
    ({}, "#/scores", "required"),
    ({"variant": "seven-card", "scores": S}, "#/variant", "not-in-variant"),
    ({"variant": "three-player", "players": ["a", "b", "c"],
      "scores": {"a": 1, "b": 2, "c": 3}}, "#/variant", "not-in-variant"),
    ({"scores": S, "after": "show"}, "#/after", "out-of-range"),
    ({"scores": S, "after": 3}, "#/after", "wrong-type"),
    ({"scores": S, "after": "play", "seen": {"player": "pone", "cards": DEALT}}, "#/after",
     "conflict"),
    ({"scores": S, "seen": {"player": "pone", "kept": KEPT, "starter": "5h"}},
     "#/seen/starter", "duplicate-card"),
    ({"scores": S, "seen": {"player": "pone", "kept": KEPT, "discard": ["JD", "2C"]}},
     "#/seen/discard/0", "duplicate-card"),
    ({"scores": S, "seen": {"player": "pone", "cards": [*DEALT[:5], "2C"]}},
     "#/seen/cards/5", "duplicate-card"),
    ({"scores": S, "seen": {"player": "pone", "cards": DEALT[:5]}}, "#/seen/cards",
     "wrong-size"),
    ({"scores": S, "seen": {"player": "pone", "kept": KEPT[:3]}}, "#/seen/kept", "wrong-size"),
    ({"scores": S, "seen": {"player": "pone", "kept": KEPT, "discard": ["2C"]}},
     "#/seen/discard", "wrong-size"),
    ({"scores": S, "seen": {"player": "zed", "cards": DEALT}}, "#/seen/player",
     "unknown-player"),
    ({"scores": S, "seen": {"cards": DEALT}}, "#/seen/player", "required"),
    ({"scores": S, "seen": {"player": "pone", "cards": DEALT, "kept": KEPT}}, "#/seen",
     "conflict"),
    ({"scores": S, "seen": {"player": "pone"}}, "#/seen", "required"),
    ({"scores": S, "seen": {"player": "pone", "hand": KEPT}}, "#/seen/hand", "unknown-field"),
], ids=lambda x: x if isinstance(x, str) and x.startswith("#") else "")
def test_each_refusal_points_at_its_field(client: FlaskClient, body: dict[str, Any],
                                          pointer: str, code: str) -> None:
    problem = post(client, body, 422)
    assert [(e["pointer"], e["code"]) for e in problem["errors"]] == [(pointer, code)]


def test_every_problem_at_once(client: FlaskClient) -> None:
    problem = post(client, {"scores": {"pone": 130, "dealer": 100}, "dealer": "zed",
                            "after": "crib",
                            "seen": {"player": "pone", "cards": [*DEALT[:5], "2C"]}}, 422)
    assert [(e["pointer"], e["code"]) for e in problem["errors"]] == [
        ("#/seen/cards/5", "duplicate-card"), ("#/dealer", "unknown-player"),
        ("#/scores/pone", "out-of-range"), ("#/after", "conflict")]
    assert problem["detail"] == "the request has 4 invalid fields"


def test_the_local_client_asks_the_same(client: FlaskClient) -> None:
    body = {"players": ["ann", "bob"], "dealer": "ann", "scores": {"ann": 60, "bob": 70},
            "after": "heels"}
    answer = LocalClient().chances({"ann": 60, "bob": 70}, players=["ann", "bob"],
                                   dealer="ann", after="heels")
    assert answer == post(client, body)
    assert answer["win"] == by_name(SIX.after(Part.PLAY, 70, 60).win, "bob", "ann")


def test_a_table_is_what_the_service_loaded() -> None:
    assert isinstance(SIX, ChanceTable) and load_tables() is TABLES
    assert (SIX.target, FIVE.target) == (121, 61)


class TestGameChances:
    BODY: ClassVar[dict[str, object]] = {
        "players": ["ann", "bob"], "first_dealer": "ann",
        "scores_before": {"ann": 100, "bob": 110},
        "deals": [{"dealt": {"bob": ["AH", "2H", "3H", "4H", "5S", "6S"],
                             "ann": ["7C", "8C", "9C", "TC", "JD", "QD"]},
                   "discards": {"bob": ["5S", "6S"], "ann": ["JD", "QD"]}, "starter": "KS",
                   "plays": [{"player": p, "card": c} for p, c in (
                       ("bob", "AH"), ("ann", "7C"), ("bob", "2H"), ("ann", "8C"),
                       ("bob", "3H"), ("ann", "9C"), ("bob", "4H"), ("ann", "TC"))]}]}

    def test_each_deal_before_after_the_play_and_after_the_show(self) -> None:
        from service import create_app

        answer = create_app().test_client().post("/v1/games/review", json=self.BODY).get_json()
        table = shipped_table(Variant.SIX_CARD)
        [deal] = answer["chances"]
        before = table.before(110, 100)  # bob is the pone
        assert deal["win"] == {"bob": round(before.win[PONE], 6),
                               "ann": round(before.win[DEALER], 6)}
        # After the play: the scores the referee found, heels and the play pegged.
        checked = create_app().test_client().post("/v1/games/check", json=self.BODY).get_json()
        play, heels = checked["deals"][0]["play"], checked["deals"][0]["heels"]
        assert heels == 0 and sum(play.values()) >= 1
        after = table.after(Part.PONE_HAND, 110 + play["bob"], 100 + play["ann"])
        assert deal["after_play"] == {"bob": round(after.win[PONE], 6),
                                      "ann": round(after.win[DEALER], 6)}
        # Bob's hand, A 2 3 4 with the king, makes 8 and his 121 at the show.
        assert answer["scores"]["bob"] == 121
        assert deal["after_show"] == {"bob": 1.0, "ann": 0.0}

    def test_no_table_no_chances(self) -> None:
        from service import create_app

        body = {**self.BODY, "target": 61, "scores_before": {"ann": 10, "bob": 20}}
        answer = create_app().test_client().post("/v1/games/review", json=body).get_json()
        assert answer["chances"] is None
