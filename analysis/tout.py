"""Guaranteed Tout (and points targets) over the declarer's information.

The question
------------
A Tout is *guaranteed* when the declarer has one way of playing -- every
card chosen from what he has seen: his hand, the cards played, the voids
shown -- that wins every trick against every distribution of the unseen
cards and every defence.  The same question for a points target asks for
one such way of playing that takes at least that many card points.  This
is not double dummy (the declarer does not see the other hands) and not a
sample: it is an exact search over the declarer's information.

The model, and why it is exact
------------------------------
The defenders are modelled as **one adversary that holds no cards**: when a
defender is to play, the adversary picks any unseen card for him, subject to
the constraint that the whole sequence of plays so far is *realizable*, i.e.
some distribution of the unseen cards (given hand sizes) makes every play of
the sequence legal.  In these contracts the only rule of play is "follow the
led class if you can", so a sequence is realizable iff there is an
assignment of the still unseen cards with

* each defender receiving exactly as many cards as he still holds, and
* no defender receiving a card of a class he failed to follow earlier
  (he had none then, and hands only shrink; a card he played later of
  that class is likewise impossible and is never offered).

Both are checked by Hall's condition on the transportation problem "unseen
cards by class -> defenders with capacities": for every set T of defenders,
the unseen cards of classes that every defender outside T is void in must
fit into the capacities of T (:meth:`_Search._feasible`).

Exactness.  Fix a declarer plan (a function of what he observes).  Any real
distribution with any legal defence produces a realizable sequence, so the
adversary can produce it too; conversely, every sequence the adversary
produces is realizable by some distribution, and the defence in that
distribution that plays exactly those cards is legal.  So a plan beats every
(distribution, defence) iff it beats every adversary sequence.  Every
realizable prefix extends to a complete realizable sequence (keep playing
legally in a distribution realizing it), so the adversary never gets stuck.
The tree of realizable sequences has exactly the declarer's information
sets as its declarer nodes (every card played is seen by everyone, the
declarer's own hand is fixed), hence it is a game of perfect information
between declarer and adversary: the AND-OR search over it decides the
existence of a plan exactly, without strategy fusion, and its minimax value
for points is the declarer's guaranteed value.

Symmetries and reductions
-------------------------
* Transpositions are keyed at trick starts on a canonical form: per class
  the sequence of remaining cards by owner (declarer or unseen) -- for a
  Tout as run lengths, since only declarer-versus-defender comparisons
  matter there, for points with each card's points -- and which defenders
  are void in it.  Plain suits with the same ranks and points are
  interchangeable, so their descriptions are sorted.
* **Tout**: unseen cards of one class with no declarer card between them
  are interchangeable (the relative order of two defender cards never
  matters: any defender card beating the declarer's loses the Tout).
* **Tout dominance**: once the declarer's card is on the table, a defender
  who does not beat it plays the *lowest* unseen card of the class he plays
  (following, or discarding from a suit).  Lemma: if pool P' dominates P
  (a class-preserving bijection mapping each card to one at least as
  high), the adversary wins from P' whenever it wins from P -- it mimics
  every play with the image card, which beats at least what the original
  beats, and feasibility depends only on class counts.  Removing the lowest
  card leaves a pool dominating the one left by removing any other card of
  that class.  The declarer follows the same plan against a higher
  non-beating card as against the lowest one (he pretends the lowest is
  still out): every later card he meets is no higher than the one the plan
  was proved against, so plans are keyed on (seat, follows or discards,
  class) only.  This lemma is false for points (a higher card may have to
  give up more points), so the points search enumerates every card, with
  only exactly equivalent cards merged.
* **Claim**: on lead, with every declarer trump above every unseen trump
  and at least as many of them as one defender can hold, and every plain
  card above the unseen cards of its suit, trumps from the top then the
  rest win every trick.
"""
from __future__ import annotations

import json
import math
import random
from dataclasses import dataclass, field
from typing import Any, Iterator, Sequence

from solver import Position, PositionError, Solver
from solver.cards import SUIT_NAMES, Card, cards_of
from solver.contracts import TOUT_CONTRACTS, TRUMP, ContractTable
from solver.deals import position_json

from .errors import InputError

N_CLASSES = 5
DEFENDERS = (1, 2, 3)  # seats relative to the declarer
_SUBSETS = tuple(range(7))  # proper subsets of the three defenders, as bit sets
DEFAULT_MAX_NODES = 3_000_000


class SearchLimit(InputError):
    """The search visited more positions than its budget allows."""


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


# ---------------------------------------------------------------------------
# What the declarer knows
@dataclass(frozen=True)
class InfoState:
    """The declarer's view of a hand in progress.

    ``hand``/``unseen`` are card masks (``unseen``: neither in his hand nor
    played); ``sizes`` and ``voids`` are per seat (``voids[s]`` has bit k
    when seat s failed to follow class k); ``trick`` holds the cards of the
    current trick; ``points``/``tricks_won``/``tricks_lost`` count the
    declarer's completed tricks.
    """

    position: Position
    hand: int
    unseen: int
    sizes: tuple[int, ...]
    voids: tuple[int, ...]
    leader: int
    trick: tuple[int, ...]
    points: int
    tricks_won: int
    tricks_lost: int
    played: tuple[tuple[int, int], ...]  # (seat, card) in order

    @property
    def table(self) -> ContractTable:
        return self.position.table

    @property
    def declarer(self) -> int:
        return self.position.declarer

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % 4


def _check_contract(pos: Position) -> None:
    if pos.game != "schafkopf" or pos.contract not in TOUT_CONTRACTS:
        raise InputError("guaranteed play is analysed for the Schafkopf solo contracts "
                         f"({', '.join(TOUT_CONTRACTS)}), not {pos.game} {pos.contract}")


