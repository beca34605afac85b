"""Reading a pegging record whole (docs/rules.md#ambiguous-record, issue 28).

The referee takes the reading of the whole record that breaks the fewest rules, not
the best reading of each card in turn: a reading a later event overturns is revised.
Checked against exact answers worked out by hand, and against a naive reader
(tests/brute_readings.py) that tries every reading of short records.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from flask.testing import FlaskClient

from rules import Table
from rules.core.cards import Card, full_deck
from rules.core.findings import FindingCode
from rules.core.variants import Variant
from rules.play.check import PlayEvent, check_play
from rules.play.state import PlayState
from tests.brute_readings import best_reading, overturned
from tests.simulate import play_out

URL = "/v1/pegging/check"
DECK = list(full_deck())
TWO = ("pone", "dealer")

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


# --- against the naive reader, on short random records -------------------------------


def mangled(rng: random.Random, variant: Variant, seats: Sequence[str]) -> tuple[
        list[PlayEvent], dict[str, list[Card]]]:
    """A short record as people write them: a legal play with its gos left out or not,
    then a few slips (a card laid early, a card laid twice, a stray go, two events
    swapped), cut to at most nine events."""
    size = variant.spec.hand_size
    drawn = rng.sample(DECK, size * len(seats))
    hands = {p: drawn[i * size:(i + 1) * size] for i, p in enumerate(seats)}
    played = play_out(hands, seats, rng, single_count=variant.spec.single_count)
    keep_gos = rng.random() < 0.5
    events = [PlayEvent(e.player, e.card) for e in played
              if not e.count_ends and (keep_gos or e.card is not None or rng.random() < 0.3)]
    for _ in range(rng.randrange(1, 4)):
        at = rng.randrange(len(events) + 1)
        player = rng.choice(seats)
        slip = rng.randrange(4)
        if slip == 0:
            events.insert(at, PlayEvent(player, rng.choice(hands[player])))
        elif slip == 1 and events:
            events.insert(at, events[rng.randrange(len(events))])
        elif slip == 2:
            events.insert(at, PlayEvent(player))
        elif len(events) > 1:
            at = min(at, len(events) - 2)
            events[at], events[at + 1] = events[at + 1], events[at]
    return events[:rng.randrange(4, 10)], hands


def test_the_referee_reads_as_the_naive_reader_on_short_records() -> None:
    rng = random.Random(28)
    compared = ambiguous = revised = 0
    for _ in range(900):
        variant = rng.choice((Variant.SIX_CARD, Variant.SIX_CARD, Variant.FIVE_CARD,
                              Variant.THREE_PLAYER))
        seats = ("a", "b", "c") if variant is Variant.THREE_PLAYER else TWO
        events, hands = mangled(rng, variant, seats)
        known = hands if rng.random() < 0.6 else None
        table = Table.seat(variant, seats)
        verdict = best_reading(PlayState.start(table, known), events)
        result = check_play(events, table=table, hands=known)
        steps = verdict.reading.steps
        assert [p.inferred_go for p in result.plays] == [
            tuple(seats[s] for s in step.passers) for step in steps], events
        assert [p.legal for p in result.plays if p.card is not None] == [
            step.laid for step, e in zip(steps, events, strict=True) if e.card is not None]
        assert result.state == steps[-1].after, events
        flagged = [f.index for f in result.findings if f.code is FindingCode.AMBIGUOUS_RECORD]
        assert flagged == list(verdict.ambiguous), events
        compared += 1
        ambiguous += bool(flagged)
        revised += bool(overturned(PlayState.start(table, known), events, verdict.reading))
    # The records must exercise what is compared: ties, and cards read otherwise than
    # the best reading of each card alone would.
    assert compared == 900 and ambiguous > 20 and revised > 20, (ambiguous, revised)
