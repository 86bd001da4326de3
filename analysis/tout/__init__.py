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
fit into the capacities of T (:func:`_dealable`).

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

Thresholds
----------
Both questions are threshold searches on one value: the tricks the
declarer wins in a row (Tout: all of them) or his card points.  At trick
starts the memo keeps, per canonical state, the largest need proved
reachable and the smallest proved not, so searches for different needs
(the Tout, "sure of k tricks", the bisection for the sure points) share it.

Symmetries and reductions
-------------------------
* Transpositions are keyed at trick starts on a canonical form: per class
  the sequence of remaining cards by owner (declarer or unseen) -- for a
  Tout as run lengths, since only declarer-versus-defender comparisons
  matter there, for points with each card's points -- and which defenders
  are void in it.  Plain suits with the same ranks and points are
  interchangeable, so their descriptions are sorted.
* Interchangeable unseen cards are searched once.  Tout: the unseen cards
  of a class between two declarer cards.  Points: consecutive unseen cards
  of equal points -- but the pool is shared, so two defenders may play two
  of them to one trick and which one wins decides who leads next; a
  defender with a partner still to play therefore plays either the top or
  the bottom card of the group, which covers every winner.
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
  class) only.
* **Points dominance**, only in a trick whose taker is settled: where the
  declarer surely takes it, a defender gives the cheapest card of each run
  of consecutive unseen cards (no other remaining card between) whose
  points do not rise going down; where the defence surely takes it and he
  is its last defender, the dearest.  Mimicking the other choice with the
  order-isomorphic card, the declarer's points differ by a telescoping sum
  of the run's point steps, which never favours him when the points do not
  rise along the run (so runs split where they do, as at Unter -> Sau in a
  solo's trumps).  Elsewhere no card is dominated (a higher card may have
  to give up more points, or win a trick and the unwanted lead).
* **Sure run** (bounds): on lead, the declarer's cards above every unseen
  card of their class win in a row; if he has at least as many of them as
  one defender can hold of the class, they draw every unseen card of it and
  all his cards of the class win.  Trumps first; plain cards count once the
  unseen trumps are drawn.  When that is every card he holds, the Tout is
  a claim.  For points, those tricks also bring the defenders' cheapest
  cards.

Plans
-----
A plan is the declarer's card at every point he can reach, as a DAG of
:class:`PlanNode` (identical sub-plans merged).  It prefers the *standard
line* (:data:`STANDARD_LINE`) and, wherever a search with the declarer
restricted to the standard line proves it sure, ends in one ``"standard"``
leaf, so printed plans show only the decisions that matter.  The standard
line looks only at card order, never at card points, so that the points
dominance above holds for it too.  :class:`PlanFollower` plays a plan
against real cards.

Refutations
-----------
Points: first a quick look for a distribution in which the declarer falls
short even double dummy (:func:`double_dummy_refutation`, the open-hand
solver on piled and random deals): that distribution with the
double-dummy defence beats every plan.  Otherwise, and for a Tout, the
search's line: the declarer's most resilient try (for a Tout the longest
run of tricks he can be sure of) against the defence that beats it, with a
distribution consistent with it.
"""
from __future__ import annotations

import copy as _copy
import functools
import math
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from stichfest import GameState, Position, PositionError, Solver
from stichfest.analysis.errors import InputError
from stichfest.analysis.stats import wilson_interval
from stichfest.cards import SUIT_NAMES, Card, parse_card
from stichfest.contracts import TOUT_CONTRACTS, TRUMP, ContractTable
from stichfest.deals import deck, position_json

N_CLASSES = 5
DEFENDERS = (1, 2, 3)  # seats relative to the declarer
_SUBSETS = tuple(range(7))  # proper subsets of the three defenders, as bit sets
DEFAULT_MAX_NODES = 200_000  # positions; a Tout needs a few thousand at most


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
    hand = sum(1 << c.index for c in dealt)
    unseen = sum(1 << c.index for c in deck("schafkopf", 4, short=pos.hand_size == 6)) & ~hand
    n = len(dealt)
    sizes = [n] * 4
    voids = [0] * 4
    leader, trick = pos.leader, []
    points = won = lost = 0
    played = []
    rules = GameState(table, [0] * 4, 0)  # for its class masks and trick winners
    cm = rules.class_masks
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
        defenders = [(d + r) % 4 for r in DEFENDERS]
        if not _dealable(tuple((unseen & m).bit_count() for m in cm),
                         tuple(voids[s] for s in defenders), tuple(sizes[s] for s in defenders)):
            raise InputError(f"play[{i}]: no distribution of the unseen cards allows this play "
                             f"(voids shown by seats {[s for s in range(4) if voids[s]]})")
        if len(trick) == 4:
            winner = (leader + rules.trick_winner_offset(trick)) % 4
            if winner == d:
                won += 1
                points += sum(table.points[x] for x in trick)
            else:
                lost += 1
            leader, trick = winner, []
    return InfoState(pos, hand, unseen, tuple(sizes), tuple(voids), leader, tuple(trick),
                     points, won, lost, tuple(played))


@functools.lru_cache(maxsize=1 << 16)
def _dealable(counts: tuple[int, ...], voids: tuple[int, ...], sizes: tuple[int, ...]) -> bool:
    """Hall's condition: can unseen cards, ``counts[k]`` of class k, be dealt
    to the three defenders with hand ``sizes`` so that nobody gets a class
    he is void in (``voids``: bit k)?  For every set T of defenders, the
    cards only T can take must fit into T's hands."""
    for t in _SUBSETS:
        must = sum(counts[k] for k in range(N_CLASSES)
                   if counts[k] and all(voids[i] >> k & 1 for i in range(3) if not t >> i & 1))
        if must > sum(sizes[i] for i in range(3) if t >> i & 1):
            return False
    return True


