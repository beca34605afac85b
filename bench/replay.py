"""Replay a generated corpus of requests against two checkouts and compare the answers.

    python -m bench.replay record [--tree DIR] [--python PY] [--seed N] [--size N] OUT
    python -m bench.replay compare [--allow FILE] [--examples N] BEFORE AFTER

``record`` builds the corpus from the seed (bench/_corpus.py: its own dealer, player
and scorer, nothing imported from the project, so both checkouts get the very same
requests), then answers every request through the Flask test client of the app in
``--tree`` (default: this checkout), in a subprocess run with that tree's own venv
(``DIR/.venv/bin/python``, or ``--python``) and that tree first on ``sys.path``. It
writes a gzipped JSONL, one line a request: the request, the status, the headers that
are part of the answer (content type, ``Allow``, ``Retry-After``, ``Location``, the
CORS and page-policy headers; ``Allow`` with its methods sorted, as Werkzeug lists
them in hash order) and the body as sent. Request ids, dates and lengths are left out,
and ``/metrics`` is never asked. The file is the same bytes for the same answers, so
``cmp`` can check two recordings too.

``compare`` prints one line per class of difference (the endpoint, the kind, and the
JSON pointer with indices as ``*``), how many answers have it, and a few examples with
the request's tag and a JSON diff of the bodies. It exits 1 on any difference that the
``--allow`` file does not list. Each line of that file is

    [KIND] POINTER [on [METHOD] PATH]        e.g.  added /target
                                                   changed /findings/*/rulebook
                                                   ** on GET /openapi.yaml
    status FROM>TO [on [METHOD] PATH]        e.g.  status 422>200 on POST /v1/deals/check
    header NAME [on [METHOD] PATH]
    request GLOB                             a request by id or tag, e.g. "issue19 *"

KIND is ``added``, ``removed``, ``changed``, ``order`` (same JSON, other text) or ``any``
(the default). In a POINTER, ``*`` is one segment and ``**`` any number; a pointer also
covers everything below it. PATH is a glob. ``#`` starts a comment.

`make replay BASE=/work/base` records BASE and this tree and compares them.
"""

from __future__ import annotations

import argparse
import base64
import gzip
import io
import json
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

if __package__:
    # Not in the child, which runs this file alone in the tree under test (see
    # :func:`record`), on the stdlib: it answers, and compares nothing.
    from bench._replay_changes import (
        Allow,
        Change,
        changes,
        endpoint,
        escape,
        general,
        json_changes,
        parse_body,
        pointer_matches,
        read_allow,
    )

# The differences and the allow file live in bench/_replay_changes.py; their names are
# still this module's.
__all__ = ["CORS_ORIGIN", "KEPT_HEADERS", "Allow", "Change", "answer", "answers",
           "body_bytes", "changes", "compare", "endpoint", "escape", "general",
           "json_changes", "kept_headers", "main", "parse_body", "pointer_matches",
           "python_of", "read_allow", "read_jsonl", "record", "short", "write_jsonl"]

HERE = Path(__file__).resolve().parent
TREE = HERE.parent

KEPT_HEADERS = ("Content-Type", "Allow", "Retry-After", "Location", "Vary",
                "Access-Control-Allow-Origin", "Access-Control-Allow-Methods",
                "Access-Control-Allow-Headers", "Access-Control-Expose-Headers",
                "Access-Control-Max-Age", "Content-Security-Policy", "X-Frame-Options",
                "X-Content-Type-Options", "Cache-Control")
"""The headers that are part of an answer; the rest (X-Request-ID, Date, Content-Length,
Last-Modified, ETag) change from run to run or follow from the body."""

CORS_ORIGIN = "https://club.example"
"""The one origin the replayed app allows (the corpus asks from it and from another)."""


def kept_headers(headers: Any) -> dict[str, str]:
    kept = {name: headers[name] for name in KEPT_HEADERS if name in headers}
    if "Allow" in kept:
        # Werkzeug lists the methods from a set of strings, so their order changes with
        # each process's hash seed: the set is the answer, written sorted.
        kept["Allow"] = ", ".join(sorted(m.strip() for m in kept["Allow"].split(",")))
    return kept


# --- files -----------------------------------------------------------------------------


def write_jsonl(path: Path, rows: Iterable[dict[str, Any]]) -> None:
    # mtime=0: the same rows make the same bytes.
    with open(path, "wb") as raw, gzip.GzipFile(filename="", fileobj=raw, mode="wb",
                                                mtime=0) as out:
        for row in rows:
            out.write(json.dumps(row, ensure_ascii=True, sort_keys=True).encode("ascii"))
            out.write(b"\n")


def read_jsonl(path: Path) -> Iterator[dict[str, Any]]:
    with gzip.open(path, "rt", encoding="ascii") as lines:
        for line in lines:
            yield json.loads(line)


