"""Who sits where: the table a deal or a game is played at (docs/rules.md#variants).

A :class:`Table` is the variant, the seats in play order from the dealer's left (the
dealer last), the target, and the sides that keep a score: each player, or in the
four-player game the two partnerships. Every rule that asks who deals, who follows
whom, who scores with whom or how far the game goes asks the table, so each is
answered once, here.

A table is checked once, when it is made, and refused with every problem at once
(:class:`rules.core.errors.RecordError`). Its text form round-trips::

    >>> table = Table.parse("four-player to 121: ann bob cy dan")
    >>> [side.name for side in table.sides]
    ['ann&cy', 'bob&dan']
    >>> str(table.next_deal())
    'four-player to 121: bob cy dan ann; sides ann&cy bob&dan'

The side names stay what they were when the table was first seated, whoever deals: a
partnership is one side for the whole game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

from rules.core.errors import ProblemCode, Problems, not_seated
from rules.core.names import quote_name
from rules.core.table_text import PARTNERS, InvalidTableError, Side, TableReader
from rules.core.variants import Variant

__all__ = ["PARTNERS", "TWO_PLAYERS", "InvalidTableError", "Side", "Table"]

TWO_PLAYERS = ("pone", "dealer")
"""The seats of a two-player table that names none."""


@dataclass(frozen=True, slots=True)
class Table:
    """Who sits where: the variant, the seats in play order from the dealer's left (the dealer
    last), the target, and the sides that keep a score. Checked once, when it is made
    (:meth:`seat`, :meth:`parse`); its text form round-trips."""

    variant: Variant
    seats: tuple[str, ...]
    """Play order from the dealer's left; the dealer is last."""
    target: int
    sides: tuple[Side, ...]
    """One per player, or the two partnerships (four-player)."""
    _number: dict[str, int] = field(init=False, repr=False, compare=False, hash=False)
    _side: dict[str, Side] = field(init=False, repr=False, compare=False, hash=False)
    side_numbers: tuple[int, ...] = field(init=False, repr=False, compare=False, hash=False)
    """For each seat, the index of its side in :attr:`sides` (for tables of numbers)."""

    def __post_init__(self) -> None:
        problems = Problems()
        if _check_seats(problems, self.variant, self.seats):
            _check_sides(problems, self.variant, self.seats, self.sides, defaulted=False)
        _check_target(problems, self.variant, self.target)
        problems.raise_any()
        self._derive()

    def _derive(self) -> None:
        number = {player: seat for seat, player in enumerate(self.seats)}
        side = {member: each for each in self.sides for member in each.members}
        index = {each.name: i for i, each in enumerate(self.sides)}
        object.__setattr__(self, "_number", number)
        object.__setattr__(self, "_side", side)
        object.__setattr__(self, "side_numbers",
                           tuple(index[side[player].name] for player in self.seats))

    @classmethod
    def _trusted(cls, variant: Variant, seats: tuple[str, ...], target: int,
                 sides: tuple[Side, ...]) -> Table:
        """A table already known to be sound (checked, or moved on from one that was)."""
        table = object.__new__(cls)
        for name, value in (("variant", variant), ("seats", seats), ("target", target),
                            ("sides", sides)):
            object.__setattr__(table, name, value)
        table._derive()
        return table

    @classmethod
    def seat(cls, variant: Variant = Variant.SIX_CARD, seats: Sequence[str] | None = None,
             *, target: int | None = None, sides: Sequence[Side] | None = None,
             dealer: str | None = None) -> Table:
        """The table, checked: raises :class:`rules.core.errors.RecordError` with every
        problem at once (paths ``("players",)`` for the seats, ``("sides", ...)``,
        ``("dealer",)``, ``("target",)``, in that order).

        ``seats`` None (or empty): the variant's default, ``pone`` and ``dealer`` for two
        players (more must be named). ``target`` None: the variant's. ``sides`` None: the
        variant's, named from the seats as given (``a&c`` and ``b&d`` for seats a b c d).
        ``dealer``: the seats are in play order but need not end with the dealer; the
        table turns them so that ``dealer`` sits last, its sides still named from the
        order given (as a game names them from its players).
        """
        if not seats and target is None and sides is None and dealer is None:
            return _default(variant)
        problems = Problems()
        named: tuple[str, ...] = ()
        if not seats:
            if variant.spec.players == len(TWO_PLAYERS):
                named = TWO_PLAYERS
                sound = True
            else:
                problems.add(("players",), ProblemCode.REQUIRED,
                             f"the {variant} game needs its players named, in seat order "
                             "from the dealer's left, dealer last")
                sound = False
        else:
            named = tuple(seats)
            sound = _check_seats(problems, variant, named)
        placed = named
        if dealer in named:
            at = named.index(dealer) + 1
            placed = named[at:] + named[:at]
        chosen: tuple[Side, ...] = ()
        if sound:
            chosen = _default_sides(variant, named) if sides is None else tuple(sides)
            _check_sides(problems, variant, placed, chosen, defaulted=sides is None)
        if dealer is not None and named and dealer not in named:
            problems.add(("dealer",), ProblemCode.UNKNOWN_PLAYER,
                         not_seated(dealer, named))
        target = variant.spec.target if target is None else target
        _check_target(problems, variant, target)
        problems.raise_any()
        return cls._trusted(variant, placed, target, chosen)

    @classmethod
    def parse(cls, text: str) -> Table:
        """A table from its text, read leniently (any spacing, the variant in any case).
        Raises :class:`InvalidTableError` for text badly written, and
        :class:`rules.core.errors.RecordError` for a table that cannot exist."""
        read = TableReader(text).table()
        return cls.seat(read.variant, read.seats, target=read.target, sides=read.sides)

    def __str__(self) -> str:
        text = (f"{self.variant} to {self.target}: "
                + " ".join(quote_name(player) for player in self.seats))
        if self.sides != _default_sides(self.variant, self.seats):
            text += "; sides " + " ".join(_side_text(side) for side in self.sides)
        return text

    @property
    def dealer(self) -> str:
        """The dealer: the last seat."""
        return self.seats[-1]

    @property
    def pone(self) -> str:
        """The pone: the first seat, at the dealer's left."""
        return self.seats[0]

    def number(self, player: str) -> int:
        """The player's seat, counting from 0 at the dealer's left."""
        return self._number[player]

    def side_of(self, player: str) -> Side:
        """The side that ``player`` scores for."""
        return self._side[player]

    def opponents(self, player: str) -> tuple[str, ...]:
        """The players not on ``player``'s side, in seat order."""
        side = self._side[player]
        return tuple(other for other in self.seats if self._side[other] is not side)

    def left_of(self, player: str) -> str:
        """The next seat to the left, who pegs ``player``'s penalties: an opponent in
        every variant (partners sit opposite)."""
        return self.seats[(self._number[player] + 1) % len(self.seats)]

    def seated_from(self, player: str) -> tuple[str, ...]:
        """The seats in play order, starting with ``player``."""
        at = self._number[player]
        return self.seats[at:] + self.seats[:at]

    def naming_order(self) -> tuple[str, ...]:
        """The seats in play order, turned to begin where, named in that order, they
        name this table's sides as :meth:`seat` names them by default (``a&c`` and
        ``b&d`` for seats a b c d): how a game that says no sides gives its players. As
        they sit where no turn does (sides named otherwise)."""
        wanted = {side.name for side in self.sides}
        for turn in range(len(self.seats)):
            turned = self.seats[turn:] + self.seats[:turn]
            if {side.name for side in _default_sides(self.variant, turned)} == wanted:
                return turned
        return self.seats

    def next_deal(self) -> Table:
        """The table of the next deal: the deal passes to the left, the sides unchanged."""
        seats = self.seats
        return self._trusted(self.variant, seats[1:] + seats[:1], self.target, self.sides)


