"""The ``muggins`` command line: human output, --json, and exit codes."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from muggins.cli import main
from muggins.cli_context import FOUND, HELD

RECORD = {"plays": [{"player": "pone", "card": "KH"}, {"player": "dealer", "card": "QC"},
                    {"player": "pone", "card": "TD", "claimed": 2},
                    {"player": "dealer", "card": "9S"}]}
DEAL = {"dealt": {"pone": ["5H", "5C", "5S", "JD", "2C", "3C"],
                  "dealer": ["KH", "QD", "9C", "8S", "4H", "AD"]},
        "discards": {"pone": ["2C", "3C"], "dealer": ["4H", "AD"]},
        "starter": "5D",
        "plays": [{"player": "pone", "card": "5H"}, {"player": "dealer", "card": "KH"},
                  {"player": "pone", "card": "5C"}, {"player": "dealer", "card": "QD"},
                  {"player": "pone", "go": True}, {"player": "pone", "card": "5S"},
                  {"player": "dealer", "card": "9C"}, {"player": "pone", "card": "JD"},
                  {"player": "dealer", "card": "8S"}],
        "scores_before": {"pone": 100, "dealer": 110}}


def run(*args: str, stdin: str | None = None):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(main, list(args), input=stdin)


class TestCount:
    def test_a_claim_that_holds(self) -> None:
        result = run("count", "5H", "5C", "5S", "JD", "--starter", "5D", "--claimed", "29")
        assert result.exit_code == 0
        assert "5H 5C 5S JD with 5D (hand): 29" in result.output
        assert "claimed 29: correct" in result.output

    def test_a_claim_that_does_not(self) -> None:
        result = run("count", "5h", "5c", "5s", "jd", "-s", "5♦", "--claimed", "28", "--muggins")
        assert result.exit_code == 1
        assert "undercount" in result.output and "opponent 1" in result.output

    def test_json(self) -> None:
        result = run("--json", "count", "2H", "4H", "6H", "8H", "-s", "KC", "--crib")
        assert result.exit_code == 0
        assert json.loads(result.output)["breakdown"]["flush"] == 0

    def test_refused_input(self) -> None:
        result = run("count", "5H", "5C", "5S", "ZZ", "--starter", "5D")
        assert result.exit_code == 2
        # The fourth card on the command line, not the JSON pointer's zero-based #/hand/3.
        assert "  card 4: invalid card: 'ZZ' (invalid-card)" in result.output
        assert "#/hand" not in result.output


class TestRecords:
    def test_peg(self, tmp_path: Path) -> None:
        path = tmp_path / "record.json"
        path.write_text(json.dumps(RECORD))
        result = run("peg", str(path))
        assert result.exit_code == 1  # an overcount
        assert "totals: pone 1, dealer 1" in result.output
        assert "overcount" in result.output

    def test_peg_from_stdin_as_json(self) -> None:
        result = run("--json", "peg", "-", stdin=json.dumps(RECORD))
        assert json.loads(result.output)["totals"] == {"pone": 1, "dealer": 1}

    def test_deal(self, tmp_path: Path) -> None:
        path = tmp_path / "deal.json"
        path.write_text(json.dumps(DEAL))
        result = run("deal", str(path))
        assert result.exit_code == 0
        assert "pone wins during the show" in result.output
        assert "scores: pone 121, dealer 114" in result.output

    def test_peg_live(self) -> None:
        # 10 20 30 so far: the dealer is to play, and of 9S AH 3D only the ace fits.
        record = {"plays": [*RECORD["plays"][:2], {"player": "pone", "card": "TD"}],
                  "hands": {"pone": ["KH", "TD", "5S", "2C"], "dealer": ["QC", "9S", "AH", "3D"]}}
        result = run("peg", "--live", "-", stdin=json.dumps(record))
        assert result.exit_code == 0
        assert "totals: pone 0, dealer 0" in result.output  # no last card yet
        assert "next: dealer to play on 30, may lay AH" in result.output

    def test_deal_live(self) -> None:
        result = run("deal", "--live", "-", stdin=json.dumps({"dealt": DEAL["dealt"]}))
        assert result.exit_code == 0 and "next: the discards" in result.output

    def test_unreadable_file(self, tmp_path: Path) -> None:
        path = tmp_path / "broken.json"
        path.write_text("{not json")
        assert run("peg", str(path)).exit_code == 2


class TestAdvise:
    def test_best_first(self) -> None:
        result = run("advise", "2C", "3H", "4D", "5D", "5S", "JS", "--pone", "--top", "1")
        assert result.exit_code == 0
        assert "3H 4D 5D 5S" in result.output and "12.48" in result.output

    def test_without_a_side_it_names_both(self) -> None:
        """Issue 28: click named only --dealer."""
        result = run("advise", "2C", "3H", "4D", "5D", "5S", "JS")
        assert result.exit_code == 2
        assert result.output.splitlines()[-1] == (
            "Error: Missing option '--dealer' or '--pone': say whose crib it is.")


class TestAgainstAServer:
    def test_url(self, live_server: str) -> None:
        result = run("--url", live_server, "count", "5H", "5C", "5S", "JD", "-s", "5D")
        assert result.exit_code == 0 and ": 29" in result.output

    def test_unreachable(self) -> None:
        result = run("--url", "http://127.0.0.1:9", "count", "5H", "5C", "5S", "JD", "-s", "5D")
        assert result.exit_code == 3


def test_serve_starts_gunicorn_with_the_production_config(tmp_path: Path) -> None:
    import os
    import signal
    import subprocess
    import sys
    import time

    import requests

    from tests.conftest import _free_port

    port = _free_port()
    env = dict(os.environ, PROMETHEUS_MULTIPROC_DIR=str(tmp_path))
    server = subprocess.Popen([sys.executable, "-m", "muggins.cli", "serve", "--bind",
                               f"127.0.0.1:{port}", "--workers", "1"], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              start_new_session=True)
    try:
        for _ in range(200):
            try:
                response = requests.get(f"http://127.0.0.1:{port}/healthz", timeout=1)
                break
            except requests.ConnectionError:
                time.sleep(0.05)
        else:
            raise AssertionError("muggins serve did not answer")
        assert response.json() == {"status": "ok"}
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        output = server.communicate(timeout=30)[0].decode()
    # gunicorn.conf.py was used: its JSON logs, not gunicorn's plain ones.
    first = json.loads(output.splitlines()[0])
    assert first["logger"] == "gunicorn.error" and "Starting gunicorn" in first["message"]


class TestGlobalOptionsEitherSide:
    """``--json`` and ``--url`` work before the subcommand and after it (issue 14)."""

    def test_json_after_the_subcommand_is_the_json_before_it(self) -> None:
        args = ["count", "2H", "4H", "6H", "8H", "-s", "KC", "--crib"]
        after, before = run(*args, "--json"), run("--json", *args)
        assert after.exit_code == before.exit_code == 0
        assert json.loads(after.output) == json.loads(before.output)
        assert json.loads(after.output)["total"] == 0

    def test_json_after_a_record(self) -> None:
        result = run("peg", "-", "--json", stdin=json.dumps(RECORD))
        assert json.loads(result.output)["totals"] == {"pone": 1, "dealer": 1}

    def test_url_after_the_subcommand(self, live_server: str) -> None:
        result = run("count", "5H", "5C", "5S", "JD", "-s", "5D", "--url", live_server)
        assert result.exit_code == 0 and ": 29" in result.output
        result = run("count", "5H", "5C", "5S", "JD", "-s", "5D", "--url", "http://127.0.0.1:9")
        assert result.exit_code == 3

    def test_serve_takes_no_referee_options(self) -> None:
        assert run("serve", "--json").exit_code == 2


def tracks(output: str) -> dict[str, str]:
    """Each side's track from a printed board: its holes in order, one character each."""
    lines = output[output.index("board to "):].splitlines()[1:]
    sides: dict[str, str] = {}
    side = ""
    for line in lines:
        if line.startswith("  ") and not line.startswith("    "):
            side = line.strip().split(":")[0]
            sides[side] = ""
        elif line.startswith("    "):
            sides[side] += "".join(line.split()[1:])
        else:
            break
    return sides


