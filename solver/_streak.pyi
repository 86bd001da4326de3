"""Type stub for the compiled first-tricks search (``_streak.pyx``), which
``streak.py`` drives.  Cards are indices into the game's deck."""

from collections.abc import Iterable, Sequence

from .contracts import ContractTable

class FirstTricks:
    nodes: int
    def __init__(self, table: ContractTable, n_seats: int, party: Iterable[int]) -> None: ...
    def wins(self, hands: Sequence[int], leader: int, trick: Sequence[int], tricks: int) -> bool: ...
