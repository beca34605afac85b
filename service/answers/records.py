"""The answers of the record checks: a hand, the play, a deal, a game; and a problem."""

from __future__ import annotations

from marshmallow.fields import Boolean, Dict, Enum, Integer, List, Nested, Raw, String

from rules import FindingCode, ItemKind, Margin, PegKind, Phase, Verdict
from service.answers.base import (
    Answer,
    Open,
    canonical_card,
    canonical_cards,
    doc,
    points,
    stage,
    target_used,
)


class Finding(Answer):
    component = "Finding"
    code = String(required=True, metadata=doc("What the referee found, kebab-case and stable. "
                                              "The set is extensible: new codes are added in "
                                              "minor versions, so a client shows an unknown "
                                              "code by its `message` (and `rulebook`), never "
                                              "fails on it. The codes known today are listed in "
                                              "`x-extensible-enum` (a plain string to code "
                                              "generators: openapi-typescript and "
                                              "openapi-generator both read a closed `enum` as a "
                                              "union or an enum class that rejects a new value, "
                                              "and `anyOf` of an enum and a string as a wrapper "
                                              "type or a bare `string`).",
        examples=["overcount", "renege"],
        **{"x-extensible-enum": [code.value for code in FindingCode]}))
    message = String(required=True, metadata=doc("The finding in words, for people: plays are "
                                                 'numbered from 1 ("play 3" is `index` 2).'))
    player = String()
    index = Integer(metadata=doc("The event's position in the record's `plays`, counting from "
                                 '0, while the message counts plays from 1 (`index` 2 is "play '
                                 '3").', minimum=0))
    points = Integer()
    rule = String(metadata=doc('The printed rule behind the ruling: an ACC rule number ("ACC '
                               '7.3"; an undercount cites "ACC 8.3"), an English law ("English '
                               'laws xxi"), or "Hoyle" or "English laws" where no numbered law '
                               "covers it. Present wherever a printed rule applies; absent only "
                               "where none does: in friendly play, and under the ACC for the "
                               "findings that state a fact of the record (`impossible-claim`, "
                               "`card-not-held`, `card-already-played`, `cards-left-unplayed`, "
                               "`ambiguous-record`)."))
    deal = Integer(metadata=doc(minimum=0))
    rulebook = String(metadata=doc("Where the rule book explains this ruling, as a link "
                                   "relative to the server that answered: `/rules` and the "
                                   'finding code as the anchor, e.g. "/rules#renege" (`GET '
                                   "/rules`)."))
    changes_no_peg = Boolean(metadata=doc(
        "True on an `undercount` or a `muggins` on a card whose points a renege retracts: "
        "what it missed is pegged by no one (docs/rules.md#renege). Absent otherwise. Since "
        "0.4.0.", const=True))
    decided_by = Integer(metadata=doc(
        "With `changes_no_peg`: the position, in this list of findings, of the `renege` "
        "whose retraction decides it. Since 0.4.0.", minimum=0))


class _ProblemErrorsItem(Answer):
    pointer = String(required=True, metadata=doc("JSON pointer as a URI fragment, e.g. "
                                                 "`#/hand/1`"))
    detail = String(required=True)
    line = Integer(metadata=doc("For a record sent as `notation` (pointer `#/notation`), the "
                                "line where the text says what is wrong.", minimum=1))
    column = Integer(metadata=doc("With `line`: the column, counted from 1.", minimum=1))
    code = String(required=True, metadata=doc("Shape problems (`unknown-field`, `required`, "
                                              "`null`, `wrong-type`, `unknown-value`, "
                                              "`out-of-range`, `wrong-size`, `invalid-card`, "
                                              "`duplicate-card`, `card-and-go`, `card-or-go`, "
                                              "`reserved-name`, `conflict`, `invalid-text`, "
                                              "`badly-written` for notation that cannot be "
                                              "read) and the rules' problems with a record "
                                              "(`ProblemCode` in `rules/core/errors.py`: "
                                              "`unknown-player`, `duplicate-player`, "
                                              "`unknown-side`, `card-not-held`, "
                                              "`not-in-variant`, `out-of-range`, "
                                              "`after-game-over`, `out-of-order`, and for "
                                              "`/v1/pegging/advise` `not-your-turn`, "
                                              "`card-seen`, `renege`, `out-of-turn`, "
                                              "`play-over`, `inconsistent-record`, "
                                              "`too-costly`). Extensible like a finding's code: "
                                              "show an unknown one by its `detail`. One 422 "
                                              "lists every problem the schema and the library "
                                              "find, the schema's first (a check that needs a "
                                              "field the schema refused is skipped); each "
                                              "`detail` quotes the bad value, cut short.",
        examples=[
            "invalid-card", "duplicate-card", "wrong-size", "unknown-field", "required",
            "wrong-type", "null", "unknown-value", "out-of-range", "unknown-player",
            "unknown-side", "out-of-order", "invalid-text"]))


