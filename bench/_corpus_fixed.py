"""The replay corpus's fixed requests (bench/_corpus.py): the protocol's (methods, paths,
types, bodies that are not JSON, CORS) and issue 19's two rulings. Nothing here imports
the project.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bench._corpus_make import JSON

if TYPE_CHECKING:
    from bench._corpus import Corpus

__all__ = ["issue19", "protocol"]


def protocol(corpus: Corpus) -> None:
    rng = corpus.rng
    gets = ("/v1/rulesets", "/healthz", "/readyz", "/openapi.yaml", "/", "/docs",
            "/v1/rulesets?x=1", "/healthz/", "/v1/variants", "/rules")
    for path in gets:
        corpus.add(f"GET {path}", "GET", path)
    corpus.add("HEAD /healthz", "HEAD", "/healthz")
    posts = ("/v1/hands/check", "/v1/hands/batch", "/v1/pegging/check",
             "/v1/deals/check", "/v1/games/check", "/v1/discards/advise",
             "/v1/deals/review", "/v1/games/review", "/v1/pegging/advise")
    for path in posts:
        for method in ("GET", "PUT", "DELETE", "PATCH"):
            corpus.add(f"405 {method} {path}", method, path)
        corpus.add(f"405 POST /v1/rulesets via {path}", "POST", "/v1/rulesets", {})
        for kind, headers in (("text/plain", {"Content-Type": "text/plain"}),
                              ("no type", {}),
                              ("form", {"Content-Type":
                                        "application/x-www-form-urlencoded"}),
                              ("charset", {"Content-Type":
                                           "application/json; charset=utf-8"}),
                              ("problem+json", {"Content-Type":
                                                "application/problem+json"})):
            corpus.add(f"content type {kind} {path}", "POST", path, text='{"hand": []}',
                     headers=headers)
        for kind, text in (("empty", ""), ("truncated", '{"hand": ["AH"'),
                           ("NaN", '{"claimed": NaN}'), ("Infinity", '{"x": -Infinity}'),
                           ("duplicate keys", '{"a": 1, "a": 2}'),
                           ("trailing", '{} {}'), ("single quotes", "{'a': 1}"),
                           ("deep", "[" * 5000 + "]" * 5000), ("array", "[]"),
                           ("string", '"hand"'), ("number", "12"), ("null", "null"),
                           ("bom", "\ufeff{}"), ("surrogate", '{"\\ud800": 1}'),
                           ("surrogate value", '{"players": ["\\udfff", "b"]}')):
            corpus.add(f"body {kind} {path}", "POST", path, text=text)
        corpus.add(f"body not utf-8 {path}", "POST", path, raw=b'{"hand": ["\xff\xfe"]}')
    for path in ("/v1/hands/check", "/v1/games/check", "/v1/deals/review"):
        corpus.add(f"413 oversized {path}", "POST", path, big=1024 * 1024 + 1)
        corpus.add(f"at the limit {path}", "POST", path, big=1024 * 1024)
    for path in ("/v2/hands/check", "/v1/hand/check", "/v1", "/v1/", "/metrics/x",
                 "/favicon.ico", "/v1/hands/check/", "/%ff", "/v1/rulesets/acc",
                 "/scorepad/nothing.js", "/../etc/passwd"):
        corpus.add(f"404 {path}", rng.choice(("GET", "POST")), path)
    # The browser's side: a preflight and a cross-origin call, from an origin the
    # replayer allows and one it does not.
    for origin in ("https://club.example", "https://evil.example"):
        corpus.add(f"CORS preflight {origin}", "OPTIONS", "/v1/hands/check",
                 headers={"Origin": origin, "Access-Control-Request-Method": "POST",
                          "Access-Control-Request-Headers": "content-type"})
        corpus.add(f"CORS post {origin}", "POST", "/v1/hands/check",
                 {"hand": ["5H", "5C", "5S", "JD"], "starter": "5D", "claimed": 29},
                 headers={**JSON, "Origin": origin})
        corpus.add(f"CORS get {origin}", "GET", "/v1/rulesets", headers={"Origin": origin})


def issue19(corpus: Corpus) -> None:
    """The two rulings issue 19 corrects: their answers are meant to change."""
    corpus.add("issue19 go point claimed on a card", "POST", "/v1/pegging/check", {
        "plays": [{"player": "pone", "card": "TH"}, {"player": "dealer", "card": "KS"},
                  {"player": "pone", "card": "9C", "claimed": 0},
                  {"player": "dealer", "go": True}, {"player": "dealer", "card": "8C"}]})
    for muggins in (False, True):
        corpus.add(f"issue19 go point claimed on a card muggins={muggins}", "POST",
                 "/v1/pegging/check", {
                     "plays": [{"player": "pone", "card": "TH"},
                               {"player": "dealer", "card": "KS"},
                               {"player": "pone", "card": "9C", "claimed": 0},
                               {"player": "dealer", "go": True},
                               {"player": "dealer", "card": "8C"}],
                     "muggins": muggins})
    deal: dict[str, Any] = {"variant": "five-card",
            "dealt": {"pone": ["8D", "TH", "6H", "QS", "2D"],
                      "dealer": ["7C", "4C", "3C", "4D", "KD"]},
            "discards": {"pone": ["QS", "2D"], "dealer": ["4C", "KD"]},
            "starter": "3S",
            "plays": [{"player": "pone", "card": "8D"}, {"player": "dealer", "card": "7C"},
                      {"player": "pone", "card": "TH"}, {"player": "dealer", "card": "3C"},
                      {"player": "pone", "go": True}]}
    claims = {"hands": {"pone": 0, "dealer": 2}, "crib": 7}
    for in_progress in (False, True):
        for with_claims in (True, False):
            body: dict[str, Any] = {**deal, **({"claims": claims} if with_claims else {})}
            if in_progress:
                body["in_progress"] = True
            corpus.add(f"issue19 finished play in_progress={in_progress} "
                     f"claims={with_claims}", "POST", "/v1/deals/check", body)


ROUND4: tuple[tuple[str, str, str, dict[str, Any] | None], ...] = (
    ("notation/write deal", "POST", "/v1/notation/write",
     {"notation": "six-card to 121: ann bob\ndealt: ann 5H 5D 6C 9S JH QS; "
                  "bob 2C 3H 4D 8S TD KC\n"}),
    ("notation/read a link not ours", "POST", "/v1/notation/read", {"link": "not-a-link"}),
    ("tournaments/read night", "POST", "/v1/tournaments/read",
     {"csv": "player,round,opponent,result,spread\nann,1,bob,W,21\nbob,1,ann,L,21\n"}),
    ("tournaments/ratings two nights", "POST", "/v1/tournaments/ratings",
     {"nights": [{"cards": [
         {"player": "ann", "games": [{"opponent": "bob", "result": "W", "spread": 21}]},
         {"player": "bob", "games": [{"opponent": "ann", "result": "L", "spread": 21}]}]}] * 2}),
    ("notation/names", "POST", "/v1/notation/names", {"names": ["ann", "Ann Smith"]}),
    ("cards", "GET", "/v1/cards", None),
)
"""One ask of each operation round 4 added, named so that the replay's allow file can."""
