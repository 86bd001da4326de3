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
    """Every Weis in one hand (before the Kreuzweis choice)."""
    have = {_natural(c) for c in hand}
    cap = rules("weis_sequence_cap")
    out = []
    for suit in range(4):
        run: list[int] = []
        for r in range(len(NATURAL) + 1):
            if r < len(NATURAL) and (suit, r) in have:
                run.append(r)
                continue
            if len(run) >= 3:
                for lo in range(run[0], run[-1] - 1):  # every sub-run, for the no-Kreuzweis choice
                    for hi in range(lo + 2, run[-1] + 1):
                        pts = SEQUENCE_POINTS[hi - lo + 1]
                        out.append(Weis(seat, min(pts, 100) if cap else pts,
                                        frozenset((suit, x) for x in range(lo, hi + 1)),
                                        lo, hi, suit))
            run = []
    for r, rank in enumerate(NATURAL):
        if all((s, r) in have for s in range(4)):
            pts = FOUR_POINTS.get(rank, 100)
            if rank in ("6", "7", "8") and rules("weis_four_low_zero"):
                continue
            out.append(Weis(seat, pts, frozenset((s, r) for s in range(4)), r, r, None))
    return out


def _maximal(ms: list[Weis]) -> list[Weis]:
    """With Kreuzweis: each maximal sequence once, every four of a kind."""
    seqs = [m for m in ms if m.is_sequence]
    keep = [m for m in seqs if not any(o is not m and o.suit == m.suit and m.cards < o.cards for o in seqs)]
    return keep + [m for m in ms if not m.is_sequence]


def _best_disjoint(ms: list[Weis]) -> list[Weis]:
    """Without Kreuzweis: the disjoint selection worth most."""
    best: tuple[int, list[Weis]] = (0, [])

    def go(i: int, used: frozenset[tuple[int, int]], chosen: list[Weis], pts: int) -> None:
        nonlocal best
        if pts > best[0]:
            best = (pts, list(chosen))
        for j in range(i, len(ms)):
            if not (ms[j].cards & used):
                chosen.append(ms[j])
                go(j + 1, used | ms[j].cards, chosen, pts + ms[j].points)
                chosen.pop()

    go(0, frozenset(), [], 0)
    return best[1]


def hand_weis(seat: int, hand: Iterable[Card], rules: Callable[[str], Any]) -> list[Weis]:
    ms = melds(seat, hand, rules)
    return _maximal(ms) if rules("weis_kreuzweis") else _best_disjoint(ms)


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
    all_weis = [w for seat, hand in enumerate(pos.deal) if hand is not None
                for w in hand_weis(seat, hand, pos.rule)]
    weis = [0, 0]
    if all_weis:
        best = max(all_weis, key=lambda w: weis_rank(w, pos))
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