class Problem(Open):
    component = "Problem"
    description = "RFC 9457 problem details."
    type = String(required=True)
    title = String(required=True)
    status = Integer(required=True, metadata=doc(minimum=400, maximum=599))
    detail = String()
    errors = List(Nested(_ProblemErrorsItem), metadata=doc(
        "The first 50 problems; `errors_omitted` counts the rest.", maxItems=50))
    errors_omitted = Integer(metadata=doc(
        "How many problems past the first 50 are not listed.", minimum=1))


class ShowItem(Answer):
    component = "ShowItem"
    kind = Enum(ItemKind, by_value=True, required=True)
    cards = canonical_cards(required=True)
    points = Integer(required=True, metadata=doc(minimum=1))


class _HandCheckResultBreakdown(Answer):
    fifteen = Integer(required=True, metadata=doc(minimum=0))
    pair = Integer(required=True, metadata=doc(minimum=0))
    run = Integer(required=True, metadata=doc(minimum=0))
    flush = Integer(required=True, metadata=doc(minimum=0))
    nobs = Integer(required=True, metadata=doc(minimum=0))


class _HandCheckResultAward(Answer):
    type_name = "Award"
    player = Integer(required=True, metadata=doc(minimum=0))
    opponent = Integer(required=True, metadata=doc(minimum=0))


class HandCheckResult(Answer):
    component = "HandCheckResult"
    hand = canonical_cards(required=True)
    starter = canonical_card(required=True)
    crib = Boolean(required=True)
    total = Integer(required=True, metadata=doc(minimum=0))
    breakdown = Nested(_HandCheckResultBreakdown, required=True)
    items = List(Nested(ShowItem), required=True)
    call = String(required=True, metadata=doc("The count as spoken at the table. A hand worth "
                                              'nothing is "nineteen", or "nothing" for the '
                                              "seven-card game's five-card hands, which can "
                                              "count 19."))
    claimed = Integer(metadata=doc("The claim, echoed. In a deal's `show`, a claim made after "
                                   "the game was won is echoed without `verdict`, `findings` or "
                                   "`award`: it is not ruled on."))
    verdict = Enum(Verdict, by_value=True)
    findings = List(Nested(Finding))
    award = Nested(_HandCheckResultAward, metadata=doc("What each side pegs after the ruleset's "
                                                       "remedy."))


class PegScore(Answer):
    component = "PegScore"
    kind = Enum(PegKind, by_value=True, required=True, metadata=doc(title="PegKind"))
    points = Integer(required=True, metadata=doc(minimum=1))


class ScoredEvent(Answer):
    component = "ScoredEvent"
    index = Integer(required=True, metadata=doc(minimum=0))
    player = String(required=True)
    card = canonical_card()
    go = Boolean(metadata=doc(const=True))
    legal = Boolean(metadata=doc("False for a card taken back (over 31) or laid after the play "
                                 "ended."))
    new_count = Boolean(metadata=doc("This card led a new count."))
    count = Integer(required=True, metadata=doc("The running count after the event.",
                                                minimum=0, maximum=31))
    points = Integer(required=True, metadata=doc("What the event truly scores, including a go "
                                                 "or last-card point earned by the card that "
                                                 "ended the count.", minimum=0))
    scores = List(Nested(PegScore), required=True)
    inferred_go = List(String(), metadata=doc("Players the referee inferred said go just before "
                                              "this event."))
    claimed = Integer()
    claimed_go = Integer(metadata=doc("The card's `claimed_go`, echoed when sent."))
    retracted = Boolean(metadata=doc("Present on a card whose points a renege retracts (ACC "
                                     "7.3, docs/rules.md#renege): what it scores is in `totals` "
                                     "but not in `award`, and a claim on it loses its muggins "
                                     "(its overcount penalty stands).", const=True))


class NotLegalMove(Answer):
    component = "NotLegalMove"
    description = ("A move the rules do not allow now that a player could still be recorded "
                   "making, and why. Recorded, it is ruled on by the referee with the whole "
                   "record, which may read it otherwise (docs/rules.md#ambiguous-record).")
    player = String(required=True)
    card = canonical_card()
    go = Boolean(metadata=doc("A go (no `card`).", const=True))
    why = String(required=True, metadata=doc(
        "`over-31`: the player on turn's card passes 31; `renege`: a go while a card fits; "
        "`out-of-turn`: another player's card. A finding code (`/rules#…`).",
        enum=[FindingCode.OVER_31.value, FindingCode.RENEGE.value,
              FindingCode.OUT_OF_TURN.value]))


