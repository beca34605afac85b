"""The play: referee a recorded pegging sequence (RULES.md sections 4 and 7).

The record lists what happened at the table, mistakes included. The referee replays
it card by card. Where go calls are missing it infers them, taking the reading of
the record with the fewest broken rules (a card that would pass 31 after an
unanswered count starts a new count). Where equally good readings score
differently it says so with an ``ambiguous-record`` finding and names the reading
it scored.

Reneges are proved after the replay, once it is known what each player held when
they passed: from ``hands`` if given, otherwise from the cards they went on to play.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from rules.cards import Card, full_deck
from rules.pegging import GO_POINT, THIRTY_ONE, PegKind, PegScore, peg_scores
from rules.rulesets import Ruleset
from rules.rulings import Finding, FindingCode, cite, rule_on_claim
from rules.variants import Variant

__all__ = ["Peg", "PlayCheck", "PlayEvent", "PlayRecordError", "ScoredEvent", "check_play"]

_MAX_PIPS = 10
_DECK = tuple(full_deck())
_PIPS = tuple(card.pips for card in _DECK)
_INFERRED_RENEGE = 2
"""A recorded error (over 31, out of turn) costs 1."""


class PlayRecordError(ValueError):
    """A record that cannot be refereed at all (malformed, not merely wrong at the table)."""


@dataclass(frozen=True, slots=True)
class PlayEvent:
    """One recorded event: a card laid, or a go (``card`` is None)."""

    player: str
    card: Card | None = None
    claimed: int | None = None

    @property
    def go(self) -> bool:
        return self.card is None


@dataclass(slots=True)
class ScoredEvent:
    index: int
    player: str
    card: Card | None
    count: int
    claimed: int | None
    scores: list[PegScore] = field(default_factory=list)
    points: int = 0
    """What the event truly scores: the sum of ``scores``."""
    legal: bool = True
    """False for a card taken back (over 31) or laid after the play had ended."""
    new_count: bool = False
    inferred_go: tuple[str, ...] = ()
    """Players the referee inferred said go just before this event."""

    def add(self, scores: Sequence[PegScore]) -> None:
        self.scores.extend(scores)
        self.points += sum(score.points for score in scores)


@dataclass(frozen=True, slots=True)
class Peg:
    """Points pegged, in table order: what deals need to know who reached the target first."""

    index: int
    player: str
    points: int
    claimed: int | None = None
    """What the player claimed for these points, where they pegged their own claim."""


@dataclass(frozen=True, slots=True)
class PlayCheck:
    plays: tuple[ScoredEvent, ...]
    totals: dict[str, int]
    findings: tuple[Finding, ...]
    pegged: dict[str, int]
    """What each player pegs after the ruleset's remedies (claims, muggins, penalties)."""
    pegs: tuple[Peg, ...]
    claims_given: bool
    partnerships: tuple[tuple[tuple[str, str], int], ...] | None


# --- the table during the replay -------------------------------------------------------


@dataclass(slots=True)
class _Table:
    count: int
    stack: list[Card]
    last: str | None
    """Who laid the last card of this count."""
    last_index: int | None
    gone: dict[str, int]
    """Players who have said go in this count, with the count when they did."""
    actor: str | None
    """Whose turn it is; None once the play is over."""
    leader: str | None
    """Who led (or is to lead) this count."""
    over: bool
    remaining: dict[str, int]
    held: dict[str, set[int]] | None
    """Each player's cards by index (ints hash faster than cards)."""

    def copy(self) -> _Table:
        return _Table(
            self.count,
            list(self.stack),
            self.last,
            self.last_index,
            dict(self.gone),
            self.actor,
            self.leader,
            self.over,
            dict(self.remaining),
            None if self.held is None else {p: set(c) for p, c in self.held.items()},
        )


@dataclass(frozen=True, slots=True)
class _GoCall:
    player: str
    index: int
    count: int
    held: frozenset[int] | None
    remaining: int
    inferred: bool


@dataclass(slots=True)
class _Reading:
    """One way to read a card event: gos inferred before it, then how the card stands."""

    table: _Table
    cost: int
    inferred: list[_GoCall]
    go_awards: list[tuple[int, PegScore]]
    new_count: bool
    kind: str = "play"  # "play", "out-of-turn", "over-31"

    def outcome(self, player: str, points: int, owner: Mapping[int, str]) -> dict[str, int]:
        result: dict[str, int] = {}
        for index, score in self.go_awards:
            result[owner[index]] = result.get(owner[index], 0) + score.points
        if self.kind != "over-31":
            result[player] = result.get(player, 0) + points
        for go in self.inferred:
            result[f"renege:{go.player}"] = 1
        return result


