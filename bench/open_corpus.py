"""An open corpus of cribbage games in the notation (docs/archive.md#the-open-corpus),
written byte for byte the same for the same arguments.

    .venv/bin/python -m bench.open_corpus --games 30 --out bench/corpus/sample-30.txt.gz
    .venv/bin/python -m bench.open_corpus --games 2000 --out corpus-2000.txt.gz

Game ``n`` is the test generator's whole six-card game from the start for seed ``n``
(``tests.endgame.from_the_start``: dealt, discarded and played at random, every count
claimed true), written canonically. Each game opens with a comment naming its seed and
each player's level; the levels are left blank (``?``) until the players of known
strength (issue 32, item 1) play the corpus instead. The file is gzip with no name and
no time in its header, so the bytes depend on the games alone.
"""

from __future__ import annotations

import argparse
import gzip
import io
from pathlib import Path

from rules import Variant
from rules.notation import Game
from tests.endgame import from_the_start


def corpus_text(games: int, first: int = 0) -> str:
    out = []
    for seed in range(first, first + games):
        played = from_the_start(Variant.SIX_CARD, seed)
        levels = ", ".join(f"{player} ?" for player in played.players)
        out.append(f"# game {seed}: levels {levels}\n"
                   + str(Game(played.table, tuple(played.records()))) + "\n")
    return "".join(out)


def compressed(text: str) -> bytes:
    buffer = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buffer, mtime=0, compresslevel=9) as f:
        f.write(text.encode("utf-8"))
    return buffer.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--first", type=int, default=0, help="The first game's seed.")
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
