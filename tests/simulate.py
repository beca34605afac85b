"""An independent legal player and a naive pegging scorer, written in the tests from docs/rules.md.

``play_out`` plays dealt hands to the end with random legal choices and records
what happened, gos included. It can be told to cheat once (a false go, a card out
of turn) so that tests can check the referee catches exactly that.
``naive_peg`` scores a record with no inference at all: it uses the simulator's
markers for where each count ended.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from rules.core.cards import Card, full_deck
from tests.naive import PIPS, is_run, naive_total, rank


@dataclass
class Event:
    player: str
    card: Card | None  # None: go
    count_ends: bool = False
    """A marker the simulator adds where a count ended; it is not part of the record."""
    false_go: bool = False
    """The simulator's own mark on the go it said falsely when told to cheat."""


@dataclass(frozen=True)
class Turn:
    """Whose turn it was before an event, on what count, and what they could lay."""

    player: str
    count: int
    playable: tuple[Card, ...]


def pips(card: Card) -> int:
    return PIPS[rank(card)]


def play_out(
    hands: dict[str, list[Card]],
    seats: Sequence[str],
    rng: random.Random,
    *,
    single_count: bool = False,
    renege_at: int | None = None,
    out_of_turn_at: int | None = None,
    trace: list[Turn] | None = None,
) -> list[Event]:
    """``trace``, if given, gets the turn before every event: who was to play, on what
    count, and the cards they could lay (none: they had to say go)."""
    held = {p: list(cards) for p, cards in hands.items()}
    events: list[Event] = []
    count, last = 0, None
    gone: set[str] = set()
    turn = leader = seats[0]
    decisions = 0
    reneged = False

    def next_after(player: str) -> str | None:
        i = seats.index(player)
        for step in range(1, len(seats) + 1):
            q = seats[(i + step) % len(seats)]
            if held[q] and q not in gone:
                return q
        return None

    def lay(player: str, card: Card) -> None:
        nonlocal count, last
        held[player].remove(card)
        events.append(Event(player, card))
        count += pips(card)
        last = player

    while True:
        playable = [c for c in held[turn] if pips(c) <= 31 - count]
        if trace is not None:
            trace.append(Turn(turn, count, tuple(playable)))
        if playable:
            decisions += 1
            others = [q for q in seats if q != turn and q not in gone
                      and any(pips(c) <= 31 - count for c in held[q])]
            said = [e for e in events if not e.count_ends]
            # A go straight after the player's own go reads as the same go said twice
            # (it changes nothing), so the false go waits for the next decision.
            repeat = bool(said) and said[-1].card is None and said[-1].player == turn
            if renege_at is not None and decisions >= renege_at and not reneged and not repeat:
                reneged = True
                events.append(Event(turn, None, false_go=True))
                gone.add(turn)
                nxt = next_after(turn)
            elif decisions == out_of_turn_at and others:
                intruder = rng.choice(others)
                lay(intruder, rng.choice([c for c in held[intruder] if pips(c) <= 31 - count]))
                nxt = next_after(intruder)
            else:
                lay(turn, rng.choice(playable))
                nxt = next_after(turn)
        else:
            events.append(Event(turn, None))
            gone.add(turn)
            nxt = next_after(turn)
        if count == 31:
            nxt = None
        if nxt is None:
            # No one can play: the count ends.
            events.append(Event("", None, count_ends=True))
            if single_count or not any(held.values()):
                return events
            count, gone = 0, set()
            if last is not None:
                nxt = next_after(last)
            else:  # no card was laid in that count: the same player leads again
                nxt = leader if held[leader] else next_after(leader)
            last = None
            if nxt is None:
                return events
            leader = nxt
        turn = nxt


def naive_card_points(count_cards: Sequence[Card], count: int) -> int:
    """What the last card of ``count_cards`` scores, straight from the rule's wording:
    every tail of the count is looked at whole, with no counting loop."""
    size = len(count_cards)
    tails = [count_cards[size - k:] for k in range(1, size + 1)]
    points = 2 if count in (15, 31) else 0
    # The longest tail of one rank: a pair, a pair royal, a double pair royal.
    alike = max(len(tail) for tail in tails if len({rank(c) for c in tail}) == 1)
    points += {1: 0, 2: 2, 3: 6, 4: 12}[alike]
    # The longest tail of three or more cards that is a run, in any order.
    points += max((len(tail) for tail in tails if len(tail) >= 3 and is_run(tail)), default=0)
    return points


