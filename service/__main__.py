"""``python -m service``: gunicorn with the production config (gunicorn.conf.py, in the
working directory), as `make serve`, `make stack` and the image start it.

gunicorn reads ``WEB_CONCURRENCY`` as it is imported, before any config file, and a
value that is not a number ends in its traceback: so it is checked here first.
"""

from __future__ import annotations

import os
import sys

from service.settings import workers


def main() -> None:
    given = os.environ.get("WEB_CONCURRENCY")
    if given is not None:
        workers(given)
    os.execv(sys.executable, [sys.executable, "-m", "gunicorn", "--config", "gunicorn.conf.py",
                              *sys.argv[1:], "service:create_app()"])


if __name__ == "__main__":
    main()