def info_state(pos: Position) -> InfoState:
    """The declarer's information in ``pos`` (the other hands may be hidden).

    Only the declarer's hand and the cards played are used; raises
    :class:`InputError` when the play cannot happen in any distribution.
    """
    _check_contract(pos)
    table = pos.table
    d = pos.declarer
    dealt = pos.deal[d]
    if dealt is None:
        raise InputError("the declarer's hand must be given")
    deck = _deck_mask(pos)
    hand = sum(1 << c.index for c in dealt)
    unseen = deck & ~hand
    n = len(dealt)
    sizes = [n] * 4
    voids = [0] * 4
    leader, trick = pos.leader, []
    points = won = lost = 0
    played = []
    cm = _class_masks(table)
    for i, c in enumerate(pos.play):
        seat = (leader + len(trick)) % 4
        bit = 1 << c.index
        k = table.follow_class[c.index]
        led = table.follow_class[trick[0]] if trick else None
        if seat == d:
            if not hand & bit:
                raise InputError(f"play[{i}]: the declarer (seat {d}) does not hold {c}")
            if led is not None and k != led and hand & cm[led]:
                raise InputError(f"play[{i}]: the declarer must follow with {c} led")
            hand &= ~bit
        else:
            if not unseen & bit:
                raise InputError(f"play[{i}]: {c} cannot be played by seat {seat} "
                                 "(the declarer holds it or it was played)")
            if voids[seat] >> k & 1:
                raise InputError(f"play[{i}]: seat {seat} showed out of that suit before and cannot hold {c}")
            if led is not None and k != led:
                voids[seat] |= 1 << led
            unseen &= ~bit
        sizes[seat] -= 1
        trick.append(c.index)
        played.append((seat, c.index))
        if not _hall(unseen, [voids[(d + r) % 4] for r in (1, 2, 3)],
                     [sizes[(d + r) % 4] for r in (1, 2, 3)], cm):
            raise InputError(f"play[{i}]: no distribution of the unseen cards allows this play "
                             f"(voids shown by seats {[s for s in range(4) if voids[s]]})")
        if len(trick) == 4:
            off = _winner_offset(table, trick)
            winner = (leader + off) % 4
            if winner == d:
                won += 1
                points += sum(table.points[x] for x in trick)
            else:
                lost += 1
            leader, trick = winner, []
    return InfoState(pos, hand, unseen, tuple(sizes), tuple(voids), leader, tuple(trick),
                     points, won, lost, tuple(played))


def _deck_mask(pos: Position) -> int:
    from solver.deals import deck
    return sum(1 << c.index for c in deck("schafkopf", 4, short=pos.hand_size == 6))


def _class_masks(table: ContractTable) -> list[int]:
    out = [0] * N_CLASSES
    for i, k in enumerate(table.follow_class):
        if table.strength[i]:
            out[k] |= 1 << i
    return out


def _winner_offset(table: ContractTable, cards: Sequence[int]) -> int:
    best = 0
    for i in range(1, len(cards)):
        a, b = cards[i], cards[best]
        ka, kb = table.follow_class[a], table.follow_class[b]
        if (ka == kb and table.strength[a] > table.strength[b]) or (ka == TRUMP and kb != TRUMP):
            best = i
    return best


def _hall(unseen: int, voids: Sequence[int], sizes: Sequence[int], class_masks: Sequence[int]) -> bool:
    """Whether the unseen cards can be dealt to the defenders (sizes, voids)."""
    counts = [(unseen & m).bit_count() for m in class_masks]
    accept = [sum(1 << i for i in range(3) if not voids[i] >> k & 1) for k in range(N_CLASSES)]
    for t in _SUBSETS:
        must = sum(counts[k] for k in range(N_CLASSES) if counts[k] and accept[k] & ~t == 0)
        if must > sum(sizes[i] for i in range(3) if t >> i & 1):
            return False
    return True


# ---------------------------------------------------------------------------
# Results
@dataclass(frozen=True)
class DefencePlay:
    """One defender card in a plan, as the plan distinguishes it.

    ``kind``: ``"follows"`` / ``"discards"`` (Tout: any card of ``suit``
    that does not beat the declarer's), or ``"plays"`` with the exact group
    of interchangeable ``cards``.
    """

    seat: int
    kind: str
    suit: str
    cards: tuple[str, ...] = ()

    def key(self) -> tuple:
        return (self.seat, self.kind, self.suit, self.cards[:1])

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.seat, self.kind: self.suit}
        if self.cards:
            out["cards"] = list(self.cards)
        return out

    def describe(self) -> str:
        if self.kind == "follows":
            return f"seat {self.seat} follows {self.suit}"
        if self.kind == "discards":
            return f"seat {self.seat} shows out, discards {self.suit}"
        return f"seat {self.seat} plays {' / '.join(self.cards)}"


@dataclass
class PlanNode:
    """A point of the plan.

    ``play`` is the declarer's card here (None where defenders move first);
    ``answers`` maps each defence (the defender cards until the declarer's
    next decision) to the continuation.  ``end`` marks a leaf: ``"claim"``
    (trumps from the top, then the rest), ``"reached"`` (the target is in,
    any card) or ``"done"`` (no cards left).
    """

    play: str | None = None
    answers: list[tuple[tuple[DefencePlay, ...], "PlanNode"]] = field(default_factory=list)
    end: str | None = None

    def signature(self) -> str:
        return json.dumps(self.to_json(), sort_keys=True)

    def to_json(self) -> dict[str, Any]:
        if self.end is not None:
            return {"end": self.end}
        out: dict[str, Any] = {}
        if self.play is not None:
            out["play"] = self.play
        groups: dict[str, tuple[dict, list]] = {}
        for defence, nxt in self.answers:
            sub = nxt.to_json()
            sig = json.dumps(sub, sort_keys=True)
            groups.setdefault(sig, (sub, []))[1].append([p.to_json() for p in defence])
        out["answers"] = [{"defences": ds, "next": sub} for sub, ds in groups.values()]
        return out

    def count_nodes(self) -> int:
        return 1 + sum(n.count_nodes() for _, n in self.answers)


