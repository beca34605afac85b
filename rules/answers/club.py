"""A club night as ``/v1/tournaments/check`` answers it, and a night's seating as
``/v1/tournaments/seating`` does."""

from __future__ import annotations

from typing import Any

from rules.answers.hands import findings_answer
from rules.club import STEP_WORDS, Event, Line, NightCheck, Scorecard, Seating, standings_csv
from rules.club.season import BETA, MU, SIGMA, TAU, Rated, SeasonRatings

__all__ = ["cards_answer", "night_answer", "season_answer", "seating_answer"]


def _line(line: Line) -> dict[str, Any]:
    if line.bye:
        return {"round": line.round, "bye": True}
    out: dict[str, Any] = {} if line.round is None else {"round": line.round}
    out.update(opponent=line.opponent, result=str(line.result), spread=line.spread,
               game_points=line.game_points)
    return out


def _line_as_sent(line: Line) -> dict[str, Any]:
    """A line as ``/v1/tournaments/check`` takes it: only what the card says."""
    if line.bye:
        return {"round": line.round, "bye": True}
    out: dict[str, Any] = {"opponent": line.opponent, "result": str(line.result)}
    for name, value in (("spread", line.spread), ("game_points", line.game_points),
                        ("round", line.round)):
        if value is not None:
            out[name] = value
    if line.column is not None:
        out["column"] = line.column.value
    return out


def cards_answer(cards: list[Scorecard]) -> dict[str, Any]:
    """Scorecards read from a file, as ``/v1/tournaments/check`` takes them."""
    return {"cards": [{"player": card.player, "games": [_line_as_sent(line) for line in card.lines]}
                      for card in cards]}


def night_answer(check: NightCheck, event: Event) -> dict[str, Any]:
    qualified = set(check.cut.qualifiers)
    level = set(check.cut.playoff)
    body: dict[str, Any] = {
        "standings": [{
            "player": s.player, "rank": s.rank, "game_points": s.tally.game_points,
            "wins": s.tally.wins, "losses": s.tally.losses, "spread": s.tally.spread,
            "plus": s.tally.plus, "head_to_head": s.head_to_head,
            "tiebreak": None if s.tiebreak is None else s.tiebreak.value,
            "tiebreak_words": None if s.tiebreak is None else STEP_WORDS[s.tiebreak],
            "qualified": s.player in qualified, "playoff": s.player in level,
        } for s in check.standings],
        "cards": [{"player": card.player, "games": [_line(line) for line in card.lines]}
                  for card in check.cards],
        "findings": findings_answer(check.findings),
        "apparent_qualifiers": list(check.apparent),
        "places": check.cut.places,
        "qualifiers": list(check.cut.qualifiers),
        "playoff": list(check.cut.playoff),
        "event": event.value,
        "standings_csv": standings_csv(check),
    }
    if check.bracket is not None:
        bracket = check.bracket
        body["bracket"] = {
            "size": bracket.size,
            "seeds": [{"seed": n, "player": player}
                      for n, player in enumerate(bracket.seeds, 1)],
            "byes": list(bracket.byes),
            "first_round": [list(pair) for pair in bracket.first_round],
        }
    if check.master_points is not None and check.master_table is not None:
        body["master_points"] = {"awarded": check.master_points,
                                 "from_tables": list(check.master_table)}
    return body


def seating_answer(plan: Seating, seed: int) -> dict[str, Any]:
    return {
        "rounds": [[list(pair) for pair in tables] for tables in plan.rounds],
        "byes": [list(byes) for byes in plan.byes],
        "seed": seed,
        "table_cards": str(plan),
    }


def _rated(rank: int, rated: Rated) -> dict[str, Any]:
    return {"rank": rank, "player": rated.player, "rating": round(rated.mu, 6),
            "uncertainty": round(rated.sigma, 6), "low": round(rated.low, 6),
            "games": rated.games}


def season_answer(season: SeasonRatings) -> dict[str, Any]:
    """A season's ratings as ``/v1/tournaments/ratings`` answers them."""
    return {
        "ratings": [_rated(n, rated) for n, rated in enumerate(season.final, 1)],
        "nights": [{"night": night, "ratings": [_rated(n, r) for n, r in enumerate(rated, 1)]}
                   for night, rated in enumerate(season.nights, 1)],
        "chances": {a: {b: round(p, 6) for b, p in row.items()}
                    for a, row in season.chances.items()},
        "model": {"name": "openskill.PlackettLuce", "mu": MU, "sigma": round(SIGMA, 6),
                  "beta": BETA, "tau": round(TAU, 6)},
    }
