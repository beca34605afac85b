"""The play's rules of turn (rules/play/turns.py), which the referee's state machine and
the double-dummy positions both call: each case worked by hand."""

from __future__ import annotations

from rules import Table
from rules.core.variants import Variant
from rules.play.pegging import PegKind
from rules.play.state import PlayState
from rules.play.turns import (
    NO_ONE,
    CountEnd,
    after_go,
    after_lay,
    end_count,
    first_lead,
    next_seat,
)
from tests.cards import card


class TestNextSeat:
    def test_passes_over_seats_without_cards_and_seats_gone(self) -> None:
        # Seat 1 holds nothing, seat 3 has said go: after seat 0 comes seat 2.
        assert next_seat((3, 0, 2, 1), 0b1000, 0) == 2
        assert next_seat((3, 0, 2, 1), 0b1000, 2) == 0  # round the table

    def test_the_seat_itself_comes_last(self) -> None:
        assert next_seat((1, 0, 0, 0), 0, 0) == 0
        assert next_seat((2, 3), 0b10, 0) == 0

    def test_no_one(self) -> None:
        assert next_seat((0, 0, 0), 0, 1) == NO_ONE
        assert next_seat((1, 2), 0b11, 0) == NO_ONE

    def test_hands_of_ranks_hold_as_counts_do(self) -> None:
        assert next_seat(((5,), (), (1, 13)), 0, 0) == 2


class TestFirstLead:
    def test_the_pone_leads(self) -> None:
        assert first_lead((4, 4)) == 0
        assert first_lead((4, 4, 4, 4)) == 0

    def test_else_the_next_with_cards(self) -> None:
        assert first_lead(((), (3,))) == 1
        assert first_lead((0, 0, 4)) == 2
        assert first_lead((0, 0, 0)) == NO_ONE


class TestAfterLay:
    def test_the_next_seat_plays_on(self) -> None:
        assert after_lay((3, 4), 0, 0, 20) == 1
        assert after_lay((3, 4, 4), 0, 2, 20) == 0

    def test_thirty_one_ends_the_count_at_once(self) -> None:
        assert after_lay((3, 4), 0, 0, 31) == NO_ONE

    def test_a_seat_gone_or_out_of_cards_is_passed_over(self) -> None:
        assert after_lay((3, 4, 2), 0b010, 0, 20) == 2
        assert after_lay((3, 0, 2), 0, 0, 20) == 2

    def test_alone_in_the_count_the_player_plays_on(self) -> None:
        assert after_lay((2, 4), 0b10, 0, 25) == 0

    def test_no_one_left_in_the_count(self) -> None:
        assert after_lay((0, 4), 0b10, 0, 25) == NO_ONE


class TestAfterGo:
    def test_the_go_passes_the_turn(self) -> None:
        assert after_go((3, 4, 2), 0, 1) == (0b010, 2)

    def test_the_last_to_go_ends_the_count(self) -> None:
        assert after_go((3, 4), 0b01, 1) == (0b11, NO_ONE)


class TestEndCount:
    def test_the_go_to_the_last_card_and_the_next_seat_leads(self) -> None:
        assert end_count((2, 3), 28, 1, 0, False) == CountEnd(1, False, 0)
        # Three players, the one after the last card holds none: the next leads.
        assert end_count((2, 0, 1), 27, 0, 2, False) == CountEnd(0, False, 2)

    def test_thirty_one_has_no_go(self) -> None:
        assert end_count((2, 3), 31, 1, 0, False) == CountEnd(NO_ONE, False, 0)

    def test_the_last_card_ends_the_play(self) -> None:
        assert end_count((0, 0), 24, 0, 1, False) == CountEnd(0, True, NO_ONE)
        assert end_count((0, 0), 31, 0, 1, False) == CountEnd(NO_ONE, True, NO_ONE)

    def test_the_five_card_game_has_one_count(self) -> None:
        assert end_count((1, 2), 29, 1, 0, True) == CountEnd(1, True, NO_ONE)

    def test_no_card_laid(self) -> None:
        # Everyone passed on a fresh count (reneges all): no go, the same player leads,
        # or the next with cards if they hold none.
        assert end_count((2, 3), 0, NO_ONE, 1, False) == CountEnd(NO_ONE, False, 1)
        assert end_count((2, 0, 3), 0, NO_ONE, 1, False) == CountEnd(NO_ONE, False, 2)


class TestASeatBelowNought:
    """A record can have a player lay more cards than they held (each such card is
    ``card-not-held``): their count of cards left goes below nought. The referee has
    always ruled the turns around such a seat so (rules/play/state.py, ``_holding``)."""

    def over_laid(self) -> PlayState:
        # Six-card, hands unknown (four each): the pone lays five cards, the dealer one.
        state = PlayState.start(Table.seat(Variant.SIX_CARD))
        for laid in ("AS", "AH", "AD", "AC", "2S"):
            state, _ = state.lay(card(laid), 0)
        state, _ = state.lay(card("3H"), 1)
        assert state.left == (-1, 3) and state.count == 9
        return state

    def test_it_still_plays_straight_after_the_card_before_it(self) -> None:
        assert self.over_laid().player == "pone"

    def test_it_is_passed_over_when_the_turn_goes_round(self) -> None:
        state = self.over_laid()
        state, scored = state.lay(card("KH"), 1)  # the dealer again, out of turn: 19
        assert state.player == "pone"
        state, scored = state.go()  # the pone's go passes to the dealer
        assert state.player == "dealer" and not scored.ended
        state, scored = state.go()  # the dealer's go ends the count
        assert scored.ended and scored.go_to == 1 and scored.go is not None
        assert scored.go.kind is PegKind.GO
        # The next count: the pone, after the last card, holds none; the dealer leads.
        # Pegged: the pone's four aces 2 + 6 + 12; the dealer's 3 for the run A-2-3, 1 go.
        assert (state.player, state.count, state.pegs) == ("dealer", 0, (20, 4))

    def test_it_keeps_the_play_from_ending(self) -> None:
        state = self.over_laid()
        for laid in ("4H", "5H", "6H"):
            state, _ = state.lay(card(laid), 1)  # the dealer's last three: 24
        assert state.left == (-1, 0) and state.player == "pone"
        state, scored = state.go()
        # No one holds a card, yet the count below nought is not nought: a go, not the
        # last card, and a new count that no one can lead.
        assert scored.ended and scored.go is not None and scored.go.kind is PegKind.GO
        assert state.over and state.count == 0
