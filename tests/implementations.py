"""The two implementations of the rules behind one interface, for the shared
rule cases of ``rulecases.py`` (run by ``test_rule_cases.py`` through the
``impl`` fixture of ``conftest.py``).

* ``stichfest``: the project's API (``Position``, ``GameState``, the Cython
  search behind ``solve``, ``jass_weis``);
* ``reference``: the independent pure-Python oracle ``tests/reference.py``.

Positions are plain dicts in the project's JSON format; cards are canonical
names ("EO", "H10", "CJ").  Every method only translates: no rule knowledge here.
"""
from __future__ import annotations

from typing import NamedTuple

import reference as ref

from stichfest import Card, Position, PositionError, parse_card, solve
from stichfest.contracts import TRUMP
from stichfest.deals import deck as stichfest_deck
from stichfest.weis import jass_weis

SUIT_LETTERS = {"schafkopf": "EGHS", "jass": "CSHD", "scharwenzel": "CSHD"}


class Solved(NamedTuple):
    value: int
    moves: dict[str, int]     # {} on a finished hand
    to_move: int | None       # None on a finished hand


class Stichfest:
    name = "stichfest"
    error: type[Exception] = PositionError   # what a bad position raises

    def check(self, p) -> None:
        Position.from_json(p)

    def legal(self, p) -> set[str]:
        return {str(c) for c in Position.from_json(p).state().legal_cards()}

    def to_move(self, p) -> int:
        return Position.from_json(p).state().to_move

    def solve(self, p) -> Solved:
        r = solve(p)
        return Solved(r.value, {str(c): v for c, v in r.moves.items()}, r.to_move)

    def weis(self, p) -> tuple[list[int], list[int]]:
        w, s = jass_weis(Position.from_json(p))
        return list(w), list(s)

    def orders(self, p) -> tuple[list[str], dict[str, list[str]]]:
        position = Position.from_json(p)
        in_deck = {c.index for h in position.deal for c in h}
        table = position.table

        def names(klass):
            return [str(Card(i, position.deck)) for i in table.ordered(klass) if i in in_deck]

        plain = {letter: names(s) for s, letter in enumerate(SUIT_LETTERS[p["game"]])}
        return names(TRUMP), {s: cs for s, cs in plain.items() if cs}

    def trick_winner(self, p, cards: list[str]) -> int:
        position = Position.from_json(p)
        return position.state().trick_winner_offset([parse_card(c, position.deck).index for c in cards])

    def card_points(self, p) -> dict[str, int]:
        position = Position.from_json(p)
        return {str(c): position.table.points[c.index] for h in position.deal for c in h}

    def declaring_party(self, p) -> set[int]:
        return set(Position.from_json(p).declaring_party)

    def deck(self, p) -> list[str]:
        position = Position.from_json(p)
        short = position.game == "schafkopf" and position.hand_size == 6
        return [str(c) for c in stichfest_deck(position.game, position.n_seats, short)]

    def hands(self, p) -> list[list[str]]:
        return [[str(c) for c in h] for h in Position.from_json(p).deal]


class Reference:
    name = "reference"
    error: type[Exception] = ValueError

    def check(self, p) -> None:
        ref.check_position(p)

    def legal(self, p) -> set[str]:
        return set(ref.legal_moves(p))

    def to_move(self, p) -> int:
        return ref.to_move(p)

    def solve(self, p) -> Solved:
        r = ref.reference_solve(p)
        return Solved(r["value"], r["moves"], r["to_move"])

    def weis(self, p) -> tuple[list[int], list[int]]:
        r = ref.reference_weis(p)
        return r["weis"], r["stoeck"]

    def orders(self, p) -> tuple[list[str], dict[str, list[str]]]:
        game = ref.Game(p)
        plain: dict[str, list[str]] = {}
        for c in sorted(game.plain_index, key=lambda c: (c[0], game.plain_index[c])):
            plain.setdefault(c[0], []).append(c)
        return list(game.trumps), plain

    def trick_winner(self, p, cards: list[str]) -> int:
        return ref.Game(p).trick_winner_index(tuple(cards))

    def card_points(self, p) -> dict[str, int]:
        return dict(ref.Game(p).card_points)

    def declaring_party(self, p) -> set[int]:
        return set(ref.Game(p).declaring_seats())

    def deck(self, p) -> list[str]:
        return list(ref.Game(p).deck)

    def hands(self, p) -> list[list[str]]:
        return [list(h) for h in ref.Game(p).deal]


IMPLEMENTATIONS = {impl.name: impl for impl in (Stichfest(), Reference())}
