"""The contract's schemas (openapi.yaml) as TypedDicts, for type checkers.

Written by ``make clients`` (tools/clients.py, datamodel-code-generator): never edit it
by hand; a test fails when it is not what the contract gives. muggins/types.py names
the answers the client returns.
"""

from __future__ import annotations

from typing import Any, Literal, Never, NotRequired, TypeAlias, TypedDict


class Status(TypedDict):
    status: str


class Contract(TypedDict):
    """
    An OpenAPI document.
    """

    openapi: str
    info: dict[str, Any]
    paths: dict[str, Any]


Variant: TypeAlias = Literal[
    'six-card', 'five-card', 'three-player', 'four-player', 'seven-card'
]


Ruleset: TypeAlias = Literal['acc', 'hoyle', 'english', 'friendly']


Card: TypeAlias = str
"""
A card in lenient notation, e.g. `5h`, `10♥`, `TH`, `qs`.
"""


Cards: TypeAlias = list[Card]


Claim: TypeAlias = int
"""
Points claimed. For a hand or crib that cannot count 19 (four-card hands, cribs, the five-card game's hands) a claim of 19 means nothing ("nineteen"); for the seven-card game's five-card hands 19 is 19.
"""


class HandCheckRequest(TypedDict):
    variant: NotRequired[Variant]
    ruleset: NotRequired[Ruleset]
    muggins: NotRequired[bool]
    hand: Cards
    """
    4 cards (3 in the five-card game, 5 in the seven-card game); a crib is always 4.
    """
    starter: Card
    crib: NotRequired[bool]
    claimed: NotRequired[Claim]


CanonicalCard: TypeAlias = str


CanonicalCards: TypeAlias = list[CanonicalCard]


class ShowItem(TypedDict):
    kind: Literal['fifteen', 'pair', 'run', 'flush', 'nobs']
    cards: CanonicalCards
    points: int


class Finding(TypedDict):
    code: str
    """
    What the referee found, kebab-case and stable. The set is extensible: new codes are added in minor versions, so a client shows an unknown code by its `message` (and `rulebook`), never fails on it. The codes known today are listed in `x-extensible-enum` (a plain string to code generators: openapi-typescript and openapi-generator both read a closed `enum` as a union or an enum class that rejects a new value, and `anyOf` of an enum and a string as a wrapper type or a bare `string`).
    """
    message: str
    """
    The finding in words, for people: plays are numbered from 1 ("play 3" is `index` 2).
    """
    player: NotRequired[str]
    index: NotRequired[int]
    """
    The event's position in the record's `plays`, counting from 0, while the message counts plays from 1 (`index` 2 is "play 3").
    """
    points: NotRequired[int]
    rule: NotRequired[str]
    """
    The printed rule behind the ruling: an ACC rule number ("ACC 7.3"; an undercount cites "ACC 8.3"), an English law ("English laws xxi"), or "Hoyle" or "English laws" where no numbered law covers it. Present wherever a printed rule applies; absent only where none does: in friendly play, and under the ACC for the findings that state a fact of the record (`impossible-claim`, `card-not-held`, `card-already-played`, `cards-left-unplayed`, `ambiguous-record`).
    """
    deal: NotRequired[int]
    rulebook: NotRequired[str]
    """
    Where the rule book explains this ruling, as a link relative to the server that answered: `/rules` and the finding code as the anchor, e.g. "/rules#renege" (`GET /rules`).
    """
    changes_no_peg: NotRequired[Literal[True]]
    """
    True on an `undercount` or a `muggins` on a card whose points a renege retracts: what it missed is pegged by no one (docs/rules.md#renege). Absent otherwise. Since 0.4.0.
    """
    decided_by: NotRequired[int]
    """
    With `changes_no_peg`: the position, in this list of findings, of the `renege` whose retraction decides it. Since 0.4.0.
    """


class Breakdown(TypedDict):
    fifteen: int
    pair: int
    run: int
    flush: int
    nobs: int


class Award(TypedDict):
    """
    What each side pegs after the ruleset's remedy.
    """

    player: int
    opponent: int


class HandCheckResult(TypedDict):
    hand: CanonicalCards
    starter: CanonicalCard
    crib: bool
    total: int
    breakdown: Breakdown
    items: list[ShowItem]
    call: str
    """
    The count as spoken at the table. A hand worth nothing is "nineteen", or "nothing" for the seven-card game's five-card hands, which can count 19.
    """
    claimed: NotRequired[int]
    """
    The claim, echoed. In a deal's `show`, a claim made after the game was won is echoed without `verdict`, `findings` or `award`: it is not ruled on.
    """
    verdict: NotRequired[Literal['correct', 'overcount', 'undercount']]
    findings: NotRequired[list[Finding]]
    award: NotRequired[Award]
    """
    What each side pegs after the ruleset's remedy.
    """


class HandBatchRequest(TypedDict):
    variant: NotRequired[Variant]
    ruleset: NotRequired[Ruleset]
    muggins: NotRequired[bool]
    hands: list[Any]
    """
    Each item is a `HandCheckRequest`. Items are validated one by one, so an item that is not a valid request (not even an object) is answered with a problem object in its slot rather than failing the batch.
    """


Notation: TypeAlias = str
"""
The record written in notation (docs/notation.md), in place of its JSON fields: sent with any of them it is a 422 `conflict` at each. The table line stands for `players`, `variant` and `target` (and, for a game, `first_dealer`: the table's dealer); `ruleset:` and `muggins:` lines may stand for those fields (a 422 `conflict` if both say it). Text that cannot be read is a 422 `badly-written` at `#/notation` with the `line` and `column`; every other problem with the record points at `#/notation` too, with the line and column of the part it is about. A request sends either the record's JSON fields or `notation`: with neither, the record's own required fields are a 422 `required`. (That choice is not written as an `anyOf` of required sets, which code generators type as `unknown`.)
"""


PlayerName: TypeAlias = str


