"""An open corpus of cribbage games in the notation (docs/archive.md#the-open-corpus),
played by the computer players of known strength and written byte for byte the same for
the same arguments.

    .venv/bin/python -m bench.open_corpus --games 30 --out bench/corpus/sample-30.txt.gz
    .venv/bin/python -m bench.open_corpus --games 2000 --out corpus-2000.txt.gz

Games come in duplicate pairs (``rules.players.play_duplicate``): games ``2k`` and
``2k + 1`` are the same deals, from the same seed, the first with one player dealing
first, the second with the other. Pair ``k`` is the pairing ``k mod 15`` of the six
levels (``rules.players.LEVELS``, every pair of two in ``itertools.combinations``
order), so each 30 games hold every pairing once, both ways round. Each player is named
by their level, so ``muggins archive`` over the corpus gives a row a level; each game
opens with a comment naming its seed, each player's level and its duplicate. The seeds
(from 5,000) are not ``bench.levels``'s fit set, but the first 120 games are its test
set's pairs 30 to 33 (docs/archive.md). The file is gzip with no name and no time in
its header, so the bytes depend on the games alone.
"""

from __future__ import annotations

import argparse
import gzip
import io
from itertools import combinations
from pathlib import Path

from rules import shipped_tables
from rules.notation import Game
from rules.players import LEVELS, play_game

SEED = 5000
PAIRINGS = tuple(combinations(range(len(LEVELS)), 2))


def corpus_game(number: int) -> str:
    """Game ``number`` of the corpus, its comment first (the module's docstring)."""
    pair, swapped = divmod(number, 2)
    rounds, pairing = divmod(pair, len(PAIRINGS))
    i, j = PAIRINGS[pairing]
    one, other = LEVELS[i], LEVELS[j]
    seed = SEED + rounds * 100 + i * 10 + j
    first = other.name if swapped else one.name
    played = play_game({one.name: one, other.name: other}, first_dealer=first, seed=seed,
                       tables=shipped_tables())
    twin = number - 1 if swapped else number + 1
    return (f"# game {number}: levels {one.name} {one.name}, {other.name} {other.name}; "
            f"seed {seed}, {first} dealing first; game {twin} is the same deals, the "
            "seats swapped\n" + str(Game(played.table, played.deals)) + "\n")


def corpus_text(games: int, first: int = 0) -> str:
    return "".join(corpus_game(number) for number in range(first, first + games))


SAMPLE = Path(__file__).resolve().parent / "corpus" / "sample-30.txt.gz"


def corpus_games(games: int) -> str:
    """The corpus's first ``games`` games, as :func:`corpus_text` writes them: those the
    sample in the repository holds read from it (a game takes about 0.7 s to play), the
    rest played."""
    held = ["# game" + part for part in
            gzip.decompress(SAMPLE.read_bytes()).decode("utf-8").split("# game")[1:]]
    return "".join(held[:games]) + (corpus_text(games - len(held), len(held))
                                    if games > len(held) else "")


def compressed(text: str) -> bytes:
    buffer = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buffer, mtime=0, compresslevel=9) as f:
        f.write(text.encode("utf-8"))
    return buffer.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--first", type=int, default=0, help="The first game's number.")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    text = corpus_text(args.games, args.first)
    data = compressed(text)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_bytes(data)
    print(f"{args.out}: {args.games} games, {len(text.encode()):,} bytes of notation, "
          f"{len(data):,} compressed")


if __name__ == "__main__":
    main()
