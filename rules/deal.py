"""One whole deal: the cards, heels, the play and the show, pegged strictly in order.

A deal reuses the play referee (:func:`rules.play.check_play`) and the hand check
(:func:`rules.hands.check_hand`); what it adds is the deal's own rules: the cards
dealt for the variant (a misdeal otherwise), his heels, the order in which scores
are pegged (heels, play, pone's hand, dealer's hand, crib, RULES.md section 6), the
moment someone reaches the target, and a false claim of game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from rules.cards import Card, Rank
from rules.hands import HandCheck, check_hand
from rules.play import PlayCheck, PlayEvent, check_play, opponent_of
from rules.rulesets import FalseGameRemedy, MisdealRemedy, Ruleset
from rules.rulings import Finding, FindingCode, cite, read_claim, rule_on_claim
from rules.sides import Sides
from rules.variants import Variant

__all__ = [
    "CRIB",
    "HEELS",
    "DealCheck",
    "DealClaims",
    "DealError",
    "DealRecord",
    "Heels",
    "Stage",
    "check_deal",
]

HEELS = 2
CRIB = "crib"
FALSE_GAME_SETBACK = 15


class Stage(StrEnum):
    MISDEAL = "misdeal"
    HEELS = "heels"
    PLAY = "play"
    SHOW = "show"


class DealError(ValueError):
    """A deal record that cannot be refereed: malformed, not merely wrong at the table.

    ``path`` locates the offending value in the record (as a JSON pointer would).
    """

    def __init__(self, path: Sequence[str | int], code: str, message: str) -> None:
        self.path = tuple(path)
        self.code = code
        super().__init__(message)


@dataclass(frozen=True, slots=True)
class DealClaims:
    heels: int | None = None
    hands: Mapping[str, int] = field(default_factory=dict)
    crib: int | None = None


@dataclass(frozen=True, slots=True)
class DealRecord:
    players: tuple[str, ...]
    """Seats in play order from the dealer's left; the dealer is last."""
    dealt: Mapping[str, Sequence[Card]]
    discards: Mapping[str, Sequence[Card]]
    starter: Card
    plays: Sequence[PlayEvent] = ()
    crib_card: Card | None = None
    claims: DealClaims | None = None

    @property
    def dealer(self) -> str:
        return self.players[-1]

    @property
    def pone(self) -> str:
        return self.players[0]


@dataclass(frozen=True, slots=True)
class Heels:
    points: int
    """What the starter is worth to the dealer: 2 for a jack."""
    claimed: int | None
    pegged: int


@dataclass(frozen=True, slots=True)
class DealCheck:
    misdeal: bool
    heels: Heels | None
    play: PlayCheck | None
    show: dict[str, HandCheck]
    """Each hand by player in counting order, then the crib under ``"crib"``."""
    findings: tuple[Finding, ...]
    scores_before: dict[str, int]
    scores_after: dict[str, int]
    pegged: dict[str, int]
    winner: str | None
    won_during: Stage | None


@dataclass(slots=True)
class _Pegboard:
    """Scores by side, pegged in order; it stops the moment a side reaches the target."""

    sides: Sides
    target: int
    scores: dict[str, int]
    claimed: dict[str, int]
    winner: str | None = None
    won_during: Stage | None = None
    false_claim: set[str] = field(default_factory=set)

    def peg(self, player: str, points: int, stage: Stage, claimed: int | None = None) -> bool:
        """Peg ``points`` for ``player``'s side, who claimed ``claimed`` for them (the
        same, if not given). True when the side's claims first reach the target while
        its true score has not: a false claim of game."""
        if self.winner is not None:
            return False
        side = self.sides.of[player]
        points = min(max(points, 0), self.target - self.scores[side])  # the game hole
        self.scores[side] += points
        if self.scores[side] >= self.target:
            self.winner, self.won_during = side, stage
            return False
        before = self.claimed[side]
        self.claimed[side] += points if claimed is None else claimed
        return before < self.target <= self.claimed[side]


