"""The chances of winning (docs/chances.md): the strategy's deals, the tally, the induction
against a naive recursion written here, the shipped tables against the published anchors
and against themselves, and the file (the build on Dask's local cluster:
tests/operations/test_chances_build.py; a game's chances in its review:
tests/service/test_chances_api.py)."""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path
from typing import ClassVar

import numpy as np
import pytest

import rules.advice
from rules.answers import problems_of
from rules.chances import (
    DEALER,
    FORMAT,
    PONE,
    SCALE,
    ChanceTable,
    Known,
    Part,
    Seen,
    TableFileError,
    Tally,
    Trail,
    chances_of,
    from_bytes,
    induce,
    outcome,
    play_deal,
    record,
    shipped_table,
    shipped_tables,
    step,
    tally_chunk,
    to_bytes,
    validate_position,
)
from rules.core import Card, Problem, RecordError, Table, Variant
from rules.show import score

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "rules" / "chances" / "data"


@pytest.fixture(scope="module", autouse=True)
def _tables_filled() -> None:
    rules.advice.prepare()


@cache
def trails(variant: Variant, seed: int, count: int) -> tuple[Trail, ...]:
    rng = random.Random(seed)
    return tuple(play_deal(rng, variant) for _ in range(count))


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(word) for word in text.split())


class TestStrategy:
    def test_a_seed_deals_the_same_deal(self) -> None:
        assert play_deal(random.Random(11)) == play_deal(random.Random(11))
        assert play_deal(random.Random(11)) != play_deal(random.Random(12))

    @pytest.mark.parametrize("variant", [Variant.SIX_CARD, Variant.FIVE_CARD])
    def test_every_deal_pegs_in_the_order_of_the_deal(self, variant: Variant) -> None:
        for trail in trails(variant, 1, 300):
            parts = [part for _, _, part in trail.scores]
            assert parts == sorted(parts)
            assert all(points > 0 for _, points, _ in trail.scores)
            # The play always pegs (the last card, at least), the pone nothing but the
            # play and its hand, the dealer no pone's hand.
            assert trail.total(PONE, Part.PLAY) + trail.total(DEALER, Part.PLAY) >= 1
            assert {part for side, _, part in trail.scores if side == PONE} <= {
                Part.PLAY, Part.PONE_HAND}
            assert Part.PONE_HAND not in {s for side, _, s in trail.scores if side == DEALER}

    def test_the_five_card_play_is_one_count(self) -> None:
        # One count of at most 31: a side pegs at most what one count can give.
        for trail in trails(Variant.FIVE_CARD, 2, 300):
            assert trail.total(PONE, Part.PLAY) + trail.total(DEALER, Part.PLAY) <= 31

    def test_a_known_hand_is_kept_and_counted(self) -> None:
        kept, discard, starter = cards("5H 5S 5C JD"), cards("2C 3C"), Card.parse("5D")
        known = Known(PONE, kept=kept, discard=discard, starter=starter)
        for seed in range(20):
            trail = play_deal(random.Random(seed), known=known)
            assert trail.total(PONE, Part.PONE_HAND) == score(kept, starter) == 29

    def test_only_two_players(self) -> None:
        with pytest.raises(ValueError, match="two players, not four-player"):
            play_deal(random.Random(1), Variant.FOUR_PLAYER)

    def test_the_strategy_averages_near_colvert(self) -> None:
        # Colvert's twenty-six theory: the pone 10.2 a deal, the dealer 16.2.
        tally = shipped_table(Variant.SIX_CARD).tally
        assert abs(tally.mean_points(PONE) - 10.2) <= 1.0
        assert abs(tally.mean_points(DEALER) - 16.2) <= 1.0


