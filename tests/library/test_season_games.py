"""A season's games as the rating reads them (``rules.club.season_games``): the order they
are fed, byes left out, each night checked once, and the rating fed from them."""

from __future__ import annotations

from typing import Any

import pytest

from rules.club import (
    Line,
    Result,
    Scorecard,
    SeasonGames,
    model,
    rate_season,
    rate_season_games,
    season_games,
)
from rules.club.night import check_night
from rules.core import RecordError

W, L = Result.WIN, Result.LOSS


def _line(opponent: str, result: Result, spread: int, number: int) -> Line:
    return Line(opponent, result, spread, round=number)


# Round 2's lines come first on ann's card: the games are fed by round all the same.
NIGHT_1 = [
    Scorecard("ann", (_line("cy", W, 10, 2), _line("bob", L, 5, 1))),
    Scorecard("bob", (_line("ann", W, 5, 1), _line("dee", L, 40, 2))),
    Scorecard("cy", (_line("dee", W, 7, 1), _line("ann", L, 10, 2))),
    Scorecard("dee", (_line("cy", L, 7, 1), _line("bob", W, 40, 2))),
]
NIGHT_2 = [
    Scorecard("ann", (Line(None, round=1),)),
    Scorecard("bob", (_line("eve", W, 3, 1),)),
    Scorecard("eve", (_line("bob", L, 3, 1),)),
]


def test_games_by_round_then_cards_byes_left_out() -> None:
    assert season_games([NIGHT_1, NIGHT_2]) == SeasonGames(
        players=(("ann", "bob", "cy", "dee"), ("ann", "bob", "eve")),
        games=((("bob", "ann"), ("cy", "dee"), ("ann", "cy"), ("dee", "bob")),
               (("bob", "eve"),)))


def test_each_night_is_checked_once(monkeypatch: pytest.MonkeyPatch) -> None:
    checked: list[int] = []

    def counted(cards: list[Scorecard], **rules: Any) -> Any:
        checked.append(1)
        return check_night(cards, **rules)

    monkeypatch.setattr("rules.club.season.check_night", counted)
    rate_season([NIGHT_1, NIGHT_2])
    assert len(checked) == 2


def test_the_season_is_its_games_fed_to_the_shipped_model() -> None:
    rated = rate_season([NIGHT_1, NIGHT_2])
    assert rated == rate_season_games(season_games([NIGHT_1, NIGHT_2]))
    assert {r.player: r.games for r in rated.final} == {
        "ann": 2, "bob": 3, "cy": 2, "dee": 2, "eve": 1}
    # A bye is no game: ann, who sat out night 2, keeps her rating of night 1.
    after_1 = {r.player: r for r in rated.nights[0]}
    after_2 = {r.player: r for r in rated.nights[1]}
    assert (after_2["ann"].mu, after_2["ann"].sigma) == (after_1["ann"].mu, after_1["ann"].sigma)


def test_another_model_is_the_bench_s_to_give() -> None:
    games = season_games([NIGHT_2])
    shipped = rate_season_games(games).chances["bob"]["eve"]
    sure = rate_season_games(games, model(beta=25 / 6, tau=0.0)).chances["bob"]["eve"]
    # Both read bob's one win the same way; the smaller beta is the surer of it.
    assert 0.5 < shipped < sure < 1
    fitted = model(beta=40.0, tau=0.25)
    assert (fitted.beta, fitted.tau) == (40.0, 0.25)


def test_a_season_refused_says_every_problem() -> None:
    bad = [Scorecard("ann", (_line("zed", W, 5, 1),))]
    twice = [Scorecard("Ann", (_line("bob", W, 5, 1),)), Scorecard("bob", (_line("Ann", L, 5, 1),))]
    with pytest.raises(RecordError) as error:
        season_games([NIGHT_1, bad, twice])
    paths = [problem.path for problem in error.value.problems]
    assert ("nights", 1, "cards", 0, "games", 0, "opponent") in paths
    assert ("nights", 2, "cards", 0, "player") in paths
