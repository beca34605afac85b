"""Cross-checking the night's scorecards, pair by pair, as ACC Rule 12.2 rules
(docs/rules.md#cross-checking).

Each game appears on two cards. The two lines are *settled*: made to say one result,
or, where the rule puts the disadvantage on both players, each the worse reading for
its own player. What changed on which card, and under which part of the rule, comes
back as a :class:`Ruling` per card line.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, replace

from rules.club.cards import Column, Line, Result, Scorecard
from rules.club.conventions import ConventionSpec
from rules.core import FindingCode

__all__ = ["Meeting", "Ruling", "meetings", "settle"]

Rule = Callable[[str, FindingCode, "str | None", str], None]


@dataclass(frozen=True, slots=True)
class Ruling:
    code: FindingCode
    rule: str | None
    player: str
    """Whose card the ruling is on."""
    index: int
    """The line on that card (a line the card lacked is appended, at its new index)."""
    message: str


@dataclass(frozen=True, slots=True)
class Meeting:
    """One game as the two cards hold it; a card that lacks it has None."""

    first: str
    second: str
    first_index: int | None
    second_index: int | None


def meetings(cards: Sequence[Scorecard]) -> list[Meeting]:
    """Pair every game line with the opponent's line for the same game.

    Lines naming the same round pair up; a line without a round pairs with one left
    over (in round order); two lines naming different rounds are different games.
    """
    lines: dict[tuple[str, str], list[tuple[int | None, int]]] = {}
    for card in cards:
        for j, line in enumerate(card.lines):
            if line.opponent is not None:
                lines.setdefault((card.player, line.opponent), []).append((line.round, j))
    order = {card.player: n for n, card in enumerate(cards)}
    found: list[Meeting] = []
    for (a, b), mine in lines.items():
        if order[a] > order[b]:
            if (b, a) not in lines:
                found += [Meeting(b, a, None, j) for _, j in _in_round_order(mine)]
            continue
        found += [Meeting(a, b, i, j) for i, j in _pair_up(mine, lines.get((b, a), []))]
    return found


def _pair_up(mine: list[tuple[int | None, int]],
             theirs: list[tuple[int | None, int]]) -> list[tuple[int | None, int | None]]:
    """Lines of the same round pair first; a line that names no round then pairs with
    the first line left over on the other card; the rest are on one card only."""
    rounds = {number: j for number, j in theirs if number is not None}
    pairs: list[tuple[int | None, int | None]] = []
    left_mine = []
    for number, i in mine:
        if number is not None and number in rounds:
            pairs.append((i, rounds.pop(number)))
        else:
            left_mine.append((number, i))
    taken = {j for _, j in pairs}
    left_theirs = _in_round_order([entry for entry in theirs if entry[1] not in taken])
    for number, i in _in_round_order(left_mine):
        partner = next((entry for entry in left_theirs
                        if number is None or entry[0] is None), None)
        if partner is None:  # no line of theirs could be this game
            pairs.append((i, None))
        else:
            left_theirs.remove(partner)
            pairs.append((i, partner[1]))
    pairs += [(None, j) for _, j in left_theirs]
    return pairs


def _in_round_order(lines: list[tuple[int | None, int]]) -> list[tuple[int | None, int]]:
    return sorted(lines, key=lambda entry: (entry[0] is None, entry[0] or 0, entry[1]))


def _mirror(line: Line, opponent: str) -> Line:
    result = Result.LOSS if line.won else Result.WIN
    column = None if line.column is None else (
        Column.MINUS if line.column is Column.PLUS else Column.PLUS)
    return Line(opponent, result, line.spread, column, None, line.round, line.game)


def settle(first: str, a: Line | None, second: str, b: Line | None,
           apparent: Collection[str], convention: ConventionSpec,
           index_a: int, index_b: int) -> tuple[Line, Line, list[Ruling]]:
    """The two lines of one game as corrected, and every ruling made on them.

    ``apparent`` names the apparent qualifiers; ``index_a``/``index_b`` are where the
    lines are (or will be added) on each card.
    """
    rulings: list[Ruling] = []

    def rule(player: str, code: FindingCode, cite: str | None, message: str) -> None:
        rulings.append(Ruling(code, cite, player, index_a if player == first else index_b,
                              message))

    if a is None or b is None:
        missing, present, line = (first, second, b) if a is None else (second, first, a)
        assert line is not None
        mirrored = _mirror(line, present)
        # Both cards carry the ruling, the one that keeps its line too
        # (docs/rules.md#cross-checking): in card order.
        for player in (first, second):
            rule(player, FindingCode.GAME_ON_ONE_CARD, "ACC 12.2.c",
                 f"the game with {missing} is on this card only; it is copied to "
                 f"{missing}'s card" if player == present else
                 f"the game with {present} is on {present}'s card only; it is copied to "
                 f"{missing}'s card")
        a, b = (mirrored, b) if a is None else (a, mirrored)
    assert a is not None and b is not None
    line_a, line_b = _settle(first, a, second, b, apparent, convention, rule)
    return line_a, line_b, rulings


def _settle(first: str, a: Line, second: str, b: Line, apparent: Collection[str],
            convention: ConventionSpec, rule: Rule) -> tuple[Line, Line]:
    if a.game is not None or b.game is not None:
        return _from_game(first, a, second, b, convention, rule)

    # 12.2.c: a spread on one card only is accepted for both.
    spread_a: int
    spread_b: int
    # A blank spread stands in the column its own result calls for.
    column_a, column_b = a.written_column, b.written_column
    if a.spread is None and b.spread is None:
        for player in (first, second):
            rule(player, FindingCode.SPREAD_MISSING, "ACC 12.1",
                 "neither card marks the spread: counted as 0")
        spread_a = spread_b = 0
    elif a.spread is None or b.spread is None:
        blank = first if a.spread is None else second
        spread_a = spread_b = a.spread if b.spread is None else b.spread  # type: ignore[assignment]
        for player in (first, second):
            rule(player, FindingCode.SPREAD_ON_ONE_CARD, "ACC 12.2.c",
                 f"the spread {spread_a:02d} is on the other card only: accepted for both"
                 if player == blank else f"the spread {spread_a:02d} is on this card only: "
                 f"accepted for both, and written on {blank}'s card")
    else:
        spread_a, spread_b = a.spread, b.spread

    # 12.2.d-f: who won.
    winner: str | None
    if a.result is not b.result:
        winner = first if a.won else second
        wrong = [line.spread is not None and (line.written_column is Column.PLUS) != line.won
                 for line in (a, b)]
        for (player, line), moves, other in zip(((first, a), (second, b)), wrong,
                                                (second, first), strict=True):
            said = "win" if line.won else "loss"
            if moves:
                rule(player, FindingCode.SPREAD_WRONG_COLUMN, "ACC 12.2.f",
                     f"the {said} stands; its spread moves to the "
                     f"{'plus' if line.won else 'minus'} column")
            elif any(wrong):
                rule(player, FindingCode.SPREAD_WRONG_COLUMN, "ACC 12.2.f",
                     f"the {said} stands as written; {other}'s card moves its spread to "
                     f"the {'minus' if line.won else 'plus'} column")
    elif column_a is not column_b:
        winner = first if column_a is Column.PLUS else second
        loser = second if winner == first else first
        both = "win" if a.won else "loss"
        changed = loser if a.won else winner
        rule(changed, FindingCode.RESULTS_DISAGREE, "ACC 12.2.d",
             f"both cards record a {both}; {winner}'s spread is in the plus column, so "
             f"{winner} wins and {loser} loses")
        if changed == loser:  # the other card's spread was in the right column already
            rule(winner, FindingCode.RESULTS_DISAGREE, "ACC 12.2.d",
                 f"both cards record a win; the plus column gives it to {winner}")
        else:
            rule(loser, FindingCode.RESULTS_DISAGREE, "ACC 12.2.d",
                 f"both cards record a loss; the plus column gives the win to {winner}")
    else:
        winner = None
        both = "win" if a.won else "loss"
        for player in (first, second):
            rule(player, FindingCode.RESULTS_DISAGREE, "ACC 12.2.e",
                 f"both cards record a {both} with the spread in the same column: a loss "
                 "for both")

    # 12.2.a-b: where the numbers differ, the disadvantage goes to the apparent qualifier.
    if spread_a != spread_b:
        low, high = sorted((spread_a, spread_b))
        qualifiers = [p for p in (first, second) if p in apparent]
        cite = "ACC 12.2.a" if len(qualifiers) == 1 else "ACC 12.2.b"
        if winner is None:
            spread_a = spread_b = high
        else:
            loser = second if winner == first else first
            if qualifiers == [winner]:
                take = {winner: low, loser: low}
            elif qualifiers == [loser]:
                take = {winner: high, loser: high}
            else:  # both apparent qualifiers, or neither: each takes the worse reading
                take = {winner: low, loser: high}
            spread_a, spread_b = take[first], take[second]
        for player, was, now in ((first, a.spread, spread_a), (second, b.spread, spread_b)):
            if was is None:
                continue
            who = ("the apparent qualifier" if player in apparent else
                   "the opponent of an apparent qualifier" if qualifiers else
                   "neither an apparent qualifier")
            rule(player, FindingCode.SPREAD_DISAGREEMENT, cite,
                 f"the cards disagree on the spread ({low:02d} and {high:02d}); {player}, "
                 f"{who}, is recorded {now:02d}" + ("" if was != now else " as written"))

    result_a = Result.WIN if winner == first else Result.LOSS
    result_b = Result.WIN if winner == second else Result.LOSS
    return (_settled(first, a, result_a, spread_a, convention, rule),
            _settled(second, b, result_b, spread_b, convention, rule))


def _settled(player: str, line: Line, result: Result, spread: int,
             convention: ConventionSpec, rule: Rule) -> Line:
    """The line as corrected, its game points from the convention (12.2.g)."""
    won = result is Result.WIN
    if line.won != won:  # 12.2.d or e turned the result: say which game points moved
        before = (line.game_points if line.game_points is not None
                  else convention.points(line.won, line.spread or 0))
        after = convention.points(won, spread)
        if before != after:
            rule(player, FindingCode.GAME_POINTS_CORRECTED, "ACC 12.2.g",
                 f"the {'loss' if won else 'win'} is ruled a {'win' if won else 'loss'} by "
                 f"{spread:02d}: game points {before} become {after}")
    if spread == 0:  # no spread on either card: the game points as written, if any
        points = line.game_points if line.game_points is not None and line.won == won else (
            convention.points(won, 0))
    else:
        points = convention.points(won, spread)
    if line.game_points is not None and line.game_points != points and line.won == won:
        rule(player, FindingCode.GAME_POINTS_CORRECTED, "ACC 12.2.g",
             f"game points {line.game_points} corrected to {points} for a "
             f"{'win' if won else 'loss'} by {spread:02d}")
    return replace(line, result=result, spread=spread, column=None, game_points=points,
                   game=None)


def _from_game(first: str, a: Line, second: str, b: Line, convention: ConventionSpec,
               rule: Rule) -> tuple[Line, Line]:
    """The refereed game outranks both cards."""
    game = a.game or b.game
    assert game is not None
    spread = game.spread
    lines = []
    for player, line in ((first, a), (second, b)):
        won = game.winner == player
        result = Result.WIN if won else Result.LOSS
        points = convention.points(won, spread)
        if (line.result is not result or line.spread not in (None, spread)
                or (line.spread is not None and line.written_column is not (
                    Column.PLUS if won else Column.MINUS))
                or line.game_points not in (None, points)):
            rule(player, FindingCode.GAME_RECORD_OUTRANKS, None,
                 f"the refereed game ({game.winner} by {spread:02d}) outranks the card "
                 f"({line})")
        lines.append(replace(line, result=result, spread=spread, column=None,
                             game_points=points, game=None))
    return lines[0], lines[1]