# ---------------------------------------------------------------------------
# Results
@dataclass(frozen=True)
class DefencePlay:
    """One defender card in a plan, as the plan distinguishes it.

    ``kind``: ``"follows"`` / ``"discards"`` (Tout, the declarer's card on
    the table: any card of ``suit`` that does not beat it), or ``"plays"``
    one of the interchangeable ``cards`` (``whole``: every unseen card of
    the suit; ``lead``: the card leads the trick).
    """

    seat: int
    kind: str
    suit: str
    cards: tuple[str, ...] = ()
    whole: bool = False
    lead: bool = False

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
        verb = "leads" if self.lead else "plays"
        if self.whole and len(self.cards) > 1:
            return f"seat {self.seat} {verb} any {self.suit}"
        return f"seat {self.seat} {verb} {' / '.join(self.cards)}"


@dataclass(eq=False)
class PlanNode:
    """A point of the plan; nodes are shared, so a plan is a DAG.

    ``play`` is the declarer's card here (None where defenders move first);
    ``answers`` maps each defence (the defender cards until the declarer's
    next decision) to the continuation.  ``end`` marks a leaf:
    ``"standard"`` (from here the standard line, :data:`STANDARD_LINE`,
    wins), ``"reached"`` (the target is in, any card) or ``"done"``.
    """

    play: str | None = None
    answers: list[tuple[tuple[DefencePlay, ...], PlanNode]] = field(default_factory=list)
    end: str | None = None

    def to_json(self) -> dict[str, Any]:
        """``{"root": 0, "nodes": [...]}``; each node is ``{"end": ...}`` or
        ``{"play": card, "answers": [{"defences": [[play, ...], ...], "next": id}]}``."""
        nodes, ids = _number(self)
        out = []
        for node in nodes:
            if node.end is not None:
                out.append({"end": node.end})
                continue
            entry: dict[str, Any] = {}
            if node.play is not None:
                entry["play"] = node.play
            groups: dict[int, list] = {}
            for defence, nxt in node.answers:
                groups.setdefault(ids[id(nxt)], []).append([p.to_json() for p in defence])
            entry["answers"] = [{"defences": ds, "next": n} for n, ds in groups.items()]
            out.append(entry)
        return {"root": 0, "nodes": out}


def _number(root: PlanNode) -> tuple[list[PlanNode], dict[int, int]]:
    """Merge structurally identical sub-plans and number the rest breadth first."""
    canon: dict[tuple, PlanNode] = {}
    rep: dict[int, PlanNode] = {}

    def sig(node: PlanNode) -> PlanNode:
        got = rep.get(id(node))
        if got is not None:
            return got
        children = tuple((tuple(p.key() for p in d), id(sig(n))) for d, n in node.answers)
        key = (node.play, node.end, children)
        rep[id(node)] = got = canon.setdefault(key, node)
        return got

    sig(root)
    order: list[PlanNode] = []
    ids: dict[int, int] = {}
    queue = [rep[id(root)]]
    while queue:
        node = queue.pop(0)
        if id(node) in ids:
            continue
        ids[id(node)] = len(order)
        order.append(node)
        queue.extend(rep[id(n)] for _, n in node.answers)
    for key, node in rep.items():  # every original node answers to its representative's number
        ids.setdefault(key, ids[id(node)])
    return order, ids


