"""``python -m tools.openapi``: write openapi.yaml from the code (``make openapi``)."""

import sys

from tools.openapi.dump import dumps
from tools.openapi.generate import OUTPUT, document

text = dumps(document())
if OUTPUT.read_text(encoding="utf-8") != text:
    OUTPUT.write_text(text, encoding="utf-8")
    print(f"openapi: wrote {OUTPUT.name}")
else:
    print(f"openapi: {OUTPUT.name} is up to date")
sys.exit(0)
