"""Contract names and the display order of a hand (the command line's text is
in :mod:`stichfest.analysis.cli.text`)."""
from __future__ import annotations

from collections.abc import Iterable

from stichfest import Position
from stichfest.cards import Card


def contract_title(pos: Position) -> str:
    """The game and the contract as players name it, e.g. ``Schafkopf Herz-Solo``."""
    return f"{pos.game.capitalize()} {pos.spec.title}"


def sort_hand(pos: Position, cards: Iterable[Card]) -> list[Card]:
    """Trumps first, then each plain suit, strongest first."""
    return pos.table.sorted_cards(cards)