def body_bytes(request: dict[str, Any]) -> bytes | None:
    if "body" in request:
        return str(request["body"]).encode("utf-8")
    if "body_b64" in request:
        return base64.b64decode(request["body_b64"])
    if "big" in request:
        size = int(request["big"])
        head, tail = b'{"hands": ["', b'"]}'
        return head + b"x" * (size - len(head) - len(tail)) + tail
    return None


# --- the child: answers the corpus with the app of the tree it runs in ------------------


def answer(corpus: Path, out: Path, tree: Path) -> None:
    """Runs in the tree under test (see :func:`record`): stdlib and that tree only."""
    sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]
    sys.path.insert(0, str(tree))
    import logging

    logging.disable(logging.CRITICAL)  # a 500 is in the record; its traceback is noise
    import service

    where = Path(service.__file__).resolve()
    if tree not in where.parents:
        sys.exit(f"replay: imported service from {where}, not from {tree}")
    spent: dict[str, list[float]] = defaultdict(lambda: [0, 0.0, 0.0])
    app = service.create_app({"CORS_ORIGINS": CORS_ORIGIN})
    write_jsonl(out, answers(app.test_client(), read_jsonl(corpus), spent))
    few = [0, 0.0, 0.0]
    for route, (count, cpu, wall) in sorted(spent.items(), key=lambda kv: -kv[1][1]):
        if count < 10:  # the protocol's odd requests: one line for them all
            few = [few[0] + count, few[1] + cpu, few[2] + wall]
            continue
        print(f"  {int(count):5d}  {cpu:7.2f} s CPU  {wall:7.2f} s wall  {route}",
              file=sys.stderr)
    print(f"  {int(few[0]):5d}  {few[1]:7.2f} s CPU  {few[2]:7.2f} s wall  (other routes and "
          "methods)", file=sys.stderr)


def answers(client: Any, requests: Iterable[dict[str, Any]],
            spent: dict[str, list[float]] | None = None) -> Iterator[dict[str, Any]]:
    """Each request answered by a Flask test client, as a row of the recording;
    ``spent`` gets the count, CPU and wall seconds by route."""
    for request in requests:
        data = body_bytes(request)
        headers = dict(request["headers"])
        content_type = headers.pop("Content-Type", None)
        cpu, wall = time.process_time(), time.perf_counter()
        response = client.open(request["path"], method=request["method"], data=data,
                               headers=headers, content_type=content_type)
        body = response.get_data()
        if spent is not None:
            where = spent[f"{request['method']} {request['path']}"]
            where[0] += 1
            where[1] += time.process_time() - cpu
            where[2] += time.perf_counter() - wall
        row: dict[str, Any] = {
            "id": request["id"], "tag": request["tag"], "request": request,
            "status": response.status_code, "headers": kept_headers(response.headers),
        }
        try:
            row["body"] = body.decode("utf-8")
        except UnicodeDecodeError:
            row["body_b64"] = base64.b64encode(body).decode("ascii")
        yield row


# --- record ------------------------------------------------------------------------------


def python_of(tree: Path) -> str:
    venv = tree / ".venv" / "bin" / "python"
    return str(venv) if venv.exists() else sys.executable


def record(out: Path, tree: Path = TREE, python: str | None = None, seed: int = 19,
           size: int = 6000) -> int:
    """Build the corpus here and have ``tree`` answer it; returns the child's exit code."""
    from bench._corpus import build

    tree = tree.resolve()
    requests = build(seed, size)
    python = python or python_of(tree)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(tree), *filter(None, [os.environ.get("PYTHONPATH")])])}
    for name in ("PROMETHEUS_MULTIPROC_DIR", "MUGGINS_DRAIN_FILE", "CORS_ORIGINS"):
        env.pop(name, None)
    with tempfile.TemporaryDirectory(prefix="replay-") as scratch:
        corpus = Path(scratch) / "corpus.jsonl.gz"
        write_jsonl(corpus, requests)
        print(f"replay: {len(requests)} requests (seed {seed}) answered by {tree} "
              f"with {python}", file=sys.stderr)
        started = time.perf_counter()
        done = subprocess.run([python, str(Path(__file__).resolve()), "_answer", str(corpus),
                               str(out.resolve()), str(tree)], cwd=tree, env=env,
                              check=False)
    if done.returncode:
        return done.returncode
    statuses = Counter(row["status"] for row in read_jsonl(out))
    print(f"replay: {time.perf_counter() - started:.0f} s; wrote {out}: "
          + ", ".join(f"{n} x {status}" for status, n in sorted(statuses.items())),
          file=sys.stderr)
    return 0


# --- compare (each difference, and the allow file: bench/_replay_changes.py) -------------


def short(value: Any, width: int = 100) -> str:
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else repr(value)
    return text if len(text) <= width else text[:width - 1] + "…"