class CardEvent(TypedDict):
    """
    A card laid.
    """

    player: PlayerName
    card: Card
    claimed: NotRequired[Claim]
    """
    Points the player claimed for the card. It covers what the card scored when laid; without `claimed_go`, a claim above that is read as also covering the go or last card the card earned (docs/rules.md#claims-in-the-play).
    """
    claimed_go: NotRequired[Claim]
    """
    Points the player claimed for the go or last-card point that card earned, when the others said go or the play ended (ruled on apart from `claimed`; 1 for a go, 0 for none). A go event has no such field.
    """
    go: NotRequired[Never]


class GoEvent(TypedDict):
    """
    A go.
    """

    player: PlayerName
    go: Literal[True]
    claimed: NotRequired[Claim]
    """
    Points the player claimed for the card. It covers what the card scored when laid; without `claimed_go`, a claim above that is read as also covering the go or last card the card earned (docs/rules.md#claims-in-the-play).
    """
    card: NotRequired[Never]
    claimed_go: NotRequired[Never]


PlayEvent: TypeAlias = CardEvent | GoEvent
"""
A card laid (`card`) or a go (`go` true), exactly one: neither schema admits the other's field, so no event matches both, and this `anyOf` means what a `oneOf` would (generators type both as the same union). It is not written `oneOf` because the contract fuzzer (schemathesis) cannot then make the invalid plays it sends.
"""


Plays: TypeAlias = list[PlayEvent]


Hands: TypeAlias = dict[str, Cards]
"""
Each player's cards, by name.
"""


Players: TypeAlias = list[PlayerName]
"""
The seats in play order, from the dealer's left, ending with the dealer. Two-player records default to `["pone", "dealer"]`; three- and four-player records must name them.
"""


InProgress: TypeAlias = bool
"""
The record stops part-way through the deal. Nothing that only the end of the play decides is awarded (the last card, cards never played), and the answer carries `next`.
"""


class PeggingCheckRequest(TypedDict):
    variant: NotRequired[Variant]
    ruleset: NotRequired[Ruleset]
    muggins: NotRequired[bool]
    notation: NotRequired[Notation]
    """
    A play (docs/notation.md#a-play), in place of `players`, `variant`, `plays`, `hands` and `in_progress`.
    """
    plays: NotRequired[Plays]
    hands: NotRequired[Hands]
    """
    The cards each player held when the play began (all players, whole hands).
    """
    players: NotRequired[Players]
    in_progress: NotRequired[InProgress]


PegKind: TypeAlias = Literal[
    'fifteen',
    'thirty-one',
    'pair',
    'pair-royal',
    'double-pair-royal',
    'run',
    'go',
    'last-card',
]


class PegScore(TypedDict):
    kind: PegKind
    points: int


class ScoredEvent(TypedDict):
    index: int
    player: str
    card: NotRequired[CanonicalCard]
    go: NotRequired[Literal[True]]
    legal: NotRequired[bool]
    """
    False for a card taken back (over 31) or laid after the play ended.
    """
    new_count: NotRequired[bool]
    """
    This card led a new count.
    """
    count: int
    """
    The running count after the event.
    """
    points: int
    """
    What the event truly scores, including a go or last-card point earned by the card that ended the count.
    """
    scores: list[PegScore]
    inferred_go: NotRequired[list[str]]
    """
    Players the referee inferred said go just before this event.
    """
    claimed: NotRequired[int]
    claimed_go: NotRequired[int]
    """
    The card's `claimed_go`, echoed when sent.
    """
    retracted: NotRequired[Literal[True]]
    """
    Present on a card whose points a renege retracts (ACC 7.3, docs/rules.md#renege): what it scores is in `totals` but not in `award`, and a claim on it loses its muggins (its overcount penalty stands).
    """


Points: TypeAlias = dict[str, int]
"""
Points by player name.
"""


class NotLegalMove(TypedDict):
    """
    A move the rules do not allow now that a player could still be recorded making, and why. Recorded, it is ruled on by the referee with the whole record, which may read it otherwise (docs/rules.md#ambiguous-record).
    """

    player: str
    card: NotRequired[CanonicalCard]
    go: NotRequired[Literal[True]]
    """
    A go (no `card`).
    """
    why: Literal['over-31', 'renege', 'out-of-turn']
    """
    `over-31`: the player on turn's card passes 31; `renege`: a go while a card fits; `out-of-turn`: another player's card. A finding code (`/rules#…`).
    """


Phase: TypeAlias = Literal['discard', 'cut', 'play', 'show', 'over']
"""
A finished pegging record is at `show`; a finished deal is `over`.
"""


class Next(TypedDict):
    """
    What comes next in a deal in progress.
    """

    phase: Phase
    """
    A finished pegging record is at `show`; a finished deal is `over`.
    """
    player: str | None
    """
    In `play` the player to lay or say go; in `cut` the pone; in `show` who counts next (the players from the dealer's left, then `crib`); null in `discard` (everyone throws at once) and `over`.
    """
    count: int | None
    """
    The running count, in `play` only.
    """
    legal: NotRequired[list[CanonicalCard]]
    """
    In `play`, where the player's cards are known, exactly the cards they may lay.
    """
    go: NotRequired[bool]
    """
    In `play`, where the player's cards are known, true when they can lay nothing and must say go.
    """
    not_legal: NotRequired[list[NotLegalMove]]
    """
    In `play`, where the cards are known (with `legal`): every other move a player could be recorded making, each with why it is not legal (the player on turn's first, then the others' in seat order), so that a club app records what was really laid. Since 0.4.0.
    """


class Partnership(TypedDict):
    players: list[str]
    points: int


class PeggingCheckResult(TypedDict):
    plays: list[ScoredEvent]
    totals: Points
    partnerships: NotRequired[list[Partnership]]
    """
    Four players only; seats 1+3 and 2+4 combined.
    """
    findings: list[Finding]
    award: Points
    """
    What each player pegs after every ruling: claims, muggins, penalties, and under the ACC the points retracted after a renege. Always present.
    """
    next: NotRequired[Next]


