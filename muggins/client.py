"""A typed client for the Muggins API, one method per operation.

    from muggins import Client
    referee = Client("http://127.0.0.1:8000")
    referee.check_hand(["5H", "5C", "5S", "JD"], "5D", claimed=28)["verdict"]  # 'undercount'

Errors come back as :class:`ProblemError`, carrying the RFC 9457 problem details
(``status``, ``title``, ``detail``, and ``errors`` with a pointer for each bad field).
:class:`LocalClient` answers the same calls in-process, with no server.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal, cast

import requests

from muggins.errors import MugginsError, ProblemError, Unreachable
from muggins.types import (
    Advice,
    Chances,
    DealCheck,
    DealPart,
    DealReview,
    GameCheck,
    GameReview,
    HandCheck,
    PeggingCheck,
    PlayAdvice,
    Ruleset,
    Variant,
)

__all__ = ["Client", "LocalClient", "MugginsError", "ProblemError", "Unreachable"]

DEFAULT_URL = "http://127.0.0.1:8000"


def _why(error: requests.RequestException, timeout: float | None) -> str:
    """What went wrong, in words: requests' own message is its connection pool's
    ("HTTPConnectionPool(...): Max retries exceeded ..."). The socket's reason is found
    down the chain of causes (requests' error, urllib3's retry error and its reason)."""
    if isinstance(error, requests.Timeout):
        return f"no answer within {timeout:g} s" if timeout else "no answer in time"
    seen: list[BaseException] = [error]
    for cause in seen:
        if isinstance(cause, OSError) and cause.strerror:
            return cause.strerror[0].lower() + cause.strerror[1:]
        for nearer in (*cause.args, getattr(cause, "reason", None), cause.__cause__,
                       cause.__context__):
            if isinstance(nearer, BaseException) and nearer not in seen and len(seen) < 20:
                seen.append(nearer)
    return "the connection failed"


def _common(variant: Variant | None, ruleset: Ruleset | None, muggins: bool | None
            ) -> dict[str, Any]:
    body: dict[str, Any] = {}
    if variant is not None:
        body["variant"] = variant
    if ruleset is not None:
        body["ruleset"] = ruleset
    if muggins is not None:
        body["muggins"] = muggins
    return body


def _given(**fields: Any) -> dict[str, Any]:
    return {name: value for name, value in fields.items() if value is not None}


def _game(players: Sequence[str] | None, first_dealer: str | None,
          deals: Sequence[Mapping[str, Any]] | None, notation: str | None, target: int | None,
          variant: Variant | None, ruleset: Ruleset | None, muggins: bool | None,
          scores_before: Mapping[str, int] | None) -> dict[str, Any]:
    """A game's record: its JSON fields, or ``notation`` in their place (the service
    refuses both, and neither, pointing at each field)."""
    return _given(notation=notation, players=None if players is None else list(players),
                  first_dealer=first_dealer,
                  deals=None if deals is None else [dict(d) for d in deals], target=target,
                  scores_before=None if scores_before is None else dict(scores_before),
                  ) | _common(variant, ruleset, muggins)


def _record(record: Mapping[str, Any] | None, **fields: Any) -> dict[str, Any]:
    """A deal's record as ``/v1/deals/check`` takes it, with the fields given beside it."""
    return {**(record or {}), **_given(**fields)}


