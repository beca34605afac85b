"""The per-player table of an archive's reviews (docs/archive.md): games, results, the
play rating, luck and the luck-adjusted result, written as CSV and as Parquet.

:func:`play_rating` is the one place the play rating is made from a player's games:
today the error rate of :func:`rules.review.rate_game` (the mean chance of winning
given up per decision, over all the player's decisions); the play rating proper
(issue 32, item 2) plugs in there.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = ["COLUMNS", "PlayerTally", "play_rating", "player_table", "write_tables"]

COLUMNS = ("player", "games", "finished", "wins", "losses", "win_rate", "decisions",
           "rating", "luck", "luck_adjusted")


@dataclass
class PlayerTally:
    """What the player's games said, summed as they are read."""

    games: int = 0
    wins: int = 0
    losses: int = 0
    rated: list[Mapping[str, Any]] = field(default_factory=list)
    """Each game's ``players[player]`` of the review (error rate, decisions, luck)."""
    adjusted: list[float] = field(default_factory=list)
    """Each finished, rated game's result (1 or 0) less its luck."""


def play_rating(rated: Sequence[Mapping[str, Any]]) -> float | None:
    """The player's play rating over their rated games (the module's docstring): the
    error rate over every decision; None with no decision."""
    decisions: int = sum(r["decisions"] for r in rated)
    if not decisions:
        return None
    given_up: float = sum(r["error_rate"] * r["decisions"] for r in rated)
    return given_up / decisions


def _won(player: str, winner: str | None) -> bool | None:
    """None: the game has no winner (not played out); a side of partners is named
    ``ann&cy``."""
    if winner is None:
        return None
    return player == winner or player in winner.split("&")


def player_table(reviews: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """A row per player, by name, from the games' reviews as ``/v1/games/review`` answers
    them."""
    tallies: dict[str, PlayerTally] = {}
    for review in reviews:
        rated = review.get("players") or {}
        for player in review["lost"]:
            tally = tallies.setdefault(player, PlayerTally())
            tally.games += 1
            won = _won(player, review["winner"])
            if won is not None:
                tally.wins += won
                tally.losses += not won
            if player in rated:
                tally.rated.append(rated[player])
                if won is not None:
                    tally.adjusted.append(won - rated[player]["luck"])
    rows = []
    for player in sorted(tallies):
        t = tallies[player]
        finished = t.wins + t.losses
        rating = play_rating(t.rated)
        rows.append({
            "player": player, "games": t.games, "finished": finished, "wins": t.wins,
            "losses": t.losses,
            "win_rate": round(t.wins / finished, 6) if finished else None,
            "decisions": sum(r["decisions"] for r in t.rated),
            "rating": None if rating is None else round(rating, 6),
            "luck": round(sum(r["luck"] for r in t.rated) / len(t.rated), 6) if t.rated else None,
            "luck_adjusted": (round(sum(t.adjusted) / len(t.adjusted), 6) if t.adjusted
                              else None),
        })
    return rows


def _csv(rows: list[dict[str, Any]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for row in rows:
        writer.writerow(["" if row[c] is None else row[c] for c in COLUMNS])
    return out.getvalue()


def write_tables(rows: list[dict[str, Any]], out: Path) -> None:
    """``players.csv`` and ``players.parquet`` in ``out``."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    (out / "players.csv").write_text(_csv(rows), encoding="utf-8")
    types = {"player": pa.string(), "games": pa.int64(), "finished": pa.int64(),
             "wins": pa.int64(), "losses": pa.int64(), "win_rate": pa.float64(),
             "decisions": pa.int64(), "rating": pa.float64(), "luck": pa.float64(),
             "luck_adjusted": pa.float64()}
    schema = pa.schema([(c, types[c]) for c in COLUMNS])
    table = pa.Table.from_pylist(rows, schema=schema)
    pq.write_table(table, out / "players.parquet")
