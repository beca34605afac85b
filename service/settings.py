"""Settings read from the environment at start-up: refused there, in one line, rather
than found wrong later (a master that never answers, a 500 on every route)."""

from __future__ import annotations

__all__ = ["MOST_WORKERS", "cors", "workers"]

MOST_WORKERS = 64
"""Two workers a core (the work is CPU-bound) on 32 cores: more is a typo, and gunicorn
would fork every one of them."""


def workers(text: str) -> int:
    """``WEB_CONCURRENCY`` as a count of workers; anything else stops the start-up.

    SystemExit passes through gunicorn's config loader: its text is the one line shown.
    """
    count = int(text) if text.strip().isdigit() else 0
    if not 1 <= count <= MOST_WORKERS:
        raise SystemExit(f"WEB_CONCURRENCY must be a number of workers, 1 to {MOST_WORKERS}, "
                         f"not {text!r}")
    return count


def cors(text: str) -> list[str]:
    """``CORS_ORIGINS`` checked before the app is loaded, so a bad origin stops gunicorn
    with the one line the app's ConfigError says, not a traceback from preloading."""
    from service import ConfigError, cors_origins

    try:
        return cors_origins(text)
    except ConfigError as error:
        raise SystemExit(str(error)) from None