class Claims(TypedDict):
    heels: NotRequired[Claim]
    """
    What the dealer pegged for his heels; 0 means not pegged (forfeited).
    """
    hands: NotRequired[dict[str, Claim]]
    """
    Each player's claim for their hand, by name.
    """
    crib: NotRequired[Claim]


Target: TypeAlias = int
"""
Defaults by variant (61 five-card, 181 seven-card, 121 otherwise).
"""


class DealCheckRequest(TypedDict):
    """
    A finished deal needs `discards` and `starter` too (422 `required` without them). A deal `in_progress` may stop at any phase: the fields later phases need are left out, and what is given must be consistent (a starter needs the discards, plays need the starter, claims for the show need the play to be over).
    """

    dealt: NotRequired[Hands]
    """
    The cards dealt to each player, by name.
    """
    discards: NotRequired[dict[str, Cards]]
    """
    The cards each player laid away to the crib.
    """
    crib_card: NotRequired[Card]
    starter: NotRequired[Card]
    plays: NotRequired[Plays]
    claims: NotRequired[Claims]
    variant: NotRequired[Variant]
    ruleset: NotRequired[Ruleset]
    muggins: NotRequired[bool]
    notation: NotRequired[Notation]
    """
    A deal (docs/notation.md#a-deal), in place of every other field but `ruleset` and `muggins`.
    """
    players: NotRequired[Players]
    scores_before: NotRequired[dict[str, int]]
    """
    Scores by side before the deal (a side is a player, or in the four-player game a partnership named `a&c`).
    """
    target: NotRequired[Target]
    in_progress: NotRequired[InProgress]


Stage: TypeAlias = Literal['misdeal', 'heels', 'play', 'show'] | None


TargetUsed: TypeAlias = int
"""
The target the answer was refereed to, the request's or the variant's.
"""


class Heels(TypedDict):
    points: int
    claimed: NotRequired[int]
    pegged: int


class DealCheckResult(TypedDict):
    misdeal: bool
    heels: Heels | None
    play: PeggingCheckResult | None
    """
    The play refereed, or null: after a misdeal, before the cut in a deal in progress, or when the finished deal has no `plays` (the play was not recorded: it is not ruled on, has no last-card point and pegs 0 for every player; heels and the show are refereed as usual).
    """
    show: dict[str, HandCheckResult]
    """
    Each hand by player in counting order, then the crib under `crib` (so no player may be called `crib`). In a deal in progress, only what has been counted so far.
    """
    findings: list[Finding]
    scores_before: Points
    scores_after: Points
    pegged: Points
    winner: str | None
    won_during: Stage
    next: NotRequired[Next]
    target: TargetUsed


class GameDeal(TypedDict):
    """
    A deal in a game; who sits where, and the scores, follow from the game.
    """

    dealt: Hands
    """
    The cards dealt to each player, by name.
    """
    discards: dict[str, Cards]
    """
    The cards each player laid away to the crib.
    """
    crib_card: NotRequired[Card]
    starter: Card
    plays: NotRequired[Plays]
    claims: NotRequired[Claims]


class GameCheckRequest(TypedDict):
    variant: NotRequired[Variant]
    ruleset: NotRequired[Ruleset]
    muggins: NotRequired[bool]
    notation: NotRequired[Notation]
    """
    A game (docs/notation.md#a-game), in place of every other field but `ruleset` and `muggins`.
    """
    players: NotRequired[Players]
    """
    The table in play order: each player's left-hand neighbour follows them.
    """
    first_dealer: NotRequired[PlayerName]
    deals: NotRequired[list[GameDeal]]
    """
    At most 40 deals in a game to 121 or less (61 and 121 points), at most 60 in a longer one (the seven-card game's 181): more than any real game reaches.
    """
    target: NotRequired[Target]
    scores_before: NotRequired[dict[str, int]]
    """
    The scores the game was joined at, by side as a deal's (a player, or in the four-player game a partnership named `a&c`), each below the target; a side left out has 0. The first deal sent is played from them and is deal 0. In the five-card game the three for last is counted in them: given, nothing is added (docs/rules.md#joined-game). Left out, the game is checked from its start.
    """


class GameCheckDeal(TypedDict):
    deal: int
    dealer: str
    misdeal: bool
    heels: int
    play: Points
    show: Points
    scores_before: Points
    pegged: Points
    scores_after: Points
    winner: str | None
    won_during: Stage
    findings_count: int
    """
    How many findings the deal had (the findings themselves are in the top-level `findings`).
    """


Margin: TypeAlias = Literal['single', 'skunk', 'double-skunk', 'lurch'] | None


class GameCheckResult(TypedDict):
    deals: list[GameCheckDeal]
    scores: Points
    winner: str | None
    margin: Margin | None
    findings: list[Finding]
    """
    Every deal's findings, each with its `deal` number.
    """
    target: TargetUsed


class Scores(TypedDict):
    """
    The scores before this deal, `{"pone": n, "dealer": n}` (the player is the `dealer` when `dealer` is true, else the `pone`). Given, the options are ranked by the chance of winning. The two-player six-card and five-card games only (422 `not-in-variant` at `/scores`); both sides, each short of the target (422 at `/scores/<side>`).
    """

    pone: NotRequired[int]
    dealer: NotRequired[int]


class AdviseRequest(TypedDict):
    variant: NotRequired[Variant]
    ruleset: NotRequired[Ruleset]
    muggins: NotRequired[bool]
    cards: Cards
    """
    The dealt hand (6 cards; 5 in the five-card, three- and four-player games; 7 in the seven-card game).
    """
    dealer: bool
    """
    The player deals, so the crib is theirs.
    """
    partner_deals: NotRequired[bool]
    """
    The partner deals, so the crib is the partnership's; `true` in the four-player game only (422 `not-in-variant`), and not with `dealer` (422 `conflict`).
    """
    scores: NotRequired[Scores]
    """
    The scores before this deal, `{"pone": n, "dealer": n}` (the player is the `dealer` when `dealer` is true, else the `pone`). Given, the options are ranked by the chance of winning. The two-player six-card and five-card games only (422 `not-in-variant` at `/scores`); both sides, each short of the target (422 at `/scores/<side>`).
    """


