"""One whole deal: the cards, heels, the play and the show, pegged strictly in order.

A deal reuses the play referee (:func:`rules.play.check.check_play`) and the hand check
(:func:`rules.show.hands.check_hand`); what it adds is the deal's own rules: the cards
dealt for the variant (a misdeal otherwise), his heels, the order in which scores
are pegged (heels, play, pone's hand, dealer's hand, crib: docs/rules.md#game-end), the
moment someone reaches the target, and a false claim of game. The board it pegs on, and
heels and a false claim of game as they are pegged, are :mod:`rules.deal.board`'s.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from rules.core.cards import Card
from rules.core.codes import FindingCode
from rules.core.errors import ProblemCode, Problems
from rules.core.findings import Finding, cite
from rules.core.rulesets import MisdealRemedy, Ruleset
from rules.core.table import Table
from rules.deal.board import (
    HEELS,
    Heels,
    Pegboard,
    Stage,
    award,
    false_claim,
    peg_heels,
)
from rules.deal.record import (
    DealClaims,
    DealRecord,
    check_deal_record,
    kept,
    validate_deal,
    won_before_the_show,
)
from rules.play.check import Peg, PlayCheck, check_play
from rules.play.live import Next, Phase, in_play, to_show
from rules.show.hands import HandCheck, check_hand

__all__ = [
    "HEELS",
    "Count",
    "DealCheck",
    "DealClaims",
    "DealRecord",
    "Heels",
    "Stage",
    "check_deal",
    "check_deal_record",
]


@dataclass(frozen=True, slots=True)
class Count:
    """One count of the show: a player's hand, or the crib (which the dealer counts)."""

    player: str
    """Who counts it: the hand's owner, or the dealer for the crib."""
    crib: bool
    check: HandCheck


@dataclass(frozen=True, slots=True)
class DealCheck:
    """A deal refereed (:func:`check_deal`): heels, the play, the show in counting order, every
    finding, the scores before and after, what each side pegged, and the winner if the deal won
    the game."""

    misdeal: bool
    heels: Heels | None
    play: PlayCheck | None
    show: dict[str, HandCheck]
    """Each hand by player in counting order (those counted so far, in progress)."""
    crib: HandCheck | None
    findings: tuple[Finding, ...]
    scores_before: dict[str, int]
    scores_after: dict[str, int]
    pegged: dict[str, int]
    winner: str | None
    won_during: Stage | None
    next: Next
    """What comes next: ``over`` for a finished deal."""
    unruled: dict[str, int] = field(default_factory=dict)
    """Claims for hands made after the win, by player: echoed as made, not ruled on
    (docs/rules.md#after-the-win)."""
    unruled_crib: int | None = None
    """The claim for the crib made after the win, if any: echoed, not ruled on."""

    @property
    def target(self) -> int:
        """The score that wins: the one given, or the variant's."""
        return self.table.target

    def counts(self) -> tuple[Count, ...]:
        """The show's counts in the order they are made: each hand from the pone round
        to the dealer, then the crib (docs/rules.md#game-end)."""
        table = self.table
        counted = [Count(player, False, hand) for player, hand in self.show.items()]
        if self.crib is not None:
            counted.append(Count(table.dealer, True, self.crib))
        return tuple(counted)

    table: Table = field(default_factory=Table.seat, repr=False)
    """The table the deal was played at."""