class Client:
    """Talks to a Muggins service over HTTP (``requests``)."""

    def __init__(self, base_url: str = DEFAULT_URL, *, timeout: float = 10.0,
                 session: requests.Session | None = None) -> None:
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.session = session or requests.Session()

    # -- transport --

    def _send(self, method: str, path: str, body: Any | None) -> tuple[int, Any, str | None]:
        try:
            response = self.session.request(method, self.base_url + path, json=body,
                                            timeout=self.timeout)
        except requests.RequestException as error:
            raise Unreachable(f"cannot reach {self.base_url}: {_why(error, self.timeout)}"
                              ) from error
        try:
            payload = response.json()
        except ValueError:
            payload = {"status": response.status_code, "title": response.reason,
                       "detail": response.text[:200]}
        return response.status_code, payload, response.headers.get("X-Request-ID")

    def request(self, method: str, path: str, body: Any | None = None) -> Any:
        """Any request, body as the API takes it; the JSON answer, or a ProblemError.
        The typed methods below are built on it; it also serves whole records kept as
        JSON files (see the CLI)."""
        status, payload, request_id = self._send(method, path, body)
        if status >= 400:
            raise ProblemError(payload, request_id)
        return payload

    # -- operations --

    def check_hand(self, hand: Sequence[str], starter: str, *, crib: bool = False,
                   claimed: int | None = None, variant: Variant | None = None,
                   ruleset: Ruleset | None = None, muggins: bool | None = None) -> HandCheck:
        body = {"hand": list(hand), "starter": starter, "crib": crib,
                **_given(claimed=claimed), **_common(variant, ruleset, muggins)}
        return cast(HandCheck, self.request("POST", "/v1/hands/check", body))

    def check_hands(self, hands: Sequence[Mapping[str, Any]], *, variant: Variant | None = None,
                    ruleset: Ruleset | None = None, muggins: bool | None = None
                    ) -> list[HandCheck | dict[str, Any]]:
        """Many hands at once; an invalid one gets its problem (a dict with ``status``)."""
        body = {"hands": [dict(h) for h in hands], **_common(variant, ruleset, muggins)}
        return cast(list[HandCheck | dict[str, Any]],
                    self.request("POST", "/v1/hands/batch", body)["results"])

    def check_pegging(self, plays: Sequence[Mapping[str, Any]] | None = None, *,
                      notation: str | None = None,
                      hands: Mapping[str, Sequence[str]] | None = None,
                      players: Sequence[str] | None = None, variant: Variant | None = None,
                      ruleset: Ruleset | None = None, muggins: bool | None = None,
                      in_progress: bool | None = None) -> PeggingCheck:
        """Referee a play, its ``plays`` or a play in ``notation`` (docs/notation.md);
        with ``in_progress`` the record stops part-way and the answer's ``next`` says
        whose turn it is and which cards they may lay."""
        body = {**_given(notation=notation,
                         plays=None if plays is None else [dict(p) for p in plays],
                         hands=None if hands is None else {k: list(v) for k, v in hands.items()},
                         players=None if players is None else list(players),
                         in_progress=in_progress),
                **_common(variant, ruleset, muggins)}
        return cast(PeggingCheck, self.request("POST", "/v1/pegging/check", body))

    def check_deal(self, record: Mapping[str, Any] | None = None, *, notation: str | None = None,
                   in_progress: bool | None = None, ruleset: Ruleset | None = None,
                   muggins: bool | None = None) -> DealCheck:
        """``record`` is a deal as ``/v1/deals/check`` takes it (dealt, discards, starter,
        plays, and optionally claims, scores_before, players, ...), or ``notation`` the
        deal written out. With ``in_progress`` it may stop at any phase, and the answer's
        ``next`` says what comes next."""
        body = _record(record, notation=notation, in_progress=in_progress, ruleset=ruleset,
                       muggins=muggins)
        return cast(DealCheck, self.request("POST", "/v1/deals/check", body))

    def check_game(self, players: Sequence[str] | None = None, first_dealer: str | None = None,
                   deals: Sequence[Mapping[str, Any]] | None = None, *,
                   notation: str | None = None, target: int | None = None,
                   variant: Variant | None = None, ruleset: Ruleset | None = None,
                   muggins: bool | None = None,
                   scores_before: Mapping[str, int] | None = None) -> GameCheck:
        """Referee a game, from its deals or written out in ``notation`` (the table line
        stands for ``players``, ``first_dealer``, ``variant`` and ``target``);
        ``scores_before`` are the scores it was joined at, by side (the first deal sent
        is played from them), left out for a game from its start."""
        body = _game(players, first_dealer, deals, notation, target, variant, ruleset, muggins,
                     scores_before)
        return cast(GameCheck, self.request("POST", "/v1/games/check", body))

    def advise_discards(self, cards: Sequence[str], *, dealer: bool,
                        partner_deals: bool | None = None,
                        scores: Mapping[str, int] | None = None,
                        variant: Variant | None = None, ruleset: Ruleset | None = None,
                        muggins: bool | None = None) -> Advice:
        """Every legal discard, best first; with ``scores`` before the deal (``{"pone":
        n, "dealer": n}``, two players), ranked by the chance of winning."""
        body = {"cards": list(cards), "dealer": dealer,
                **_given(partner_deals=partner_deals,
                         scores=None if scores is None else dict(scores)),
                **_common(variant, ruleset, muggins)}
        return cast(Advice, self.request("POST", "/v1/discards/advise", body))

    def review_deal(self, record: Mapping[str, Any] | None = None, *,
                    notation: str | None = None, ruleset: Ruleset | None = None,
                    muggins: bool | None = None) -> DealReview:
        """``record`` or ``notation`` as for :meth:`check_deal`: the deal refereed, then
        its discards, play (double-dummy) and count judged against the best."""
        body = _record(record, notation=notation, ruleset=ruleset, muggins=muggins)
        return cast(DealReview, self.request("POST", "/v1/deals/review", body))

    def review_game(self, players: Sequence[str] | None = None, first_dealer: str | None = None,
                    deals: Sequence[Mapping[str, Any]] | None = None, *,
                    notation: str | None = None, target: int | None = None,
                    variant: Variant | None = None, ruleset: Ruleset | None = None,
                    muggins: bool | None = None,
                    scores_before: Mapping[str, int] | None = None) -> GameReview:
        """Review a game, sent as to :meth:`check_game`."""
        body = _game(players, first_dealer, deals, notation, target, variant, ruleset, muggins,
                     scores_before)
        return cast(GameReview, self.request("POST", "/v1/games/review", body))

    def advise_play(self, player: str, hand: Sequence[str], starter: str,
                    plays: Sequence[Mapping[str, Any]] = (), *, notation: str | None = None,
                    discards: Sequence[str] | None = None,
                    players: Sequence[str] | None = None, samples: int | None = None,
                    seed: int | None = None, variant: Variant | None = None,
                    objective: Literal["points", "win"] | None = None,
                    scores: Mapping[str, int] | None = None, ruleset: Ruleset | None = None,
                    muggins: bool | None = None) -> PlayAdvice:
        """What ``player`` should lay now, by expected pegging difference (perfect-
        information sampling over the hands the others could hold); with ``objective``
        ``"win"`` and the ``scores`` as the play began (two players), by the chance of
        winning the game. The play so far is ``plays``, or ``notation`` in their place
        (a play without ``hands:``, standing for ``players`` and ``variant`` too)."""
        # With notation, plays left empty are not sent: the service refuses both.
        sent = None if notation is not None and not plays else [dict(p) for p in plays]
        body = {"player": player, "hand": list(hand), "starter": starter,
                **_given(notation=notation, plays=sent,
                         discards=None if discards is None else list(discards),
                         players=None if players is None else list(players),
                         samples=samples, seed=seed, objective=objective,
                         scores=None if scores is None else dict(scores)),
                **_common(variant, ruleset, muggins)}
        return cast(PlayAdvice, self.request("POST", "/v1/pegging/advise", body))

    def check_tournament(self, cards: Sequence[Mapping[str, Any]], *,
                         convention: str | None = None, event: str | None = None,
                         tournament: str | None = None, variant: Variant | None = None,
                         target: int | None = None) -> dict[str, Any]:
        """A night's scorecards cross-checked and ranked (``/v1/tournaments/check``)."""
        body = {"cards": list(cards), **_given(convention=convention, event=event,
                                                tournament=tournament, variant=variant,
                                                target=target)}
        return cast(dict[str, Any], self.request("POST", "/v1/tournaments/check", body))

    def rate_season(self, nights: Sequence[Mapping[str, Any]], *,
                    convention: str | None = None, variant: Variant | None = None,
                    target: int | None = None) -> dict[str, Any]:
        """A club season's players rated from their results, night by night: each night
        ``{"cards": [...]}``, its scorecards as :meth:`check_tournament` takes them
        (``/v1/tournaments/ratings``)."""
        body = {"nights": list(nights),
                **_given(convention=convention, variant=variant, target=target)}
        return cast(dict[str, Any], self.request("POST", "/v1/tournaments/ratings", body))

    def seat(self, players: Sequence[str], games: int, *, seed: int | None = None
             ) -> dict[str, Any]:
        """A round-robin seating plan with byes (``/v1/tournaments/seating``)."""
        body = {"players": list(players), "games": games, **_given(seed=seed)}
        return cast(dict[str, Any], self.request("POST", "/v1/tournaments/seating", body))

    def read_scorecards(self, csv: str) -> dict[str, Any]:
        """A night's scorecards from a CSV file's text, as :meth:`check_tournament` takes
        them (``/v1/tournaments/read``); a bad row is refused at its line."""
        return cast(dict[str, Any], self.request("POST", "/v1/tournaments/read",
                                                 {"csv": csv}))

    def write_notation(self, notation: str, *, ruleset: Ruleset | None = None,
                       muggins: bool | None = None) -> dict[str, Any]:
        """A record in notation, written as the server writes it: its canonical text, each
        deal's seats, the next deal's, and its share link (``/v1/notation/write``)."""
        body = {"notation": notation, **_given(ruleset=ruleset, muggins=muggins)}
        return cast(dict[str, Any], self.request("POST", "/v1/notation/write", body))

    def read_notation(self, link: str) -> dict[str, Any]:
        """The record a share link's fragment holds (``/v1/notation/read``)."""
        return cast(dict[str, Any], self.request("POST", "/v1/notation/read", {"link": link}))

    def write_names(self, names: Sequence[str]) -> dict[str, Any]:
        """Each name as the notation writes it, bare or quoted (``/v1/notation/names``)."""
        return cast(dict[str, Any], self.request("POST", "/v1/notation/names",
                                                 {"names": list(names)}))

    def chances(self, scores: Mapping[str, int], *, players: Sequence[str] | None = None,
                dealer: str | None = None, after: DealPart | None = None,
                seen: Mapping[str, Any] | None = None, variant: Variant | None = None,
                ruleset: Ruleset | None = None, muggins: bool | None = None) -> Chances:
        """Each player's chance of winning from ``scores`` (by name), ``dealer`` dealing:
        before the deal, ``after`` one of its parts, or with the cards one player has
        ``seen`` (``{"player": ..., "cards": [6 dealt]}`` or ``{"player": ..., "kept":
        [4], "discard"?: [2], "starter"?: card}``). Two players only. ``ruleset`` and
        ``muggins`` are read as everywhere and change nothing: the table is the ACC's."""
        body = {"scores": dict(scores),
                **_given(players=None if players is None else list(players), dealer=dealer,
                         after=after, seen=None if seen is None else dict(seen)),
                **_common(variant, ruleset, muggins)}
        return cast(Chances, self.request("POST", "/v1/chances", body))

    def rulesets(self) -> dict[str, Any]:
        return cast(dict[str, Any], self.request("GET", "/v1/rulesets"))

    def cards(self) -> dict[str, Any]:
        """Every card: its text, as people write it, and every spelling read as it
        (``/v1/cards``)."""
        return cast(dict[str, Any], self.request("GET", "/v1/cards"))

    def variants(self) -> dict[str, Any]:
        """Each variant's facts (seats, cards dealt and kept, target, margins)."""
        return cast(dict[str, Any], self.request("GET", "/v1/variants"))

    def healthy(self) -> bool:
        try:
            return bool(self._send("GET", "/healthz", None)[0] == 200)
        except Unreachable:
            return False

    def ready(self) -> bool:
        try:
            return bool(self._send("GET", "/readyz", None)[0] == 200)
        except Unreachable:
            return False


class LocalClient(Client):
    """The same calls answered in-process by the app itself: no server, same answers."""

    def __init__(self) -> None:
        try:
            from service import create_app
        except ImportError as error:  # the library and client alone: `pip install muggins`
            raise MugginsError(f"answering in-process needs the service ({error}): pip "
                               "install 'muggins[server]', or ask a running one "
                               "(Client(url), muggins --url URL)") from error

        super().__init__("local")
        self._app = create_app().test_client()

    def _send(self, method: str, path: str, body: Any | None) -> tuple[int, Any, str | None]:
        response = self._app.open(path, method=method, json=body)
        return response.status_code, response.get_json(), response.headers.get("X-Request-ID")