Ev: TypeAlias = float
"""
An expected value, rounded to six places; `exact` has the fraction.
"""


class Exact(TypedDict):
    hand_ev: str
    crib_ev: str
    net_ev: str


class AdviseOption(TypedDict):
    keep: CanonicalCards
    discard: CanonicalCards
    hand_ev: Ev
    crib_ev: Ev
    net_ev: Ev
    """
    Hand plus crib plus heels for the crib's side; hand minus crib against it.
    """
    exact: Exact
    win: NotRequired[float]
    """
    With `scores` only. The player's chance of winning the game with this discard, rounded to six places.
    """
    interval: NotRequired[float]
    """
    With `scores` only. The 95% half-width of `win` (the sample's error and the table's).
    """
    behind: NotRequired[float]
    """
    With `scores` only. The first option's `win` less this one's (0 for the first).
    """
    behind_interval: NotRequired[float]
    """
    With `scores` only. The 95% half-width of `behind`, from the same deals (far narrower than `interval`, as both options met the same cards); `behind` beyond it is a clear difference.
    """
    within_interval: NotRequired[bool]
    """
    With `scores` only. `behind` is above 0 and within `behind_interval`: the sample cannot tell this option from the first, and their order may be the noise's (false for the first). Since 0.4.0.
    """


class AdviseCards(TypedDict):
    keep: CanonicalCards
    discard: CanonicalCards


class Scores1(TypedDict):
    """
    With `scores` only, as given.
    """

    pone: int
    dealer: int


class Table(TypedDict):
    """
    With `scores` only. The chance table used for the next deals (as `/v1/chances` reports it).
    """

    deals: NotRequired[int]
    seed: NotRequired[int | None]
    version: NotRequired[str | None]


class AdviseResult(TypedDict):
    cards: CanonicalCards
    dealer: bool
    variant: Variant
    crib: Literal['ours', 'theirs']
    heels_ev: float
    """
    The expected heels (a jack starter) for the side whose crib it is: the dealer's, or the partnership's when the partner deals (four-player); 0 for the other side. Included in net_ev.
    """
    options: list[AdviseOption]
    """
    Best `net_ev` first; with `scores`, best `win` first (equal chances in the order by `net_ev`).
    """
    target: NotRequired[int]
    """
    With `scores` only: the game's target (121, or 61 in the five-card game).
    """
    scores: NotRequired[Scores1]
    """
    With `scores` only, as given.
    """
    orders_differ: NotRequired[bool]
    """
    With `scores` only. The order by `win` is not the order by `net_ev` (options of equal `win` are kept in the order by `net_ev`, so a tie is no difference). Compare `best_by_win` with `best_by_net_ev` for the choice itself.
    """
    order_within_interval: NotRequired[bool]
    """
    With `scores` only. Some option's `within_interval` is true: which discard is best by `win` is not settled by the sample, so an `orders_differ` may be the noise's. Since 0.4.0.
    """
    best_by_win: NotRequired[AdviseCards]
    best_by_net_ev: NotRequired[AdviseCards]
    samples: NotRequired[int]
    """
    With `scores` only: the deals dealt out, the same deals for every option.
    """
    table: NotRequired[Table]
    """
    With `scores` only. The chance table used for the next deals (as `/v1/chances` reports it).
    """


Fraction: TypeAlias = str


class Best(TypedDict):
    discard: CanonicalCards
    keep: CanonicalCards
    net_ev: Ev


class BestByWin(TypedDict):
    """
    The best discard by the chance of winning, the one `win_loss` is measured against: the sample's best when `dealt`; by the `slope`, which keeps the order by points, the same as `best`. Null with `win_loss`.
    """

    discard: CanonicalCards
    keep: CanonicalCards


class Exact1(TypedDict):
    loss: Fraction
    net_ev: Fraction
    best_net_ev: Fraction


class DiscardReview(TypedDict):
    discard: CanonicalCards
    keep: CanonicalCards
    net_ev: Ev
    best: Best
    loss: float
    """
    Net expected points given up against the best option, rounded to six places.
    """
    rank: int
    """
    1 for a best choice; options of equal net value share a rank.
    """
    options: int
    """
    How many legal discards there were.
    """
    win_loss: float | None
    """
    The chance of winning the game given up against the best discard, judged from what the player knew (their cards, the scores before the deal), rounded to six places (docs/chances.md, "Decisions judged by chances"). Null where no chance table covers the game (three or four players, the seven-card game, another target).
    """
    win_by: Literal['dealt', 'slope'] | None
    """
    How `win_loss` was judged: `dealt`, every option dealt out (32 deals each, the same deals for all) near the end of the game, either side within 31 of the target, at most 3,840 deals a request, spent from the game's last discard backwards; `slope`, the net expected points given up (`loss`) times the table's value of a point for the player before the deal. Null with `win_loss`.
    """
    best_by_win: BestByWin | None
    """
    The best discard by the chance of winning, the one `win_loss` is measured against: the sample's best when `dealt`; by the `slope`, which keeps the order by points, the same as `best`. Null with `win_loss`.
    """
    within_interval: NotRequired[bool | None]
    """
    When `dealt`: `win_loss` is within its 95% interval, so the sample cannot tell this discard from `best_by_win` and their order may be the noise's. Null by the `slope` and with `win_loss`. Since 0.4.0.
    """
    exact: Exact1


