"""The replay corpus's randomness and its bodies (bench/_corpus.py): the one generator
every choice comes from, in order; the claims made and bent; the running score of a game
sent; the JSON text as sent; and the mutations that make a body the schema or the rules
refuse. Nothing here imports the project.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

from bench._corpus_game import CHEATS, NAMES, RULESETS, SUITS, VARIANTS, Deal, random_deal


class Maker:
    """Everything random in the corpus comes from this one generator, in this order."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    # small choices

    def chance(self, p: float) -> bool:
        return self.rng.random() < p

    def variant(self) -> str:
        # The six-card game is the common one; every variant is well represented.
        return self.rng.choice(("six-card", "six-card", "five-card", "three-player",
                                "four-player", "seven-card"))

    def seats(self, variant: str) -> tuple[str, ...]:
        names = self.rng.choice(NAMES[VARIANTS[variant].players])
        shift = self.rng.randrange(len(names))
        return names[shift:] + names[:shift]

    def card(self, card: str) -> str:
        """A card as a client might write it: mostly canonical, sometimes lenient."""
        if not self.chance(0.12):
            return card
        rank, suit = card[0], card[1]
        if rank == "T" and self.chance(0.6):
            rank = "10"
        symbol = self.rng.choice(("plain", "lower", "solid", "hollow", "variation"))
        if symbol == "lower":
            return (rank + suit).lower()
        if symbol == "solid":
            return rank + "♠♥♦♣"[SUITS.index(suit)]
        if symbol == "hollow":
            return rank + "♤♡♢♧"[SUITS.index(suit)]
        if symbol == "variation":
            return rank + "♠♥♦♣"[SUITS.index(suit)] + "\ufe0f"
        return rank.lower() + suit if self.chance(0.5) else rank + suit.lower()

    def cards(self, cards: list[str]) -> list[str]:
        return [self.card(c) for c in cards]

    def claim(self, truth: int) -> int:
        """Mostly right; else over, under, nothing, 19 or out of reach."""
        roll = self.rng.random()
        if roll < 0.62:
            return truth
        if roll < 0.75:
            return truth + self.rng.randint(1, 4)
        if roll < 0.87:
            return max(0, truth - self.rng.randint(1, 4))
        if roll < 0.92:
            return 0
        if roll < 0.96:
            return 19
        return self.rng.choice((25, 27, 29, 30, 35))

    def common(self, body: dict[str, Any], variant: str, *, ruleset: bool = True) -> None:
        if variant != "six-card" or self.chance(0.3):
            body["variant"] = variant
        if ruleset and self.chance(0.75):
            body["ruleset"] = self.rng.choice(RULESETS)
        if ruleset and self.chance(0.5):
            body["muggins"] = self.chance(0.5)

    # records

    def plays(self, deal: Deal, claims: bool) -> list[dict[str, Any]]:
        events = []
        drop_gos = self.chance(0.3)
        for ev, points in zip(deal.play.events, deal.play.points, strict=True):
            if "go" in ev and drop_gos and self.chance(0.7):
                continue  # for the referee to infer
            out: dict[str, Any] = {"player": ev["player"]}
            if "card" in ev:
                out["card"] = self.card(ev["card"])
                if claims and self.chance(0.6):
                    out["claimed"] = self.claim(points) if points else (
                        0 if self.chance(0.8) else self.rng.randint(1, 3))
            else:
                out["go"] = True
            events.append(out)
        return events

    def deal(self, variant: str | None = None, seats: tuple[str, ...] | None = None,
             cheat: str | None = None) -> Deal:
        variant = variant or self.variant()
        seats = seats or self.seats(variant)
        if cheat is None and self.chance(0.3):
            cheat = self.rng.choice(CHEATS)
        return random_deal(self.rng, variant, seats, cheat)

    def deal_claims(self, deal: Deal, sandbag: str | None = None) -> dict[str, Any]:
        truth = deal.truth()
        claims: dict[str, Any] = {}
        if truth["heels"] or self.chance(0.05):
            claims["heels"] = self.rng.choice((2, 2, 2, 0, 1, 3)) if truth["heels"] else 2
        claims["hands"] = {p: (0 if p == sandbag else self.claim(truth[p]))
                           for p in deal.seats}
        claims["crib"] = 0 if deal.dealer == sandbag else self.claim(truth["crib"])
        return claims

    def deal_fields(self, deal: Deal, sandbag: str | None = None,
                    misdeal: bool = False) -> dict[str, Any]:
        dealt = {p: self.cards(c) for p, c in deal.dealt.items()}
        if misdeal:
            victim = self.rng.choice(deal.seats)
            if self.chance(0.5) and len(dealt[victim]) > 1:
                dealt[victim] = dealt[victim][:-1]
            else:
                dealt[victim] = [*dealt[victim], deal.unseen[0]]
        body: dict[str, Any] = {
            "dealt": dealt,
            "discards": {p: self.cards(c) for p, c in deal.discards.items()},
        }
        if deal.crib_card:
            body["crib_card"] = self.card(deal.crib_card)
        body["starter"] = self.card(deal.starter)
        if not self.chance(0.05):  # sometimes the play was not recorded
            body["plays"] = self.plays(deal, claims=self.chance(0.3))
        if self.chance(0.9):
            body["claims"] = self.deal_claims(deal, sandbag)
        return body


