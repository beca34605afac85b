"""Advice as the API answers it: which cards to throw (``/v1/discards/advise``), by
points or by the chance of winning, and which card to lay (``/v1/pegging/advise``)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Literal

from rules.advice import Advice, Option, PlayAdvice
from rules.chances import ChanceTable, DiscardChance, DiscardChances
from rules.core import Variant

__all__ = ["PLAY_MODEL", "WIN_MODEL", "discards_answer", "discards_by_win_answer", "number",
           "play_advice_answer", "table_answer"]

PLAY_MODEL = (
    "perfect-information sampling: the other hands are every deal consistent with "
    "what the player has seen (their cards laid, and their gos: nothing they still "
    "hold fitted), equally likely; each deal is played out double-dummy, every hand "
    "open, and the values are the mean play point difference from here")
WIN_MODEL = (
    "; with the objective win each deal is searched again for the player's chance "
    "of winning the game, the chance table after the play at its leaves, and the "
    "options are ranked by its mean")


def number(value: Fraction) -> float:
    """An exact value as the answers round it (the fraction itself goes beside it)."""
    return round(float(value), 6)


def table_answer(table: ChanceTable) -> dict[str, Any]:
    """Which chance table answered: its deals, seed and version."""
    return {"deals": table.tally.deals, "seed": table.provenance.get("seed"),
            "version": table.provenance.get("version")}


def _option(option: Option) -> dict[str, Any]:
    return {
        "keep": [card.text for card in option.keep],
        "discard": [card.text for card in option.discard],
        "hand_ev": number(option.hand),
        "crib_ev": number(option.crib),
        "net_ev": number(option.net),
        "exact": {"hand_ev": str(option.hand), "crib_ev": str(option.crib),
                  "net_ev": str(option.net)},
    }


def _head(advice: Advice, variant: Variant) -> dict[str, Any]:
    return {
        "cards": [card.text for card in advice.cards],
        "dealer": advice.dealer,
        "variant": variant.value,
        "crib": "ours" if advice.crib_is_ours else "theirs",
        "heels_ev": number(advice.heels),
    }


def discards_answer(advice: Advice, variant: Variant) -> dict[str, Any]:
    """Every throw by expected points."""
    return {**_head(advice, variant), "options": [_option(o) for o in advice.options]}


def _by_win(found: DiscardChance) -> dict[str, Any]:
    return {**_option(found.option), "win": round(found.win, 6),
            "interval": round(found.interval, 6), "behind": round(found.behind, 6),
            "behind_interval": round(found.behind_interval, 6),
            "within_interval": found.within_interval}


def _cards_of(option: Option) -> dict[str, list[str]]:
    return {"keep": [card.text for card in option.keep],
            "discard": [card.text for card in option.discard]}


def discards_by_win_answer(found: DiscardChances, variant: Variant,
                           table: ChanceTable) -> dict[str, Any]:
    """Every throw by the chance of winning, from the scores, by ``table``."""
    return {
        **_head(found.advice, variant),
        "options": [_by_win(option) for option in found.options],
        "target": table.target,
        "scores": {"pone": found.pone, "dealer": found.dealer},
        "orders_differ": found.orders_differ,
        "order_within_interval": found.order_within_interval,
        "best_by_win": _cards_of(found.best_by_win),
        "best_by_net_ev": _cards_of(found.best_by_net),
        "samples": found.samples,
        "table": table_answer(table),
    }


def play_advice_answer(advice: PlayAdvice, objective: Literal["points", "win"] = "points",
                       ) -> dict[str, Any]:
    """Which card to lay, by expected play points or (``objective`` win) by the chance
    of winning; the request's ``samples`` and ``seed`` are the caller's to add."""
    options = []
    for option in advice.options:
        out: dict[str, Any] = ({"go": True} if option.card is None
                               else {"card": option.card.text})
        out["expected"] = number(option.expected)
        if advice.exact:
            out["exact"] = str(option.expected)
        else:
            out["stderr"] = None if option.stderr is None else round(option.stderr, 6)
        if option.win is not None:
            out["win"] = round(option.win, 6)
        options.append(out)
    return {
        "player": advice.player,
        "count": advice.count,
        "method": "exact" if advice.exact else "sampled",
        "deals": advice.deals,
        "objective": objective,
        "model": PLAY_MODEL + (WIN_MODEL if objective == "win" else ""),
        "options": options,
    }