class CardReview(TypedDict):
    index: int
    """
    The event's index in `plays`.
    """
    player: str
    card: CanonicalCard
    loss: int | None
    """
    Points of play difference given up against the best legal alternative, double-dummy; null where the review had stopped.
    """
    best: CanonicalCards
    """
    The cards the player held that keep the best value.
    """
    game: bool
    """
    The card gave up the game.
    """
    win_loss: float | None
    """
    The chance of winning the game given up against the player's best card, from the player's side (0 for a best card): the play searched with every hand known, each side playing for its chance, the true show and the chance table after it (docs/chances.md, "The play judged by chances"). Null for a game the tables do not cover (three or four players, the seven-card game, another target), a play won on the heels, and where the review had stopped.
    """


class PlayReview(TypedDict):
    cards: list[CardReview]
    """
    Each card laid, in order (gos are forced and are not listed).
    """
    stopped_at: int | None
    """
    The index of the first event not judged.
    """
    reason: str | None


class CountReview(TypedDict):
    what: str
    """
    `heels`, a player's name for their hand, or `crib`.
    """
    player: str
    claimed: int
    true: int
    pegged: int
    conceded: int
    """
    What the ruling gave the opponent.
    """
    loss: int
    """
    true - pegged + conceded
    """


class Exact2(TypedDict):
    discard: Fraction


class PlayerLoss(TypedDict):
    discard: float
    play: int
    count: int
    exact: Exact2


Lost: TypeAlias = dict[str, PlayerLoss]
"""
Per player, the points given up to discarding (net expected), the play (double-dummy) and counting.
"""


class DealReview(TypedDict):
    discards: dict[str, DiscardReview]
    """
    Each player's discard, by name (empty after a misdeal).
    """
    play: PlayReview | None
    count: list[CountReview]
    lost: Lost
    findings: list[Finding]
    scores_after: Points
    winner: str | None
    won_during: Stage


class DealReviewResult(DealReview):
    objective: str
    """
    What the play's double-dummy value measures.
    """
    target: TargetUsed


Chance: TypeAlias = dict[str, float]
"""
A probability by side name.
"""


class GameDealReview(DealReview):
    deal: int
    dealer: str


class DealChances(TypedDict):
    deal: int
    win: Chance
    after_play: Chance | None
    after_show: Chance | None


class PlayRating(TypedDict):
    """
    The play rating over the game, with its parts (docs/rating.md). Added in 0.4.0.
    """

    value: float
    """
    Thousandths of a game of chance of winning given up a deal, at the discard and in the claims: 1000 × (the discards' `win_loss` + the claims) ÷ the discards judged (docs/rating.md); lower is better, 0 the engine's best every time. It is `discards` + `claims`.
    """
    band: str
    """
    The band the rating falls in, calibrated on computer players of known strength (docs/rating.md): engine, expert, club, casual, novice, random.
    """
    discards: float
    """
    The discards' part: 1000 × their `win_loss` summed ÷ the discards judged.
    """
    play: float
    """
    Beside the rating, not in it: 1000 × the unforced cards' `win_loss` summed ÷ those cards (judged double-dummy, so it faults the cards a player could not see; docs/rating.md).
    """
    claims: float
    """
    The claims left unmade: 1000 × the counts' `loss` in points, each times the claimer's value of a point before the deal, ÷ the discards judged.
    """


class PlayerFigures(TypedDict):
    error_rate: float
    decisions: int
    luck: float
    rating: NotRequired[PlayRating]
    """
    The play rating over the game, with its parts (docs/rating.md). Added in 0.4.0.
    """
    result: NotRequired[float]
    """
    1 for the winner, 0 for the loser (0.5 each in a game with no winner). Added in 0.4.0.
    """
    net_luck: NotRequired[float]
    """
    The player's `luck` less the opponent's. Added in 0.4.0.
    """
    luck_adjusted: NotRequired[float]
    """
    The result less 0.52 × `net_luck`: what the result would have been had the cards and cuts been worth their mean to both (GNU Backgammon's luck-adjusted result, with the luck's weight fitted on computer players; docs/rating.md). Added in 0.4.0.
    """


class GameReviewResult(TypedDict):
    objective: str
    deals: list[GameDealReview]
    lost: Lost
    scores: Points
    winner: str | None
    margin: Literal['single', 'skunk', 'double-skunk', 'lurch'] | None
    findings: list[Finding]
    target: TargetUsed
    chances: list[DealChances] | None
    """
    Each deal's chance of winning the game for each side, read off the shipped chance table at the scores the referee found (docs/chances.md): `win` before the deal, `after_play` (heels and the play pegged), `after_show` (the deal over: 1 and 0 once a side has won). Null where no table covers the game (three or four players, the seven-card game, a target other than the variant's); a misdeal's `after_play` and `after_show` are null.
    """
    players: dict[str, PlayerFigures] | None
    """
    Each player's figures over the game (docs/chances.md, "Error rate and luck"), by name; null where no chance table covers the game. `error_rate` is the mean `win_loss` per unforced decision (every discard, and every card laid when the player held more than one distinct legal rank; a decision with a null `win_loss` is not counted), 0 with none; `decisions` how many were counted. `luck` is what the cards and the cuts the player was dealt were worth in chance of winning against the mean, summed over the deals (negative: dealt worse than the mean).
    """


class PeggingAdviseRequest(TypedDict):
    variant: NotRequired[Variant]
    ruleset: NotRequired[Ruleset]
    muggins: NotRequired[bool]
    notation: NotRequired[Notation]
    """
    The play so far (docs/notation.md#a-play, without `hands:`), in place of `players`, `variant` and `plays`.
    """
    players: NotRequired[Players]
    player: PlayerName
    hand: Cards
    """
    The player's cards as the play began (those laid since included).
    """
    starter: Card
    discards: NotRequired[list[Card]]
    """
    The player's own discards, if they are to count as seen.
    """
    plays: NotRequired[list[PlayEvent]]
    """
    The play so far, as in `/v1/pegging/check`.
    """
    samples: NotRequired[int]
    seed: NotRequired[int]
    objective: NotRequired[Literal['points', 'win']]
    """
    `points`: options ranked by the mean play point difference. `win`: by the player's mean chance of winning the game (docs/chances.md, "The play judged by chances"), for the two-player six-card and five-card games only (any other is a 422 at `#/variant`); `scores` is then required.
    """
    scores: NotRequired[dict[str, int]]
    """
    Each side's score as the play began, by name, heels included; each short of the target. Required with `objective: win`, ignored otherwise.
    """