class TestHumanOutput:
    def test_plays_are_numbered_from_1(self) -> None:
        lines = run("peg", "-", stdin=json.dumps(RECORD)).output.splitlines()
        # (Between 3 and 4, unnumbered, the two gos the referee inferred.)
        assert [line.split()[:2] for line in lines[:6] if "(inferred)" not in line] == [
            ["1", "pone"], ["2", "dealer"], ["3", "pone"], ["4", "dealer"]]

    def test_a_deal_prints_the_board_with_both_pegs(self, tmp_path: Path) -> None:
        path = tmp_path / "deal.json"
        path.write_text(json.dumps(DEAL))
        output = run("deal", str(path)).output
        assert "board to 121: ● now, ○ before" in output
        assert "  pone: 121 (was 100)" in output and "  dealer: 114 (was 110)" in output
        for side, (now, was) in {"pone": (121, 100), "dealer": (114, 110)}.items():
            track = tracks(output)[side]
            assert len(track) == 121
            assert track.index("●") == now - 1 and track.count("●") == 1
            assert track.index("○") == was - 1 and track.count("○") == 1

    def test_a_five_card_board_has_61_holes(self) -> None:
        from muggins.board import board

        lines = board({"ann": 61, "bob": 0}, {"ann": 59, "bob": 0}, 61)
        sides = tracks("\n".join(lines) + "\n")
        assert {side: len(track) for side, track in sides.items()} == {"ann": 61, "bob": 61}
        assert sides["ann"].endswith("○·●") and set(sides["bob"]) == {"·"}
        assert "  bob: 0" in lines  # no pegging: no "(was …)"

    def test_a_game_joined_part_way_says_where_it_was_joined(self, tmp_path: Path) -> None:
        from tests.service.test_joined_game import BODY, TABLE

        path = tmp_path / "game.txt"
        path.write_text(f"{TABLE}\nscores: pone 50; dealer 60\ndeal: 1\n{BODY}\n")
        lines = run("game", "--file", str(path)).output.splitlines()
        assert lines[:3] == ["  from:    pone 50, dealer 60",
                             "  deal  1 (dealer dealer): pone 80, dealer 75", "no winner yet"]

    def test_a_game_prints_the_final_board(self, tmp_path: Path) -> None:
        from rules.core.variants import Variant
        from tests.service.test_deals_api import game_json

        body, tallies, _ = game_json(0, Variant.THREE_PLAYER, ("ann", "bob", "cy"))
        path = tmp_path / "game.json"
        path.write_text(json.dumps(body))
        output = run("game", str(path)).output
        assert output.splitlines()[0].startswith("  deal  1 ")
        sides = tracks(output)
        assert list(sides) == ["ann", "bob", "cy"]
        for side, track in sides.items():
            assert len(track) == 121
            assert track.find("●") + 1 == tallies[-1][side]
            assert track.find("○") + 1 == (tallies[-2][side]
                                           if tallies[-2][side] != tallies[-1][side] else 0)


