"""The Python client against a real gunicorn server, and in-process."""

from __future__ import annotations

import pytest

from muggins import Client, LocalClient, ProblemError, Unreachable


@pytest.fixture(scope="module")
def referee(live_server: str) -> Client:
    return Client(live_server)


class TestOperations:
    def test_check_hand(self, referee: Client) -> None:
        answer = referee.check_hand(["5H", "5C", "5S", "JD"], "5D", claimed=28, muggins=True)
        assert answer["total"] == 29 and answer["verdict"] == "undercount"
        assert answer["award"] == {"player": 28, "opponent": 1}

    def test_check_hands(self, referee: Client) -> None:
        results = referee.check_hands([{"hand": ["5H", "5C", "5S"], "starter": "5D"},
                                       {"hand": ["XX"], "starter": "5D"}], variant="five-card")
        assert results[0]["total"] == 20 and results[1]["status"] == 422

    def test_check_pegging(self, referee: Client) -> None:
        answer = referee.check_pegging([{"player": "pone", "card": "KH"},
                                        {"player": "dealer", "card": "QC"},
                                        {"player": "pone", "card": "TD", "claimed": 2},
                                        {"player": "dealer", "card": "9S"}])
        assert answer["totals"] == {"pone": 1, "dealer": 1}
        assert [f["code"] for f in answer["findings"]] == ["overcount"]

    def test_check_pegging_live(self, referee: Client) -> None:
        answer = referee.check_pegging([{"player": "pone", "card": "KH"},
                                        {"player": "dealer", "card": "QC"},
                                        {"player": "pone", "card": "TD"}],
                                       hands={"pone": ["KH", "TD", "5S", "2C"],
                                              "dealer": ["QC", "9S", "AH", "3D"]},
                                       in_progress=True)
        # On 30 the dealer's 3D and 9S pass 31, a go with the AH would be a renege, and
        # the pone's two cards are not the pone's to lay (0.4.0's not_legal).
        assert answer["next"] == {"phase": "play", "player": "dealer", "count": 30,
                                  "legal": ["AH"], "go": False, "not_legal": [
                                      {"player": "dealer", "card": "3D", "why": "over-31"},
                                      {"player": "dealer", "card": "9S", "why": "over-31"},
                                      {"player": "dealer", "go": True, "why": "renege"},
                                      {"player": "pone", "card": "2C", "why": "out-of-turn"},
                                      {"player": "pone", "card": "5S", "why": "out-of-turn"}]}
        assert answer["award"] == {"pone": 0, "dealer": 0}

    def test_check_deal_and_game(self, referee: Client) -> None:
        deal = {"dealt": {"bob": ["AH", "2H", "3H", "4S", "6S", "7S"],
                          "ann": ["8C", "9C", "TC", "QC", "KD", "6H"]},
                "discards": {"bob": ["6S", "7S"], "ann": ["KD", "6H"]},
                "starter": "JH",
                "plays": [{"player": "bob", "card": "AH"}, {"player": "ann", "card": "8C"},
                          {"player": "bob", "card": "2H"}, {"player": "ann", "card": "9C"},
                          {"player": "bob", "card": "3H"}, {"player": "ann", "go": True},
                          {"player": "bob", "card": "4S"}, {"player": "ann", "card": "TC"},
                          {"player": "ann", "card": "QC"}]}
        checked = referee.check_deal({**deal, "players": ["bob", "ann"]})
        assert checked["scores_after"] == {"bob": 9, "ann": 14}
        game = referee.check_game(["ann", "bob"], "ann", [deal])
        assert game["scores"] == {"ann": 14, "bob": 9} and game["winner"] is None
        joined = referee.check_game(["ann", "bob"], "ann", [deal],
                                    scores_before={"ann": 50, "bob": 60})
        assert joined["deals"][0]["scores_before"] == {"ann": 50, "bob": 60}
        assert joined["scores"] == {"ann": 64, "bob": 69}
        reviewed = referee.review_game(["ann", "bob"], "ann", [deal],
                                       scores_before={"ann": 50, "bob": 60})
        assert reviewed["scores"] == {"ann": 64, "bob": 69}

    def test_advise_discards(self, referee: Client) -> None:
        advice = referee.advise_discards(["2C", "3H", "4D", "5D", "5S", "JS"], dealer=False)
        assert advice["options"][0]["exact"]["hand_ev"] == "287/23"

    def test_rulesets_health_ready(self, referee: Client) -> None:
        assert [r["id"] for r in referee.rulesets()["rulesets"]] == [
            "acc", "hoyle", "english", "friendly"]
        assert referee.healthy() and referee.ready()

    def test_chances(self, referee: Client) -> None:
        answer = referee.chances({"ann": 115, "bob": 100}, players=["ann", "bob"], dealer="bob")
        assert (answer["pone"], answer["dealer"]) == ("ann", "bob")
        assert answer["win"] == {"ann": 0.954506, "bob": 0.045494}
        seen = referee.chances({"pone": 100, "dealer": 100},
                               seen={"player": "pone", "cards": ["5H", "5C", "5S", "JD", "2C",
                                                                 "3C"]})
        assert (seen["samples"], seen["win"]["pone"]) == (256, 0.480507)
        # Answered in-process, the same.
        assert LocalClient().chances({"ann": 115, "bob": 100}, players=["ann", "bob"],
                                     dealer="bob") == answer
        with pytest.raises(ProblemError) as caught:
            referee.chances({"pone": 121, "dealer": 0}, variant="four-player")
        assert [e["pointer"] for e in caught.value.errors] == ["#/players", "#/variant"]


