"""``/v1/chances``: the chance of winning from a position (docs/chances.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Response, jsonify

from rules import RecordError, Table, Variant
from rules.answers import chances_answer, problems_of
from rules.chances import (
    ChanceTable,
    Part,
    Seen,
    chances_of,
    shipped_tables,
    validate_covered,
    validate_position,
)
from rules.core import Problem, ProblemCode
from service.body import read_json
from service.errors import Refused, load_request
from service.fields import (
    CommonSchema,
    Nested,
    StrictSchema,
    String,
    card_field,
    cards_field,
    variant_field,
)
from service.v1.deals import scores_field
from service.v1.records import name_field, player_names

__all__ = ["TABLES", "chances", "load_tables"]

TABLES: dict[Variant, ChanceTable] = {}
"""The shipped tables, read once at start (:func:`load_tables`)."""


def load_tables() -> dict[Variant, ChanceTable]:
    """Read the tables the library ships (:func:`rules.chances.shipped_tables`), once:
    before the workers fork, so that they share them."""
    if not TABLES:
        TABLES.update(shipped_tables())
    return TABLES


class SeenSchema(StrictSchema):
    component = "Seen"
    description = (
        "What one player sees of the deal about to be played: either the cards dealt "
        "(`cards`, before the discard; the discard is the strategy's), or the hand kept "
        "(`kept`) with perhaps what was laid away (`discard`) and the starter once cut "
        "(`starter`; the scores then include the heels).")

    player = name_field(required=True)
    cards = cards_field(metadata={"description": "The cards dealt (6; 5 in the five-card game)."})
    kept = cards_field(metadata={"description": "The hand kept (4; 3 in the five-card game)."})
    discard = cards_field(metadata={"description": "The two cards laid away, with `kept`."})
    starter = card_field()


class ChancesSchema(CommonSchema):
    component = "ChancesRequest"

    variant = variant_field(metadata={"description": "The six-card or the five-card game; "
                                      "any other is a 422 `not-in-variant`."})
    players = player_names(metadata={"description": "The two players, `[\"pone\", "
                                     "\"dealer\"]` by default."})
    dealer = name_field(metadata={
        "description": "Who deals the deal in question (the next one, or the one under way); "
        "the last of `players` by default."})
    scores = scores_field(required=True, metadata={
        "description": "Each player's score, by name; both are required, each short of the "
        "target."})
    # Read as a string: the library names the part (Part.word), or refuses it with a 422.
    after = String(metadata={
        "title": "DealPart", "enum": [part.word for part in Part],
        "description": "The last part of the deal already pegged, in the order they are "
        "counted (`scores` include it); after the crib the deal is over and the next one is "
        "dealt by the other player. Not with `seen`."})
    seen = Nested(SeenSchema)


_schema = ChancesSchema()


def _position(loaded: Mapping[str, Any], refused: Refused) -> tuple[
        Table | None, Part | None, Seen | None, list[Problem]]:
    problems: list[Problem] = []
    table = None
    if "variant" in loaded and not refused("variant") and not refused("players"):
        dealer = None if refused("dealer") else loaded.get("dealer")
        try:
            table = Table.seat(loaded["variant"], loaded.get("players"), dealer=dealer)
        except RecordError as error:
            problems.extend(error.problems)
            if dealer is not None and all(p.path == ("dealer",) for p in problems):
                # A dealer who is no player: the rest is still checked at the seats.
                table = Table.seat(loaded["variant"], loaded.get("players"))
            else:
                problems.extend(problems_of(
                    lambda: validate_covered(loaded["variant"], load_tables())))
    after = None
    if "after" in loaded and not refused("after"):
        try:
            after = Part.from_word(loaded["after"])
        except ValueError as error:
            problems.append(Problem(("after",), ProblemCode.OUT_OF_RANGE, str(error)))
    seen = None
    raw = loaded.get("seen")
    if isinstance(raw, Mapping) and "player" in raw:
        # What was read of it: problems at the parts refused are dropped with them.
        seen = Seen(raw["player"], tuple(raw.get("cards", ())), tuple(raw.get("kept", ())),
                    tuple(raw.get("discard", ())), raw.get("starter"))
    return table, after, seen, problems


def _problems(loaded: Mapping[str, Any], refused: Refused) -> tuple[
        Table | None, Part | None, Seen | None, list[Problem]]:
    """The position the request describes, with every problem the library finds in it."""
    table, after, seen, problems = _position(loaded, refused)
    if table is not None:
        scores = None if refused("scores") else loaded.get("scores")
        problems.extend(p for p in problems_of(lambda: validate_position(
                            table, scores, load_tables(), after=after, seen=seen))
                        if scores is not None or p.path != ("scores",))
    strangers = _named_without_players(loaded, refused)
    if table is not None and strangers:
        # One problem, not one for each name and each seat's missing score: the
        # players were not named.
        named = strangers[0] if len(strangers) == 1 else (
            ", ".join(strangers[:-1]) + " and " + strangers[-1])
        said = (f"{named} {'is' if len(strangers) == 1 else 'are'} named, but the request "
                f"sends no `players`, so the seats are {' and '.join(table.seats)}: name "
                "yours there, in play order from the dealer's left, the dealer last")
        problems = [Problem(("players",), ProblemCode.REQUIRED, said),
                    *(p for p in problems if not _about_the_seats(p))]
    return table, after, seen, problems


def _named_without_players(loaded: Mapping[str, Any], refused: Refused) -> list[str]:
    """The names the request uses for players and sides where it sends no ``players``,
    when its scores are by such names in place of the seats' (the default seats' names
    left out). A dealer alone who is no seat, or one score too many beside the seats',
    is one problem already, where it is."""
    seats = Table.seat().seats
    scores = loaded.get("scores", {})
    if ("players" in loaded or refused("players") or all(side in seats for side in scores)
            or all(seat in scores for seat in seats)):
        return []
    names = [loaded.get("dealer"), *scores]
    if isinstance(loaded.get("seen"), Mapping):
        names.append(loaded["seen"].get("player"))
    return list(dict.fromkeys(n for n in names if isinstance(n, str) and n not in seats))


def _about_the_seats(problem: Problem) -> bool:
    return problem.code in (ProblemCode.UNKNOWN_PLAYER, ProblemCode.UNKNOWN_SIDE) or (
        problem.path == ("scores",) and problem.code is ProblemCode.REQUIRED)


def chances_checks(loaded: Mapping[str, Any], body: Mapping[str, Any],
                   refused: Refused) -> list[Problem]:
    """The library's problems with a request the schema refused in part."""
    return _problems(loaded, refused)[3]


