"""Issue 31 item 2's trial: do the compiled hot modules give the same answers as the pure
tree? A digest of each workload's answers in each tree, side by side.

Compile a scratch copy (never the worktree: a ``.so`` beside a source silently shadows
it), with rules/play/live.py's two ``object.__new__`` shortcuts replaced by the classes'
constructors (a native class refuses ``object.__new__``):

    mkdir /tmp/s3-mypyc-tree && tar --exclude=.venv --exclude=.git -cf - . \\
        | tar -C /tmp/s3-mypyc-tree -xf -
    cd /tmp/s3-mypyc-tree && $VENV/bin/mypyc rules/doubledummy/packed.py \\
        rules/doubledummy/search.py rules/doubledummy/position.py \\
        rules/chances/strategy.py rules/play/turns.py rules/play/live.py rules/play/pegging.py

then, from this tree:

    .venv/bin/python -m bench.mypyc_trial --compiled /tmp/s3-mypyc-tree

The speed figures come from the benches' own ``--base`` runs with the compiled copy as
the base (bench/RESULTS.md, branch s3-mypyc): ``bench.search``, ``bench.engine --only
games --only review --base-python .venv/bin/python`` and ``bench.fastest --only live,play``.

The digests: the eight 13-deal games of bench/chances_review.py reviewed with chances
(each review's ``repr``), and bench/fastest.py's 1,000 plays stepped live with every
answer read whole.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

TREE = Path(__file__).resolve().parent.parent


def digests() -> dict[str, str]:
    """The answers' digests in the tree first on ``sys.path``."""
    import random

    from bench import pegging
    from bench._load import pegging_bodies
    from bench.review import ANN_BOB, thirteen_deal_games
    from rules import Table, Variant, in_play, review_game
    from rules.play import PlayState
    from service.v1.chances import load_tables

    tables = load_tables()
    reviews = hashlib.sha256()
    for game in thirteen_deal_games(random.Random(16), 8):
        reviews.update(repr(review_game(ANN_BOB, game, tables=tables)).encode())
    plays = [pegging.record(body) for body in pegging_bodies(random.Random(7), 1000)]
    table = Table.seat(Variant.SIX_CARD, ("pone", "dealer"), dealer="dealer")
    steps = hashlib.sha256()
    for events, hands in plays:
        state: Any = PlayState.start(table, hands)
        for card in [event.card for event in events]:
            state = (state.go() if card is None else state.lay(card))[0]
            coming = in_play(state)
            steps.update(repr((coming.phase, coming.player, coming.count, coming.legal,
                               coming.go, coming.not_legal)).encode())
    return {"reviews (8 games)": reviews.hexdigest()[:16],
            "live steps read whole": steps.hexdigest()[:16]}


def in_tree(tree: Path) -> dict[str, str]:
    """:func:`digests` run by this interpreter with ``tree`` first on ``sys.path``, and
    which of the hot modules it loaded compiled."""
    code = (f"import sys, json, importlib.util; sys.path.insert(0, {str(tree)!r}); "
            f"spec = importlib.util.spec_from_file_location('trial', {__file__!r}); "
            "m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m); "
            "found = m.digests(); import rules.doubledummy.search as s; "
            "found['search compiled'] = str(s.__file__.endswith('.so')); "
            "print(json.dumps(found))")
    done = subprocess.run([sys.executable, "-c", code], cwd=tree, capture_output=True,
                          text=True, check=True)
    return json.loads(done.stdout.splitlines()[-1])  # type: ignore[no-any-return]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compiled", type=Path, default=Path("/tmp/s3-mypyc-tree"))
    args = parser.parse_args(argv)
    print(f"# python -m bench.mypyc_trial --compiled {args.compiled}")
    compiled, pure = in_tree(args.compiled.resolve()), in_tree(TREE)
    print(f"compiled modules loaded: {compiled.pop('search compiled')} in {args.compiled}, "
          f"{pure.pop('search compiled')} here")
    for name in pure:
        same = "same" if compiled[name] == pure[name] else "DIFFERENT"
        print(f"{name}: compiled {compiled[name]} pure {pure[name]} {same}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