class Next(Answer):
    component = "Next"
    description = "What comes next in a deal in progress."
    phase = Enum(Phase, by_value=True, required=True, metadata=doc(
        "A finished pegging record is at `show`; a finished deal is `over`.", title="Phase"))
    player = String(required=True, allow_none=True, metadata=doc(
        "In `play` the player to lay or say go; in `cut` the pone; in `show` who counts next "
        "(the players from the dealer's left, then `crib`); null in `discard` (everyone throws "
        "at once) and `over`."))
    count = Integer(required=True, allow_none=True, metadata=doc(
        "The running count, in `play` only.", minimum=0, maximum=31))
    legal = List(canonical_card(), metadata=doc("In `play`, where the player's cards are known, "
                                                "exactly the cards they may lay."))
    go = Boolean(metadata=doc("In `play`, where the player's cards are known, true when they "
                              "can lay nothing and must say go."))
    not_legal = List(Nested(NotLegalMove), metadata=doc(
        "In `play`, where the cards are known (with `legal`): every other move a player could "
        "be recorded making, each with why it is not legal (the player on turn's first, then "
        "the others' in seat order), so that a club app records what was really laid. Since "
        "0.4.0."))


class _PeggingCheckResultPartnershipsItem(Answer):
    players = List(String(), required=True)
    points = Integer(required=True)


class PeggingCheckResult(Answer):
    component = "PeggingCheckResult"
    plays = List(Nested(ScoredEvent), required=True)
    totals = points(required=True)
    partnerships = List(Nested(_PeggingCheckResultPartnershipsItem), metadata=doc(
        "Four players only; seats 1+3 and 2+4 combined."))
    findings = List(Nested(Finding), required=True)
    award = points(required=True, metadata=doc("What each player pegs after every ruling: "
                                               "claims, muggins, penalties, and under the ACC "
                                               "the points retracted after a renege. Always "
                                               "present."))
    next = Nested(Next)


class _DealCheckResultHeels(Answer):
    points = Integer(required=True, metadata=doc(minimum=0))
    claimed = Integer()
    pegged = Integer(required=True, metadata=doc(minimum=0))


class DealCheckResult(Answer):
    component = "DealCheckResult"
    misdeal = Boolean(required=True)
    heels = Nested(_DealCheckResultHeels, required=True, allow_none=True)
    play = Nested(PeggingCheckResult, required=True, allow_none=True, metadata=doc(
        "The play refereed, or null: after a misdeal, before the cut in a deal in progress, or "
        "when the finished deal has no `plays` (the play was not recorded: it is not ruled on, "
        "has no last-card point and pegs 0 for every player; heels and the show are refereed as "
        "usual)."))
    show = Dict(keys=String(), values=Nested(HandCheckResult), required=True, metadata=doc(
        "Each hand by player in counting order, then the crib under `crib` (so no player may be "
        "called `crib`). In a deal in progress, only what has been counted so far."))
    findings = List(Nested(Finding), required=True)
    scores_before = points(required=True)
    scores_after = points(required=True)
    pegged = points(required=True)
    winner = String(required=True, allow_none=True)
    won_during = stage(required=True)
    next = Nested(Next)
    target = target_used(required=True)


class _GameCheckResultDealsItem(Answer):
    type_name = "GameCheckDeal"
    deal = Integer(required=True, metadata=doc(minimum=0))
    dealer = String(required=True)
    misdeal = Boolean(required=True)
    heels = Integer(required=True, metadata=doc(minimum=0))
    play = points(required=True)
    show = points(required=True)
    scores_before = points(required=True)
    pegged = points(required=True)
    scores_after = points(required=True)
    winner = String(required=True, allow_none=True)
    won_during = stage(required=True)
    findings_count = Integer(required=True, metadata=doc(
        "How many findings the deal had (the findings themselves are in the top-level "
        "`findings`).", minimum=0))


class GameCheckResult(Answer):
    component = "GameCheckResult"
    deals = List(Nested(_GameCheckResultDealsItem), required=True)
    scores = points(required=True)
    winner = String(required=True, allow_none=True)
    margin = Enum(Margin, by_value=True, required=True, allow_none=True,
                  metadata=doc(title="Margin"))
    findings = List(Nested(Finding), required=True, metadata=doc(
        "Every deal's findings, each with its `deal` number."))
    target = target_used(required=True)



class HandBatchResult(Answer):
    component = "HandBatchResult"
    description = "One result per item, in order: a problem in the slot of an item that fails."
    results = List(Raw(metadata=doc(oneOf=[{"$ref": "#/components/schemas/HandCheckResult"},
                                           {"$ref": "#/components/schemas/Problem"}])),
                   required=True)
