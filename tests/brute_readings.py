"""A naive reader of pegging records, for checking the referee's whole-record reading.

Written from docs/rules.md#ambiguous-record alone: it lists every reading of the whole
record, one event after another with no merging and no bound, scores each reading by
the rules it breaks, and takes the cheapest with the rule book's tie-breaks. It moves
on the play's state machine (:class:`rules.play.state.PlayState`, checked on its own in
tests/library/test_playstate.py) but decides nothing with the referee's reading code.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from rules.core.cards import Card
from rules.play.check import PlayEvent
from rules.play.state import NO_ONE, PlayState

RECORDED = 1
"""A mistake the record shows: over 31, out of turn, a card not held or laid twice, a
go said holding a card that fits."""
PRESUMED = 2
"""A renege the referee would have to presume: a go it infers from a player who visibly
holds a card that fits."""


@dataclass(frozen=True)
class Step:
    """How one event is read."""

    passers: tuple[int, ...]
    """The seats inferred to have said go before it, in order."""
    laid: bool
    """A card that stands (not taken back over 31, not laid after the play ended)."""
    cost: int
    after: PlayState
    """Where the play stands after the event."""


@dataclass(frozen=True)
class Reading:
    steps: tuple[Step, ...]

    @property
    def cost(self) -> int:
        return sum(step.cost for step in self.steps)

    @property
    def gos(self) -> int:
        return sum(len(step.passers) for step in self.steps)

    @property
    def order(self) -> tuple[int, int, tuple[int, ...]]:
        """Cheapest, then fewest gos inferred, then fewer at the earliest event."""
        return self.cost, self.gos, tuple(len(step.passers) for step in self.steps)


def visibly_holds_a_fit(state: PlayState, seat: int, own: Card | None = None) -> bool:
    """The referee can see that ``seat`` could lay a card on this count: by their hand,
    by the card they lay next (``own``), or because every card fits under 22."""
    room = 31 - state.count
    if state.hands is not None:
        return any(card.pips <= room for card in state.held(seat) or ())
    return room >= 10 or (own is not None and own.pips <= room)


def card_steps(state: PlayState, seat: int, card: Card, laid_before: frozenset[int],
               ) -> Iterator[Step]:
    """Every reading of ``seat`` laying ``card``: k players on turn said go first (k = 0,
    1, ... while the card is not yet a legal play, two rounds of the table at most), then
    the card as it falls on that position."""
    if state.hands is not None:
        wrong = state.left[seat] <= 0 or card not in (state.held(seat) or ())
    else:
        wrong = state.left[seat] <= 0 or card.index in laid_before
    extra = RECORDED if wrong else 0
    if state.turn == NO_ONE:
        yield Step((), False, extra + RECORDED, state)  # after the play had ended
        return
    passers: tuple[int, ...] = ()
    cost = extra
    for _ in range(2 * len(state.players) + 1):
        in_turn = state.turn == seat
        fits = state.count + card.pips <= 31
        if fits:
            yield Step(passers, True, cost + (0 if in_turn else RECORDED),
                       state.lay(card, seat)[0])
        else:
            yield Step(passers, False, cost + RECORDED + (0 if in_turn else RECORDED), state)
        if in_turn and fits:
            return  # a legal play: no reason to infer more gos
        # One more player on turn said go.
        goer = state.turn
        if visibly_holds_a_fit(state, goer, card if goer == seat else None):
            cost += PRESUMED
        passers = (*passers, goer)
        state = state.go()[0]
        if state.turn == NO_ONE:
            return  # nobody lays a card after the play has ended


def go_step(state: PlayState, seat: int, then: Card | None, repeated: bool) -> Step:
    """A go said by ``seat``: ``repeated``, straight after their own go; ``then``, their own
    card straight after it, if any."""
    nothing = Step((), False, 0, state)
    # A go that changes nothing (docs/rules.md#repeated-go).
    if repeated or state.turn == NO_ONE or state.left[seat] <= 0 \
            or state.gone >> seat & 1 or (state.last == seat and state.turn != seat):
        return nothing
    # The players on turn before them said go too, once round the table at most.
    passers: tuple[int, ...] = ()
    cost = 0
    ended = False
    for _ in range(len(state.players)):
        if state.turn in (seat, NO_ONE):
            break
        if visibly_holds_a_fit(state, state.turn):
            cost += PRESUMED
        passers = (*passers, state.turn)
        state, scored = state.go()
        ended = ended or scored.ended
    if state.turn != seat:
        return nothing  # the turn never comes to them
    after, scored = state.go()
    if then is not None and not ended and not scored.ended \
            and state.count + then.pips <= 31:
        return nothing  # taken back by their next card before anyone pegged (ACC 7.3)
    said = RECORDED if visibly_holds_a_fit(state, seat) else 0
    return Step(passers, False, cost + said, after)


def readings(start: PlayState, events: Sequence[PlayEvent]) -> list[Reading]:
    """Every reading of the whole record."""
    found: list[Reading] = []

    def walk(state: PlayState, laid: frozenset[int], steps: tuple[Step, ...]) -> None:
        i = len(steps)
        if i == len(events):
            found.append(Reading(steps))
            return
        event = events[i]
        seat = state.players.index(event.player)
        if event.card is None:
            before = events[i - 1] if i else None
            following = events[i + 1] if i + 1 < len(events) else None
            then = following.card if following is not None \
                and following.player == event.player else None
            repeated = before is not None and before.card is None \
                and before.player == event.player
            step = go_step(state, seat, then, repeated)
            walk(step.after, laid, (*steps, step))
            return
        for step in card_steps(state, seat, event.card, laid):
            walk(step.after, laid | {event.card.index} if step.laid else laid, (*steps, step))

    walk(start, frozenset(), ())
    return found


@dataclass(frozen=True)
class Verdict:
    """The reading that stands, and the events where an equally cheap reading that
    agrees with it before them reads them differently and scores differently there."""

    reading: Reading
    ambiguous: tuple[int, ...]


def best_reading(start: PlayState, events: Sequence[PlayEvent]) -> Verdict:
    every = readings(start, events)
    best = min(every, key=lambda reading: reading.order)
    cheapest = best.cost
    ambiguous = []
    for i, (event, step) in enumerate(zip(events, best.steps, strict=True)):
        if event.card is None:
            continue
        before = best.steps[:i]
        if any(other.cost == cheapest and other.steps[:i] == before
               and other.steps[i] != step and score_at(other.steps[i], event) != score_at(
                   step, event) for other in every):
            ambiguous.append(i)
    return Verdict(best, tuple(ambiguous))


def score_at(step: Step, event: PlayEvent) -> tuple[tuple[int, ...], frozenset[int]]:
    """What a card's reading scores there: each seat's pegs after it, and who passed."""
    return step.after.pegs, frozenset(step.passers)


def overturned(start: PlayState, events: Sequence[PlayEvent], reading: Reading) -> list[int]:
    """The cards that ``reading`` reads otherwise than the best reading of the card alone,
    on the same position, would: where the rest of the record decided."""
    state, laid = start, frozenset[int]()
    found = []
    for i, (event, step) in enumerate(zip(events, reading.steps, strict=True)):
        if event.card is not None and state.turn != NO_ONE:
            seat = state.players.index(event.player)
            alone = min(card_steps(state, seat, event.card, laid),
                        key=lambda s: (s.cost, len(s.passers)))
            if alone.passers != step.passers or alone.laid != step.laid:
                found.append(i)
        if event.card is not None and step.laid:
            laid |= {event.card.index}
        state = step.after
    return found
