"""A club season rated from its results: each night's scorecards cross-checked
(:func:`rules.club.check_night`), then every game, won or lost, fed in order to an
OpenSkill (Weng-Lin) model, which keeps each player's rating and its uncertainty
(docs/ratings.md).

The update is OpenSkill's own, not written here: this module only decides what a game
is (a settled pair of lines, bye excluded), the order the games are fed (night by
night; in a night, by round, then in the order the cards were given), and who is the
same player (the same name, written the same way, on every night's cards).

A name that differs from another of the season only in capitals or spacing (``Ann`` and
``ann``, ``Ann  Lee`` and ``Ann Lee``) is refused as one player named twice: the rating
would split one player in two, or join two, silently.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce, PlackettLuceRating

from rules.club.cards import Scorecard
from rules.club.conventions import Convention
from rules.club.crosscheck import meetings
from rules.club.night import NightCheck, check_night
from rules.core import Problem, ProblemCode, RecordError

__all__ = ["BETA", "MAX_NIGHTS", "MAX_SEASON_PLAYERS", "MU", "SIGMA", "TAU", "Rated",
           "SeasonGames", "SeasonRatings", "model", "rate_season", "rate_season_games",
           "season_games"]

MU = 25.0
"""A new player's rating: OpenSkill's default."""
SIGMA = MU / 3
"""A new player's uncertainty: OpenSkill's default."""
BETA = 60.0
"""How far one game's result strays from the players' ratings (the performance noise).
OpenSkill's default, 25/6, suits games that skill decides; a cribbage game is mostly
the cards, and the default made the predicted chances far too sure. Fitted with ``TAU``
on 100 simulated seasons, checked on 400 others (``python -m bench.season``,
docs/ratings.md): 100, fitted before on 20 seasons and a coarser grid, was under-confident
and no better than ranking by game points."""
TAU = MU / 300
"""How much a rating may drift between games: OpenSkill's default. The simulated
players do not change, so the fit cannot choose it (0 and this differ by less than
0.000001 in Brier score); a real club's players do."""
MAX_NIGHTS = 200
"""A weekly club's four seasons."""
MAX_SEASON_PLAYERS = 100
"""Distinct players in a season: the answer holds the chance for every pair."""


@dataclass(frozen=True, slots=True)
class Rated:
    """A player's rating after a night: the mean and its uncertainty (one standard
    deviation), and the games rated so far."""

    player: str
    mu: float
    sigma: float
    games: int

    @property
    def low(self) -> float:
        """The rating less three uncertainties (OpenSkill's ordinal): the rating the
        player is nearly sure to deserve, which a ranking by it does not reward a player
        for being new."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True, slots=True)
class SeasonRatings:
    """Every night's ratings (the players seen so far, best ``low`` first), and the chance
    each player beats each other on the last night's ratings."""

    nights: tuple[tuple[Rated, ...], ...]
    chances: dict[str, dict[str, float]]

    @property
    def final(self) -> tuple[Rated, ...]:
        return self.nights[-1]


def model(beta: float = BETA, tau: float = TAU) -> PlackettLuce:
    """The season's model: OpenSkill's Plackett-Luce with this module's parameters (or
    others, for the bench that fits them)."""
    return PlackettLuce(mu=MU, sigma=SIGMA, beta=beta, tau=tau)


def _key(name: str) -> str:
    return " ".join(name.split()).casefold()


