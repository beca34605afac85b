"""The play: referee a recorded pegging sequence (RULES.md sections 4 and 7).

The record lists what happened at the table, mistakes included. The referee replays
it on the play's state machine (:mod:`rules.play.state`), event by event. Where go
calls are missing it infers them (:mod:`rules.play.readings`), reading the whole record
to decide how (:mod:`rules.play.reader`); reneges and claims are ruled on once the
replay is done (:mod:`rules.play.rulings`).

A record may stop part-way (``in_progress``): then nothing that only the end of the
play decides is awarded (the last card, cards never played), and the final state
says whose turn it is and what they may lay.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rules.core.cards import Card
from rules.core.codes import FindingCode
from rules.core.errors import Problems
from rules.core.findings import Finding, cite
from rules.core.rulesets import Ruleset
from rules.core.table import Table
from rules.play.pegging import GO_POINT, THIRTY_ONE, PegKind, PegScore
from rules.play.reader import Choice, Fork, read_record
from rules.play.readings import CardReading, Inferred, Kind, card_readings, go_cost, read_go
from rules.play.record import Peg, PlayEvent, ScoredEvent, check_play_record
from rules.play.rulings import Board, GoCall, before_the_win, pegging, reneges
from rules.play.state import FITS, NO_ONE, PlayState, Scored

__all__ = ["Board", "Peg", "PlayCheck", "PlayEvent", "ScoredEvent", "check_play",
           "check_play_record"]

_LAST_CARD = PegScore(PegKind.LAST_CARD, GO_POINT)
_GO = PegScore(PegKind.GO, GO_POINT)
_new = tuple.__new__  # go calls built without the named tuple's keyword-friendly __new__


@dataclass(frozen=True, slots=True)
class PlayCheck:
    """A play refereed (:func:`check_play`): each event scored, what the cards truly score
    (``totals``) and what each player pegs after every ruling (``pegged``), the findings, and
    the state at the end."""

    plays: tuple[ScoredEvent, ...]
    totals: dict[str, int]
    findings: tuple[Finding, ...]
    pegged: dict[str, int]
    """What each player pegs after every ruling: claims, muggins, penalties, retractions."""
    pegs: tuple[Peg, ...]
    claims_given: bool
    partnerships: tuple[tuple[tuple[str, ...], int], ...] | None
    state: PlayState
    """Where the play stands after the record: whose turn, the count, what is held."""
    retracted: frozenset[int] = frozenset()
    """The events whose points a renege retracts (ACC 7.3): what they scored is in
    ``totals`` but not in ``pegged``, and a claim on them loses its muggins."""
    won_at: int | None = None
    """Pegged into a game (``board``): the event at which the winning peg was made (the
    record's length: at its end), -1 when it was won before the play. Nothing after
    that peg is pegged or ruled on (docs/rules.md#after-the-win)."""


def check_play(
    events: Sequence[PlayEvent],
    *,
    table: Table | None = None,
    hands: Mapping[str, Sequence[Card]] | None = None,
    ruleset: Ruleset = Ruleset.ACC,
    muggins: bool = False,
    in_progress: bool = False,
    board: Board | None = None,
) -> PlayCheck:
    """Referee a recorded play at ``table`` (the six-card game's ``pone`` and ``dealer``
    by default); ``hands`` are the cards each held when the play began. Given the
    ``board`` of a game, the play is pegged into it as it goes, and stops being ruled on
    once the game is won. Raises :class:`rules.core.errors.RecordError` for a record
    that cannot be refereed."""
    if table is None:
        table = Table.seat()
    problems = Problems()
    check_play_record(problems, events, table, hands)
    problems.raise_any()
    start = PlayState.start(table, hands)
    replay = _Replay(start, events, ruleset, None)
    fork = replay.run()
    if fork is not None and replay.spent > fork.spent:
        # Cards were read one at a time, and the record broke rules after the first
        # that could be read in more than one way: weigh the whole record from there.
        plan = read_record(fork, events, replay.spent - fork.spent)
        if any(choice.tied or choice.reading != replay.chosen.get(index, 0)
               for index, choice in plan.items()):
            replay = _Replay(start, events, ruleset, plan)
            replay.run()
    if in_progress and replay.complete():
        in_progress = False  # the play is over: the one-shot answer (docs/rules.md#live)
    return replay.finish(table, ruleset, muggins, in_progress, board)


class _Replay:
    """The record replayed on the state machine: scored events, go calls, findings.

    Without a ``plan`` each card is read at its cheapest alone, which is the reading of
    the whole record unless the record breaks a rule after the first card read so: the
    rules broken are counted (``spent``) to tell."""

    def __init__(self, state: PlayState, events: Sequence[PlayEvent], ruleset: Ruleset,
                 plan: Mapping[int, Choice] | None) -> None:
        self.state = state
        self.events = events
        self.ruleset = ruleset
        self.scored: list[ScoredEvent] = []
        self.findings: list[Finding] = []
        self.go_calls: list[GoCall] = []
        self.played: dict[int, str] = {}
        """Who laid each card, by card index."""
        self.series = 0
        self.plan = plan
        self.spent = 0
        """The rules broken, as the search counts them (:mod:`rules.play.reader`)."""
        self.laid = 0
        """The cards laid, as a bit mask, where the hands are not known."""
        self.chosen: dict[int, int] = {}
        self.fork: Fork | None = None
        self.last_index = -1
        """The event of the last card laid: where a go point is credited."""
        self.at = 0
        """The event being read (the record's length once it has all been read)."""

    def run(self) -> Fork | None:
        for index, event in enumerate(self.events):
            self.at = index
            if event.card is None:
                self.go(index, event)
            else:
                self.card(index, event.card, event)
        self.at = len(self.events)
        return self.fork

    def find(self, code: FindingCode, message: str, player: str, index: int,
             points: int | None = None) -> None:
        self.findings.append(Finding(code, message, player, index, points,
                                     cite(code, self.ruleset)))

    def credit(self, scored: Scored) -> None:
        """A move that ended the count: its go point to the card that earned it, earned
        at the event now being read."""
        if scored.go is not None:
            earner = self.scored[self.last_index]
            earner.add((scored.go,))
            earner.earned_at = self.at
        if scored.ended:
            self.series += 1

    def infer(self, index: int, gos: Sequence[Inferred], inferred: int) -> None:
        """Apply go calls (the first ``inferred`` of them inferred, the rest said)."""
        for i, go in enumerate(gos):
            self.go_calls.append(_new(GoCall, (index, go.before, i < inferred, self.series)))
            self.credit(go.scored)
            self.state = go.after

    def go(self, index: int, event: PlayEvent) -> None:
        state = self.state
        player = event.player
        entry = ScoredEvent(index, player, None, state.count, event.claimed, [], 0, True, False,
                            (), self.series)
        self.scored.append(entry)
        if index and self.events[index - 1].card is None \
                and self.events[index - 1].player == player:
            return  # a repeated go changes nothing
        seat = state.players.index(player)
        following = self.events[index + 1] if index + 1 < len(self.events) else None
        then = following.card if following is not None and following.player == player \
            else None
        gos = read_go(state, seat, then)
        if gos is None:
            return  # it changes nothing, or the same player's next card takes it back
        self.spent += go_cost(gos)
        if len(gos) > 1:  # mostly the player's own go alone: no generator for the rest
            entry.inferred_go = tuple(state.players[go.before.turn] for go in gos[:-1])
        self.infer(index, gos, len(gos) - 1)
        entry.count = self.state.count

    def card(self, index: int, card: Card, event: PlayEvent) -> None:
        player = event.player
        state = self.state
        seat = state.players.index(player)
        hands = state.hands
        if (state.left[seat] <= 0 or card.index in self.played if hands is None
                else not hands[seat] >> card.index & 1 or state.left[seat] <= 0):
            self._check_held(index, player, seat, card)
            self._lay(index, seat, card, event)
            self.spent += 1  # after the card's reading: a fork there is before this
            return
        self._lay(index, seat, card, event)

    def _lay(self, index: int, seat: int, card: Card, event: PlayEvent) -> None:
        player = event.player
        state = self.state
        if state.turn == seat and card.pips <= THIRTY_ONE - state.count:
            # The common case, the player on turn laying a card that fits.
            self.state, scored = state.lay(card, seat)
            self.scored.append(ScoredEvent(index, player, card, scored.count, event.claimed,
                                           list(scored.scores), scored.points, True,
                                           scored.new_count, (), self.series,
                                           event.claimed_go))
            self.played[card.index] = player
            self.laid |= 1 << card.index
            self.last_index = index
            if scored.ended:
                self.credit(scored)
            return
        entry = self._read(index, seat, card, event)
        if entry is None:
            return
        state = self.state
        self.state, scored = state.lay(card, seat)
        self.played[card.index] = player
        self.laid |= 1 << card.index
        self.last_index = index
        entry.count = scored.count
        if scored.scores:
            entry.scores.extend(scored.scores)
            entry.points += scored.points
        if scored.ended:
            self.credit(scored)

    def _read(self, index: int, seat: int, card: Card, event: PlayEvent) -> ScoredEvent | None:
        """A card that does not simply follow: read the record (:mod:`rules.play.readings`).
        Returns the event to lay, or None when the card is not laid at all."""
        player = event.player
        if self.state.over:
            self.scored.append(ScoredEvent(index, player, card, self.state.count, event.claimed,
                                           legal=False, series=self.series,
                                           claimed_go=event.claimed_go))
            self.find(FindingCode.OUT_OF_TURN, f"{player} laid {card} after the play had ended",
                      player, index)
            self.spent += 1
            return None
        reading, rival = self._choose(index, seat, card)
        self.infer(index, reading.gos, len(reading.gos))
        state = self.state = reading.state
        entry = ScoredEvent(index, player, card, state.count, event.claimed,
                            new_count=not state.stack and reading.kind is not Kind.OVER_31,
                            inferred_go=tuple(state.players[go.before.turn]
                                              for go in reading.gos),
                            series=self.series, claimed_go=event.claimed_go)
        self.scored.append(entry)
        if rival is not None:
            self.find(FindingCode.AMBIGUOUS_RECORD,
                      f"the record admits two readings that score differently: "
                      f"{reading.describe(player)}; or {rival.describe(player)}. "
                      f"Scored as the first.", player, index)
        if reading.kind is Kind.OVER_31:
            entry.legal = False
            self.find(FindingCode.OVER_31, f"{card} on a count of {state.count} would make "
                      f"{state.count + card.pips}: taken back, it scores nothing", player, index)
            return None  # the card goes back to the hand; the same player is still to play
        if reading.kind is Kind.OUT_OF_TURN:
            self.find(FindingCode.OUT_OF_TURN, f"{player} played {card} when it was "
                      f"{state.player}'s turn; the play stands", player, index)
        return entry

    def _choose(self, index: int, seat: int,
                card: Card) -> tuple[CardReading, CardReading | None]:
        """The card's reading that stands, and a differently scoring one that is just as
        good over the whole record, if there is one."""
        options = [reading for _, reading in card_readings(self.state, seat, card)]
        if len(options) == 1:
            self.spent += options[0].cost
            return options[0], None
        if self.plan is None:
            # The cheapest reading of the card alone (fewest gos on a tie).
            number = min(range(len(options)), key=lambda k: options[k].cost)
            if self.fork is None:
                played = 0 if self.state.hands is not None else self.laid
                self.fork = Fork(index, self.state, played, self.spent)
            self.chosen[index] = number
            self.spent += options[number].cost
            return options[number], None
        choice = self.plan[index]
        reading = options[choice.reading]
        outcome = reading.outcome(seat, card)
        rival = next((options[other] for other in choice.tied
                      if options[other].outcome(seat, card) != outcome), None)
        return reading, rival

    def _check_held(self, index: int, player: str, seat: int, card: Card) -> None:
        state = self.state
        held = state.held(seat)
        played = self.played.get(card.index)
        if held is not None and card not in held:
            if played is not None:
                self.find(FindingCode.CARD_ALREADY_PLAYED,
                          f"{card} was already played by {played}", player, index)
            else:
                holder = next((p for i, p in enumerate(state.players)
                               if card in (state.held(i) or ())), None)
                where = f"it is in {holder}'s hand" if holder else "it was not in their hand"
                self.find(FindingCode.CARD_NOT_HELD, f"{player} did not hold {card}: {where}",
                          player, index)
        elif held is None and played is not None:
            self.find(FindingCode.CARD_ALREADY_PLAYED,
                      f"{card} was already played by {played}", player, index)
        elif state.left[seat] <= 0:
            self.find(FindingCode.CARD_NOT_HELD, f"{player} had no cards left to play",
                      player, index)

    def complete(self) -> bool:
        """A record that stops where no one can play, the player on turn being the one
        who laid the last card: their go changes nothing (docs/rules.md#repeated-go), so
        it is taken as said. True when that ends the play (the five-card game's count)."""
        state = self.state
        if state.turn == NO_ONE or state.turn != state.last or state.hands is None:
            return False
        room = FITS[THIRTY_ONE - state.count]
        if any(held & room for held in state.hands):
            return False  # someone can lay, a player who said go too (ACC 7.3)
        after, scored = state.go()
        if not after.over:
            return False  # a new count begins: the record goes on
        self.credit(scored)
        self.state = after
        return True

    def unfinished(self) -> bool:
        """A record that stops while someone could still lay a card on the count: the
        play is not over, and no go or last card has been earned (with the hands known;
        without them, the end of the record is taken as the end of the play)."""
        state = self.state
        room = FITS[THIRTY_ONE - state.count]
        return state.hands is not None and any(held & room for held in state.hands)

    def finish(self, table: Table, ruleset: Ruleset, muggins: bool,
               in_progress: bool, board: Board | None = None) -> PlayCheck:
        state, scored = self.state, self.scored
        seats = state.players
        # The record ends mid-count where no one can lay on it: the last card laid takes
        # the go it earned (the last card, where no card is left or the count is the
        # play's only one). Where a card can still be laid nothing is earned yet
        # (docs/rules.md#cards-left-unplayed).
        earned: PegScore | None = None
        if not in_progress and not state.over and state.last != NO_ONE:
            unfinished = self.unfinished()
            if not unfinished:
                final = state.hands is None or state.single_count
                earned = _LAST_CARD if final else _GO
                scored[self.last_index].add((earned,))
                scored[self.last_index].earned_at = len(self.events)
            if state.hands is not None and (unfinished or not state.single_count):
                self.left_unplayed(unfinished)
        elif not in_progress and state.hands is not None and not state.single_count \
                and any(state.hands):
            self.left_unplayed(False)
        go_calls = self.go_calls
        if in_progress and go_calls and go_calls[-1].at == len(self.events) - 1 \
                and go_calls[-1].series == self.series:
            # ACC 7.3: a go that is the last event and did not end the count can still be
            # taken back by the same player's next card; it is ruled on once play goes on.
            go_calls = go_calls[:-1]
        penalties, retracted = reneges(go_calls, scored, ruleset, self.find, table)
        # What the cards truly scored: the machine's pegs, and a go it cannot know.
        totals = dict(zip(seats, state.pegs, strict=True))
        if earned is not None:
            totals[seats[state.last]] += earned.points
        findings = self.findings
        claimed = any(entry.claimed is not None or entry.claimed_go is not None
                      for entry in scored)
        # In progress, the last card laid may still earn the go: a claim for it waits.
        pending = self.last_index if in_progress and not state.over \
            and state.last != NO_ONE else None
        pegged, pegs, won_at = pegging(scored, table, ruleset, muggins, findings, penalties,
                                       retracted, claimed, pending, board)
        if won_at is not None:
            findings[:] = before_the_win(findings, won_at)
        partnerships = None
        if table.variant.spec.partnerships:
            # In this deal's seat order (the answer's), which need not be the sides' own.
            partnerships = tuple(
                (tuple(seats[i] for i in side), sum(totals[seats[i]] for i in side))
                for side in table.variant.spec.partnerships)
        if findings:
            findings.sort(key=lambda f: (f.index if f.index is not None else -1))
        return PlayCheck(tuple(scored), totals, tuple(findings), pegged, pegs, claimed,
                         partnerships, state, frozenset(retracted), won_at)

    def left_unplayed(self, unfinished: bool) -> None:
        """Cards never laid, at the end of the record: every card held, or in the
        five-card game's single count only those that could still be laid."""
        state = self.state
        room = FITS[THIRTY_ONE - state.count]
        for seat, player in enumerate(state.players):
            held = state.held(seat) or ()
            if state.single_count and unfinished:
                held = tuple(card for card in held if room >> card.index & 1)
            if held:
                names = " ".join(str(card) for card in held)
                self.find(FindingCode.CARDS_LEFT_UNPLAYED, f"{player} never played {names}",
                          player, len(self.events))
