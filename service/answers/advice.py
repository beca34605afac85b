"""The answers of the advice: which cards to throw, which card to lay, the chances."""

from __future__ import annotations

from marshmallow.fields import Boolean, Dict, Float, Integer, List, Nested, String

from rules.chances import Part
from service.answers.base import (
    Answer,
    Open,
    canonical_card,
    canonical_cards,
    doc,
    ev,
    fraction,
    points,
    probabilities,
    target_used,
)
from service.fields import variant_field


class _AdviseOptionExact(Answer):
    hand_ev = String(required=True, metadata=doc(pattern="^-?[0-9]+(/[0-9]+)?$"))
    crib_ev = String(required=True, metadata=doc(pattern="^-?[0-9]+(/[0-9]+)?$"))
    net_ev = String(required=True, metadata=doc(pattern="^-?[0-9]+(/[0-9]+)?$"))


class AdviseOption(Answer):
    component = "AdviseOption"
    keep = canonical_cards(required=True)
    discard = canonical_cards(required=True)
    hand_ev = ev(required=True)
    crib_ev = ev(required=True)
    net_ev = ev(required=True, metadata=doc("Hand plus crib plus heels for the crib's side; "
                                            "hand minus crib against it."))
    exact = Nested(_AdviseOptionExact, required=True)
    win = Float(metadata=doc("With `scores` only. The player's chance of winning the game with "
                             "this discard, rounded to six places.", minimum=0, maximum=1))
    interval = Float(metadata=doc("With `scores` only. The 95% half-width of `win` (the "
                                  "sample's error and the table's).", minimum=0))
    behind = Float(metadata=doc("With `scores` only. The first option's `win` less this one's "
                                "(0 for the first)."))
    behind_interval = Float(metadata=doc("With `scores` only. The 95% half-width of `behind`, "
                                         "from the same deals (far narrower than `interval`, as "
                                         "both options met the same cards); `behind` beyond it "
                                         "is a clear difference.", minimum=0))
    within_interval = Boolean(metadata=doc(
        "With `scores` only. `behind` is above 0 and within `behind_interval`: the sample "
        "cannot tell this option from the first, and their order may be the noise's (false "
        "for the first). Since 0.4.0."))


class AdviseCards(Answer):
    component = "AdviseCards"
    keep = canonical_cards(required=True)
    discard = canonical_cards(required=True)


class _AdviseResultScores(Answer):
    pone = Integer(required=True)
    dealer = Integer(required=True)


class _AdviseResultTable(Open):
    deals = Integer()
    seed = Integer(allow_none=True)
    version = String(allow_none=True)


class AdviseResult(Answer):
    component = "AdviseResult"
    cards = canonical_cards(required=True)
    dealer = Boolean(required=True)
    variant = variant_field(required=True)
    crib = String(required=True, metadata=doc(enum=["ours", "theirs"]))
    heels_ev = Float(required=True, metadata=doc("The expected heels (a jack starter) for the "
                                                 "side whose crib it is: the dealer's, or the "
                                                 "partnership's when the partner deals "
                                                 "(four-player); 0 for the other side. Included "
                                                 "in net_ev."))
    options = List(Nested(AdviseOption), required=True, metadata=doc(
        "Best `net_ev` first; with `scores`, best `win` first (equal chances in the order by "
        "`net_ev`)."))
    target = Integer(metadata=doc("With `scores` only: the game's target (121, or 61 in the "
                                  "five-card game)."))
    scores = Nested(_AdviseResultScores, metadata=doc("With `scores` only, as given."))
    orders_differ = Boolean(metadata=doc("With `scores` only. The order by `win` is not the "
                                         "order by `net_ev` (options of equal `win` are kept in "
                                         "the order by `net_ev`, so a tie is no difference). "
                                         "Compare `best_by_win` with `best_by_net_ev` for the "
                                         "choice itself."))
    order_within_interval = Boolean(metadata=doc(
        "With `scores` only. Some option's `within_interval` is true: which discard is best "
        "by `win` is not settled by the sample, so an `orders_differ` may be the noise's. "
        "Since 0.4.0."))
    best_by_win = Nested(AdviseCards)
    best_by_net_ev = Nested(AdviseCards)
    samples = Integer(metadata=doc("With `scores` only: the deals dealt out, the same deals for "
                                   "every option."))
    table = Nested(_AdviseResultTable, metadata=doc("With `scores` only. The chance table used "
                                                    "for the next deals (as `/v1/chances` "
                                                    "reports it)."))


class _PeggingAdviseResultOptionsItem(Answer):
    type_name = "PlayOption"
    card = canonical_card()
    go = Boolean(metadata=doc(const=True))
    expected = Float(required=True, metadata=doc("The mean play point difference from here."))
    exact = fraction()
    stderr = Float(allow_none=True, metadata=doc(minimum=0))
    win = Float(metadata=doc("With `objective: win`: the mean chance of winning the game from "
                             "the player's side, each deal searched with every hand open, each "
                             "side playing for its chance, the chance table after the play at "
                             "the leaves.", minimum=0, maximum=1))


class PeggingAdviseResult(Answer):
    component = "PeggingAdviseResult"
    player = String(required=True)
    objective = String(required=True, metadata=doc(enum=["points", "win"]))
    count = Integer(required=True, metadata=doc(minimum=0, maximum=31))
    method = String(required=True, metadata=doc(enum=["exact", "sampled"]))
    deals = Integer(required=True, metadata=doc("The deals played (rank patterns if exact).",
                                                minimum=1))
    model = String(required=True)
    samples = Integer(required=True)
    seed = Integer(required=True)
    options = List(Nested(_PeggingAdviseResultOptionsItem), required=True)


class _ChancesResultTable(Answer):
    type_name = "ChanceTableFacts"
    deals = Integer(required=True, metadata=doc("Deals simulated to build it.", minimum=1))
    seed = Integer(required=True, allow_none=True)
    version = String(required=True, allow_none=True)


class ChancesResult(Answer):
    component = "ChancesResult"
    variant = variant_field(required=True)
    target = target_used(required=True)
    pone = String(required=True, metadata=doc("The player who does not deal."))
    dealer = String(required=True, metadata=doc("The player who deals."))
    scores = points(required=True)
    after = String(required=True, allow_none=True, metadata=doc(
        "The request's `after`; null before the deal.",
        enum=[*(part.word for part in Part), None]))
    win = probabilities(required=True, metadata=doc("The chance that each player wins, rounded "
                                                    "to six places; the two sum to 1."))
    skunk = probabilities(required=True, metadata=doc("The chance of winning by a skunk, not a "
                                                      "double skunk."))
    double_skunk = probabilities(required=True, metadata=doc(
        "The chance of winning by a double skunk."))
    game_points = Dict(keys=String(), values=Float(metadata=doc(minimum=0, maximum=3)),
                       required=True, metadata=doc(
        "Each player's expected ACC game points (2 a win, 3 a skunk or a double skunk, 0 a "
        "loss)."))
    interval = Float(required=True, metadata=doc("The 95% half-width of `win`.", minimum=0))
    samples = Integer(required=True, metadata=doc("Deals dealt out for the cards seen; 0 for "
                                                  "the table alone.", minimum=0))
    table = Nested(_ChancesResultTable, required=True, metadata=doc(
        "The shipped table's provenance (docs/chances.md)."))

