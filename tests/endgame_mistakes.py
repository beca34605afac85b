"""Mistakes planted one at a time in the games of tests/endgame.py, before or after the
winning peg (issue 28).

The winning deal is recorded whole (played out, every count claimed), so that whatever
a mistake before the win does to the scores, nothing else in the record is wrong; a
mistake after the win is in a part the players should not have recorded, and the
referee must rule on nothing there. Each planted mistake says the one finding it
should draw: its code, player and play index.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from rules.core.variants import Variant
from rules.deal.check import DealClaims, DealRecord
from rules.play.check import PlayEvent
from tests.endgame import (
    CARD,
    CRIB,
    GO,
    HEELS,
    EndGame,
    GameDeal,
    Peg,
    find_game,
    from_the_start,
    sim_deal,
    ways,
)
from tests.simulate import pips

KINDS = ("card overcount", "card undercount", "missed go", "hand overcount",
         "hand undercount", "crib miscount", "heels not pegged", "over 31", "renege",
         "out of turn")
BEFORE, AFTER = "before", "after"
PLAY_WAYS = (HEELS, CARD, GO)


@dataclass(frozen=True)
class Planted:
    records: list[DealRecord]
    code: str
    player: str | None
    index: int | None
    deal: int


def impossible(total: int, size: int, crib: bool) -> bool:
    """Totals no hand of ``size`` cards can count (docs/rules.md#totals)."""
    if crib or size == 4:
        return total in (19, 25, 26, 27) or total > 29
    if size == 3:
        return 16 <= total <= 19 or total > 20
    return total in (35, 41, 42, 43, 44, 45) or total > 46


def moment(game: EndGame, index: int) -> str | None:
    """Whether the last deal's play event ``index`` is pegged before or after the winning
    peg (None: at it, or a go in between). An event inserted at ``index`` counts as the
    event it comes before."""
    win = game.deals[-1].pegs[game.won_at]
    if win.way not in PLAY_WAYS:
        return BEFORE
    if win.way == HEELS:
        return AFTER
    assert win.event is not None
    if index < win.event or (win.way == GO and index == win.event):
        return BEFORE
    return AFTER if index >= win.upto else None


def _far(game: EndGame, player: str, deal: GameDeal, before: dict[str, int]) -> bool:
    """The player's side ends the deal far enough from the target that an overclaim of
    a point or two cannot claim game (which would be a second finding)."""
    side = game.side_of(player)
    total = before[side] + sum(p.points for p in deal.pegs if game.side_of(p.player) == side)
    return side != game.winner and total + 3 < game.target


def _claims(record: DealRecord) -> DealClaims:
    assert record.claims is not None
    return record.claims


def plant(game: EndGame, kind: str, when: str) -> Planted | None:
    """The first place in ``game`` to plant ``kind`` ``when`` the win; None if none."""
    deal = game.deals[-1]
    whole = game.whole_record()
    last = len(game.deals) - 1

    def done(record: DealRecord, code: str, player: str | None,
             index: int | None = None) -> Planted:
        return Planted(game.records(record), code, player, index, last)

    plays = list(whole.plays or ())
    if kind in ("card overcount", "card undercount", "missed go"):
        for i, event in enumerate(plays):
            if event.card is None or moment(game, i) != when:
                continue
            claimed, go = event.claimed or 0, event.claimed_go or 0
            if kind == "card overcount" and (when == AFTER or _far(game, event.player, deal,
                                                                    game.before_last)):
                changed = PlayEvent(event.player, event.card, claimed + 1, go)
                code = "overcount"
            elif kind == "card undercount" and claimed:
                changed = PlayEvent(event.player, event.card, claimed - 1, go)
                code = "undercount"
            elif kind == "missed go" and go and _go_moment(game, deal, i) == when:
                changed = PlayEvent(event.player, event.card, claimed, 0)
                code = "undercount"
            else:
                continue
            plays[i] = changed
            return done(replace(whole, plays=plays), code, event.player, i)
        return None
    if kind in ("hand overcount", "hand undercount"):
        size = game.variant.spec.hand_size
        for at, peg in enumerate(deal.pegs):
            if peg.way in (*PLAY_WAYS, CRIB) or (at < game.won_at) != (when == BEFORE) \
                    or at == game.won_at:
                continue
            step = 1 if kind == "hand overcount" else -1
            claim = peg.points + step
            while claim >= 0 and impossible(claim, size, False):
                claim += step
            if claim < 0 or (step > 0 and when == BEFORE
                             and not _far(game, peg.player, deal, game.before_last)):
                continue
            hands = dict(_claims(whole).hands) | {peg.player: claim}
            record = replace(whole, claims=replace(_claims(whole), hands=hands))
            return done(record, "overcount" if step > 0 else "undercount", peg.player)
        return None
    if kind == "crib miscount":
        return _crib(game, when)
    if kind == "heels not pegged":
        return _heels(game, when)
    if kind == "over 31":
        return _over_31(game, when, plays, whole, done)
    return _cheat(game, kind, when)


def _go_moment(game: EndGame, deal: GameDeal, card: int) -> str | None:
    """When the go point the card ``card`` earned is pegged, against the winning peg."""
    at = next(i for i, p in enumerate(deal.pegs) if p.way == GO and p.event == card)
    if at == game.won_at:
        return None
    return BEFORE if at < game.won_at else AFTER


def _quiet(game: EndGame, at: int) -> bool:
    """After deal ``at`` (not the last) every side is far enough from the target that a
    point or two taken or given there cannot end the game in that deal."""
    return max(game.tallies[at].values()) + 4 < game.target


def _heels(game: EndGame, when: str) -> Planted | None:
    """A jack starter's heels claimed 0: in the winning deal before the win, or in a
    quiet deal before it."""
    if when == AFTER:
        return None  # heels are the deal's first peg
    deal = game.deals[-1]
    if deal.pegs[0].way == HEELS and game.won_at > 0:
        whole = game.whole_record()
        record = replace(whole, claims=replace(_claims(whole), heels=0))
        return Planted(game.records(record), "heels-forfeited", deal.dealer, None,
                       len(game.deals) - 1)
    for at, earlier in enumerate(game.deals[:-1]):
        if earlier.pegs[0].way == HEELS and _quiet(game, at):
            records = game.records(game.whole_record())
            records[at] = replace(records[at], claims=replace(_claims(records[at]), heels=0))
            return Planted(records, "heels-forfeited", earlier.dealer, None, at)
    return None


def _crib(game: EndGame, when: str) -> Planted | None:
    """The crib of the winning deal after the win, or of a quiet deal before it."""
    if when == AFTER:
        at, deal = len(game.deals) - 1, game.deals[-1]
        if deal.pegs[game.won_at].way == CRIB:
            return None
        record = game.whole_record()
    else:
        quiet = [at for at in range(len(game.deals) - 1) if _quiet(game, at)]
        if not quiet:
            return None
        at, deal = quiet[-1], game.deals[quiet[-1]]
        record = deal.record()
    crib: Peg = deal.pegs[-1]
    claim = crib.points - 1
    while claim >= 0 and impossible(claim, 4, True):
        claim -= 1
    if claim < 0:
        return None
    changed = replace(record, claims=replace(_claims(record), crib=claim))
    records = game.records(game.whole_record())
    records[at] = changed
    return Planted(records, "undercount", deal.dealer, None, at)


def _over_31(game: EndGame, when: str, plays: list[PlayEvent], whole: DealRecord,
             done: Callable[..., Planted]) -> Planted | None:
    """A card that does not fit laid (claimed 0) just before a card its player laid."""
    deal = game.deals[-1]
    held = {p: list(cards) for p, cards in deal.sim.kept.items()}
    count = 0
    for i, event in enumerate(plays):
        turn = deal.sim.turns[i]
        count = turn.count
        if event.card is not None:
            over = [c for c in held[event.player] if pips(c) > 31 - count]
            if over and moment(game, i) == when:
                inserted = [*plays[:i], PlayEvent(event.player, over[0], 0), *plays[i:]]
                return done(replace(whole, plays=inserted), "over-31", event.player, i)
            held[event.player].remove(event.card)
    return None


def _cheat(game: EndGame, kind: str, when: str) -> Planted | None:
    """The winning deal played again from its seed with a false go, or a card laid out of
    turn, at the first decision ``when`` the win."""
    deal = game.deals[-1]
    decisions = sum(1 for t in deal.sim.turns if t.playable)
    for k in range(1, decisions + 1):
        renege = kind == "renege"
        again = sim_deal(deal.key, game.variant, deal.seats, renege_at=k if renege else None,
                         out_of_turn_at=None if renege else k)
        recorded = [e for e in again.sim.events if not e.count_ends]
        if kind == "renege":
            found = [i for i, e in enumerate(recorded) if e.false_go]
        else:
            found = [i for i, e in enumerate(recorded)
                     if e.card is not None and e.player != again.sim.turns[i].player]
        if not found or moment(game, found[0]) != when:
            continue
        i = found[0]
        if kind == "renege" and when == BEFORE and _retracts(again, i):
            continue
        record = again.record()
        return Planted(game.records(record), kind.replace(" ", "-"), recorded[i].player, i,
                       len(game.deals) - 1)
    return None


def _retracts(deal: GameDeal, false_go: int) -> bool:
    """A card is laid after the false go in its count: ACC 7.3 retracts what it pegs
    while its claim stands, which can make a claim of game false, a second finding;
    such a place is not used before the win."""
    recorded = -1
    for event in deal.sim.events:
        if event.count_ends:
            if recorded >= false_go:
                return False
            continue
        recorded += 1
        if recorded > false_go and event.card is not None:
            return True
    return False


def candidates(variant: Variant) -> list[EndGame]:
    """The games to plant in: one won in each way, more won on heels and on a card (the
    whole play comes after those wins), and games from the start."""
    found = [find_game(variant, way) for way in ways(variant)]
    found += [find_game(variant, way, nth) for way in (HEELS, CARD) for nth in (1, 2)]
    return [g for g in found if g is not None] + [from_the_start(variant, s) for s in range(2)]