class TestTheReadmeCommands:
    """The command-line examples of the documentation (docs/reference/command-line.md)
    run, on the records of its operations page (docs/reference/operations.md)."""

    DOCS = Path(__file__).resolve().parents[2] / "docs" / "reference"
    PAGE = (DOCS / "command-line.md").read_text(encoding="utf-8")
    OPERATIONS = (DOCS / "operations.md").read_text(encoding="utf-8")

    def section(self) -> str:
        return self.PAGE[:self.PAGE.index("\n## Every command and option")]

    def body(self, path: str) -> str:
        """The JSON body of the operations page's first curl example for a path."""
        import re

        match = re.search(rf"curl -s localhost:8000{path} .*?-d '(.*?)'", self.OPERATIONS,
                          re.S)
        assert match, path
        return match.group(1)

    def test_every_command_runs(self, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
        import shlex

        monkeypatch.chdir(tmp_path)
        (tmp_path / "record.json").write_text(self.body("/v1/pegging/check"))
        (tmp_path / "deal.json").write_text(self.body("/v1/deals/check"))
        (tmp_path / "game.json").write_text(self.body("/v1/games/check"))
        (tmp_path / "cards.csv").write_text("player,round,opponent,result,spread\n"
                                            "Ann,1,Bob,W,21\nBob,1,Ann,L,16\n")
        block = self.section().split("```sh\n")[1].split("```")[0]
        commands = [shlex.split(line.split("  #")[0]) for line in block.splitlines()]
        assert [c[1] for c in commands] == [
            "count", "count", "peg", "deal", "game", "advise", "advise", "review", "lay", "lay",
            "night",
            "night", "seating", "chances", "serve"]
        for command in commands[:-1]:  # serve is tested on its own, above
            result = run(*command[1:])
            assert result.exit_code in (HELD, FOUND), (command, result.output)
            if "--json" in command:
                json.loads(result.output)

    def test_the_board_shown_is_the_deals(self, tmp_path: Path) -> None:
        path = tmp_path / "deal.json"
        path.write_text(self.body("/v1/deals/check"))
        shown = self.section().split("```text\n")[1].split("```")[0]
        assert shown in run("deal", str(path)).output

    def test_the_chances_shown_are_the_commands(self) -> None:
        shown = next(block.split("```")[0] for block in self.section().split("```text\n")
                     if block.startswith("six-card to 121"))
        assert run("chances", "--scores", "115,100", "--after", "play").output == shown

    def test_a_review_numbers_its_deals_from_1(self, tmp_path: Path) -> None:
        path = tmp_path / "game.json"
        path.write_text(self.body("/v1/games/check"))
        lines = run("review", str(path)).output.splitlines()
        assert lines[0].startswith("Deal 1 (dealer ")
        assert not any(line.startswith("Deal 0") for line in lines)


class TestRoughEdges:
    """Issue 21: what the command said that a person at the table should not have to decode."""

    def test_a_refused_card_is_numbered_as_typed(self) -> None:
        result = run("count", "5H", "5C", "5S", "1D", "-s", "5D")
        assert result.exit_code == 2
        assert result.output.splitlines()[1:] == ["  card 4: invalid card: '1D' (invalid-card)"]

    def test_a_refused_starter_names_the_option(self) -> None:
        result = run("count", "5H", "5C", "5S", "JD", "-s", "1X")
        assert result.exit_code == 2
        assert result.output.splitlines()[1:] == ["  --starter: invalid card: '1X' (invalid-card)"]

    def test_an_unreachable_service_says_so_in_words(self) -> None:
        result = run("--url", "http://127.0.0.1:9", "count", "5H", "5C", "5S", "JD", "-s", "5D")
        assert result.exit_code == 3
        assert result.output == "cannot reach http://127.0.0.1:9: connection refused\n"

    def test_a_deal_marks_the_counts_made_after_the_win(self, tmp_path: Path) -> None:
        path = tmp_path / "deal.json"
        path.write_text(json.dumps({**DEAL, "claims": {"hands": {"pone": 29, "dealer": 4},
                                                       "crib": 7}}))
        lines = run("deal", str(path)).output.splitlines()
        assert [line.split("  (")[0] for line in lines if line.startswith(("pone:", "dealer:",
                                                                          "crib:"))] == [
            "pone: 29, claimed 29: correct",
            "dealer: 4, claimed 4: not ruled, the game was already won",
            "crib: 7, claimed 7: not ruled, the game was already won"]

    def test_a_review_does_not_compare_a_best_throw_with_itself(self, tmp_path: Path) -> None:
        path = tmp_path / "deal.json"
        path.write_text(json.dumps(REVIEWED))
        lines = run("review", str(path)).output.splitlines()
        chance = json.loads(run("--json", "review", str(path)).output)["discards"]["bob"][
            "win_loss"]
        assert chance > 0
        assert lines[:2] == ["bob threw 6S 7S: 2nd best of 15 throws, gave up 2.04 points "
                             f"({chance:.1%} of the game) against AH 7S",
                             "ann threw KD 6H: the best of 15 throws"]

    def test_a_review_says_the_claims_in_the_table_words(self, tmp_path: Path) -> None:
        """Issue 20 item 5: the count's losses as sentences, as the scorepad says them."""
        path = tmp_path / "deal.json"
        path.write_text(json.dumps({**REVIEWED, "muggins": True,
                                    "claims": {"hands": {"bob": 10, "ann": 8}, "crib": 3}}))
        lines = run("review", str(path)).output.splitlines()
        assert lines[3:6] == [
            "bob claimed 10 for the hand; it is worth 8. "
            "bob pegged 8 and the ruling gave the opponent 2: 2 lost.",
            "ann claimed 8 for the hand; it is worth 9. "
            "ann pegged 8 and the ruling gave the opponent 1: 2 lost.",
            "ann claimed 3 for the crib; it is worth 2. "
            "ann pegged 2 and the ruling gave the opponent 1: 1 lost."]
        assert not any(" counted " in line for line in lines)

    def test_a_game_review_starts_each_finding_with_its_deal(self, tmp_path: Path) -> None:
        deal = {k: v for k, v in REVIEWED.items() if k != "players"}
        path = tmp_path / "game.json"
        path.write_text(json.dumps({
            "players": ["bob", "ann"], "first_dealer": "ann", "muggins": True,
            "deals": [{**deal, "claims": {"hands": {"bob": 10, "ann": 8}}}]}))
        lines = run("review", str(path)).output.splitlines()
        assert lines[0] == "Deal 1 (dealer ann):"
        assert lines[4] == ("  bob claimed 10 for the hand; it is worth 8. "
                            "bob pegged 8 and the ruling gave the opponent 2: 2 lost.")
        assert lines[-3:] == [
            "  Deal 1: bob claimed 10 for the hand, which counts 8: 2 too many [overcount]"
            " (ACC 8.4)",
            "  Deal 1: ann claimed 8 for the hand, which counts 9: 1 missed [undercount]"
            " (ACC 8.3)",
            "  Deal 1: muggins: the opponent takes the 1 that ann missed [muggins]"
            " (ACC 10.1.a)"]

    def test_peg_shows_the_gos_the_referee_inferred(self, tmp_path: Path) -> None:
        path = tmp_path / "record.json"
        path.write_text(json.dumps(RECORD))
        lines = run("peg", str(path)).output.splitlines()
        assert lines[2:6] == ["   3 pone     TD   30   1 go 1",
                              "     dealer   go        (inferred)",
                              "     pone     go        (inferred)",
                              "   4 dealer   9S    9   1 last-card 1"]


REVIEWED = {
    "players": ["bob", "ann"],
    "dealt": {"bob": ["AH", "2H", "3H", "4S", "6S", "7S"],
              "ann": ["8C", "9C", "TC", "QC", "KD", "6H"]},
    "discards": {"bob": ["6S", "7S"], "ann": ["KD", "6H"]},
    "starter": "JH",
    "plays": [{"player": "bob", "card": "AH"}, {"player": "ann", "card": "8C"},
              {"player": "bob", "card": "2H"}, {"player": "ann", "card": "9C"},
              {"player": "bob", "card": "3H"}, {"player": "ann", "go": True},
              {"player": "bob", "card": "4S"}, {"player": "ann", "card": "TC"},
              {"player": "ann", "card": "QC"}]}


class TestChances:
    def test_a_line_per_side(self) -> None:
        result = run("chances", "--scores", "115,100")
        assert result.exit_code == HELD, result.output
        assert result.output.splitlines() == [
            "six-card to 121, dealer dealing, before the deal:",
            "  pone (pone)     115: win  95.45% ± 0.05%, skunk 0.00%, double 0.00%, "
            "game points 1.909",
            "  dealer (dealer) 100: win   4.55% ± 0.05%, skunk 0.00%, double 0.00%, "
            "game points 0.091",
            "  (the table of 300,000 deals, seed 2026, version 0.3.0; ± is the 95% interval)"]

    def test_names_the_dealer_and_after_the_play(self) -> None:
        result = run("chances", "--scores", "115,100", "--players", "ann,bob", "--dealer", "ann",
                     "--after", "play")
        assert result.exit_code == HELD, result.output
        lines = result.output.splitlines()
        assert lines[0] == "six-card to 121, ann dealing, after the play:"
        assert lines[1].startswith("  bob (pone)   100: win   0.63% ± 0.03%")
        assert lines[2].startswith("  ann (dealer) 115: win  99.37% ± 0.03%")

    def test_json_is_the_apis_answer(self) -> None:
        result = run("chances", "--scores", "0,0", "--json")
        assert result.exit_code == HELD
        answer = json.loads(result.output)
        assert answer["win"] == {"pone": 0.435019, "dealer": 0.564981}
        assert answer["samples"] == 0

    def test_seen_cards(self) -> None:
        result = run("--json", "chances", "--scores", "100,100", "--seen-cards",
                     "5H 5C 5S JD 2C 3C")
        assert result.exit_code == HELD, result.output
        answer = json.loads(result.output)
        assert (answer["samples"], answer["win"]["pone"]) == (256, 0.480507)
        kept = run("chances", "--scores", "100,100", "--seen-player", "dealer", "--kept",
                   "5H,5C,5S,JD", "--discard", "2C,3C", "--starter", "5D")
        assert kept.exit_code == HELD, kept.output
        assert "256 deals dealt out for the cards seen" in kept.output
        assert "dealer (dealer) 100: win  99.22%" in kept.output

    def test_refused_options_are_named_as_typed(self) -> None:
        result = run("chances", "--scores", "130,100", "--seen-cards", "5H 5C 5S JD 2C 2C",
                     "--dealer", "zed", "--after", "crib")
        assert result.exit_code == 2
        assert result.output.splitlines()[1:] == [
            "  --seen-cards card 6: duplicate card: '2C' (duplicate-card)",
            "  --dealer: 'zed' is not one of the players: pone, dealer (unknown-player)",
            "  --scores (pone): 130 is not a score before the end of the game: from 0 to 120 "
            "(out-of-range)",
            "  --after: the cards seen are of a deal before its play: give the scores after a "
            "part of the deal, or the cards (conflict)"]

    def test_a_score_for_each_player(self) -> None:
        result = run("chances", "--scores", "115")
        assert result.exit_code == 2
        assert "--scores: 2 whole numbers, one for each of pone, dealer in that order" in (
            result.output)