class PlayOption(TypedDict):
    card: NotRequired[CanonicalCard]
    go: NotRequired[Literal[True]]
    expected: float
    """
    The mean play point difference from here.
    """
    exact: NotRequired[Fraction]
    stderr: NotRequired[float | None]
    win: NotRequired[float]
    """
    With `objective: win`: the mean chance of winning the game from the player's side, each deal searched with every hand open, each side playing for its chance, the chance table after the play at the leaves.
    """


class PeggingAdviseResult(TypedDict):
    player: str
    objective: Literal['points', 'win']
    count: int
    method: Literal['exact', 'sampled']
    deals: int
    """
    The deals played (rank patterns if exact).
    """
    model: str
    samples: int
    seed: int
    options: list[PlayOption]


class Seen(TypedDict):
    """
    What one player sees of the deal about to be played: either the cards dealt (`cards`, before the discard; the discard is the strategy's), or the hand kept (`kept`) with perhaps what was laid away (`discard`) and the starter once cut (`starter`; the scores then include the heels).
    """

    player: PlayerName
    cards: NotRequired[Cards]
    """
    The cards dealt (6; 5 in the five-card game).
    """
    kept: NotRequired[Cards]
    """
    The hand kept (4; 3 in the five-card game).
    """
    discard: NotRequired[Cards]
    """
    The two cards laid away, with `kept`.
    """
    starter: NotRequired[Card]


DealPart: TypeAlias = Literal['heels', 'play', 'pone_hand', 'dealer_hand', 'crib']
"""
The last part of the deal already pegged, in the order they are counted (`scores` include it); after the crib the deal is over and the next one is dealt by the other player. Not with `seen`.
"""


class ChancesRequest(TypedDict):
    variant: NotRequired[Variant]
    """
    The six-card or the five-card game; any other is a 422 `not-in-variant`.
    """
    ruleset: NotRequired[Ruleset]
    muggins: NotRequired[bool]
    players: NotRequired[Players]
    """
    The two players, `["pone", "dealer"]` by default.
    """
    dealer: NotRequired[PlayerName]
    """
    Who deals the deal in question (the next one, or the one under way); the last of `players` by default.
    """
    scores: dict[str, int]
    """
    Each player's score, by name; both are required, each short of the target.
    """
    after: NotRequired[DealPart]
    """
    The last part of the deal already pegged, in the order they are counted (`scores` include it); after the crib the deal is over and the next one is dealt by the other player. Not with `seen`.
    """
    seen: NotRequired[Seen]


Probabilities: TypeAlias = dict[str, float]
"""
A probability by player name.
"""


class ChanceTableFacts(TypedDict):
    """
    The shipped table's provenance (docs/chances.md).
    """

    deals: int
    """
    Deals simulated to build it.
    """
    seed: int | None
    version: str | None


class ChancesResult(TypedDict):
    variant: Variant
    target: TargetUsed
    pone: str
    """
    The player who does not deal.
    """
    dealer: str
    """
    The player who deals.
    """
    scores: Points
    after: Literal['heels', 'play', 'pone_hand', 'dealer_hand', 'crib'] | None
    """
    The request's `after`; null before the deal.
    """
    win: Probabilities
    """
    The chance that each player wins, rounded to six places; the two sum to 1.
    """
    skunk: Probabilities
    """
    The chance of winning by a skunk, not a double skunk.
    """
    double_skunk: Probabilities
    """
    The chance of winning by a double skunk.
    """
    game_points: dict[str, float]
    """
    Each player's expected ACC game points (2 a win, 3 a skunk or a double skunk, 0 a loss).
    """
    interval: float
    """
    The 95% half-width of `win`.
    """
    samples: int
    """
    Deals dealt out for the cards seen; 0 for the table alone.
    """
    table: ChanceTableFacts
    """
    The shipped table's provenance (docs/chances.md).
    """


class Ruleset1(TypedDict):
    id: Ruleset
    name: str
    source: str
    default: bool
    remedies: dict[str, str]


class Rulesets(TypedDict):
    muggins: str
    rulesets: list[Ruleset1]


class MarginLines(TypedDict):
    rule: Literal['skunk', 'lurch']
    """
    `skunk`: a win by 31 or more is a skunk, by 61 or more a double skunk. `lurch`: the loser short of half the target is lurched.
    """
    below: dict[str, int]
    """
    Each margin past a single game, bigger first, and the loser's score under which the win is that margin at the variant's default target: a six-card ACC game is a double skunk under 61 and a skunk under 91; a Hoyle one a lurch under 61.
    """


class Margins(TypedDict):
    """
    How each ruleset measures a win, by ruleset id.
    """

    acc: MarginLines
    hoyle: MarginLines
    english: MarginLines
    friendly: MarginLines


class VariantFacts(TypedDict):
    name: Variant
    players: int
    """
    How many sit at the table.
    """
    dealt: int
    """
    Cards dealt to each player.
    """
    kept: int
    """
    Cards each player keeps for the play and the show.
    """
    to_crib: int
    """
    Cards each player lays away to the crib.
    """
    crib_card: int
    """
    Cards dealt straight to the crib (1 in the three-player game, then `crib_card` in a deal record).
    """
    crib: NotRequired[int]
    """
    Cards in the crib: every player's `to_crib` and the `crib_card` (since 0.4.0).
    """
    target: int
    """
    The default target.
    """
    single_count: bool
    """
    The play is one count only: it ends at the first go (the five-card game).
    """
    last_for_three: bool
    """
    The pone pegs three at the start of the game (the five-card game).
    """
    partnerships: list[list[int]]
    """
    Seats that share a score, each a pair of seat indexes in play order (0 is the dealer's left, the dealer last); empty where every player keeps their own.
    """
    seats: list[str] | None
    """
    The default seat names in play order (the dealer last), or null where the variant has none and `players` must name them.
    """
    margins: Margins
    """
    How each ruleset measures a win, by ruleset id.
    """


