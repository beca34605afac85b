"""bench/sidebyside.py reads every figure a bench script prints, and pairs them by line."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.sidebyside import Side, figures, report

OUTPUT = """# pegging referee: a six-card play, and a whole game
command: python -m bench.pegging
python 3.11.7 on x86_64, 2 cores, Linux-6.18-x86_64-with-glibc2.36
six-card play with hands: 41.5 µs CPU (46.0 µs wall) per play, within the 50 µs budget
whole 13-deal game: 1,612 µs CPU (1,700 µs wall) per game
  itemised   / cribbage-scorer itemised:    6.2x (0.4x) (target 10x)
"""


def test_every_number_is_a_figure_named_by_its_line() -> None:
    found = figures(OUTPUT)
    assert found == {
        "six-card play with hands: [#] µs CPU (# µs wall) per play, within|OVER the # µs "
        "budget": 41.5,
        "six-card play with hands: # µs CPU ([#] µs wall) per play, within|OVER the # µs "
        "budget": 46.0,
        "six-card play with hands: # µs CPU (# µs wall) per play, within|OVER the [#] µs "
        "budget": 50.0,
        "whole [#]-deal game: # µs CPU (# µs wall) per game": 13.0,
        "whole #-deal game: [#] µs CPU (# µs wall) per game": 1612.0,
        "whole #-deal game: # µs CPU ([#] µs wall) per game": 1700.0,
        "itemised / cribbage-scorer itemised: [#]x (#x) (target #x)": 6.2,
        "itemised / cribbage-scorer itemised: #x ([#]x) (target #x)": 0.4,
        "itemised / cribbage-scorer itemised: #x (#x) (target [#]x)": 10.0,
    }


def test_a_figure_keeps_its_name_when_it_crosses_its_budget_or_grows() -> None:
    over = OUTPUT.replace("41.5 µs CPU (46.0 µs wall) per play, within", "51.5 µs CPU "
                          "(56.0 µs wall) per play, OVER")
    assert figures(over).keys() == figures(OUTPUT).keys()
    # A table's column padding follows the width of its numbers.
    assert figures("muggins   totals  133,121  2,301,765\n").keys() == figures(
        "muggins   totals   33,121 12,301,765\n").keys()


def test_the_report(capsys: pytest.CaptureFixture[str]) -> None:
    a, b = Side("A", Path("/a"), "python"), Side("B", Path("/b"), "python")
    for i, side in enumerate((a, b, a, b, a, b)):
        text = OUTPUT.replace("41.5", str(40 + i)).replace("a whole game", f"run {i}")
        if side is b:
            text += "a figure only B prints: 3 ms\n"
        if i == 0:
            text += "said once: 1 s\n"
        side.runs.append(figures(text))
        side.cpu.append(1.0 + i)
        side.wall.append(2.0)
    report("bench.pegging", a, b)
    out = capsys.readouterr().out
    lines = out.splitlines()
    # A's runs gave 40, 42, 44 and B's 41, 43, 45: medians 42 and 43, pairs 41/40 ... 45/44.
    assert any(line.split()[:6] == ["42", "43", "1.024", "10%", "9%", "1.02-1.02"]
               and line.endswith("six-card play with hands: [#] µs CPU (# µs wall) per "
                                 "play, within|OVER the # µs budget") for line in lines), out
    assert any(line.split()[:3] == ["3", "4", "1.333"]
               and line.endswith("whole run, CPU s (children included)") for line in lines)
    assert "(8 figures the same in every run of both, not shown)" in out
    assert "unmatched, only in B: a figure only B prints: [#] ms" in out
    assert "unmatched, in some runs of A only: said once: [#] s" in out
