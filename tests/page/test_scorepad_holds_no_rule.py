"""The scorepad holds no rule (issue 30, item 2): every fact it shows comes from the
server. Each of the page's modules is listed with what it may do and which operations it
may ask; a notation parser, a CSV reader or writer, a seat rotation, a crib size, a card
reader, the name-quoting rule or which findings change no peg, worked out in the page's
JavaScript, fails this test, which greps for the very forms those rules took in the page
before 0.4.0 (each pattern is shown to catch its old code, below)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

PAGE = Path(__file__).resolve().parents[2] / "service" / "scorepad"

# Each module: what it may do, and the operations it may ask (by their paths).
MODULES: dict[str, tuple[str, frozenset[str]]] = {
    "board.js": ("draws the scores of an answer as a cribbage board", frozenset()),
    "chances.js": ("draws a review's chances as a graph", frozenset()),
    "club.js": ("enters a night's cards; the server reads a file, cross-checks and writes "
                "the standings' CSV",
                frozenset({"/v1/tournaments/check", "/v1/tournaments/read"})),
    "common.js": ("builds nodes, sends what was typed, tells problems in words; fetches "
                  "the variants' facts, the pack's spellings and names as written",
                  frozenset({"/v1/variants", "/v1/cards", "/v1/notation/names"})),
    "deal.js": ("the deal and game form; the server rules and says who deals next",
                frozenset({"/v1/deals/check", "/v1/games/check"})),
    "givenup.js": ("says a review's chances given up in words", frozenset()),
    "hand.js": ("the hand form; sizes from the variants' facts",
                frozenset({"/v1/hands/check"})),
    "install.js": ("registers the service worker", frozenset()),
    "keep.js": ("keeps the game in this browser", frozenset()),
    "notices.js": ("the page's notices", frozenset()),
    "picker.js": ("the card picker's buttons", frozenset()),
    "play.js": ("the play form; the live referee offers the cards, and the moves not "
                "legal with why",
                frozenset({"/v1/pegging/check"})),
    "results.js": ("shows a ruling's play and findings; the server says which change no "
                   "peg", frozenset()),
    "review.js": ("shows a review; the server says whether a record is a deal or a game",
                  frozenset({"/v1/deals/review", "/v1/games/review", "/v1/notation/write"})),
    "scorepad.js": ("starts the page", frozenset()),
    "season.js": ("the club's season: the server rates the nights added and says each "
                  "player's chance", frozenset({"/v1/tournaments/ratings"})),
    "share.js": ("the share panel: the server writes and reads the link",
                 frozenset({"/v1/notation/write", "/v1/notation/read"})),
    "store.js": ("keeps entries in this browser", frozenset()),
    "sw.js": ("the service worker", frozenset()),
    "tabs.js": ("the tabs, following the address", frozenset()),
    "tap.js": ("taps into the deal form; the live referee offers the cards",
               frozenset({"/v1/deals/check"})),
}

# The rules the page must not hold, each as the forms it took in the page's JavaScript.
FORBIDDEN: dict[str, list[str]] = {
    "a notation parser": [
        r"\b(?:readNotation|notationOf|unpack)\b",
        r"\bKEYWORD\s*=\s*/",
        r"/[^/\n]*\bdealt\b[^/\n]*\bdiscards\b[^/\n]*/[gimsuy]*",
        r"matchAll\(/\(\[=\+\]\)",
        r"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_",
    ],
    "a CSV reader": [
        r"\breadCards\s*=|\bfunction\s+readCards\s*\(\s*text\s*\)\s*\{\s*const\s+all",
        r"\bCARD_COLUMNS\b",
        r"c\s*===\s*['\"],['\"]\s*\)\s*\{\s*row\.push",
        r"\.split\(\s*['\"],['\"]\s*\)",
    ],
    "a seat rotation": [
        r"\.slice\(1\)\s*,\s*\w+\[0\]",
        r"\bnextSeats\b",
        r"\+\s*1\)\s*%\s*\w+\.length",
    ],
    "a crib size": [
        r"\bto_crib\s*[*+]|[*+]\s*\w+\.to_crib\b",
        r"\bcrib_card\s*[*+]|[*+]\s*\w+\.crib_card\b",
    ],
    "a CSV writer": [
        r"\bstandingsCsv\b",
        r"""replace\(/"/g,\s*'""'\)""",
        r"\.map\(csvCell\)",
    ],
    "a card reader": [
        r"\[2-9tjqka\]",
        r"\bSUIT_LETTER\b",
        r"\[shdc\]",
    ],
    "the name-quoting rule": [
        r"A-Za-z0-9_\]\[A-Za-z0-9_",
        r"""replace\(/\[\\\\"\]/g""",
    ],
    "which findings change no peg": [
        r"\bNO_PEG_ON_RETRACTED\b",
        r"\.retracted\s*===\s*true\s*&&",
    ],
}

