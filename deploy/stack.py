"""The production stack on one machine: Debian's nginx in front of gunicorn.

    make stack        (or: PORT=8000 .venv/bin/python deploy/stack.py)

Settings come from the environment:

- ``PORT`` (default 8000) and ``HOST`` (default 127.0.0.1): the public listener.
- ``OPS_PORT`` (default PORT + 1): metrics and probes, on HOST too.
- ``TLS_CERT`` and ``TLS_KEY``: serve HTTPS on PORT with this certificate.
- ``MUGGINS_RATE`` (20r/s), ``MUGGINS_BURST`` (40), ``MUGGINS_CONN`` (20): the limits
  per client address.
- ``CORS_ORIGINS``: read by the app and by the front, which lets those browser apps
  read its own answers on the API too (a 429 above all).
- Everything gunicorn.conf.py reads (``WEB_CONCURRENCY``, ...), and
  ``GUNICORN_CMD_ARGS``.

gunicorn listens on a Unix socket in a private runtime directory, so only nginx can
reach it. The script prints one ``ready`` line once both answer, stops both on SIGTERM
or SIGINT (and if either dies), and removes the runtime directory.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path

from service import ConfigError, cors_origins

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = Path(__file__).resolve().parent / "front" / "muggins.conf.template"

DEFAULT_LIMITS = {"MUGGINS_RATE": "20r/s", "MUGGINS_BURST": "40", "MUGGINS_CONN": "20"}

MAIN_CONF = """\
# Written by deploy/stack.py for this run only.
worker_processes 1;
worker_rlimit_nofile 8192;
pid {run}/nginx.pid;
error_log stderr warn;
daemon off;
events {{ worker_connections 4096; }}
http {{
    client_body_temp_path {run}/body;
    proxy_temp_path {run}/proxy;
    fastcgi_temp_path {run}/fastcgi;
    uwsgi_temp_path {run}/uwsgi;
    scgi_temp_path {run}/scgi;
    include {run}/muggins.conf;
}}
"""


def render(template: str, values: Mapping[str, str]) -> str:
    """Fill in ``${MUGGINS_*}`` as the nginx image's envsubst would; nothing else."""

    def fill(match: re.Match[str]) -> str:
        return values[match.group(1)]

    text = re.sub(r"\$\{(MUGGINS_[A-Z_]+)\}", fill, template)
    if "${" in text:
        raise ValueError("a ${...} in the template was not filled in")
    return text


def front_values(env: Mapping[str, str], run: Path) -> dict[str, str]:
    host = env.get("HOST", "127.0.0.1")
    port = int(env.get("PORT", "8000"))
    ops_port = int(env.get("OPS_PORT", str(port + 1)))
    cert, key = env.get("TLS_CERT"), env.get("TLS_KEY")
    values = {name: env.get(name, default) for name, default in DEFAULT_LIMITS.items()}
    values.update(
        MUGGINS_UPSTREAM=f"unix:{run}/gunicorn.sock",
        MUGGINS_LISTEN=f"{host}:{port}" + (" ssl" if cert else ""),
        MUGGINS_OPS_LISTEN=f"{host}:{ops_port}",
        MUGGINS_TLS=(f"ssl_certificate {cert}; ssl_certificate_key {key}; "
                     "ssl_protocols TLSv1.2 TLSv1.3;") if cert else "",
        # Checked as the app checks it, so that nothing but origins reaches the config.
        MUGGINS_CORS_ORIGINS=",".join(cors_origins(env.get("CORS_ORIGINS", ""))),
    )
    return values


def _wait_for(check: object, what: str, processes: list[subprocess.Popen[bytes]],
              seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if any(p.poll() is not None for p in processes):
            raise RuntimeError(f"{what}: a process exited while starting")
        if check():  # type: ignore[operator]
            return
        time.sleep(0.05)
    raise RuntimeError(f"{what} did not start within {seconds:.0f} s")


def _connects(address: str | tuple[str, int]) -> bool:
    family = socket.AF_UNIX if isinstance(address, str) else socket.AF_INET
    with socket.socket(family) as probe:
        try:
            probe.connect(address)
        except OSError:
            return False
    return True


def main() -> int:
    nginx = shutil.which("nginx") or next(
        (p for p in ("/usr/sbin/nginx",) if os.path.exists(p)), None)
    if nginx is None:
        print("make stack needs Debian's nginx: apt-get install nginx (.ci/run installs "
              "it); `make serve` runs gunicorn alone", file=sys.stderr)
        return 2
    env = dict(os.environ)
    run = Path(tempfile.mkdtemp(prefix="muggins-stack-"))
    # nginx's workers drop root (to nobody): they must reach the socket and temp dirs.
    run.chmod(0o755)
    try:
        values = front_values(env, run)
    except ConfigError as error:
        shutil.rmtree(run)
        print(f"stack: {error}", file=sys.stderr)
        return 2
    try:
        (run / "muggins.conf").write_text(render(TEMPLATE.read_text(encoding="utf-8"), values),
                                          encoding="utf-8")
    except ValueError:
        shutil.rmtree(run)
        raise
    (run / "nginx.conf").write_text(MAIN_CONF.format(run=run), encoding="utf-8")
    processes: list[subprocess.Popen[bytes]] = []
    stopping = False

    def stop(signum: int, frame: object) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    code = 0
    try:
        gunicorn = subprocess.Popen(
            [sys.executable, "-m", "service"],
            cwd=ROOT, env=dict(env, BIND=f"unix:{run}/gunicorn.sock"))
        processes.append(gunicorn)
        _wait_for(lambda: _connects(str(run / "gunicorn.sock")), "gunicorn", processes)
        front = subprocess.Popen([nginx, "-p", str(run), "-c", str(run / "nginx.conf")])
        processes.append(front)
        host, port = env.get("HOST", "127.0.0.1"), int(env.get("PORT", "8000"))
        _wait_for(lambda: _connects((host, port)), "nginx", processes)
        scheme = "https" if env.get("TLS_CERT") else "http"
        print(f"ready: {scheme}://{host}:{port} (metrics and probes: "
              f"http://{values['MUGGINS_OPS_LISTEN']})", flush=True)
        while not stopping and all(p.poll() is None for p in processes):
            time.sleep(0.1)
        if not stopping:
            print("a process of the stack exited; stopping the rest", file=sys.stderr)
            code = 1
    except RuntimeError as error:
        print(f"stack: {error}", file=sys.stderr)
        code = 1
    finally:
        # nginx first (SIGQUIT: finish what it is sending), then gunicorn (SIGTERM: drain).
        for process, sig in reversed(list(zip(processes, (signal.SIGTERM, signal.SIGQUIT),
                                              strict=False))):
            if process.poll() is None:
                process.send_signal(sig)
        for process in processes:
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        shutil.rmtree(run, ignore_errors=True)
    return code


if __name__ == "__main__":
    sys.exit(main())
