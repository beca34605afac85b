"""Every operation of the contract, and every field of its request body, can be sent from
the Python client and from the CLI. (The TypeScript client's walk is a type test:
clients/typescript/test/types.test.ts, compiled by make ts-client.)

Each field is sent with a value made from its schema, and the body that goes out must
carry it as given: the request is caught before the transport, so nothing here needs a
server, and the answers do not matter."""

from __future__ import annotations

import inspect
import json
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

import click
import pytest
import yaml
from click.testing import CliRunner

import muggins.client
from muggins import Client
from muggins.cli import main

ROOT = Path(__file__).resolve().parents[2]
CONTRACT = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))


def _resolve(schema: Any) -> Any:
    while isinstance(schema, dict) and ("$ref" in schema or "allOf" in schema):
        if "$ref" in schema:
            schema = CONTRACT["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
        else:
            schema = {**_resolve(schema["allOf"][0]),
                      **{k: v for k, v in schema.items() if k != "allOf"}}
    return schema


def _operations() -> Iterator[tuple[str, str, dict[str, Any]]]:
    """(operationId, path, body schema) of each operation that takes a JSON body."""
    for path, methods in CONTRACT["paths"].items():
        for operation in methods.values():
            body = operation.get("requestBody", {}).get("content", {}).get("application/json")
            if body is not None:
                yield operation["operationId"], path, _resolve(body["schema"])


OPERATIONS = {op: (path, schema) for op, path, schema in _operations()}
FIELDS = [(op, field) for op, (_, schema) in OPERATIONS.items() for field in schema["properties"]]


def sample(schema: Any) -> Any:
    """A value of ``schema``'s shape (not always a valid one: nothing here validates)."""
    schema = _resolve(schema)
    if "type" not in schema and "examples" in schema:  # a batch's items: anything
        return schema["examples"][0]
    if "anyOf" in schema:
        return sample(schema["anyOf"][0])
    if "const" in schema:
        return schema["const"]
    if "enum" in schema:
        return schema["enum"][-1]
    kind = schema.get("type")
    kind = kind[0] if isinstance(kind, list) else kind
    if kind == "array":
        return [sample(schema.get("items", {"type": "object"}))]
    if kind == "object" or "properties" in schema:
        if "properties" in schema:
            return {name: sample(schema["properties"][name])
                    for name in schema.get("required", [])} or {"player": "pone"}
        values = schema.get("additionalProperties")
        return {"pone": sample(values) if isinstance(values, dict) else 1}
    return {"integer": 7, "number": 0.5, "boolean": True}.get(str(kind), "5H")


class Caught(Exception):
    """Raised once the body is caught: what the command does with an answer is not asked."""


class Recorder(Client):
    """A client whose transport keeps the requests."""

    def __init__(self, *_: Any, **__: Any) -> None:
        super().__init__("http://recorded.invalid")
        self.sent: list[tuple[str, str, Any]] = []

    def _send(self, method: str, path: str, body: Any | None) -> tuple[int, Any, str | None]:
        self.sent.append((method, path, body))
        raise Caught


# -- the Python client --------------------------------------------------------------

METHODS = {"checkHand": "check_hand", "checkHands": "check_hands", "checkPegging":
           "check_pegging", "checkDeal": "check_deal", "checkGame": "check_game",
           "adviseDiscards": "advise_discards", "reviewDeal": "review_deal",
           "reviewGame": "review_game", "advisePlay": "advise_play", "checkTournament":
           "check_tournament", "seatTournament": "seat", "chances": "chances",
           "readScorecards": "read_scorecards", "writeNotation": "write_notation",
           "readNotation": "read_notation", "rateTournamentSeason": "rate_season",
           "writeNames": "write_names"}
RECORD = "record"
"""The parameter that takes a deal's whole record (check_deal, review_deal)."""


def test_every_operation_with_a_body_has_a_method() -> None:
    assert sorted(METHODS) == sorted(OPERATIONS)


def _call(method: Callable[..., Any], schema: dict[str, Any], field: str) -> dict[str, Any]:
    """Call ``method`` so that it sends ``field``: by the parameter of its name, else in
    the record it takes whole; every other required parameter filled in."""
    parameters = inspect.signature(method).parameters
    value = sample(schema["properties"][field])
    arguments: dict[str, Any] = {}
    for name, parameter in parameters.items():
        if parameter.default is inspect.Parameter.empty:
            arguments[name] = sample(schema["properties"].get(name, {"type": "object"}))
    if field in parameters:
        arguments[field] = value
    elif RECORD in parameters:
        arguments[RECORD] = {field: value}
    else:
        raise AssertionError(f"{method.__name__} cannot send {field}")
    recorder = method.__self__
    with pytest.raises(Caught):
        method(**arguments)
    [(_, _, body)] = recorder.sent
    return {"value": value, "body": body}


@pytest.mark.parametrize(("operation", "field"), FIELDS, ids=[f"{o}.{f}" for o, f in FIELDS])
def test_the_python_client_sends_every_field(operation: str, field: str) -> None:
    path, schema = OPERATIONS[operation]
    recorder = Recorder()
    caught = _call(getattr(recorder, METHODS[operation]), schema, field)
    assert recorder.sent[0][:2] == ("POST", path)
    assert caught["body"][field] == caught["value"]


def test_a_game_in_notation_is_sent_alone() -> None:
    """The notation stands for the record's fields: nothing else goes with it."""
    text = "six-card to 121: ann bob\n"
    for name in ("check_game", "review_game"):
        recorder = Recorder()
        with pytest.raises(Caught):
            getattr(recorder, name)(notation=text, ruleset="hoyle")
        assert recorder.sent[0][2] == {"notation": text, "ruleset": "hoyle"}
    recorder = Recorder()
    with pytest.raises(Caught):
        recorder.advise_play("pone", ["5H"], "JH", notation="pone 5H\n")
    assert "plays" not in recorder.sent[0][2]


# -- the CLI ------------------------------------------------------------------------

FILE = "the record file"
"""The command sends a JSON record file as the body: every field of the body goes."""


class Gap:
    """A field the CLI cannot send today: its test is an xfail(strict=True) that passes,
    and so fails, the day the command has ``option``, the one that would send it (then
    this table says what it sends)."""

    def __init__(self, option: str, why: str) -> None:
        self.option, self.why = option, why


def _write(path: Path, body: Mapping[str, Any]) -> str:
    path.write_text(json.dumps(body), encoding="utf-8")
    return str(path)


# operationId -> (command, {field: the arguments that send it, FILE, or a Gap}).
# Each argument list is completed by the command's required arguments (REQUIRED).
CLI: dict[str, tuple[str | None, dict[str, Any]]] = {
    "checkHand": ("count", {
        "hand": [], "starter": [], "crib": ["--crib"], "claimed": ["--claimed", "7"],
        "variant": ["--variant", "seven-card"], "ruleset": ["--ruleset", "friendly"],
        "muggins": ["--muggins"]}),
    "checkHands": ("hands", {"variant": ["--variant", "five-card"],
                             "ruleset": ["--ruleset", "friendly"], "muggins": ["--muggins"]}),
    "checkPegging": ("peg", {"notation": ["--file"], "in_progress": ["--live"]}),
    "checkDeal": ("deal", {"notation": ["--file"], "in_progress": ["--live"]}),
    "checkGame": ("game", {"notation": ["--file"]}),
    "reviewDeal": ("review", {"notation": ["--file"]}),
    "reviewGame": ("review", {"notation": ["--file"]}),
    "adviseDiscards": ("advise", {
        "cards": [], "dealer": [],
        "partner_deals": ["--variant", "four-player", "--partner-deals"],
        "scores": ["--scores", "100,110"],
        "variant": ["--variant", "seven-card"],
        "ruleset": ["--ruleset", "friendly"], "muggins": ["--muggins"]}),
    "advisePlay": ("lay", {
        "player": ["--player", "dealer"], "hand": [], "starter": [],
        "discards": ["--discard", "2C"], "plays": ["--plays", "pone:5H"],
        "players": ["--players", "pone,dealer"], "samples": ["--samples", "7"],
        "seed": ["--seed", "7"], "variant": ["--variant", "seven-card"],
        "objective": ["--win", "1,2"], "scores": ["--win", "1,2"],
        "notation": ["--file"],
        "ruleset": ["--ruleset", "friendly"], "muggins": ["--muggins"]}),
    "checkTournament": ("night", {
        "cards": [], "convention": ["--convention", "pegs-behind"],
        "event": ["--event", "sanctioned"], "variant": ["--variant", "five-card"],
        "tournament": ["--tournament", "consolation"], "target": ["--target", "61"]}),
    "seatTournament": ("seating", {"players": [], "games": [], "seed": ["--seed", "7"]}),
    "rateTournamentSeason": ("season", {
        "nights": [], "convention": ["--convention", "pegs-behind"],
        "variant": ["--variant", "five-card"], "target": ["--target", "61"]}),
    "readScorecards": ("scorecards", {"csv": []}),
    "writeNotation": ("share", {"notation": [], "ruleset": ["--ruleset", "friendly"],
                                "muggins": ["--muggins"]}),
    "readNotation": ("link", {"link": []}),
    "writeNames": ("names", {"names": []}),
    "chances": ("chances", {
        "scores": [], "players": ["--players", "ann,bob"], "dealer": ["--dealer", "bob"],
        "after": ["--after", "crib"], "seen": ["--seen-cards", "5H 5C 5S JD 2C 3C"],
        "variant": ["--variant", "five-card"],
        "ruleset": ["--ruleset", "friendly"], "muggins": ["--muggins"]}),
}
# What each command needs whatever it sends (the arguments above come first).
REQUIRED = {
    "count": ["5H", "5C", "5S", "JD", "--starter", "5D"],
    "advise": ["2C", "3H", "4D", "5D", "5S", "JS", "--pone"],
    "lay": ["5H", "5D", "6C", "9S", "--starter", "JH"],
    "seating": ["ann", "bob", "--games", "2"],
    "chances": ["--scores", "100,100"],
    "link": ["r1.Bz4kjg3tzKzIysLYyuQyKaFQ5bY3RuGhBgykiAA"],
    "names": ["ann", "Ann Smith"],
}
DEAL = "six-card to 121: ann bob\n"
GAME = DEAL + "deal: 1\ndealt: ann 5H 5D 6C 9S JH QS; bob 2C 3H 4D 8S TD KC\n"
NIGHT = "player,round,opponent,result,spread\nann,1,bob,W,21\nbob,1,ann,L,21\n"


def _cli_fields() -> list[Any]:
    cases = []
    for operation, field in FIELDS:
        _, fields = CLI[operation]
        how = fields.get(field, FILE)
        marks = ()
        if isinstance(how, Gap):
            marks = (pytest.mark.xfail(strict=True, reason=f"CLI gap: {how.why} "
                                       f"({operation}.{field}, {how.option})"),)
        cases.append(pytest.param(operation, field, id=f"{operation}.{field}", marks=marks))
    return cases


def _options(command: str | None) -> set[str]:
    if command is None:
        return set()
    found = main.get_command(click.Context(main), command)
    assert found is not None
    return {name for p in found.params if isinstance(p, click.Option) for name in p.opts}


def _argv(operation: str, field: str, folder: Path) -> list[str]:
    """The command line that sends ``field``, from the table."""
    command, fields = CLI[operation]
    assert command is not None
    how = fields.get(field, FILE)
    if how == FILE:  # the whole body from a JSON record: the field in it
        _, schema = OPERATIONS[operation]
        record = {field: sample(schema["properties"][field])}
        if operation == "reviewGame":
            record.setdefault("deals", [{}])  # review sends a game when it has deals
        return [command, _write(folder / "record.json", record)]
    argv = [command, *how, *REQUIRED.get(command, [])]
    if command == "lay" and how == ["--file"]:  # the play so far, in notation
        (folder / "play.txt").write_text("play: pone 5H\n", encoding="utf-8")
        argv.insert(argv.index("--file") + 1, str(folder / "play.txt"))
    elif how == ["--file"]:  # review tells a game from a deal by its `deal:` lines
        (folder / "record.txt").write_text(GAME if "Game" in operation else DEAL,
                                           encoding="utf-8")
        argv.append(str(folder / "record.txt"))
    elif command in ("peg", "deal"):  # a flag beside the record it qualifies
        argv.append(_write(folder / "record.json", {}))
    if command == "share":
        (folder / "deal.txt").write_text(DEAL, encoding="utf-8")
        argv.append(str(folder / "deal.txt"))
    if command == "hands" and how != FILE:
        argv.append(_write(folder / "hands.json", [{"hand": ["5H"], "starter": "5D"}]))
    if command in ("night", "scorecards", "season"):
        (folder / "night.csv").write_text(NIGHT, encoding="utf-8")
        argv.append(str(folder / "night.csv"))
    return argv


@pytest.mark.parametrize(("operation", "field"), _cli_fields())
def test_the_cli_sends_every_field(operation: str, field: str, tmp_path: Path,
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    command, fields = CLI[operation]
    how = fields.get(field, FILE)
    if isinstance(how, Gap):  # xfail until the command has the option (then: the table)
        # Passes (and so fails, strict) once the option is there: then say in CLI what
        # it sends.
        assert how.option in _options(command), how.why
        return
    recorders: list[Recorder] = []

    def recorder(*args: Any) -> Recorder:
        recorders.append(Recorder())
        return recorders[-1]

    # The CLI with --url sends through the Python client: it is made to record.
    monkeypatch.setattr(muggins.client, "Client", recorder)
    result = CliRunner().invoke(main, ["--url", "http://recorded.invalid",
                                       *_argv(operation, field, tmp_path)])
    assert recorders and recorders[0].sent, (result.output, result.exception)
    [(method, path, body)] = recorders[0].sent
    assert (method, path) == ("POST", OPERATIONS[operation][0])
    assert field in body, body