class _Referee:
    def __init__(
        self,
        players: Sequence[str],
        hands: Mapping[str, Sequence[Card]] | None,
        variant: Variant,
    ) -> None:
        self.seats = tuple(players)
        self.seat = {player: i for i, player in enumerate(self.seats)}
        self.single_count = variant.spec.single_count
        size = variant.spec.hand_size
        held = None if hands is None else {
            p: {card.index for card in hands.get(p, ())} for p in self.seats}
        remaining = {p: (len(held[p]) if held is not None else size) for p in self.seats}
        self.table = _Table(0, [], None, None, {}, None, None, False, remaining, held)
        if any(remaining.values()):
            self.table.actor = self.table.leader = self.seats[0]
        self.owners: dict[int, str] = {}
        """Who laid the card at each event index."""

    # -- turn order --

    def next_from(self, table: _Table, player: str) -> str | None:
        """The next player after ``player`` (ending with ``player``) who still plays this count."""
        n = len(self.seats)
        start = self.seat[player]
        for step in range(1, n + 1):
            candidate = self.seats[(start + step) % n]
            if table.remaining[candidate] > 0 and candidate not in table.gone:
                return candidate
        return None

    def end_count(self, table: _Table) -> list[tuple[int, PegScore]]:
        """No one can play: the go (or last card) to whoever laid the last card, then reset."""
        awards: list[tuple[int, PegScore]] = []
        final = self.single_count or not any(table.remaining.values())
        if table.last is not None and table.last_index is not None and table.count != THIRTY_ONE:
            kind = PegKind.LAST_CARD if final else PegKind.GO
            awards.append((table.last_index, PegScore(kind, GO_POINT)))
        last, leader = table.last, table.leader
        if final:
            table.over, table.actor = True, None
            return awards
        table.count, table.stack, table.gone = 0, [], {}
        table.last, table.last_index = None, None
        if last is not None:
            table.actor = self.next_from(table, last)
        elif leader is not None:
            # Everyone passed without a card laid (reneges all): the same player leads.
            table.actor = leader if table.remaining[leader] > 0 else self.next_from(table, leader)
        else:
            table.actor = None
        table.leader = table.actor
        if table.actor is None:
            table.over = True
        return awards

    def after_go(self, table: _Table, player: str) -> list[tuple[int, PegScore]]:
        table.gone[player] = table.count
        table.actor = self.next_from(table, player)
        return self.end_count(table) if table.actor is None else []

    def go_cost(self, table: _Table, player: str, own_card: Card | None) -> int:
        """The cost of inferring that ``player`` said go here: nothing, unless it would be a
        renege the referee can already see. A renege nobody recorded costs more than an
        error in the record, so the referee never presumes one where the record can be
        read with a recorded error instead."""
        room = THIRTY_ONE - table.count
        if table.held is not None:
            fits = any(_PIPS[index] <= room for index in table.held[player])
        else:
            fits = room >= _MAX_PIPS or (own_card is not None and own_card.pips <= room)
        return _INFERRED_RENEGE if fits else 0

    def snapshot_go(self, table: _Table, player: str, index: int, inferred: bool) -> _GoCall:
        held = None if table.held is None else frozenset(table.held[player])
        return _GoCall(player, index, table.count, held, table.remaining[player], inferred)

    # -- readings of a card event --

    def readings(self, player: str, card: Card, index: int) -> list[_Reading]:
        table = self.table.copy()
        current = _Reading(table.copy(), 0, [], [], False)
        found = [current]
        for _ in range(2 * len(self.seats)):
            actor = table.actor
            if actor is None or table.over:
                break
            if actor == player and card.pips <= THIRTY_ONE - table.count:
                break  # the card is a legal play here: no reason to infer more
            cost = current.cost + self.go_cost(table, actor, card if actor == player else None)
            go = self.snapshot_go(table, actor, index, inferred=True)
            had_cards = bool(table.stack)
            awards = self.after_go(table, actor)
            current = _Reading(
                table.copy(),
                cost,
                [*current.inferred, go],
                [*current.go_awards, *awards],
                current.new_count or (had_cards and not table.stack),
            )
            found.append(current)

        options: list[_Reading] = []
        for reading in found:
            t = reading.table
            fits = card.pips <= THIRTY_ONE - t.count
            in_turn = t.actor == player
            extra = (0 if in_turn else 1) + (0 if fits else 1)
            kind = "over-31" if not fits else ("play" if in_turn else "out-of-turn")
            options.append(_Reading(t, reading.cost + extra, reading.inferred,
                                    reading.go_awards, reading.new_count, kind))
        return options

    def choose(self, player: str, card: Card, index: int) -> tuple[_Reading, _Reading | None]:
        """The reading with the fewest broken rules (fewest inferred gos on a tie), and a
        differently scoring reading that is just as good, if there is one."""
        options = self.readings(player, card, index)
        best_cost = min(option.cost for option in options)
        tied = [option for option in options if option.cost == best_cost]
        chosen = tied[0]
        owner = self.owners
        points = self.card_points(chosen.table, card)
        for other in tied[1:]:
            other_points = self.card_points(other.table, card)
            if other.outcome(player, other_points, owner) != chosen.outcome(player, points, owner):
                return chosen, other
        return chosen, None

    def card_points(self, table: _Table, card: Card) -> int:
        count = table.count + card.pips
        if count > THIRTY_ONE:
            return 0
        return sum(score.points for score in peg_scores([*table.stack, card], count))


