"""Plans, refutations and concrete distributions built from the search's
answers (:class:`_Explainer`), and the result types of :func:`guarantee`."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from stichfest.cards import SUIT_NAMES, Card
from stichfest.contracts import TRUMP

from .info import N_CLASSES, InfoState, _bits
from .search import _beats, _Search


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

    def key(self) -> tuple[int, str, str, tuple[str, ...]]:
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
            groups: dict[int, list[list[dict[str, Any]]]] = {}
            for defence, nxt in node.answers:
                groups.setdefault(ids[id(nxt)], []).append([p.to_json() for p in defence])
            entry["answers"] = [{"defences": ds, "next": n} for n, ds in groups.items()]
            out.append(entry)
        return {"root": 0, "nodes": out}


def _number(root: PlanNode) -> tuple[list[PlanNode], dict[int, int]]:
    """Merge structurally identical sub-plans and number the rest breadth first."""
    canon: dict[tuple[Any, ...], PlanNode] = {}
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
# Plans, refutations and concrete distributions
#: What the plan leaf "standard" means (and :meth:`_Explainer.standard_move` does).
STANDARD_LINE = ("take each trick with the cheapest card that wins it; on lead, trumps from "
                 "the top while a defender may still hold a trump, then cards nobody can "
                 "beat, longest suit first")

_LEAVES = {"standard": PlanNode(end="standard"), "reached": PlanNode(end="reached"),
           "done": PlanNode(end="done")}


class _Explainer(_Search):
    """The search plus what is built from its answers: plans, lines, deals."""

    def __init__(self, info: InfoState, tout: bool, max_nodes: int) -> None:
        super().__init__(info, tout, max_nodes)
        self._plans: dict[tuple[Any, ...], PlanNode] = {}  # plan() per state, so shared sub-plans are one node

    def class_name(self, k: int) -> str:
        return "trump" if k == TRUMP else SUIT_NAMES[self.table.deck][k]

    def card_name(self, k: int, j: int) -> str:
        return str(Card(self.cards[k][j], self.table.deck))

    def seat(self, rel: int) -> int:
        return (self.info.declarer + rel) % self.n

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
        memo = self._plans
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

    def _collect(self, prefix: list[DefencePlay], need: int,
                 out: list[tuple[tuple[DefencePlay, ...], PlanNode]]) -> None:
        if len(self.trick) == self.n:
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
        assert moves is not None  # a winning state: no defender card takes a Tout trick here
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
            if len(self.trick) == self.n:  # won (a lost trick is beaten)
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
                answer = self._refuting_defence(rel, need)
                self._play(rel, *answer)
                line.append((rel,) + answer)
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

    def _alternative(self, line: list[tuple[int, int, int, int]], k: int, j: int) -> dict[str, Any]:
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
        best = self._best_on_table()
        assert best is not None  # the declarer's card is on the table
        return best[0] != 0

    def points_refutation(self, need: int) -> Refutation:
        """A line where the defence keeps the declarer below the target.

        Every declarer card fails here (the search said so); he plays the
        standard card or else the first in search order, and each defender a
        card that keeps the target out of reach.  Mutates the state (use once)."""
        line: list[tuple[int, int, int, int]] = []
        points = self.info.points
        while any(self.hand) or self.trick:
            if len(self.trick) == self.n:
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
                moves = self._defender_moves(rel)
                assert moves is not None  # None only in a Tout search; this is a points one
                for move in moves:
                    undo = self._play(rel, *move)
                    if not self.reaches(need):
                        break
                    self._unplay(undo)
                line.append((rel,) + move)
        return Refutation("information", self._line_names(line), self._deal_for(line), points)

    def _line_names(self, line: Sequence[tuple[int, int, int, int]]) -> tuple[tuple[int, str], ...]:
        prefix = tuple((s, str(Card(c, self.table.deck))) for s, c in self.info.played)
        return prefix + tuple((self.seat(rel), self.card_name(k, j)) for rel, k, j, _ in line)

    def _deal_for(self, line: Sequence[tuple[int, int, int, int]],
                  prefer: Callable[[int, int], tuple[int, ...] | None] | None = None) -> tuple[str, ...]:
        """A distribution (one hand string per seat, as dealt) consistent with
        the plays before the search and ``line``: each defender keeps what he
        played, the pool left now is dealt card by card keeping it realizable.
        ``prefer(k, j)`` orders the defenders (0..2) tried for a card (default
        seat order); cards preferred somewhere are dealt first."""
        return tuple(" ".join(str(c) for c in h) for h in self._deal_cards(line, prefer))

    def _deal_cards(self, line: Sequence[tuple[int, int, int, int]],
                    prefer: Callable[[int, int], tuple[int, ...] | None] | None = None) -> list[tuple[Card, ...]]:
        d = self.info.declarer
        hands: list[set[int]] = [set() for _ in range(self.n)]
        own = self.info.position.deal[d]
        assert own is not None  # the declarer's hand is always known
        hands[d] = {c.index for c in own}
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
            for i in (*first, *(x for x in range(self.n - 1) if x not in first)):
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
