"""``GET /rules``: the rule book served, and every finding's ``rulebook`` link resolving
on the server that gave it (issue 20 item 8, issue 21 item 4)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from html.parser import HTMLParser
from typing import Any

import pytest
from flask.testing import FlaskClient

from rules.core.codes import FindingCode
from tests.library.test_rulebook import ANCHORS


class _Ids(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.ids.extend(value for name, value in attrs if name == "id" and value)


def ids_of(page: str) -> list[str]:
    parser = _Ids()
    parser.feed(page)
    return parser.ids


@pytest.fixture(scope="module")
def page(app: Any) -> str:
    response = app.test_client().get("/rules")
    assert response.status_code == 200
    assert response.mimetype == "text/html"
    return str(response.get_data(as_text=True))


def test_the_page_has_every_anchor_of_the_book_once(page: str) -> None:
    ids = ids_of(page)
    assert sorted(ids) == sorted(ANCHORS)
    assert len(ids) == len(set(ids))


def test_the_page_is_the_book_rendered(page: str) -> None:
    assert "<h1>The Muggins rule book</h1>" in page
    assert '<a id="renege"></a>' in page
    assert "<table>" in page  # the rulesets' table, a GFM table
    assert "<script" not in page and "<style" not in page


def test_the_page_is_under_a_strict_policy(client: FlaskClient) -> None:
    response = client.get("/rules")
    assert response.headers["Content-Security-Policy"] == (
        "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
    assert response.headers["X-Frame-Options"] == "DENY"


def test_every_finding_code_links_to_a_section_of_the_page(page: str) -> None:
    from rules.core.findings import Finding
    for code in FindingCode:
        link = Finding(code, "m").rulebook
        assert link == f"/rules#{code.value}"
        assert code.value in ids_of(page)


HAND = {"hand": ["5H", "5C", "5S", "JD"], "starter": "5D"}
PLAY = [{"player": "pone", "card": "TH"}, {"player": "dealer", "card": "KS", "claimed": 2},
        {"player": "pone", "card": "9C"}, {"player": "dealer", "card": "5C"},
        {"player": "pone", "card": "8C"}]
DEAL = {"dealt": {"pone": ["5H", "5C", "5S", "JD", "2C", "3C"],
                  "dealer": ["KH", "QD", "9C", "8S", "4H", "AD"]},
        "discards": {"pone": ["2C", "3C"], "dealer": ["4H", "AD"]}, "starter": "JS",
        "plays": [{"player": "pone", "card": "5H"}, {"player": "dealer", "card": "KH"},
                  {"player": "pone", "card": "5C"}, {"player": "dealer", "card": "QD"},
                  {"player": "pone", "go": True}, {"player": "pone", "card": "5S"},
                  {"player": "dealer", "card": "9C"}, {"player": "pone", "card": "JD"},
                  {"player": "dealer", "card": "8S"}],
        "claims": {"heels": 0, "hands": {"pone": 30, "dealer": 1}, "crib": 2}}
ANSWERS: list[tuple[str, dict[str, Any]]] = [
    *[("/v1/hands/check", {**HAND, "claimed": c, "ruleset": r, "muggins": m})
      for c in (28, 29, 30, 19) for r in ("acc", "hoyle", "english", "friendly")
      for m in (False, True)],
    ("/v1/hands/batch", {"hands": [{**HAND, "claimed": 27}, {**HAND, "claimed": 31}]}),
    *[("/v1/pegging/check", {"plays": PLAY, "ruleset": r, "muggins": True})
      for r in ("acc", "hoyle", "english", "friendly")],
    ("/v1/pegging/check", {"plays": [{"player": "pone", "card": "KH"},
                                     {"player": "dealer", "card": "QH"},
                                     {"player": "pone", "card": "JH"},
                                     {"player": "pone", "card": "TH"}]}),
    ("/v1/pegging/check", {"plays": [{"player": "pone", "card": "KH"},
                                     {"player": "dealer", "go": True},
                                     {"player": "pone", "card": "5H"}],
                           "hands": {"pone": ["KH", "5H", "2C", "3C"],
                                     "dealer": ["AH", "2H", "3H", "4H"]}}),
    *[("/v1/deals/check", {**DEAL, "ruleset": r, "muggins": True})
      for r in ("acc", "hoyle", "english", "friendly")],
    ("/v1/deals/check", {**DEAL, "scores_before": {"pone": 100, "dealer": 0}}),
    ("/v1/deals/review", DEAL),
    ("/v1/games/check", {"players": ["ann", "bob"], "first_dealer": "bob",
                         "deals": [{**DEAL, "dealt": {"ann": DEAL["dealt"]["pone"],
                                                      "bob": DEAL["dealt"]["dealer"]},
                                    "discards": {"ann": ["2C", "3C"], "bob": ["4H", "AD"]},
                                    "plays": [{**p, "player": {"pone": "ann",
                                                               "dealer": "bob"}[p["player"]]}
                                              for p in DEAL["plays"]],
                                    "claims": {"hands": {"ann": 31, "bob": 1}}}]}),
]


def _links(answer: Any) -> Iterator[str]:
    if isinstance(answer, dict):
        for key, value in answer.items():
            if key == "rulebook":
                yield value
            else:
                yield from _links(value)
    elif isinstance(answer, list):
        for value in answer:
            yield from _links(value)


def test_every_rulebook_link_of_many_answers_resolves_on_this_server(
        client: FlaskClient) -> None:
    links: set[str] = set()
    for path, body in ANSWERS:
        response = client.post(path, json=body)
        assert response.status_code == 200, (path, response.get_json())
        links.update(_links(response.get_json()))
    assert len(links) >= 6
    for link in sorted(links):
        match = re.fullmatch(r"(/rules)#([a-z0-9-]+)", link)
        assert match, link
        page = client.get(match.group(1))  # relative: on the server that answered
        assert page.status_code == 200
        assert match.group(2) in ids_of(page.get_data(as_text=True)), link
