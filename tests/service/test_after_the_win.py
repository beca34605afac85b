"""The deal where the game is won: nothing after the winning peg is pegged or ruled on
(docs/rules.md#after-the-win), and nothing unearned wins it (issue 28, item 1).

Every expected value here is worked out by hand in the comments, from the cards.
"""

from __future__ import annotations

from typing import Any, ClassVar

import pytest
from flask.testing import FlaskClient

from rules import (
    Card,
    DealClaims,
    DealRecord,
    PlayEvent,
    Ruleset,
    Stage,
    Table,
    check_deal,
    check_play,
)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(name) for name in text.split())

RULESETS = [ruleset.value for ruleset in Ruleset]


def play(*events: dict[str, Any]) -> list[dict[str, Any]]:
    return list(events)


def card(player: str, name: str, claimed: int = 0, claimed_go: int | None = 0) -> dict[str, Any]:
    event: dict[str, Any] = {"player": player, "card": name, "claimed": claimed}
    if claimed_go is not None:
        event["claimed_go"] = claimed_go
    return event


def go(player: str) -> dict[str, Any]:
    return {"player": player, "go": True}


# The first reproduction. Pone 117: TD 10, 9S 19, JS 29 makes 9-10-J (run 3,
# pone 120), AD 30, pone go, AC 31 (31 for 2, pair 2: dealer 96), then TC 10, 8H 18, 9C 27
# makes 8-9-10 (run 3): pone reaches 121 with the card's own points. The last card 9C
# would also earn comes after the win, so a claim of 0 for it is no undercount.
WON_BY_THE_CARD: dict[str, Any] = {
    "dealt": {"pone": ["JS", "9C", "TD", "TC", "6H", "7D"],
              "dealer": ["9S", "8H", "AD", "AC", "JH", "KH"]},
    "discards": {"pone": ["6H", "7D"], "dealer": ["JH", "KH"]}, "starter": "KS",
    "plays": play(card("pone", "TD"), card("dealer", "9S"), card("pone", "JS", 3),
                  card("dealer", "AD"), go("pone"), card("dealer", "AC", 4),
                  card("pone", "TC"), card("dealer", "8H"), card("pone", "9C", 3)),
    "scores_before": {"pone": 117, "dealer": 92}, "muggins": True,
}

# The third reproduction: the record stops while bob can still lay 5D on 15.
# Ann (117): AD 30 takes the go (118: bob's QC and 5D and ann's 5C do not fit on 30),
# then QC 10, 5C 15 fifteen 2 (120). No last card is earned: bob's 5D still fits.
UNFINISHED: dict[str, Any] = {
    "players": ["bob", "ann"],
    "dealt": {"bob": ["TH", "2C", "QC", "5D", "KS", "KD"],
              "ann": ["9S", "8H", "AD", "5C", "QS", "QD"]},
    "discards": {"bob": ["KS", "KD"], "ann": ["QS", "QD"]}, "starter": "7H",
    "plays": [{"player": "bob", "card": "TH", "claimed": 0},
              {"player": "ann", "card": "9S", "claimed": 0},
              {"player": "bob", "card": "2C", "claimed": 0},
              {"player": "ann", "card": "8H", "claimed": 0},
              {"player": "bob", "go": True},
              {"player": "ann", "card": "AD", "claimed": 0, "claimed_go": 1},
              {"player": "bob", "card": "QC", "claimed": 0},
              {"player": "ann", "card": "5C", "claimed": 2}],
    "scores_before": {"bob": 50, "ann": 117},
}


def check(client: FlaskClient, body: dict[str, Any], path: str = "/v1/deals/check") -> Any:
    response = client.post(path, json=body)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


