"""Can a party win the hand's first tricks, every one of them?

Scharwenzel pays two game points "für die ersten": to the party that took
the first majority-number of tricks in a row (docs/rules.md, "Scharwenzel
scoring").  That is not a question of the final trick count, which the
alpha-beta search answers, but of the order the tricks fall in, so it has
its own small search here: an AND/OR search over the plays of the next
tricks that stops at the first trick the party loses.

It is exact.  Two cards of one following class in one hand are
interchangeable when no other remaining card (in another hand or on the
table) ranks between them, since only who wins each trick counts, not
card points; one of each such group is tried.  A memo holds the answer of
every trick start met.  The hard deals take some ten thousand nodes; the
search itself is C (``_streak.pyx``), this module the rules around it.
"""
from __future__ import annotations

import threading
from collections.abc import Iterable

from ._streak import FirstTricks
from .contracts import PLAY_STANDARD
from .position import Position

#: Searches kept per thread (one per contract and party; 512 KiB of memo each).
_KEPT = 8


def takes_first_tricks(position: Position, count: int, party: Iterable[int] | None = None) -> bool:
    """Whether ``party`` (default: the declaring party) can force winning
    each of the hand's first ``count`` tricks, against every defence, from
    ``position`` (its ``play`` included: a trick among the first ``count``
    already lost answers False).

    Only for contracts where a player follows suit (trump counting as one
    suit) or plays any card, with no further rule (Scharwenzel; the
    Schafkopf contracts but the Sauspiel); :class:`ValueError` otherwise."""
    table = position.table
    if table.play_rule != PLAY_STANDARD or position.called_sau() is not None:
        raise ValueError(f"first tricks: not for {position.game} {position.contract} "
                         "(only where the plain follow-suit rule is the whole rule)")
    if not 1 <= count <= position.n_tricks:
        raise ValueError(f"first tricks: count must be 1..{position.n_tricks}, got {count}")
    seats = position.declaring_party if party is None else frozenset(party)
    st = position.state()
    done = len(st.history)
    if any(winner not in seats for _, _, winner in st.history[:count]):
        return False
    if done >= count:
        return True
    return _searcher(position, seats).wins(st.hands, st.leader, st.trick, count - done)


_LOCAL = threading.local()


def _searcher(position: Position, party: frozenset[int]) -> FirstTricks:
    """This thread's search for the rules and party of ``position``: kept
    for the next deal (its memo is voided per query, not reallocated)."""
    key = (position.game, position.contract, position.trump, position.tout, position.n_seats, party)
    kept: dict[tuple[object, ...], FirstTricks] | None = getattr(_LOCAL, "searchers", None)
    if kept is None:
        kept = _LOCAL.searchers = {}
    if key not in kept:
        if len(kept) >= _KEPT:
            kept.pop(next(iter(kept)))
        kept[key] = FirstTricks(position.table, position.n_seats, party)
    return kept[key]
