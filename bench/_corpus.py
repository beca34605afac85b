"""The replay corpus (bench/replay.py): requests made from a seed, the same in every tree.

Nothing here imports the project: the corpus must not change when the library it
checks is rebuilt, so the dealer, the player and the scorer are the corpus's own
(bench/_corpus_game.py, where the facts of the variants are written out, as a client would
know them; the randomness and the bodies, bench/_corpus_make.py; the fixed requests,
bench/_corpus_fixed.py). The
scorer need not be right in every corner: claims are made from it and then bent on
purpose, and the referee rules on whatever is sent.

Every request is a dict: ``id`` (its place, zero-padded), ``tag`` (what it is meant to
exercise: endpoint, variant, the cheat), ``method``, ``path``, ``headers`` and one of
``body`` (the exact text sent), ``body_b64`` (bytes that are not text) or ``big`` (a
body of that many bytes, too large to store: made by the replayer).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bench._corpus_fixed import ROUND4, issue19, protocol
from bench._corpus_game import CHEATS, DECK, RULESETS, VARIANTS, random_deal, show_total
from bench._corpus_make import JSON, Maker, Tally, dump, mutate, side_names


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

    def protocol(self) -> None:
        """The protocol's requests: methods, paths, types, bodies that are not JSON."""
        protocol(self)

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
        issue19(self)


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
    rest = max(0, size - len(corpus.requests) - 1 - asks - len(ROUND4))
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
    # Round 4's operations (the scorepad's helpers), after everything else again.
    for tag, method, path, body in ROUND4:
        corpus.add(tag, method, path, body)
    return corpus.requests