class TestTheWinningCard:
    def test_the_last_card_after_the_winning_run_is_not_ruled_on(
            self, client: FlaskClient) -> None:
        answer = check(client, WON_BY_THE_CARD)
        assert (answer["winner"], answer["won_during"]) == ("pone", "play")
        assert answer["scores_after"] == {"pone": 121, "dealer": 96}
        assert answer["findings"] == [] and answer["play"]["findings"] == []
        # The play's award is what was pegged up to the winning peg, which stops at the
        # game hole: pone 3 + 1 of 9C's 3, dealer 4 (no muggins point for a last card
        # that came after the win).
        assert answer["play"]["award"] == {"pone": 4, "dealer": 4}
        assert answer["pegged"] == {"pone": 4, "dealer": 4}
        # What the cards truly scored is still shown: 9C's run and its last card.
        assert [s["kind"] for s in answer["play"]["plays"][8]["scores"]] == ["run", "last-card"]

    @pytest.mark.parametrize("ruleset", RULESETS)
    @pytest.mark.parametrize("muggins", [True, False])
    def test_under_every_ruleset(self, client: FlaskClient, ruleset: str,
                                 muggins: bool) -> None:
        answer = check(client, WON_BY_THE_CARD | {"ruleset": ruleset, "muggins": muggins})
        assert answer["findings"] == []
        assert answer["scores_after"] == {"pone": 121, "dealer": 96}
        assert answer["play"]["award"] == {"pone": 4, "dealer": 4}

    def test_a_claim_without_claimed_go_is_the_same(self, client: FlaskClient) -> None:
        plays = [dict(event) for event in WON_BY_THE_CARD["plays"]]
        for event in plays:
            event.pop("claimed_go", None)
        answer = check(client, WON_BY_THE_CARD | {"plays": plays})
        assert answer["findings"] == [] and answer["winner"] == "pone"
        assert answer["play"]["award"] == {"pone": 4, "dealer": 4}

    def test_unclaimed_the_last_card_is_not_awarded_after_the_win(
            self, client: FlaskClient) -> None:
        plays = [{"player": e["player"], **({"card": e["card"]} if "card" in e else {"go": True})}
                 for e in WON_BY_THE_CARD["plays"]]
        answer = check(client, WON_BY_THE_CARD | {"plays": plays})
        assert answer["findings"] == []
        assert answer["play"]["award"] == {"pone": 4, "dealer": 4}
        assert answer["play"]["totals"] == {"pone": 7, "dealer": 4}  # the cards' true worth

    def test_a_claim_short_of_the_hole_is_still_an_undercount(
            self, client: FlaskClient) -> None:
        # From 114: JS's run (3) makes 117, and 9C's run claimed as 2 of 3 leaves pone at
        # 119, short of the hole: an undercount, and muggins gives the dealer the 1. The
        # game goes on, so 9C's last card, claimed 0 of 1, is ruled on too (the dealer
        # takes it: 92 + 4 + 1 + 1 = 98). Pone goes out on his hand (9) in the show.
        plays = [dict(event) for event in WON_BY_THE_CARD["plays"]]
        plays[8]["claimed"] = 2
        answer = check(client, WON_BY_THE_CARD | {"plays": plays,
                                                  "scores_before": {"pone": 114, "dealer": 92}})
        assert [(f["code"], f["index"], f["points"]) for f in answer["findings"]] == [
            ("undercount", 8, 1), ("muggins", 8, 1), ("undercount", 8, 1), ("muggins", 8, 1)]
        assert "the last card on play 9" in answer["findings"][2]["message"]
        assert answer["play"]["award"] == {"pone": 5, "dealer": 6}
        assert (answer["winner"], answer["won_during"]) == ("pone", "show")
        assert answer["scores_after"] == {"pone": 121, "dealer": 98}

    def test_thirty_one_and_a_pair_claimed_to_the_hole(self, client: FlaskClient) -> None:
        # KS 10, QH 20, AC 21, 5D 26, 5C 31: a pair (2) and 31 (2). Pone at 119 pegs 2 of
        # the 4 and is out: that is right.
        body = {"dealt": {"pone": ["KS", "AC", "5C", "9H", "2D", "3D"],
                          "dealer": ["QH", "5D", "8S", "7C", "4D", "6D"]},
                "discards": {"pone": ["2D", "3D"], "dealer": ["4D", "6D"]}, "starter": "JC",
                "plays": play(card("pone", "KS"), card("dealer", "QH"), card("pone", "AC"),
                              card("dealer", "5D"), card("pone", "5C", 2),
                              card("dealer", "8S"), card("pone", "9H"),
                              card("dealer", "7C")),
                "scores_before": {"pone": 119, "dealer": 100}, "muggins": True}
        answer = check(client, body)
        assert (answer["winner"], answer["won_during"]) == ("pone", "play")
        assert answer["findings"] == []
        assert answer["play"]["award"] == {"pone": 2, "dealer": 0}  # to the hole
        assert answer["scores_after"] == {"pone": 121, "dealer": 102}  # his heels, JC

    def test_a_claim_of_31_alone_at_120(self, client: FlaskClient) -> None:
        # KS 10, QH 20, AC 21, TD 31 for 2: the dealer at 120 claims 1 and is out.
        body = {"dealt": {"pone": ["KS", "AC", "9H", "8C", "2D", "3D"],
                          "dealer": ["QH", "TD", "7S", "6C", "4D", "6D"]},
                "discards": {"pone": ["2D", "3D"], "dealer": ["4D", "6D"]}, "starter": "JC",
                "plays": play(card("pone", "KS"), card("dealer", "QH"), card("pone", "AC"),
                              card("dealer", "TD", 1), card("pone", "9H"),
                              card("dealer", "7S"), card("pone", "8C"),
                              card("dealer", "6C")),
                "scores_before": {"pone": 100, "dealer": 120}, "muggins": True}
        answer = check(client, body)
        assert (answer["winner"], answer["findings"]) == ("dealer", [])
        assert answer["scores_after"] == {"pone": 100, "dealer": 121}

    def test_in_progress_the_win_ends_the_deal(self, client: FlaskClient) -> None:
        answer = check(client, WON_BY_THE_CARD | {"in_progress": True})
        assert answer["findings"] == [] and answer["winner"] == "pone"
        assert answer["next"]["phase"] == "over"

    def test_a_game_won_by_the_card(self, client: FlaskClient) -> None:
        deal = {k: WON_BY_THE_CARD[k] for k in ("dealt", "discards", "starter", "plays")}
        body = {"players": ["pone", "dealer"], "first_dealer": "dealer", "deals": [deal],
                "scores_before": WON_BY_THE_CARD["scores_before"], "muggins": True}
        answer = check(client, body, "/v1/games/check")
        assert answer["findings"] == [] and answer["winner"] == "pone"