@dataclass(frozen=True)
class Refutation:
    """Why nothing is guaranteed: one line of best play for both sides.

    ``line`` is the plays (seat, card) from the start; ``deal`` a
    distribution consistent with them (one hand string per seat);
    ``sure`` what the declarer can be sure of (Tout: tricks won before the
    first loss; points: his guaranteed points); ``alternatives`` (Tout) the
    declarer's other cards at the lost trick, each with a defence and a
    distribution that beat it.
    """

    sure: int
    line: tuple[tuple[int, str], ...]
    deal: tuple[str, ...]
    alternatives: tuple[dict[str, Any], ...] = ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"sure": self.sure, "line": [[s, c] for s, c in self.line],
                               "deal": list(self.deal)}
        if self.alternatives:
            out["alternatives"] = list(self.alternatives)
        return out


@dataclass(frozen=True)
class Guarantee:
    """The answer of :func:`guarantee`."""

    question: str  # "tout" or "points"
    target: int  # tricks (Tout: all of them) or card points, counting completed tricks
    guaranteed: bool
    plan: PlanNode | None
    refutation: Refutation | None
    nodes: int
    info: InfoState

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"question": self.question, "target": self.target,
                               "guaranteed": self.guaranteed}
        if self.plan is not None:
            out["plan"] = self.plan.to_json()
        if self.refutation is not None:
            out["refutation"] = self.refutation.to_json()
        out["nodes"] = self.nodes
        return out