def check_deal(
    record: DealRecord,
    *,
    variant: Variant = Variant.SIX_CARD,
    ruleset: Ruleset = Ruleset.ACC,
    muggins: bool = False,
    scores_before: Mapping[str, int] | None = None,
    target: int | None = None,
    sides: Sides | None = None,
) -> DealCheck:
    spec = variant.spec
    sides = sides or Sides.for_table(record.players, variant)
    target = target or spec.target
    before = sides.zero() | dict(scores_before or {})
    _validate(record, variant)
    board = _Pegboard(sides, target, dict(before), dict(before))
    findings: list[Finding] = []

    def find(code: FindingCode, message: str, player: str | None, points: int | None = None,
             index: int | None = None) -> None:
        findings.append(Finding(code, message, player, index, points, cite(code, ruleset)))

    def peg(player: str, points: int, stage: Stage, claimed: int | None = None) -> None:
        if board.peg(player, points, stage, claimed):
            _false_claim(player, stage, board, ruleset, record, find)

    misdealt = _misdeal(record, variant)
    if misdealt:
        remedy = ruleset.spec.misdeal
        points = 2 if remedy is MisdealRemedy.PONE_PEGS_2 else None
        find(FindingCode.MISDEAL, f"misdeal: {misdealt}; " + ruleset.spec.remedies["misdeal"],
             record.dealer, points)
        if points:
            peg(record.pone, points, Stage.MISDEAL)
        return _result(record, board, before, findings, misdeal=True)

    claims = record.claims
    heels = _heels(record, ruleset, claims, peg, find)

    kept = {p: [c for c in record.dealt[p] if c not in record.discards[p]]
            for p in record.players}
    play = check_play(record.plays, players=record.players, hands=kept, variant=variant,
                      ruleset=ruleset, muggins=muggins)
    won_at: int | None = None
    for pegged in play.pegs:
        peg(pegged.player, pegged.points, Stage.PLAY, pegged.claimed)
        if won_at is None and board.winner is not None:
            won_at = pegged.index
    # Once the game is won nothing later is pegged, so nothing later is ruled on.
    findings.extend(f for f in play.findings
                    if won_at is None or f.index is None or f.index <= won_at)

    show: dict[str, HandCheck] = {}
    crib = [c for p in record.players for c in record.discards[p]]
    if record.crib_card is not None:
        crib.append(record.crib_card)
    counting = [(p, kept[p], False) for p in record.players] + [(CRIB, crib, True)]
    for name, cards, is_crib in counting:
        owner = record.dealer if is_crib else name
        claim = None
        if claims is not None and board.winner is None:
            claim = claims.crib if is_crib else claims.hands.get(name)
        checked = check_hand(cards, record.starter, crib=is_crib, claimed=claim,
                             variant=variant, ruleset=ruleset, muggins=muggins, player=owner)
        show[name] = checked
        ruling = checked.ruling
        if ruling is None:
            peg(owner, checked.show.total, Stage.SHOW)
        else:
            findings.extend(ruling.findings)
            peg(owner, ruling.player_pegs, Stage.SHOW, read_claim(ruling.claimed))
            peg(opponent_of(record.players, owner), ruling.opponent_pegs, Stage.SHOW)

    return _result(record, board, before, findings, misdeal=False, heels=heels, play=play,
                   show=show)


def _result(record: DealRecord, board: _Pegboard, before: dict[str, int],
            findings: list[Finding], *, misdeal: bool, heels: Heels | None = None,
            play: PlayCheck | None = None, show: dict[str, HandCheck] | None = None) -> DealCheck:
    return DealCheck(misdeal, heels, play, show or {}, tuple(findings), before,
                     dict(board.scores), {side: board.scores[side] - before[side]
                                          for side in board.scores},
                     board.winner, board.won_during)


_Find = Callable[..., None]
_Peg = Callable[..., None]


def _heels(record: DealRecord, ruleset: Ruleset, claims: DealClaims | None, peg: _Peg,
           find: _Find) -> Heels:
    true = HEELS if record.starter.rank is Rank.JACK else 0
    claimed = None if claims is None else claims.heels
    if claimed is None:
        peg(record.dealer, true, Stage.HEELS)
        return Heels(true, None, true)
    dealer = record.dealer
    if true and claimed == 0:
        # Not pegged before the dealer's first card: forfeited, and never muggins.
        pegged = 0 if ruleset.spec.heels_forfeited else true
        find(FindingCode.HEELS_FORFEITED,
             f"{dealer} did not peg his heels: " + ruleset.spec.remedies["heels-forfeited"],
             dealer, true - pegged)
        peg(dealer, pegged, Stage.HEELS, 0)
        return Heels(true, claimed, pegged)
    # Heels are never muggins: a short claim simply loses the difference.
    ruling = rule_on_claim(claimed, true, ruleset=ruleset, muggins=False, player=dealer,
                           what="his heels", nineteen_is_zero=False)
    for finding in ruling.findings:
        find(finding.code, finding.message, dealer, finding.points)
    peg(dealer, ruling.player_pegs, Stage.HEELS, claimed)
    peg(opponent_of(record.players, dealer), ruling.opponent_pegs, Stage.HEELS)
    return Heels(true, claimed, ruling.player_pegs)