class TestAWinOnHeels:
    BODY: ClassVar[dict[str, Any]] = {
        "dealt": {"pone": ["AS", "2C", "3D", "4H", "6S", "7C"],
                  "dealer": ["8H", "9D", "TC", "QS", "KD", "5H"]},
        "discards": {"pone": ["6S", "7C"], "dealer": ["KD", "5H"]}, "starter": "JD",
        "claims": {"heels": 2}, "plays": [],
        "scores_before": {"pone": 100, "dealer": 119}}

    @pytest.mark.parametrize("ruleset", RULESETS)
    def test_the_play_the_win_made_unnecessary(self, client: FlaskClient,
                                               ruleset: str) -> None:
        answer = check(client, self.BODY | {"ruleset": ruleset})
        assert (answer["winner"], answer["won_during"]) == ("dealer", "heels")
        assert answer["findings"] == [] and answer["play"]["findings"] == []
        assert answer["play"]["award"] == {"pone": 0, "dealer": 0}

    def test_a_play_recorded_after_the_win_is_not_ruled_on(self, client: FlaskClient) -> None:
        # The pone's 4H then the dealer's 5H... (5H was thrown: the dealer holds 8H):
        # claims overstated and a card not held, all after the win.
        plays = [card("pone", "4H", 5), card("dealer", "KD", 0)]
        answer = check(client, self.BODY | {"plays": plays})
        assert answer["findings"] == [] and answer["winner"] == "dealer"

    def test_heels_claimed_past_the_hole(self, client: FlaskClient) -> None:
        # At 120 the dealer pegs one hole of his heels: right.
        body = self.BODY | {"claims": {"heels": 1}, "scores_before": {"pone": 100, "dealer": 120}}
        answer = check(client, body)
        assert (answer["winner"], answer["findings"]) == ("dealer", [])