# ---------------------------------------------------------------------------
# The search
class _Search:
    """AND-OR search over the declarer's information (see the module docstring).

    Cards live in per-class rank masks: bit j of ``hand[k]`` is the j-th
    weakest card of class k.  Seats are relative to the declarer (0), the
    defenders are 1..3 (index 0..2 in ``voids``/``sizes``).  The state is
    mutated while searching and restored on the way back.
    """

    def __init__(self, info: InfoState, tout: bool, max_nodes: int) -> None:
        table = info.table
        deck = info.hand | info.unseen | sum(1 << c for _, c in info.played)
        self.info = info
        self.table = table
        self.tout = tout
        self.max_nodes = max_nodes
        self.nodes = 0
        self.memo: dict[tuple, Any] = {}
        self._pattern_cache: dict[tuple[int, int, int], tuple] = {}
        # rank layout: cards[k][j] = card index, weakest first
        self.cards = [[c for c in reversed(table.ordered(k)) if deck >> c & 1] for k in range(N_CLASSES)]
        self.rank = {}
        for k, cs in enumerate(self.cards):
            for j, c in enumerate(cs):
                self.rank[c] = (k, j)
        self.pts = [[table.points[c] for c in cs] for cs in self.cards]
        sig_ids: dict[tuple, int] = {}
        self.signature = [sig_ids.setdefault(tuple(p), len(sig_ids)) for p in self.pts[:4]]
        d = info.declarer
        self.hand = self._split(info.hand)
        self.pool = self._split(info.unseen)
        self.voids = [info.voids[(d + r) % 4] for r in DEFENDERS]
        self.sizes = [info.sizes[(d + r) % 4] for r in DEFENDERS]
        self.leader = (info.leader - d) % 4
        self.trick: list[tuple[int, int, int]] = [((s - d) % 4,) + self.rank[c] for s, c in
                                                   info.played[len(info.played) - len(info.trick):]]

    def _split(self, mask: int) -> list[int]:
        out = [0] * N_CLASSES
        for c in _bits(mask):
            k, j = self.rank[c]
            out[k] |= 1 << j
        return out

    def card(self, k: int, j: int) -> int:
        return self.cards[k][j]

    # -- facts ---------------------------------------------------------------
    def _feasible(self) -> bool:
        counts = [m.bit_count() for m in self.pool]
        v0, v1, v2 = self.voids
        s0, s1, s2 = self.sizes
        caps = (0, s0, s1, s0 + s1, s2, s0 + s2, s1 + s2)
        must = [0] * 7
        for k in range(N_CLASSES):
            n = counts[k]
            if not n:
                continue
            acc = (not v0 >> k & 1) | (not v1 >> k & 1) << 1 | (not v2 >> k & 1) << 2
            for t in _SUBSETS:
                if acc & ~t == 0:
                    must[t] += n
        return all(must[t] <= caps[t] for t in _SUBSETS)

    def _remaining_points(self) -> int:
        total = 0
        for k in range(N_CLASSES):
            for j in _bits(self.hand[k] | self.pool[k]):
                total += self.pts[k][j]
        return total

    def _trick_result(self) -> tuple[int, int]:
        """(winner seat, points) of the complete trick on the table."""
        best = 0
        for i in range(1, 4):
            _, k, j = self.trick[i]
            _, bk, bj = self.trick[best]
            if (k == bk and j > bj) or (k == TRUMP and bk != TRUMP):
                best = i
        return self.trick[best][0], sum(self.pts[k][j] for _, k, j in self.trick)

    def _best_on_table(self) -> tuple[int, int, int] | None:
        if not self.trick:
            return None
        best = self.trick[0]
        for t in self.trick[1:]:
            if (t[1] == best[1] and t[2] > best[2]) or (t[1] == TRUMP and best[1] != TRUMP):
                best = t
        return best

    def _claim(self) -> bool:
        """Tout, declarer on lead: trumps from the top, then the rest, cannot fail."""
        h, p = self.hand, self.pool
        u = p[TRUMP].bit_count()
        if u:
            own = h[TRUMP]
            if not own or own & -own < 1 << (p[TRUMP].bit_length() - 1):
                return False
            if own.bit_count() < min(u, self.sizes[0]):
                return False
        for k in range(4):
            if h[k] and p[k] and (h[k] & -h[k]) < 1 << (p[k].bit_length() - 1):
                return False
        return True

    # -- canonical keys --------------------------------------------------------
    def _pattern(self, k: int) -> tuple:
        hk, pk = self.hand[k], self.pool[k]
        ck = (k, hk, pk)
        got = self._pattern_cache.get(ck)
        if got is not None:
            return got
        out: list[int] = []
        present = hk | pk
        j = present.bit_length() - 1
        while j >= 0:
            b = 1 << j
            if present & b:
                if self.tout:
                    owner = 1 if hk & b else -1
                    if out and (out[-1] > 0) == (owner > 0):
                        out[-1] += owner
                    else:
                        out.append(owner)
                else:
                    out.append((1 if hk & b else -1) * (self.pts[k][j] + 1))
            j -= 1
        got = tuple(out)
        self._pattern_cache[ck] = got
        return got

    def _key(self) -> tuple:
        v0, v1, v2 = self.voids
        parts = []
        for k in range(N_CLASSES):
            vb = 0
            if self.pool[k]:
                vb = (v0 >> k & 1) | (v1 >> k & 1) << 1 | (v2 >> k & 1) << 2
            parts.append((self._pattern(k), vb))
        plain = tuple(sorted((self.signature[k], parts[k]) for k in range(4)))
        return (parts[TRUMP], plain, self.leader)

    # -- move generation -----------------------------------------------------
    def _runs(self, k: int, own: int, others: int, by_points: bool) -> list[tuple[int, int]]:
        """Runs of ``own`` cards of class k with none of ``others`` between
        (and, ``by_points``, equal points): (top rank, members), top first."""
        present = own | others
        runs: list[list[int]] = []
        current = None
        j = present.bit_length() - 1
        while j >= 0:
            b = 1 << j
            if present & b:
                if own & b:
                    if current is not None and (not by_points or self.pts[k][j] == self.pts[k][current[0]]):
                        current[1] |= b
                    else:
                        current = [j, b]
                        runs.append(current)
                else:
                    current = None
            j -= 1
        return [(r[0], r[1]) for r in runs]

    def _trick_class_mask(self, k: int) -> int:
        m = 0
        for _, tk, tj in self.trick:
            if tk == k:
                m |= 1 << tj
        return m

    def _declarer_moves(self) -> list[tuple[int, int]]:
        h = self.hand
        if self.trick:
            led = self.trick[0][1]
            classes = [led] if h[led] else range(N_CLASSES)
        else:
            classes = range(N_CLASSES)
        best = self._best_on_table()
        moves = []
        for k in classes:
            if not h[k]:
                continue
            others = self.pool[k] | self._trick_class_mask(k)
            for top, _ in self._runs(k, h[k], others, not self.tout):
                if self.tout and best is not None and not _beats(k, top, best[1], best[2]):
                    continue  # a Tout needs every trick
                moves.append((k, top))
        if self.tout:
            # lead trumps from the top, then cards nobody can beat, then the rest
            def order(m):
                k, j = m
                return (k != TRUMP, bool(self.pool[k] >> (j + 1)), -j)
            moves.sort(key=order)
        else:
            moves.sort(key=lambda m: self._declarer_order(m, best))
        return moves

    def _declarer_order(self, m: tuple[int, int], best) -> tuple:
        k, j = m
        if best is None:
            return (k != TRUMP, -j)
        wins = _beats(k, j, best[1], best[2])
        return (not wins, j if wins else self.pts[k][j], j)

    def _defender_moves(self, rel: int) -> list[tuple[int, int, int]]:
        """Adversary cards for defender ``rel``: (class, rank, void bit to add),
        each leaving the play realizable."""
        i = rel - 1
        v = self.voids[i]
        pool = self.pool
        led = self.trick[0][1] if self.trick else None
        options: list[tuple[int, int, int]] = []  # (class, members, void bit)
        for k in range(N_CLASSES):
            if not pool[k] or v >> k & 1:
                continue
            if led is None or k == led:
                options.append((k, pool[k], 0))
            else:
                options.append((k, pool[k], 1 << led))
        if self.tout and any(t[0] == 0 for t in self.trick):
            return self._dominant_moves(i, options)
        out = []
        for k, members, vbit in options:
            if self.tout:
                runs = self._runs(k, members, self.hand[k], False)
            else:
                runs = self._runs(k, members, self.hand[k] | self._trick_class_mask(k), True)
            for top, _ in runs:
                if self._try(i, k, top, vbit):
                    out.append((k, top, vbit))
        if not self.tout:
            best = self._best_on_table()
            out.sort(key=lambda m: self._defender_order(m, best))
        return out

    def _defender_order(self, m, best) -> tuple:
        k, j, _ = m
        if best is None:
            return (k == TRUMP, -self.pts[k][j], -j)
        wins = _beats(k, j, best[1], best[2])
        if best[0] == 0 or not wins:
            # take the declarer's trick if possible, else give him little
            return (not wins, self.pts[k][j] if not wins else -self.pts[k][j], j)
        return (False, -self.pts[k][j], j)

    def _dominant_moves(self, i: int, options) -> list[tuple[int, int, int]] | None:
        """Tout, declarer's card on the table: None if defender i can beat it,
        else the lowest card of each class he may play (see the docstring)."""
        _, dk, dj = next(t for t in self.trick if t[0] == 0)
        out = []
        for k, members, vbit in options:
            if k == dk:
                beaters = members & ~((1 << (dj + 1)) - 1)
            elif k == TRUMP:
                beaters = members
            else:
                beaters = 0
            if beaters and self._try(i, k, beaters.bit_length() - 1, vbit):
                return None
            rest = members & ~beaters
            if rest:
                low = (rest & -rest).bit_length() - 1
                if self._try(i, k, low, vbit):
                    out.append((k, low, vbit))
        return out

    def _try(self, i: int, k: int, j: int, vbit: int) -> bool:
        """Whether defender i may play card (k, j) (adding void bit) realizably."""
        b = 1 << j
        self.pool[k] ^= b
        self.sizes[i] -= 1
        old = self.voids[i]
        self.voids[i] = old | vbit
        ok = self._feasible()
        self.voids[i] = old
        self.sizes[i] += 1
        self.pool[k] ^= b
        return ok

    # -- playing ---------------------------------------------------------------
    def _play(self, rel: int, k: int, j: int, vbit: int = 0):
        b = 1 << j
        if rel == 0:
            self.hand[k] ^= b
            undo = None
        else:
            i = rel - 1
            self.pool[k] ^= b
            self.sizes[i] -= 1
            undo = self.voids[i]
            self.voids[i] |= vbit
        self.trick.append((rel, k, j))
        return undo

    def _unplay(self, undo) -> None:
        rel, k, j = self.trick.pop()
        b = 1 << j
        if rel == 0:
            self.hand[k] ^= b
        else:
            i = rel - 1
            self.pool[k] ^= b
            self.sizes[i] += 1
            self.voids[i] = undo

    def _mover(self) -> int:
        return (self.leader + len(self.trick)) % 4

    # -- the AND-OR search -------------------------------------------------------
    def reaches(self, need: int) -> bool:
        """From the current state: can the declarer be sure of the rest
        (Tout: every trick; points: ``need`` more card points)?"""
        if len(self.trick) == 4:
            return self._finish(need)
        if not self.trick:
            return self._trick_start(need)
        if self._mover() == 0:
            return self._declarer_node(need)
        return self._defender_node(need)

    def _trick_start(self, need: int) -> bool:
        if self.tout:
            if not any(self.hand):
                return True
        else:
            if need <= 0:
                return True
            if self._remaining_points() < need:
                return False
        key = self._key()
        hit = self.memo.get(key)
        if self.tout:
            if hit is not None:
                return hit
        elif hit is not None:
            lo, hi = hit
            if need <= lo:
                return True
            if need >= hi:
                return False
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise SearchLimit(f"the search visited more than {self.max_nodes} positions; "
                              "raise --max-nodes")
        if self.tout and self.leader == 0 and self._claim():
            ok = True
        elif self._mover() == 0:
            ok = self._declarer_node(need)
        else:
            ok = self._defender_node(need)
        if self.tout:
            self.memo[key] = ok
        else:
            lo, hi = self.memo.get(key, (0, 1 << 30))
            self.memo[key] = (max(lo, need), hi) if ok else (lo, min(hi, need))
        return ok

    def _declarer_node(self, need: int) -> bool:
        for k, j in self._declarer_moves():
            self._play(0, k, j)
            ok = self.reaches(need)
            self._unplay(None)
            if ok:
                return True
        return False

    def _defender_node(self, need: int) -> bool:
        moves = self._defender_moves(self._mover())
        if moves is None:
            return False  # a Tout trick the defenders can take
        rel = self._mover()
        for k, j, vbit in moves:
            undo = self._play(rel, k, j, vbit)
            ok = self.reaches(need)
            self._unplay(undo)
            if not ok:
                return False
        return True

    def _finish(self, need: int) -> bool:
        winner, gained = self._trick_result()
        if self.tout and winner != 0:
            return False
        saved_trick, saved_leader = self.trick, self.leader
        self.trick, self.leader = [], winner
        ok = self._trick_start(need - gained if winner == 0 else need)
        self.trick, self.leader = saved_trick, saved_leader
        return ok

    # -- guaranteed value ------------------------------------------------------
    def best_points(self, upper: int) -> int:
        """The most points the declarer can be sure of from here (0..upper)."""
        lo, hi = 0, upper
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.reaches(mid):
                lo = mid
            else:
                hi = mid - 1
        return lo

    def survival(self) -> int:
        """Tout: tricks the declarer is sure to win before the first loss."""
        self._surv_memo: dict[tuple, int] = {}
        return self._survive()

    def _survive(self) -> int:
        if len(self.trick) == 4:
            winner, _ = self._trick_result()
            if winner != 0:
                return 0
            saved = self.trick, self.leader
            self.trick, self.leader = [], 0
            v = 1 + self._survive()
            self.trick, self.leader = saved
            return v
        if not self.trick:
            if not any(self.hand):
                return 0
            key = self._key()
            hit = self._surv_memo.get(key)
            if hit is not None:
                return hit
            self.nodes += 1
            if self.nodes > self.max_nodes:
                raise SearchLimit(f"the search visited more than {self.max_nodes} positions; "
                                  "raise --max-nodes")
            if self.leader == 0 and self._claim():
                v = sum(h.bit_count() for h in self.hand)
            else:
                v = self._survive_move()
            self._surv_memo[key] = v
            return v
        return self._survive_move()

    def _survive_move(self) -> int:
        left = sum(h.bit_count() for h in self.hand) + (1 if any(t[0] == 0 for t in self.trick) else 0)
        if self._mover() == 0:
            best = 0
            for k, j in self._declarer_moves():
                self._play(0, k, j)
                v = self._survive()
                self._unplay(None)
                if v > best:
                    best = v
                    if best >= left:
                        break
            return best
        moves = self._defender_moves(self._mover())
        if moves is None:
            return 0
        rel = self._mover()
        worst = left
        for k, j, vbit in moves:
            undo = self._play(rel, k, j, vbit)
            v = self._survive()
            self._unplay(undo)
            if v < worst:
                worst = v
                if worst == 0:
                    break
        return worst