@dataclass(frozen=True)
class Refutation:
    """Why nothing is guaranteed, with a distribution and a line of play.

    ``kind`` ``"double dummy"``: in ``deal`` the declarer falls short even
    seeing every card, so this distribution with the double-dummy defence
    beats every plan; ``line`` is best play for both sides there.
    ``kind`` ``"information"``: the search's line.  ``line`` is the
    declarer's most resilient try (Tout: the longest run of tricks he is
    sure of, ``sure`` of them) and the defence that beats it, ``deal`` one
    distribution consistent with it, and ``alternatives`` (Tout) his other
    cards at the lost trick, each with a defence and distribution beating it.
    ``result`` is what he ends with along ``line`` (tricks won in a row
    for a Tout, card points otherwise).  ``line`` starts with the play given.
    """

    kind: str
    line: tuple[tuple[int, str], ...]
    deal: tuple[str, ...]
    result: int
    sure: int | None = None
    alternatives: tuple[dict[str, Any], ...] = ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "deal": list(self.deal),
                               "line": [[s, c] for s, c in self.line], "result": self.result}
        if self.sure is not None:
            out["sure"] = self.sure
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
        self.standard_only = False  # declarer restricted to the standard line
        self.exact_defence = False  # points plans: every defender card, no dominance
        self._standard_memo: dict[tuple, Any] = {}
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
        self.remaining_points = sum(self.pts[k][j] for k in range(N_CLASSES)
                                    for j in _bits(self.hand[k] | self.pool[k]))
        self.trick: list[tuple[int, int, int]] = [((s - d) % 4,) + self.rank[c] for s, c in
                                                   info.played[len(info.played) - len(info.trick):]]

    def restart(self, max_nodes: int) -> _Explainer:
        """A fresh search from the start state (after one was abandoned half
        way) that keeps what this one proved: the memo entries are complete."""
        new = type(self)(self.info, self.tout, max_nodes)
        new.memo, new._standard_memo, new.nodes = self.memo, self._standard_memo, self.nodes
        return new

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
        """Whether the pool can still be dealt (:func:`_dealable`)."""
        pool = self.pool
        return _dealable((pool[0].bit_count(), pool[1].bit_count(), pool[2].bit_count(),
                          pool[3].bit_count(), pool[4].bit_count()), tuple(self.voids), tuple(self.sizes))

    def _trick_result(self) -> tuple[int, int]:
        """(winner seat, what it is worth: 1 trick for a Tout, else its card points)."""
        best = 0
        for i in range(1, 4):
            _, k, j = self.trick[i]
            _, bk, bj = self.trick[best]
            if (k == bk and j > bj) or (k == TRUMP and bk != TRUMP):
                best = i
        if self.tout:
            return self.trick[best][0], 1
        return self.trick[best][0], sum(self.pts[k][j] for _, k, j in self.trick)

    def _best_on_table(self) -> tuple[int, int, int] | None:
        if not self.trick:
            return None
        best = self.trick[0]
        for t in self.trick[1:]:
            if (t[1] == best[1] and t[2] > best[2]) or (t[1] == TRUMP and best[1] != TRUMP):
                best = t
        return best

    def _sure_cards(self) -> list[tuple[int, int]]:
        """Declarer on lead: cards that win tricks in a row whatever the
        defence, cashed first.  In a class, his cards above every unseen card
        (its tops) are sure; if he has at least as many tops as one defender
        can hold cards of the class, leading them draws every unseen card of
        it (a defender holding one must follow each time), so all his cards
        of the class are sure.  Trumps first: his plain cards count only
        once the unseen trumps are drawn that way.  The standard line leads
        only top cards, trumps first, so it cashes all of these."""
        h, p, size = self.hand, self.pool, self.sizes[0]

        def drawn(k: int) -> bool:  # every unseen card of class k falls to his tops
            top = p[k].bit_length()
            return (h[k] >> top).bit_count() >= min(p[k].bit_count(), size)

        def sure_in(k: int) -> list[tuple[int, int]]:
            top = p[k].bit_length()
            return [(k, j) for j in _bits(h[k]) if j >= top or drawn(k)]

        sure = sure_in(TRUMP)
        if drawn(TRUMP):
            for k in range(4):
                sure += sure_in(k)
        return sure

    def _sure_points(self) -> int:
        """Points mode, declarer on lead: card points he is sure of by cashing
        :meth:`_sure_cards`; the defenders add at least their cheapest cards."""
        sure = self._sure_cards()
        if not sure:
            return 0
        pts, p = self.pts, self.pool
        given = sorted(pts[k][j] for k in range(N_CLASSES) for j in _bits(p[k]))
        return sum(pts[k][j] for k, j in sure) + sum(given[:3 * len(sure)])

    def _claim(self) -> bool:
        """Tout, declarer on lead: every card of his is sure (:meth:`_sure_cards`)."""
        return len(self._sure_cards()) == sum(h.bit_count() for h in self.hand)

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
        if self.standard_only and not self.tout:
            return (parts[TRUMP], tuple(parts[:4]), self.leader)
        plain = tuple(sorted((self.signature[k], parts[k]) for k in range(4)))
        return (parts[TRUMP], plain, self.leader)

    # -- move generation -----------------------------------------------------
    def _runs(self, k: int, own: int, others: int, by_points: bool | str) -> list[tuple[int, int]]:
        """Runs of ``own`` cards of class k with none of ``others`` between:
        (top rank, members), top first.  ``by_points``: True splits where the
        points differ, ``"monotone"`` where they rise going down."""
        present = own | others
        pts = self.pts[k]
        runs: list[list[int]] = []
        current = None
        last = 0
        j = present.bit_length() - 1
        while j >= 0:
            b = 1 << j
            if present & b:
                if own & b:
                    same = current is not None and (
                        not by_points or (pts[j] == last if by_points is True else pts[j] <= last))
                    if same:
                        current[1] |= b
                    else:
                        current = [j, b]
                        runs.append(current)
                    last = pts[j]
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
        if self.exact_defence:  # a points plan answers every single card
            out = [(k, j, vbit) for k, members, vbit in options for j in _bits(members)
                   if self._try(i, k, j, vbit)]
            best = self._best_on_table()
            out.sort(key=lambda m: self._defender_order(m, best))
            return out
        # another defender still to play this trick may play a card of the same group
        partner_after = any((self.leader + n) % 4 for n in range(len(self.trick) + 1, 4))
        settled = None if self.tout else self._settled(rel)
        if settled == 1 and partner_after:
            settled = None
        out = []
        for k, members, vbit in options:
            if self.tout:
                picks = [top for top, _ in self._runs(k, members, self.hand[k], False)]
            elif settled is None:
                # cards of one group are interchangeable except against each other:
                # the top or the bottom one decides which defender takes the trick
                # if a partner plays from the same group later in it
                picks = []
                for top, m in self._runs(k, members, self.hand[k] | self._trick_class_mask(k), True):
                    picks.append(top)
                    if partner_after and m & (m - 1):
                        picks.append((m & -m).bit_length() - 1)
            elif settled == 0:  # the declarer takes the trick: give the run's cheapest card
                picks = [(m & -m).bit_length() - 1 for _, m in self._runs(k, members, self.hand[k], "monotone")]
            else:  # the last defender, the defence takes it: give the run's dearest card
                picks = [top for top, _ in
                         self._runs(k, members, self.hand[k] | self._trick_class_mask(k), "monotone")]
            for j in picks:
                if self._try(i, k, j, vbit):
                    out.append((k, j, vbit))
        if not self.tout:
            best = self._best_on_table()
            out.sort(key=lambda m: self._defender_order(m, best))
        return out

    def _settled(self, rel: int) -> int | None:
        """Points mode: 0 if the declarer surely takes the trick on the table,
        1 if the defence surely does, None while either may (the defenders
        from ``rel`` on still to play; voids only, an over-approximation of
        what they can do, so "surely" is sound)."""
        if not any(t[0] == 0 for t in self.trick):
            return None
        best = self._best_on_table()
        if best[0] != 0:
            return 1
        led = self.trick[0][1]
        _, dk, dj = best
        for r in ((self.leader + n) % 4 for n in range(len(self.trick), 4)):
            v = self.voids[r - 1]
            if dk == led and not v >> led & 1 and self.pool[dk] >> (dj + 1):
                return None
            if dk != TRUMP and not v >> TRUMP & 1 and self.pool[TRUMP]:
                return None
            if dk == TRUMP and led != TRUMP and not v >> TRUMP & 1 and self.pool[TRUMP] >> (dj + 1):
                return None
        return 0

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
        self.remaining_points -= self.pts[k][j]
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
        self.remaining_points += self.pts[k][j]
        if rel == 0:
            self.hand[k] ^= b
        else:
            i = rel - 1
            self.pool[k] ^= b
            self.sizes[i] += 1
            self.voids[i] = undo

    def _mover(self) -> int:
        return (self.leader + len(self.trick)) % 4

    def _descriptor(self, k: int) -> tuple:
        """Tout: what distinguishes class k from the others (ties broken by it
        are invariant under the suit permutations the memo identifies).
        Points: nothing -- there the standard line must not look at card
        points (the dominance argument relies on it), and its memo does not
        identify suits instead."""
        if not self.tout:
            return ()
        v = [x >> k & 1 for x in self.voids]
        return (self._pattern(k), v)

    def standard_move(self) -> tuple[int, int]:
        """The declarer's card by the standard line (see :data:`STANDARD_LINE`)."""
        h, pool = self.hand, self.pool
        if self.trick:
            led = self.trick[0][1]
            classes = [led] if h[led] else range(N_CLASSES)
            best = self._best_on_table()
            cards = [(k, j) for k in classes for j in _bits(h[k])]
            winners = [m for m in cards if _beats(m[0], m[1], best[1], best[2])]
            if winners:  # the cheapest winner (all of one class)
                return min(winners, key=lambda m: m[1])
            return min(cards, key=lambda m: (m[0] == TRUMP, m[1], self._descriptor(m[0]), m[0]))
        if pool[TRUMP] and h[TRUMP]:
            return TRUMP, h[TRUMP].bit_length() - 1
        held = [k for k in range(N_CLASSES) if h[k]]
        tops = [k for k in held if h[k].bit_length() > pool[k].bit_length()]
        k = max(tops or held, key=lambda c: (h[c].bit_count(), c == TRUMP, self._descriptor(c), -c))
        return k, h[k].bit_length() - 1

    def standard_wins(self, need: int) -> bool:
        """Whether the standard line alone is sure to reach the goal from here."""
        self.standard_only = True
        try:
            return self.reaches(need)
        finally:
            self.standard_only = False

    # -- the AND-OR search -------------------------------------------------------
    def reaches(self, need: int) -> bool:
        """From the current state: can the declarer be sure of ``need`` more
        (Tout: tricks in a row, the current one included; else card points)?"""
        if len(self.trick) == 4:
            return self._finish(need)
        if not self.trick:
            return self._trick_start(need)
        if self._mover() == 0:
            return self._declarer_node(need)
        return self._defender_node(need)

    def _trick_start(self, need: int) -> bool:
        if need <= 0:
            return True
        if self.tout:
            if need > sum(h.bit_count() for h in self.hand):
                return False
        elif self.remaining_points < need:
            return False
        key = self._key()
        memo = self._standard_memo if self.standard_only else self.memo
        lo, hi = memo.get(key, (0, 1 << 30))
        if need <= lo:
            return True
        if need >= hi:
            return False
        if self.tout and self.leader == 0 and len(self._sure_cards()) >= need:
            ok = True
        elif not self.tout and self.leader == 0 and self._sure_points() >= need:
            ok = True
        else:
            self._count_node()
            ok = self._declarer_node(need) if self._mover() == 0 else self._defender_node(need)
        memo[key] = (max(lo, need), hi) if ok else (lo, min(hi, need))
        return ok

    def _count_node(self) -> None:
        """Count a trick start that is searched (not settled by a bound)."""
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise SearchLimit(f"the search visited more than {self.max_nodes} positions "
                              "(raise --max-nodes)")

    def _declarer_node(self, need: int) -> bool:
        moves = [self.standard_move()] if self.standard_only else self._declarer_moves()
        for k, j in moves:
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
            return need <= 0
        saved_trick, saved_leader = self.trick, self.leader
        self.trick, self.leader = [], winner
        ok = self._trick_start(need - gained if winner == 0 else need)
        self.trick, self.leader = saved_trick, saved_leader
        return ok

    # -- guaranteed value ------------------------------------------------------
    def tricks_left(self) -> int:
        """Tricks not completed yet in which the declarer still plays a card
        or has played one."""
        return sum(h.bit_count() for h in self.hand) + any(t[0] == 0 for t in self.trick)

    def best(self) -> int:
        """The most the declarer can be sure of from here on: card points, or
        for a Tout the tricks he wins in a row before losing one."""
        lo = 0
        hi = self.tricks_left() if self.tout else \
            self.remaining_points + sum(self.pts[k][j] for _, k, j in self.trick)
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.reaches(mid):
                lo = mid
            else:
                hi = mid - 1
        return lo