def pone_29(claimed: int) -> DealRecord:
    """The pone's 5H 5C 5S JD with starter 5D (29), claimed as ``claimed``."""
    return DealRecord(
        dealt={"pone": cards("5H 5C 5S JD 2C 3C"), "dealer": cards("KH QD 9C 8S 4H AD")},
        discards={"pone": cards("2C 3C"), "dealer": cards("4H AD")},
        starter=Card.parse("5D"), plays=None, crib_card=None,
        claims=DealClaims(hands={"pone": claimed}))


class TestTheShowAtTheHole:
    def test_a_hand_claimed_to_the_hole_is_correct(self) -> None:
        # At 115 the pone pegs 6 of his 29 and is out.
        result = check_deal(pone_29(6), scores_before={"pone": 115, "dealer": 100},
                            muggins=True)
        assert (result.winner, result.won_during) == ("pone", Stage.SHOW)
        assert result.findings == ()
        ruling = result.show["pone"].ruling
        assert ruling is not None and ruling.verdict == "correct"

    def test_a_hand_claimed_short_of_the_hole_is_mugginsed(self) -> None:
        result = check_deal(pone_29(4), scores_before={"pone": 115, "dealer": 100},
                            muggins=True)
        assert [f.code.value for f in result.findings] == ["undercount", "muggins"]
        # 115 + 4 = 119; the dealer takes the 25 missed, and goes out on them.
        assert (result.winner, result.scores_after) == ("dealer", {"pone": 119, "dealer": 121})


class TestAnUnearnedLastCard:
    def test_the_play_stops_short_and_its_finding_reaches_the_answer(
            self, client: FlaskClient) -> None:
        answer = check(client, UNFINISHED)
        plays = answer["play"]["plays"]
        assert [s["kind"] for s in plays[7]["scores"]] == ["fifteen"]  # no last card
        assert answer["play"]["award"] == {"bob": 0, "ann": 3}
        assert answer["play"]["totals"] == {"bob": 0, "ann": 3}
        unplayed = [f for f in answer["findings"] if f["code"] == "cards-left-unplayed"]
        assert [(f["player"], f["index"]) for f in unplayed] == [("bob", 8)]
        assert "5D" in unplayed[0]["message"]
        # Ann (120 after the play) goes out on her own hand in the show: bob's 4 first,
        # then ann's 9S 8H AD 5C with 7H (15 two: 8-7, 9-5-A; run 7-8-9: 7) is past 1.
        assert (answer["winner"], answer["won_during"]) == ("ann", "show")
        assert answer["scores_after"] == {"bob": 54, "ann": 121}

    def test_claimed_go_of_nothing_is_right(self, client: FlaskClient) -> None:
        plays = [dict(event) for event in UNFINISHED["plays"]]
        plays[7]["claimed_go"] = 0
        answer = check(client, UNFINISHED | {"plays": plays})
        assert [f["code"] for f in answer["findings"]] == ["cards-left-unplayed"]

    def test_a_count_nobody_can_play_on_earns_the_go(self) -> None:
        # TH 10, 9S 19, 2C 21, 8H 29: no card of bob's (QC 5D) or ann's (AD 5C) fits on 29
        # but AD (30)... so stop after AD 30: nothing fits, the go is earned; cards remain.
        table = Table.seat(seats=("bob", "ann"))
        hands = {"bob": cards("TH 2C QC 5D"), "ann": cards("9S 8H AD 5C")}
        events = [PlayEvent("bob", Card.parse("TH")), PlayEvent("ann", Card.parse("9S")),
                  PlayEvent("bob", Card.parse("2C")), PlayEvent("ann", Card.parse("8H")),
                  PlayEvent("bob"), PlayEvent("ann", Card.parse("AD"))]
        result = check_play(events, table=table, hands=hands)
        assert [s.kind.value for s in result.plays[5].scores] == ["go"]
        assert result.totals == {"bob": 0, "ann": 1}
        assert [f.code.value for f in result.findings] == ["cards-left-unplayed"] * 2