class TestErrors:
    def test_problem_details_are_carried(self, referee: Client) -> None:
        with pytest.raises(ProblemError) as caught:
            referee.check_hand(["5H", "5H", "5S", "JD"], "ZZ")
        error = caught.value
        assert error.status == 422 and error.title == "Unprocessable Entity"
        assert [(e["pointer"], e["code"]) for e in error.errors] == [
            ("#/hand/1", "duplicate-card"), ("#/starter", "invalid-card")]
        assert error.request_id and "#/hand/1" in str(error)

    def test_unreachable(self) -> None:
        client = Client("http://127.0.0.1:9", timeout=0.5)
        with pytest.raises(Unreachable):
            client.check_hand(["5H", "5C", "5S", "JD"], "5D")
        assert not client.healthy()


def test_local_client_gives_the_same_answers(referee: Client) -> None:
    local = LocalClient()
    args = (["4H", "5H", "6H", "6C"], "JH")
    assert local.check_hand(*args, claimed=12) == referee.check_hand(*args, claimed=12)


GAME = """six-card to 121: ann bob
deal: 1
dealt: ann 5H 5D 6C 9S JH QS; bob 2C 3H 4D 8S TD KC
discards: ann JH QS; bob TD KC
starter: 7S
play: ann 5H, bob 8S, ann 6C, bob 3H, ann 9S, bob 2C, ann 5D, bob 4D
show: ann =10; bob =7; crib =4
"""


class TestEveryField:
    """What the client could not send before (tests/service/test_clients_send.py walks every
    field); here answered by the service itself, in-process."""

    def test_a_game_and_a_play_in_notation(self) -> None:
        local = LocalClient()
        # docs/notation.md's example game, its first deal (bob deals): ann pegs 31 for 2
        # and shows 10 (15-2, a pair, a double run of 5 6 7); bob pegs the last card
        # and shows 7 (15-4, a run of three) and the crib's run of four.
        game = local.check_game(notation=GAME)
        assert (game["scores"], game["winner"]) == ({"ann": 12, "bob": 12}, None)
        assert local.review_game(notation=GAME, ruleset="hoyle")["scores"] == game["scores"]
        # bob's ten makes fifteen (2), and is the last card (1).
        play = local.check_pegging(notation="six-card to 121: ann bob\nplay: ann 5H, bob TC =2\n")
        assert play["totals"] == {"ann": 0, "bob": 3}

    def test_discards_by_the_chance_of_winning(self) -> None:
        local = LocalClient()
        body = {"cards": ["KS", "2S", "5C", "AS", "QS", "7C"], "dealer": False,
                "scores": {"pone": 115, "dealer": 100}}
        advice = local.advise_discards(body["cards"], dealer=False, scores=body["scores"])
        assert advice == local.request("POST", "/v1/discards/advise", body)
        assert advice["scores"] == {"pone": 115, "dealer": 100} and "win" in advice["options"][0]
