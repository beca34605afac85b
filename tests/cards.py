"""Small helpers for writing cards in tests."""

from __future__ import annotations

from rules.core.cards import Card


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def card(text: str) -> Card:
    return Card.parse(text)
