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

import pytest
from flask.testing import FlaskClient

from rules import Table
from rules.core.cards import Card, full_deck
from rules.core.findings import FindingCode
from rules.core.variants import Variant
from rules.play import reader
from rules.play.check import PlayCheck, PlayEvent, check_play
from rules.play.state import PlayState
from tests.brute_readings import best_reading, overturned
from tests.library.test_play import record
from tests.service.test_live import sorted_next
from tests.simulate import Event, naive_peg, play_out

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


def mangled(rng: random.Random, variant: Variant, seats: Sequence[str], slips: int = 3,
            whole: bool = False) -> tuple[list[PlayEvent], dict[str, list[Card]]]:
    """A record as people write them: a legal play with its gos left out or not, then up
    to ``slips`` slips (a card laid early, a card laid twice, a stray go, two events
    swapped), cut to at most nine events unless ``whole``."""
    size = variant.spec.hand_size
    drawn = rng.sample(DECK, size * len(seats))
    hands = {p: drawn[i * size:(i + 1) * size] for i, p in enumerate(seats)}
    played = play_out(hands, seats, rng, single_count=variant.spec.single_count)
    keep_gos = rng.random() < 0.5
    events = [PlayEvent(e.player, e.card) for e in played
              if not e.count_ends and (keep_gos or e.card is not None or rng.random() < 0.3)]
    for _ in range(rng.randrange(1, slips + 1)):
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
    return (events if whole else events[:rng.randrange(4, 10)]), hands


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