def check_deal(
    record: DealRecord,
    *,
    table: Table | None = None,
    ruleset: Ruleset = Ruleset.ACC,
    muggins: bool = False,
    scores_before: Mapping[str, int] | None = None,
    in_progress: bool = False,
) -> DealCheck:
    """Referee one deal at ``table`` (the six-card game's ``pone`` and ``dealer`` by
    default). ``scores_before`` are by side (a player, or a partnership named ``"a&b"``),
    each below the table's target. A deal ``in_progress`` may stop at any phase; its
    answer's ``next`` says what comes next. Raises :class:`rules.core.errors.RecordError`
    for a record that cannot be refereed, listing every problem."""
    if table is None:
        table = Table.seat()
    validate_deal(record, table, in_progress=in_progress, scores_before=scores_before)
    before = dict.fromkeys((side.name for side in table.sides), 0) | dict(scores_before or {})
    deal = _Deal(record, table, ruleset, Pegboard(table, dict(before), dict(before)))

    misdealt = _misdeal(record, table)
    if misdealt:
        deal.misdeal(misdealt)
        return deal.result(before, Next(Phase.OVER), misdeal=True)
    if record.discards is None:
        return deal.result(before, Next(Phase.DISCARD))
    if record.starter is None:
        return deal.result(before, Next(Phase.CUT, table.pone))

    starter = record.starter
    heels = peg_heels(table, starter, ruleset, record.claims, deal.peg, deal.find,
                   deal.board.room)
    hands = {p: kept(record, p) for p in table.seats}
    play: PlayCheck | None = None
    if record.plays is not None or in_progress:
        mark = len(deal.findings)
        # Hands short of cards never shown are not known: nothing proves a renege.
        play = check_play(record.plays or (), table=table,
                          hands=None if record.unshown else hands, ruleset=ruleset,
                          muggins=muggins, in_progress=in_progress, board=_PlayBoard(deal))
        # The play's findings come before a false claim of game the play led to.
        deal.findings[mark:mark] = play.findings
    # else the play was not recorded: nothing to rule on, nothing pegged, the show goes on.
    if record.unshown:
        won_before_the_show(deal.board.winner, record, table)
        if deal.board.winner is not None:  # the cards never shown are not needed
            return deal.result(before, Next(Phase.OVER), heels=heels, play=play)
    if play is not None and not play.state.over and in_progress:
        _claims_wait_for_the_show(record)
        return deal.result(before, _unless_won(deal, in_play(play.state)), heels=heels,
                           play=play)

    crib = [c for p in table.seats for c in record.discards[p]]
    if record.crib_card is not None:
        crib.append(record.crib_card)
    # The show's order: each hand from the pone round to the dealer, then the crib.
    counting: list[tuple[str | None, Sequence[Card]]] = [(p, hands[p]) for p in table.seats]
    counting.append((None, crib))
    claims = record.claims or DealClaims()
    waiting: Next | None = None
    for at, (name, cards) in enumerate(counting):
        claim = claims.crib if name is None else claims.hands.get(name)
        if in_progress and claim is None and deal.board.winner is None:
            waiting = to_show(name)  # not counted yet: the show stops here
            _counted_in_order(claims, counting[at + 1:])
            break
        if deal.board.winner is not None and claim is not None:
            if name is None:
                deal.unruled_crib = claim
            else:
                deal.unruled[name] = claim
        owner = table.dealer if name is None else name
        won = deal.board.winner is not None
        deal.show(name, check_hand(cards, starter, crib=name is None,
                                   claimed=None if won else claim,
                                   variant=table.variant, ruleset=ruleset, muggins=muggins,
                                   player=owner, room=None if won else deal.board.room(owner)))
    coming = Next(Phase.OVER) if waiting is None else waiting
    return deal.result(before, _unless_won(deal, coming), heels=heels, play=play)


def _unless_won(deal: _Deal, coming: Next) -> Next:
    return Next(Phase.OVER) if deal.board.winner is not None else coming


def _claims_wait_for_the_show(record: DealRecord) -> None:
    claims = record.claims
    if claims is None or (not claims.hands and claims.crib is None):
        return
    problems = Problems()
    where: list[tuple[str, ...]] = [("claims", "hands", p) for p in claims.hands]
    if claims.crib is not None:
        where.append(("claims", "crib"))
    for path in where:
        problems.add(path, ProblemCode.OUT_OF_ORDER,
                     "the show comes after the play, which is still in progress")
    problems.raise_any()


def _counted_in_order(claims: DealClaims,
                      later: Sequence[tuple[str | None, Sequence[Card]]]) -> None:
    """A deal in progress whose show stopped at a count not yet claimed: no later count
    may be claimed before it (the show goes pone, dealer, then the crib)."""
    problems = Problems()
    for name, _ in later:
        if name is None:
            if claims.crib is not None:
                problems.add(("claims", "crib"), ProblemCode.OUT_OF_ORDER,
                             "the crib is counted last, after every hand")
        elif name in claims.hands:
            problems.add(("claims", "hands", name), ProblemCode.OUT_OF_ORDER,
                         f"{name} counts after an earlier hand not yet claimed")
    problems.raise_any()