def _describe(reading: _Reading, player: str) -> str:
    parts = [f"{go.player} said go" for go in reading.inferred]
    if reading.new_count:
        parts.append("the count ended")
    parts.append({
        "play": f"{player} played the card",
        "out-of-turn": f"{player} played the card out of turn",
        "over-31": f"{player}'s card went over 31",
    }[reading.kind])
    return ", ".join(parts)


def check_play(
    events: Sequence[PlayEvent],
    *,
    players: Sequence[str] = ("pone", "dealer"),
    hands: Mapping[str, Sequence[Card]] | None = None,
    variant: Variant = Variant.SIX_CARD,
    ruleset: Ruleset = Ruleset.ACC,
    muggins: bool = False,
) -> PlayCheck:
    """Referee a recorded play. ``players`` are in seat order from the dealer's left,
    ending with the dealer; ``hands`` are the cards each held when the play began."""
    if len(players) != variant.spec.players or len(set(players)) != len(players):
        raise PlayRecordError(f"the {variant} game has {variant.spec.players} distinct players")
    _check_record(events, players, hands)
    ref = _Referee(players, hands, variant)
    findings: list[Finding] = []
    scored: list[ScoredEvent] = []
    go_calls: list[_GoCall] = []
    played: dict[Card, str] = {}
    seats = ref.seats

    def find(code: FindingCode, message: str, player: str, index: int,
             points: int | None = None) -> None:
        findings.append(Finding(code, message, player, index, points, cite(code, ruleset)))

    def award(awards: list[tuple[int, PegScore]]) -> None:
        for index, score in awards:
            scored[index].add((score,))

    for index, event in enumerate(events):
        player = event.player
        table = ref.table
        if event.card is None:
            entry = ScoredEvent(index, player, None, table.count, event.claimed)
            scored.append(entry)
            if (table.over or player in table.gone or table.remaining[player] <= 0
                    or (player == table.last and player != table.actor)):
                # A repeated go, a go with nothing to play, or a go by the player who laid
                # the last card while others may still play: it changes nothing.
                continue
            if player != table.actor:
                # Infer the gos of the players between the one on turn and this one.
                probe = table.copy()
                inferred: list[_GoCall] = []
                awards: list[tuple[int, PegScore]] = []
                while probe.actor is not None and probe.actor != player and \
                        len(inferred) < len(seats):
                    inferred.append(ref.snapshot_go(probe, probe.actor, index, inferred=True))
                    awards += ref.after_go(probe, probe.actor)
                if probe.actor != player:
                    continue  # the turn order never reaches this player: nothing to infer
                ref.table = table = probe
                go_calls.extend(inferred)
                entry.inferred_go = tuple(go.player for go in inferred)
                award(awards)
            go_calls.append(ref.snapshot_go(table, player, index, inferred=False))
            award(ref.after_go(table, player))
            entry.count = ref.table.count
            continue

        card = event.card
        if table.held is not None and card.index not in table.held[player]:
            if card in played:
                find(FindingCode.CARD_ALREADY_PLAYED,
                     f"{card} was already played by {played[card]}", player, index)
            else:
                holder = next((p for p, held in table.held.items() if card.index in held),
                              None)
                where = f"it is in {holder}'s hand" if holder else "it was not in their hand"
                find(FindingCode.CARD_NOT_HELD, f"{player} did not hold {card}: {where}",
                     player, index)
        elif table.held is None and card in played:
            find(FindingCode.CARD_ALREADY_PLAYED, f"{card} was already played by {played[card]}",
                 player, index)
        elif table.remaining[player] <= 0:
            find(FindingCode.CARD_NOT_HELD, f"{player} had no cards left to play", player, index)

        if table.over:
            scored.append(ScoredEvent(index, player, card, table.count, event.claimed,
                                      legal=False))
            find(FindingCode.OUT_OF_TURN, f"{player} laid {card} after the play had ended",
                 player, index)
            continue

        if table.actor == player and card.pips <= THIRTY_ONE - table.count:
            # The common case, the player on turn laying a card that fits: one reading.
            entry = ScoredEvent(index, player, card, table.count, event.claimed,
                                new_count=not table.stack)
            scored.append(entry)
        else:
            reading, rival = ref.choose(player, card, index)
            ref.table = table = reading.table
            go_calls.extend(reading.inferred)
            entry = ScoredEvent(index, player, card, table.count, event.claimed,
                                new_count=not table.stack and reading.kind != "over-31",
                                inferred_go=tuple(go.player for go in reading.inferred))
            scored.append(entry)
            award(reading.go_awards)
            if rival is not None:
                find(FindingCode.AMBIGUOUS_RECORD,
                     f"the record admits two readings that score differently: "
                     f"{_describe(reading, player)}; or {_describe(rival, player)}. "
                     f"Scored as the first.", player, index)
            if reading.kind == "over-31":
                entry.legal = False
                find(FindingCode.OVER_31,
                     f"{card} on a count of {table.count} would make "
                     f"{table.count + card.pips}: taken back, it scores nothing", player, index)
                continue  # the card goes back to the hand; the same player is still to play
            if reading.kind == "out-of-turn":
                find(FindingCode.OUT_OF_TURN, f"{player} played {card} when it was "
                     f"{table.actor}'s turn; the play stands", player, index)

        if table.held is not None:
            table.held[player].discard(card.index)
        table.remaining[player] -= 1
        played[card] = player
        table.count += card.pips
        table.stack.append(card)
        table.last, table.last_index = player, index
        ref.owners[index] = player
        entry.count = table.count
        entry.add(peg_scores(table.stack, table.count))
        if table.count == THIRTY_ONE:
            award(ref.end_count(table))
        else:
            table.actor = ref.next_from(table, player)
            if table.actor is None:
                award(ref.end_count(table))

    table = ref.table
    if not table.over and table.last_index is not None and table.count != THIRTY_ONE:
        # The record ends mid-count: the last card laid takes the last-card point.
        scored[table.last_index].add((PegScore(PegKind.LAST_CARD, GO_POINT),))

    if table.held is not None and not ref.single_count:
        for player in seats:
            left = table.held[player]
            if left:
                names = " ".join(str(_DECK[i]) for i in sorted(left))
                find(FindingCode.CARDS_LEFT_UNPLAYED, f"{player} never played {names}",
                     player, len(events))

    penalties = _reneges(go_calls, scored, ref, ruleset, find)

    totals = dict.fromkeys(seats, 0)
    for entry in scored:
        if entry.card is not None and entry.legal:
            totals[entry.player] += entry.points

    pegged, pegs, claims_given = _pegging(scored, ref, ruleset, muggins, findings, penalties)
    partnerships = None
    if len(seats) == 4:
        partnerships = (
            ((seats[0], seats[2]), totals[seats[0]] + totals[seats[2]]),
            ((seats[1], seats[3]), totals[seats[1]] + totals[seats[3]]),
        )
    findings.sort(key=lambda f: (f.index if f.index is not None else -1))
    return PlayCheck(tuple(scored), totals, tuple(findings), pegged, pegs, claims_given,
                     partnerships)


