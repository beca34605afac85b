"""Version 1 of the API: one module per resource, its routes listed here."""

from __future__ import annotations

from collections.abc import Callable

from flask import Blueprint
from flask.typing import ResponseReturnValue

from service.v1 import (
    chances,
    deals,
    discards,
    games,
    hands,
    links,
    pegging,
    review,
    review_advice,
    rulesets,
    season,
    terms,
    tournaments,
    variants,
)

__all__ = ["ROUTES", "blueprint"]

ROUTES: tuple[tuple[str, str, Callable[[], ResponseReturnValue]], ...] = (
    ("POST", "/hands/check", hands.hands_check),
    ("POST", "/hands/batch", hands.hands_batch),
    ("POST", "/pegging/check", pegging.pegging_check),
    ("POST", "/deals/check", deals.deals_check),
    ("POST", "/games/check", games.games_check),
    ("POST", "/discards/advise", discards.discards_advise),
    ("POST", "/deals/review", review.deals_review),
    ("POST", "/games/review", review.games_review),
    ("POST", "/pegging/advise", review_advice.pegging_advise),
    ("POST", "/chances", chances.chances),
    ("GET", "/rulesets", rulesets.rulesets),
    ("GET", "/variants", variants.variants),
    ("POST", "/tournaments/check", tournaments.tournaments_check),
    ("POST", "/tournaments/seating", tournaments.tournaments_seating),
    ("POST", "/tournaments/read", tournaments.tournaments_read),
    ("POST", "/tournaments/ratings", season.tournaments_ratings),
    ("POST", "/notation/write", links.notation_write),
    ("POST", "/notation/read", links.notation_read),
    ("POST", "/notation/names", terms.notation_names),
    ("GET", "/cards", terms.cards),
)


def blueprint() -> Blueprint:
    """The API's routes under ``/v1``, registered one by one from :data:`ROUTES`."""
    bp = Blueprint("v1", __name__, url_prefix="/v1")
    for method, rule, view in ROUTES:
        bp.add_url_rule(rule, view_func=view, methods=[method])
    return bp
