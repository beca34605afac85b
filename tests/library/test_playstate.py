"""The play's state machine on its own: positions, legal cards, moves and their events."""

from __future__ import annotations

import pytest

from rules import Table
from rules.core.variants import Variant
from rules.play.pegging import PegKind
from rules.play.state import NO_ONE, IllegalMove, PlayState
from tests.cards import card, cards

HANDS = {"pone": cards("KH TD 5S 2C"), "dealer": cards("QC 9S AH 3D")}


def start(variant: Variant = Variant.SIX_CARD, hands=HANDS) -> PlayState:  # type: ignore[no-untyped-def]
    return PlayState.start(Table.seat(variant), hands)


def test_the_pone_leads_anything() -> None:
    state = start()
    assert (state.player, state.count, state.over) == ("pone", 0, False)
    assert [str(c) for c in state.legal_cards()] == ["2C", "5S", "TD", "KH"]
    assert state.can_lay(card("KH")) and not state.can_lay(card("QC"))  # the dealer's
    assert state.must_go() is False


def test_a_lay_scores_and_passes_the_turn() -> None:
    state, scored = start().lay(card("5S"))
    state, scored = state.lay(card("KH"), state.seat("pone"))  # out of turn: applied as laid
    assert (scored.count, scored.points, scored.ended) == (15, 2, False)
    assert [s.kind for s in scored.scores] == [PegKind.FIFTEEN]
    assert state.pegs == (2, 0) and state.player == "dealer"


def test_only_the_cards_that_fit() -> None:
    state = start()
    for laid in ("KH", "QC", "TD"):
        state, _ = state.lay(card(laid))
    assert (state.player, state.count) == ("dealer", 30)
    assert [str(c) for c in state.legal_cards()] == ["AH"]
    assert not state.can_lay(card("9S"))
    with pytest.raises(IllegalMove, match="9S on a count of 30 would make 39"):
        state.lay(card("9S"))
    state, scored = state.lay(card("AH"))
    # 31 ends the count at once: two for it, no go, and the pone leads the next count.
    assert [(s.kind, s.points) for s in scored.scores] == [(PegKind.THIRTY_ONE, 2)]
    assert scored.ended and scored.go is None
    assert (state.player, state.count, state.stack) == ("pone", 0, ())


def test_a_go_that_ends_the_count_credits_the_last_card() -> None:
    state = start(hands={"pone": cards("KH TD 9C 8C"), "dealer": cards("QC 5S 4H 3D")})
    for laid in ("KH", "QC", "TD"):
        state, _ = state.lay(card(laid))
    assert state.must_go() is True and state.legal_cards() == ()
    state, scored = state.go()  # the dealer cannot play on 30
    assert not scored.ended and state.player == "pone"
    state, scored = state.go()  # nor can the pone: the pone's ten takes the go
    assert scored.ended and scored.go_to == 0 and scored.go is not None
    assert scored.go.kind is PegKind.GO
    assert state.pegs == (1, 0) and (state.player, state.count) == ("dealer", 0)


def test_the_last_card_ends_the_play() -> None:
    state = start(hands={"pone": cards("KH"), "dealer": cards("5C")})
    state, _ = state.lay(card("KH"))
    state, scored = state.lay(card("5C"))
    assert scored.go is not None and scored.go.kind is PegKind.LAST_CARD
    assert state.over and state.player is None and state.turn == NO_ONE
    assert state.legal_cards() == () and state.must_go() is None
    with pytest.raises(IllegalMove, match="the play is over"):
        state.go()


def test_the_five_card_game_has_one_count() -> None:
    state = start(Variant.FIVE_CARD, {"pone": cards("KH TD 5S"), "dealer": cards("QC 9S 4H")})
    for laid in ("KH", "QC", "TD"):
        state, _ = state.lay(card(laid))
    state, _ = state.go()
    state, scored = state.go()
    assert state.over and scored.go is not None and scored.go.kind is PegKind.LAST_CARD


def test_positions_are_values() -> None:
    one = start().lay(card("KH"))[0].lay(card("QC"))[0].lay(card("5S"))[0]
    other = start().lay(card("5S"))[0].lay(card("QC"))[0].lay(card("KH"))[0]
    assert one.count == other.count == 25
    assert one != other  # the order of the count's cards matters for pairs and runs
    again = start().lay(card("KH"))[0].lay(card("QC"))[0].lay(card("5S"))[0]
    assert one == again and hash(one) == hash(again) and len({one, again}) == 1
    assert one.position == again.position and one.position == one[:-1]


def test_unknown_hands_know_only_how_many() -> None:
    state = PlayState.start(Table.seat(Variant.THREE_PLAYER, ("a", "b", "c")))
    assert state.left == (4, 4, 4) and state.hands is None
    assert state.legal_cards() == () and state.must_go() is None and state.can_lay(card("KH"))