class Variants(TypedDict):
    variants: list[VariantFacts]


class Game(TypedDict):
    """
    What /v1/games/check ruled for this game; it outranks both cards.
    """

    winner: PlayerName
    scores: dict[str, int]


class ScorecardLine(TypedDict):
    """
    A game (`opponent` and `result`) or a bye (`bye` and `round` only).
    """

    round: NotRequired[int]
    """
    Required where the same two players meet twice, and for a bye.
    """
    bye: NotRequired[bool]
    opponent: NotRequired[PlayerName]
    result: NotRequired[Literal['W', 'L']]
    """
    The game-points column: won or lost.
    """
    spread: NotRequired[int]
    """
    The points of difference, positive; 1 to the target.
    """
    column: NotRequired[Literal['plus', 'minus']]
    """
    Where the card wrote the spread, when not the column its result calls for.
    """
    game_points: NotRequired[int]
    game: NotRequired[Game]
    """
    What /v1/games/check ruled for this game; it outranks both cards.
    """


class Totals(TypedDict):
    """
    The totals written at the card's foot, checked under ACC 12.2.g.
    """

    game_points: int
    wins: int
    spread: int


class Scorecard(TypedDict):
    player: PlayerName
    games: list[ScorecardLine]
    totals: NotRequired[Totals]
    """
    The totals written at the card's foot, checked under ACC 12.2.g.
    """


class TournamentCheckRequest(TypedDict):
    convention: NotRequired[Literal['acc', 'pegs-behind']]
    """
    How a game becomes game points (docs/rules.md#club-conventions).
    """
    event: NotRequired[Literal['club', 'sanctioned']]
    tournament: NotRequired[Literal['main', 'consolation']]
    """
    With a sanctioned event: the master points the sources let us compute.
    """
    variant: NotRequired[Variant]
    target: NotRequired[int]
    """
    The game's target; the spread is 1 to it. Default: the variant's.
    """
    cards: list[Scorecard]


class Standing(TypedDict):
    player: str
    rank: int
    game_points: int
    wins: int
    losses: int
    spread: int
    """
    Net, signed.
    """
    plus: int
    """
    The spreads of the games won.
    """
    head_to_head: int | None
    tiebreak: (
        Literal['game_points', 'wins', 'spread', 'plus', 'head_to_head', 'playoff']
        | None
    )
    tiebreak_words: NotRequired[str | None]
    """
    `tiebreak` in words for a tally sheet ("ahead on spread"); null with it. Since 0.4.0.
    """
    qualified: bool
    playoff: bool


class Game1(TypedDict):
    round: NotRequired[int]
    bye: NotRequired[bool]
    opponent: NotRequired[str]
    result: NotRequired[Literal['W', 'L']]
    spread: NotRequired[int]
    game_points: NotRequired[int]


class Card1(TypedDict):
    player: str
    games: list[Game1]


class Seed(TypedDict):
    seed: int
    player: str | None


FirstRoundItem: TypeAlias = int


class Bracket(TypedDict):
    size: int
    seeds: list[Seed]
    byes: list[int]
    first_round: list[list[FirstRoundItem]]


class MasterPoints(TypedDict):
    awarded: dict[str, int]
    from_tables: list[str]
    """
    The top half of the qualifiers: their points come from the ACC's tables, not built here.
    """


class TournamentCheckResult(TypedDict):
    standings: list[Standing]
    cards: list[Card1]
    findings: list[Finding]
    apparent_qualifiers: list[str]
    places: int
    qualifiers: list[str]
    playoff: list[str]
    """
    Level across the cut line after every tiebreak.
    """
    event: Literal['club', 'sanctioned']
    bracket: NotRequired[Bracket]
    master_points: NotRequired[MasterPoints]
    standings_csv: NotRequired[str]
    """
    The standings as a spreadsheet takes them, the columns and cells of `muggins night --csv` (docs/rules.md#club-csv). Since 0.4.0.
    """


class SeatingRequest(TypedDict):
    players: list[PlayerName]
    games: int
    seed: NotRequired[int]


class SeatingResult(TypedDict):
    rounds: list[list[list[str]]]
    byes: list[list[str]]
    seed: int
    table_cards: str


class ScorecardsFileRequest(TypedDict):
    """
    A night's scorecards as a CSV file's text (docs/rules.md#club-csv).
    """

    csv: str
    """
    The file's text: a header (player, opponent, result; round, spread, game_points may be there too), then a row per game, as `muggins night` reads it.
    """


class ScorecardsFile(TypedDict):
    """
    A night's scorecards read from a file, as `/v1/tournaments/check` takes them.
    """

    cards: list[Scorecard]


class SeasonNight(TypedDict):
    """
    One club night: every player's scorecard, as /v1/tournaments/check takes them.
    """

    cards: list[Scorecard]


class TournamentRatingsRequest(TypedDict):
    convention: NotRequired[Literal['acc', 'pegs-behind']]
    """
    How a game becomes game points, for the cross-check of each night.
    """
    variant: NotRequired[Variant]
    target: NotRequired[int]
    """
    The game's target; the spread is 1 to it. Default: the variant's.
    """
    nights: list[SeasonNight]
    """
    The season's nights in the order they were played.
    """


