"""Records of the table refereed, as the API answers them: a play
(``/v1/pegging/check``), what comes next in one in progress, a deal
(``/v1/deals/check``) and a game (``/v1/games/check``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from rules.answers.hands import findings_answer, hand_answer
from rules.core import NO_PLAYERS, FindingCode, Problem, RecordError

if TYPE_CHECKING:  # only named: a hand's refusal (problems_of) loads no deal or play
    from rules.deal import Count, DealCheck, GameCheck
    from rules.play import Next, PlayCheck

__all__ = ["CRIB", "deal_answer", "game_answer", "next_answer", "play_answer", "problems_of",
           "shown_as"]

CRIB = "crib"
"""The crib's key in a deal's ``show`` and its name in ``next.player``, beside the
players' names: the API's word, which the library keeps apart with a flag."""


NO_PEG_ON_RETRACTED = frozenset({FindingCode.UNDERCOUNT.value, FindingCode.MUGGINS.value})
"""A claim on a card whose points a renege retracts loses its muggins, and what it missed
is not pegged either way (docs/rules.md#renege): its undercount and its muggins change no
peg. Its overcount penalty stands, so that stays a finding of its own."""


def no_peg_marked(findings: list[dict[str, Any]],
                  retracted: Callable[[dict[str, Any]], frozenset[int]]) -> list[dict[str, Any]]:
    """``findings`` with ``changes_no_peg`` and ``decided_by`` (the position in the list of
    the renege that retracts its card: the last said before it in the same deal) on each
    finding that changes no peg; ``retracted(finding)`` is its deal's retracted plays."""
    for finding in findings:
        index = finding.get("index")
        if finding["code"] not in NO_PEG_ON_RETRACTED or index not in retracted(finding):
            continue
        reneges = [at for at, other in enumerate(findings)
                   if other["code"] == FindingCode.RENEGE.value
                   and other.get("deal") == finding.get("deal")
                   and isinstance(other.get("index"), int) and other["index"] < index]
        if reneges:
            finding.update(changes_no_peg=True, decided_by=reneges[-1])
    return findings


def play_answer(result: PlayCheck) -> dict[str, Any]:
    plays: list[dict[str, Any]] = []
    for entry in result.plays:
        out: dict[str, Any] = {"index": entry.index, "player": entry.player}
        if entry.card is None:
            out["go"] = True
        else:
            out["card"] = str(entry.card)
            out["legal"] = entry.legal
            out["new_count"] = entry.new_count
        out["count"] = entry.count
        out["points"] = entry.points
        out["scores"] = [{"kind": s.kind.value, "points": s.points} for s in entry.scores]
        if entry.inferred_go:
            out["inferred_go"] = list(entry.inferred_go)
        if entry.claimed is not None:
            out["claimed"] = entry.claimed
        if entry.claimed_go is not None:
            out["claimed_go"] = entry.claimed_go
        if entry.index in result.retracted:
            out["retracted"] = True
        plays.append(out)
    answer: dict[str, Any] = {
        "plays": plays,
        "totals": result.totals,
        "findings": no_peg_marked(findings_answer(result.findings), lambda _: result.retracted),
    }
    if result.partnerships is not None:
        answer["partnerships"] = [
            {"players": list(pair), "points": points} for pair, points in result.partnerships
        ]
    answer["award"] = result.pegged
    return answer


def next_answer(coming: Next) -> dict[str, Any]:
    out: dict[str, Any] = {"phase": coming.phase.value,
                           "player": CRIB if coming.crib else coming.player,
                           "count": coming.count}
    if coming.legal is not None:
        out["legal"] = [str(card) for card in coming.legal]
        out["go"] = coming.go
    if coming.not_legal is not None:
        out["not_legal"] = [{"player": move.player, "why": move.why.value,
                             **({"go": True} if move.card is None else {"card": str(move.card)})}
                            for move in coming.not_legal]
    return out


def shown_as(count: Count) -> str:
    """A count's key in the answer's ``show``: the player's name, or ``crib``."""
    return CRIB if count.crib else count.player


def deal_answer(result: DealCheck) -> dict[str, Any]:
    """The deal's answer, less ``target`` and ``next`` (the caller's to add)."""
    heels = None
    if result.heels is not None:
        heels = {"points": result.heels.points, "pegged": result.heels.pegged}
        if result.heels.claimed is not None:
            heels["claimed"] = result.heels.claimed
    show = {shown_as(count): hand_answer(count.check) for count in result.counts()}
    for name, claimed in result.unruled.items():
        show[name]["claimed"] = claimed  # made after the win: echoed, not ruled on
    if result.unruled_crib is not None:
        show[CRIB]["claimed"] = result.unruled_crib
    retracted = frozenset() if result.play is None else result.play.retracted
    return {
        "misdeal": result.misdeal,
        "heels": heels,
        "play": None if result.play is None else play_answer(result.play),
        "show": show,
        "findings": no_peg_marked(findings_answer(result.findings), lambda _: retracted),
        "scores_before": result.scores_before,
        "scores_after": result.scores_after,
        "pegged": result.pegged,
        "winner": result.winner,
        "won_during": None if result.won_during is None else result.won_during.value,
    }


def game_answer(result: GameCheck) -> dict[str, Any]:
    """The game's answer: a summary of each deal, the scores, the winner."""
    summaries = []
    for number, (deal, dealer) in enumerate(zip(result.deals, result.dealers, strict=True)):
        summaries.append({
            "deal": number,
            "dealer": dealer,
            "misdeal": deal.misdeal,
            "heels": 0 if deal.heels is None else deal.heels.pegged,
            "play": {} if deal.play is None else deal.play.totals,
            "show": {shown_as(count): count.check.show.total for count in deal.counts()},
            "scores_before": deal.scores_before,
            "pegged": deal.pegged,
            "scores_after": deal.scores_after,
            "winner": deal.winner,
            "won_during": None if deal.won_during is None else deal.won_during.value,
            "findings_count": len(deal.findings),
        })
    return {
        "deals": summaries,
        "scores": result.scores,
        "winner": result.winner,
        "margin": None if result.margin is None else result.margin.value,
        "findings": no_peg_marked(findings_answer(result.findings),
                                  lambda finding: _retracted(result, finding.get("deal"))),
        "target": result.target,
    }


def problems_of(check: Callable[[], object]) -> list[Problem]:
    """The problems the library refuses a record for: those of the :class:`RecordError`
    that ``check`` raises, in its order, or none. The service merges them with the
    schema's into one 422, and the command line with its own reading's."""
    try:
        check()
    except RecordError as error:
        return list(error.problems)
    return []


def _retracted(result: GameCheck, deal: object) -> frozenset[int]:
    if not isinstance(deal, int) or not 0 <= deal < len(result.deals):
        return frozenset()
    play = result.deals[deal].play
    return frozenset() if play is None else play.retracted


_SEATED = frozenset({"unknown-player", "unknown-side"})


def players_left_out(body: object) -> bool:
    """Whether a record's request names no seats: no ``players``, and no notation (whose
    table line names them)."""
    return isinstance(body, dict) and not {"players", "notation"} & body.keys()


def seats_named(errors: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """A request's problems, where it named no seats: a name that is no seat says that
    ``players`` is the way to name them (:data:`rules.core.errors.NO_PLAYERS`)."""
    return [{**e, "detail": f"{e['detail']} ({NO_PLAYERS})"}
            if e.get("code") in _SEATED and NO_PLAYERS not in e["detail"] else e
            for e in errors]
