"""The rulings made once a play has been replayed (docs/rules.md#renege and after).

Some things can only be judged afterwards: a go is a renege if the player held a
card that fitted, which the hands show, or else a card they went on to play. Claims
are ruled on event by event, and the ruleset's remedies turn the true scores into
what each player pegs: penalties added, and under the ACC the points pegged after a
renege in its count retracted (ACC 7.3).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple, Protocol

from rules.core.cards import MOST_PIPS, Card
from rules.core.codes import FindingCode
from rules.core.findings import Finding, Verdict, rule_on_claim
from rules.core.rulesets import Ruleset
from rules.core.table import Table
from rules.play.pegging import THIRTY_ONE, PegKind
from rules.play.record import Peg, ScoredEvent
from rules.play.state import FITS, PlayState

__all__ = ["Board", "GoCall", "before_the_win", "pegging", "reneges"]


Find = Callable[[FindingCode, str, str, int, "int | None"], None]


class GoCall(NamedTuple):
    """A go, said or inferred, with the position it was said in."""

    at: int
    """The event it was said at (or inferred before)."""
    before: PlayState
    inferred: bool
    series: int
    """Which count of the play it was said in (0 for the first)."""


def _plays(indices: Sequence[int]) -> str:
    """Event numbers for people, counted from 1."""
    first, last = indices[0] + 1, indices[-1] + 1
    return f"play {first}" if first == last else f"plays {first} to {last}"


def reneges(go_calls: Sequence[GoCall], events: Sequence[ScoredEvent], ruleset: Ruleset,
            find: Find, table: Table) -> tuple[list[Peg], set[int]]:
    """A pass while holding a card that fits, proved by the hand or by a later card.

    Returns the penalties and, under a ruleset that retracts them, the events whose
    points are retracted: the cards laid after the renege until its count ended."""
    spec = ruleset.spec
    penalties: list[Peg] = []
    retracted: set[int] = set()
    for go in go_calls:
        state = go.before
        seat = state.turn
        player = state.players[seat]
        room = THIRTY_ONE - state.count
        fitting: list[Card]
        if state.hands is not None:
            if not state.hands[seat] & FITS[room]:
                continue  # the common case: a true go, nothing held fits
            fitting = [card for card in state.held(seat) or () if card.pips <= room]
            playable = len(fitting)
        else:
            fitting = [e.card for e in events[go.at:]
                       if e.card is not None and e.legal and e.player == player
                       and e.card.pips <= room]
            # With room for a ten every card fits, whichever they were.
            left = state.left[seat]
            playable = max(len(fitting), left) if room >= MOST_PIPS else len(fitting)
        if not playable:
            continue
        points = spec.renege_award(playable)
        known = " ".join(str(c) for c in fitting)
        how = f"holding {known}" if known else "holding cards"
        if playable > len(fitting):
            how += f" ({playable} cards, every one of which fits)"
        said = "was taken to have said go" if go.inferred else "said go"
        message = f"{player} {said} on a count of {state.count} {how}"
        if spec.renege_retracts:
            after = [e.index for e in events[go.at:]
                     if e.laid and e.series == go.series]
            if after:
                retracted.update(after)
                message += (f"; the points pegged for {_plays(after)}, laid after it in "
                            "that count, are retracted")
        find(FindingCode.RENEGE, message, player, go.at, points)
        if points:
            penalties.append(Peg(go.at, table.left_of(player), points))
    return penalties, retracted


class Board(Protocol):
    """The game the play is pegged into: a play that reaches the target stops there
    (docs/rules.md#after-the-win)."""

    @property
    def won(self) -> bool:
        """Whether the game is already won."""

    def room(self, player: str) -> int | None:
        """What ``player``'s side still needs to reach the target (None: no target)."""

    def peg(self, peg: Peg) -> bool:
        """Peg ``peg``; True once the game is won (by this peg or before it)."""


class _Pegs:
    """The play's pegs in table order, each pegged into the board as it is made; once
    the game is won nothing more is pegged or ruled on."""

    def __init__(self, board: Board | None, findings: list[Finding]) -> None:
        self.board = board
        self.findings = findings
        self.made: list[Peg] = []
        self.won_at: int | None = None
        """Where in the record the winning peg was made: the event being pegged then."""
        self.now = 0
        """The event being pegged."""

    def room(self, player: str) -> int | None:
        return None if self.board is None else self.board.room(player)

    def add(self, peg: Peg) -> bool:
        """Peg ``peg`` unless the game is already won; a winning peg stops at the game
        hole. True when it was pegged."""
        if self.won_at is not None:
            return False
        room = self.room(peg.player)
        if room is not None and peg.points > room:
            peg = peg._replace(points=room)
        self.made.append(peg)
        if self.board is not None and self.board.peg(peg):
            self.won_at = self.now
        return True

    def find(self, found: Sequence[Finding]) -> None:
        if self.won_at is None:
            self.findings.extend(found)


def pegging(events: Sequence[ScoredEvent], table: Table, ruleset: Ruleset,
            muggins: bool, findings: list[Finding], penalties: Sequence[Peg],
            retracted: set[int], claimed: bool, pending: int | None = None,
            board: Board | None = None) -> tuple[dict[str, int], tuple[Peg, ...], int | None]:
    """What each player pegs: claims ruled on event by event (``claimed``: some event
    has a claim), retractions, then penalties. ``pending``: the card that may still earn
    the go, in a record in progress; a claim for that go waits. Given the ``board`` of
    the game, each peg is pegged into it in table order, and once the game is won
    nothing later is pegged or ruled on: the third value is the event that won it."""
    # A card's claim covers what it scored when laid; its go point is claimed apart
    # (docs/rules.md#claims-in-the-play), with claimed_go or, as before, with a claim
    # made on a go by the player who laid the last card.
    claims: dict[int, int] = {}
    go_claims: dict[int, int] = {}
    last_card_of: dict[str, int] = {}
    for entry in events if claimed else ():
        if entry.card is not None and entry.legal:
            last_card_of[entry.player] = entry.index
        if entry.claimed_go is not None:
            go_claims[entry.index] = go_claims.get(entry.index, 0) + entry.claimed_go
        if entry.claimed is None:
            continue
        if entry.card is None and entry.player in last_card_of:
            unit = last_card_of[entry.player]
            go_claims[unit] = go_claims.get(unit, 0) + entry.claimed
        else:
            claims[entry.index] = entry.claimed

    if board is None and not (claims or go_claims or retracted):
        return _credited(events, table, penalties)
    pegs = _Pegs(board, findings)
    if board is not None and board.won:
        pegs.won_at = -1  # won before the play: nothing in it is pegged or ruled on
    fines: dict[int, list[Peg]] = {}
    for fine in penalties:
        fines.setdefault(fine.index, []).append(fine)

    def rule(entry: ScoredEvent, kept: bool, claim: int, true: int, what: str) -> None:
        """Rule on one claim, and peg it."""
        if pegs.won_at is not None:
            return
        room = pegs.room(entry.player)
        ruling = rule_on_claim(claim, true, ruleset=ruleset, muggins=muggins,
                               player=entry.player, what=what, index=entry.index,
                               nineteen_is_zero=False, room=room if kept else None)
        pegs.find(ruling.findings)
        # A retracted card's claim is taken back with its points: it claims no game.
        pegs.add(Peg(entry.index, entry.player, ruling.player_pegs if kept else 0,
                     claim if kept else 0))
        # Muggins takes points the card scored, so it goes with them; an overcount's
        # penalty is a penalty, and penalties stand.
        if ruling.opponent_pegs and (kept or ruling.verdict is Verdict.OVERCOUNT):
            pegs.add(Peg(entry.index, table.left_of(entry.player), ruling.opponent_pegs))

    ruled = bool(claims or go_claims or retracted)
    later: dict[int, list[Callable[[], None]]] = {}
    """The go points, by the event at which each was earned: pegged then."""
    for entry in events:
        if pegs.won_at is not None:
            break
        pegs.now = entry.index
        go_part = _peg_event(entry, ruled, claims, go_claims, retracted, pending, pegs, rule)
        if go_part is not None:
            at = entry.index if entry.earned_at is None else entry.earned_at
            later.setdefault(at, []).append(go_part)
        for fine in fines.get(entry.index, ()):
            if not pegs.add(fine):
                # A renege whose penalty would come after the winning peg is not ruled on.
                findings[:] = [f for f in findings if f.code is not FindingCode.RENEGE
                               or f.index != fine.index]
        for peg_go in later.pop(entry.index, ()):
            peg_go()
    for at in sorted(later):  # earned at the end of the record
        pegs.now = at
        for peg_go in later[at]:
            peg_go()
    pegged = dict.fromkeys(table.seats, 0)
    for peg in pegs.made:
        pegged[peg.player] += peg.points
    return pegged, tuple(pegs.made), pegs.won_at


def _credited(events: Sequence[ScoredEvent], table: Table,
              penalties: Sequence[Peg]) -> tuple[dict[str, int], tuple[Peg, ...], None]:
    """:func:`pegging` with nothing to rule on and no game to peg into, the common case:
    each card pegs what it scored when laid, its go point when the count ended, and
    the penalties at their events, in the same table order; without a claim's closures
    per event (they made the play check 1.4 times slower, bench/RESULTS.md, issue 31)."""
    made: list[Peg] = []
    later: dict[int, list[Peg]] = {}
    fines: dict[int, list[Peg]] = {}
    for fine in penalties:
        fines.setdefault(fine.index, []).append(fine)
    for entry in events:
        index = entry.index
        if entry.points and entry.legal and entry.card is not None:
            earned = entry.go_point
            go = 0 if earned is None else earned.points
            if entry.points != go:
                made.append(_new(Peg, (index, entry.player, entry.points - go, None)))
            if go:
                at = index if entry.earned_at is None else entry.earned_at
                later.setdefault(at, []).append(_new(Peg, (index, entry.player, go, None)))
        if fines:
            made.extend(fines.get(index, ()))
        if later:
            made.extend(later.pop(index, ()))
    for at in sorted(later):  # earned at the end of the record
        made.extend(later[at])
    pegged = dict.fromkeys(table.seats, 0)
    for peg in made:
        pegged[peg.player] += peg.points
    return pegged, tuple(made), None


_new = tuple.__new__
"""Pegs built by the tuple constructor itself, skipping the named tuple's keyword-friendly
``__new__``: a play pegs a dozen."""

_Rule = Callable[[ScoredEvent, bool, int, int, str], None]


def _peg_event(entry: ScoredEvent, ruled: bool, claims: dict[int, int],
               go_claims: dict[int, int], retracted: set[int], pending: int | None,
               pegs: _Pegs, rule: _Rule) -> Callable[[], None] | None:
    """Peg what one event scored when it happened: its claim ruled on, or its true points
    credited. Returns the pegging of the go or last card it earned, which the caller
    makes when the count ended, as at the table."""
    kept = entry.index not in retracted
    true = entry.points if entry.legal else 0
    earned = entry.go_point if entry.legal else None
    go = earned.points if earned is not None else 0
    own = true - go
    claim = claims.get(entry.index) if ruled else None
    go_claim = go_claims.get(entry.index) if ruled else None
    what = f"play {entry.index + 1}"
    if go_claim is None and claim is not None and claim > own:
        # More than the card scored when laid: the claim covers its go point too, as
        # records written before claimed_go did.
        rule(entry, kept, claim, true, what)
        return None
    if claim is not None:
        rule(entry, kept, claim, own, what)
    elif entry.card is not None and kept and own:
        pegs.add(Peg(entry.index, entry.player, own))  # no claim: credited

    def go_part() -> None:
        if go_claim is not None and entry.index != pending:
            last = earned is not None and earned.kind is PegKind.LAST_CARD
            rule(entry, kept, go_claim, go, f"the {'last card' if last else 'go'} on {what}")
        elif entry.card is not None and kept and go:
            pegs.add(Peg(entry.index, entry.player, go))

    if go_claim is None and not go:
        return None
    return go_part


def before_the_win(findings: Sequence[Finding], won_at: int) -> list[Finding]:
    """The findings that stand once the game is won at event ``won_at``: those up to it.
    Cards left unplayed at the end of the record would have been laid after the win."""
    return [f for f in findings if f.index is None or f.index < won_at
            or (f.index == won_at and f.code is not FindingCode.CARDS_LEFT_UNPLAYED)]