def compare(before_path: Path, after_path: Path, allow_path: Path | None = None,
            examples: int = 3, out: io.TextIOBase | Any = sys.stdout) -> int:
    allows = read_allow(allow_path)
    before = {row["id"]: row for row in read_jsonl(before_path)}
    after = {row["id"]: row for row in read_jsonl(after_path)}
    print(f"replay: {before_path} ({len(before)} answers) against {after_path} "
          f"({len(after)})", file=out)
    for key in before.keys() & after.keys():
        if before[key]["request"] != after[key]["request"]:
            print(f"replay: request {key} differs between the files: not the same corpus "
                  "(seed, size or generator); record both with this tree's bench/replay.py",
                  file=out)
            return 2
    classes: dict[tuple[str, str, str], list[str]] = defaultdict(list)
    allowed_by: dict[tuple[str, str, str], str] = {}
    used: Counter[str] = Counter()
    diffs: dict[str, list[Change]] = {}
    same = allowed = failed = 0
    for key in sorted(before.keys() | after.keys()):
        old, new = before.get(key), after.get(key)
        if old is None or new is None:
            row = old or new
            assert row is not None
            found = [Change("missing", "", "in BEFORE" if old is None else "",
                            "in AFTER" if new is None else "")]
        else:
            row = new
            found = changes(old, new)
        if not found:
            same += 1
            continue
        diffs[key] = found
        clean = True
        for change in found:
            cls = (endpoint(row), change.kind, general(change.pointer))
            if key not in classes[cls]:
                classes[cls].append(key)
            rules = [a.text for a in allows if a.covers(change, row)]
            if not rules:
                clean = False
            else:
                allowed_by[cls] = rules[0]
                used.update(rules)
        if clean:
            allowed += 1
        else:
            failed += 1
    print(f"replay: {same} the same, {allowed} differ as allowed, {failed} differ "
          "otherwise", file=out)
    rows = before | after

    def unlisted(cls: tuple[str, str, str]) -> bool:
        return cls not in allowed_by or any(
            not any(a.covers(c, rows[k]) for a in allows)
            for k in classes[cls] for c in diffs[k]
            if (endpoint(rows[k]), c.kind, general(c.pointer)) == cls)

    for cls, keys in sorted(classes.items(), key=lambda kv: (not unlisted(kv[0]), kv[0])):
        place, kind, pointer = cls
        verdict = "DIFFERS" if unlisted(cls) else "allowed"
        print(f"\n{verdict} {len(keys):5d}  {place}  {kind} {pointer or '(the body)'}"
              + ("" if verdict == "DIFFERS" else f"   [allow: {allowed_by[cls]}]"), file=out)
        if verdict == "allowed" and examples < 1:
            continue
        for key in keys[:examples]:
            row = rows[key]
            print(f"  #{key} {row['tag']}", file=out)
            request = row["request"]
            if "body" in request:
                print(f"    request: {short(request['body'], 160)}", file=out)
            for change in diffs[key][:8]:
                print(f"    {change.kind:7} {change.pointer or '(the body)'}: "
                      f"{short(change.before)} -> {short(change.after)}", file=out)
            if len(diffs[key]) > 8:
                print(f"    … and {len(diffs[key]) - 8} more", file=out)
    for allow in allows:
        if not used[allow.text]:
            print(f"\nnote: the allow line {allow.text!r} matched nothing", file=out)
    print(f"\nreplay: {'FAIL' if failed else 'OK'}: {failed} answers differ beyond the "
          f"allowed ({allowed} allowed, {same} the same)", file=out)
    return 1 if failed else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.replay", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    rec = sub.add_parser("record", help="answer the corpus with a tree's app")
    rec.add_argument("out", type=Path)
    rec.add_argument("--tree", type=Path, default=TREE,
                     help="the checkout whose app answers (default: this one)")
    rec.add_argument("--python", help="its interpreter (default: TREE/.venv/bin/python)")
    rec.add_argument("--seed", type=int, default=19)
    rec.add_argument("--size", type=int, default=6000)
    cmp = sub.add_parser("compare", help="compare two recordings")
    cmp.add_argument("before", type=Path)
    cmp.add_argument("after", type=Path)
    cmp.add_argument("--allow", type=Path, help="the expected classes of difference")
    cmp.add_argument("--examples", type=int, default=3, help="examples per class")
    child = sub.add_parser("_answer")  # internal: run by record in the tree under test
    child.add_argument("corpus", type=Path)
    child.add_argument("out", type=Path)
    child.add_argument("tree", type=Path)
    args = parser.parse_args(argv)
    if args.command == "record":
        return record(args.out, args.tree, args.python, args.seed, args.size)
    if args.command == "compare":
        return compare(args.before, args.after, args.allow, args.examples)
    answer(args.corpus, args.out, args.tree.resolve())
    return 0


if __name__ == "__main__":
    sys.exit(main())
