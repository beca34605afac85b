"""The games ``bench.archive`` reviews: whole two-player six-card games to 121 played by
the uniform level of :mod:`rules.players` (``random``: a legal discard and a legal card
drawn from the player's own seeded generator, no advice asked) on the library's one play
core, written in the notation, the same text for the same seed and number of games.

A game costs about 25 ms to play, where the open corpus's levels take 0.7 s (they ask the
engine for every decision), so 2,000 games are under a minute rather than as costly as
reviewing them. The games are longer than the levels' (about 13 deals, not 10): a game
reviewed is a little more work here, and the bench says the deals beside the games.

Each game is between two of :data:`NAMES`, drawn with its first dealer and its deals'
seed from a generator seeded by the bench's seed and the game's number, so a game is
the same whatever the number of games asked. The text is kept in a cache folder under a
name made of the seed, the number of games and a digest of the code that plays them
(``rules/`` and this module): a change to the play gives a new file, never a stale one.
"""

from __future__ import annotations

import hashlib
import os
import random
import tempfile
from pathlib import Path

from rules import shipped_tables
from rules.notation import Game
from rules.players import level_named, play_game

__all__ = ["CACHE", "NAMES", "archive_games", "generated_game", "generated_games"]

NAMES = ("ann", "bob", "cy", "dee", "eve", "fay", "gus", "hal", "ivy", "jo", "kit", "lou",
         "max", "ned", "ola", "pat")
"""A club's sixteen players: each game seats two, so the per-player table has rows of
many games, as an archive's has."""
CACHE = Path(tempfile.gettempdir()) / "muggins-bench-archive"
_ROOT = Path(__file__).resolve().parents[1]


def generated_game(seed: int, number: int) -> str:
    """Game ``number`` of the set for ``seed``, headed by a comment naming its seeds."""
    rng = random.Random(f"muggins-bench-archive|{seed}|{number}")
    one, other = rng.sample(NAMES, 2)
    first = rng.choice((one, other))
    deals = rng.getrandbits(32)
    uniform = level_named("random")
    played = play_game({one: uniform, other: uniform}, first_dealer=first, seed=deals,
                       tables=shipped_tables())
    return (f"# game {number} of seed {seed}: deals from seed {deals}, {first} dealing "
            f"first, {played.winner} won\n" + str(Game(played.table, played.deals)) + "\n")


def generated_games(games: int, seed: int) -> str:
    """The first ``games`` games for ``seed``, one after another."""
    return "".join(generated_game(seed, number) for number in range(games))


def _code_digest() -> str:
    sha = hashlib.sha256()
    for path in [*sorted((_ROOT / "rules").rglob("*.py")), Path(__file__).resolve()]:
        sha.update(path.relative_to(_ROOT).as_posix().encode() + b"\0")
        sha.update(path.read_bytes())
    return sha.hexdigest()[:12]


def archive_games(games: int, seed: int, cache: Path = CACHE) -> tuple[Path, bool]:
    """The file holding :func:`generated_games`, and whether it was played now (False:
    read from the cache). The file is written whole or not at all, so a bench stopped
    while playing leaves nothing a later run could take for the games."""
    path = cache / f"games-seed{seed}-n{games}-{_code_digest()}.txt"
    if path.exists():
        return path, False
    cache.mkdir(parents=True, exist_ok=True)
    text = generated_games(games, seed)
    partial = path.with_name(f"{path.name}.{os.getpid()}.partial")
    partial.write_text(text, encoding="utf-8")
    os.replace(partial, path)
    return path, True
