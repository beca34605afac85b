"""The live referee's answer read from the position (issue 31): what :func:`in_play`
gives, read in any order, equals what a plain reading of the hands gives, built as
the constructor builds it; and it behaves as the frozen dataclass it replaced."""

from __future__ import annotations

import pickle
import random
from collections.abc import Iterator

import pytest

from rules.core.cards import Card, full_deck
from rules.core.codes import FindingCode
from rules.core.table import Table
from rules.core.variants import Variant
from rules.play.live import Next, NotLegal, Phase, in_play
from rules.play.state import NO_ONE, IllegalMove, PlayState
from tests.cards import cards

SEATS = {Variant.SIX_CARD: ("pone", "dealer"), Variant.FIVE_CARD: ("pone", "dealer"),
         Variant.THREE_PLAYER: ("a", "b", "c"), Variant.FOUR_PLAYER: ("n", "e", "s", "w")}


def wandering(variant: Variant, rng: random.Random) -> Iterator[PlayState]:
    """Every position of a play that lays cards in turn and out of turn, says go while a
    card fits, and lays cards over 31 (taken back): the positions a referee reaches
    on a record with mistakes."""
    seats = SEATS[variant]
    size = variant.spec.hand_size
    deck = list(full_deck())
    rng.shuffle(deck)
    hands = {seat: deck[i * size:(i + 1) * size] for i, seat in enumerate(seats)}
    state = PlayState.start(Table.seat(variant, seats, dealer=seats[-1]), hands)
    yield state
    while not state.over:
        roll = rng.random()
        held = state.held(state.turn) or ()
        others = [card for seat in range(len(seats)) if seat != state.turn
                  for card in state.held(seat) or ()]
        try:
            if roll < 0.15 or (not held and not others):
                state = state.go()[0]
            elif roll < 0.3 and others:
                card = rng.choice(others)
                owner = next(s for s in range(len(seats)) if card in (state.held(s) or ()))
                state = state.lay(card, owner)[0]
            elif held:
                state = state.lay(rng.choice(held))[0]
            else:
                state = state.go()[0]
        except IllegalMove:
            continue  # over 31: the card goes back
        yield state


def plainly(state: PlayState) -> Next:
    """The answer by hand: every held card sorted into what may and may not be laid."""
    if state.turn == NO_ONE:
        return Next(Phase.SHOW, state.players[0])
    room = 31 - state.count
    player = state.players[state.turn]
    held = sorted(state.held(state.turn) or (), key=lambda card: card.index)
    legal = tuple(card for card in held if card.pips <= room)
    moves = [NotLegal(player, card, FindingCode.OVER_31) for card in held
             if card.pips > room]
    if legal:
        moves.append(NotLegal(player, None, FindingCode.RENEGE))
    for seat, other in enumerate(state.players):
        if seat != state.turn:
            moves.extend(NotLegal(other, card, FindingCode.OUT_OF_TURN)
                         for card in sorted(state.held(seat) or (), key=lambda c: c.index))
    return Next(Phase.PLAY, player, state.count, legal, not legal, False, tuple(moves))


FIELDS = ("not_legal", "go", "legal", "count", "player", "phase", "crib")


@pytest.mark.parametrize("variant", list(SEATS))
def test_the_view_reads_as_the_hands_do_in_any_order(variant: Variant) -> None:
    rng = random.Random(31)
    positions = 0
    for _ in range(150):
        for state in wandering(variant, rng):
            want = plainly(state)
            order = list(FIELDS)
            rng.shuffle(order)
            coming = in_play(state)
            # Read one field first (the view reads the position then), then all.
            assert getattr(coming, order[0]) == getattr(want, order[0])
            assert {f: getattr(coming, f) for f in FIELDS} == {f: getattr(want, f)
                                                               for f in FIELDS}
            fresh = in_play(state)
            assert fresh == want and want == fresh
            assert (fresh != want) is False and fresh != Next(Phase.OVER)
            assert hash(in_play(state)) == hash(want)
            assert repr(in_play(state)) == repr(want)
            positions += 1
    assert positions > 500


def test_a_position_without_hands_or_over() -> None:
    table = Table.seat(Variant.SIX_CARD, ("pone", "dealer"), dealer="dealer")
    state = PlayState.start(table)
    assert in_play(state) == Next(Phase.PLAY, "pone", 0)
    assert in_play(state).legal is None and in_play(state).not_legal is None
    hands = {"pone": list(cards("AS 2S 3S 4S")), "dealer": list(cards("AH 2H 3H 4H"))}
    state = PlayState.start(Table.seat(Variant.SIX_CARD, ("pone", "dealer"),
                                       dealer="dealer"), hands)
    for card in cards("AS AH 2S 2H 3S 3H 4S 4H"):
        state = state.lay(card)[0]
    assert state.over
    assert in_play(state) == Next(Phase.SHOW, "pone")


def test_it_is_frozen_and_keeps_its_values_through_pickle() -> None:
    hands = {"pone": list(cards("KS QS 5D 4C")), "dealer": list(cards("KH 9H 2C AD"))}
    state = PlayState.start(Table.seat(Variant.SIX_CARD, ("pone", "dealer"),
                                       dealer="dealer"), hands)
    for card in cards("KS KH QS"):  # 30, the dealer's to lay: only the ace fits
        state = state.lay(card)[0]
    coming = in_play(state)
    with pytest.raises(AttributeError):
        coming.player = "dealer"  # type: ignore[misc]
    again = pickle.loads(pickle.dumps(coming))
    assert again == coming
    assert (again.player, again.count, again.legal, again.go) == (
        "dealer", 30, (Card.parse("AD"),), False)
    assert [(m.player, str(m.card) if m.card else None, m.why) for m in again.not_legal or ()] \
        == [("dealer", "2C", FindingCode.OVER_31), ("dealer", "9H", FindingCode.OVER_31),
            ("dealer", None, FindingCode.RENEGE), ("pone", "4C", FindingCode.OUT_OF_TURN),
            ("pone", "5D", FindingCode.OUT_OF_TURN)]
