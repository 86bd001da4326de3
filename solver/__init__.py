"""stichfest.solver: exact open-hand solving of Schafkopf, Jass and Scharwenzel.

>>> from stichfest import Position, solve
>>> result = solve(Position.from_json(text))          # doctest: +SKIP
>>> result.value, result.moves, result.pv             # doctest: +SKIP
"""
from .cards import Card, CardError, format_cards, parse_card, parse_cards
from .contracts import Contract, ContractTable, contract_table
from .play import GameState, IllegalPlay
from .position import Position, PositionError
from .search import Result, Solver, reaches, solve, value

__all__ = [
    "Card", "CardError", "Contract", "ContractTable", "GameState", "IllegalPlay", "Position",
    "PositionError", "Result", "Solver", "contract_table", "format_cards", "parse_card",
    "parse_cards", "reaches", "solve", "value",
]
