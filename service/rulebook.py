"""``GET /rules``: the rule book as HTML, with the anchors the findings' ``rulebook``
links name. Rendered once, from the copy shipped in the package (``service/rules.md``,
a link to ``docs/rules.md`` in the tree and a real file in the wheel and the image)."""

from __future__ import annotations

from functools import cache
from importlib.resources import files

from flask import Blueprint, Response
from markdown_it import MarkdownIt

__all__ = ["RULES_CSP", "bp", "page"]

bp = Blueprint("rulebook", __name__)

RULES_CSP = ("default-src 'none'; base-uri 'none'; form-action 'none'; "
             "frame-ancestors 'none'")
"""The page is the book alone: no script, no style, no image, nothing fetched."""

_PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>The Muggins rule book</title>
</head>
<body>
<main>
{book}</main>
</body>
</html>
"""


@cache
def page() -> str:
    """The book's own HTML anchors (``<a id="renege"></a>``) are kept: the CommonMark
    renderer passes raw HTML through, and the book is the project's, not a client's."""
    text = files("service").joinpath("rules.md").read_text(encoding="utf-8")
    book = MarkdownIt("commonmark", {"html": True}).enable("table").render(text)
    return _PAGE.format(book=book)


@bp.get("/rules")
def rules() -> Response:
    """The rule book, as HTML

    The project's rule book (`docs/rules.md`), one anchor per section: every
    finding's `rulebook` link (`/rules#renege`) points into it. Served under a
    Content-Security-Policy that allows nothing but the page itself.
    ---
    operationId: ruleBook
    tags: [reference]
    responses:
      200: { description: An HTML page., content: text/html }
    """
    return Response(page(), mimetype="text/html")