class Rating(TypedDict):
    rank: int
    """
    By `low`, best first.
    """
    player: str
    rating: float
    """
    OpenSkill's mean (mu): a new player starts at 25.
    """
    uncertainty: float
    """
    One standard deviation of the rating (sigma): a new player starts at 8.333333.
    """
    low: float
    """
    The rating less three uncertainties (OpenSkill's ordinal).
    """
    games: int
    """
    The games rated so far.
    """


class Night(TypedDict):
    night: int
    ratings: list[Rating]
    """
    Every player seen so far, after this night.
    """


class Model(TypedDict):
    """
    The OpenSkill model and its parameters (docs/ratings.md).
    """

    name: str
    mu: float
    sigma: float
    beta: float
    tau: float


class SeasonRatings(TypedDict):
    ratings: list[Rating]
    """
    After the last night.
    """
    nights: list[Night]
    chances: dict[str, dict[str, float]]
    """
    `chances[a][b]`: the chance that a beats b in one game, on the last night's ratings.
    """
    model: Model
    """
    The OpenSkill model and its parameters (docs/ratings.md).
    """


class NotationWriteRequest(TypedDict):
    """
    A deal or a game in notation, and the rules it is ruled under.
    """

    notation: str
    """
    The record in notation (docs/notation.md): a deal or a game.
    """
    ruleset: NotRequired[Ruleset]
    """
    Unless the record says its own.
    """
    muggins: NotRequired[bool]
    """
    Unless the record says its own.
    """


class Deal(TypedDict):
    players: list[str]
    """
    The seats of this deal in play order, the dealer last.
    """
    dealt: dict[str, CanonicalCards]
    discards: dict[str, CanonicalCards]
    crib_card: CanonicalCard | None
    starter: CanonicalCard | None
    heels: int | None
    """
    The heels claim.
    """
    play: list[str] | None
    """
    Each event of the play in notation (`pone TD =2`); null: the play not recorded.
    """
    hands: dict[str, int]
    """
    The hands claimed, by player.
    """
    crib: int | None
    """
    The crib claimed.
    """
    lines: list[str]
    """
    The deal's lines in notation, as a game writes them after `deal: n`.
    """


class SharedRecord(TypedDict):
    """
    A deal or a game as a share link holds it.
    """

    kind: Literal['deal', 'game']
    notation: str
    """
    The record's canonical text, without its `ruleset:` and `muggins:` lines.
    """
    variant: Variant
    ruleset: Ruleset
    muggins: bool
    target: int
    players: list[str]
    """
    The table of the first deal in play order, the dealer last.
    """
    sides: list[str]
    """
    The sides that keep a score.
    """
    scores_before: dict[str, int] | None
    """
    The scores the record was joined at, by side.
    """
    deals: list[Deal]
    in_progress: bool
    next_players: list[str]
    """
    The seats of the deal after the last one (the deal passes to the left).
    """
    link: str | None
    """
    The share link's fragment, `r1.` then base64url; null when the format cannot say the record (`no_link` says why).
    """
    no_link: NotRequired[str]
    """
    Why the record has no link.
    """


class NotationReadRequest(TypedDict):
    """
    A share link's fragment, with or without its `#`.
    """

    link: str
    """
    The fragment of a share link (`r1.` then base64url).
    """


class NotationNamesRequest(TypedDict):
    """
    Names to write in the notation.
    """

    names: list[PlayerName]
    """
    Players' names, as typed.
    """


class WrittenName(TypedDict):
    name: str
    notation: str
    """
    The name as the notation writes it: bare, or in double quotes with `\\"` and `\\\\` escaped (docs/notation.md#names).
    """


class NotationNames(TypedDict):
    names: list[WrittenName]
    """
    Each name sent, in the order sent.
    """


class CardSpellings(TypedDict):
    """
    A card: its canonical text, as people write it, and every text read as it.
    """

    card: CanonicalCard
    shown: str
    """
    As people write it: "10♥" for `TH`.
    """
    spellings: list[str]
    """
    Every text the referee reads as this card (any case; `10` or `T`; a suit letter, or a symbol with or without the emoji selector U+FE0F), so that a client marks a typed card with no reader of its own.
    """


class Pack(TypedDict):
    cards: list[CardSpellings]
    """
    The 52, in index order.
    """


class Error(TypedDict):
    pointer: str
    """
    JSON pointer as a URI fragment, e.g. `#/hand/1`
    """
    detail: str
    line: NotRequired[int]
    """
    For a record sent as `notation` (pointer `#/notation`), the line where the text says what is wrong.
    """
    column: NotRequired[int]
    """
    With `line`: the column, counted from 1.
    """
    code: str
    """
    Shape problems (`unknown-field`, `required`, `null`, `wrong-type`, `unknown-value`, `out-of-range`, `wrong-size`, `invalid-card`, `duplicate-card`, `card-and-go`, `card-or-go`, `reserved-name`, `conflict`, `invalid-text`, `badly-written` for notation that cannot be read) and the rules' problems with a record (`ProblemCode` in `rules/core/errors.py`: `unknown-player`, `duplicate-player`, `unknown-side`, `card-not-held`, `not-in-variant`, `out-of-range`, `after-game-over`, `out-of-order`, and for `/v1/pegging/advise` `not-your-turn`, `card-seen`, `renege`, `out-of-turn`, `play-over`, `inconsistent-record`, `too-costly`). Extensible like a finding's code: show an unknown one by its `detail`. One 422 lists every problem the schema and the library find, the schema's first (a check that needs a field the schema refused is skipped); each `detail` quotes the bad value, cut short.
    """


class Problem(TypedDict):
    """
    RFC 9457 problem details.
    """

    type: str
    title: str
    status: int
    detail: NotRequired[str]
    errors: NotRequired[list[Error]]
    """
    The first 50 problems; `errors_omitted` counts the rest.
    """
    errors_omitted: NotRequired[int]
    """
    How many problems past the first 50 are not listed.
    """


class HandBatchResult(TypedDict):
    """
    One result per item, in order: a problem in the slot of an item that fails.
    """

    results: list[HandCheckResult | Problem]
