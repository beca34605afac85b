"""Discard advice: exact expected values, checked against published figures and brute force."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations
from typing import Any

import pytest
from flask.testing import FlaskClient

from rules.advice.discards import Advice, advise, best_option
from rules.core.cards import Card
from rules.core.errors import RecordError
from rules.core.variants import Variant
from rules.show.show import score
from tests.cards import cards
from tests.naive import naive_total

DECK = [Card.parse(r + s) for r in "A23456789TJQK" for s in "SHDC"]


def option(advice: Advice, keep: str):  # type: ignore[no-untyped-def]
    wanted = set(cards(keep))
    return next(o for o in advice.options if set(o.keep) == wanted)


def brute_crib(dealt: list[Card], discard: tuple[Card, ...], others: int) -> Fraction:
    """Every set of other crib cards, every starter, counted one by one."""
    unseen = [c for c in DECK if c not in dealt]
    total = n = 0
    for extra in combinations(unseen, others):
        crib = [*discard, *extra]
        for starter in unseen:
            if starter not in extra:
                total += score(crib, starter, crib=True)
                n += 1
    return Fraction(total, n)


class TestPublishedHandValues:
    def test_three_four_five_five(self) -> None:
        advice = advise(cards("2C 3H 4D 5D 5S JS"), dealer=False)
        assert option(advice, "3H 4D 5D 5S").hand == Fraction(574, 46)

    def test_five_five_five_jack(self) -> None:
        advice = advise(cards("7C 9H 5H 5C 5D JS"), dealer=True)
        assert option(advice, "5H 5C 5D JS").hand == Fraction(766, 46)

    def test_ace_two_seven_nine(self) -> None:
        advice = advise(cards("AC 2D 7C 9S JH QH"), dealer=False)
        assert round(float(option(advice, "AC 2D 7C 9S").hand), 3) == 2.391


class TestTheModel:
    @pytest.mark.parametrize(("dealt", "dealer"), [("2C 3H 4D 5D 5S JS", True),
                                                   ("AH 2H 9H JC QD KS", False)])
    def test_crib_against_brute_force(self, dealt: str, dealer: bool) -> None:
        hand = cards(dealt)
        advice = advise(hand, dealer=dealer)
        for chosen in advice.options[:3]:
            assert chosen.crib == brute_crib(hand, chosen.discard, 2)

    def test_three_player_crib_against_brute_force(self) -> None:
        hand = cards("JH 5H 6H 7D 8C")
        advice = advise(hand, dealer=False, variant=Variant.THREE_PLAYER)
        chosen = option(advice, "5H 6H 7D 8C")
        assert chosen.crib == brute_crib(hand, chosen.discard, 3)

    def test_hand_against_naive_scorer(self) -> None:
        hand = cards("AC 2D 7C 9S JH QH")
        advice = advise(hand, dealer=False)
        unseen = [c for c in DECK if c not in hand]
        for chosen in advice.options:
            naive = Fraction(sum(naive_total(list(chosen.keep), s) for s in unseen), 46)
            assert chosen.hand == naive

    @pytest.mark.parametrize(("variant", "dealt"), [
        (Variant.FIVE_CARD, "JH 5H 6H 2H KD"),
        (Variant.SEVEN_CARD, "5H 5C 5D 5S JC 9C KD"),
        (Variant.SIX_CARD, "5H 5C 5D 5S JD KD"),
        (Variant.THREE_PLAYER, "JC 4C 6C 8C 9H")])
    def test_hand_against_naive_scorer_in_every_size(self, variant: Variant,
                                                     dealt: str) -> None:
        # Three, four and five kept cards, four of a rank kept (no starter of it left),
        # flushes and nobs: every option's hand against the naive scorer, starter by
        # starter.
        hand = cards(dealt)
        unseen = [c for c in DECK if c not in hand]
        for chosen in advise(hand, dealer=False, variant=variant).options:
            total = sum(naive_total(list(chosen.keep), s) for s in unseen)
            assert chosen.hand == Fraction(total, len(unseen))

    def test_the_best_option_alone_is_the_first_of_all(self) -> None:
        rng = random.Random(31)
        for variant in Variant:
            for _ in range(40):
                hand = rng.sample(DECK, variant.spec.dealt)
                for dealer in (True, False):
                    assert (best_option(hand, dealer=dealer, variant=variant)
                            == advise(hand, dealer=dealer, variant=variant).options[0])
        partner = cards("2C 3H 4D 5D 5S")
        assert (best_option(partner, dealer=False, variant=Variant.FOUR_PLAYER,
                            partner_deals=True)
                == advise(partner, dealer=False, variant=Variant.FOUR_PLAYER,
                          partner_deals=True).options[0])
        with pytest.raises(RecordError):
            best_option(partner, dealer=False)

    def test_net_and_order(self) -> None:
        hand = cards("2C 3H 4D 5D 5S JS")
        for dealer in (True, False):
            advice = advise(hand, dealer=dealer)
            assert len(advice.options) == 15
            nets = [o.net for o in advice.options]
            assert nets == sorted(nets, reverse=True)
            for o in advice.options:
                expected = o.hand + o.crib + advice.heels if dealer else o.hand - o.crib
                assert o.net == expected

    def test_heels_for_the_dealer(self) -> None:
        assert advise(cards("2C 3H 4D 5D 5S JS"), dealer=True).heels == Fraction(2 * 3, 46)
        assert advise(cards("2C 3H 4D 5D 5S JS"), dealer=False).heels == 0

    def test_heels_for_the_partnership_when_the_partner_deals(self) -> None:
        # Four jacks among the 47 unseen cards: the partnership expects 2 * 4/47 in heels.
        hand = cards("2C 3H 4D 5D 5S")
        advice = advise(hand, dealer=False, variant=Variant.FOUR_PLAYER, partner_deals=True)
        assert advice.heels == Fraction(8, 47) and advice.crib_is_ours
        best = option(advice, "2C 3H 4D 5D")
        assert best.net == best.hand + best.crib + Fraction(8, 47)
        theirs = advise(hand, dealer=False, variant=Variant.FOUR_PLAYER)
        assert theirs.heels == 0 and option(theirs, "2C 3H 4D 5D").net == best.hand - best.crib

    @pytest.mark.parametrize(("variant", "dealt", "options", "kept"), [
        (Variant.FIVE_CARD, "2C 3H 4D 5D 5S", 10, 3),
        (Variant.THREE_PLAYER, "2C 3H 4D 5D 5S", 5, 4),
        (Variant.FOUR_PLAYER, "2C 3H 4D 5D 5S", 5, 4),
        (Variant.SEVEN_CARD, "2C 3H 4D 5D 5S 9C KD", 21, 5)])
    def test_variants(self, variant: Variant, dealt: str, options: int, kept: int) -> None:
        advice = advise(cards(dealt), dealer=True, variant=variant)
        assert len(advice.options) == options
        assert all(len(o.keep) == kept for o in advice.options)

    def test_wrong_size(self) -> None:
        with pytest.raises(RecordError, match="dealt has 6 cards, not 5"):
            advise(cards("2C 3H 4D 5D 5S"), dealer=True)

    @pytest.mark.parametrize(("hand", "dealer", "variant", "partner_deals", "problems"), [
        # Only the four-player game has partners (it answered a pone's crib as its own).
        ("2C 3H 4D 5D 5S JS", False, Variant.SIX_CARD, True,
         [(("partner_deals",), "not-in-variant")]),
        # The player and the partner cannot both deal.
        ("2C 3H 4D 5D 5S", True, Variant.FOUR_PLAYER, True, [(("partner_deals",), "conflict")]),
        # Every problem at once.
        ("2C 3H 4D 5D 5S", False, Variant.SIX_CARD, True,
         [(("cards",), "wrong-size"), (("partner_deals",), "not-in-variant")]),
    ])
    def test_whose_crib_it_is_must_fit_the_table(self, hand: str, dealer: bool,
                                                 variant: Variant, partner_deals: bool,
                                                 problems: list[tuple[tuple[str, ...], str]]
                                                 ) -> None:
        with pytest.raises(RecordError) as caught:
            advise(cards(hand), dealer=dealer, variant=variant, partner_deals=partner_deals)
        assert [(p.path, p.code.value) for p in caught.value.problems] == problems


class TestAdviseApi:
    URL = "/v1/discards/advise"

    def test_best_first_with_exact_values(self, client: FlaskClient) -> None:
        out = client.post(self.URL, json={"cards": ["2c", "3h", "4d", "5d", "5s", "js"],
                                          "dealer": False}).get_json()
        best = out["options"][0]
        assert best["keep"] == ["3H", "4D", "5D", "5S"] and best["discard"] == ["2C", "JS"]
        assert Fraction(best["exact"]["hand_ev"]) == Fraction(574, 46)
        assert best["hand_ev"] == round(574 / 46, 6)
        assert out["crib"] == "theirs" and out["heels_ev"] == 0

    def test_partner_deals(self, client: FlaskClient) -> None:
        out = client.post(self.URL, json={"cards": ["2C", "3H", "4D", "5D", "5S"],
                                          "dealer": False, "partner_deals": True,
                                          "variant": "four-player"}).get_json()
        assert out["crib"] == "ours" and out["heels_ev"] == round(8 / 47, 6)
        two = client.post(self.URL, json={"cards": ["2C", "3H", "4D", "5D", "5S", "JS"],
                                          "dealer": False, "partner_deals": False})
        assert two.status_code == 200 and two.get_json()["crib"] == "theirs"
        for o in out["options"]:
            assert Fraction(o["exact"]["net_ev"]) == Fraction(o["exact"]["hand_ev"]) + \
                Fraction(o["exact"]["crib_ev"]) + Fraction(8, 47)

    @pytest.mark.parametrize(("body", "errors"), [
        ({"cards": ["2C", "3H", "4D", "5D", "5S"], "dealer": True},
         [("#/cards", "wrong-size")]),
        ({"cards": ["2C", "3H", "4D", "5D", "5S", "5s"], "dealer": True},
         [("#/cards/5", "duplicate-card")]),
        ({"cards": ["2C", "3H", "4D", "5D", "5S", "XX"], "dealer": 1},
         [("#/cards/5", "invalid-card"), ("#/dealer", "wrong-type")]),
        ({"cards": ["2C", "3H", "4D", "5D", "5S", "6S"]}, [("#/dealer", "required")]),
        ({"cards": ["2C", "3H", "4D", "5D", "5S", "6S"], "dealer": False,
          "partner_deals": True}, [("#/partner_deals", "not-in-variant")]),
        ({"cards": ["2C", "3H", "4D", "5D", "5S"], "dealer": False,
          "partner_deals": True},
         [("#/cards", "wrong-size"), ("#/partner_deals", "not-in-variant")]),
        ({"cards": ["2C", "3H", "4D", "5D", "5S"], "dealer": True, "variant": "four-player",
          "partner_deals": True}, [("#/partner_deals", "conflict")]),
    ])
    def test_bad_input(self, client: FlaskClient, body: dict[str, Any],
                       errors: list[tuple[str, str]]) -> None:
        response = client.post(self.URL, json=body)
        assert response.status_code == 422
        assert [(e["pointer"], e["code"]) for e in response.get_json()["errors"]] == errors
