"""Whole games played to the exact peg that wins, independent of the referee (issue 28).

Built on the tests' own legal player and naive scorers (tests/simulate.py,
tests/naive.py), from docs/rules.md#game-end and #after-the-win: every point is pegged
in the deal's order (heels; the play card by card, each count's go or the last card
when the count ends; each hand from the pone round to the dealer; the crib), each
claimed as the naive scorer counts it, and the game stops at the peg that reaches the
target. The winning deal's record stops there too: after the winning peg nobody
records anything (the play stops, no later count is claimed).

``find_game`` steers the scores the game is joined at near the target and searches
seeds until the game is won in a given way, so that every way to win of every variant
is played; ``whole_record`` is the winning deal played out and claimed to its end, for
mistakes planted after the win.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from rules.core.cards import Card
from rules.core.table import Table
from rules.core.variants import Variant
from rules.deal.check import DealClaims, DealRecord
from rules.deal.json_form import deal_to_json, event_to_json
from rules.play.check import PlayEvent
from tests.naive import naive_total, rank
from tests.simulate import Deal, naive_card_points, pips, random_deal, sides_of

HEELS, CARD, GO, CRIB = "heels", "card", "go", "crib"
"""Ways to win besides the hands: on heels, on a card's own points in the play, on the
go or last card a card earned, on the crib."""
STAGES = {HEELS: "heels", CARD: "play", GO: "play", CRIB: "show"}
TABLES = {Variant.SIX_CARD: ("ann", "bob"), Variant.FIVE_CARD: ("ann", "bob"),
          Variant.SEVEN_CARD: ("ann", "bob"), Variant.THREE_PLAYER: ("ann", "bob", "cy"),
          Variant.FOUR_PLAYER: ("n", "e", "s", "w")}
SEARCH = 3000
"""The most seeds ``find_game`` tries for one way to win."""


def hand_way(seat: int, players: int) -> str:
    """The way to win on the ``seat``-th hand counted (0: the pone's)."""
    if seat == 0:
        return "pone's hand"
    return "dealer's hand" if seat == players - 1 else f"hand {seat + 1}"


def ways(variant: Variant) -> tuple[str, ...]:
    """Every way a game of ``variant`` can be won. The five-card game's three for last
    cannot win: a target it would reach is refused (docs/rules.md#three-for-last)."""
    players = variant.spec.players
    return (HEELS, CARD, GO, *(hand_way(i, players) for i in range(players)), CRIB)


def stage(way: str) -> str:
    return STAGES.get(way, "show")


@dataclass(frozen=True)
class Peg:
    player: str
    points: int
    way: str
    event: int | None = None
    """The recorded play event that pegs it: the card, for its points or its go."""
    upto: int = 0
    """How many recorded play events it takes to peg it (where the record stops)."""


@dataclass
class GameDeal:
    sim: Deal
    plays: list[PlayEvent]
    """Every recorded event (no count-end markers), each card claimed as it scores."""
    pegs: list[Peg]
    key: str
    """The seed of the deal's own random stream, to play it again with a mistake."""

    @property
    def seats(self) -> tuple[str, ...]:
        return self.sim.seats

    @property
    def dealer(self) -> str:
        return self.sim.seats[-1]

    def record(self, won_at: int | None = None) -> DealRecord:
        """The deal's record, claimed correctly; cut at the peg ``won_at`` (the winning
        one), or whole."""
        sim = self.sim
        pegs = self.pegs if won_at is None else self.pegs[:won_at + 1]
        plays: list[PlayEvent] = list(self.plays)
        if won_at is not None:
            last = self.pegs[won_at]
            if last.way == HEELS:
                plays = []
            elif last.way in (CARD, GO):
                plays = plays[:last.upto]
                if last.way == CARD and last.event is not None:
                    # Its go would be pegged after the win: never claimed.
                    plays[last.event] = _with_go(plays[last.event], 0)
        heels = 2 if rank(sim.starter) == "J" else None
        hands = {p.player: p.points for p in pegs if p.way not in (HEELS, CARD, GO, CRIB)}
        crib = next((p.points for p in pegs if p.way == CRIB), None)
        return DealRecord(sim.dealt, sim.discards, sim.starter, plays, sim.crib_card,
                          DealClaims(heels, hands, crib))


def _with_go(event: PlayEvent, go: int) -> PlayEvent:
    return PlayEvent(event.player, event.card, event.claimed, go)


def deal_pegs(sim: Deal) -> tuple[list[PlayEvent], list[Peg]]:
    """The recorded plays, claimed, and every peg of the deal in order."""
    dealer = sim.seats[-1]
    pegs: list[Peg] = []
    if rank(sim.starter) == "J":
        pegs.append(Peg(dealer, 2, HEELS))
    plays: list[PlayEvent] = []
    counted: list[Card] = []
    count = 0
    last: int | None = None  # the recorded card that would take the go

    def go_point(points: int) -> None:
        assert last is not None
        player = plays[last].player
        plays[last] = _with_go(plays[last], points)
        pegs.append(Peg(player, points, GO, last, len(plays)))

    for event in sim.events:
        if event.count_ends:
            if last is not None:
                go_point(1)
            counted, count, last = [], 0, None
            continue
        if event.card is None:
            plays.append(PlayEvent(event.player))
            continue
        counted.append(event.card)
        count += pips(event.card)
        points = naive_card_points(counted, count)
        plays.append(PlayEvent(event.player, event.card, points, 0))
        last = len(plays) - 1
        if points:
            pegs.append(Peg(event.player, points, CARD, last, len(plays)))
        if count == 31:
            counted, count, last = [], 0, None
    if last is not None:  # the last card
        go_point(1)
    for seat, player in enumerate(sim.seats):
        pegs.append(Peg(player, naive_total(sim.kept[player], sim.starter),
                        hand_way(seat, len(sim.seats))))
    pegs.append(Peg(dealer, naive_total(sim.crib, sim.starter, crib=True), CRIB))
    return plays, pegs


def sim_deal(key: str, variant: Variant, seats: tuple[str, ...], *,
             renege_at: int | None = None, out_of_turn_at: int | None = None) -> GameDeal:
    """A deal dealt and played at random from the seed ``key``; played again from the
    same key with a cheat, it is the same deal up to the cheat."""
    spec = variant.spec
    sim = random_deal(random.Random(key), seats, spec.dealt, spec.to_crib,
                      bool(spec.crib_cards_dealt), spec.single_count, renege_at=renege_at,
                      out_of_turn_at=out_of_turn_at)
    plays, pegs = deal_pegs(sim)
    return GameDeal(sim, plays, pegs, key)


@dataclass
class EndGame:
    variant: Variant
    players: tuple[str, ...]
    first_dealer: str
    scores_before: dict[str, int] | None
    """By side; None: a game from its start (the five-card game's three for last)."""
    deals: list[GameDeal] = field(default_factory=list)
    tallies: list[dict[str, int]] = field(default_factory=list)
    """The scores after each deal."""
    winner: str | None = None
    won_at: int = -1
    """The winning peg's place among the last deal's pegs."""
    before_last: dict[str, int] = field(default_factory=dict)
    """The scores before the winning deal."""

    @property
    def target(self) -> int:
        return self.variant.spec.target

    @property
    def way(self) -> str:
        return self.deals[-1].pegs[self.won_at].way

    @property
    def table(self) -> Table:
        return Table.seat(self.variant, self.players, dealer=self.first_dealer)

    def side_of(self, player: str) -> str:
        return sides_of(self.players)[player]

    def records(self, last: DealRecord | None = None) -> list[DealRecord]:
        """Every deal's record, the winning one cut at the winning peg (or ``last``)."""
        earlier = [d.record() for d in self.deals[:-1]]
        return [*earlier, last if last is not None else self.deals[-1].record(self.won_at)]

    def whole_record(self) -> DealRecord:
        """The winning deal as if the players had played it out and claimed every count."""
        return self.deals[-1].record()

    def scores_at(self, peg: int) -> dict[str, int]:
        """The true scores just before the last deal's peg ``peg``."""
        scores = dict(self.before_last)
        for p in self.deals[-1].pegs[:peg]:
            side = self.side_of(p.player)
            scores[side] = min(self.target, scores[side] + p.points)
        return scores


def play_game(variant: Variant, key: str, first: int,
              scores_before: Mapping[str, int] | None) -> EndGame:
    """Deal after deal, the deal passing left, until a side reaches the target."""
    players = TABLES[variant]
    n = len(players)
    game = EndGame(variant, players, players[first],
                   None if scores_before is None else dict(scores_before))
    side_of = sides_of(players)
    scores = dict.fromkeys(side_of.values(), 0) | dict(scores_before or {})
    if scores_before is None and variant.spec.last_for_three:
        scores[side_of[players[(first + 1) % n]]] += 3  # three for last, to the first pone
    dealer = first
    while game.winner is None:
        seats = tuple(players[(dealer + 1 + i) % n] for i in range(n))
        deal = sim_deal(f"{key}/{len(game.deals)}", variant, seats)
        game.before_last = dict(scores)
        game.deals.append(deal)
        for at, peg in enumerate(deal.pegs):
            side = side_of[peg.player]
            scores[side] = min(game.target, scores[side] + peg.points)
            if scores[side] == game.target:
                game.winner, game.won_at = side, at
                break
        game.tallies.append(dict(scores))
        dealer = (dealer + 1) % n
    return game


def _aimed_scores(rng: random.Random, variant: Variant, first: int,
                  way: str) -> dict[str, int]:
    """Scores near the target that make ``way`` a likely way for the first deal to end."""
    players = TABLES[variant]
    n = len(players)
    seats = [players[(first + 1 + i) % n] for i in range(n)]
    side_of = sides_of(players)
    target = variant.spec.target
    if way == HEELS:
        near, gap = seats[-1], (1, 2)
    elif way in (CARD, GO):
        near, gap = rng.choice(seats), (1, 5)
    elif way == CRIB:
        near, gap = seats[-1], (8, 24)
    else:
        near, gap = seats[[hand_way(i, n) for i in range(n)].index(way)], (3, 14)
    scores = {side: max(0, target - rng.randint(gap[1] + 8, 60)) for side in side_of.values()}
    scores[side_of[near]] = target - rng.randint(*gap)
    return scores


@cache
def find_game(variant: Variant, way: str, nth: int = 0) -> EndGame | None:
    """The ``nth`` seeded game (from 0) that is won in ``way``; None if none is found."""
    found = 0
    for seed in range(SEARCH):
        rng = random.Random(f"{variant} {way} {seed}")
        first = rng.randrange(variant.spec.players)
        game = play_game(variant, f"{variant} {way} {seed}", first,
                         _aimed_scores(rng, variant, first, way))
        if game.way == way:
            if found == nth:
                return game
            found += 1
    return None


@cache
def from_the_start(variant: Variant, seed: int) -> EndGame:
    """A whole game from its first deal (no scores joined at)."""
    rng = random.Random(f"{variant} start {seed}")
    return play_game(variant, f"{variant} start {seed}", rng.randrange(variant.spec.players),
                     None)


# --- the API's JSON ----------------------------------------------------------------------


def event_json(event: PlayEvent) -> dict[str, Any]:
    """The API's JSON of an event: the library's one writer of it."""
    return event_to_json(event)


def deal_json(record: DealRecord) -> dict[str, Any]:
    """The API's JSON of a deal: the library's one writer of it."""
    return deal_to_json(record)


def game_json(game: EndGame, records: Sequence[DealRecord], ruleset: str,
              muggins: bool) -> dict[str, Any]:
    body: dict[str, Any] = {"variant": game.variant.value, "ruleset": ruleset,
                            "muggins": muggins, "players": list(game.players),
                            "first_dealer": game.first_dealer,
                            "deals": [deal_json(r) for r in records]}
    if game.scores_before is not None:
        body["scores_before"] = game.scores_before
    return body