class TestTally:
    def test_tallies_add_up_as_their_deals_do(self) -> None:
        deals = trails(Variant.SIX_CARD, 3, 120)
        empty = Tally.empty(Variant.SIX_CARD)
        whole = record(empty, deals)
        halves = record(empty, deals[:50]) + record(empty, deals[50:])
        assert whole.digest() == halves.digest()
        assert np.array_equal(whole.counts, halves.counts)
        assert whole.deals == 120

    def test_the_counts_say_who_reaches_first(self) -> None:
        # A single deal: heels 2 to the dealer, then the play, the hands, the crib.
        trail = Trail(((DEALER, 2, Part.HEELS), (PONE, 2, Part.PLAY), (DEALER, 1, Part.PLAY),
                       (PONE, 8, Part.PONE_HAND), (DEALER, 12, Part.DEALER_HAND),
                       (DEALER, 4, Part.CRIB)))
        tally = record(Tally.empty(Variant.SIX_CARD), [trail])
        counts = tally.counts[Part.HEELS]
        assert counts[0, 10, 19] == 1  # the pone pegs in all 10, the dealer 19
        # The pone's 3rd to 10th points come at its hand, the dealer then at 3.
        assert [counts[1, x, 3] for x in range(3, 11)] == [1] * 8
        assert counts[1, 1, 2] == counts[1, 2, 2] == 1  # its first two in the play
        # The dealer's 4th point comes with its hand, the pone then at 10.
        assert counts[2, 4, 10] == 1 and counts[2, 19, 10] == 1 and counts[2, 20].sum() == 0
        # From the pone's hand on, only the hands and the crib are left.
        assert tally.counts[Part.PONE_HAND, 0, 8, 16] == 1

    def test_a_tally_of_one_variant_does_not_add_to_another(self) -> None:
        with pytest.raises(ValueError, match="cannot add"):
            _ = Tally.empty(Variant.SIX_CARD) + Tally.empty(Variant.FIVE_CARD)

    def test_a_chunk_is_dealt_from_its_own_seed(self) -> None:
        a = tally_chunk(Variant.FIVE_CARD, 7, 3, 40)
        assert a.digest() == tally_chunk(Variant.FIVE_CARD, 7, 3, 40).digest()
        assert a.digest() != tally_chunk(Variant.FIVE_CARD, 7, 4, 40).digest()


def naive_chances(deals: tuple[Trail, ...], target: int) -> dict[tuple[int, int], float]:
    """The pone's chance before a deal, by plain recursion over the deals: each deal
    played out from the scores, the next deal's chance asked of the recursion."""
    @cache
    def pone_wins(pone: int, dealer: int) -> float:
        total = 0.0
        for trail in deals:
            run = [pone, dealer]
            won = None
            for side, points, _ in trail.scores:
                run[side] += points
                if run[side] >= target:
                    won = 1.0 if side == PONE else 0.0
                    break
            # The next deal's pone is this dealer.
            total += won if won is not None else 1.0 - pone_wins(run[DEALER], run[PONE])
        return total / len(deals)

    return {(p, d): pone_wins(p, d) for p in range(target) for d in range(target)}


class TestInduction:
    def test_the_induction_agrees_with_a_naive_recursion(self) -> None:
        deals = trails(Variant.SIX_CARD, 4, 200)
        tally = record(Tally.empty(Variant.SIX_CARD, 31), deals)
        values = induce(tally)
        naive = naive_chances(deals, 31)
        worst = max(abs(int(values[p, d, 0]) / SCALE - naive[p, d]) for p, d in naive)
        assert worst < 1e-7

    @pytest.mark.parametrize("part", list(Part))
    def test_a_step_is_the_mean_of_its_deals(self, part: Part) -> None:
        deals = trails(Variant.FIVE_CARD, 5, 300)
        tally = record(Tally.empty(Variant.FIVE_CARD), deals)
        values = induce(tally)
        for pone, dealer in ((0, 0), (3, 0), (50, 55), (58, 40), (60, 60), (45, 59)):
            mean = sum(outcome(t, 61, values, pone, dealer, part) for t in deals) // len(deals)
            assert np.array_equal(step(tally, part, values, pone, dealer), mean)

    def test_an_outcome_pegs_out_in_order(self) -> None:
        # The pone at 115 with 8 in hand wins before the dealer's 20 at 110 is counted.
        trail = Trail(((PONE, 1, Part.PLAY), (PONE, 8, Part.PONE_HAND),
                       (DEALER, 20, Part.DEALER_HAND)))
        values = shipped_table(Variant.SIX_CARD).values
        assert list(outcome(trail, 121, values, 115, 110)) == [SCALE, 0, 0, 0, 0, 0]
        # Short of it, the dealer's hand wins, the loser at 116: no skunk.
        trail = Trail(((PONE, 1, Part.PLAY), (DEALER, 12, Part.DEALER_HAND)))
        assert list(outcome(trail, 121, values, 115, 110)) == [0, 0, 0, SCALE, 0, 0]
        # A skunk: the dealer pegs out with the pone at 80.
        assert list(outcome(trail, 121, values, 79, 110)) == [0, 0, 0, SCALE, SCALE, 0]

    def test_a_deal_that_pegs_nothing_is_refused(self) -> None:
        tally = record(Tally.empty(Variant.SIX_CARD, 31), [Trail(())])
        with pytest.raises(ValueError, match="pegged nothing"):
            induce(tally)


