"""Contract names, the display order of a hand and the score of a position
(the command line's text is in :mod:`stichfest.analysis.cli.text`)."""
from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from stichfest import Position
from stichfest.cards import Card
from stichfest.play import party_total


def contract_title(pos: Position) -> str:
    """The game and the contract as players name it, e.g. ``Schafkopf Herz-Solo``."""
    return f"{pos.game.capitalize()} {pos.spec.title}"


def sort_hand(pos: Position, cards: Iterable[Card]) -> list[Card]:
    """Trumps first, then each plain suit, strongest first."""
    return pos.table.sorted_cards(cards)


class Score(NamedTuple):
    """What each side has in the completed tricks of a position, and what the
    declaring side still needs for ``target`` (in ``value`` units: card
    points, Jass points with the last trick and match, or tricks)."""

    played: int  # completed tricks
    tricks: int  # in the whole hand
    declaring: int
    others: int
    unit: str  # "points" or "tricks"
    target: int

    @property
    def needed(self) -> int:
        """Still to take, from the tricks not yet completed."""
        return max(self.target - self.declaring, 0)

    @property
    def left(self) -> int:
        return self.tricks - self.played

    def of(self, n: int) -> str:
        """``n`` in the unit: "1 trick", "5 tricks", "40 points"."""
        return f"{n} {self.unit[:-1] if n == 1 else self.unit}"

    def goal(self, goal: str) -> str:
        """The target in words, for a puzzle ``goal`` (see :mod:`stichfest.analysis.puzzle`)."""
        what = {"91": " (Schneider)", "tout": " (every trick)", "majority": " (a majority)",
                "match": " (the match: every trick)"}.get(goal, "")
        return f"{self.target} {self.unit}{what}"


def score(pos: Position, target: int) -> Score:
    st = pos.state()
    return Score(len(st.history), pos.n_tricks, party_total(st, pos.declaring_party),
                 party_total(st, pos.other_party),
                 "tricks" if pos.scores_tricks else "points", target)