@cache
def _default(variant: Variant) -> Table:
    """The table when nothing is said but the variant: built once, for the hot path."""
    return Table.seat(variant, (), target=variant.spec.target)


def _default_sides(variant: Variant, seats: Sequence[str]) -> tuple[Side, ...]:
    """The variant's sides, named from ``seats`` in their order."""
    partnerships = variant.spec.partnerships
    if not partnerships:
        return tuple(Side(player, (player,)) for player in seats)
    return tuple(Side(PARTNERS.join(seats[i] for i in seat), tuple(seats[i] for i in seat))
                 for seat in partnerships)


def _side_text(side: Side) -> str:
    members = PARTNERS.join(quote_name(member) for member in side.members)
    if side.name == PARTNERS.join(side.members):
        return members
    return f"{quote_name(side.name)}={members}"


def _check_seats(problems: Problems, variant: Variant, seats: tuple[str, ...]) -> bool:
    """As many seats as the variant has, each named once; True when they are."""
    want = variant.spec.players
    sound = True
    if len(seats) != want:
        problems.add(("players",), ProblemCode.WRONG_SIZE,
                     f"the {variant} game has {want} players, not {len(seats)}")
        sound = False
    if len(set(seats)) != len(seats):
        problems.add(("players",), ProblemCode.DUPLICATE_PLAYER, "each player is named once")
        sound = False
    return sound