def _beats(k: int, j: int, bk: int, bj: int) -> bool:
    """Card (k, j) played after the best card (bk, bj) takes the trick."""
    return (k == bk and j > bj) or (k == TRUMP and bk != TRUMP)


# ---------------------------------------------------------------------------
# Plans, refutations and concrete distributions
#: What the plan leaf "standard" means (and :meth:`_Explainer.standard_move` does).
STANDARD_LINE = ("take each trick with the cheapest card that wins it; on lead, trumps from "
                 "the top while a defender may still hold a trump, then cards nobody can "
                 "beat, longest suit first")

_LEAVES = {"standard": PlanNode(end="standard"), "reached": PlanNode(end="reached"),
           "done": PlanNode(end="done")}


class _Explainer(_Search):
    """The search plus what is built from its answers: plans, lines, deals."""

    def class_name(self, k: int) -> str:
        return "trump" if k == TRUMP else SUIT_NAMES[self.table.deck][k]

    def card_name(self, k: int, j: int) -> str:
        return str(Card(self.cards[k][j], self.table.deck))

    def seat(self, rel: int) -> int:
        return (self.info.declarer + rel) % 4

    def _defence_runs(self, k: int) -> list[tuple[int, int]]:
        """The groups a defender card of class k is told apart by in a plan:
        a Tout's unseen cards between two declarer cards (before his card is
        on the table), otherwise every card by itself."""
        if self.tout:
            return self._runs(k, self.pool[k], self.hand[k], False)
        return [(j, 1 << j) for j in sorted(_bits(self.pool[k]), reverse=True)]

    def representative(self, k: int, j: int) -> int:
        """The card the search plays for the group of unseen card (k, j)."""
        return next(top for top, m in self._defence_runs(k) if m >> j & 1)

    def defence_play(self, rel: int, k: int, j: int) -> DefencePlay:
        """How the plan tells this defender card apart (before it is played)."""
        led = self.trick[0][1] if self.trick else None
        if self.tout and any(t[0] == 0 for t in self.trick):
            return DefencePlay(self.seat(rel), "follows" if k == led else "discards", self.class_name(k))
        members = next(m for _, m in self._defence_runs(k) if m >> j & 1)
        names = tuple(self.card_name(k, x) for x in sorted(_bits(members), reverse=True))
        return DefencePlay(self.seat(rel), "plays", self.class_name(k), names,
                           whole=members == self.pool[k], lead=not self.trick)

    def _terminal(self, need: int) -> str | None:
        if self.trick:
            return None
        if not any(self.hand):
            return "done"
        if self.tout:
            return "standard" if self.leader == 0 and self._claim() else None
        return "reached" if need <= 0 else None

    def plan(self, need: int) -> PlanNode:
        """The plan from a winning state (the declarer to decide, or defenders to
        move), one node per distinct state.  Where the standard line is sure to
        win the plan says so in one leaf; elsewhere it prefers the standard card."""
        key = (tuple(self.hand), tuple(self.pool), tuple(self.voids), tuple(self.sizes),
               self.leader, tuple(self.trick), need)
        memo = self.__dict__.setdefault("_plans", {})
        node = memo.get(key)
        if node is not None:
            return node
        end = self._terminal(need)
        if end is not None:
            node = _LEAVES[end]
        elif self.standard_wins(need):
            node = _LEAVES["standard"]
        elif self._mover() != 0:
            node = PlanNode(answers=self._answers(need))
        else:
            std = self.standard_move()
            for k, j in [std] + self._declarer_moves():
                self._play(0, k, j)
                if self.reaches(need):
                    node = PlanNode(play=self.card_name(k, j), answers=self._answers(need))
                    self._unplay(None)
                    break
                self._unplay(None)
            else:
                raise AssertionError("plan() called on a losing state")
        memo[key] = node
        return node

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
        self.exact_defence = not self.tout  # a points plan answers every card
        moves = self._defender_moves(rel)
        self.exact_defence = False
        for k, j, vbit in moves:
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

        His cards keep the longest run he can be sure of, the defenders'
        keep him from a longer one; at his decision in the trick he cannot
        be sure of, every alternative is shown beaten too.  Mutates the
        state (use once)."""
        sure = need = self.best()
        line: list[tuple[int, int, int, int]] = []  # (rel, class, rank, void bit)
        alternatives: list[dict[str, Any]] = []
        while not self._beaten():
            if len(self.trick) == 4:  # won (a lost trick is beaten)
                need = self._advance_trick(need)
                continue
            rel = self._mover()
            if rel == 0:
                moves = self._declarer_moves()
                if not moves:  # no card of his takes the trick on the table
                    move = self.standard_move()
                elif need:
                    move = next(m for m in moves if self._child_reaches(m, need))
                else:
                    move = moves[0]
                    alternatives = [self._alternative(line, *m) for m in moves[1:]]
                self._play(0, *move)
                line.append((0,) + move + (0,))
                if not moves:
                    break
            else:
                move = self._refuting_defence(rel, need)
                self._play(rel, *move)
                line.append((rel,) + move)
        return Refutation("information", self._line_names(line), self._deal_for(line),
                          self.info.tricks_won + sure, sure, tuple(alternatives))

    def _child_reaches(self, move: tuple[int, int], need: int) -> bool:
        self._play(0, *move)
        ok = self.reaches(need)
        self._unplay(None)
        return ok

    def _refuting_defence(self, rel: int, need: int) -> tuple[int, int, int]:
        """Tout: a defender card after which the declarer cannot be sure of
        ``need + 1`` tricks in a row (there is one: the caller keeps that so)."""
        moves = self._defender_moves(rel)
        if moves is None:
            return self._killing_card(rel)
        for move in moves:
            undo = self._play(rel, *move)
            ok = self.reaches(need + 1)
            self._unplay(undo)
            if not ok:
                return move
        raise AssertionError("no refuting defence")

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
        while not self._beaten():
            rel = self._mover()
            move = self._refuting_defence(rel, 0)
            undos.append(self._play(rel, *move))
            played.append((rel,) + move)
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

    def points_refutation(self, need: int) -> Refutation:
        """A line where the defence keeps the declarer below the target.

        Every declarer card fails here (the search said so); he plays the
        standard card or else the first in search order, and each defender a
        card that keeps the target out of reach.  Mutates the state (use once)."""
        line: list[tuple[int, int, int, int]] = []
        points = self.info.points
        while any(self.hand) or self.trick:
            if len(self.trick) == 4:
                winner, gained = self._trick_result()
                if winner == 0:
                    points += gained
                need = self._advance_trick(need)
                continue
            rel = self._mover()
            if rel == 0:
                k, j = self.standard_move()
                self._play(0, k, j)
                line.append((0, k, j, 0))
            else:
                for move in self._defender_moves(rel):
                    undo = self._play(rel, *move)
                    if not self.reaches(need):
                        break
                    self._unplay(undo)
                line.append((rel,) + move)
        return Refutation("information", self._line_names(line), self._deal_for(line), points)

    def _line_names(self, line) -> tuple[tuple[int, str], ...]:
        prefix = tuple((s, str(Card(c, self.table.deck))) for s, c in self.info.played)
        return prefix + tuple((self.seat(rel), self.card_name(k, j)) for rel, k, j, _ in line)

    def _deal_for(self, line, prefer=None) -> tuple[str, ...]:
        """A distribution (one hand string per seat, as dealt) consistent with
        the plays before the search and ``line``: each defender keeps what he
        played, the pool left now is dealt card by card keeping it realizable.
        ``prefer(k, j)`` orders the defenders (0..2) tried for a card (default
        seat order); cards preferred somewhere are dealt first."""
        return tuple(" ".join(str(c) for c in h) for h in self._deal_cards(line, prefer))

    def _deal_cards(self, line, prefer=None) -> list[tuple[Card, ...]]:
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
        cards = [(k, j) for k in range(N_CLASSES) for j in sorted(_bits(pool[k]))]
        if prefer is not None:
            cards.sort(key=lambda m: prefer(*m) is None)
        for k, j in cards:
            first = (prefer(k, j) if prefer is not None else None) or ()
            for i in (*first, *(x for x in (0, 1, 2) if x not in first)):
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
        return [tuple(Card(c, deck) for c in sorted(h)) for h in hands]


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
        question, goal, need = "tout", position.n_tricks, position.n_tricks - info.tricks_won
    else:
        if target is None:
            raise InputError("give a points target (e.g. 61, or 91 for Schneider) or ask for a Tout")
        if not 0 <= target <= 120:
            raise InputError(f"the points target must be 0..120, got {target}")
        question, goal, need = "points", target, target - info.points
    search = _Explainer(info, position.tout, max_nodes)
    if position.tout and info.tricks_lost:
        refutation = Refutation("information", search._line_names([]), search._deal_for([]),
                                info.tricks_won, 0)
        return Guarantee(question, goal, False, None, refutation, 0, info)
    if position.tout:
        ok = search.reaches(need)
    else:
        # Points searches can be long.  A short one first; then, before the
        # full one, a distribution failing even double dummy (cheap to find
        # when there is one), which beats every plan.
        search.max_nodes = min(max_nodes, QUICK_NODES)
        try:
            ok = search.reaches(need)
        except SearchLimit:
            refutation = double_dummy_refutation(position, goal, info=info)
            if refutation is not None:
                return Guarantee(question, goal, False, None, refutation, search.nodes, info)
            search = search.restart(max_nodes)
            ok = search.reaches(need)
    if ok:
        plan = search.plan(need)
        return Guarantee(question, goal, True, plan, None, search.nodes, info)
    refutation = None if position.tout else double_dummy_refutation(position, goal, info=info)
    if refutation is None:
        refutation = search.tout_refutation() if position.tout else search.points_refutation(need)
    return Guarantee(question, goal, False, None, refutation, search.nodes, info)


#: Positions a points search may visit before a double-dummy refutation is tried.
QUICK_NODES = 2000


#: Random distributions tried by :func:`double_dummy_refutation` (after the piled ones).
DD_TRIES = 24


def double_dummy_refutation(position: Position, target: int, *, info: InfoState | None = None,
                            solver: Solver | None = None) -> Refutation | None:
    """A distribution in which the declarer misses ``target`` (Tout: every
    trick) even double dummy, or None if none of the tried ones does.

    Tried, in this order: for each defender and class, the deal giving that
    defender as many cards of the class as fit (bad breaks), then
    :data:`DD_TRIES` uniform ones; all from a fixed seed, so the answer is
    deterministic.  Not finding one proves nothing."""
    info = info or info_state(position)
    solver = solver or Solver()
    rng = random.Random(0)
    probe = _Explainer(info, position.tout, 0)
    deals = []
    for i in range(3):
        for k in range(N_CLASSES):
            if probe.pool[k]:
                deals.append(probe._deal_cards([], lambda kk, j, i=i, k=k: (i,) if kk == k else None))
    deals += [sample_deal(info, rng) for _ in range(DD_TRIES)]
    for deal in deals:
        full = position.with_deal(deal)
        if solver.reaches(full, target):
            continue
        result = solver.solve(full, moves=False)
        st = full.initial_state()
        line = []
        for card in [str(c) for c in position.play] + result.pv:
            c = next(x for x in st.legal_cards() if str(x) == card)
            line.append((st.to_move, card))
            st.play(c.index)
        hands = tuple(" ".join(str(c) for c in sorted(h)) for h in deal)
        return Refutation("double dummy", tuple(line), hands, result.value)
    return None


def sure_points(position: Position, *, max_nodes: int = DEFAULT_MAX_NODES) -> int:
    """The most card points the declarer can be sure of (completed tricks
    included), over every distribution and defence; not for a Tout."""
    info = info_state(position)
    if position.tout:
        raise InputError("a Tout counts tricks, not points")
    search = _Explainer(info, False, max_nodes)
    return info.points + search.best()



class PlanFollower:
    """Plays a guaranteed plan card by card.

    Report every card played from the plan's start, the declarer's too, with
    :meth:`observe`; :meth:`card` is the declarer's card whenever he is to
    play.  Raises :class:`ValueError` when the play leaves the plan (a
    declarer card other than the plan's, a defence the plan has no answer
    to, a defender card beating the declarer's in a Tout) -- impossible for a
    correct plan.

    For a Tout the follower keeps the *proved* state, not the real one: a
    defender card that does not beat the declarer's counts as the lowest
    unseen card of its class (the dominance argument of the module
    docstring), one between two declarer cards as its group's
    representative, so every later decision is the one the plan was proved
    for.  A points plan answers every card, so there the states are real.
    """

    def __init__(self, result: Guarantee) -> None:
        if not result.guaranteed or result.plan is None:
            raise ValueError("only a guaranteed result has a plan")
        self.tracker = _Explainer(result.info, result.question == "tout", 0)
        tout = result.question == "tout"
        self.need = result.target - (result.info.tricks_won if tout else result.info.points)
        self.node: PlanNode | None = result.plan
        self.pending: list[tuple] = []
        self.answers: list = []
        self.real_pool = list(self.tracker.pool)  # the tracker keeps the proved state
        if result.plan.play is None and result.plan.end is None:
            self.node, self.answers = None, result.plan.answers

    def copy(self) -> PlanFollower:
        """An independent follower at the same point (to branch over defences)."""
        new = _copy.copy(self)
        t = new.tracker = _copy.copy(self.tracker)
        t.hand, t.pool, t.voids, t.sizes, t.trick = (list(t.hand), list(t.pool), list(t.voids),
                                                     list(t.sizes), list(t.trick))
        new.pending = list(self.pending)
        new.real_pool = list(self.real_pool)
        return new

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
        if self.node.end is None:
            return parse_card(self.node.play, t.table.deck)
        if self.node.end == "standard":
            return Card(t.card(*t.standard_move()), t.table.deck)
        # the target is in: any legal card
        led = t.trick[0][1] if t.trick else None
        k = led if led is not None and t.hand[led] else next(c for c in range(N_CLASSES) if t.hand[c])
        return Card(t.card(k, t.hand[k].bit_length() - 1), t.table.deck)

    def observe(self, seat: int, card: Card) -> None:
        """A card played by ``seat``."""
        t = self.tracker
        rel = (seat - t.info.declarer) % 4
        if rel != t._mover():
            raise ValueError(f"seat {seat} is not to play")
        k, j = t.rank[card.index]
        if rel:
            self.real_pool[k] &= ~(1 << j)
        if rel == 0:
            if self.node is None:
                self.card()
            if self.node.end is None:
                if card != parse_card(self.node.play, t.table.deck):
                    raise ValueError(f"the plan plays {self.node.play}, not {card}")
                self.node, self.answers = None, self.node.answers
            t._play(0, k, j)
        else:
            led = t.trick[0][1] if t.trick else None
            vbit = 1 << led if led is not None and k != led else 0
            if t.tout and any(x[0] == 0 for x in t.trick):
                _, dk, dj = next(x for x in t.trick if x[0] == 0)
                if _beats(k, j, dk, dj):
                    raise ValueError(f"seat {seat} beats the declarer's card with {card}")
                j = (t.pool[k] & -t.pool[k]).bit_length() - 1  # the proved state's card
            elif t.tout:
                # the same place among the unseen cards of the class (real and proved
                # pools differ only inside groups, which keep their sizes), then the
                # group's representative, which the proof played
                above = (self.real_pool[k] >> (j + 1)).bit_count()
                proved = sorted(_bits(t.pool[k]), reverse=True)[above]
                j = t.representative(k, proved)
            self.pending.append(t.defence_play(rel, k, j).key())
            t._play(rel, k, j, vbit)
        if len(t.trick) == 4:
            self.need = t._advance_trick(self.need)


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


#: The normal quantile of :attr:`DDShare.interval`: :data:`~stichfest.analysis.stats.Z95`
#: rounded to six places, kept so that ``tout --json`` prints the same ``dd_interval``.
DD_Z = 1.959964


def sample_deal(info: InfoState, rng: random.Random) -> list[tuple[Card, ...]]:
    """A distribution drawn uniformly among those consistent with ``info``
    (hand sizes, voids shown), as the full deal (cards played included)."""
    table = info.table
    cm = GameState(table, [0] * 4, 0).class_masks
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
    return DDShare(made, samples, wilson_interval(made, samples, z=DD_Z))


def hand_position(contract: str, hand: str, seat: int, leader: int, *, trump: str | None = None,
                  tout: bool = True) -> Position:
    """The position of a fresh hand seen by its declarer (the others hidden).

    Raises :class:`~stichfest.position.PositionError` for bad cards, sizes,
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
