"""Random nights ranked twice: by the library and by an independent referee written
here from the rule book (docs/rules.md#club-nights), sharing no code with rules/club
beyond the input values. They must agree on every corrected total, the standings,
the qualifiers, the byes and which rulings did no harm; every error injected into a
card must be found on that card."""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass

import pytest

from rules import FindingCode
from rules.club import Column, Event, Line, Result, Scorecard, check_night, seat

# ---------------------------------------------------------------------------------
# The independent referee. Lines are plain dicts: res "W"/"L", sp int|None,
# col "+"/"-"/None, gp int|None, opp, rnd.


def _gp(won: bool, spread: int) -> int:
    return (3 if spread >= 31 else 2) if won else 0


def _own_column(line: dict) -> str:
    if line["col"] is not None:
        return line["col"]
    return "+" if line["res"] == "W" else "-"


def _written_value(line: dict) -> tuple[int, int, int, int]:
    """(game points, won, signed spread, plus) as the card itself wrote it."""
    sp = line["sp"] or 0
    signed = sp if _own_column(line) == "+" else -sp
    gp = line["gp"] if line["gp"] is not None else _gp(line["res"] == "W", sp)
    return gp, int(line["res"] == "W"), signed, max(signed, 0)


def _ref_settle(la: dict, lb: dict, qa: bool, qb: bool) -> tuple[tuple[bool, int, int],
                                                                 tuple[bool, int, int]]:
    """Each side's (won, spread, game points) after cross-checking."""
    sa, sb = la["sp"], lb["sp"]
    if sa is None and sb is None:
        sa = sb = 0
    elif sa is None:
        sa = sb
    elif sb is None:
        sb = sa
    ca, cb = _own_column(la), _own_column(lb)
    if la["res"] != lb["res"]:
        a_won, b_won = la["res"] == "W", lb["res"] == "W"
    elif ca != cb:
        a_won, b_won = ca == "+", cb == "+"
    else:
        a_won = b_won = False
    if sa != sb:
        def worse(won: bool) -> int:
            return min(sa, sb) if won else max(sa, sb)
        if qa == qb:
            sa, sb = worse(a_won), worse(b_won)
        elif qa:
            sa = sb = worse(a_won)
        else:
            sa = sb = worse(b_won)

    def points(line: dict, won: bool, spread: int) -> int:
        if spread == 0 and line["gp"] is not None and (line["res"] == "W") == won:
            return line["gp"]
        return _gp(won, spread)
    return (a_won, sa, points(la, a_won, sa)), (b_won, sb, points(lb, b_won, sb))


def _clean(la: dict | None, lb: dict | None) -> bool:
    """Two lines that agree in every respect: nothing to rule on."""
    if la is None or lb is None or la["sp"] is None or la["sp"] != lb["sp"]:
        return False
    if {la["res"], lb["res"]} != {"W", "L"}:
        return False
    for line in (la, lb):
        if _own_column(line) != ("+" if line["res"] == "W" else "-"):
            return False
        if line["gp"] is not None and line["gp"] != _gp(line["res"] == "W", line["sp"]):
            return False
    return True


def _flip(line: dict, me: str) -> dict:
    return {"res": "L" if line["res"] == "W" else "W", "sp": line["sp"],
            "col": None if line["col"] is None else ("-" if line["col"] == "+" else "+"),
            "gp": None, "opp": me, "rnd": line["rnd"]}


def _order(values: dict[str, tuple[int, int, int, int]],
           results: dict[str, list[tuple[str, bool]]]) -> tuple[list[tuple[str, int]],
                                                                dict[str, int]]:
    """[(player, rank)], best first, and the head-to-head counts used."""
    best = sorted(values, key=lambda p: ([-v for v in values[p]], p))
    parts: list[list[str]] = []
    for _, group in itertools.groupby(best, key=lambda p: values[p]):
        parts.append(list(group))
    h2h: dict[str, int] = {}
    final = [len(part) == 1 for part in parts]
    while not all(final):
        n = final.index(False)
        part = parts[n]
        inside = set(part)
        won = {p: sum(1 for opp, w in results[p] if opp in inside and w) for p in part}
        met = any(opp in inside for p in part for opp, _ in results[p])
        if met:
            h2h.update(won)
        levels = sorted(set(won.values()), reverse=True)
        if not met or len(levels) == 1:
            parts[n] = sorted(part)
            final[n] = True
            continue
        pieces = [[p for p in part if won[p] == level] for level in levels]
        parts[n:n + 1] = pieces
        final[n:n + 1] = [len(piece) == 1 for piece in pieces]
    ranked, place = [], 1
    for part in parts:
        ranked += [(p, place) for p in part]
        place += len(part)
    return ranked, h2h


