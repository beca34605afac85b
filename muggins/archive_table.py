"""The per-player table of an archive's reviews (docs/archive.md): games, results, the
play rating with its band and parts, luck and the luck-adjusted result, written as CSV
and as Parquet.

:func:`play_rating` is the one place the play rating is made from a player's games: the
play rating of docs/rating.md pooled over them by :func:`rules.review.rate_games`, from
the figures each game's review gives (``players[player]``, as ``/v1/games/review``
answers it), never from a second formula.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules.review import GameRating, PlayRating, rate_games

__all__ = ["COLUMNS", "PlayerTally", "game_rating", "play_rating", "player_table",
           "write_tables"]

COLUMNS = ("player", "games", "finished", "wins", "losses", "win_rate", "decisions",
           "rating", "band", "discards", "play", "claims", "luck", "net_luck",
           "luck_adjusted")
_PARTS = ("discards", "play", "claims")


@dataclass
class PlayerTally:
    """What the player's games said, summed as they are read."""

    games: int = 0
    wins: int = 0
    losses: int = 0
    rated: list[GameRating] = field(default_factory=list)
    """Each rated game's figures (:func:`game_rating`)."""
    adjusted: list[float] = field(default_factory=list)
    """Each rated game's ``luck_adjusted``, as its review gives it."""


def game_rating(review: Mapping[str, Any], player: str) -> GameRating | None:
    """The player's :class:`rules.review.GameRating` for one game, rebuilt from its review's
    figures; None where the review rates no one (no chance table covers the game).

    The answer gives each part per decision (``1000 × sum ÷ count``) and the counts
    behind them: ``N``, the discards judged, is the deals whose discard has a
    ``win_loss``; the unforced cards are the rest of ``decisions``. The sums are those
    figures times their counts, the discards' taken as the headline ``value`` less the
    claims, so one game's pooled rating is the review's own ``value``."""
    each = (review.get("players") or {}).get(player)
    if each is None or "rating" not in each:
        return None
    rating = each["rating"]
    judged = sum(1 for deal in review["deals"]
                 if (deal["discards"].get(player) or {}).get("win_loss") is not None)
    cards = each["decisions"] - judged
    claims = rating["claims"] * judged / 1000
    play = PlayRating(each["decisions"], judged, rating["value"] * judged / 1000 - claims,
                      rating["play"] * cards / 1000, claims)
    return GameRating(play, each["result"], each["luck"], each["net_luck"])


def play_rating(rated: Sequence[GameRating]) -> PlayRating | None:
    """The player's play rating pooled over their rated games (the module's docstring):
    the sums added, so each game counts by its deals; None with no discard judged."""
    pooled = rate_games({"player": game} for game in rated).get("player")
    if pooled is None or not pooled.discards_judged:
        return None
    return pooled


def _won(player: str, winner: str | None) -> bool | None:
    """None: the game has no winner (not played out); a side of partners is named
    ``ann&cy``."""
    if winner is None:
        return None
    return player == winner or player in winner.split("&")


def _mean(values: Sequence[float]) -> float | None:
    return round(sum(values) / len(values), 6) + 0.0 if values else None


def player_table(reviews: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """A row per player, by name, from the games' reviews as ``/v1/games/review`` answers
    them."""
    tallies: dict[str, PlayerTally] = {}
    for review in reviews:
        for player in review["lost"]:
            tally = tallies.setdefault(player, PlayerTally())
            tally.games += 1
            won = _won(player, review["winner"])
            if won is not None:
                tally.wins += won
                tally.losses += not won
            rated = game_rating(review, player)
            if rated is not None:
                tally.rated.append(rated)
                tally.adjusted.append(review["players"][player]["luck_adjusted"])
    rows = []
    for player in sorted(tallies):
        t = tallies[player]
        finished = t.wins + t.losses
        pooled = play_rating(t.rated)
        parts = {} if pooled is None else pooled.parts
        rows.append({
            "player": player, "games": t.games, "finished": finished, "wins": t.wins,
            "losses": t.losses,
            "win_rate": round(t.wins / finished, 6) if finished else None,
            "decisions": sum(r.play.decisions for r in t.rated),
            "rating": None if pooled is None else round(pooled.rating, 3) + 0.0,
            "band": None if pooled is None else pooled.band,
            **{part: round(parts[part], 3) + 0.0 if parts else None for part in _PARTS},
            "luck": _mean([r.luck for r in t.rated]),
            "net_luck": _mean([r.net_luck for r in t.rated]),
            "luck_adjusted": _mean(t.adjusted),
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
    counts = ("games", "finished", "wins", "losses", "decisions")
    types = {c: pa.int64() if c in counts else pa.float64() for c in COLUMNS}
    types.update(player=pa.string(), band=pa.string())
    schema = pa.schema([(c, types[c]) for c in COLUMNS])
    table = pa.Table.from_pylist(rows, schema=schema)
    pq.write_table(table, out / "players.parquet")
