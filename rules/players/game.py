"""Whole two-player six-card games between computer players (:func:`play_game`), and
duplicate pairs (:func:`play_duplicate`): the same deals played twice with the seats
swapped, so that the cards' luck falls on both players alike.

The deals come from a generator seeded by the game's seed alone: deal *k* gives the
dealer of that deal the first six cards of its shuffle, the pone the next six, and cuts
the thirteenth. Since the deal alternates, the game with the other player dealing first
gives each player the cards the other held. The play runs on the referee's state machine
(:class:`rules.play.PlayState`, on the one play core :mod:`rules.play.turns`); each deal
is refereed (:func:`rules.deal.check_deal`) for the scores the next one starts from, and
the game is the records the referee and the reviews take: its first table and its deals.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from rules.chances import ChanceTable
from rules.core.cards import Card, Rank, full_deck
from rules.core.table import Table
from rules.core.variants import Variant
from rules.deal.check import check_deal
from rules.deal.record import DealRecord
from rules.play.check import PlayEvent
from rules.play.state import PlayState
from rules.players.levels import Level
from rules.players.player import Player

__all__ = ["MAX_DEALS", "PlayedGame", "play_duplicate", "play_game"]

MAX_DEALS = 60
"""A game not won after this many deals is refused (none gets near: a game between two
random players takes about 15)."""
_HEELS = 2


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """A game the computer players played: its first deal's table and its deals (what
    :func:`rules.review_game` takes), who won, and each player's level."""

    table: Table
    deals: tuple[DealRecord, ...]
    winner: str
    scores: dict[str, int]
    levels: dict[str, Level]
    seed: int


def play_game(levels: Mapping[str, Level], *, first_dealer: str, seed: int,
              tables: Mapping[Variant, ChanceTable]) -> PlayedGame:
    """A six-card game to 121 between the two players of ``levels`` (name to level),
    ``first_dealer`` dealing first, the deals from ``seed``: the same arguments always
    play the same game."""
    names = list(levels)
    if len(names) != 2 or first_dealer not in levels:
        raise ValueError("a game is two players, the first dealer one of them")
    table = Table.seat(Variant.SIX_CARD, names, dealer=first_dealer)
    players = {name: Player(level, f"{seed}|{first_dealer}|{name}|{level.name}", tables)
               for name, level in levels.items()}
    shuffles = random.Random(f"muggins-deals|{seed}")
    deck = list(full_deck())
    scores = dict.fromkeys(names, 0)
    deals: list[DealRecord] = []
    at = table
    while len(deals) < MAX_DEALS:
        shuffles.shuffle(deck)
        record = _deal(players, at, deck, scores)
        check = check_deal(record, table=at, scores_before=scores)
        deals.append(record)
        scores = dict(check.scores_after)
        if check.winner is not None:
            return PlayedGame(table, tuple(deals), check.winner, scores, dict(levels), seed)
        at = at.next_deal()
    raise RuntimeError(f"game {seed} was not won in {MAX_DEALS} deals")


def play_duplicate(one: tuple[str, Level], other: tuple[str, Level], *, seed: int,
                   tables: Mapping[Variant, ChanceTable]) -> tuple[PlayedGame, PlayedGame]:
    """The same deals played twice: ``one`` dealing first, then ``other``."""
    levels = dict((one, other))
    return (play_game(levels, first_dealer=one[0], seed=seed, tables=tables),
            play_game(levels, first_dealer=other[0], seed=seed, tables=tables))


def _deal(players: Mapping[str, Player], table: Table, deck: list[Card],
          scores: Mapping[str, int]) -> DealRecord:
    pone, dealer = table.pone, table.dealer
    dealt = {dealer: deck[:6], pone: deck[6:12]}
    starter = deck[12]
    target = table.target
    discards = {
        name: list(players[name].discard(dealt[name], dealer=name == dealer,
                                         pone_score=scores[pone], dealer_score=scores[dealer]))
        for name in (pone, dealer)}
    hands = {name: [c for c in dealt[name] if c not in discards[name]] for name in dealt}
    before = dict(scores)
    if starter.rank is Rank.JACK:
        before[dealer] += _HEELS
    state = PlayState.start(table, hands)
    plays: list[PlayEvent] = []
    while not state.over:
        name = state.players[state.turn]
        legal = state.legal_cards()
        if not legal:
            plays.append(PlayEvent(name))
            state, _ = state.go()
            continue
        seat_pegs = dict(zip(state.players, state.pegs, strict=True))
        won = any(before[p] + seat_pegs[p] >= target for p in before)
        card = players[name].lay(table, name, hand=hands[name], legal=legal, starter=starter,
                                 discards=discards[name], plays=plays,
                                 scores=None if won else before)
        plays.append(PlayEvent(name, card))
        state, _ = state.lay(card)
    return DealRecord(dealt, discards, starter, plays)