def _beats(k: int, j: int, bk: int, bj: int) -> bool:
    """Card (k, j) played after the best card (bk, bj) takes the trick."""
    return (k == bk and j > bj) or (k == TRUMP and bk != TRUMP)


# ---------------------------------------------------------------------------
# Plans, refutations and concrete distributions
class _Explainer(_Search):
    """The search plus what is built from its answers: plans, lines, deals."""

    def class_name(self, k: int) -> str:
        return "trump" if k == TRUMP else SUIT_NAMES[self.table.deck][k]

    def card_name(self, k: int, j: int) -> str:
        return str(Card(self.cards[k][j], self.table.deck))

    def seat(self, rel: int) -> int:
        return (self.info.declarer + rel) % 4

    def defence_play(self, rel: int, k: int, j: int) -> DefencePlay:
        """How the plan tells this defender card apart (before it is played)."""
        led = self.trick[0][1] if self.trick else None
        if self.tout and any(t[0] == 0 for t in self.trick):
            return DefencePlay(self.seat(rel), "follows" if k == led else "discards", self.class_name(k))
        if self.tout:
            runs = self._runs(k, self.pool[k], self.hand[k], False)
        else:
            runs = self._runs(k, self.pool[k], self.hand[k] | self._trick_class_mask(k), True)
        members = next(m for _, m in runs if m >> j & 1)
        names = tuple(self.card_name(k, x) for x in sorted(_bits(members), reverse=True))
        return DefencePlay(self.seat(rel), "plays", self.class_name(k), names)

    def _terminal(self, need: int) -> str | None:
        if self.trick:
            return None
        if not any(self.hand):
            return "done"
        if self.tout:
            return "claim" if self.leader == 0 and self._claim() else None
        return "reached" if need <= 0 else None

    def plan(self, need: int) -> PlanNode:
        """The plan from a winning state (the declarer to decide, or defenders to move)."""
        end = self._terminal(need)
        if end is not None:
            return PlanNode(end=end)
        if self._mover() != 0:
            return PlanNode(answers=self._answers(need))
        for k, j in self._declarer_moves():
            self._play(0, k, j)
            if self.reaches(need):
                node = PlanNode(play=self.card_name(k, j), answers=self._answers(need))
                self._unplay(None)
                return node
            self._unplay(None)
        raise AssertionError("plan() called on a losing state")

    def _answers(self, need: int) -> list[tuple[tuple[DefencePlay, ...], PlanNode]]:
        out: list[tuple[tuple[DefencePlay, ...], PlanNode]] = []
        self._collect([], need, out)
        return out

    def _collect(self, prefix: list[DefencePlay], need: int, out) -> None:
        if len(self.trick) == 4:
            winner, gained = self._trick_result()
            saved = self.trick, self.leader
            self.trick, self.leader = [], winner
            self._collect(prefix, need - gained if winner == 0 else need, out)
            self.trick, self.leader = saved
            return
        if self._terminal(need) is not None or self._mover() == 0:
            out.append((tuple(prefix), self.plan(need)))
            return
        rel = self._mover()
        for k, j, vbit in self._defender_moves(rel):
            prefix.append(self.defence_play(rel, k, j))
            undo = self._play(rel, k, j, vbit)
            self._collect(prefix, need, out)
            self._unplay(undo)
            prefix.pop()

    # -- lines of best play --------------------------------------------------------
    def _advance_trick(self, need: int) -> int:
        """Close a complete trick; returns the need after it."""
        winner, gained = self._trick_result()
        self.trick, self.leader = [], winner
        return need - gained if winner == 0 else need

    def tout_refutation(self) -> Refutation:
        """The declarer's longest sure run and the defence that ends it.

        Declarer cards maximise, defender cards minimise the number of tricks
        won before the first loss; at the declarer's last decision every
        alternative is shown beaten too.  Mutates the state (use once)."""
        sure = self.survival()
        line: list[tuple[int, int, int, int]] = []  # (rel, class, rank, void bit)
        alternatives: list[dict[str, Any]] = []
        while True:
            if len(self.trick) == 4:
                if self._trick_result()[0] != 0:
                    break
                self._advance_trick(0)
                continue
            rel = self._mover()
            if rel == 0:
                scored = []
                for k, j in self._declarer_moves():
                    self._play(0, k, j)
                    scored.append((self._survive(), k, j))
                    self._unplay(None)
                if not scored:  # no card of his takes the trick on the table
                    break
                best = max(v for v, _, _ in scored)
                _, k, j = next(m for m in scored if m[0] == best)
                if best == 0:
                    alternatives = [self._alternative(line, k2, j2) for _, k2, j2 in scored
                                    if (k2, j2) != (k, j)]
                self._play(0, k, j)
                line.append((0, k, j, 0))
            else:
                move = self._tout_defence(rel)
                self._play(rel, *move)
                line.append((rel,) + move)
                if self._beaten():
                    break
        return Refutation(sure, self._line_names(line), self._deal_for(line), tuple(alternatives))

    def _tout_defence(self, rel: int) -> tuple[int, int, int]:
        """The defender card that shortens the declarer's run most."""
        if self._dominant_or_none(rel) is None:
            return self._killing_card(rel)
        best = None
        for move in self._defender_moves(rel):
            undo = self._play(rel, *move)
            v = self._survive()
            self._unplay(undo)
            if best is None or v < best[0]:
                best = (v, move)
        return best[1]

    def _dominant_or_none(self, rel: int):
        if any(t[0] == 0 for t in self.trick):
            return self._defender_moves(rel)
        return ()

    def _killing_card(self, rel: int) -> tuple[int, int, int]:
        """Tout, declarer's card on the table: a card by which defender ``rel`` beats it."""
        i = rel - 1
        led = self.trick[0][1]
        _, dk, dj = next(t for t in self.trick if t[0] == 0)
        for k in range(N_CLASSES):
            if self.voids[i] >> k & 1:
                continue
            vbit = 0 if k == led else 1 << led
            for j in sorted(_bits(self.pool[k]), reverse=True):
                if _beats(k, j, dk, dj) and self._try(i, k, j, vbit):
                    return k, j, vbit
        raise AssertionError("no defender card beats the declarer's")

    def _alternative(self, line, k: int, j: int) -> dict[str, Any]:
        """A defence and a distribution that beat the declarer's card (k, j) in this trick."""
        played = [(0, k, j, 0)]
        undos = [self._play(0, k, j)]
        while len(self.trick) < 4 and self._mover() != 0:
            rel = self._mover()
            move = self._tout_defence(rel)
            undos.append(self._play(rel, *move))
            played.append((rel,) + move)
            if self._beaten():
                break
        deal = self._deal_for(line + played)
        for u in reversed(undos):
            self._unplay(u)
        names = self._line_names(played)[len(self.info.played):]
        return {"declarer": names[0][1], "defence": [list(p) for p in names[1:]], "deal": list(deal)}

    def _beaten(self) -> bool:
        """Whether the declarer has played to this trick and a defender card beats his."""
        if not any(t[0] == 0 for t in self.trick):
            return False
        return self._best_on_table()[0] != 0

    def points_refutation(self) -> Refutation:
        """A line where best defence holds the declarer to his guaranteed points.

        Declarer cards keep the guaranteed value, defender cards keep him from
        one point more; the line ends with exactly that value.  Mutates the
        state (use once)."""
        value = self.best_points(self._remaining_points())
        need = value
        line: list[tuple[int, int, int, int]] = []
        while any(self.hand) or self.trick:
            if len(self.trick) == 4:
                need = self._advance_trick(need)
                continue
            rel = self._mover()
            if rel == 0:
                for k, j in self._declarer_moves():
                    self._play(0, k, j)
                    if self.reaches(need):
                        break
                    self._unplay(None)
                line.append((0, k, j, 0))
            else:
                for move in self._defender_moves(rel):
                    undo = self._play(rel, *move)
                    if not self.reaches(need + 1):
                        break
                    self._unplay(undo)
                line.append((rel,) + move)
        return Refutation(self.info.points + value, self._line_names(line), self._deal_for(line))

    def _line_names(self, line) -> tuple[tuple[int, str], ...]:
        prefix = tuple((s, str(Card(c, self.table.deck))) for s, c in self.info.played)
        return prefix + tuple((self.seat(rel), self.card_name(k, j)) for rel, k, j, _ in line)

    def _deal_for(self, line) -> tuple[str, ...]:
        """A distribution (one hand string per seat, as dealt) consistent with
        the plays before the search and ``line``: each defender keeps what he
        played, the pool left now is dealt card by card keeping it realizable."""
        d = self.info.declarer
        hands: list[set[int]] = [set() for _ in range(4)]
        hands[d] = {c.index for c in self.info.position.deal[d]}
        for s, c in self.info.played:
            if s != d:
                hands[s].add(c)
        for rel, k, j, _ in line:
            if rel:
                hands[self.seat(rel)].add(self.card(k, j))
        pool, sizes = list(self.pool), list(self.sizes)
        for k in range(N_CLASSES):
            for j in sorted(_bits(pool[k])):
                for i in range(3):
                    if self.voids[i] >> k & 1 or not self.sizes[i]:
                        continue
                    self.pool[k] ^= 1 << j
                    self.sizes[i] -= 1
                    if self._feasible():
                        hands[self.seat(i + 1)].add(self.card(k, j))
                        break
                    self.pool[k] ^= 1 << j
                    self.sizes[i] += 1
                else:
                    raise AssertionError("the line of play has no distribution")
        self.pool, self.sizes = pool, sizes
        deck = self.table.deck
        return tuple(" ".join(str(Card(c, deck)) for c in sorted(h)) for h in hands)


