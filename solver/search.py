"""The solver's Python face: ``solve(position)`` and ``reaches(position, t)``.

A :class:`Solver` owns one Cython :class:`~stichfest._search.Engine` (and so
one bounded transposition table) and reuses it for every query; the
module-level functions use a per-thread default solver.  Positions are
validated once, when they are parsed (:class:`~stichfest.position.Position`).
"""
from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ._search import Engine
from .cards import Card
from .play import GameState
from .position import Position, PositionError
from .weis import jass_weis

#: Default transposition tables (log2 of buckets of 4 entries of 16 bytes),
#: sized per game when a position is loaded: 8 MiB for the 32-card games (a
#: table that stays in the processor's cache searches faster: measured 9 %
#: less time than 64 MiB for the same nodes), 64 MiB for Jass's 36 cards
#: (16 MiB costs Jass deals 35 % more nodes).
TT_BITS = {"schafkopf": 17, "scharwenzel": 17, "jass": 20}


@dataclass(frozen=True)
class Result:
    """The outcome of optimal play from a position.

    ``value``: what the reported party has at the end (card points, or
    tricks for Tout and Scharwenzel; Jass with last-trick and match bonus).
    ``moves``: every legal card of the player to move -> ``value`` after it
    (in showing order: trumps first, strongest first).
    ``pv``: one optimal line of play to the end.
    Cards are :class:`~stichfest.cards.Card` values; :meth:`to_json` prints them.
    """

    value: int
    moves: dict[Card, int]
    to_move: int | None
    pv: tuple[Card, ...]
    nodes: int = 0
    weis: list[int] | None = None
    stoeck: list[int] | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The result in JSON (``stichfest solve --json``): cards as text."""
        out: dict[str, Any] = {"value": self.value, "moves": {str(c): v for c, v in self.moves.items()},
                               "to_move": self.to_move, "pv": [str(c) for c in self.pv]}
        if self.weis is not None:
            out["weis"] = self.weis
            out["stoeck"] = self.stoeck
        out.update(self.extra)
        return out


def _as_position(position: Position | Mapping[str, Any] | str) -> Position:
    if isinstance(position, Position):
        return position
    return Position.from_json(position)


def _cards_first(pos: Position) -> bool:
    """Whether every card's value is found before the value (between two
    equal parties: Jass, Sauspiel, Scharwenzel; Solver._card_values_first)."""
    return 2 * len(pos.maximizing_seats) == pos.n_seats


class Solver:
    """An exact open-hand solver with a bounded transposition table.

    ``tt_bits`` fixes the table size at ``2**tt_bits * 64`` bytes; by
    default it follows the game (:data:`TT_BITS`: 8 MiB, 64 MiB for Jass),
    the table being made anew when a position of another size is loaded.
    Not thread-safe: use one Solver per thread.
    """

    def __init__(self, tt_bits: int | None = None) -> None:
        self._fixed_bits = tt_bits
        self.engine = Engine(tt_bits or TT_BITS["schafkopf"])
        self._loaded: tuple[Any, ...] | None = None
        self._nodes_before = 0  # searched by the tables this solver has replaced

    @property
    def tt_bytes(self) -> int:
        return self.engine.tt_bytes

    @property
    def nodes(self) -> int:
        """Search nodes (card plays) this solver has visited in all its queries."""
        return self._nodes_before + self.engine.nodes

    def warm_up(self, game: str) -> None:
        """Make the table for ``game``'s positions now and touch all of its
        memory (the solver keeps one table, so do it for the game to come):
        the next queries' times are then the search's alone, without the
        page faults of a fresh table (``bench/run.py`` does it before each
        row)."""
        if game not in TT_BITS:
            raise ValueError(f"unknown game {game!r} (games: {', '.join(TT_BITS)})")
        self._table_for(game)
        self.engine.touch_table()

    def _table_for(self, game: str) -> None:
        """Replace the table by one of ``game``'s size if it has another."""
        bits = self._fixed_bits or TT_BITS[game]
        if bits != self.engine.tt_bits:
            self._nodes_before += self.engine.nodes
            self.engine = Engine(bits)
            self._loaded = None

    # -- loading -------------------------------------------------------------
    def _load(self, pos: Position) -> GameState:
        """Load ``pos``; the table is kept when only the play differs."""
        st = pos.state()
        self._table_for(pos.game)
        rules_key = (pos.game, pos.contract, pos.trump, pos.called, pos.tout, pos.declarer,
                     pos.deal, tuple(sorted(pos.rules.items())))
        if rules_key != self._loaded:
            n = pos.n_seats
            party, maximizing = pos.declaring_party, pos.maximizing_seats
            counted = [s in party for s in range(n)]
            maxi = [s in maximizing for s in range(n)]
            called = None
            if st.called is not None:
                cs = st.called
                called = (cs.suit, cs.sau, cs.holder, cs.davonlaufen_min)
            self.engine.load_rules(pos.table, counted, maxi, called, pos.hand_size)
            self._loaded = rules_key
        self._load_state(pos, st)
        return st

    def _load_state(self, pos: Position, st: GameState) -> None:
        party = pos.declaring_party
        match_alive = all(w in party for _, _, w in st.history)
        self.engine.load_state(st.hands, st.leader, st.trick, st.called_suit_led, match_alive)

    # -- queries -------------------------------------------------------------
    def value(self, position: Position | Mapping[str, Any] | str, lo: int | None = None,
              hi: int | None = None) -> int:
        """The exact ``value`` of the position under optimal play.

        ``lo``/``hi``: bounds already known for the value (e.g. from
        :meth:`reaches` answers); they save threshold searches.  They are
        trusted, not checked: a bound that does not hold gives a wrong value.
        """
        if lo is not None and hi is not None and lo > hi:
            raise ValueError(f"lo {lo} is above hi {hi}: no value lies between them")
        pos = _as_position(position)
        st = self._load(pos)
        so_far = pos.value_so_far(st)
        top = self.engine.upper()
        future_lo = 0 if lo is None else min(max(lo - so_far, 0), top)
        future_hi = top if hi is None else max(min(hi - so_far, top), future_lo)
        return so_far + self.engine.value_between(future_lo, future_hi)

    def reaches(self, position: Position | Mapping[str, Any] | str, target: int) -> bool:
        """Whether optimal play gives ``value >= target`` (one null-window search)."""
        pos = _as_position(position)
        st = self._load(pos)
        return self.engine.reaches(target - pos.value_so_far(st))

    def solve(self, position: Position | Mapping[str, Any] | str, *, moves: bool = True,
              pv: bool = True, progress: Progress | None = None) -> Result:
        """Value, every legal card's value and one optimal line of play.

        ``progress(done, total, step)``, if given, is called before each step
        of the work (the value, each card to value, the line of play) and
        once at the end: a long Jass solve can show how far it is."""
        pos = _as_position(position)
        st = self._load(pos)
        eng = self.engine
        nodes0 = eng.nodes
        so_far = pos.value_so_far(st)
        to_value = len(eng.representatives()[0]) if moves and not st.finished else 0
        # the value is a step of its own unless the cards come first (_cards_first)
        value_step = not to_value or not _cards_first(pos)
        steps = _Steps(progress, value_step + to_value + bool(pv))
        card_values: dict[Card, int] = {}
        if not to_value:
            steps("the value")
            future = eng.value()
        else:
            future, values = self._future_values(pos, st, steps)
            card_values = {Card(card, pos.deck): so_far + values[card]
                           for card in sorted(values, key=pos.table.display_key)}
        if pv:
            steps("the line of play")
        line = self._principal_variation(pos, st, future) if pv else ()
        steps("done")
        weis = stoeck = None
        if pos.game == "jass":
            weis, stoeck = jass_weis(pos)
        return Result(so_far + future, card_values, None if st.finished else st.to_move, line,
                      eng.nodes - nodes0, weis, stoeck)

    def _future_values(self, pos: Position, st: GameState,
                       steps: Callable[[str], None] = lambda step: None) -> tuple[int, dict[int, int]]:
        """The future value of the loaded position ``st`` (not finished) and
        every legal card's future value, by card index.  Between two equal
        parties (_cards_first) the cards are valued first and the value is
        the best of them (_card_values_first); else the value first,
        which bounds every card from one side (_move_values), and the cards
        then come in the order the value's search leaves (its lead history)."""
        eng = self.engine
        if _cards_first(pos):
            cards, heads, runs = eng.representatives()
            future, values = self._card_values_first(pos, st, cards, runs, steps)
        else:
            steps("the value")
            future = eng.value()
            cards, heads, runs = eng.representatives()
            values = self._move_values(pos, st, future, cards, runs, steps)
        return future, {card: values[head] for card, head in heads.items()}

    def _move_values(self, pos: Position, st: GameState, future: int, cards: list[int],
                     runs: dict[int, int], steps: Callable[[str], None]) -> dict[int, int]:
        """The future value of each card of ``cards`` (the representatives),
        the position's future value ``future`` known."""
        eng = self.engine
        hi = eng.upper()
        maximizing = st.to_move in pos.maximizing_seats
        values: dict[int, int] = {}
        for card in cards:
            steps(f"card {Card(card, pos.deck)}")
            # The best card of the mover attains ``future`` exactly: that bounds
            # every other card from one side and saves a bisection step.
            lo, top = self._run_bounds(pos, card, runs, values, *((0, future) if maximizing else (future, hi)))
            values[card] = eng.child_value(card, lo, top)
        return values

    def _card_values_first(self, pos: Position, st: GameState, cards: list[int], runs: dict[int, int],
                           steps: Callable[[str], None]) -> tuple[int, dict[int, int]]:
        """The future value and the future value of each card of ``cards``
        (the representatives), the cards first: the ordering's first card by
        bisection, each other card first asked whether it beats the best so
        far (bisected above it if so, else valued down from it as in
        _move_values).  The value's own tests at the root must refute every
        card at each threshold above the value, where here only the first
        card meets them.  Measured on value and every card's value, 10 deals
        a set (20 in Schafkopf), nodes: Jass trump seeds 1-3 -4.8 / -4.0 /
        -5.9 %, Schieber seeds 1-4 -1.4 / -2.8 / -0.3 / -3.5 %, Undeufe
        -4.3 %, Obenabe +0.2 %, Sauspiel seeds 1-2 -5.4 / -4.8 %.  Not where
        one seat plays against three: Ramsch +18.2 %, Solo +11.6 % (their
        tests gallop, bisect()), Wenz +0.9 / +1.8 %, Geier +0.3 / +0.5 %."""
        eng = self.engine
        hi = eng.upper()
        maximizing = st.to_move in pos.maximizing_seats
        values: dict[int, int] = {}
        best = None
        for card in cards:
            steps(f"card {Card(card, pos.deck)}")
            lo, top = self._run_bounds(pos, card, runs, values, 0, hi)
            if best is None:
                values[card] = self._child_bisect(card, lo, top)
            elif maximizing:
                if top > best and eng.child_reaches(card, best + 1):
                    values[card] = self._child_bisect(card, max(lo, best + 1), top)
                else:
                    values[card] = eng.child_value(card, lo, min(top, best))
            elif lo < best and not eng.child_reaches(card, best):
                values[card] = self._child_bisect(card, lo, min(top, best - 1))
            else:
                values[card] = eng.child_value(card, max(lo, best), top)
            v = values[card]
            best = v if best is None else (max(best, v) if maximizing else min(best, v))
        assert best is not None
        return best, values

    def _child_bisect(self, card: int, lo: int, hi: int) -> int:
        """The future value after ``card``, known to lie in [lo, hi], by halving."""
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.engine.child_reaches(card, mid):
                lo = mid
            else:
                hi = mid - 1
        return lo

    @staticmethod
    def _run_bounds(pos: Position, card: int, runs: dict[int, int], values: dict[int, int],
                    lo: int, top: int) -> tuple[int, int]:
        """[lo, top] narrowed by the cards of ``card``'s run already valued:
        touching cards' values are at most their points apart."""
        points = pos.table.points if pos.table.score_mode == 0 else None
        for other, v in values.items():
            if runs[other] == runs[card]:
                diff = abs(points[card] - points[other]) if points else 0
                lo, top = max(lo, v - diff), min(top, v + diff)
        return lo, top

    def _principal_variation(self, pos: Position, st: GameState, future: int) -> tuple[Card, ...]:
        """Follow, card by card, a move that keeps the value; reload at the end."""
        eng = self.engine
        total = pos.value_so_far(st) + future
        st = st.copy()
        line = []
        while not st.finished:
            maximizing = st.to_move in pos.maximizing_seats
            reps, _, _ = eng.representatives()
            chosen = reps[-1]
            for card in reps:
                if maximizing:
                    ok = eng.child_reaches(card, future)
                else:
                    ok = not eng.child_reaches(card, future + 1)
                if ok:
                    chosen = card
                    break
            st.play(chosen)
            line.append(Card(chosen, pos.deck))
            future = total - pos.value_so_far(st)
            self._load_state(pos, st)
        self._load_state(pos, pos.state())
        return tuple(line)


