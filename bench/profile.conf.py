"""gunicorn.conf.py (the one in the directory gunicorn runs from) with every worker under
cProfile, by CPU time: ``bench/serving.py --profile`` reads what each worker wrote to
``MUGGINS_PROFILE_DIR`` as it exited."""

import cProfile
import os
import time
from pathlib import Path
from typing import Any

_config = Path.cwd() / "gunicorn.conf.py"
exec(compile(_config.read_text(encoding="utf-8"), str(_config), "exec"))

_profile = cProfile.Profile(time.process_time)  # CPU: a worker waiting for a client costs none


def worker_exit(server: Any, worker: Any) -> None:
    _profile.disable()
    _profile.dump_stats(os.path.join(os.environ["MUGGINS_PROFILE_DIR"], f"{os.getpid()}.prof"))


_WARM = int(os.environ.get("MUGGINS_PROFILE_AFTER", "20"))
_seen = 0


def pre_request(worker: Any, req: Any) -> None:
    # Each worker's first requests load what is loaded lazily: not what a request costs.
    global _seen
    _seen += 1
    if _seen == _WARM + 1:
        _profile.enable()
