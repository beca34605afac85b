"""Reading a pegging record whole (docs/rules.md#ambiguous-record, issue 28).

The referee takes the reading of the whole record that breaks the fewest rules, not
the best reading of each card in turn: a reading a later event overturns is revised.
Checked against exact answers worked out by hand, and against a naive reader
(tests/brute_readings.py) that tries every reading of short records.
"""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

URL = "/v1/pegging/check"

OVER_31_THEN_GO: dict[str, Any] = {
    "hands": {"pone": ["KH", "TD", "7H", "4S"], "dealer": ["QC", "JS", "5C", "6D"]},
    "plays": [{"player": "pone", "card": "KH"}, {"player": "dealer", "card": "QC"},
              {"player": "pone", "card": "TD"}, {"player": "dealer", "card": "JS"},
              {"player": "dealer", "go": True}, {"player": "dealer", "card": "JS"},
              {"player": "pone", "card": "7H"}, {"player": "dealer", "card": "5C"},
              {"player": "pone", "card": "4S"}, {"player": "dealer", "card": "6D"}]}
"""Issue 28's record: the dealer's JS on 30 went over 31 and was taken back; the dealer
said go, the pone could not play either (7 and 4 on 30), and the dealer led the JS on
the new count."""


class TestOverThirtyOneThenGo:
    def test_one_finding_explains_the_record(self, client: FlaskClient) -> None:
        out = client.post(URL, json=OVER_31_THEN_GO).get_json()
        assert [(f["code"], f["index"], f["player"]) for f in out["findings"]] == [
            ("over-31", 3, "dealer")]
        plays = out["plays"]
        assert plays[3]["legal"] is False and plays[3]["count"] == 30
        # By hand: 10 20 30; JS taken back; the dealer's go, the pone's go inferred: the
        # go to the pone's TD (1). JS 10, 7H 17, 5C 22, 4S 26 (no run: J 7 5 4); the 6D
        # would make 32, so the dealer's go is inferred and the pone has no cards: the go
        # to the 4S (1). The 6D leads alone, the last card (1).
        assert [p["count"] for p in plays] == [10, 20, 30, 30, 30, 10, 17, 22, 26, 6]
        assert plays[5]["inferred_go"] == ["pone"] and plays[5]["new_count"] is True
        assert plays[9]["inferred_go"] == ["dealer"] and plays[9]["new_count"] is True
        assert plays[2]["scores"] == [{"kind": "go", "points": 1}]
        assert plays[8]["scores"] == [{"kind": "go", "points": 1}]
        assert plays[9]["scores"] == [{"kind": "last-card", "points": 1}]
        assert out["totals"] == {"pone": 2, "dealer": 1}
        assert out["award"] == {"pone": 2, "dealer": 1}