def chances() -> Response:
    """The chance of winning from a position

    Each side's chance of winning the game from the scores, who deals, and what is
    known of the deal: before it (the default), after any of its parts (`after`: the
    scores then include that part), or with the cards one player sees (`seen`).
    Two players only: the six-card game to 121 and the five-card game to 61.

    The scores alone are answered from a table built by backward induction over
    simulated deals, played by a stated score-blind strategy (docs/chances.md):
    `samples` is 0 and `interval` is the table's own 95% half-width. With `seen`,
    the rest of the deal is dealt out at random 256 times and each deal played out
    by the strategy to its end, or to the next deal's position in the table:
    `samples` is 256 and `interval` adds that sampling error to the table's. The
    sample is seeded from the position, so the same request always gets the same
    answer.

    `win` sums to 1 over the two sides; `skunk` and `double_skunk` are the chances
    of winning by exactly that margin (ACC: the loser short of 91, or of 61, in the
    game to 121; short of 31, or still at 0, in the game to 61); `game_points` is the
    expected ACC game points (2 a win, 3 a skunk or a double skunk). `ruleset` and
    `muggins` are read as by every operation and change nothing: the table is the ACC's.

    A position that cannot be answered is a 422 pointing at the value: a variant
    with no table (`not-in-variant`), a score at or past the target or a side's
    score missing, a dealer or a seen player who is not seated, an unknown side,
    cards seen with `after` (`conflict`), the cards dealt with the hand kept, a hand
    of the wrong size, or a card seen twice.
    ---
    operationId: chances
    tags: [chances]
    request: ChancesRequest
    examples:
      scores:
        summary: The scores alone, before the deal
        value: { scores: { pone: 115, dealer: 100 } }
      named:
        summary: Named players; bob deals next
        value: { players: [ann, bob], dealer: bob, scores: { ann: 115, bob: 100 } }
      after:
        summary: After the play, its points already pegged
        value: { scores: { pone: 115, dealer: 100 }, after: play }
      dealt:
        summary: The six cards the pone was dealt
        value:
          scores: { pone: 100, dealer: 100 }
          seen: { player: pone, cards: ["5H", "5C", "5S", "JD", "2C", "3C"] }
      kept:
        summary: The hand the dealer kept, the discard and the starter
        value:
          scores: { pone: 100, dealer: 100 }
          seen: { player: dealer, kept: ["5H", "5C", "5S", "JD"],
                  discard: ["2C", "3C"], starter: "5D" }
    responses:
      200:
        description: Each side's chances, the pone first (here, the answer to the `after` example).
        schema: ChancesResult
        example:
          variant: six-card
          target: 121
          pone: pone
          dealer: dealer
          scores: { pone: 115, dealer: 100 }
          after: play
          win: { pone: 0.949019, dealer: 0.050981 }
          skunk: { pone: 0.0, dealer: 0.0 }
          double_skunk: { pone: 0.0, dealer: 0.0 }
          game_points: { pone: 1.898038, dealer: 0.101962 }
          interval: 0.000508
          samples: 0
          table: { deals: 300000, seed: 2026, version: 0.3.0 }
    """
    data = load_request(_schema, read_json(), chances_checks)
    table, after, seen, problems = _problems(data, Refused({}))
    if problems or table is None:
        raise RecordError(problems)
    found = chances_of(table, data["scores"], load_tables(), after=after, seen=seen)
    return jsonify(chances_answer(found, table, data["scores"], after, TABLES[table.variant]))