def test_the_search_width_does_not_bind_on_plays_with_a_few_slips(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/rules.md#ambiguous-record: the referee keeps at most 24 positions after an
    event; whole plays with up to three slips do not need more."""
    rng = random.Random(24)
    records = []
    for number in range(80):
        variant = (Variant.FOUR_PLAYER, Variant.SEVEN_CARD)[number % 2]
        seats = SEATS[variant]
        events, hands = mangled(rng, variant, seats, slips=3, whole=True)
        records.append((events, Table.seat(variant, seats), hands if number % 4 < 2 else None))
    kept = [check_play(e, table=t, hands=h) for e, t, h in records]
    monkeypatch.setattr(reader, "_MOST", 1 << 30)
    assert [check_play(e, table=t, hands=h) for e, t, h in records] == kept


# --- a held card laid over 31 just before its player's go ----------------------------


SEATS = {Variant.SIX_CARD: TWO, Variant.FIVE_CARD: TWO, Variant.SEVEN_CARD: TWO,
         Variant.THREE_PLAYER: ("a", "b", "c"), Variant.FOUR_PLAYER: ("n", "e", "s", "w")}


def over_31_before_go(seed: int, variant: Variant) -> tuple[
        list[Event], list[Event], int, dict[str, list[Card]], Sequence[str]] | None:
    """A legal play with one slip: just before a player's go, that player lays one of the
    cards they hold (none fits, or they would not say go). None if no go has a player
    holding cards."""
    rng = random.Random(seed)
    seats = SEATS[variant]
    size = variant.spec.hand_size
    drawn = rng.sample(DECK, size * len(seats))
    hands = {p: drawn[i * size:(i + 1) * size] for i, p in enumerate(seats)}
    events = play_out(hands, seats, rng, single_count=variant.spec.single_count)
    held = {p: list(h) for p, h in hands.items()}
    spots = []
    for i, event in enumerate(events):
        if event.card is not None:
            held[event.player].remove(event.card)
        elif event.player and held[event.player]:
            spots.append((i, event.player, list(held[event.player])))
    if not spots:
        return None
    i, player, cards = rng.choice(spots)
    slipped = [*events[:i], Event(player, rng.choice(cards)), *events[i:]]
    return events, slipped, sum(1 for e in events[:i] if not e.count_ends), hands, seats


def test_a_card_over_31_before_the_go_is_one_finding_and_scores_nothing() -> None:
    tried = 0
    for seed in range(400):
        variant = list(SEATS)[seed % len(SEATS)]
        made = over_31_before_go(seed, variant)
        if made is None:
            continue
        legal, slipped, at, hands, seats = made
        record = [PlayEvent(e.player, e.card) for e in slipped if not e.count_ends]
        result = check_play(record, table=Table.seat(variant, seats), hands=hands)
        assert [(f.code.value, f.index) for f in result.findings] == [("over-31", at)], (
            seed, variant)
        assert result.totals == naive_peg(legal, seats)
        tried += 1
    assert tried > 300


# --- a reading a later event overturns, and the live referee ---------------------------


def test_the_issue_record_event_by_event(client: FlaskClient) -> None:
    """Live, the dealer's JS on 30 leads a new count while nothing says otherwise; the
    same JS laid again overturns that, and the next answer reads it as taken back."""
    plays = OVER_31_THEN_GO["plays"]

    def live(k: int) -> dict[str, Any]:
        response = client.post(URL, json={**OVER_31_THEN_GO, "plays": plays[:k],
                                           "in_progress": True})
        assert response.status_code == 200
        answer: dict[str, Any] = response.get_json()
        return answer

    pone_on_ten = {"phase": "play", "player": "pone", "count": 10, "legal": ["4S", "7H"],
                   "go": False}
    for k in (4, 5):
        out = live(k)
        # 10 20 30: the dealer and the pone cannot play, so their gos are inferred, the
        # pone's TD takes the go, and the JS leads.
        assert out["findings"] == []
        assert out["plays"][3]["inferred_go"] == ["dealer", "pone"]
        assert out["plays"][3]["legal"] is True and out["plays"][3]["count"] == 10
        assert sorted_next(out) == pone_on_ten
        assert out["totals"] == {"pone": 1, "dealer": 0}
    out = live(6)  # the JS again: it was never laid before
    assert [(f["code"], f["index"]) for f in out["findings"]] == [("over-31", 3)]
    assert out["plays"][3]["legal"] is False and "inferred_go" not in out["plays"][3]
    assert out["plays"][5]["inferred_go"] == ["pone"] and out["plays"][5]["count"] == 10
    assert sorted_next(out) == pone_on_ten
    assert out["totals"] == {"pone": 1, "dealer": 0}
    whole = live(len(plays))
    once = client.post(URL, json=OVER_31_THEN_GO).get_json()
    assert whole == {**once, "next": {"phase": "show", "player": "pone", "count": None}}


def test_a_new_count_read_alone_is_taken_back_by_what_follows() -> None:
    """No hands: the dealer's 4 on 28 alone reads best as a new count (both said go).
    Then the dealer's Q: out of turn on that reading, a lead on the other, one rule each,
    and as many gos: the tie goes to fewer gos at the earlier card, and the record says
    it is ambiguous. The dealer's 4 again settles it: taken back over 31."""
    text = "pone:JH dealer:QC pone:8C dealer:4D dealer:QD pone:TS dealer:4D"
    events = record(text)

    def read(k: int) -> PlayCheck:
        return check_play(events[:k], in_progress=True)

    early = read(4)
    assert early.findings == () and early.plays[3].inferred_go == ("dealer", "pone")
    assert early.plays[3].count == 4 and early.plays[3].legal
    for k in (5, 6):
        tied = read(k)
        assert [(f.code.value, f.index) for f in tied.findings] == [
            ("ambiguous-record", 3), ("over-31", 3)]
        assert tied.findings[0].message == (
            "the record admits two readings that score differently: dealer's card went "
            "over 31; or dealer said go, pone said go, the count ended, dealer played the "
            "card. Scored as the first.")
    whole = check_play(events)
    assert [(f.code.value, f.index) for f in whole.findings] == [("over-31", 3)]
    assert [p.count for p in whole.plays] == [10, 20, 28, 28, 10, 20, 24]
    assert whole.plays[4].inferred_go == ("dealer", "pone") and whole.plays[4].new_count
    # By hand: the go to the pone's 8C (1); Q T 4 score nothing; the last card (1).
    assert whole.totals == {"pone": 1, "dealer": 1}


def reading_of(result: PlayCheck) -> list[tuple[object, ...]]:
    """What the reading decides: each event as read, and the findings it makes (the end
    of the play's findings apart, which a record in progress waits for)."""
    waits = (FindingCode.CARDS_LEFT_UNPLAYED, FindingCode.RENEGE)
    return [*((p.inferred_go, p.legal, p.new_count, p.count, p.series)
              for p in result.plays),
            *((f.code, f.index, f.message) for f in result.findings if f.code not in waits)]


def test_live_reads_every_prefix_as_the_one_shot_check_does() -> None:
    rng = random.Random(2028)
    revised = 0
    for _ in range(150):
        variant = rng.choice(list(SEATS))
        seats = SEATS[variant]
        events, hands = mangled(rng, variant, seats)
        known = hands if rng.random() < 0.5 else None
        table = Table.seat(variant, seats)
        before = None
        for k in range(1, len(events) + 1):
            live = check_play(events[:k], table=table, hands=known, in_progress=True)
            once = check_play(events[:k], table=table, hands=known)
            assert reading_of(live) == reading_of(once), (k, events)
            now = [(p.inferred_go, p.legal) for p in live.plays]
            revised += before is not None and now[:-1] != before
            before = now
    assert revised > 10, revised
