"""Jass Weis (melds) and Stöck, from the dealt hands (docs/rules.md, "Weis").

Only the team holding the best single Weis writes Weis, and then all of
its Weis.  Ties between single Weis are broken, in this order, by points,
sequence over four of a kind, the higher top card (undeufe: the lower
card), the trump suit, and finally the player who announces first, i.e.
comes first in playing order from the leader.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from .cards import Card

if TYPE_CHECKING:
    from .position import Position

NATURAL = ("6", "7", "8", "9", "10", "J", "Q", "K", "A")  # sequence order, low to high
SEQUENCE_POINTS = {3: 20, 4: 50, 5: 100, 6: 150, 7: 200, 8: 250, 9: 300}
FOUR_POINTS = {"J": 200, "9": 150}  # every other four of a kind: 100


@dataclass(frozen=True)
class Weis:
    """One meld: a sequence (``suit`` set) or four of a kind (``suit`` None)."""

    seat: int
    points: int
    cards: frozenset[tuple[int, int]]  # (suit, natural rank index)
    low: int  # natural index of the lowest card
    high: int  # natural index of the highest card
    suit: int | None

    @property
    def is_sequence(self) -> bool:
        return self.suit is not None


def _natural(card: Card) -> tuple[int, int]:
    return card.suit, NATURAL.index(card.rank)


def melds(seat: int, hand: Iterable[Card], rules: Callable[[str], Any]) -> list[Weis]:
    """Every Weis in one hand: each maximal run once (a run counts at full
    length: seven in a row is one Weis, not a four and a three), every four
    of a kind."""
    return list(_melds(seat, frozenset(_natural(c) for c in hand), bool(rules("weis_sequence_cap")),
                       bool(rules("weis_four_low_zero"))))


@lru_cache(maxsize=8192)
def _melds(seat: int, have: frozenset[tuple[int, int]], cap: bool, four_low_zero: bool) -> tuple[Weis, ...]:
    # cached: the hand analysis asks every mode of a deal for the same hands' Weis
    out = []
    for suit in range(4):
        run: list[int] = []
        for r in range(len(NATURAL) + 1):
            if r < len(NATURAL) and (suit, r) in have:
                run.append(r)
                continue
            if len(run) >= 3:
                pts = SEQUENCE_POINTS[len(run)]
                out.append(Weis(seat, min(pts, 100) if cap else pts,
                                frozenset((suit, x) for x in run), run[0], run[-1], suit))
            run = []
    for r, rank in enumerate(NATURAL):
        if all((s, r) in have for s in range(4)):
            pts = FOUR_POINTS.get(rank, 100)
            if rank in ("6", "7", "8") and four_low_zero:
                continue
            out.append(Weis(seat, pts, frozenset((s, r) for s in range(4)), r, r, None))
    return tuple(out)


WeisRank = Callable[[Weis], tuple[int, ...]]


def _without_kreuzweis(seat: int, hand: list[Card], rules: Callable[[str], Any],
                       rank: WeisRank) -> list[Weis]:
    """Without Kreuzweis each card counts once: the hand chooses which of
    its fours of a kind to write, and its other cards write their maximal
    runs (a card given to a four shortens its run or, from the middle,
    leaves two pieces, each a Weis if three long; a run is never split by
    choice, e.g. to pass the 100-point cap).  Of these choices the one
    worth most; between equal totals, the one whose best single Weis is
    the better (it decides whether the team writes at all)."""
    fours = [w for w in melds(seat, hand, rules) if not w.is_sequence]
    best: tuple[int, tuple[int, ...]] | None = None
    chosen: list[Weis] = []
    for mask in range(1 << len(fours)):  # at most two fours in nine cards
        kept = [f for i, f in enumerate(fours) if mask >> i & 1]
        used = frozenset().union(*(f.cards for f in kept))
        rest = [c for c in hand if _natural(c) not in used]
        choice = kept + [w for w in melds(seat, rest, rules) if w.is_sequence]
        if not choice:
            continue
        score = (sum(w.points for w in choice), max(rank(w) for w in choice))
        if best is None or score > best:
            best, chosen = score, choice
    return chosen


def hand_weis(seat: int, hand: Iterable[Card], rules: Callable[[str], Any],
              rank: WeisRank) -> list[Weis]:
    """The Weis one hand writes; ``rank``: the sort key of a single Weis
    (weis_rank), for the choice without Kreuzweis."""
    if rules("weis_kreuzweis"):
        return melds(seat, hand, rules)
    return _without_kreuzweis(seat, list(hand), rules, rank)


def weis_rank(w: Weis, pos: Position) -> tuple[int, int, int, int, int]:
    """Sort key of a single Weis: larger is better."""
    sequence_first = 0 if pos.rule("weis_four_beats_sequence") else 1
    kind = sequence_first if w.is_sequence else 1 - sequence_first
    top = -w.low if pos.contract == "undeufe" else w.high
    in_trump = 1 if (w.is_sequence and pos.trump is not None and w.suit == pos.trump) else 0
    order = -((w.seat - pos.leader) % pos.n_seats)
    return (w.points, kind, top, in_trump, order)


def jass_weis(pos: Position, *, multiplied: bool = True) -> tuple[list[int], list[int]]:
    """``(weis, stoeck)``, each ``[seats 0 and 2, seats 1 and 3]``, times the
    position's ``jass_multiplier`` unless ``multiplied`` is False."""
    mult = int(pos.rule("jass_multiplier")) if multiplied else 1
    def rank(w: Weis) -> tuple[int, ...]:
        return weis_rank(w, pos)

    all_weis = [w for seat, hand in enumerate(pos.deal) if hand is not None
                for w in hand_weis(seat, hand, pos.rule, rank)]
    weis = [0, 0]
    if all_weis:
        best = max(all_weis, key=rank)
        team = best.seat % 2
        weis[team] = mult * sum(w.points for w in all_weis if w.seat % 2 == team)
    stoeck = [0, 0]
    if pos.contract == "trump" and pos.trump is not None:
        for seat, hand in enumerate(pos.deal):
            if hand is not None:
                names = {str(c) for c in hand}
                letter = "CSHD"[pos.trump]
                if letter + "K" in names and letter + "Q" in names:
                    stoeck[seat % 2] += 20 * mult
    return weis, stoeck
