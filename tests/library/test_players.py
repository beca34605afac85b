"""The computer players of known strength (rules.players): the choice a level makes from
given values, deterministic games the referee and the reviews accept, duplicate deals,
and the engine's discards judged by the review as it judged them."""

from __future__ import annotations

import random

import pytest

from rules import Variant, check_game, review_game, shipped_tables
from rules.chances import ChanceTable
from rules.players import LEVELS, Level, level_named, play_duplicate, play_game
from rules.players.player import choose
from rules.review import WinBy

RANDOM, ENGINE = level_named("random"), level_named("engine")


@pytest.fixture(scope="module")
def tables() -> dict[Variant, ChanceTable]:
    return shipped_tables()


class TestChoose:
    # random.Random(0) draws 0.8444218515250481, then 0.7579544029403025.
    def test_the_best_below_the_chance_of_it(self) -> None:
        assert choose(Level("l", 0.85, 0.01), [0.02, 0.0, 0.0, 0.5], random.Random(0)) == 1

    def test_uniform_on_the_second_draw(self) -> None:
        # 0.844 is not below 0.8: int(0.758 × 4) is the fourth option.
        assert choose(Level("l", 0.8, None), [0.0, 0.1, 0.2, 0.3], random.Random(0)) == 3

    def test_a_softmax_over_the_chance_given_up(self) -> None:
        # Weights 1, e^-1 = 0.3679, e^-2 = 0.1353 (sum 1.5032); 0.758 × 1.5032 = 1.1394
        # passes the first weight and falls in the second.
        assert choose(Level("l", 0.0, 0.01), [0.0, 0.01, 0.02], random.Random(0)) == 1
        # Colder, e^-10 and e^-20: the best's weight alone holds 0.758 of the total.
        assert choose(Level("l", 0.0, 0.001), [0.0, 0.01, 0.02], random.Random(0)) == 0

    def test_two_draws_whatever_the_level(self) -> None:
        # So that one level's game draws in step whatever its choices: the third number
        # drawn after a choice is the generator's third.
        third = random.Random(0)
        third.random(), third.random()
        expected = third.random()
        for level in LEVELS:
            rng = random.Random(0)
            choose(level, [0.0, 0.1], rng)
            assert rng.random() == expected

    def test_levels_refused_out_of_range(self) -> None:
        with pytest.raises(ValueError, match="best"):
            Level("l", 1.5, None)
        with pytest.raises(ValueError, match="temperature"):
            Level("l", 0.5, 0.0)
        with pytest.raises(KeyError, match="random, novice"):
            level_named("grandmaster")


class TestGames:
    def test_the_same_seed_the_same_game_and_the_referee_agrees(
            self, tables: dict[Variant, ChanceTable]) -> None:
        levels = {"ann": RANDOM, "bob": level_named("novice")}
        game = play_game(levels, first_dealer="ann", seed=5, tables=tables)
        assert game == play_game(levels, first_dealer="ann", seed=5, tables=tables)
        assert game != play_game(levels, first_dealer="ann", seed=6, tables=tables)
        check = check_game(game.table, game.deals)
        assert check.winner == game.winner and check.scores == game.scores
        assert max(check.scores.values()) == 121 and not check.findings

    def test_duplicate_deals_swap_the_cards(self, tables: dict[Variant, ChanceTable]) -> None:
        first, second = play_duplicate(("ann", RANDOM), ("bob", RANDOM), seed=3, tables=tables)
        assert first.table.dealer == "ann" and second.table.dealer == "bob"
        for one, other in zip(first.deals, second.deals, strict=False):
            assert one.dealt["ann"] == other.dealt["bob"]
            assert one.dealt["bob"] == other.dealt["ann"]
            assert one.starter == other.starter

    def test_the_engine_gives_up_nothing_by_the_slope(
            self, tables: dict[Variant, ChanceTable]) -> None:
        # Far from the end the engine throws the best by net value, and the review judges
        # those discards by the slope: nothing given up, every one.
        game = play_game({"ann": ENGINE, "bob": RANDOM}, first_dealer="bob", seed=11,
                         tables=tables)
        review = review_game(game.table, game.deals, tables=tables)
        sloped = [deal.discards["ann"] for deal in review.deals
                  if deal.discards["ann"].win_by is WinBy.SLOPE]
        assert len(sloped) >= 5
        assert all(d.win_loss == 0 and d.rank == 1 for d in sloped)
        random_losses = [deal.discards["bob"].win_loss for deal in review.deals]
        assert sum(1 for loss in random_losses if loss) >= 5