class Tally:
    """The scores of a game as the referee would peg them, nearly: claims under the
    ruleset's remedies, the play's true points (its penalties are left out). Close
    enough that most generated games end on their last deal."""

    def __init__(self, players: tuple[str, ...], ruleset: str, muggins: bool,
                 target: int) -> None:
        self.players, self.ruleset, self.muggins, self.target = (players, ruleset,
                                                                  muggins, target)
        self.side_of = dict(zip(players, side_names(players) * 2, strict=False))
        self.scores = dict.fromkeys(side_names(players), 0)
        self.won = False

    def peg(self, player: str, points: int) -> None:
        if not self.won:
            side = self.side_of[player]
            self.scores[side] += points
            self.won = self.scores[side] >= self.target

    def claim(self, player: str, opponent: str, claimed: int, truth: int) -> None:
        if claimed == 19 and truth != 19:
            claimed = 0  # "nineteen": nothing
        if claimed >= truth:
            self.peg(player, truth)
            excess = claimed - truth
            if excess:
                self.peg(opponent, {"acc": excess, "english": excess, "hoyle": 2}.get(
                    self.ruleset, 0))
        else:
            self.peg(player, truth if self.ruleset == "friendly" and not self.muggins
                     else claimed)
            if self.muggins:
                self.peg(opponent, truth - claimed)

    def deal(self, deal: Deal, fields: dict[str, Any]) -> None:
        truth = deal.truth()
        claims = fields.get("claims", {})
        seats = deal.seats
        if truth["heels"] and (claims.get("heels", 2) or self.ruleset == "friendly"):
            self.peg(deal.dealer, 2)
        if "plays" in fields:
            for event, points in zip(deal.play.events, deal.play.points, strict=True):
                self.peg(event["player"], points)
        for i, player in enumerate(seats):
            self.claim(player, seats[(i + 1) % len(seats)],
                       claims.get("hands", {}).get(player, truth[player]), truth[player])
        self.claim(deal.dealer, seats[0], claims.get("crib", truth["crib"]), truth["crib"])


def side_names(seats: tuple[str, ...]) -> list[str]:
    if len(seats) == 4:
        return [f"{seats[0]}&{seats[2]}", f"{seats[1]}&{seats[3]}"]
    return list(seats)


def dump(body: Any, rng: random.Random) -> str:
    """The exact text sent: compact or spaced, non-ASCII as is or escaped."""
    ascii_only = rng.random() < 0.4
    spaced = rng.random() < 0.3
    try:
        text = json.dumps(body, ensure_ascii=ascii_only, indent=2 if spaced else None,
                          separators=None if spaced else (",", ":"))
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: only its escape can be sent
        text = json.dumps(body, ensure_ascii=True, separators=(",", ":"))
    return text


# --- mutations: well-formed JSON that the schema or the rules refuse --------------------


_ODD_VALUES: tuple[Any, ...] = (None, "", "x", 0, -1, 7, 1000, 10**20, 1.5, True, False,
                                [], {}, ["AH"], {"a": 1}, "\ud800", "crib", "zed", "ZZ",
                                "1H", "10H", "AH ", "ah", "♥A")


def _paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _paths(item, (*path, i))


def _get(doc: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        doc = doc[key]
    return doc


def mutate(rng: random.Random, body: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """One change somewhere in the body, and what it was (for the tag)."""
    doc = json.loads(json.dumps(body))
    paths = [p for p in _paths(doc) if p]
    path = rng.choice(paths)
    parent = _get(doc, path[:-1])
    key = path[-1]
    how = rng.choice(("delete", "odd", "odd", "odd", "unknown-key", "duplicate", "rename",
                      "grow"))
    if how == "delete":
        del parent[key]
    elif how == "unknown-key" and isinstance(parent, dict):
        parent[rng.choice(("extra", "crib", "score", "\ud800", "Variant"))] = 1
    elif how == "duplicate" and isinstance(parent, list) and len(parent) > 1:
        parent[key] = parent[(key + 1) % len(parent)]
    elif how == "rename" and isinstance(parent, dict):
        parent[rng.choice(("crib", "zed", "", "ann", "pone", "a" * 65))] = parent.pop(key)
    elif how == "grow" and isinstance(parent[key], list):
        parent[key] = parent[key] * rng.randint(2, 20)
    else:
        how = "odd"
        parent[key] = rng.choice(_ODD_VALUES)
    return doc, f"{how} {'/'.join(str(k) for k in path)}"


JSON = {"Content-Type": "application/json"}
