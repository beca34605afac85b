"""The rulings made once a play has been replayed (docs/rules.md#renege and after).

Some things can only be judged afterwards: a go is a renege if the player held a
card that fitted, which the hands show, or else a card they went on to play. Claims
are ruled on event by event, and the ruleset's remedies turn the true scores into
what each player pegs: penalties added, and under the ACC the points pegged after a
renege in its count retracted (ACC 7.3).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from rules.cards import Card
from rules.codes import FindingCode
from rules.pegging import THIRTY_ONE, PegKind
from rules.play_record import Peg, ScoredEvent
from rules.playstate import FITS, PlayState
from rules.rulesets import Ruleset
from rules.rulings import Finding, Verdict, rule_on_claim

__all__ = ["GoCall", "opponent_of", "pegging", "reneges"]

_MAX_PIPS = 10

Find = Callable[[FindingCode, str, str, int, "int | None"], None]


class GoCall(NamedTuple):
    """A go, said or inferred, with the position it was said in."""

    at: int
    """The event it was said at (or inferred before)."""
    before: PlayState
    inferred: bool
    series: int
    """Which count of the play it was said in (0 for the first)."""


def opponent_of(seats: Sequence[str], player: str) -> str:
    """Who pegs a player's penalties: the other player, or the next seat to the left
    (an opponent in the partnership game too, since partners sit opposite)."""
    return seats[(seats.index(player) + 1) % len(seats)]


def _plays(indices: Sequence[int]) -> str:
    """Event numbers for people, counted from 1."""
    first, last = indices[0] + 1, indices[-1] + 1
    return f"play {first}" if first == last else f"plays {first} to {last}"


def reneges(go_calls: Sequence[GoCall], events: Sequence[ScoredEvent], ruleset: Ruleset,
            find: Find) -> tuple[list[Peg], set[int]]:
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
            playable = max(len(fitting), left) if room >= _MAX_PIPS else len(fitting)
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
            penalties.append(Peg(go.at, opponent_of(state.players, player), points))
    return penalties, retracted


def pegging(events: Sequence[ScoredEvent], seats: Sequence[str], ruleset: Ruleset,
            muggins: bool, findings: list[Finding], penalties: Sequence[Peg],
            retracted: set[int], claimed: bool,
            pending: int | None = None) -> tuple[dict[str, int], tuple[Peg, ...]]:
    """What each player pegs: claims ruled on event by event (``claimed``: some event
    has a claim), retractions, then penalties. ``pending``: the card that may still earn
    the go, in a record in progress; a claim for that go waits."""
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

    pegs: list[Peg] = []

    def rule(entry: ScoredEvent, kept: bool, claim: int, true: int, what: str,
             credited: int = 0) -> None:
        """Rule on one claim; ``credited``, the event's unclaimed points, pegs with it."""
        ruling = rule_on_claim(claim, true, ruleset=ruleset, muggins=muggins,
                               player=entry.player, what=what, index=entry.index,
                               nineteen_is_zero=False)
        findings.extend(ruling.findings)
        if not kept:
            credited = 0
        pegs.append(Peg(entry.index, entry.player,
                        ruling.player_pegs + credited if kept else 0, claim + credited))
        # Muggins takes points the card scored, so it goes with them; an overcount's
        # penalty is a penalty, and penalties stand.
        if ruling.opponent_pegs and (kept or ruling.verdict is Verdict.OVERCOUNT):
            pegs.append(Peg(entry.index, opponent_of(seats, entry.player),
                            ruling.opponent_pegs))

    if not claims and not go_claims and not retracted:
        # No claims to rule on, nothing retracted: each card pegs what it scores.
        pegs = [Peg(e.index, e.player, e.points) for e in events
                if e.points and e.legal and e.card is not None]
    for entry in events if claims or go_claims or retracted else ():
        kept = entry.index not in retracted
        true = entry.points if entry.legal else 0
        claim = claims.get(entry.index)
        go_claim = go_claims.get(entry.index)
        if claim is None and go_claim is None:
            if entry.card is not None and true and kept:
                pegs.append(Peg(entry.index, entry.player, true))
            continue
        earned = entry.go_point if entry.legal else None
        go = earned.points if earned is not None else 0
        own = true - go
        what = f"play {entry.index + 1}"
        if go_claim is None and claim is not None and claim > own:
            # More than the card scored when laid: the claim covers its go point too, as
            # records written before claimed_go did.
            rule(entry, kept, claim, true, what)
            continue
        credited = 0  # what no claim covers is credited (docs/rules.md#claims-in-the-play)
        if claim is None:
            credited += own
        if go_claim is None or entry.index == pending:
            credited += go
        if claim is not None:
            rule(entry, kept, claim, own, what, credited)
            credited = 0
        if go_claim is not None and entry.index != pending:
            last = earned is not None and earned.kind is PegKind.LAST_CARD
            rule(entry, kept, go_claim, go,
                 f"the {'last card' if last else 'go'} on {what}", credited)
        elif credited and kept:
            pegs.append(Peg(entry.index, entry.player, credited))
    if penalties:
        pegs.extend(penalties)
        pegs.sort(key=lambda peg: peg.index)
    pegged = dict.fromkeys(seats, 0)
    for peg in pegs:
        pegged[peg.player] += peg.points
    return pegged, tuple(pegs)
