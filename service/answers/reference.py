"""The reference answers (rulesets, variants), the club's, and the operations'."""

from __future__ import annotations

from marshmallow.fields import Boolean, Dict, Float, Integer, List, Nested, String

from service.answers.base import Answer, Open, canonical_card, canonical_cards, doc
from service.answers.records import Finding
from service.fields import ruleset_field, variant_field
from service.v1.tournaments import CardSchema


class _RulesetsRulesetsItem(Answer):
    id = ruleset_field(required=True)
    name = String(required=True)
    source = String(required=True)
    default = Boolean(required=True)
    remedies = Dict(keys=String(), values=String(), required=True)


class Rulesets(Answer):
    component = "Rulesets"
    muggins = String(required=True)
    rulesets = List(Nested(_RulesetsRulesetsItem), required=True)


class MarginLines(Answer):
    component = "MarginLines"
    rule = String(required=True, metadata=doc("`skunk`: a win by 31 or more is a skunk, by 61 "
                                              "or more a double skunk. `lurch`: the loser short "
                                              "of half the target is lurched.",
                                              enum=["skunk", "lurch"]))
    below = Dict(keys=String(), values=Integer(), required=True, metadata=doc(
        "Each margin past a single game, bigger first, and the loser's score under which the "
        "win is that margin at the variant's default target: a six-card ACC game is a double "
        "skunk under 61 and a skunk under 91; a Hoyle one a lurch under 61."))


class _VariantFactsMargins(Answer):
    acc = Nested(MarginLines, required=True)
    hoyle = Nested(MarginLines, required=True)
    english = Nested(MarginLines, required=True)
    friendly = Nested(MarginLines, required=True)


class VariantFacts(Answer):
    component = "VariantFacts"
    name = variant_field(required=True)
    players = Integer(required=True, metadata=doc("How many sit at the table.", minimum=2))
    dealt = Integer(required=True, metadata=doc("Cards dealt to each player.", minimum=1))
    kept = Integer(required=True, metadata=doc("Cards each player keeps for the play and the "
                                               "show.", minimum=1))
    to_crib = Integer(required=True, metadata=doc("Cards each player lays away to the crib.",
                                                  minimum=1))
    crib_card = Integer(required=True, metadata=doc("Cards dealt straight to the crib (1 in the "
                                                    "three-player game, then `crib_card` in a "
                                                    "deal record).", minimum=0))
    # Not in `required`, so that 0.3.0's contract still holds; every answer has it.
    crib = Integer(metadata=doc("Cards in the crib: every player's `to_crib` and the "
                                "`crib_card` (since 0.4.0).", minimum=1))
    target = Integer(required=True, metadata=doc("The default target.", minimum=1))
    single_count = Boolean(required=True, metadata=doc("The play is one count only: it ends at "
                                                       "the first go (the five-card game)."))
    last_for_three = Boolean(required=True, metadata=doc(
        "The pone pegs three at the start of the game (the five-card game)."))
    partnerships = List(List(Integer(metadata=doc(minimum=0))), required=True, metadata=doc(
        "Seats that share a score, each a pair of seat indexes in play order (0 is the dealer's "
        "left, the dealer last); empty where every player keeps their own."))
    seats = List(String(), required=True, allow_none=True, metadata=doc(
        "The default seat names in play order (the dealer last), or null where the variant has "
        "none and `players` must name them."))
    margins = Nested(_VariantFactsMargins, required=True, metadata=doc(
        "How each ruleset measures a win, by ruleset id."))


class Variants(Answer):
    component = "Variants"
    variants = List(Nested(VariantFacts), required=True)


class _TournamentCheckResultStandingsItem(Answer):
    player = String(required=True)
    rank = Integer(required=True, metadata=doc(minimum=1))
    game_points = Integer(required=True)
    wins = Integer(required=True, metadata=doc(minimum=0))
    losses = Integer(required=True, metadata=doc(minimum=0))
    spread = Integer(required=True, metadata=doc("Net, signed."))
    plus = Integer(required=True, metadata=doc("The spreads of the games won.", minimum=0))
    head_to_head = Integer(required=True, allow_none=True, metadata=doc(minimum=0))
    tiebreak = String(required=True, allow_none=True, metadata=doc(enum=[
        "game_points", "wins", "spread", "plus", "head_to_head", "playoff", None]))
    tiebreak_words = String(allow_none=True, metadata=doc(
        '`tiebreak` in words for a tally sheet ("ahead on spread"); null with it. Since '
        "0.4.0."))
    qualified = Boolean(required=True)
    playoff = Boolean(required=True)


