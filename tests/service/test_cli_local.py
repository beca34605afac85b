"""The command line answers the same on the library (no ``--url``) as through the client
from a real service (``--url``): every subcommand, its main options, human and JSON,
refusals included; and the library's path imports no Flask, no service and no HTTP
client."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from muggins.cli import main
from tests.service.test_cli import DEAL, RECORD

README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")

GAME = {"players": ["ann", "bob"], "first_dealer": "ann", "deals": [{
    "dealt": {"bob": ["AH", "2H", "3H", "4S", "6S", "7S"],
              "ann": ["8C", "9C", "TC", "QC", "KD", "6H"]},
    "discards": {"bob": ["6S", "7S"], "ann": ["KD", "6H"]},
    "starter": "JH",
    "plays": [{"player": "bob", "card": "AH"}, {"player": "ann", "card": "8C"},
              {"player": "bob", "card": "2H"}, {"player": "ann", "card": "9C"},
              {"player": "bob", "card": "3H"}, {"player": "ann", "go": True},
              {"player": "bob", "card": "4S"}, {"player": "ann", "card": "TC"},
              {"player": "ann", "card": "QC"}],
    "claims": {"heels": 2, "hands": {"bob": 8, "ann": 4}, "crib": 0}}]}

NIGHT = ("player,round,opponent,result,spread\n"
         "Ann,1,Bob,W,21\nBob,1,Ann,L,16\n"
         "Cat,1,Dan,W,5\nDan,1,Cat,L,5\n")

# (name, arguments): each run as is, with --json, and both again with --url.
COMMANDS: list[tuple[str, list[str]]] = [
    ("count", ["count", "5H", "5C", "5S", "JD", "-s", "5D"]),
    ("count claimed", ["count", "5H", "5C", "5S", "JD", "-s", "5D", "--claimed", "28",
                       "--muggins"]),
    ("count crib hoyle", ["count", "2h", "4h", "6h", "8h", "-s", "K♣", "--crib",
                          "--claimed", "4", "--ruleset", "hoyle"]),
    ("count five-card", ["count", "5H", "5C", "5S", "-s", "5D", "--variant", "five-card"]),
    ("count bad cards", ["count", "ZZ", "5C", "5C", "JD", "-s", "5D", "--claimed", "1000"]),
    ("count starter held", ["count", "5H", "5C", "5S", "JD", "-s", "5S", "--claimed", "-1"]),
    ("count wrong size", ["count", "5H", "5C", "5S", "-s", "XX"]),
    ("count wrong size only", ["count", "5H", "5C", "5S", "JD", "2C", "-s", "5D"]),
    ("advise pone", ["advise", "2C", "3H", "4D", "5D", "5S", "JS", "--pone"]),
    ("advise dealer top", ["advise", "2C", "3H", "4D", "5D", "5S", "JS", "--dealer",
                           "--top", "15"]),
    ("advise no side", ["advise", "2C", "3H", "4D", "5D", "5S", "JS"]),
    ("advise by win", ["advise", "2C", "3H", "4D", "5D", "5S", "JS", "--pone",
                       "--scores", "115,100"]),
    ("advise by win five-card", ["advise", "2C", "3H", "4D", "5D", "5S", "--dealer",
                                 "--scores", "50,40", "--variant", "five-card"]),
    ("advise score too high", ["advise", "2C", "3H", "4D", "5D", "5S", "JS", "--pone",
                               "--scores", "121,1001"]),
    ("advise no table", ["advise", "2C", "3H", "4D", "5D", "5S", "--pone", "--scores",
                         "10,10", "--variant", "three-player"]),
    ("advise partner deals", ["advise", "2C", "3H", "4D", "5D", "5S", "--pone",
                              "--partner-deals", "--variant", "four-player"]),
    ("advise partner two players", ["advise", "2C", "3H", "4D", "5D", "5S", "JS", "--pone",
                                    "--partner-deals"]),
    ("advise bad cards", ["advise", "2C", "3H", "4D", "5D", "2C", "QQ", "--pone"]),
    ("advise wrong size", ["advise", "2C", "3H", "4D", "5D", "--pone"]),
    ("lay", ["lay", "5H", "5D", "6C", "9S", "-s", "JH", "--plays", "pone:5H dealer:TC"]),
    ("lay exact", ["lay", "5H", "5D", "6C", "9S", "-s", "JH", "--plays", "pone:5H dealer:TC",
                   "--samples", "1000"]),
    ("lay seeded", ["lay", "5H", "5D", "6C", "9S", "-s", "JH", "--samples", "20",
                    "--seed", "7", "--discard", "KC", "--discard", "QC"]),
    ("lay to win", ["lay", "5H", "5D", "6C", "9S", "-s", "JH", "--plays", "pone:5H dealer:TC",
                    "--win", "114,119"]),
    ("lay three players", ["lay", "5H", "5D", "6C", "9S", "-s", "JH", "--players",
                           "ann,bob,cy", "--player", "ann", "--samples", "30"]),
    ("lay refused", ["lay", "5H", "5D", "6C", "9S", "-s", "JH", "--plays",
                     "pone:ZZ dealer:TC bob:go", "--samples", "0", "--seed", "-1"]),
    ("lay not held", ["lay", "5H", "5D", "6C", "9S", "-s", "5H", "--plays", "pone:KH"]),
    ("lay win out of range", ["lay", "5H", "5D", "6C", "9S", "-s", "JH", "--win", "130,20"]),
    ("chances", ["chances", "--scores", "115,100", "--after", "play"]),
    ("chances named", ["chances", "--scores", "90,100", "--players", "ann,bob",
                       "--dealer", "ann", "--variant", "five-card"]),
    ("chances seen cards", ["chances", "--scores", "100,100", "--seen-cards",
                            "5H 5C 5S JD 2C 3C"]),
    ("chances kept", ["chances", "--scores", "100,100", "--kept", "5H 5C 5S JD",
                      "--discard", "2C 3C", "--starter", "5D", "--seen-player", "dealer"]),
    ("chances refused", ["chances", "--scores", "121,100", "--seen-cards", "5H ZZ 5S",
                         "--dealer", "nobody"]),
    ("chances three players", ["chances", "--scores", "1,2,3", "--players", "a,b,c",
                               "--variant", "three-player"]),
    ("seating", ["seating", "Ann", "Bob", "Cat", "Dan", "Eve", "--games", "5", "--seed", "7"]),
    ("seating twice", ["seating", "Ann", "Bob", "Ann", "--games", "2"]),
    ("seating no games", ["seating", "Ann", "Bob", "--games", "0"]),
    ("night", ["night", "{dir}/cards.csv"]),
    ("night csv", ["night", "{dir}/cards.csv", "--csv", "--event", "sanctioned"]),
    ("night pegs behind", ["night", "{dir}/cards.csv", "--convention", "pegs-behind"]),
    ("peg", ["peg", "{dir}/record.json"]),
    ("peg live", ["peg", "--live", "{dir}/record.json"]),
    ("deal", ["deal", "{dir}/deal.json"]),
    ("game", ["game", "{dir}/game.json"]),
    ("review deal", ["review", "{dir}/deal.json"]),
    ("review game", ["review", "{dir}/game.json"]),
    ("peg hands", ["peg", "{dir}/hands.json"]),
    ("peg three players", ["peg", "{dir}/three.json"]),
    ("deal live", ["deal", "--live", "{dir}/deal-live.json"]),
    ("deal five-card", ["deal", "{dir}/deal-five.json"]),
    ("game to 61", ["game", "{dir}/game-five.json"]),
    ("review game five-card", ["review", "{dir}/game-five.json"]),
    ("peg in notation", ["peg", "--file", "{dir}/play.txt"]),
    ("game in notation", ["game", "--file", "{dir}/game.txt"]),
    ("review in notation", ["review", "--file", "{dir}/game.txt"]),
    ("deal in notation live", ["deal", "--file", "{dir}/deal.txt"]),
    ("notation badly written", ["peg", "--file", "{dir}/bad.txt"]),
    ("notation refused", ["deal", "--file", "{dir}/refused.txt"]),
    ("peg bad card", ["peg", "{dir}/bad-card.json"]),
    ("peg unknown field", ["peg", "{dir}/unknown.json"]),
    ("peg unknown player", ["peg", "{dir}/stranger.json"]),
    ("deal card twice", ["deal", "{dir}/twice.json"]),
    ("deal crib player", ["deal", "{dir}/crib-player.json"]),
    ("game no dealer", ["game", "{dir}/no-dealer.json"]),
    ("review in progress", ["review", "{dir}/deal-live.json"]),
    ("import", ["import", "{dir}/game.pgn", "--format", "hal"]),
    ("hands", ["hands", "{dir}/hands-batch.json"]),
    ("hands five-card", ["hands", "{dir}/hands-batch.json", "--variant", "five-card"]),
    ("hands refused", ["hands", "{dir}/hands-bad.json"]),
    ("share", ["share", "{dir}/deal.txt"]),
    ("share game", ["share", "{dir}/game.txt", "--ruleset", "hoyle"]),
    ("share a play", ["share", "{dir}/play.txt"]),
    ("share badly written", ["share", "{dir}/bad.txt"]),
    ("link", ["link", "r1.Bz4kjg3tzKzIysLYyuQyKaFQ5bY3RuGhBgykiAA"]),
    ("link cut short", ["link", "r1.Bz4kjg3t"]),
    ("names", ["names", "ann", "Ann Smith", 'say "hi"']),
    ("names too long", ["names", "ann", "x" * 65]),
    ("scorecards", ["scorecards", "{dir}/cards.csv"]),
    ("scorecards bad row", ["scorecards", "{dir}/bad.csv"]),
    ("lay in notation", ["lay", "5H", "5D", "6C", "9S", "-s", "JH", "--file", "{dir}/so-far.txt",
                         "--samples", "30"]),
    ("lay in notation stranger", ["lay", "5H", "5D", "6C", "9S", "-s", "JH", "--file",
                                  "{dir}/stranger.txt"]),
    ("night sanctioned", ["night", "{dir}/cards.csv", "--event", "sanctioned", "--tournament",
                          "main"]),
    ("night to 61", ["night", "{dir}/cards.csv", "--target", "61"]),
    ("season", ["season", "{dir}/cards.csv", "{dir}/cards.csv"]),
    ("season every night", ["season", "{dir}/cards.csv", "{dir}/cards.csv", "--every-night"]),
    ("season chances to 61", ["season", "{dir}/cards.csv", "--chances", "--target", "61"]),
    ("season bad row", ["season", "{dir}/cards.csv", "{dir}/bad.csv"]),
    ("night target refused", ["night", "{dir}/cards.csv", "--target", "0"]),
]

PLAY_TEXT = "play: pone KH, dealer QC, pone TD =2, dealer 9S\n"
GAME_TEXT = """six-card to 121: ann bob
deal: 1
dealt: ann 8D TH 6H QS 2D 9C; bob 7C 4C 3C 4D KD 9H
discards: ann QS 2D; bob 4C KD
starter: 3S
play: ann 8D, bob 7C, ann TH, bob 3C, ann go
show: ann =0; bob =2; crib =7
"""

DEAL_TEXT = """five-card to 61: pone dealer
dealt: pone 8D TH 6H QS 2D; dealer 7C 4C 3C 4D KD
discards: pone QS 2D; dealer 4C KD
starter: 3S
play: pone 8D, dealer 7C
in progress
"""


def _with(record: dict[str, object], **changes: object) -> dict[str, object]:
    return {**record, **changes}


def _records() -> dict[str, object]:
    """The records of the cases, good and bad, by file name."""
    five = {"dealt": {"pone": ["5H", "5C", "5S", "JD", "2C"], "dealer": ["KH", "QD", "9C", "8S",
                                                                      "4H"]},
            "discards": {"pone": ["2C", "JD"], "dealer": ["4H", "8S"]}, "starter": "5D",
            "plays": [{"player": "pone", "card": "5H"}, {"player": "dealer", "card": "KH"},
                      {"player": "pone", "card": "5C"}, {"player": "dealer", "card": "QD"},
                      {"player": "pone", "go": True}, {"player": "pone", "card": "5S"},
                      {"player": "dealer", "card": "9C"}],
            "claims": {"hands": {"pone": 12, "dealer": 0}, "crib": 2},
            "variant": "five-card"}
    game_five = {"players": ["ann", "bob"], "first_dealer": "bob", "variant": "five-card",
                 "scores_before": {"ann": 40, "bob": 50}, "deals": [{
                     "dealt": {"ann": five["dealt"]["pone"], "bob": five["dealt"]["dealer"]},
                     "discards": {"ann": ["2C", "JD"], "bob": ["4H", "8S"]},
                     "starter": "5D",
                     "claims": {"hands": {"ann": 12, "bob": 0}, "crib": 2}}]}
    plays = RECORD["plays"]
    return {
        "record.json": RECORD, "deal.json": DEAL, "game.json": GAME,
        "hands.json": {**RECORD, "hands": {"pone": ["KH", "TD", "5S", "5D"],
                                          "dealer": ["QC", "9S", "AH", "4S"]},
                       "ruleset": "hoyle", "muggins": True},
        "three.json": {"players": ["a", "b", "c"], "variant": "three-player",
                       "plays": [{"player": "a", "card": "KH"}, {"player": "b", "card": "QC"},
                                 {"player": "c", "card": "5D", "claimed": 2}]},
        "deal-live.json": _with(DEAL, plays=DEAL["plays"][:5], in_progress=True),
        "deal-five.json": five,
        "game-five.json": game_five,
        "bad-card.json": {"plays": [*plays[:2], {"player": "pone", "card": "ZZ"}]},
        "unknown.json": {**RECORD, "hand": ["KH"]},
        "stranger.json": {"plays": [*plays[:2], {"player": "bob", "card": "9S"}]},
        "twice.json": _with(DEAL, starter="5H"),
        "crib-player.json": {**DEAL, "players": ["crib", "dealer"]},
        "no-dealer.json": {**GAME, "first_dealer": "cy"},
        "hands-batch.json": [{"hand": ["5H", "5C", "5S", "JD"], "starter": "5D", "claimed": 28},
                             {"hand": ["2H", "4H", "6H", "8H"], "starter": "KC", "crib": True,
                              "variant": "six-card"}],
        "hands-bad.json": {"hands": [{"hand": ["5H", "5C", "5S", "JD"], "starter": "5D"}, 7,
                                     {"hand": ["5H", "5H"], "starter": 5, "x": 1}]},
    }


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    where = tmp_path_factory.mktemp("cli-local")
    for name, record in _records().items():
        (where / name).write_text(json.dumps(record))
    (where / "play.txt").write_text(PLAY_TEXT)
    (where / "game.txt").write_text(GAME_TEXT)
    (where / "deal.txt").write_text(DEAL_TEXT)
    (where / "bad.txt").write_text("play: pone KH,\n  dealer 9X\n")
    # The eight of diamonds dealt twice: the library's refusal, pointed into the text.
    (where / "refused.txt").write_text(DEAL_TEXT.replace("dealer 7C 4C", "dealer 8D 4C"))
    (where / "cards.csv").write_text(NIGHT)
    (where / "bad.csv").write_text(NIGHT + "Eve,1,Fay,X,3\n")
    (where / "so-far.txt").write_text("play: pone 5H, dealer TC\n")
    (where / "stranger.txt").write_text("play: pone 5H, bob TC\n")
    hal = Path(__file__).resolve().parents[1] / "data" / "notation" / "hal.txt"
    (where / "game.pgn").write_text(hal.read_text(encoding="utf-8"))
    return where


def _run(args: list[str]) -> tuple[int, str]:
    result = CliRunner().invoke(main, args)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.output


@pytest.mark.parametrize("name,args", COMMANDS, ids=[name for name, _ in COMMANDS])
@pytest.mark.parametrize("as_json", [False, True], ids=["text", "json"])
def test_the_library_answers_as_the_service(live_server: str, files: Path, name: str,
                                            args: list[str], as_json: bool) -> None:
    args = [arg.replace("{dir}", str(files)) for arg in args]
    if as_json:
        args = [*args, "--json"]
    local = _run(args)
    remote = _run([*args, "--url", live_server])
    assert local == remote
    assert local[0] in (0, 1, 2)


def test_the_cases_reach_every_command() -> None:
    """Every subcommand but serve (which starts a server) and archive (which runs on the
    library on Dask, never at ``--url``: tests/service/test_archive.py) is among the
    cases."""
    tried = {args[0] for _, args in COMMANDS}
    assert tried == set(main.list_commands(click.Context(main))) - {"serve", "archive"}


def test_advise_without_a_side_says_which_options() -> None:
    code, output = _run(["advise", "2C", "3H", "4D", "5D", "5S", "JS"])
    assert code == 2 and "'--dealer' or '--pone'" in output


def test_advise_by_the_chance_of_winning_shows_it() -> None:
    # From 115 to the dealer's 100 the pone, who counts first, is close to certain; from
    # 60 all even nothing is.
    code, output = _run(["advise", "2C", "3H", "4D", "5D", "5S", "JS", "--pone",
                         "--scores", "115,100", "--json"])
    answer = json.loads(output)
    assert code == 0 and answer["scores"] == {"pone": 115, "dealer": 100}
    assert answer["target"] == 121 and "best_by_win" in answer
    near = [option["win"] for option in answer["options"]]
    assert near == sorted(near, reverse=True) and near[0] > 0.95
    code, output = _run(["advise", "2C", "3H", "4D", "5D", "5S", "JS", "--pone",
                         "--scores", "60,60"])
    lines = output.splitlines()
    assert code == 0 and lines[0].endswith("pone 60 dealer 60 to 121, by the chance of winning:")
    wins = [float(line.split()[-1].rstrip("%")) for line in lines[2:7]]
    assert wins == sorted(wins, reverse=True) and all(0 < w < 100 * near[0] for w in wins)


LOCAL_IMPORTS = """
import sys
from muggins.cli import main
try:
    main({args!r})