# What each pattern caught in the page before 0.4.0, verbatim: the grep is not vacuous.
CAUGHT_BEFORE = {
    "a notation parser": [
        "export function readNotation(text, settings) {",
        "const KEYWORD = /^\\s*(scores|deal|dealt|discards|crib)\\s*(:|$)/i;",
        "const KEYWORD = /^\\s*(scores|deal|dealt|discards|crib)\\s*(:|$)/i;",
        "for (const [, sign, digits] of word.matchAll(/([=+])(\\d+)/g)) out[sign] = 1;",
        'const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";',
    ],
    "a CSV reader": [
        "export function readCards(text) {\n  const all = rows(text);",
        'const CARD_COLUMNS = ["player", "round"];',
        'else if (c === ",") { row.push(cell); cell = ""; }',
        'const cells = line.split(",");',
    ],
    "a seat rotation": [
        "export function nextSeats(players) { return [...players.slice(1), players[0]]; }",
        "for (let k = 0; k < deals.length; k += 1) seats = nextSeats(seats);",
        "const dealer = players[(i + 1) % players.length];",
    ],
    "a crib size": [
        "return $(\"crib\").checked ? known.players * known.to_crib + known.crib_card : 4;",
        "return $(\"crib\").checked ? known.crib_card + known.players * 2 : known.kept;",
    ],
    "a CSV writer": [
        "export function standingsCsv(answer) {",
        "return /[\",\\r\\n]/.test(text) ? `\"${text.replace(/\"/g, '\"\"')}\"` : text;",
        "return lines.map((row) => row.map(csvCell).join(\",\")).join(\"\\n\") + \"\\n\";",
    ],
    "a card reader": [
        "const RANK = /^(10|[2-9tjqka])$/i;",
        'const SUIT_LETTER = { "♠": "S", "♤": "S", "♥": "H" };',
        "const SUIT = /^([shdc]|[♠♥♦♣♤♡♢♧])\\uFE0F?$/i;",
    ],
    "the name-quoting rule": [
        "const BARE = /^[A-Za-z0-9_][A-Za-z0-9_.'+-]*$/;",
        "return BARE.test(name) ? name : `\"${name.replace(/[\\\\\"]/g, (c) => \"\\\\\" + c)}\"`;",
    ],
    "which findings change no peg": [
        'const NO_PEG_ON_RETRACTED = new Set(["undercount", "muggins"]);',
        "return play !== null && play.retracted === true && NO_PEG_ON_RETRACTED.has(finding.code);",
    ],
}


def scripts() -> dict[str, str]:
    return {path.name: path.read_text(encoding="utf-8") for path in sorted(PAGE.glob("*.js"))}


def test_every_module_is_listed_with_what_it_may_do() -> None:
    assert set(scripts()) == set(MODULES)


@pytest.mark.parametrize("name", sorted(MODULES))
def test_a_module_asks_only_its_operations(name: str) -> None:
    asked = set(re.findall(r"[\"'`](/v1/[a-z/-]+)", scripts()[name]))
    assert asked == MODULES[name][1]


@pytest.mark.parametrize("rule", sorted(FORBIDDEN))
def test_no_module_holds_the_rule(rule: str) -> None:
    found = [(name, pattern) for name, text in scripts().items() for pattern in FORBIDDEN[rule]
             if re.search(pattern, text)]
    assert found == [], f"{rule} in the page's JavaScript: ask the server instead"


@pytest.mark.parametrize("rule", sorted(FORBIDDEN))
def test_each_pattern_catches_the_code_it_is_for(rule: str) -> None:
    for pattern, old in zip(FORBIDDEN[rule], CAUGHT_BEFORE[rule], strict=True):
        assert re.search(pattern, old), (pattern, old)


def test_every_module_is_type_checked() -> None:
    # tools/scorepad-lint/tsconfig.json checks the modules that say so (make lint).
    assert [name for name, text in scripts().items() if not text.startswith("// @ts-check\n")] == []