def sides_of(players: Sequence[str]) -> dict[str, str]:
    """Who shares a score, from the rules: four players are two partnerships, partners
    sitting opposite (seats 1 and 3, seats 2 and 4, named ``"a&c"``); otherwise every
    player keeps their own."""
    if len(players) != 4:
        return {player: player for player in players}
    first, second, third, fourth = players
    ours, theirs = f"{first}&{third}", f"{second}&{fourth}"
    return {first: ours, third: ours, second: theirs, fourth: theirs}


def naive_peg_steps(events: Sequence[Event], seats: Sequence[str]) -> list[tuple[str, int]]:
    """Points in the order they are pegged: (player, points) for every card that scores."""
    steps: list[tuple[str, int]] = []
    count_cards: list[Card] = []
    count = 0
    last: str | None = None
    for event in events:
        if event.count_ends:
            if last is not None:
                steps.append((last, 1))  # the go, or the last card
            count_cards, count, last = [], 0, None
            continue
        if event.card is None:
            continue
        card = event.card
        assert count + pips(card) <= 31
        count_cards.append(card)
        count += pips(card)
        points = naive_card_points(count_cards, count)
        if points:
            steps.append((event.player, points))
        last = event.player
        if count == 31:
            count_cards, count, last = [], 0, None
    if last is not None:
        steps.append((last, 1))  # last card
    return steps


def naive_peg(events: Sequence[Event], seats: Sequence[str]) -> dict[str, int]:
    totals = dict.fromkeys(seats, 0)
    for player, points in naive_peg_steps(events, seats):
        totals[player] += points
    return totals


# --- whole deals and games ------------------------------------------------------------


@dataclass
class Deal:
    seats: tuple[str, ...]
    dealt: dict[str, list[Card]]
    discards: dict[str, list[Card]]
    crib_card: Card | None
    starter: Card
    events: list[Event]
    turns: list[Turn]

    @property
    def kept(self) -> dict[str, list[Card]]:
        return {p: [c for c in self.dealt[p] if c not in self.discards[p]] for p in self.seats}

    @property
    def crib(self) -> list[Card]:
        cards = [c for p in self.seats for c in self.discards[p]]
        return cards + ([self.crib_card] if self.crib_card else [])


def random_deal(rng: random.Random, seats: tuple[str, ...], dealt: int, to_crib: int,
                crib_card: bool, single_count: bool, *, renege_at: int | None = None,
                out_of_turn_at: int | None = None) -> Deal:
    """A deal dealt and played at random; with a cheat (as :func:`play_out` takes them),
    the same ``rng`` state deals and plays the same deal up to the cheat."""
    deck = list(full_deck())
    rng.shuffle(deck)
    hands = {p: deck[i * dealt:(i + 1) * dealt] for i, p in enumerate(seats)}
    rest = deck[len(seats) * dealt:]
    extra = rest.pop() if crib_card else None
    starter = rest.pop()
    discards = {p: rng.sample(hands[p], to_crib) for p in seats}
    kept = {p: [c for c in hands[p] if c not in discards[p]] for p in seats}
    turns: list[Turn] = []
    events = play_out(kept, seats, rng, single_count=single_count, renege_at=renege_at,
                      out_of_turn_at=out_of_turn_at, trace=turns)
    return Deal(seats, hands, discards, extra, starter, events, turns)


def tally_deal(deal: Deal, scores: dict[str, int], side_of: dict[str, str],
               target: int) -> str | None:
    """Peg a legal deal in order (heels, play, hands from the dealer's left, crib);
    return the side that reached the target, if one did."""
    dealer = deal.seats[-1]
    steps: list[tuple[str, int]] = []
    if rank(deal.starter) == "J":
        steps.append((dealer, 2))
    steps += naive_peg_steps(deal.events, deal.seats)
    steps += [(p, naive_total(deal.kept[p], deal.starter)) for p in deal.seats]
    steps.append((dealer, naive_total(deal.crib, deal.starter, crib=True)))
    for player, points in steps:
        side = side_of[player]
        scores[side] = min(target, scores[side] + points)
        if scores[side] == target:
            return side
    return None
