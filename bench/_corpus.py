"""The replay corpus (bench/replay.py): requests made from a seed, the same in every tree.

Nothing here imports the project: the corpus must not change when the library it
checks is rebuilt, so the dealer, the player and the scorer are this file's own (the
facts of the variants are written out below, as a client would know them). The
scorer need not be right in every corner: claims are made from it and then bent on
purpose, and the referee rules on whatever is sent.

Every request is a dict: ``id`` (its place, zero-padded), ``tag`` (what it is meant to
exercise: endpoint, variant, the cheat), ``method``, ``path``, ``headers`` and one of
``body`` (the exact text sent), ``body_b64`` (bytes that are not text) or ``big`` (a
body of that many bytes, too large to store: made by the replayer).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import combinations, pairwise
from typing import Any

RANKS = "A23456789TJQK"
SUITS = "SHDC"
DECK = tuple(rank + suit for suit in SUITS for rank in RANKS)
RULESETS = ("acc", "hoyle", "english", "friendly")


@dataclass(frozen=True)
class Spec:
    players: int
    dealt: int
    to_crib: int
    crib_card: int
    target: int
    single_count: bool


VARIANTS: dict[str, Spec] = {
    "six-card": Spec(2, 6, 2, 0, 121, False),
    "five-card": Spec(2, 5, 2, 0, 61, True),
    "three-player": Spec(3, 5, 1, 1, 121, False),
    "four-player": Spec(4, 5, 1, 0, 121, False),
    "seven-card": Spec(2, 7, 2, 0, 181, False),
}

NAMES: dict[int, list[tuple[str, ...]]] = {
    2: [("pone", "dealer"), ("ann", "bob"), ("Zoë", "李")],
    3: [("ann", "bob", "cy"), ("x", "y", "z")],
    4: [("ann", "bob", "cy", "dee"), ("n", "e", "s", "w")],
}


def pips(card: str) -> int:
    return min(RANKS.index(card[0]) + 1, 10)


def rank_of(card: str) -> int:
    return RANKS.index(card[0]) + 1


# --- the show ---------------------------------------------------------------------------


def show_total(hand: list[str], starter: str, crib: bool = False) -> int:
    cards = [*hand, starter]
    total = 0
    values = [pips(c) for c in cards]
    for size in range(2, len(cards) + 1):
        total += 2 * sum(1 for combo in combinations(values, size) if sum(combo) == 15)
    total += 2 * sum(1 for a, b in combinations(cards, 2) if a[0] == b[0])
    counts = [0] * 15
    for card in cards:
        counts[rank_of(card)] += 1
    start = 1
    while start <= 13:
        if counts[start] == 0:
            start += 1
            continue
        end = start
        while end + 1 <= 13 and counts[end + 1]:
            end += 1
        if end - start + 1 >= 3:
            ways = 1
            for r in range(start, end + 1):
                ways *= counts[r]
            total += (end - start + 1) * ways
        start = end + 1
    suits = {c[1] for c in hand}
    if len(suits) == 1:
        if starter[1] in suits:
            total += len(hand) + 1
        elif not crib:
            total += len(hand)
    total += sum(1 for c in hand if c[0] == "J" and c[1] == starter[1])
    return total


# --- the play ---------------------------------------------------------------------------


def card_points(window: list[str], count: int) -> int:
    points = 2 if count in (15, 31) else 0
    alike = 1
    while alike < len(window) and window[-1 - alike][0] == window[-1][0]:
        alike += 1
    points += {1: 0, 2: 2, 3: 6, 4: 12}[alike]
    for size in range(len(window), 2, -1):
        ranks = sorted(rank_of(c) for c in window[-size:])
        if all(b == a + 1 for a, b in pairwise(ranks)):
            points += size
            break
    return points


CHEATS = ("renege", "out-of-turn", "over-31", "not-held", "already-played", "stop",
          "repeat-go")


@dataclass
class Play:
    events: list[dict[str, Any]] = field(default_factory=list)
    points: list[int] = field(default_factory=list)
    """What each event pegs by this file's reckoning (a go point on the card that ended
    the count, as the referee shows it)."""
    turns: list[tuple[int, str]] = field(default_factory=list)
    """(number of events so far, the player to act) before each decision with a card
    to lay: the places a pegging advice can be asked at."""


def play_out(rng: random.Random, kept: dict[str, list[str]], seats: tuple[str, ...],
             single_count: bool, cheat: str | None = None,
             unseen: list[str] | None = None) -> Play:
    held = {p: list(cards) for p, cards in kept.items()}
    out = Play()
    laid: list[str] = []
    count, window, last = 0, [], None
    last_event = -1
    gone: set[str] = set()
    turn = leader = seats[0]
    cheat_at = rng.randint(1, 6) if cheat else 0
    decisions = 0

    def event(player: str, card: str | None, points: int = 0) -> None:
        out.events.append({"player": player, "card": card} if card else
                          {"player": player, "go": True})
        out.points.append(points)

    def next_after(player: str) -> str | None:
        i = seats.index(player)
        for step in range(1, len(seats) + 1):
            q = seats[(i + step) % len(seats)]
            if held[q] and q not in gone:
                return q
        return None

    def lay(player: str, card: str) -> None:
        nonlocal count, last, last_event
        held[player].remove(card)
        laid.append(card)
        count += pips(card)
        window.append(card)
        event(player, card, card_points(window, count))
        last, last_event = player, len(out.events) - 1

    while True:
        playable = [c for c in held[turn] if pips(c) <= 31 - count]
        nxt: str | None
        if playable:
            decisions += 1
            out.turns.append((len(out.events), turn))
            act = cheat if cheat and decisions == cheat_at else None
            if act == "stop":
                return out
            if act == "renege":
                event(turn, None)
                gone.add(turn)
                nxt = next_after(turn)
            elif act == "out-of-turn" and len(seats) > 1:
                others = [q for q in seats if q != turn and q not in gone
                          and any(pips(c) <= 31 - count for c in held[q])]
                intruder = rng.choice(others) if others else turn
                lay(intruder, rng.choice([c for c in held[intruder]
                                          if pips(c) <= 31 - count]))
                nxt = next_after(intruder)
            else:
                if act == "over-31":
                    over = [c for c in held[turn] if pips(c) > 31 - count]
                    if over:
                        event(turn, rng.choice(over))
                elif act == "not-held" and unseen:
                    event(turn, rng.choice(unseen))
                elif act == "already-played" and laid:
                    event(turn, rng.choice(laid))
                elif act == "repeat-go" and out.events:
                    event(out.events[-1]["player"], None)
                lay(turn, rng.choice(playable))
                nxt = next_after(turn)
        else:
            event(turn, None)
            gone.add(turn)
            nxt = next_after(turn)
        if count == 31:
            nxt = None
        if nxt is None:
            if last is not None and count != 31:
                out.points[last_event] += 1  # the go (or the last card)
            if single_count or not any(held.values()):
                return out
            count, window, gone = 0, [], set()
            nxt = next_after(last) if last is not None else (
                leader if held[leader] else next_after(leader))
            last = None
            if nxt is None:
                return out
            leader = nxt
        turn = nxt


# --- deals and games -------------------------------------------------------------------


@dataclass
class Deal:
    variant: str
    seats: tuple[str, ...]
    """In play order, the dealer last."""
    dealt: dict[str, list[str]]
    discards: dict[str, list[str]]
    crib_card: str | None
    starter: str
    play: Play
    kept: dict[str, list[str]]
    unseen: list[str]

    @property
    def dealer(self) -> str:
        return self.seats[-1]

    def crib(self) -> list[str]:
        cards = [c for p in self.seats for c in self.discards[p]]
        return cards + ([self.crib_card] if self.crib_card else [])

    def truth(self) -> dict[str, int]:
        """Each hand's count, then the crib's under ``crib``; heels under ``heels``."""
        counts = {p: show_total(self.kept[p], self.starter) for p in self.seats}
        counts["crib"] = show_total(self.crib(), self.starter, crib=True)
        counts["heels"] = 2 if self.starter[0] == "J" else 0
        return counts


def random_deal(rng: random.Random, variant: str, seats: tuple[str, ...],
                cheat: str | None = None) -> Deal:
    spec = VARIANTS[variant]
    deck = list(DECK)
    rng.shuffle(deck)
    dealt = {p: deck[i * spec.dealt:(i + 1) * spec.dealt] for i, p in enumerate(seats)}
    rest = deck[len(seats) * spec.dealt:]
    crib_card = rest.pop() if spec.crib_card else None
    starter = rest.pop()
    discards = {p: rng.sample(dealt[p], spec.to_crib) for p in seats}
    kept = {p: [c for c in dealt[p] if c not in discards[p]] for p in seats}
    play = play_out(rng, kept, seats, spec.single_count, cheat, unseen=rest)
    return Deal(variant, seats, dealt, discards, crib_card, starter, play, kept, rest)


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


# --- the corpus ---------------------------------------------------------------------------


JSON = {"Content-Type": "application/json"}


class Corpus:
    def __init__(self, seed: int) -> None:
        self.make = Maker(seed)
        self.rng = self.make.rng
        self.requests: list[dict[str, Any]] = []

    def add(self, tag: str, method: str, path: str, body: Any = None, *,
            text: str | None = None, headers: dict[str, str] | None = None,
            raw: bytes | None = None, big: int | None = None) -> None:
        request: dict[str, Any] = {"id": f"{len(self.requests):05d}", "tag": tag,
                                   "method": method, "path": path}
        if body is not None:
            text = dump(body, self.rng)
        request["headers"] = dict(JSON if headers is None and (
            text is not None or raw is not None or big is not None) else headers or {})
        if text is not None:
            request["body"] = text
        elif raw is not None:
            import base64
            request["body_b64"] = base64.b64encode(raw).decode("ascii")
        elif big is not None:
            request["big"] = big
        self.requests.append(request)

    def post(self, tag: str, path: str, body: dict[str, Any], mutate_p: float) -> None:
        if self.make.chance(mutate_p):
            body, how = mutate(self.rng, body)
            tag = f"{tag} mutated {how}"
        self.add(tag, "POST", path, body)

    # --- one endpoint each ---

    def hand(self, mutate_p: float = 0.15) -> None:
        make = self.make
        variant = make.variant()
        spec = VARIANTS[variant]
        deck = list(DECK)
        self.rng.shuffle(deck)
        crib = make.chance(0.25)
        size = 4 if crib else spec.dealt - spec.to_crib
        if make.chance(0.04):
            size = self.rng.choice((3, 4, 5, 6))  # the wrong size for the variant
        hand, starter = deck[:size], deck[size]
        if make.chance(0.2):  # the hands that count most (fives and jacks)
            fives = ["5S", "5H", "5D", "5C", "JS", "JH", "JD", "JC"]
            self.rng.shuffle(fives)
            hand, starter = fives[:size], fives[size]
        body: dict[str, Any] = {"hand": make.cards(hand), "starter": make.card(starter)}
        if crib or make.chance(0.1):
            body["crib"] = crib
        if make.chance(0.8):
            body["claimed"] = make.claim(show_total(hand, starter, crib))
        make.common(body, variant)
        self.post(f"hands/check {variant}", "/v1/hands/check", body, mutate_p)

    def batch(self) -> None:
        make = self.make
        items: list[Any] = []
        variant = make.variant()
        top: dict[str, Any] = {}
        make.common(top, variant)
        for _ in range(self.rng.randint(1, 25)):
            spec = VARIANTS[variant]
            deck = list(DECK)
            self.rng.shuffle(deck)
            size = spec.dealt - spec.to_crib
            item: Any = {"hand": make.cards(deck[:size]),
                                    "starter": make.card(deck[size])}
            if make.chance(0.7):
                item["claimed"] = make.claim(show_total(deck[:size], deck[size]))
            if make.chance(0.15):
                item, _ = mutate(self.rng, item)
            if make.chance(0.05):
                item = self.rng.choice((None, 3, "AH", [], ["AH"]))
            if isinstance(item, dict) and make.chance(0.1):
                item["ruleset"] = self.rng.choice(RULESETS)
            items.append(item)
        self.post(f"hands/batch {variant} x{len(items)}", "/v1/hands/batch",
                  {"hands": items, **top}, 0.1)

    def pegging(self, mutate_p: float = 0.15) -> None:
        make = self.make
        deal = make.deal()
        variant = deal.variant
        body: dict[str, Any] = {"plays": make.plays(deal, claims=make.chance(0.4))}
        if make.chance(0.6):
            body["hands"] = {p: make.cards(c) for p, c in deal.kept.items()}
        if deal.seats != ("pone", "dealer") or make.chance(0.3):
            body["players"] = list(deal.seats)
        tag = f"pegging/check {variant}"
        if make.chance(0.3):
            body["in_progress"] = True
            cut = self.rng.randint(0, len(body["plays"]))
            body["plays"] = body["plays"][:cut]
            tag += f" in_progress at {cut}"
        elif make.chance(0.05):
            body["in_progress"] = False
        make.common(body, variant)
        self.post(tag, "/v1/pegging/check", body, mutate_p)

    def deal_check(self, mutate_p: float = 0.15) -> None:
        make = self.make
        deal = make.deal()
        variant = deal.variant
        spec = VARIANTS[variant]
        misdeal = make.chance(0.04)
        body = make.deal_fields(deal, misdeal=misdeal)
        if deal.seats != ("pone", "dealer") or make.chance(0.3):
            body["players"] = list(deal.seats)
        target = spec.target
        if make.chance(0.2):
            target = self.rng.choice((31, 45, 61, 91, 121, 181))
            body["target"] = target
        if make.chance(0.6):
            # Near the end of the game often, so that the game is won in the deal.
            low = max(0, target - 30) if make.chance(0.6) else 0
            body["scores_before"] = {s: self.rng.randint(low, target - 1)
                                     for s in side_names(deal.seats)}
        tag = f"deals/check {variant}{' misdeal' if misdeal else ''}"
        if make.chance(0.35):
            body["in_progress"] = True
            phase = self.rng.choice(("dealt", "discards", "starter", "plays", "claims"))
            tag += f" in_progress {phase}"
            if phase == "dealt":
                for key in ("discards", "crib_card", "starter", "plays", "claims"):
                    body.pop(key, None)
            elif phase == "discards":
                for key in ("starter", "plays", "claims"):
                    body.pop(key, None)
            elif phase == "starter":
                body.pop("plays", None)
                body.pop("claims", None)
            elif phase == "plays" and "plays" in body:
                body["plays"] = body["plays"][:self.rng.randint(0, len(body["plays"]))]
                body.pop("claims", None)
            elif "claims" in body:
                hands = body["claims"].get("hands", {})
                keep = self.rng.randint(0, len(hands))
                body["claims"]["hands"] = dict(list(hands.items())[:keep])
                if keep < len(hands):
                    body["claims"].pop("crib", None)
        make.common(body, variant)
        self.post(tag, "/v1/deals/check", body, mutate_p)

    def game(self, path: str = "/v1/games/check", mutate_p: float = 0.12,
             variant: str | None = None, target: int | None = None) -> None:
        make = self.make
        variant = variant or make.variant()
        spec = VARIANTS[variant]
        players = make.seats(variant)
        first = self.rng.choice(players)
        if target is None:
            target = spec.target
            if make.chance(0.5):
                target = self.rng.choice((31, 45, 61))
        body: dict[str, Any] = {"players": list(players), "first_dealer": first}
        if target != spec.target or make.chance(0.2):
            body["target"] = target
        make.common(body, variant)
        tally = Tally(players, body.get("ruleset", "acc"), body.get("muggins", False),
                      target)
        sandbag = self.rng.choice(players) if make.chance(0.2) else None
        cheats = make.chance(0.3)
        dealer = players.index(first)
        if spec.single_count:
            tally.peg(players[(dealer + 1) % len(players)], 3)  # three for last
        deals: list[dict[str, Any]] = []
        limit = 40 if target <= 121 else 60
        while not tally.won and len(deals) < limit:
            seats = tuple(players[(dealer + 1 + i) % len(players)] for i in range(len(players)))
            deal = random_deal(self.rng, variant, seats,
                               self.rng.choice(CHEATS) if cheats and make.chance(0.3) else None)
            misdeal = make.chance(0.02)
            fields = make.deal_fields(deal, sandbag=sandbag, misdeal=misdeal)
            if make.chance(0.05):
                fields.pop("plays", None)
            deals.append(fields)
            if misdeal:
                continue  # dealt again by the same dealer
            tally.deal(deal, fields)
            dealer = (dealer + 1) % len(players)
        tag = f"{path[4:]} {variant} to {target} x{len(deals)}"
        if tally.won and make.chance(0.08):
            deals = deals[:-1]  # unfinished
            tag += " unfinished"
        elif tally.won and make.chance(0.04):
            deals.append(deals[-1])  # a deal after the win (and cards repeated)
            tag += " after the win"
        body["deals"] = deals
        self.post(tag, path, body, mutate_p)

    def discards(self, mutate_p: float = 0.12) -> None:
        make = self.make
        variant = make.variant()
        spec = VARIANTS[variant]
        deck = list(DECK)
        self.rng.shuffle(deck)
        body: dict[str, Any] = {"cards": make.cards(deck[:spec.dealt]),
                                "dealer": make.chance(0.5)}
        if variant == "four-player" and not body["dealer"] and make.chance(0.5):
            body["partner_deals"] = True
        elif make.chance(0.03):
            body["partner_deals"] = make.chance(0.5)
        make.common(body, variant)
        self.post(f"discards/advise {variant}", "/v1/discards/advise", body, mutate_p)

    def deal_review(self, mutate_p: float = 0.1) -> None:
        make = self.make
        # The seven-card game's search is the costly one: rarer here.
        variant = self.rng.choice(("six-card", "six-card", "five-card", "three-player",
                                   "four-player", "six-card", "five-card", "seven-card"))
        deal = make.deal(variant)
        body = make.deal_fields(deal)
        if deal.seats != ("pone", "dealer") or make.chance(0.3):
            body["players"] = list(deal.seats)
        if make.chance(0.3):
            body["scores_before"] = {s: self.rng.randint(90, 120)
                                     for s in side_names(deal.seats)}
        make.common(body, variant)
        self.post(f"deals/review {variant}", "/v1/deals/review", body, mutate_p)

    def advice(self, mutate_p: float = 0.1) -> None:
        make = self.make
        variant = self.rng.choice(("six-card", "five-card", "three-player", "four-player",
                                   "six-card", "seven-card"))
        deal = make.deal(variant, cheat="" if make.chance(0.8) else None)
        turns = deal.play.turns or [(0, deal.seats[0])]
        # Later in the play is cheaper to search; early positions are there too.
        at, player = turns[max(0, len(turns) - 1 - min(int(self.rng.expovariate(0.5)),
                                                        len(turns) - 1))]
        body: dict[str, Any] = {
            "player": player,
            "hand": make.cards(deal.kept[player]),
            "starter": make.card(deal.starter),
            "plays": [({"player": e["player"], "card": make.card(e["card"])} if "card" in e
                       else {"player": e["player"], "go": True})
                      for e in deal.play.events[:at]],
            "samples": self.rng.choice((1, 2, 5, 10, 20, 30)),
        }
        if make.chance(0.5):
            body["seed"] = self.rng.randrange(2**32)
        if make.chance(0.3):
            body["discards"] = make.cards(deal.discards[player])
        if deal.seats != ("pone", "dealer") or make.chance(0.3):
            body["players"] = list(deal.seats)
        make.common(body, variant)
        self.post(f"pegging/advise {variant} at {at}", "/v1/pegging/advise", body, mutate_p)

    # --- the protocol: methods, paths, types, bodies that are not JSON ---

    def protocol(self) -> None:
        rng = self.rng
        gets = ("/v1/rulesets", "/healthz", "/readyz", "/openapi.yaml", "/", "/docs",
                "/v1/rulesets?x=1", "/healthz/", "/v1/variants", "/rules")
        for path in gets:
            self.add(f"GET {path}", "GET", path)
        self.add("HEAD /healthz", "HEAD", "/healthz")
        posts = ("/v1/hands/check", "/v1/hands/batch", "/v1/pegging/check",
                 "/v1/deals/check", "/v1/games/check", "/v1/discards/advise",
                 "/v1/deals/review", "/v1/games/review", "/v1/pegging/advise")
        for path in posts:
            for method in ("GET", "PUT", "DELETE", "PATCH"):
                self.add(f"405 {method} {path}", method, path)
            self.add(f"405 POST /v1/rulesets via {path}", "POST", "/v1/rulesets", {})
            for kind, headers in (("text/plain", {"Content-Type": "text/plain"}),
                                  ("no type", {}),
                                  ("form", {"Content-Type":
                                            "application/x-www-form-urlencoded"}),
                                  ("charset", {"Content-Type":
                                               "application/json; charset=utf-8"}),
                                  ("problem+json", {"Content-Type":
                                                    "application/problem+json"})):
                self.add(f"content type {kind} {path}", "POST", path, text='{"hand": []}',
                         headers=headers)
            for kind, text in (("empty", ""), ("truncated", '{"hand": ["AH"'),
                               ("NaN", '{"claimed": NaN}'), ("Infinity", '{"x": -Infinity}'),
                               ("duplicate keys", '{"a": 1, "a": 2}'),
                               ("trailing", '{} {}'), ("single quotes", "{'a': 1}"),
                               ("deep", "[" * 5000 + "]" * 5000), ("array", "[]"),
                               ("string", '"hand"'), ("number", "12"), ("null", "null"),
                               ("bom", "\ufeff{}"), ("surrogate", '{"\\ud800": 1}'),
                               ("surrogate value", '{"players": ["\\udfff", "b"]}')):
                self.add(f"body {kind} {path}", "POST", path, text=text)
            self.add(f"body not utf-8 {path}", "POST", path, raw=b'{"hand": ["\xff\xfe"]}')
        for path in ("/v1/hands/check", "/v1/games/check", "/v1/deals/review"):
            self.add(f"413 oversized {path}", "POST", path, big=1024 * 1024 + 1)
            self.add(f"at the limit {path}", "POST", path, big=1024 * 1024)
        for path in ("/v2/hands/check", "/v1/hand/check", "/v1", "/v1/", "/metrics/x",
                     "/favicon.ico", "/v1/hands/check/", "/%ff", "/v1/rulesets/acc",
                     "/scorepad/nothing.js", "/../etc/passwd"):
            self.add(f"404 {path}", rng.choice(("GET", "POST")), path)
        # The browser's side: a preflight and a cross-origin call, from an origin the
        # replayer allows and one it does not.
        for origin in ("https://club.example", "https://evil.example"):
            self.add(f"CORS preflight {origin}", "OPTIONS", "/v1/hands/check",
                     headers={"Origin": origin, "Access-Control-Request-Method": "POST",
                              "Access-Control-Request-Headers": "content-type"})
            self.add(f"CORS post {origin}", "POST", "/v1/hands/check",
                     {"hand": ["5H", "5C", "5S", "JD"], "starter": "5D", "claimed": 29},
                     headers={**JSON, "Origin": origin})
            self.add(f"CORS get {origin}", "GET", "/v1/rulesets", headers={"Origin": origin})

    def night(self, mutate_p: float = 0.12) -> None:
        """A club night's scorecards: a round robin of W/L lines with spreads, some left
        blank, some disagreeing, written on the wrong column or with wrong game points."""
        rng, make = self.rng, self.make
        players = [f"P{i}" for i in range(rng.randint(2, 9))]
        rounds = rng.randint(1, 3)
        cards: dict[str, list[dict[str, Any]]] = {p: [] for p in players}
        for round_ in range(1, rounds + 1):
            rng.shuffle(players)
            for a, b in zip(players[::2], players[1::2], strict=False):
                spread = rng.randint(1, 121)
                for me, other, won in ((a, b, True), (b, a, False)):
                    line: dict[str, Any] = {"round": round_, "opponent": other,
                                            "result": "W" if won else "L"}
                    if make.chance(0.9):
                        line["spread"] = spread if make.chance(0.9) else rng.randint(1, 121)
                    if make.chance(0.05):
                        line["column"] = rng.choice(("plus", "minus"))
                    if make.chance(0.3):
                        line["game_points"] = (2 if won else 0) + (make.chance(0.1))
                    cards[me].append(line)
            if len(players) % 2:
                cards[players[-1]].append({"round": round_, "bye": True})
        body: dict[str, Any] = {"cards": [{"player": p, "games": g}
                                          for p, g in sorted(cards.items())]}
        if make.chance(0.3):
            body["event"] = "sanctioned"
        if make.chance(0.2):
            body["convention"] = rng.choice(("acc", "pegs-behind"))
        self.post(f"tournaments/check {len(players)} players x{rounds}",
                  "/v1/tournaments/check", body, mutate_p)

    def seating(self, mutate_p: float = 0.12) -> None:
        rng = self.rng
        players = [f"P{i}" for i in range(rng.randint(2, 14))]
        body = {"players": players, "games": rng.randint(1, 8), "seed": rng.randint(0, 99)}
        self.post(f"tournaments/seating {len(players)} players", "/v1/tournaments/seating",
                  body, mutate_p)

    def chances(self, mutate_p: float = 0.12) -> None:
        """A position: the scores (a few at or past the target, or one missing), who
        deals, perhaps the part of the deal already pegged or the cards one player sees.
        The variants with no table are asked too (a 422)."""
        rng, make = self.rng, self.make
        variant = make.variant()
        spec = VARIANTS[variant]
        seats = make.seats(variant)
        body: dict[str, Any] = {}
        if seats != ("pone", "dealer") or make.chance(0.3):
            body["players"] = list(seats)
        if make.chance(0.4):
            body["dealer"] = rng.choice(seats) if make.chance(0.95) else "zed"
        scores = {side: (spec.target + rng.randint(0, 5) if make.chance(0.04)
                         else rng.randrange(spec.target)) for side in side_names(seats)}
        if make.chance(0.04):
            scores.pop(rng.choice(sorted(scores)))
        body["scores"] = scores
        if make.chance(0.3):
            body["after"] = rng.choice(("heels", "play", "pone_hand", "dealer_hand", "crib"))
        elif make.chance(0.15):  # each is 256 deals played out: a few only
            deck = list(DECK)
            rng.shuffle(deck)
            seen: dict[str, Any] = {"player": rng.choice(seats)}
            if make.chance(0.5):
                seen["cards"] = make.cards(deck[:spec.dealt])
            else:
                kept = spec.dealt - spec.to_crib
                seen["kept"] = make.cards(deck[:kept])
                if make.chance(0.5):
                    seen["discard"] = make.cards(deck[kept:spec.dealt])
                if make.chance(0.6):
                    seen["starter"] = make.card(deck[spec.dealt])
            body["seen"] = seen
        if variant != "six-card" or make.chance(0.3):
            body["variant"] = variant
        self.post(f"chances {variant}", "/v1/chances", body, mutate_p)

    def issue19(self) -> None:
        """The two rulings issue 19 corrects: their answers are meant to change."""
        self.add("issue19 go point claimed on a card", "POST", "/v1/pegging/check", {
            "plays": [{"player": "pone", "card": "TH"}, {"player": "dealer", "card": "KS"},
                      {"player": "pone", "card": "9C", "claimed": 0},
                      {"player": "dealer", "go": True}, {"player": "dealer", "card": "8C"}]})
        for muggins in (False, True):
            self.add(f"issue19 go point claimed on a card muggins={muggins}", "POST",
                     "/v1/pegging/check", {
                         "plays": [{"player": "pone", "card": "TH"},
                                   {"player": "dealer", "card": "KS"},
                                   {"player": "pone", "card": "9C", "claimed": 0},
                                   {"player": "dealer", "go": True},
                                   {"player": "dealer", "card": "8C"}],
                         "muggins": muggins})
        deal: dict[str, Any] = {"variant": "five-card",
                "dealt": {"pone": ["8D", "TH", "6H", "QS", "2D"],
                          "dealer": ["7C", "4C", "3C", "4D", "KD"]},
                "discards": {"pone": ["QS", "2D"], "dealer": ["4C", "KD"]},
                "starter": "3S",
                "plays": [{"player": "pone", "card": "8D"}, {"player": "dealer", "card": "7C"},
                          {"player": "pone", "card": "TH"}, {"player": "dealer", "card": "3C"},
                          {"player": "pone", "go": True}]}
        claims = {"hands": {"pone": 0, "dealer": 2}, "crib": 7}
        for in_progress in (False, True):
            for with_claims in (True, False):
                body: dict[str, Any] = {**deal, **({"claims": claims} if with_claims else {})}
                if in_progress:
                    body["in_progress"] = True
                self.add(f"issue19 finished play in_progress={in_progress} "
                         f"claims={with_claims}", "POST", "/v1/deals/check", body)


CHANCES_SHARE = 100
"""One ``POST /v1/chances`` ask in this many requests, after the rest (the endpoint came
after round 3's allow file named requests by number)."""


def build(seed: int = 19, size: int = 6000) -> list[dict[str, Any]]:
    """About ``size`` requests (the protocol's and issue 19's, then the records'), the
    same for the same seed in every tree and every Python from 3.11."""
    corpus = Corpus(seed)
    corpus.protocol()
    corpus.issue19()
    # (Less the requests added last, below.)
    asks = size // CHANCES_SHARE
    rest = max(0, size - len(corpus.requests) - 1 - asks)
    # Shares of the records: the referee's endpoints most, the searches (reviews and
    # the play advice, each tens of milliseconds or more) a small part.
    shares: list[tuple[float, Callable[[], None]]] = [
        (0.22, corpus.hand), (0.03, corpus.batch), (0.22, corpus.pegging),
        (0.22, corpus.deal_check), (0.11, corpus.game), (0.12, corpus.discards),
        (0.012, corpus.deal_review),
        (0.003, lambda: corpus.game("/v1/games/review", target=31,
                                     variant=corpus.rng.choice(("six-card", "five-card")))),
        (0.015, corpus.advice), (0.01, corpus.night), (0.003, corpus.seating),
    ]
    weights = [share for share, _ in shares]
    makers = [maker for _, maker in shares]
    for _ in range(rest):
        corpus.rng.choices(makers, weights)[0]()
    # Paths added after round 3's allow file named requests by number go last, so that
    # every other request keeps its number and its record (the last record gives way).
    corpus.add("GET /sw.js", "GET", "/sw.js")
    for _ in range(asks):
        corpus.chances()
    return corpus.requests
