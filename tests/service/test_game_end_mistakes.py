"""Each kind of mistake planted once, before or after the winning peg, in the games of
tests/endgame.py (issue 28; tests/endgame_mistakes.py plants them).

Before the win the answer holds exactly the one finding the mistake draws (and its
muggins, when muggins is on and points were missed); after the win it holds none, and
the winner and every deal's scores are the generator's, as if nothing had been recorded
after the winning peg. The library under every ruleset, muggins off and on;
``/v1/games/check`` and the live deal check (``in_progress``) under one of them in turn;
``/v1/games/review`` for the six-card game.
"""

from __future__ import annotations

from typing import Any

import pytest
from _pytest.mark.structures import ParameterSet
from flask import Flask
from flask.testing import FlaskClient

from rules.core.rulesets import Ruleset
from rules.core.variants import Variant
from rules.deal.game import check_game
from tests.endgame import CARD, EndGame, deal_json, find_game, game_json
from tests.endgame_mistakes import AFTER, BEFORE, KINDS, Planted, candidates, plant
from tests.service.test_game_end import deal_sides

KNOWN: dict[tuple[str, str, str], str] = {}
"""The cases current main fails, by (variant, kind, when), and why."""
API_GAMES = 3
"""The planted games of each case also sent to the API."""
MORE = 20
"""The most further games searched for a place to plant a mistake."""


def cases() -> list[ParameterSet]:
    out = []
    for variant in Variant:
        for kind in KINDS:
            for when in (BEFORE, AFTER):
                if kind == "heels not pegged" and when == AFTER:
                    continue  # heels are the first peg of a deal: nothing is before them
                reason = KNOWN.get((variant.value, kind, when))
                marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
                out.append(pytest.param(variant, kind, when, marks=marks,
                                        id=f"{variant}-{kind}-{when}"))
    return out


def planted(variant: Variant, kind: str, when: str) -> list[tuple[EndGame, Planted]]:
    """The mistake planted in every candidate game that has a place for it."""
    found = [(game, p) for game in candidates(variant)
             if (p := plant(game, kind, when)) is not None]
    for nth in range(3, 3 + MORE) if not found else ():
        # A rare place (a card over 31 after the win in the five-card game's one count):
        # more games won on a card, until one has it.
        game = find_game(variant, CARD, nth)
        if game is not None and (p := plant(game, kind, when)) is not None:
            found.append((game, p))
            break
    assert found, f"no {variant} game has a place for {kind} {when} the win"
    return found


def expected(p: Planted, when: str, muggins: bool) -> list[tuple[int, str, str | None,
                                                                 int | None]]:
    if when == AFTER:
        return []
    found = [(p.deal, p.code, p.player, p.index)]
    if p.code == "undercount" and muggins:
        found.append((p.deal, "muggins", p.player, p.index))
    return found


@pytest.fixture(scope="module")
def plain(app: Flask) -> FlaskClient:
    return FlaskClient(app)


@pytest.mark.parametrize(("variant", "kind", "when"), cases())
def test_one_mistake_one_finding_or_none_after_the_win(
        variant: Variant, kind: str, when: str, plain: FlaskClient,
        client: FlaskClient) -> None:
    combos = [(ruleset, muggins) for ruleset in Ruleset for muggins in (False, True)]
    for number, (game, p) in enumerate(planted(variant, kind, when)):
        # The first game under every ruleset, muggins off and on; the others under one
        # each, in turn.
        for ruleset, muggins in combos if number == 0 else combos[number % 8:][:1]:
            result = check_game(game.table, p.records, ruleset=ruleset, muggins=muggins,
                                scores_before=game.scores_before)
            found = [(f.deal, f.code.value, f.player, f.index) for f in result.findings]
            assert found == expected(p, when, muggins), (game.way, ruleset, muggins)
            if when == AFTER:
                assert result.winner == game.winner
                assert [d.scores_after for d in result.deals] == game.tallies
        if number >= API_GAMES:
            continue
        http = client if number == 0 else plain
        ruleset, muggins = combos[(number * 3) % 8]
        answer = http.post("/v1/games/check",
                           json=game_json(game, p.records, ruleset.value, muggins))
        assert answer.status_code == 200, answer.get_json()
        out = answer.get_json()
        assert [(f["deal"], f["code"], f["player"], f.get("index")) for f in out["findings"]] \
            == expected(p, when, muggins), game.way
        if when == AFTER:
            assert out["winner"] == game.winner
            assert [d["scores_after"] for d in out["deals"]] == game.tallies
        if p.deal == len(game.deals) - 1:
            live(http, game, p, when, ruleset, muggins)


def live(http: FlaskClient, game: EndGame, p: Planted, when: str, ruleset: Ruleset,
         muggins: bool) -> None:
    """The winning deal sent on its own, in progress, the mistake in it: the same
    findings, and over."""
    deal = game.deals[-1]
    named = deal_sides(game)
    body: dict[str, Any] = {
        **deal_json(p.records[-1]), "variant": game.variant.value,
        "players": list(deal.seats), "ruleset": ruleset.value, "muggins": muggins,
        "scores_before": {named[side]: score for side, score in game.before_last.items()},
        "in_progress": True}
    answer = http.post("/v1/deals/check", json=body)
    assert answer.status_code == 200, answer.get_json()
    out = answer.get_json()
    assert [(p.deal, f["code"], f["player"], f.get("index")) for f in out["findings"]] \
        == expected(p, when, muggins), game.way
    if out["winner"] is not None:
        assert out["next"] == {"phase": "over", "player": None, "count": None}
    if when == AFTER:
        assert out["winner"] == named[game.winner or ""]
        assert out["scores_after"] == {named[s]: v for s, v in game.tallies[-1].items()}


REVIEWED = ("card overcount", "hand undercount", "renege")
"""The kinds also sent to /v1/games/review, six-card (a review costs a tenth of a second
a deal)."""


@pytest.mark.parametrize(("kind", "when"), [
    pytest.param(case.values[1], case.values[2], marks=case.marks, id=case.id)
    for case in cases() if case.values[0] is Variant.SIX_CARD and case.values[1] in REVIEWED])
def test_games_review_rules_as_the_check(kind: str, when: str, plain: FlaskClient) -> None:
    game, p = min(planted(Variant.SIX_CARD, kind, when), key=lambda found: len(found[1].records))
    answer = plain.post("/v1/games/review", json=game_json(game, p.records, "acc", True))
    assert answer.status_code == 200, answer.get_json()
    out = answer.get_json()
    assert [(f["deal"], f["code"], f["player"], f.get("index")) for f in out["findings"]] \
        == expected(p, when, True), game.way
    if when == AFTER:
        assert out["winner"] == game.winner and out["scores"] == game.tallies[-1]