class _TournamentCheckResultCardsItemGamesItem(Answer):
    round = Integer()
    bye = Boolean()
    opponent = String()
    result = String(metadata=doc(enum=["W", "L"]))
    spread = Integer(metadata=doc(minimum=0))
    game_points = Integer(metadata=doc(minimum=0))


class _TournamentCheckResultCardsItem(Answer):
    player = String(required=True)
    games = List(Nested(_TournamentCheckResultCardsItemGamesItem), required=True)


class _TournamentCheckResultBracketSeedsItem(Answer):
    seed = Integer(required=True, metadata=doc(minimum=1))
    player = String(required=True, allow_none=True)


class _TournamentCheckResultBracket(Answer):
    size = Integer(required=True, metadata=doc(minimum=1))
    seeds = List(Nested(_TournamentCheckResultBracketSeedsItem), required=True)
    byes = List(Integer(metadata=doc(minimum=1)), required=True)
    first_round = List(List(Integer(metadata=doc(minimum=1)), metadata=doc(minItems=2, maxItems=2)),
                       required=True)


class _TournamentCheckResultMasterPoints(Answer):
    awarded = Dict(keys=String(), values=Integer(), required=True)
    from_tables = List(String(), required=True, metadata=doc(
        "The top half of the qualifiers: their points come from the ACC's tables, not built "
        "here."))


class TournamentCheckResult(Answer):
    component = "TournamentCheckResult"
    standings = List(Nested(_TournamentCheckResultStandingsItem), required=True)
    cards = List(Nested(_TournamentCheckResultCardsItem), required=True)
    findings = List(Nested(Finding), required=True)
    apparent_qualifiers = List(String(), required=True)
    places = Integer(required=True, metadata=doc(minimum=1))
    qualifiers = List(String(), required=True)
    playoff = List(String(), required=True, metadata=doc(
        "Level across the cut line after every tiebreak."))
    event = String(required=True, metadata=doc(enum=["club", "sanctioned"]))
    bracket = Nested(_TournamentCheckResultBracket)
    master_points = Nested(_TournamentCheckResultMasterPoints)
    standings_csv = String(metadata=doc(
        "The standings as a spreadsheet takes them, the columns and cells of `muggins night "
        "--csv` (docs/rules.md#club-csv). Since 0.4.0."))


class SeatingResult(Answer):
    component = "SeatingResult"
    rounds = List(List(List(String(), metadata=doc(minItems=2, maxItems=2))), required=True)
    byes = List(List(String()), required=True)
    seed = Integer(required=True)
    table_cards = String(required=True)


class _SeasonRated(Answer):
    rank = Integer(required=True, metadata=doc("By `low`, best first.", minimum=1))
    player = String(required=True)
    rating = Float(required=True, metadata=doc(
        "OpenSkill's mean (mu): a new player starts at 25."))
    uncertainty = Float(required=True, metadata=doc(
        "One standard deviation of the rating (sigma): a new player starts at 8.333333."))
    low = Float(required=True, metadata=doc(
        "The rating less three uncertainties (OpenSkill's ordinal)."))
    games = Integer(required=True, metadata=doc("The games rated so far."))


class _SeasonNight(Answer):
    night = Integer(required=True, metadata=doc(minimum=1))
    ratings = List(Nested(_SeasonRated), required=True, metadata=doc(
        "Every player seen so far, after this night."))


class _SeasonModel(Answer):
    name = String(required=True)
    mu = Float(required=True)
    sigma = Float(required=True)
    beta = Float(required=True)
    tau = Float(required=True)


