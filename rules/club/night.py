"""A club night or a sanctioned qualifying round, checked end to end
(docs/rules.md#cross-checking): the cards cross-checked, the standings, the cut."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from rules.club.cards import Line, Scorecard, validate_night
from rules.club.conventions import Convention, ConventionSpec
from rules.club.crosscheck import Meeting, Ruling, meetings, settle
from rules.club.cut import Bracket, Cut, Event, Tournament, bracket, cut, master_points
from rules.club.cut import qualifying as qualifying_places
from rules.club.standings import Standing, rank, tally
from rules.core import Finding, FindingCode

__all__ = ["NightCheck", "apparent_qualifiers", "as_written", "check_night"]


@dataclass(frozen=True, slots=True)
class NightCheck:
    """A club night checked (:func:`check_night`): the cards as corrected, every finding, the
    standings, the cut, and for a sanctioned event the bracket and master points."""

    cards: tuple[Scorecard, ...]
    """As corrected."""
    findings: tuple[Finding, ...]
    apparent: tuple[str, ...]
    """The apparent qualifiers, from the cards as submitted."""
    standings: tuple[Standing, ...]
    cut: Cut
    bracket: Bracket | None
    master_table: tuple[str, ...] | None
    master_points: dict[str, int] | None


def as_written(line: Line, convention: ConventionSpec) -> Line:
    """A line counted as its own card wrote it: game points filled in where blank."""
    if line.bye or line.game_points is not None:
        return line
    return replace(line, game_points=convention.points(line.won, line.spread or 0))


def _written_card(card: Scorecard, convention: ConventionSpec) -> Scorecard:
    return replace(card, lines=tuple(as_written(line, convention) for line in card.lines))


def apparent_qualifiers(cards: Sequence[Scorecard], convention: ConventionSpec) -> tuple[str, ...]:
    """The players whose cards, as submitted, reach the cut line; all of those level at
    the line are apparent qualifiers (docs/rules.md#apparent-qualifier)."""
    keys = {card.player: tally(_written_card(card, convention)).key(convention)
            for card in cards}
    line = sorted(keys.values())[qualifying_places(len(cards)) - 1]
    return tuple(card.player for card in cards if keys[card.player] <= line)


def check_night(cards: Sequence[Scorecard], *, convention: Convention = Convention.ACC,
                event: Event = Event.CLUB, target: int = 121,
                tournament: Tournament | None = None) -> NightCheck:
    """Cross-check a night's scorecards (ACC Rule 12.2), correct them, and rank the players with
    every tiebreak, the cut and, for a sanctioned event, the bracket and master points. Cards
    that cannot be checked are a ``RecordError`` listing every problem
    (docs/rules.md#club-scorecards)."""
    validate_night(cards, convention, target)
    spec = convention.spec
    apparent = apparent_qualifiers(cards, spec)
    apparent_set = frozenset(apparent)
    lines = {card.player: list(card.lines) for card in cards}
    settled: list[tuple[Meeting, int, int, list[Ruling]]] = []
    for meeting in meetings(cards):
        a, b = meeting.first, meeting.second
        ia = len(lines[a]) if meeting.first_index is None else meeting.first_index
        ib = len(lines[b]) if meeting.second_index is None else meeting.second_index
        line_a = None if meeting.first_index is None else lines[a][ia]
        line_b = None if meeting.second_index is None else lines[b][ib]
        new_a, new_b, rulings = settle(a, line_a, b, line_b, apparent_set, spec, ia, ib)
        for player, index, line in ((a, ia, new_a), (b, ib, new_b)):
            if index == len(lines[player]):
                lines[player].append(line)
            else:
                lines[player][index] = line
        settled.append((meeting, ia, ib, rulings))
    corrected = tuple(replace(card, lines=tuple(lines[card.player])) for card in cards)
    standings = rank(corrected, spec)
    result = cut(standings)
    findings = [Finding(r.code, r.message, r.player, r.index, rule=r.rule)
                for _, _, _, rulings in settled for r in rulings]
    findings += _totals(cards, corrected)
    findings += _no_harm(cards, corrected, settled, result, spec)
    order = {card.player: n for n, card in enumerate(cards)}
    findings.sort(key=lambda f: (order[f.player or ""], 1 << 30 if f.index is None else f.index))
    table, points = (None, None) if tournament is None else master_points(result, tournament)
    return NightCheck(corrected, tuple(findings), apparent, tuple(standings), result,
                      bracket(result) if event is Event.SANCTIONED else None, table, points)


def _totals(cards: Sequence[Scorecard], corrected: Sequence[Scorecard]) -> list[Finding]:
    """12.2.g: a card's written totals, where it wrote them, are put right."""
    found = []
    for card, fixed in zip(cards, corrected, strict=True):
        if card.totals is None:
            continue
        truth = tally(fixed)
        written = card.totals
        if (written.game_points, written.wins, written.spread) != (
                truth.game_points, truth.wins, truth.spread):
            found.append(Finding(
                FindingCode.TOTALS_CORRECTED,
                f"totals written {written.game_points} game points, {written.wins} won, "
                f"{written.spread:+d}; corrected to {truth.game_points}, {truth.wins}, "
                f"{truth.spread:+d}", card.player, rule="ACC 12.2.g"))
    return found


def _no_harm(cards: Sequence[Scorecard], corrected: Sequence[Scorecard],
             settled: Sequence[tuple[Meeting, int, int, list[Ruling]]], result: Cut,
             spec: ConventionSpec) -> list[Finding]:
    """12.2.h: a ruling that changes nobody's place in the cut did no harm.

    Each game ruled on is put back as its two cards wrote it, everything else as
    corrected; if the qualifiers (in order) and any playoff stay the same, the ruling
    is marked harmless.
    """
    original = {card.player: card for card in cards}
    index = {card.player: n for n, card in enumerate(corrected)}
    tallies = {card.player: tally(card) for card in corrected}
    # Players who rank below everyone in the cut, before and after, cannot move it: the
    # ranking above them, head-to-head included, involves none of their games.
    in_cut = {*result.qualifiers, *result.playoff}
    worst = max(tallies[player].key(spec) for player in in_cut)
    found: list[Finding] = []
    for meeting, ia, ib, rulings in settled:
        if not rulings:
            continue
        trial = list(corrected)
        changed = dict(tallies)
        for player, at, was in ((meeting.first, ia, meeting.first_index),
                                (meeting.second, ib, meeting.second_index)):
            card = trial[index[player]]
            kept = list(card.lines)
            if was is None:
                del kept[at]
            else:
                kept[at] = as_written(original[player].lines[was], spec)
            trial[index[player]] = replace(card, lines=tuple(kept))
            changed[player] = tally(trial[index[player]])
        below = all(min(tallies[p].key(spec), changed[p].key(spec)) > worst
                    for p in (meeting.first, meeting.second))
        if below or _same_cut(cut(rank(trial, spec, changed)), result):
            for player, at in sorted({(r.player, r.index) for r in rulings}):
                found.append(Finding(
                    FindingCode.NO_HARM_NO_FOUL,
                    "no harm, no foul: as written, this game changes nobody's place in "
                    "the cut", player, at, rule="ACC 12.2.h"))
    return found


def _same_cut(one: Cut, other: Cut) -> bool:
    return (one.qualifiers, one.playoff) == (other.qualifiers, other.playoff)