# ---------------------------------------------------------------------------
# The public entry points
def guarantee(position: Position, target: int | None = None, *,
              max_nodes: int = DEFAULT_MAX_NODES) -> Guarantee:
    """Is the Tout (``position.tout``) or ``target`` card points guaranteed?

    Only the declarer's hand and the cards played in ``position`` are used;
    the other hands may be hidden.  ``target`` counts the declarer's card
    points from the start of the hand (completed tricks included) and is
    required exactly when the position is not a Tout.  Raises
    :class:`InputError` for impossible input and :class:`SearchLimit` when
    more than ``max_nodes`` positions would be searched.
    """
    info = info_state(position)
    if position.tout:
        if target is not None:
            raise InputError("a Tout has no points target (leave out --target)")
        question, goal, need = "tout", position.n_tricks, 0
    else:
        if target is None:
            raise InputError("give a points target (e.g. 61, or 91 for Schneider) or ask for a Tout")
        if not 0 <= target <= 120:
            raise InputError(f"the points target must be 0..120, got {target}")
        question, goal, need = "points", target, target - info.points
    search = _Explainer(info, position.tout, max_nodes)
    if position.tout and info.tricks_lost:
        refutation = Refutation(0, search._line_names([]), search._deal_for([]))
        return Guarantee(question, goal, False, None, refutation, 0, info)
    ok = search.reaches(need)
    if ok:
        plan = search.plan(need)
        return Guarantee(question, goal, True, plan, None, search.nodes, info)
    refutation = search.tout_refutation() if position.tout else search.points_refutation()
    return Guarantee(question, goal, False, None, refutation, search.nodes, info)


