"""The game as the replay corpus's client knows it (bench/_corpus.py): the variants'
facts written out, a dealer, a scorer of the show and the play, and a player who plays a
deal out, cheating on purpose when asked. Nothing here imports the project.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from itertools import combinations, pairwise
from typing import Any

RANKS = "A23456789TJQK"
SUITS = "SHDC"
DECK = tuple(rank + suit for suit in SUITS for rank in RANKS)
RULESETS = ("acc", "hoyle", "english", "friendly")


@dataclass(frozen=True)
class Spec:
    players: int
    dealt: int
    to_crib: int
    crib_card: int
    target: int
    single_count: bool


VARIANTS: dict[str, Spec] = {
    "six-card": Spec(2, 6, 2, 0, 121, False),
    "five-card": Spec(2, 5, 2, 0, 61, True),
    "three-player": Spec(3, 5, 1, 1, 121, False),
    "four-player": Spec(4, 5, 1, 0, 121, False),
    "seven-card": Spec(2, 7, 2, 0, 181, False),
}

NAMES: dict[int, list[tuple[str, ...]]] = {
    2: [("pone", "dealer"), ("ann", "bob"), ("Zoë", "李")],
    3: [("ann", "bob", "cy"), ("x", "y", "z")],
    4: [("ann", "bob", "cy", "dee"), ("n", "e", "s", "w")],
}


def pips(card: str) -> int:
    return min(RANKS.index(card[0]) + 1, 10)


def rank_of(card: str) -> int:
    return RANKS.index(card[0]) + 1


# --- the show ---------------------------------------------------------------------------


def show_total(hand: list[str], starter: str, crib: bool = False) -> int:
    cards = [*hand, starter]
    total = 0
    values = [pips(c) for c in cards]
    for size in range(2, len(cards) + 1):
        total += 2 * sum(1 for combo in combinations(values, size) if sum(combo) == 15)
    total += 2 * sum(1 for a, b in combinations(cards, 2) if a[0] == b[0])
    counts = [0] * 15
    for card in cards:
        counts[rank_of(card)] += 1
    start = 1
    while start <= 13:
        if counts[start] == 0:
            start += 1
            continue
        end = start
        while end + 1 <= 13 and counts[end + 1]:
            end += 1
        if end - start + 1 >= 3:
            ways = 1
            for r in range(start, end + 1):
                ways *= counts[r]
            total += (end - start + 1) * ways
        start = end + 1
    suits = {c[1] for c in hand}
    if len(suits) == 1:
        if starter[1] in suits:
            total += len(hand) + 1
        elif not crib:
            total += len(hand)
    total += sum(1 for c in hand if c[0] == "J" and c[1] == starter[1])
    return total


# --- the play ---------------------------------------------------------------------------


def card_points(window: list[str], count: int) -> int:
    points = 2 if count in (15, 31) else 0
    alike = 1
    while alike < len(window) and window[-1 - alike][0] == window[-1][0]:
        alike += 1
    points += {1: 0, 2: 2, 3: 6, 4: 12}[alike]
    for size in range(len(window), 2, -1):
        ranks = sorted(rank_of(c) for c in window[-size:])
        if all(b == a + 1 for a, b in pairwise(ranks)):
            points += size
            break
    return points


CHEATS = ("renege", "out-of-turn", "over-31", "not-held", "already-played", "stop",
          "repeat-go")


@dataclass
class Play:
    events: list[dict[str, Any]] = field(default_factory=list)
    points: list[int] = field(default_factory=list)
    """What each event pegs by this file's reckoning (a go point on the card that ended
    the count, as the referee shows it)."""
    turns: list[tuple[int, str]] = field(default_factory=list)
    """(number of events so far, the player to act) before each decision with a card
    to lay: the places a pegging advice can be asked at."""


def play_out(rng: random.Random, kept: dict[str, list[str]], seats: tuple[str, ...],
             single_count: bool, cheat: str | None = None,
             unseen: list[str] | None = None) -> Play:
    held = {p: list(cards) for p, cards in kept.items()}
    out = Play()
    laid: list[str] = []
    count, window, last = 0, [], None
    last_event = -1
    gone: set[str] = set()
    turn = leader = seats[0]
    cheat_at = rng.randint(1, 6) if cheat else 0
    decisions = 0

    def event(player: str, card: str | None, points: int = 0) -> None:
        out.events.append({"player": player, "card": card} if card else
                          {"player": player, "go": True})
        out.points.append(points)

    def next_after(player: str) -> str | None:
        i = seats.index(player)
        for step in range(1, len(seats) + 1):
            q = seats[(i + step) % len(seats)]
            if held[q] and q not in gone:
                return q
        return None

    def lay(player: str, card: str) -> None:
        nonlocal count, last, last_event
        held[player].remove(card)
        laid.append(card)
        count += pips(card)
        window.append(card)
        event(player, card, card_points(window, count))
        last, last_event = player, len(out.events) - 1

    while True:
        playable = [c for c in held[turn] if pips(c) <= 31 - count]
        nxt: str | None
        if playable:
            decisions += 1
            out.turns.append((len(out.events), turn))
            act = cheat if cheat and decisions == cheat_at else None
            if act == "stop":
                return out
            if act == "renege":
                event(turn, None)
                gone.add(turn)
                nxt = next_after(turn)
            elif act == "out-of-turn" and len(seats) > 1:
                others = [q for q in seats if q != turn and q not in gone
                          and any(pips(c) <= 31 - count for c in held[q])]
                intruder = rng.choice(others) if others else turn
                lay(intruder, rng.choice([c for c in held[intruder]
                                          if pips(c) <= 31 - count]))
                nxt = next_after(intruder)
            else:
                if act == "over-31":
                    over = [c for c in held[turn] if pips(c) > 31 - count]
                    if over:
                        event(turn, rng.choice(over))
                elif act == "not-held" and unseen:
                    event(turn, rng.choice(unseen))
                elif act == "already-played" and laid:
                    event(turn, rng.choice(laid))
                elif act == "repeat-go" and out.events:
                    event(out.events[-1]["player"], None)
                lay(turn, rng.choice(playable))
                nxt = next_after(turn)
        else:
            event(turn, None)
            gone.add(turn)
            nxt = next_after(turn)
        if count == 31:
            nxt = None
        if nxt is None:
            if last is not None and count != 31:
                out.points[last_event] += 1  # the go (or the last card)
            if single_count or not any(held.values()):
                return out
            count, window, gone = 0, [], set()
            nxt = next_after(last) if last is not None else (
                leader if held[leader] else next_after(leader))
            last = None
            if nxt is None:
                return out
            leader = nxt
        turn = nxt


# --- deals and games -------------------------------------------------------------------


@dataclass
class Deal:
    variant: str
    seats: tuple[str, ...]
    """In play order, the dealer last."""
    dealt: dict[str, list[str]]
    discards: dict[str, list[str]]
    crib_card: str | None
    starter: str
    play: Play
    kept: dict[str, list[str]]
    unseen: list[str]

    @property
    def dealer(self) -> str:
        return self.seats[-1]

    def crib(self) -> list[str]:
        cards = [c for p in self.seats for c in self.discards[p]]
        return cards + ([self.crib_card] if self.crib_card else [])

    def truth(self) -> dict[str, int]:
        """Each hand's count, then the crib's under ``crib``; heels under ``heels``."""
        counts = {p: show_total(self.kept[p], self.starter) for p in self.seats}
        counts["crib"] = show_total(self.crib(), self.starter, crib=True)
        counts["heels"] = 2 if self.starter[0] == "J" else 0
        return counts


def random_deal(rng: random.Random, variant: str, seats: tuple[str, ...],
                cheat: str | None = None) -> Deal:
    spec = VARIANTS[variant]
    deck = list(DECK)
    rng.shuffle(deck)
    dealt = {p: deck[i * spec.dealt:(i + 1) * spec.dealt] for i, p in enumerate(seats)}
    rest = deck[len(seats) * spec.dealt:]
    crib_card = rest.pop() if spec.crib_card else None
    starter = rest.pop()
    discards = {p: rng.sample(dealt[p], spec.to_crib) for p in seats}
    kept = {p: [c for c in dealt[p] if c not in discards[p]] for p in seats}
    play = play_out(rng, kept, seats, spec.single_count, cheat, unseen=rest)
    return Deal(variant, seats, dealt, discards, crib_card, starter, play, kept, rest)