def _check_record(events: Sequence[PlayEvent], players: Sequence[str],
                  hands: Mapping[str, Sequence[Card]] | None) -> None:
    known = set(players)
    for i, event in enumerate(events):
        if event.player not in known:
            raise PlayRecordError(f"play {i}: unknown player {event.player!r}")
    if hands is None:
        return
    owner: dict[Card, str] = {}
    for player, cards in hands.items():
        if player not in known:
            raise PlayRecordError(f"hands: unknown player {player!r}")
        for card in cards:
            if card in owner:
                raise PlayRecordError(f"hands: {card} is in both {owner[card]}'s and "
                                      f"{player}'s hands")
            owner[card] = player


def opponent_of(seats: Sequence[str], player: str) -> str:
    """Who pegs a player's penalties: the other player, or the next seat to the left
    (an opponent in the partnership game too, since partners sit opposite)."""
    return seats[(seats.index(player) + 1) % len(seats)]


def _reneges(go_calls: list[_GoCall], scored: list[ScoredEvent], ref: _Referee,
             ruleset: Ruleset, find: Callable[..., None]) -> list[Peg]:
    """A pass while holding a card that fits, proved by the hand or by a later card."""
    penalties: list[Peg] = []
    for go in go_calls:
        room = THIRTY_ONE - go.count
        fitting: list[Card]
        if go.held is not None:
            fitting = [_DECK[i] for i in sorted(go.held) if _PIPS[i] <= room]
            playable = len(fitting)
        else:
            fitting = [e.card for e in scored[go.index:]
                       if e.card is not None and e.legal and e.player == go.player
                       and e.card.pips <= room]
            # With room for a ten every card fits, whichever they were.
            playable = max(len(fitting), go.remaining) if room >= _MAX_PIPS else len(fitting)
        if not playable:
            continue
        points = ruleset.spec.renege_award(playable)
        known = " ".join(str(c) for c in fitting)
        how = f"holding {known}" if known else "holding cards"
        if playable > len(fitting):
            how += f" ({playable} cards, every one of which fits)"
        said = "was taken to have said go" if go.inferred else "said go"
        find(FindingCode.RENEGE, f"{go.player} {said} on a count of {go.count} {how}",
             go.player, go.index, points)
        if points:
            penalties.append(Peg(go.index, opponent_of(ref.seats, go.player), points))
    return penalties


