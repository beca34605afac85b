"""The answers of the reviews: where the points went, judged against the best."""

from __future__ import annotations

from typing import Any

from marshmallow.fields import Boolean, Dict, Enum, Float, Integer, List, Nested, String

from rules import Margin
from service.answers.base import (
    Answer,
    Open,
    canonical_card,
    canonical_cards,
    chance,
    doc,
    ev,
    fraction,
    points,
    stage,
    target_used,
)
from service.answers.records import Finding
from service.documented import component


class _DiscardReviewBest(Answer):
    discard = canonical_cards(required=True)
    keep = canonical_cards(required=True)
    net_ev = ev(required=True)


class _DiscardReviewBestByWin(Answer):
    discard = canonical_cards(required=True)
    keep = canonical_cards(required=True)


class _DiscardReviewExact(Answer):
    loss = fraction(required=True)
    net_ev = fraction(required=True)
    best_net_ev = fraction(required=True)


class DiscardReview(Answer):
    component = "DiscardReview"
    discard = canonical_cards(required=True)
    keep = canonical_cards(required=True)
    net_ev = ev(required=True)
    best = Nested(_DiscardReviewBest, required=True)
    loss = Float(required=True, metadata=doc("Net expected points given up against the best "
                                             "option, rounded to six places.", minimum=0))
    rank = Integer(required=True, metadata=doc("1 for a best choice; options of equal net value "
                                               "share a rank.", minimum=1))
    options = Integer(required=True, metadata=doc("How many legal discards there were.", minimum=1))
    win_loss = Float(required=True, allow_none=True, metadata=doc(
        "The chance of winning the game given up against the best discard, judged from what the "
        "player knew (their cards, the scores before the deal), rounded to six places "
        '(docs/chances.md, "Decisions judged by chances"). Null where no chance table covers '
        "the game (three or four players, the seven-card game, another target).",
        minimum=0, maximum=1))
    win_by = String(required=True, allow_none=True, metadata=doc(
        "How `win_loss` was judged: `dealt`, every option dealt out (32 deals each, the same "
        "deals for all) near the end of the game, either side within 31 of the target, at most "
        "3,840 deals a request, spent from the game's last discard backwards; `slope`, the net "
        "expected points given up (`loss`) times the table's value of a point for the player "
        "before the deal. Null with `win_loss`.", enum=["dealt", "slope", None]))
    best_by_win = Nested(_DiscardReviewBestByWin, required=True, allow_none=True, metadata=doc(
        "The best discard by the chance of winning, the one `win_loss` is measured against: the "
        "sample's best when `dealt`; by the `slope`, which keeps the order by points, the same "
        "as `best`. Null with `win_loss`."))
    within_interval = Boolean(allow_none=True, metadata=doc(
        "When `dealt`: `win_loss` is within its 95% interval, so the sample cannot tell this "
        "discard from `best_by_win` and their order may be the noise's. Null by the `slope` "
        "and with `win_loss`. Since 0.4.0."))
    exact = Nested(_DiscardReviewExact, required=True)


class CardReview(Answer):
    component = "CardReview"
    index = Integer(required=True, metadata=doc("The event's index in `plays`.", minimum=0))
    player = String(required=True)
    card = canonical_card(required=True)
    loss = Integer(required=True, allow_none=True, metadata=doc(
        "Points of play difference given up against the best legal alternative, double-dummy; "
        "null where the review had stopped.", minimum=0))
    best = canonical_cards(required=True, metadata=doc("The cards the player held that keep the "
                                                       "best value."))
    game = Boolean(required=True, metadata=doc("The card gave up the game."))
    win_loss = Float(required=True, allow_none=True, metadata=doc(
        "The chance of winning the game given up against the player's best card, from the "
        "player's side (0 for a best card): the play searched with every hand known, each side "
        "playing for its chance, the true show and the chance table after it (docs/chances.md, "
        '"The play judged by chances"). Null for a game the tables do not cover (three or four '
        "players, the seven-card game, another target), a play won on the heels, and where the "
        "review had stopped.", minimum=0, maximum=1))


class PlayReview(Answer):
    component = "PlayReview"
    cards = List(Nested(CardReview), required=True, metadata=doc(
        "Each card laid, in order (gos are forced and are not listed)."))
    stopped_at = Integer(required=True, allow_none=True, metadata=doc(
        "The index of the first event not judged."))
    reason = String(required=True, allow_none=True)


class CountReview(Answer):
    component = "CountReview"
    what = String(required=True, metadata=doc("`heels`, a player's name for their hand, or "
                                              "`crib`."))
    player = String(required=True)
    claimed = Integer(required=True)
    true_ = Integer(required=True, data_key="true")
    pegged = Integer(required=True)
    conceded = Integer(required=True, metadata=doc("What the ruling gave the opponent."))
    loss = Integer(required=True, metadata=doc("true - pegged + conceded", minimum=0))


class _LostExact(Answer):
    discard = fraction(required=True)


class _Lost(Answer):
    type_name = "PlayerLoss"
    discard = Float(required=True, metadata=doc(minimum=0))
    play = Integer(required=True, metadata=doc(minimum=0))
    count = Integer(required=True, metadata=doc(minimum=0))
    exact = Nested(_LostExact, required=True)