except SystemExit:
    pass
print(sorted(name for name in sys.modules
             if name.split(".")[0] in ("flask", "werkzeug", "marshmallow", "service",
                                        "requests")))
"""


@pytest.mark.parametrize("args", [
    ["count", "5H", "5C", "5S", "JD", "-s", "5D"],
    ["advise", "2C", "3H", "4D", "5D", "5S", "JS", "--pone", "--scores", "115,100"],
    ["lay", "5H", "5D", "6C", "9S", "-s", "JH", "--win", "114,119", "--samples", "20"],
    ["chances", "--scores", "115,100"],
    ["seating", "Ann", "Bob", "Cat", "--games", "3"],
    ["night", "{dir}/cards.csv"],
    ["peg", "--live", "{dir}/hands.json"],
    ["deal", "{dir}/deal.json"],
    ["game", "{dir}/game-five.json"],
    ["review", "{dir}/game.json"],
    ["review", "--file", "{dir}/game.txt"],
    ["deal", "--file", "{dir}/deal.txt"],
], ids=["count", "advise", "lay", "chances", "seating", "night", "peg", "deal", "game",
        "review", "review-notation", "deal-notation"])
def test_the_library_path_imports_no_flask_no_service_and_no_http(files: Path, args: list[str]
                                                          ) -> None:
    args = [arg.replace("{dir}", str(files)) for arg in args]
    done = subprocess.run([sys.executable, "-c", LOCAL_IMPORTS.format(args=args)],
                          capture_output=True, text=True, timeout=120, check=True)
    assert done.stdout.strip().splitlines()[-1] == "[]", done.stderr


def test_count_reads_no_chance_table_and_loads_no_numpy() -> None:
    """The chance tables are read by the commands that need them, not by count; nor does
    count load numpy, the advice, the records' readers or another command's module (the
    cold start, bench/cli.py)."""
    script = LOCAL_IMPORTS.format(args=["count", "5H", "5C", "5S", "JD", "-s", "5D"])
    script += ("print(sorted(name for name in sys.modules if name.split('.')[0] == 'numpy'"
               " or name in ('muggins.local_advice', 'muggins.local_records', 'rules.chances',"
               " 'rules.advice', 'rules.notation', 'muggins.cli_advice', 'muggins.cli_records')))")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=120, check=True)
    assert done.stdout.strip().splitlines()[-1] == "[]"


def test_the_chances_read_the_chance_tables() -> None:
    script = LOCAL_IMPORTS.format(args=["chances", "--scores", "115,100"])
    script += ("from muggins.local_advice import chance_tables\n"
               "print(chance_tables.cache_info().currsize)")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=120, check=True)
    assert done.stdout.strip().splitlines()[-1] == "1"


NO_FLASK = """
import sys
from muggins.cli import main
try:
    main({args!r})
except SystemExit as done:
    code = done.code
print(code, sorted(name for name in sys.modules
                   if name.split(".")[0] in ("flask", "werkzeug", "marshmallow", "service")))
"""


@pytest.mark.parametrize(("name", "args"), COMMANDS, ids=[name for name, _ in COMMANDS])
def test_no_case_imports_flask(files: Path, name: str, args: list[str]) -> None:
    """Every subcommand, with good input and bad, answers on the library alone: no
    Flask, no marshmallow, no service, no app built."""
    args = [arg.replace("{dir}", str(files)) for arg in args]
    done = subprocess.run([sys.executable, "-c", NO_FLASK.format(args=args)],
                          capture_output=True, text=True, timeout=120, check=True)
    code, imported = done.stdout.strip().splitlines()[-1].split(" ", 1)
    assert imported == "[]", done.stderr
    assert code in ("0", "1", "2")
