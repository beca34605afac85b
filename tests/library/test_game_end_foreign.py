"""The generator's six-card games (tests/endgame.py) written in HAL's PGN for cribbage
and in cribbage-zero's PGN, by writers made here from the formats' descriptions
(docs/notation.md#other-formats, rules/notation/foreign.py), and read back
(issue 28): the same deals, the same referee's answer, games won in the play and on
heels included.

HAL's format lists, after the starter, the cards in the order laid, then the four
discards. A deal stopped by the win lays fewer: it is written as HAL writes it, the
cards laid and the discards only, and the reader splits the discards off the end
(docs/notation.md, docs/rules.md#unshown).
"""

from __future__ import annotations

import pytest

from rules.core.cards import Card
from rules.core.variants import Variant
from rules.deal.check import DealRecord
from rules.deal.game import check_game
from rules.notation.foreign import MarkKind, compare, read_hal, read_zero
from tests.endgame import EndGame, GameDeal, find_game, from_the_start, stage, ways

GAMES = [*ways(Variant.SIX_CARD), "start 0", "start 1"]


def six_card(way: str) -> EndGame:
    if way.startswith("start "):
        return from_the_start(Variant.SIX_CARD, int(way.split()[1]))
    game = find_game(Variant.SIX_CARD, way)
    assert game is not None
    return game


def laid(record: DealRecord) -> list[tuple[str, str]]:
    return [(e.player, str(e.card)) for e in record.plays or () if e.card is not None]


def write_hal(game: EndGame, records: list[DealRecord]) -> str:
    a, b = game.players

    def word(card: Card, owner: str) -> str:
        return str(card) if owner == a else str(card).lower()

    lines = [f"Player A: {a}", f"Player B: {b}", "Muggins Game: N", ""]
    for number, record in enumerate(records, start=1):
        played = laid(record)
        away = [(p, str(c)) for p in (a, b) for c in (record.discards or {})[p]]
        words = [str(record.starter)] + [word(Card.parse(c), p) for p, c in played + away]
        lines.append(f"Deal {number}: " + " ".join(words))
    return "\n".join(lines) + "\n"


def counts(deal: GameDeal, cards: int) -> list[list[str]]:
    """The first ``cards`` cards laid, count by count (from the simulator's marks)."""
    out: list[list[str]] = [[]]
    for event in deal.sim.events:
        if sum(map(len, out)) == cards:
            break
        if event.count_ends and out[-1]:
            out.append([])
        elif event.card is not None:
            out[-1].append(str(event.card))
            if sum(Card.parse(c).pips for c in out[-1]) == 31:
                out.append([])
    return [count for count in out if count]


def write_zero(game: EndGame, records: list[DealRecord]) -> str:
    dealer = game.first_dealer
    pone = next(p for p in game.players if p != dealer)
    lines = [f'[FirstDealer "{dealer}"]', f'[FirstPone "{pone}"]', ""]
    for number, (deal, record) in enumerate(zip(game.deals, records, strict=True), start=1):
        claims = record.claims
        assert claims is not None and record.discards is not None
        lines.append(f"{number}.")
        for key, player in (("1", dealer), ("2", pone)):
            line = (f"  H{key} " + " ".join(map(str, record.dealt[player]))
                    + f"  D{key} " + " ".join(map(str, record.discards[player])))
            if player in claims.hands:
                line += f"  S{key} {claims.hands[player]}"
            lines.append(line)
        if claims.crib is not None:
            lines.append(f"  SC {claims.crib}")
        lines.append(f"  C {record.starter}")
        cards = [e for e in record.plays or () if e.card is not None]
        if cards:
            lines.append("  P " + " | ".join(" ".join(c) for c in counts(deal, len(cards))))
            lines.append("  SP " + " ".join(str((e.claimed or 0) + (e.claimed_go or 0))
                                            for e in cards))
        lines.append("")
    return "\n".join(lines)


def assert_same_answer(game: EndGame, deals: tuple[DealRecord, ...], table: object) -> None:
    result = check_game(table, deals, scores_before=game.scores_before)  # type: ignore[arg-type]
    assert [(f.deal, f.code.value, f.index) for f in result.findings] == []
    assert [d.scores_after for d in result.deals] == game.tallies
    assert (result.winner, result.deals[-1].won_during) == (game.winner, stage(game.way))


def case(way: str, reason: str | None = None) -> object:
    marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
    return pytest.param(way, marks=marks, id=way)


@pytest.mark.parametrize("way", [case(w) for w in GAMES])
def test_hal_reads_back_the_same_game(way: str) -> None:
    game = six_card(way)
    records = game.records()
    imported = read_hal(write_hal(game, records))
    table = imported.game.table
    assert table.dealer == game.first_dealer and set(table.seats) == set(game.players)
    assert len(imported.game.deals) == len(records)
    for read, record in zip(imported.game.deals, records, strict=True):
        assert read.starter == record.starter
        for player in game.players:
            shown = sorted(map(str, read.dealt[player]))
            if read.unshown:  # the cards never laid were never shown
                assert set(shown) < set(map(str, record.dealt[player]))
            else:
                assert shown == sorted(map(str, record.dealt[player]))
            assert (read.discards or {})[player] == tuple((record.discards or {})[player])
        assert laid(read) == laid(record)
    # Only a deal the win stopped short is short, and only the last.
    assert [d.unshown for d in imported.game.deals] == [
        len(laid(r)) < 8 for r in records]
    assert_same_answer(game, imported.game.deals, table)
    if game.scores_before is None:
        # HAL's format has no word for a game joined part-way: only a game from its first
        # deal is refereed whole by the reader (the joined ones, above, from their scores).
        assert compare(imported)[1] == ()  # no marks: every claim was right


@pytest.mark.parametrize("way", [case(w) for w in GAMES])
def test_cribbage_zero_reads_back_the_same_game(way: str) -> None:
    game = six_card(way)
    records = game.records()
    imported = read_zero(write_zero(game, records))
    table = imported.game.table
    assert table.dealer == game.first_dealer
    for read, record in zip(imported.game.deals, records, strict=True):
        assert read.starter == record.starter
        assert {p: list(cs) for p, cs in read.dealt.items()} == \
            {p: list(cs) for p, cs in record.dealt.items()}
        assert {p: list(cs) for p, cs in (read.discards or {}).items()} == \
            {p: list(cs) for p, cs in (record.discards or {}).items()}
        assert laid(read) == laid(record)
    assert_same_answer(game, imported.game.deals, table)
    comparisons = compare(imported)[1]
    differ = [(c.mark.kind, c.mark.deal, c.mark.index, c.mark.stated, c.ruled)
              for c in comparisons if not c.agrees]
    assert differ == []
    # Every count claimed before the win is in the file, and nothing after it.
    hands = sum(len(r.claims.hands if r.claims else {}) for r in records)
    assert sum(1 for c in comparisons if c.mark.kind is MarkKind.HAND) == hands