class PlanFollower:
    """Plays a guaranteed plan card by card.

    Report every card played from the plan's start, the declarer's too, with
    :meth:`observe`; :meth:`card` is the declarer's card whenever he is to
    play.  Raises :class:`ValueError` when the play leaves the plan (a
    declarer card other than the plan's, or a defence the plan has no
    answer to -- impossible for a correct plan).
    """

    def __init__(self, result: Guarantee) -> None:
        if not result.guaranteed or result.plan is None:
            raise ValueError("only a guaranteed result has a plan")
        self.tracker = _Explainer(result.info, result.question == "tout", 0)
        self.need = result.target - result.info.points
        self.node: PlanNode | None = result.plan
        self.pending: list[tuple] = []
        self.answers: list | None = None
        if result.plan.play is None and result.plan.end is None:
            self.node, self.answers = None, result.plan.answers

    def card(self) -> Card:
        """The declarer's card now."""
        t = self.tracker
        if t._mover() != 0:
            raise ValueError("the declarer is not to play")
        if self.node is None:
            key = tuple(self.pending)
            nxt = next((n for defence, n in self.answers if tuple(p.key() for p in defence) == key), None)
            if nxt is None:
                raise ValueError(f"the plan has no answer to the defence {key}")
            self.node, self.pending = nxt, []
        deck = t.table.deck
        if self.node.end is None:
            return Card(_index(deck, self.node.play), deck)
        moves = t._declarer_moves()
        if self.node.end == "claim":  # trumps from the top, then anything
            if t.hand[TRUMP]:
                return Card(t.card(TRUMP, t.hand[TRUMP].bit_length() - 1), deck)
        if not moves:  # a card that cannot take the trick: the plan never gets here
            raise ValueError("no card of the declarer can take this trick")
        return Card(t.card(*moves[0]), deck)

    def observe(self, seat: int, card: Card) -> None:
        """A card played by ``seat``."""
        t = self.tracker
        rel = (seat - t.info.declarer) % 4
        if rel != t._mover():
            raise ValueError(f"seat {seat} is not to play")
        k, j = t.rank[card.index]
        if rel == 0:
            if self.node is None:
                self.card()
            if self.node.end is None:
                if card.index != _index(t.table.deck, self.node.play):
                    raise ValueError(f"the plan plays {self.node.play}, not {card}")
                self.node, self.answers = None, self.node.answers
            t._play(0, k, j)
        else:
            self.pending.append(t.defence_play(rel, k, j).key())
            led = t.trick[0][1] if t.trick else None
            vbit = 1 << led if led is not None and k != led else 0
            t._play(rel, k, j, vbit)
        if len(t.trick) == 4:
            self.need = t._advance_trick(self.need)