@component("Lost", description="Per player, the points given up to discarding (net "
           "expected), the play (double-dummy) and counting.")
def lost(**kwargs: Any) -> Dict:
    return Dict(keys=String(), values=Nested(_Lost), **kwargs)


class DealReview(Open):
    component = "DealReview"
    discards = Dict(keys=String(), values=Nested(DiscardReview), required=True, metadata=doc(
        "Each player's discard, by name (empty after a misdeal)."))
    play = Nested(PlayReview, required=True, allow_none=True)
    count = List(Nested(CountReview), required=True)
    lost = lost(required=True)
    findings = List(Nested(Finding), required=True)
    scores_after = points(required=True)
    winner = String(required=True, allow_none=True)
    won_during = stage(required=True)


class DealReviewResult(DealReview):
    component = "DealReviewResult"
    objective = String(required=True, metadata=doc("What the play's double-dummy value "
                                                   "measures."))
    target = target_used(required=True)


class _GameDealReview(DealReview):
    type_name = "GameDealReview"
    deal = Integer(required=True, metadata=doc(minimum=0))
    dealer = String(required=True)


class _Chances(Answer):
    type_name = "DealChances"
    deal = Integer(required=True, metadata=doc(minimum=0))
    win = chance(required=True)
    after_play = chance(required=True, allow_none=True)
    after_show = chance(required=True, allow_none=True)


class _PlayRating(Answer):
    type_name = "PlayRating"
    value = Float(required=True, metadata=doc(
        "Thousandths of a game of chance of winning given up a deal, at the discard and "
        "in the claims: 1000 × (the discards' `win_loss` + the claims) ÷ the discards "
        "judged (docs/rating.md); lower is better, 0 the engine's best every time. It is "
        "`discards` + `claims`.", minimum=0, example=2.5))
    band = String(required=True, metadata=doc(
        "The band the rating falls in, calibrated on computer players of known strength "
        "(docs/rating.md): engine, expert, club, casual, novice, random.", example="club"))
    discards = Float(required=True, metadata=doc(
        "The discards' part: 1000 × their `win_loss` summed ÷ the discards judged.",
        minimum=0))
    play = Float(required=True, metadata=doc(
        "Beside the rating, not in it: 1000 × the unforced cards' `win_loss` summed ÷ "
        "those cards (judged double-dummy, so it faults the cards a player could not "
        "see; docs/rating.md).", minimum=0))
    claims = Float(required=True, metadata=doc(
        "The claims left unmade: 1000 × the counts' `loss` in points, each times the "
        "claimer's value of a point before the deal, ÷ the discards judged.", minimum=0))


class _Figures(Answer):
    type_name = "PlayerFigures"
    error_rate = Float(required=True, metadata=doc(minimum=0, maximum=1))
    decisions = Integer(required=True, metadata=doc(minimum=0))
    luck = Float(required=True)
    rating = Nested(_PlayRating, metadata=doc(
        "The play rating over the game, with its parts (docs/rating.md). Added in 0.4.0."))
    result = Float(metadata=doc(
        "1 for the winner, 0 for the loser (0.5 each in a game with no winner). Added in "
        "0.4.0.", minimum=0, maximum=1))
    net_luck = Float(metadata=doc(
        "The player's `luck` less the opponent's. Added in 0.4.0."))
    luck_adjusted = Float(metadata=doc(
        "The result less 0.52 × `net_luck`: what the result would have been had the "
        "cards and cuts been worth their mean to both (GNU Backgammon's luck-adjusted "
        "result, with the luck's weight fitted on computer players; docs/rating.md). "
        "Added in 0.4.0."))


class GameReviewResult(Answer):
    component = "GameReviewResult"
    objective = String(required=True)
    deals = List(Nested(_GameDealReview), required=True)
    lost = lost(required=True)
    scores = points(required=True)
    winner = String(required=True, allow_none=True)
    margin = Enum(Margin, by_value=True, required=True, allow_none=True)
    findings = List(Nested(Finding), required=True)
    target = target_used(required=True)
    chances = List(Nested(_Chances), required=True, allow_none=True, metadata=doc(
        "Each deal's chance of winning the game for each side, read off the shipped chance "
        "table at the scores the referee found (docs/chances.md): `win` before the deal, "
        "`after_play` (heels and the play pegged), `after_show` (the deal over: 1 and 0 once a "
        "side has won). Null where no table covers the game (three or four players, the "
        "seven-card game, a target other than the variant's); a misdeal's `after_play` and "
        "`after_show` are null."))
    players = Dict(keys=String(), values=Nested(_Figures), required=True, allow_none=True,
                   metadata=doc(
        'Each player\'s figures over the game (docs/chances.md, "Error rate and luck"), by name; '
        "null where no chance table covers the game. `error_rate` is the mean `win_loss` per "
        "unforced decision (every discard, and every card laid when the player held more than "
        "one distinct legal rank; a decision with a null `win_loss` is not counted), 0 with "
        "none; `decisions` how many were counted. `luck` is what the cards and the cuts the "
        "player was dealt were worth in chance of winning against the mean, summed over the "
        "deals (negative: dealt worse than the mean)."))

