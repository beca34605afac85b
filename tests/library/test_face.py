"""The library's face, ``rules``: what a user needs, each documented. Every class and
function in ``rules.__all__`` has a docstring of its own, and so has every public method
and property of the exported classes (the library's own, inherited ones included); and
the notation, the chance tables and a club night are reached from the face."""

from __future__ import annotations

import inspect
from collections.abc import Iterator

import pytest

import rules


def _own_doc(obj: object) -> str | None:
    doc = vars(obj).get("__doc__") if isinstance(obj, type) else getattr(obj, "__doc__", None)
    # A dataclass with no docstring is given its signature, "Name(field: type, ...)".
    if isinstance(obj, type) and doc and doc.startswith(f"{obj.__name__}("):
        return None
    return doc if doc and doc.strip() else None


def _methods(cls: type) -> Iterator[tuple[str, object]]:
    """The public methods and properties ``cls`` has from the library's own classes."""
    for owner in cls.__mro__:
        if not owner.__module__.startswith("rules."):
            continue
        for name, value in vars(owner).items():
            if name.startswith("_"):
                continue
            if isinstance(value, classmethod | staticmethod):
                yield f"{owner.__qualname__}.{name}", value.__func__
            elif isinstance(value, property):
                yield f"{owner.__qualname__}.{name}", value.fget
            elif inspect.isfunction(value):
                yield f"{owner.__qualname__}.{name}", value


def undocumented() -> list[str]:
    missing = set()
    for name in rules.__all__:
        exported = getattr(rules, name)
        if not (inspect.isclass(exported) or inspect.isfunction(exported)):
            continue
        if _own_doc(exported) is None:
            missing.add(name)
        if inspect.isclass(exported):
            missing.update(where for where, method in _methods(exported)
                           if _own_doc(method) is None)
    return sorted(missing)


def test_everything_the_face_exports_is_documented() -> None:
    assert undocumented() == []


def test_the_check_finds_what_has_no_docstring(monkeypatch: pytest.MonkeyPatch) -> None:
    # A dataclass's generated signature is no docstring, nor is an inherited one.
    from dataclasses import dataclass

    @dataclass
    class Bare:
        pegs: int

        def peg(self) -> int:
            return self.pegs

        @property
        def pegged(self) -> int:
            return self.pegs

    class Error(rules.RecordError):
        pass

    Bare.__module__ = Error.__module__ = "rules.fake"
    monkeypatch.setattr(rules, "Bare", Bare, raising=False)
    monkeypatch.setattr(rules, "Error", Error, raising=False)
    monkeypatch.setattr(rules, "__all__", [*rules.__all__, "Bare", "Error"])
    assert undocumented() == ["Bare", "Error", "test_the_check_finds_what_has_no_docstring"
                              ".<locals>.Bare.peg", "test_the_check_finds_what_has_no_docstring"
                              ".<locals>.Bare.pegged"]


def test_the_face_reads_and_writes_notation() -> None:
    # docs/notation.md's lenient play, and what it reads as.
    typed = ("# typed at the table\nplay: Pone KH; dealer qc\npone 10d=2\n  dealer 9♠\n"
             "hands: pone KH TD 5C 5S; dealer QC 9S 4H 2D\nin progress\n")
    play = rules.read_record(typed)
    assert isinstance(play, rules.Play)
    assert str(play) == ("six-card to 121: pone dealer\n"
                         "hands: pone KH TD 5C 5S; dealer QC 9S 4H 2D\n"
                         "play: pone KH, dealer QC, pone TD =2, dealer 9S\n"
                         "in progress")
    assert rules.Play.parse(str(play)) == play
    assert rules.event_text(play.events[2]) == "pone TD =2"
    assert rules.parse_event("dealer go") == rules.PlayEvent("dealer", None)
    with pytest.raises(rules.NotationError):
        rules.read_record("play: pone 1H")


def test_the_face_gives_the_chance_of_a_position() -> None:
    table = rules.Table.seat(rules.Variant.SIX_CARD, ["ann", "bob"], dealer="bob")
    found = rules.chances_of(table, {"ann": 37, "bob": 35}, rules.shipped_tables())
    # Carte Primus's 51% for the dealer at 35 against 37 (docs/chances.md, the anchors).
    assert (found.pone, found.dealer) == ("ann", "bob")
    assert found.chances == rules.shipped_table(rules.Variant.SIX_CARD).before(37, 35)
    assert abs(found.chances.win[1] - 0.51) < 0.03


def test_the_face_checks_a_club_night() -> None:
    cards = rules.read_cards("player,opponent,result,spread\n"
                             "ann,bob,W,12\nbob,ann,L,12\n")
    night = rules.check_night(cards)
    assert isinstance(night, rules.NightCheck)
    assert [(s.player, s.rank) for s in night.standings] == [("ann", 1), ("bob", 2)]
    assert night.findings == ()
    assert rules.standings_csv(night).splitlines()[1].startswith("1,ann,2,")