def _check_target(problems: Problems, variant: Variant, target: int) -> None:
    if target < 1:
        problems.add(("target",), ProblemCode.OUT_OF_RANGE,
                     f"the target is a positive number of points, not {target}")
    elif target < variant.spec.lowest_target:
        problems.add(("target",), ProblemCode.OUT_OF_RANGE,
                     f"three for last would reach a target of {target} before the first deal")


def _check_sides(problems: Problems, variant: Variant, seats: tuple[str, ...],
                 sides: tuple[Side, ...], *, defaulted: bool) -> None:
    """Sides that fit the variant: every player on one side, the variant's partnerships
    (or each player alone), no two sides of one name."""
    groups = variant.spec.partnerships or tuple((seat,) for seat in range(len(seats)))
    fitting = {frozenset(seats[i] for i in group) for group in groups}
    if len(sides) != len(groups):
        problems.add(("sides",), ProblemCode.WRONG_SIZE,
                     f"the {variant} game has {len(groups)} sides, not {len(sides)}")
    on: dict[str, int] = {}
    names: set[str] = set()
    for i, side in enumerate(sides):
        sound = True
        for j, member in enumerate(side.members):
            if member not in seats:
                problems.add(("sides", i, "members", j), ProblemCode.UNKNOWN_PLAYER,
                             not_seated(member, seats))
                sound = False
            elif member in on:
                problems.add(("sides", i, "members", j), ProblemCode.CONFLICT,
                             f"{member} is on two sides")
                sound = False
            else:
                on[member] = i
        if sound and frozenset(side.members) not in fitting:
            problems.add(("sides", i), ProblemCode.NOT_IN_VARIANT, _unfit(variant, side))
        if side.name in names:
            if defaulted:
                # "x&y" with "z" and "x" with "y&z": one name, and so one score, for two sides.
                problems.add(("players",), ProblemCode.CONFLICT,
                             f"both partnerships would be called {side.name!r}: "
                             "rename a player")
            else:
                problems.add(("sides", i, "name"), ProblemCode.CONFLICT,
                             f"two sides are called {side.name!r}")
        names.add(side.name)
    for player in seats:
        if player not in on:
            problems.add(("sides",), ProblemCode.REQUIRED, f"{player} has no side")


def _unfit(variant: Variant, side: Side) -> str:
    who = PARTNERS.join(side.members) or "nobody"
    if variant.spec.partnerships:
        return f"in the {variant} game partners sit opposite, two to a side: not {who}"
    return f"in the {variant} game each player keeps their own score: not {who}"