def _season_problems(nights: Sequence[Sequence[Scorecard]], convention: Convention,
                     target: int) -> tuple[list[Problem], list[NightCheck]]:
    """Every reason a season cannot be rated (none, no nights, a night the cross-check
    refuses, its problems under ``("nights", n)``, a player named twice, too many
    players), and the nights' checks, kept so each night is checked once. Paths walk the
    request: ``("nights", 2, "cards", 0, "player")``."""
    if not nights:
        return [Problem(("nights",), ProblemCode.WRONG_SIZE,
                        "a season needs one night at least")], []
    if len(nights) > MAX_NIGHTS:
        return [Problem(("nights",), ProblemCode.WRONG_SIZE,
                        f"a season has at most {MAX_NIGHTS} nights, not {len(nights)}")], []
    found: list[Problem] = []
    checks: list[NightCheck] = []
    spelled: dict[str, tuple[str, tuple[str | int, ...]]] = {}
    for n, cards in enumerate(nights):
        try:
            checks.append(check_night(cards, convention=convention, target=target))
        except RecordError as error:
            found += [problem.under("nights", n) for problem in error.problems]
        for i, card in enumerate(cards):
            at: tuple[str | int, ...] = ("nights", n, "cards", i, "player")
            first = spelled.setdefault(_key(card.player), (card.player, at))
            if first[0] != card.player:
                found.append(Problem(
                    at, ProblemCode.DUPLICATE_PLAYER,
                    f"{card.player!r} and {first[0]!r} differ only in capitals or spacing: "
                    f"one player named twice? Write each player's name the same way every "
                    f"night (or tell two players apart by more)", also=first[1]))
    if len(spelled) > MAX_SEASON_PLAYERS:
        found.append(Problem(("nights",), ProblemCode.WRONG_SIZE,
                             f"a season has at most {MAX_SEASON_PLAYERS} players, not "
                             f"{len(spelled)}"))
    return found, checks


def _games(check: NightCheck) -> tuple[tuple[str, str], ...]:
    """The night's games as ``(winner, loser)``, cross-checked and settled, by round
    (a game with no round after those with one), then in the cards' order."""
    lines = {card.player: card.lines for card in check.cards}
    found: list[tuple[int, int, str, str]] = []
    for order, meeting in enumerate(meetings(check.cards)):
        assert meeting.first_index is not None  # settled: every game is on both cards
        line = lines[meeting.first][meeting.first_index]
        a, b = meeting.first, meeting.second
        found.append((line.round or 1 << 30, order, *((a, b) if line.won else (b, a))))
    return tuple((winner, loser) for _, _, winner, loser in sorted(found))


@dataclass(frozen=True, slots=True)
class SeasonGames:
    """What the rating reads of a season: each night's players (in the cards' order) and
    games, ``(winner, loser)`` in the order they are fed."""

    players: tuple[tuple[str, ...], ...]
    games: tuple[tuple[tuple[str, str], ...], ...]


def season_games(nights: Sequence[Sequence[Scorecard]], *,
                 convention: Convention = Convention.ACC, target: int = 121) -> SeasonGames:
    """A season's games, each night cross-checked; a season that cannot be rated is a
    ``RecordError`` with every problem (:func:`_season_problems`)."""
    problems, checks = _season_problems(nights, convention, target)
    if problems:
        raise RecordError(problems)
    return SeasonGames(tuple(tuple(card.player for card in cards) for cards in nights),
                       tuple(_games(check) for check in checks))


def rate_season_games(season: SeasonGames, rating: PlackettLuce | None = None) -> SeasonRatings:
    """Feed a season's games to the model (the shipped one unless the bench that fits it
    gives another), night by night (the module's docstring)."""
    rating = model() if rating is None else rating
    players: dict[str, PlackettLuceRating] = {}
    games: dict[str, int] = {}
    after: list[tuple[Rated, ...]] = []
    for names, played in zip(season.players, season.games, strict=True):
        for name in names:
            players.setdefault(name, rating.rating(name=name))
            games.setdefault(name, 0)
        for winner, loser in played:
            [[won], [lost]] = rating.rate([[players[winner]], [players[loser]]], ranks=[0, 1])
            players[winner], players[loser] = won, lost
            games[winner] += 1
            games[loser] += 1
        rated = [Rated(name, r.mu, r.sigma, games[name]) for name, r in players.items()]
        after.append(tuple(sorted(rated, key=lambda r: (-r.low, r.player))))
    chances = {a: {b: rating.predict_win([[players[a]], [players[b]]])[0]
                   for b in players if b != a} for a in players}
    return SeasonRatings(tuple(after), chances)


def rate_season(nights: Sequence[Sequence[Scorecard]], *,
                convention: Convention = Convention.ACC, target: int = 121) -> SeasonRatings:
    """Rate a season, night by night (the module's docstring); a season that cannot be
    rated is a ``RecordError`` with every problem."""
    return rate_season_games(season_games(nights, convention=convention, target=target))