class _Deal:
    """The deal as it is pegged: the board, the findings, and the parts refereed so far."""

    def __init__(self, record: DealRecord, table: Table, ruleset: Ruleset,
                 board: Pegboard) -> None:
        self.record = record
        self.table = table
        self.ruleset = ruleset
        self.board = board
        self.findings: list[Finding] = []
        self.hands: dict[str, HandCheck] = {}
        self.crib: HandCheck | None = None
        self.unruled: dict[str, int] = {}
        self.unruled_crib: int | None = None

    def find(self, code: FindingCode, message: str, player: str | None,
             points: int | None = None, index: int | None = None) -> None:
        self.findings.append(Finding(code, message, player, index, points,
                                     cite(code, self.ruleset)))

    def peg(self, player: str, points: int, stage: Stage,
            claimed: int | None = None) -> int | None:
        """Peg ``points`` for ``player``, who claimed ``claimed``. Returns the most the
        opponent may be awarded for this claim: after a false claim of game under ACC
        8.4.b, the points up to the game hole; None when there is no limit."""
        if self.board.peg(player, points, stage, claimed):
            return false_claim(player, stage, self.board, self.ruleset, self.find)
        return None

    def misdeal(self, why: str) -> None:
        spec = self.ruleset.spec
        points = 2 if spec.misdeal is MisdealRemedy.PONE_PEGS_2 else None
        self.find(FindingCode.MISDEAL, f"misdeal: {why}; " + spec.remedies[FindingCode.MISDEAL],
                  self.table.dealer, points)
        if points:
            self.peg(self.table.pone, points, Stage.MISDEAL)

    def show(self, name: str | None, checked: HandCheck) -> None:
        """Peg one count: ``name``'s hand, or the crib (None)."""
        owner = self.table.dealer if name is None else name
        if name is None:
            self.crib = checked
        else:
            self.hands[name] = checked
        ruling = checked.ruling
        if ruling is None:
            self.peg(owner, checked.show.total, Stage.SHOW)
            return
        self.findings.extend(ruling.findings)
        most = self.peg(owner, ruling.player_pegs, Stage.SHOW, ruling.read)
        self.peg(self.table.left_of(owner), award(ruling.opponent_pegs, most), Stage.SHOW)

    def result(self, before: dict[str, int], coming: Next, *, misdeal: bool = False,
               heels: Heels | None = None, play: PlayCheck | None = None) -> DealCheck:
        board = self.board
        board.settle()
        return DealCheck(misdeal, heels, play, self.hands, self.crib, tuple(self.findings),
                         before, dict(board.scores),
                         {side: board.scores[side] - before[side] for side in board.scores},
                         board.winner, board.won_during, coming, dict(self.unruled),
                         self.unruled_crib, self.table)


class _PlayBoard:
    """The deal's board as the play pegs into it (:class:`rules.play.rulings.Board`)."""

    def __init__(self, deal: _Deal) -> None:
        self.deal = deal
        self.most: int | None = None

    @property
    def won(self) -> bool:
        return self.deal.board.winner is not None

    def room(self, player: str) -> int | None:
        return self.deal.board.room(player)

    def peg(self, peg: Peg) -> bool:
        # An overcount's award to the opponent follows the claim it is for, and is
        # limited by a false claim of game made with that claim (ACC 8.4.b).
        points = peg.points
        if self.most is not None and peg.claimed is None:
            points = min(points, self.most)
        self.most = self.deal.peg(peg.player, points, Stage.PLAY, peg.claimed)
        return self.won


def _misdeal(record: DealRecord, table: Table) -> str | None:
    spec = table.variant.spec
    for player in table.seats:
        short = record.unshown and len(record.dealt[player]) < spec.dealt
        if len(record.dealt[player]) != spec.dealt and not short:
            return f"{player} was dealt {len(record.dealt[player])} cards, not {spec.dealt}"
        if record.discards is not None and len(record.discards[player]) != spec.to_crib:
            return (f"{player} laid {len(record.discards[player])} cards away, "
                    f"not {spec.to_crib}")
    if spec.crib_cards_dealt and record.crib_card is None:
        return "no card was dealt to the crib"
    return None