class SeasonRatings(Answer):
    component = "SeasonRatings"
    ratings = List(Nested(_SeasonRated), required=True, metadata=doc(
        "After the last night."))
    nights = List(Nested(_SeasonNight), required=True)
    chances = Dict(keys=String(), values=Dict(keys=String(), values=Float(
        metadata=doc(minimum=0, maximum=1))), required=True, metadata=doc(
        "`chances[a][b]`: the chance that a beats b in one game, on the last night's "
        "ratings."))
    model = Nested(_SeasonModel, required=True, metadata=doc(
        "The OpenSkill model and its parameters (docs/ratings.md)."))


class Status(Open):
    component = "Status"
    status = String(required=True)



class Contract(Open):
    component = "Contract"
    description = "An OpenAPI document."
    openapi = String(required=True)
    info = Dict(required=True)
    paths = Dict(required=True)


class _SharedRecordDealsItem(Answer):
    players = List(String(), required=True, metadata=doc(
        "The seats of this deal in play order, the dealer last."))
    dealt = Dict(keys=String(), values=canonical_cards(), required=True)
    discards = Dict(keys=String(), values=canonical_cards(), required=True)
    crib_card = canonical_card(required=True, allow_none=True)
    starter = canonical_card(required=True, allow_none=True)
    heels = Integer(required=True, allow_none=True, metadata=doc("The heels claim."))
    play = List(String(), required=True, allow_none=True, metadata=doc(
        "Each event of the play in notation (`pone TD =2`); null: the play not recorded."))
    hands = Dict(keys=String(), values=Integer(), required=True, metadata=doc(
        "The hands claimed, by player."))
    crib = Integer(required=True, allow_none=True, metadata=doc("The crib claimed."))
    lines = List(String(), required=True, metadata=doc(
        "The deal's lines in notation, as a game writes them after `deal: n`."))


class SharedRecord(Answer):
    component = "SharedRecord"
    description = "A deal or a game as a share link holds it."
    kind = String(required=True, metadata=doc(enum=["deal", "game"]))
    notation = String(required=True, metadata=doc(
        "The record's canonical text, without its `ruleset:` and `muggins:` lines."))
    variant = variant_field(required=True)
    ruleset = ruleset_field(required=True)
    muggins = Boolean(required=True)
    target = Integer(required=True)
    players = List(String(), required=True, metadata=doc(
        "The table of the first deal in play order, the dealer last."))
    sides = List(String(), required=True, metadata=doc("The sides that keep a score."))
    scores_before = Dict(keys=String(), values=Integer(), required=True, allow_none=True,
                         metadata=doc("The scores the record was joined at, by side."))
    deals = List(Nested(_SharedRecordDealsItem), required=True)
    in_progress = Boolean(required=True)
    next_players = List(String(), required=True, metadata=doc(
        "The seats of the deal after the last one (the deal passes to the left)."))
    link = String(required=True, allow_none=True, metadata=doc(
        "The share link's fragment, `r1.` then base64url; null when the format cannot say "
        "the record (`no_link` says why)."))
    no_link = String(metadata=doc("Why the record has no link."))


class ScorecardsFile(Answer):
    component = "ScorecardsFile"
    description = "A night's scorecards read from a file, as `/v1/tournaments/check` takes them."
    cards = List(Nested(CardSchema), required=True)


class CardSpellings(Answer):
    component = "CardSpellings"
    description = "A card: its canonical text, as people write it, and every text read as it."
    card = canonical_card(required=True)
    shown = String(required=True, metadata=doc('As people write it: "10♥" for `TH`.'))
    spellings = List(String(), required=True, metadata=doc(
        "Every text the referee reads as this card (any case; `10` or `T`; a suit letter, "
        "or a symbol with or without the emoji selector U+FE0F), so that a client marks a "
        "typed card with no reader of its own."))


class Pack(Answer):
    component = "Pack"
    cards = List(Nested(CardSpellings), required=True, metadata=doc("The 52, in index order."))


class _NotationNamesItem(Answer):
    type_name = "WrittenName"
    name = String(required=True)
    notation = String(required=True, metadata=doc(
        "The name as the notation writes it: bare, or in double quotes with `\\\"` and "
        "`\\\\` escaped (docs/notation.md#names)."))


class NotationNames(Answer):
    component = "NotationNames"
    names = List(Nested(_NotationNamesItem), required=True, metadata=doc(
        "Each name sent, in the order sent."))
