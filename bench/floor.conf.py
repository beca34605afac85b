"""gunicorn.conf.py with the access log off: the floor's server (bench/serving.py)."""

from pathlib import Path

_config = Path(__file__).resolve().parent.parent / "gunicorn.conf.py"
exec(compile(_config.read_text(encoding="utf-8"), str(_config), "exec"))

accesslog = None
logconfig_dict: dict[str, object] = {}
