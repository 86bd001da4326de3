"""The AND-OR search over the declarer's information: :class:`_Search`
(memo, dominance, sure runs; the argument is in the package docstring)."""
from __future__ import annotations

from typing import Any, Self

from stichfest.analysis.errors import InputError
from stichfest.contracts import TRUMP

from .info import N_CLASSES, InfoState, _bits, _dealable, defenders

#: Positions (cards played) a search may visit: some seconds (about 100,000 a second;
#: slower as its memo grows).  A Tout needs a few thousand at most.
DEFAULT_MAX_NODES = 200_000


class SearchLimit(InputError):
    """The search visited more positions than its budget allows."""


# ---------------------------------------------------------------------------
# The search
class _Search:
    """AND-OR search over the declarer's information (see the module docstring).

    Cards live in per-class rank masks: bit j of ``hand[k]`` is the j-th
    weakest card of class k.  Seats are relative to the declarer (0), the
    defenders are 1..n-1 (index 0..n-2 in ``voids``/``sizes``; n = 4, or 3
    in Schafkopf for three).  The state is
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
        self.memo: dict[tuple[Any, ...], Any] = {}
        self.standard_only = False  # declarer restricted to the standard line
        self.exact_defence = False  # points plans: every defender card, no dominance
        self._standard_memo: dict[tuple[Any, ...], Any] = {}
        self._pattern_cache: dict[tuple[int, int, int], tuple[int, ...]] = {}
        # rank layout: cards[k][j] = card index, weakest first
        self.cards = [[c for c in reversed(table.ordered(k)) if deck >> c & 1] for k in range(N_CLASSES)]
        self.rank = {}
        for k, cs in enumerate(self.cards):
            for j, c in enumerate(cs):
                self.rank[c] = (k, j)
        self.pts = [[table.points[c] for c in cs] for cs in self.cards]
        sig_ids: dict[tuple[int, ...], int] = {}
        self.signature = [sig_ids.setdefault(tuple(p), len(sig_ids)) for p in self.pts[:4]]
        d = info.declarer
        n = self.n = len(info.sizes)  # seats: 4, or 3 in Schafkopf for three
        self.hand = self._split(info.hand)
        self.pool = self._split(info.unseen)
        self.voids = [info.voids[(d + r) % n] for r in defenders(n)]
        self.sizes = [info.sizes[(d + r) % n] for r in defenders(n)]
        self.leader = (info.leader - d) % n
        self.remaining_points = sum(self.pts[k][j] for k in range(N_CLASSES)
                                    for j in _bits(self.hand[k] | self.pool[k]))
        self.trick: list[tuple[int, int, int]] = [((s - d) % n,) + self.rank[c] for s, c in
                                                   info.played[len(info.played) - len(info.trick):]]

    def restart(self, max_nodes: int) -> Self:
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
        for i in range(1, self.n):
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
        return sum(pts[k][j] for k, j in sure) + sum(given[:(self.n - 1) * len(sure)])

    def _claim(self) -> bool:
        """Tout, declarer on lead: every card of his is sure (:meth:`_sure_cards`)."""
        return len(self._sure_cards()) == sum(h.bit_count() for h in self.hand)

    # -- canonical keys --------------------------------------------------------
    def _pattern(self, k: int) -> tuple[int, ...]:
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

    def _key(self) -> tuple[Any, ...]:
        voids = self.voids
        parts = []
        for k in range(N_CLASSES):
            vb = 0
            if self.pool[k]:
                for i, v in enumerate(voids):
                    vb |= (v >> k & 1) << i
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
        current: list[int] | None = None
        last = 0
        j = present.bit_length() - 1
        while j >= 0:
            b = 1 << j
            if present & b:
                if own & b:
                    same = current is not None and (
                        not by_points or (pts[j] == last if by_points is True else pts[j] <= last))
                    if same:
                        assert current is not None  # same implies a current run
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
            def order(m: tuple[int, int]) -> tuple[bool, bool, int]:
                k, j = m
                return (k != TRUMP, bool(self.pool[k] >> (j + 1)), -j)
            moves.sort(key=order)
        else:
            moves.sort(key=lambda m: self._declarer_order(m, best))
        return moves

    def _declarer_order(self, m: tuple[int, int], best: tuple[int, int, int] | None) -> tuple[int, ...]:
        k, j = m
        if best is None:
            return (k != TRUMP, -j)
        wins = _beats(k, j, best[1], best[2])
        return (not wins, j if wins else self.pts[k][j], j)

    def _defender_moves(self, rel: int) -> list[tuple[int, int, int]] | None:
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
        partner_after = any((self.leader + at) % self.n for at in range(len(self.trick) + 1, self.n))
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
        assert best is not None  # the declarer's card is on the table
        if best[0] != 0:
            return 1
        led = self.trick[0][1]
        _, dk, dj = best
        for r in ((self.leader + at) % self.n for at in range(len(self.trick), self.n)):
            v = self.voids[r - 1]
            if dk == led and not v >> led & 1 and self.pool[dk] >> (dj + 1):
                return None
            if dk != TRUMP and not v >> TRUMP & 1 and self.pool[TRUMP]:
                return None
            if dk == TRUMP and led != TRUMP and not v >> TRUMP & 1 and self.pool[TRUMP] >> (dj + 1):
                return None
        return 0

    def _defender_order(self, m: tuple[int, int, int], best: tuple[int, int, int] | None) -> tuple[int, ...]:
        k, j, _ = m
        if best is None:
            return (k == TRUMP, -self.pts[k][j], -j)
        wins = _beats(k, j, best[1], best[2])
        if best[0] == 0 or not wins:
            # take the declarer's trick if possible, else give him little
            return (not wins, self.pts[k][j] if not wins else -self.pts[k][j], j)
        return (False, -self.pts[k][j], j)

    def _dominant_moves(self, i: int, options: list[tuple[int, int, int]]) -> list[tuple[int, int, int]] | None:
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
    def _play(self, rel: int, k: int, j: int, vbit: int = 0) -> int | None:
        self._count_node()
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

    def _unplay(self, undo: int | None) -> None:
        rel, k, j = self.trick.pop()
        b = 1 << j
        self.remaining_points += self.pts[k][j]
        if rel == 0:
            self.hand[k] ^= b
        else:
            i = rel - 1
            self.pool[k] ^= b
            self.sizes[i] += 1
            assert undo is not None  # _play returns a defender's former voids
            self.voids[i] = undo

    def _mover(self) -> int:
        return (self.leader + len(self.trick)) % self.n

    def _descriptor(self, k: int) -> tuple[Any, ...]:
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
            assert best is not None  # a trick is on the table
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
        if len(self.trick) == self.n:
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
            ok = self._declarer_node(need) if self._mover() == 0 else self._defender_node(need)
        memo[key] = (max(lo, need), hi) if ok else (lo, min(hi, need))
        return ok

    def _count_node(self) -> None:
        """Count a position: every card played, in searches and while plans,
        lines and refutations are built (:meth:`_play`), so the budget bounds
        the time of everything ``guarantee`` does with this search."""
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise SearchLimit(f"no answer within {self.max_nodes:,} positions; raise max_nodes to search "
                              "longer (some 100,000 positions a second)", param="max_nodes")

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