def _false_claim(player: str, stage: Stage, board: _Pegboard, ruleset: Ruleset,
                 record: DealRecord, find: _Find) -> None:
    """A side's claims reached the target while its true score has not: a false claim
    of game (ACC 8.4.b), remedied at once."""
    side = board.sides.of[player]
    if board.winner is not None or side in board.false_claim:
        return
    board.false_claim.add(side)
    remedy = ruleset.spec.false_game
    words = ruleset.spec.remedies["false-claim-of-game"]
    points: int | None = None
    if remedy is FalseGameRemedy.SET_BACK_15:
        points = min(FALSE_GAME_SETBACK, board.scores[side])
        board.scores[side] -= points
    find(FindingCode.FALSE_CLAIM_OF_GAME,
         f"{player} claimed game at {board.claimed[side]}, but the true score is "
         f"{board.scores[side] + (points or 0)}: {words}", player, points)
    if remedy is FalseGameRemedy.LOSES_GAME and board.winner is None:
        opponent = board.sides.of[opponent_of(record.players, player)]
        board.winner, board.won_during = opponent, stage


def _validate(record: DealRecord, variant: Variant) -> None:
    """Malformed records: unknown players, a card twice, a discard not held."""
    seats = set(record.players)
    for name, mapping in (("dealt", record.dealt), ("discards", record.discards)):
        for player in mapping:
            if player not in seats:
                raise DealError((name, player), "unknown-player",
                                f"{player!r} is not one of the players")
        for player in record.players:
            if player not in mapping:
                raise DealError((name, player), "required", f"{player}'s cards are missing")
    if record.claims is not None:
        for player in record.claims.hands:
            if player not in seats:
                raise DealError(("claims", "hands", player), "unknown-player",
                                f"{player!r} is not one of the players")
    if record.crib_card is not None and not variant.spec.crib_cards_dealt:
        raise DealError(("crib_card",), "not-in-variant",
                        f"only the three-player game deals a card to the crib, not {variant}")
    seen: dict[Card, tuple[str | int, ...]] = {}

    def place(card: Card, path: tuple[str | int, ...]) -> None:
        if card in seen:
            raise DealError(path, "duplicate-card",
                            f"{card} appears twice in the deal (also at {_pointer(seen[card])})")
        seen[card] = path

    for player in record.players:
        for i, card in enumerate(record.dealt[player]):
            place(card, ("dealt", player, i))
        held = set(record.dealt[player])
        for i, card in enumerate(record.discards[player]):
            if card not in held:
                raise DealError(("discards", player, i), "card-not-held",
                                f"{player} discarded {card}, which was not dealt to them")
        if len(set(record.discards[player])) != len(record.discards[player]):
            raise DealError(("discards", player), "duplicate-card",
                            f"{player} discarded the same card twice")
    if record.crib_card is not None:
        place(record.crib_card, ("crib_card",))
    place(record.starter, ("starter",))


def _pointer(path: tuple[str | int, ...]) -> str:
    return "#/" + "/".join(str(part) for part in path)


def _misdeal(record: DealRecord, variant: Variant) -> str | None:
    spec = variant.spec
    for player in record.players:
        if len(record.dealt[player]) != spec.dealt:
            return f"{player} was dealt {len(record.dealt[player])} cards, not {spec.dealt}"
        if len(record.discards[player]) != spec.to_crib:
            return (f"{player} laid {len(record.discards[player])} cards away, "
                    f"not {spec.to_crib}")
    if spec.crib_cards_dealt and record.crib_card is None:
        return "no card was dealt to the crib"
    return None