def _index(deck: str, name: str) -> int:
    from solver.cards import parse_card
    return parse_card(name, deck).index


# ---------------------------------------------------------------------------
# Double dummy: how often the open-hand solver makes it
@dataclass(frozen=True)
class DDShare:
    """Share of sampled distributions in which the double-dummy result reaches the goal."""

    made: int
    samples: int
    interval: tuple[float, float]  # Wilson 95%

    @property
    def share(self) -> float:
        return self.made / self.samples if self.samples else 0.0


def wilson_interval(successes: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a binomial share (95% by default)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def sample_deal(info: InfoState, rng: random.Random) -> list[tuple[Card, ...]]:
    """A distribution drawn uniformly among those consistent with ``info``
    (hand sizes, voids shown), as the full deal (cards played included)."""
    table = info.table
    cm = _class_masks(table)
    d = info.declarer
    seats = [(d + r) % 4 for r in DEFENDERS]
    voids = [info.voids[s] for s in seats]
    caps0 = tuple(info.sizes[s] for s in seats)
    by_class = [sorted(_bits(info.unseen & cm[k])) for k in range(N_CLASSES)]
    counts = [len(c) for c in by_class]

    def splits(k: int, caps: tuple[int, ...]):
        n = counts[k]
        lim = [0 if voids[i] >> k & 1 else caps[i] for i in range(3)]
        for a0 in range(min(n, lim[0]) + 1):
            for a1 in range(min(n - a0, lim[1]) + 1):
                a2 = n - a0 - a1
                if a2 <= lim[2]:
                    yield (a0, a1, a2)

    memo: dict[tuple, int] = {}

    def ways(k: int, caps: tuple[int, ...]) -> int:
        if k == N_CLASSES:
            return 1 if not any(caps) else 0
        got = memo.get((k, caps))
        if got is None:
            got = sum(_multinomial(counts[k], a) * ways(k + 1, _minus(caps, a)) for a in splits(k, caps))
            memo[(k, caps)] = got
        return got

    if ways(0, caps0) == 0:
        raise InputError("no distribution of the unseen cards fits the play")
    hands: list[list[int]] = [[] for _ in range(3)]
    caps = caps0
    for k in range(N_CLASSES):
        options = [(a, _multinomial(counts[k], a) * ways(k + 1, _minus(caps, a))) for a in splits(k, caps)]
        pick = rng.randrange(sum(w for _, w in options))
        for a, w in options:
            if pick < w:
                break
            pick -= w
        cards = list(by_class[k])
        rng.shuffle(cards)
        at = 0
        for i in range(3):
            hands[i].extend(cards[at:at + a[i]])
            at += a[i]
        caps = _minus(caps, a)
    deal: list[tuple[Card, ...]] = [()] * 4
    deck = table.deck
    deal[d] = info.position.deal[d]
    for i, s in enumerate(seats):
        mine = hands[i] + [c for seat, c in info.played if seat == s]
        deal[s] = tuple(Card(c, deck) for c in sorted(mine))
    return deal


def _minus(caps: tuple[int, ...], a: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(c - x for c, x in zip(caps, a))


def _multinomial(n: int, parts: Sequence[int]) -> int:
    out, left = 1, n
    for p in parts:
        out *= math.comb(left, p)
        left -= p
    return out


def dd_share(position: Position, target: int | None, samples: int, seed: int,
             solver: Solver | None = None) -> DDShare:
    """Double-dummy share over ``samples`` distributions drawn with ``seed``.

    Tout positions count the deals where the declarer takes every trick;
    otherwise those where he reaches ``target`` card points."""
    info = info_state(position)
    solver = solver or Solver()
    rng = random.Random(seed)
    goal = position.n_tricks if position.tout else target
    made = 0
    for _ in range(samples):
        deal = sample_deal(info, rng)
        made += solver.reaches(position.with_deal(deal), goal)
    return DDShare(made, samples, wilson_interval(made, samples))


def hand_position(contract: str, hand: str, seat: int, leader: int, *, trump: str | None = None,
                  tout: bool = True) -> Position:
    """The position of a fresh hand seen by its declarer (the others hidden).

    Raises :class:`~solver.position.PositionError` for bad cards, sizes,
    seats or trump, like every position."""
    deal: list[str] = ["?"] * 4
    if not 0 <= seat < 4:
        raise PositionError(f"the seat must be 0..3, got {seat}")
    deal[seat] = hand
    data = position_json("schafkopf", contract, [], declarer=seat, leader=leader, tout=tout)
    data["deal"] = deal
    if trump is not None:
        data["trump"] = trump
    return Position.from_json(data, allow_hidden=True)