class TestShippedTables:
    def test_the_first_dealer_wins_as_published(self) -> None:
        # Cribbage Pro's 55.5% of several million games; 56.17% (53.46-58.87) in
        # bweithers/cribbage-'s 32,768 simulated games.
        chances = shipped_table(Variant.SIX_CARD).before(0, 0)
        assert 0.545 <= chances.win[DEALER] <= 0.575
        assert chances.interval < 0.005

    def test_carte_primus_dealer_35_pone_37(self) -> None:
        assert abs(shipped_table(Variant.SIX_CARD).before(37, 35).win[DEALER] - 0.51) <= 0.03

    @pytest.mark.parametrize("variant", [Variant.SIX_CARD, Variant.FIVE_CARD])
    def test_the_chances_sum_to_one(self, variant: Variant) -> None:
        table = shipped_table(variant)
        wins = table.values[:, :, 0] + table.values[:, :, 3]
        # Each step's one integer division leaves at most a billionth a step.
        assert int(wins.min()) >= SCALE - 200 and int(wins.max()) <= SCALE
        chances = table.before(20, 30)
        assert chances.win[PONE] + chances.win[DEALER] == 1.0
        assert chances.skunk[PONE] + chances.double_skunk[PONE] <= chances.win[PONE]

    @pytest.mark.parametrize("variant", [Variant.SIX_CARD, Variant.FIVE_CARD])
    def test_more_points_never_hurt(self, variant: Variant) -> None:
        table = shipped_table(variant)
        win = table.values[:, :, 0].astype(np.float64) / SCALE  # the pone's, [pone, dealer]
        slack = 2 * table.half_width.astype(np.float64) / SCALE
        own = np.diff(win, axis=0)  # the pone's score up a point
        theirs = np.diff(win, axis=1)  # the dealer's up a point
        assert (own >= -slack[1:, :]).all()
        assert (theirs <= slack[:, 1:]).all()

    @pytest.mark.parametrize("variant", [Variant.SIX_CARD, Variant.FIVE_CARD])
    def test_the_table_is_its_tally_induced(self, variant: Variant) -> None:
        table = shipped_table(variant)
        assert np.array_equal(induce(table.tally), table.values)

    @pytest.mark.parametrize(("variant", "chunks"), [(Variant.SIX_CARD, (0, 149)),
                                                     (Variant.FIVE_CARD, (57,))])
    def test_a_sample_dealt_again_matches_byte_for_byte(self, variant: Variant,
                                                       chunks: tuple[int, ...]) -> None:
        table = shipped_table(variant)
        provenance = table.provenance
        for number in chunks:
            dealt = tally_chunk(variant, provenance["seed"], number, provenance["chunk"])
            assert dealt.digest() == provenance["digests"][number]

    @pytest.mark.parametrize("variant", [Variant.SIX_CARD, Variant.FIVE_CARD])
    def test_the_provenance(self, variant: Variant) -> None:
        provenance = shipped_table(variant).provenance
        assert provenance["command"].startswith(f"python -m tools.chances --variant {variant}")
        assert provenance["strategy"] == rules.chances.STRATEGY
        assert provenance["deals"] == shipped_table(variant).tally.deals
        assert len(provenance["digests"]) == -(-provenance["deals"] // provenance["chunk"])
        assert provenance["groups"] == 16

    def test_the_five_card_game_starts_at_three_for_last(self) -> None:
        # The pone's three for last is in the scores: the first deal is at (3, 0).
        chances = shipped_table(Variant.FIVE_CARD).before(3, 0)
        assert 0.45 < chances.win[PONE] < 0.55


class TestFile:
    def test_bytes_round_trip(self) -> None:
        data = (DATA / "five-card.chances").read_bytes()
        assert to_bytes(from_bytes(data)) == data
        assert data.startswith(FORMAT)

    def test_the_library_loads_its_own_files_once(self) -> None:
        for variant in (Variant.SIX_CARD, Variant.FIVE_CARD):
            data = (DATA / f"{variant}.chances").read_bytes()
            assert to_bytes(shipped_table(variant)) == data
            assert shipped_table(variant) is shipped_table(variant)
        assert shipped_tables() == {Variant.SIX_CARD: shipped_table(Variant.SIX_CARD),
                                    Variant.FIVE_CARD: shipped_table(Variant.FIVE_CARD)}
        assert sorted(p.name for p in DATA.iterdir()) == ["five-card.chances",
                                                          "six-card.chances"]

    def test_no_table_is_shipped_for_three_players(self) -> None:
        with pytest.raises(ValueError, match="no chance table is shipped for the "
                           "three-player game: only for the six-card and five-card"):
            shipped_table(Variant.THREE_PLAYER)

    def test_not_a_table(self) -> None:
        with pytest.raises(TableFileError, match="not a chance table"):
            from_bytes(b"PK\x03\x04")

    def test_a_damaged_table(self) -> None:
        data = (DATA / "five-card.chances").read_bytes()
        with pytest.raises(TableFileError, match="damaged"):
            from_bytes(data[:-100])


class TestPosition:
    TABLES: ClassVar[dict[Variant, ChanceTable]] = shipped_tables()

    def problems(self, table: Table, scores: dict[str, int] | None, **kwargs: object) -> list[
            tuple[tuple[str | int, ...], str]]:
        return [(p.path, p.code.value)
                for p in problems_of(lambda: validate_position(
                    table, scores, self.TABLES, **kwargs))]  # type: ignore[arg-type]

    def test_named_players(self) -> None:
        table = Table.seat(Variant.SIX_CARD, ["ann", "bob"], dealer="ann")
        found = chances_of(table, {"ann": 35, "bob": 37}, self.TABLES)
        assert (found.pone, found.dealer) == ("bob", "ann")
        assert found.chances == shipped_table(Variant.SIX_CARD).before(37, 35)

    def test_after_the_crib_is_the_next_deal(self) -> None:
        table = Table.seat()
        found = chances_of(table, {"pone": 60, "dealer": 70}, self.TABLES, after=Part.CRIB)
        next_deal = shipped_table(Variant.SIX_CARD).before(70, 60)
        assert found.chances.win == next_deal.win[::-1]

    def test_after_the_play_a_pone_who_needs_nothing_more_than_its_hand(self) -> None:
        # 120 to 100 after the play: the pone's hand counts first, and every hand of the
        # sample pegged (most do); the pone's chance is near certain.
        found = chances_of(Table.seat(), {"pone": 120, "dealer": 100}, self.TABLES,
                           after=Part.PLAY)
        assert found.chances.win[PONE] > 0.9

    def test_cards_seen_answer_the_same_twice(self) -> None:
        seen = Seen("pone", cards=cards("5H 5S 5C JD 4H 6H"))
        first = chances_of(Table.seat(), {"pone": 100, "dealer": 110}, self.TABLES, seen=seen,
                           samples=40)
        again = chances_of(Table.seat(), {"pone": 100, "dealer": 110}, self.TABLES, seen=seen,
                           samples=40)
        assert first == again and first.samples == 40

    def test_a_hand_that_makes_the_points_needed_wins(self) -> None:
        # 29 in the pone's hand at 100: the pone pegs out at its hand, whatever the play.
        seen = Seen("pone", kept=cards("5H 5S 5C JD"), discard=cards("2C 3C"),
                    starter=Card.parse("5D"))
        found = chances_of(Table.seat(), {"pone": 100, "dealer": 100}, self.TABLES, seen=seen,
                           samples=30)
        assert found.chances.win[PONE] == 1.0

    def test_every_problem_at_once(self) -> None:
        table = Table.seat()
        assert self.problems(table, {"pone": 121, "dealer": -1, "x": 3}) == [
            (("scores", "pone"), "out-of-range"), (("scores", "dealer"), "out-of-range"),
            (("scores", "x"), "unknown-side")]
        assert self.problems(table, {"pone": 3}) == [(("scores",), "required")]
        assert self.problems(table, None) == [(("scores",), "required")]
        seen = Seen("zed", cards=cards("5H 5S 5C"))
        assert self.problems(table, {"pone": 1, "dealer": 1}, seen=seen, after=Part.PLAY) == [
            (("after",), "conflict"), (("seen", "player"), "unknown-player"),
            (("seen", "cards"), "wrong-size")]
        seen = Seen("pone", kept=cards("5H 5S 5C JD"), starter=Card.parse("5H"))
        assert self.problems(table, {"pone": 1, "dealer": 1}, seen=seen) == [
            (("seen", "starter"), "duplicate-card")]
        seen = Seen("pone", cards=cards("5H 5S 5C JD 2C 3C"), starter=Card.parse("5D"))
        assert self.problems(table, {"pone": 1, "dealer": 1}, seen=seen) == [
            (("seen",), "conflict")]

    def test_only_the_tables_built(self) -> None:
        table = Table.seat(Variant.THREE_PLAYER, ["a", "b", "c"])
        assert self.problems(table, {"a": 1}) == [(("variant",), "not-in-variant")]
        table = Table.seat(Variant.SIX_CARD, target=61)
        assert self.problems(table, {"pone": 1, "dealer": 1}) == [
            (("target",), "not-in-variant")]
        with pytest.raises(RecordError) as refused:
            chances_of(table, {"pone": 1, "dealer": 1}, self.TABLES)
        assert isinstance(refused.value.problems[0], Problem)