def _pegging(scored: list[ScoredEvent], ref: _Referee, ruleset: Ruleset, muggins: bool,
             findings: list[Finding], penalties: list[Peg]) -> tuple[dict[str, int],
                                                                     tuple[Peg, ...], bool]:
    """What each player pegs: claims ruled on event by event, then penalties."""
    seats = ref.seats
    # A claim made on a go by the player who laid the last card is the go point claimed:
    # it belongs with that card.
    unit_claims: dict[int, int] = {}
    last_card_of: dict[str, int] = {}
    for entry in scored:
        if entry.card is not None and entry.legal:
            last_card_of[entry.player] = entry.index
        if entry.claimed is None:
            continue
        unit = entry.index
        if entry.card is None and entry.player in last_card_of:
            unit = last_card_of[entry.player]
        unit_claims[unit] = unit_claims.get(unit, 0) + entry.claimed
    claims_given = bool(unit_claims)

    pegs: list[Peg] = []
    for entry in scored:
        true = entry.points if entry.legal else 0
        claimed = unit_claims.get(entry.index)
        if claimed is None:
            if entry.card is not None and true:
                pegs.append(Peg(entry.index, entry.player, true))
            continue
        ruling = rule_on_claim(claimed, true, ruleset=ruleset, muggins=muggins,
                               player=entry.player, what=f"play {entry.index}",
                               index=entry.index, nineteen_is_zero=False)
        findings.extend(ruling.findings)
        pegs.append(Peg(entry.index, entry.player, ruling.player_pegs, claimed))
        if ruling.opponent_pegs:
            opponent = opponent_of(seats, entry.player)
            pegs.append(Peg(entry.index, opponent, ruling.opponent_pegs))
    pegs.extend(penalties)
    pegs.sort(key=lambda peg: peg.index)
    pegged = dict.fromkeys(seats, 0)
    for peg in pegs:
        pegged[peg.player] += peg.points
    return pegged, tuple(pegs), claims_given