def _cut(ranked: list[tuple[str, int]]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    places = (len(ranked) + 3) // 4
    size = {rank: sum(1 for _, r in ranked if r == rank) for _, rank in ranked}
    sure = tuple(p for p, r in ranked if r + size[r] - 1 <= places)
    level = tuple(p for p, r in ranked if r <= places and p not in sure)
    return sure, level


@dataclass
class Reference:
    totals: dict[str, tuple[int, int, int, int]]
    ranked: list[tuple[str, int]]
    qualifiers: tuple[str, ...]
    playoff: tuple[str, ...]
    byes: int
    harmless: set[frozenset[tuple[str, int | None]]]
    apparent: set[str]
    ruled: set[frozenset[tuple[str, int | None]]]
    partial_harmless: set[frozenset[tuple[str, int | None]]]


def referee(night: dict[str, list[dict]]) -> Reference:
    players = list(night)
    field = len(players)
    places = (field + 3) // 4
    written = {p: tuple(map(sum, zip(*(_written_value(e) for e in night[p] if e["opp"]),
                                     (0, 0, 0, 0), strict=False))) for p in players}
    keys = sorted(written.values(), reverse=True)
    line = keys[places - 1]
    apparent = {p for p in players if written[p] >= line}
    # pair the lines game by game, in round order
    games: list[tuple[str, int | None, str, int | None]] = []
    for a, b in itertools.combinations(players, 2):
        mine = {e["rnd"]: i for i, e in enumerate(night[a]) if e["opp"] == b}
        theirs = {e["rnd"]: i for i, e in enumerate(night[b]) if e["opp"] == a}
        for rnd in sorted(mine.keys() & theirs.keys()):
            games.append((a, mine[rnd], b, theirs[rnd]))
        games += [(a, mine[r], b, None) for r in sorted(mine.keys() - theirs.keys())]
        games += [(a, None, b, theirs[r]) for r in sorted(theirs.keys() - mine.keys())]
    settled: list[tuple[tuple[bool, int, int], tuple[bool, int, int]]] = []
    for a, i, b, j in games:
        la = night[a][i] if i is not None else _flip(night[b][j], b)  # type: ignore[index]
        lb = night[b][j] if j is not None else _flip(night[a][i], a)  # type: ignore[index]
        settled.append(_ref_settle(la, lb, a in apparent, b in apparent))

    def contributions(n: int, written: bool) -> list[tuple[str, str, tuple[int, int, int, int]]]:
        (a, i, b, j), sides = games[n], settled[n]
        out = []
        for who, opp, at, side in ((a, b, i, sides[0]), (b, a, j, sides[1])):
            if written:
                if at is not None:
                    out.append((who, opp, _written_value(night[who][at])))
                continue
            won_flag, spread, gp = side
            signed = spread if won_flag else -spread
            out.append((who, opp, (gp, int(won_flag), signed, max(signed, 0))))
        return out

    base_totals = {p: (0, 0, 0, 0) for p in players}
    base_results: dict[str, list[tuple[str, bool]]] = {p: [] for p in players}
    for n in range(len(games)):
        for who, opp, value in contributions(n, False):
            base_totals[who] = tuple(x + y for x, y in zip(base_totals[who], value, strict=False))
            base_results[who].append((opp, bool(value[1])))

    def standings(skip: int | None) -> tuple[dict, list[tuple[str, int]]]:
        if skip is None:
            return base_totals, _order(base_totals, base_results)[0]
        totals = dict(base_totals)
        results = dict(base_results)
        (a, _, b, _) = games[skip]
        for who in (a, b):
            results[who] = list(results[who])
        for who, opp, value in contributions(skip, False):
            totals[who] = tuple(x - y for x, y in zip(totals[who], value, strict=False))
            results[who].remove((opp, bool(value[1])))
        for who, opp, value in contributions(skip, True):
            totals[who] = tuple(x + y for x, y in zip(totals[who], value, strict=False))
            results[who].append((opp, bool(value[1])))
        return totals, _order(totals, results)[0]

    totals, ranked = standings(None)
    qualifiers, playoff = _cut(ranked)
    harmless, ruled, partial = set(), set(), set()
    for n, (a, i, b, j) in enumerate(games):
        la = night[a][i] if i is not None else None
        lb = night[b][j] if j is not None else None
        if _clean(la, lb):
            continue
        game = frozenset({(a, i), (b, j)})
        ruled.add(game)
        if _cut(standings(n)[1]) == (qualifiers, playoff):
            harmless.add(game)
            if i is None or j is None:  # the present line, under any index for the new one
                partial.add(frozenset({(a, i), (b, j), *((a, k) for k in range(99) if i is None),
                                       *((b, k) for k in range(99) if j is None)}))
    size = 1
    while size < places:
        size *= 2
    return Reference(totals, ranked, qualifiers, playoff, size - places, harmless, apparent,
                     ruled, partial)


# ---------------------------------------------------------------------------------
# Random nights with errors injected.

def random_night(rng: random.Random, players: int, rounds: int,
                 error_rate: float) -> tuple[dict[str, list[dict]],
                                             list[tuple[str, int | None]]]:
    names = [f"P{n:03d}" for n in range(players)]
    night: dict[str, list[dict]] = {name: [] for name in names}
    small = rng.random() < 0.3  # spreads from a short list: ties for head-to-head
    for rnd in range(1, rounds + 1):
        order = names[:]
        rng.shuffle(order)
        if len(order) % 2:
            night[order.pop()].append({"opp": None, "rnd": rnd, "res": None, "sp": None,
                                       "col": None, "gp": None})
        for a, b in zip(order[::2], order[1::2], strict=False):
            spread = rng.choice((5, 10)) if small else rng.choice(
                [rng.randint(1, 30)] * 3 + [rng.randint(31, 60), rng.randint(61, 121)])
            write_gp = rng.random() < 0.5
            for me, opp, won in ((a, b, True), (b, a, False)):
                night[me].append({"opp": opp, "rnd": rnd, "res": "W" if won else "L",
                                  "sp": spread, "col": None,
                                  "gp": _gp(won, spread) if write_gp else None})
    injected: list[tuple[str, int]] = []
    for name in names:
        for index, line in enumerate(night[name]):
            if line["opp"] is None or rng.random() >= error_rate:
                continue
            before = dict(line)
            kind = rng.randrange(6)
            if kind == 0:
                line["sp"] = max(1, min(121, line["sp"] + rng.choice((-7, -3, -1, 1, 4, 9))))
            elif kind == 1:
                line["sp"] = None
            elif kind == 2:
                line["res"] = "L" if line["res"] == "W" else "W"
                line["col"] = "+" if line["res"] == "L" else "-"  # column as truly won
                line["gp"] = None
            elif kind == 3:
                line["col"] = "-" if _own_column(line) == "+" else "+"
            elif kind == 4 and line["res"] == "W":
                line["gp"] = 3 if _gp(True, line["sp"]) == 2 else 2
            elif kind == 5:
                line["was"], line["opp"] = line["opp"], "DELETE"
            if line != before:
                injected.append((name, index))
    deleted: dict[tuple[str, int], str] = {}  # (player, round) of each line taken out
    moved: dict[tuple[str, int], int] = {}
    original = {name: list(lines) for name, lines in night.items()}
    for name in names:
        kept = []
        for index, line in enumerate(night[name]):
            if line["opp"] == "DELETE":
                deleted[(name, line["rnd"])] = line["was"]
                continue
            moved[(name, index)] = len(kept)
            kept.append(line)
        night[name] = kept
    # A line taken out is found as a game missing from that card; an error on the one
    # line left of such a game has no other card to disagree with, and is found as the
    # opponent's missing game. A game taken out of both cards leaves no trace to find.
    rounds_of = {(name, index): line["rnd"] for name in names
                 for index, line in enumerate(original[name])}
    found_as: list[tuple[str, int | None]] = []
    for name, index in injected:
        if (name, index) not in moved:
            rnd = rounds_of[(name, index)]
            if (deleted[(name, rnd)], rnd) not in deleted:
                found_as.append((name, None))
            continue
        line = night[name][moved[(name, index)]]
        if (line["opp"], line["rnd"]) in deleted:
            found_as.append((line["opp"], None))
        else:
            found_as.append((name, moved[(name, index)]))
    return night, found_as


def to_cards(night: dict[str, list[dict]]) -> list[Scorecard]:
    cards = []
    for name, lines in night.items():
        out = []
        for line in lines:
            if line["opp"] is None:
                out.append(Line(None, round=line["rnd"]))
                continue
            out.append(Line(line["opp"], Result(line["res"]), line["sp"],
                            None if line["col"] is None else
                            (Column.PLUS if line["col"] == "+" else Column.MINUS),
                            line["gp"], line["rnd"]))
        cards.append(Scorecard(name, tuple(out)))
    return cards


def compare(rng: random.Random, players: int, rounds: int, error_rate: float) -> None:
    night, injected = random_night(rng, players, rounds, error_rate)
    result = check_night(to_cards(night), event=Event.SANCTIONED)
    ref = referee(night)
    assert set(result.apparent) == ref.apparent
    assert {s.player: (s.tally.game_points, s.tally.wins, s.tally.spread, s.tally.plus)
            for s in result.standings} == ref.totals
    assert [(s.player, s.rank) for s in result.standings] == ref.ranked
    assert (result.cut.qualifiers, result.cut.playoff) == (ref.qualifiers, ref.playoff)
    assert result.bracket is not None and len(result.bracket.byes) == ref.byes
    ruled = {(f.player, f.index) for f in result.findings}
    codes = {(f.player, f.code) for f in result.findings}
    for player, index in injected:
        if index is None:
            assert (player, FindingCode.GAME_ON_ONE_CARD) in codes
        else:  # found on its line, or (two errors in one game) on the other card's
            line = night[player][index]
            other = next(n for n, entry in enumerate(night[line["opp"]])
                         if entry["opp"] == player and entry["rnd"] == line["rnd"])
            if _clean(line, night[line["opp"]][other]):
                continue  # errors on both cards that happen to agree: nothing to see
            assert {(player, index), (line["opp"], other)} & ruled, (player, index)
    # 12.2.h: the same games ruled harmless (those on both cards; a game on one card
    # only has its new line at an index the referee here does not number)
    harmless = {(f.player, f.index) for f in result.findings
                if f.code is FindingCode.NO_HARM_NO_FOUL}
    for game in ref.ruled:
        if all(index is not None for _, index in game):
            assert (game in ref.harmless) == bool(game & harmless), sorted(game)
    assert all(any(line in game for game in ref.harmless | ref.partial_harmless)
               for line in harmless)


def test_random_nights_agree_with_an_independent_referee() -> None:
    rng = random.Random(23)
    for n in range(1000):  # most nights small, some the size of a big event
        players = rng.randint(100, 200) if n % 200 == 0 else rng.randint(4, 24)
        compare(rng, players, rng.randint(1, 22), rng.choice((0.0, 0.02, 0.08, 0.2)))


@pytest.mark.slow
def test_random_nights_agree_at_scale() -> None:
    rng = random.Random(2023)
    for _ in range(3000):
        compare(rng, rng.randint(4, 200), rng.randint(1, 22), rng.choice((0.02, 0.08, 0.2)))


# ---------------------------------------------------------------------------------
# Seating


def repeat_free_plan_exists(players: int, games: int) -> bool:
    """By search: ``games`` rounds of tables (one bye a round when odd), no pair twice."""
    names = list(range(players))

    def matchings(free: list[int], used: frozenset) -> list[frozenset]:
        if len(free) < 2:
            return [frozenset()]
        out = []
        first, rest = free[0], free[1:]
        if len(free) % 2:  # the first player may take the bye
            out += matchings(rest, used)
        for n, other in enumerate(rest):
            pair = frozenset({first, other})
            if pair in used:
                continue
            for m in matchings(rest[:n] + rest[n + 1:], used | {pair}):
                out.append(m | {pair})
        return out

    def search(rounds: int, used: frozenset) -> bool:
        if rounds == 0:
            return True
        return any(search(rounds - 1, used | m) for m in matchings(names, used)
                   if len(m) == players // 2)
    return search(games, frozenset())


def pairs_of(plan_rounds: tuple) -> list[frozenset]:
    return [frozenset(pair) for tables in plan_rounds for pair in tables]


@pytest.mark.parametrize("players", [4, 5, 6])
def test_seating_repeats_only_where_the_search_finds_no_plan(players: int) -> None:
    for games in range(1, players + 2):
        plan = seat([f"S{n}" for n in range(players)], games, seed=games)
        pairs = pairs_of(plan.rounds)
        assert (len(pairs) != len(set(pairs))) == (not repeat_free_plan_exists(players, games))


def test_seating_random_rosters() -> None:
    rng = random.Random(5)
    for _ in range(150):
        players = rng.randint(4, 200)
        games = rng.randint(1, 22)
        names = [f"N{n}" for n in range(players)]
        plan = seat(names, games, seed=rng.randrange(1 << 30))
        assert len(plan.rounds) == games
        for tables, byes in zip(plan.rounds, plan.byes, strict=False):
            seated = [p for pair in tables for p in pair] + list(byes)
            assert sorted(seated) == sorted(names)
            assert len(byes) == players % 2
        pairs = pairs_of(plan.rounds)
        capacity = players - 1 if players % 2 == 0 else players
        if games <= capacity:
            assert len(pairs) == len(set(pairs))
            had = [p for byes in plan.byes for p in byes]
            assert len(had) == len(set(had))  # nobody sits out twice in one circle


def test_seating_is_the_same_for_a_seed() -> None:
    names = [f"N{n}" for n in range(13)]
    assert seat(names, 9, seed=7) == seat(names, 9, seed=7)
    assert seat(names, 9, seed=7) != seat(names, 9, seed=8)
    assert str(seat(["Ann", "Bob", "Cat"], 1, seed=1)).splitlines()[0] == "Round 1"
