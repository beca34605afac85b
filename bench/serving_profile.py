"""Where a request's server CPU goes: ``python -m bench.serving --profile N``.

The app under gunicorn as in production (bench/profile.conf.py: gunicorn.conf.py, every
worker under cProfile by CPU time after its first requests), driven by the bench's own
clients: N hand checks, then N/100 batches of 1,000 hands, each in a server of its own.
Printed for each: the functions with the most own CPU time a request, and that time
by layer (gunicorn, werkzeug, Flask, marshmallow, the library, ...). cProfile adds its
own cost to every call, so the layers' shares matter, not their sum.
With ``--against REF``, the app as committed at REF too, in the same run.
"""

from __future__ import annotations

import argparse
import os
import pstats
import random
import tempfile
from multiprocessing import Pool
from pathlib import Path

from bench._load import (
    ROOT,
    client,
    hand_bodies,
    request_bytes,
    start_server,
    stop_server,
)

# A function's layer, by the first of these its file's path holds (builtins by name).
LAYERS = (
    ("/gunicorn/", "gunicorn"),
    ("/werkzeug/", "werkzeug"),
    ("/flask/", "flask"),
    ("/marshmallow/", "marshmallow"),
    ("/prometheus_client/", "metrics (prometheus-client)"),
    ("service/observability.py", "middleware (request id, headers, metrics)"),
    ("service/logs.py", "access log"),
    ("/logging/", "access log"),
    ("service/body.py", "reading the body"),
    ("/json/", "reading the body"),
    ("service/encoding.py", "writing the answer"),
    ("service/errors.py", "the error layer"),
    ("/service/", "the views and fields"),
    ("/rules/", "the library (count, ruling, answer)"),
)
BUILTINS = (
    (("socket", "recv", "send", "accept", "select", "close", "poll", "setsockopt",
      "getsockname", "shutdown", "fstat", "fcntl"), "gunicorn"),
    (("orjson",), "writing the answer"),
    (("write", "flush", "strftime", "localtime"), "access log"),
    (("urandom",), "middleware (request id, headers, metrics)"),
)


def layer(key: tuple[str, int, str]) -> str:
    path, _, name = key
    if path == "~":
        for words, where in BUILTINS:
            if any(word in name for word in words):
                return where
        return "builtins, elsewhere"
    for part, where in LAYERS:
        if part in path:
            return where
    return "other Python"


def one(name: str, cwd: Path, app_config: str, requests: list[bytes], total: int,
        clients: int) -> pstats.Stats:
    with tempfile.TemporaryDirectory(prefix="muggins-profile-") as dump:
        from bench._load import free_port

        port = free_port()
        server = start_server(port, "service:create_app()", {
            "GUNICORN_CMD_ARGS": "--max-requests 0", "MUGGINS_PROFILE_DIR": dump,
            "PYTHONPATH": str(cwd)}, config=app_config, cwd=cwd)
        try:
            labelled = [("request", r.replace(b"{port}", str(port).encode())) for r in requests]
            # Each worker's first 20 requests are not profiled (bench/profile.conf.py).
            warm = 30 * 4
            with Pool(clients) as pool:
                pool.map(client, [(port, labelled, (total + warm) // clients, 10**12, seed)
                                  for seed in range(clients)])
        finally:
            stop_server(server)
        files = sorted(str(p) for p in Path(dump).glob("*.prof"))
        if not files:
            raise RuntimeError(f"{name}: no worker wrote its profile")
        stats = pstats.Stats(*files)
        keep = os.environ.get("MUGGINS_PROFILE_KEEP")
        if keep:  # the merged profile, to read further with pstats
            stats.dump_stats(os.path.join(keep, f"{name}-{len(requests)}.prof"))
        return stats


def show(title: str, stats: pstats.Stats, total: int, top: int = 25) -> None:
    raw = stats.stats  # type: ignore[attr-defined]
    # The requests profiled: the middleware's calls (gunicorn's handle_request was
    # entered before the profile started, in the first request of each worker).
    calls = sum(v[1] for k, v in raw.items()
                if k[2] == "__call__" and k[0].endswith("service/observability.py"))
    own = sum(v[2] for v in raw.values())
    print(f"\n## {title}: {calls} requests profiled, "
          f"{own / calls * 1e6:,.0f} µs own CPU a request under cProfile")
    by_layer: dict[str, float] = {}
    for key, value in raw.items():
        by_layer[layer(key)] = by_layer.get(layer(key), 0.0) + value[2]
    print("by layer, µs a request (share):")
    for where, seconds in sorted(by_layer.items(), key=lambda kv: -kv[1]):
        print(f"  {where:<44} {seconds / calls * 1e6:9.1f}  {seconds / own:6.1%}")
    print(f"top {top} functions by own time, µs a request (calls a request):")
    ranked = sorted(raw.items(), key=lambda kv: -kv[1][2])[:top]
    for (path, line, name), value in ranked:
        short = path if path == "~" else "/".join(Path(path).parts[-2:])
        print(f"  {value[2] / calls * 1e6:8.1f}  {value[1] / calls:7.1f}  "
              f"{short}:{line}({name})")


def profile(args: argparse.Namespace) -> None:
    from bench._common import header
    from bench.serving import checkout

    header("where a hand check's and a batch's server CPU goes (cProfile in the workers)")
    rng = random.Random(5)
    hands = hand_bodies(rng, 1000)
    batch = {"hands": hand_bodies(rng, 1000)}
    config = str(ROOT / "bench" / "profile.conf.py")
    port = "{port}"  # filled in once each server has its port
    endpoints = {
        "hand check": ([request_bytes("POST", "/v1/hands/check", b, 0).replace(
            b"127.0.0.1:0", b"127.0.0.1:" + port.encode()) for b in hands], args.profile),
        "batch of 1,000 hands": ([request_bytes("POST", "/v1/hands/batch", batch, 0)],
                                 max(1, args.profile // 100)),
    }
    with tempfile.TemporaryDirectory(prefix="muggins-bench-") as scratch:
        trees = [("this tree", ROOT)]
        if args.against:
            trees.append((args.against, checkout(args.against, Path(scratch))))
        for what, (requests, total) in endpoints.items():
            for name, cwd in trees:
                show(f"{what}, {name}", one(name, cwd, config, requests, total, args.clients),
                     total)