#: ``progress(done, total, step)`` of :meth:`Solver.solve`: ``done`` of ``total`` steps, ``step`` the next.
Progress = Callable[[int, int, str], None]


class _Steps:
    """Counts a solve's steps and reports each to a :data:`Progress`."""

    def __init__(self, progress: Progress | None, total: int) -> None:
        self.progress, self.total, self.done = progress, total, 0

    def __call__(self, step: str) -> None:
        if self.progress is not None:
            self.progress(min(self.done, self.total), self.total, step)
        self.done += 1


_local = threading.local()


def default_solver() -> Solver:
    """The calling thread's shared solver (one table per thread)."""
    s = getattr(_local, "solver", None)
    if s is None:
        s = _local.solver = Solver()
    return s


def solve(position: Position | Mapping[str, Any] | str, *, moves: bool = True,
          pv: bool = True) -> Result:
    """Solve a position exactly; see :meth:`Solver.solve`."""
    return default_solver().solve(position, moves=moves, pv=pv)


def reaches(position: Position | Mapping[str, Any] | str, target: int) -> bool:
    """Whether optimal play gives ``value >= target``; see :meth:`Solver.reaches`."""
    return default_solver().reaches(position, target)


def value(position: Position | Mapping[str, Any] | str) -> int:
    """The exact value; see :meth:`Solver.value`."""
    return default_solver().value(position)


__all__ = ["Result", "Solver", "solve", "reaches", "value", "PositionError"]
