"""Single-dummy play-outs: each player chooses from what he has seen.

Double dummy (every sampled deal solved open-handed) is an upper bound for
a declarer who must guess.  A *play-out* plays one deal card by card
instead; at each decision the player to move

1. lists his legal cards, touching cards of his own hand counted once
   (same following class, equal card points, every card between them
   played in an earlier trick: equivalent in every deal he thinks
   possible, see :func:`choices`);
2. when more than one choice is left, samples ``worlds`` deals consistent
   with what *he* has seen (his own hand, the cards played and who played
   them, the voids this shows, the called Sau's rules: a position with the
   other hands ``"?"`` handed to :meth:`DealSampler.for_position`);
3. in each world asks the solver, after each choice, which rung of the
   contract's level ladder the declaring party can still force
   (:class:`Objective`: threshold queries at the level boundaries, not
   exact values), scores the rung by the declarer's payout in that world
   and plays the choice with the best mean over the worlds: highest for
   the declaring party (``maximizing_seats``), lowest for the others.

The stages (:func:`_evaluate`): the win boundary in all worlds (most
worlds won), then the other boundaries of the ladder in a quarter of the
worlds (best mean payout), then, from the second trick on, a tie-break
for card points: one extra threshold per world and choice, at the middle
of the rung's points range (e.g. 76 inside 61..90), in an eighth of the
worlds; the choice that more often keeps the upper half wins.  A tie
after that goes to the card of fewest points, then the weakest.
Schafkopf's Schwarz is no point boundary but a trick count: it splits
the ladder's end rungs (the second stage asks, at the lowest rung,
whether the defenders can take every trick, at the highest whether the
declaring party can), by a trick-count query on a solver of its own, so
that the worlds' tables keep their point queries' entries; it is asked
only while that party has lost no trick.  Jass and Ramsch, which have
no level ladder, use each card's exact value (all cards of a world at
once, as ``solve`` values them).

Every random choice comes from a stream seeded by ``(seed, index, ply)``
(``index``: the sample; ``ply``: cards played so far), so a play-out is
the same on any worker and with any number of workers.

``defenders="double-dummy"`` lets the defenders see every card (they use
the true deal as their only world) while the declaring party still
guesses: a pessimistic bracket for the declarer.
"""
from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

import numpy as np

from stichfest import Position, Solver
from stichfest.cards import Card, bits
from stichfest.play import GameState
from stichfest.search import default_solver
from stichfest.streak import takes_first_tricks

from .errors import InputError
from .executor import ProgressBar, Stopped, first_rows, run_tasks, stopped, worker_solver
from .sampling import Constraints, DealSampler, HandPredicate
from .scoring import (
    FREE_POINTS,
    SCHNEIDER_POINTS,
    WIN_POINTS,
    Level,
    Tariff,
    first_tricks_side,
    jass_level,
    jass_payout,
    laufende,
    level_key,
    points_level,
    schafkopf_payout,
    scharwenzel_level,
    scharwenzel_majority,
    scharwenzel_payout,
)
from .stats import json_float, paired_difference

if TYPE_CHECKING:
    from .midgame import PositionAnalysis

#: How a seat chooses its cards.
MODELS = ("single-dummy", "double-dummy")
#: Default number of worlds sampled per decision: what keeps ``--play both``
#: (three contracts, 200 deals; bench/bench_single_dummy.py, CPU seconds
#: scaled by DDS's to the reference machine) inside the 60 s budget on
#: 2 cores with a margin: 8 worlds 49 s, 10 worlds 59 s, 12 worlds 66 s.
WORLDS = 8
#: Most worlds a decision may sample: each keeps a solver of its own (an
#: 8 MiB table, WORLD_TT_BITS) for the rest of the play-out, so 64 worlds
#: hold 512 MiB in every worker.
MAX_WORLDS = 64
#: Sampled deals per task (as in evaluate.CHUNK: small enough to balance workers).
CHUNK = 5


# ---------------------------------------------------------------------------
# What a contract's players aim for
@dataclass(frozen=True)
class Objective:
    """The level ladder of one contract on one (sampled or true) deal.

    ``thresholds``: increasing ``value`` boundaries; rung ``r`` means the
    declaring party can force ``thresholds[r-1]`` but not ``thresholds[r]``.
    ``utility[r]``: the declarer's payout at rung ``r`` on this deal.
    ``mids[r]``: the tie-break threshold inside rung ``r`` (None: none).
    ``exact``: no ladder (Jass, Ramsch): the exact value is the utility.

    Scharwenzel's "für die ersten" is no trick count but the order the
    tricks fall in, so it splits a rung instead of adding a threshold:
    ``first_side[r]`` is the party whose first tricks are asked at rung
    ``r`` (1 the declaring party at a majority, -1 the other at a minority,
    0 none) and ``first_utility[r]`` the payout when that party can force
    them (``first_count`` in a row from the hand's first trick).  Taking
    them implies the majority, so the refined rungs stay one ladder.
    Schafkopf's Schwarz splits the end rungs the same way, with
    ``first_count`` every trick of the hand: the defenders' at the lowest
    rung (no trick is at most 30 points), the declaring party's at the
    highest (every trick is 120)."""

    thresholds: tuple[int, ...]
    utility: tuple[float, ...]
    mids: tuple[int | None, ...]
    exact: bool = False
    first_side: tuple[int, ...] = ()
    first_utility: tuple[float, ...] = ()
    first_count: int = 0

    def span(self) -> tuple[float, float]:
        """The lowest and highest payout of any rung."""
        every = self.utility + tuple(u for u, side in zip(self.first_utility, self.first_side) if side)
        return min(every), max(every)

    @classmethod
    def of(cls, pos: Position, tariff: Tariff) -> Objective:
        if pos.game == "jass" or pos.kind.against_all:
            return cls((), (), (), exact=True)
        n = pos.n_tricks
        if pos.tout:
            payout = scharwenzel_payout if pos.game == "scharwenzel" else schafkopf_payout
            return cls((n,), (float(payout(tariff, pos, Level.LOST)),
                              float(payout(tariff, pos, Level.WON_SCHWARZ))), (None, None))
        if pos.game == "scharwenzel":
            steps = [(1, Level.LOST_SCHWARZ)]
            if n % 2 == 0:
                steps.append((n // 2, Level.LOST))
                steps.append((scharwenzel_majority(pos), Level.DRAW))
            else:
                steps.append((scharwenzel_majority(pos), Level.LOST))
            steps.append((n, Level.WON))
            levels = [lv for _, lv in steps] + [Level.WON_SCHWARZ]
            first = {Level.WON: (1, Level.WON_SCHNEIDER), Level.LOST: (-1, Level.LOST_SCHNEIDER)}
            return cls(tuple(t for t, _ in steps),
                       tuple(float(scharwenzel_payout(tariff, pos, lv)) for lv in levels),
                       (None,) * len(levels),
                       first_side=tuple(first[lv][0] if lv in first else 0 for lv in levels),
                       first_utility=tuple(float(scharwenzel_payout(tariff, pos, first[lv][1]))
                                           if lv in first else 0.0 for lv in levels),
                       first_count=scharwenzel_majority(pos))
        lost_schwarz, *rungs, won_schwarz = _schafkopf_utilities(tariff, pos)
        return cls((FREE_POINTS, WIN_POINTS, SCHNEIDER_POINTS), tuple(rungs), (16, 46, 76, 106),
                   first_side=(-1, 0, 0, 1), first_utility=(lost_schwarz, 0.0, 0.0, won_schwarz),
                   first_count=n)


_UTILITIES: dict[tuple[Any, ...], tuple[float, ...]] = {}


def _schafkopf_utilities(tariff: Tariff, pos: Position) -> tuple[float, ...]:
    """Payouts of lost Schwarz, the rungs lost Schneider, lost, won, won
    Schneider, and won Schwarz (cached: they depend on the deal only
    through the Laufende)."""
    key = (tariff, pos.game, pos.contract, pos.tout, pos.n_seats, laufende(pos))
    if key not in _UTILITIES:
        levels = (Level.LOST_SCHWARZ, Level.LOST_SCHNEIDER, Level.LOST, Level.WON, Level.WON_SCHNEIDER,
                  Level.WON_SCHWARZ)
        _UTILITIES[key] = tuple(float(schafkopf_payout(tariff, pos, lv)) for lv in levels)
    return _UTILITIES[key]


# ---------------------------------------------------------------------------
# Results
@dataclass(frozen=True)
class PlayOut:
    """One deal played to the end: ``cards`` after ``position.play``, the
    final ``value`` (as a solve reports it), its ``level`` (None in Ramsch)
    and the declarer's ``payout`` (None in Ramsch)."""

    position: Position
    cards: tuple[Card, ...]
    value: int
    level: Level | None
    payout: float | None
    decisions: int  # decisions where worlds were sampled

    @property
    def final(self) -> Position:
        return self.position.with_play(self.position.play + self.cards)

    def to_json(self) -> dict[str, Any]:
        return {"cards": [str(c) for c in self.cards], "value": self.value,
                "level": level_key(self.position, self.level),
                "payout": self.payout, "decisions": self.decisions}


# ---------------------------------------------------------------------------
# The choices of the player to move, from his own knowledge
def _run_breakers(st: GameState) -> int:
    """The cards that keep two cards of the player to move from being
    equivalent when they lie between them: the other hands' cards, and the
    cards on the table in this trick (one card may beat such a card where
    the other does not: with HU on the table, EU wins the trick and SU
    does not, though GU was played long ago)."""
    breakers = 0
    for s in range(st.n_seats):
        if s != st.to_move:
            breakers |= st.hands[s]
    for c in st.trick:
        breakers |= 1 << c
    return breakers


def choices(pos: Position, st: GameState, dealt: Sequence[Card]) -> list[int]:
    """The legal cards of the player to move, one per run of cards he knows
    to be equivalent: same following class and card points, and every card
    between them (in that class's order) played in an earlier trick or not
    in the deck -- so a run is equivalent in every deal he may think
    possible.  Each run is represented by its strongest card; the list is
    in showing order."""
    table = st.table
    legal = st.legal_mask()
    mine = st.hands[st.to_move]
    breakers = _run_breakers(st)
    reps = []
    done = 0
    for c in sorted(bits(legal), key=table.display_key):
        if done >> c & 1:
            continue
        reps.append(c)
        if c == table.special_card:
            continue
        order = table.ordered(table.follow_class[c])
        at = order.index(c)
        for nxt in order[at + 1:]:
            if breakers >> nxt & 1:
                break
            if not mine >> nxt & 1:
                continue  # played, or not in this deck
            if not legal >> nxt & 1 or table.points[nxt] != table.points[c] or nxt == table.special_card:
                break
            done |= 1 << nxt
    return reps


def _decision_seed(seed: int, index: Any, ply: int) -> int:
    digest = hashlib.sha256(f"stichfest-single-dummy:{seed}:{index}:{ply}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


#: Transposition table of each world's solver (log2 buckets: 2 MiB).  A
#: decision keeps one solver per world, so its later stages reuse what the
#: first stage's searches stored; mid-hand searches need no bigger table.
WORLD_TT_BITS = 17

_pool = threading.local()


def world_solvers(k: int) -> list[Solver]:
    """This thread's ``k`` solvers for the worlds of one decision (kept for later ones)."""
    have = getattr(_pool, "solvers", None)
    if have is None:
        have = _pool.solvers = []
    while len(have) < k:
        have.append(Solver(tt_bits=WORLD_TT_BITS))
    return have[:k]


class _World:
    """One deal a player thinks possible, loaded into its own solver."""

    def __init__(self, solver: Solver, pos: Position, tariff: Tariff) -> None:
        self.solver = solver
        self.pos = pos
        self.obj = Objective.of(pos, tariff)
        self.st = solver._load(pos)  # the engine is left at this position
        self.so_far = pos.value_so_far(self.st)
        self.engine = solver.engine
        self.first_trick = not self.st.history
        self.reached: dict[tuple[int, int], bool] = {}
        self.firsts: dict[tuple[int, int], bool] = {}
        self.values: dict[int, int] | None = None  # every legal card's value, once asked

    def reaches(self, card: int, target: int) -> bool:
        """After ``card``, can the declaring party still force ``value >= target``?"""
        key = (card, target)
        if key not in self.reached:
            self.reached[key] = self.engine.child_reaches(card, target - self.so_far)
        return self.reached[key]

    def exact(self, card: int) -> float:
        """The exact value after ``card`` (Jass, Ramsch).  Every card is
        valued at once, as ``solve`` values them (between two pairs the
        cards first, each against the best so far; else from the value):
        on 10 Jass positions during play 40 % fewer nodes than each card
        searched on its own from the end of the range."""
        if self.values is None:
            result = self.solver.solve(self.pos, pv=False)
            self.values = {c.index: v for c, v in result.moves.items()}
        return float(self.values[card])

    def takes_first(self, card: int, side: int) -> bool:
        """After ``card``, can ``side`` (1 the declaring party, -1 the other)
        still force the hand's first ``first_count`` tricks in a row?"""
        key = (card, side)
        if key not in self.firsts:
            pos = self.pos
            party = pos.declaring_party if side > 0 else pos.other_party
            after = pos.with_play(pos.play + (Card(card, pos.deck),))
            if pos.game == "schafkopf":
                self.firsts[key] = takes_every_trick(after, party)
            else:
                self.firsts[key] = takes_first_tricks(after, self.obj.first_count, party)
        return self.firsts[key]

    def payout(self, card: int, r: int) -> float:
        """The declarer's payout at rung ``r`` after ``card`` (Scharwenzel:
        with "für die ersten" where the rung's winners can force them)."""
        obj = self.obj
        side = obj.first_side[r] if obj.first_side else 0
        if side and self.takes_first(card, side):
            return obj.first_utility[r]
        return obj.utility[r]

    def rung(self, card: int, start: int) -> int:
        """The rung ``card`` keeps, searching from rung boundary ``start``."""
        ts = self.obj.thresholds
        r = start
        if r < len(ts) and self.reaches(card, ts[r]):
            r += 1
            while r < len(ts) and self.reaches(card, ts[r]):
                r += 1
        else:
            while r > 0 and not self.reaches(card, ts[r - 1]):
                r -= 1
        return r


def takes_every_trick(pos: Position, party: frozenset[int]) -> bool:
    """Whether ``party`` (the declaring one or the other) of a Schafkopf
    party contract can force every trick of the hand from ``pos``: a
    trick-count query (:meth:`Position.as_trick_count`) on this thread's
    trick-count solver, once no trick has gone to the other party."""
    st = pos.state()
    if any(winner not in party for _, _, winner in st.history):
        return False
    counted = pos.as_trick_count()
    solver = trick_solver()
    if party == pos.declaring_party:
        return solver.reaches(counted, pos.n_tricks)
    return not solver.reaches(counted, 1)


def trick_solver() -> Solver:
    """This thread's solver for Schwarz queries (apart from the worlds'
    solvers, whose tables keep the point queries' entries)."""
    have = getattr(_pool, "tricks", None)
    if have is None:
        have = _pool.tricks = Solver(tt_bits=WORLD_TT_BITS)
    return have


def _primary(obj: Objective) -> int:
    """Index of the boundary asked first: the win (61, the Tout's every
    trick, the Scharwenzel majority)."""
    return {1: 0, 3: 1}.get(len(obj.thresholds), len(obj.thresholds) - 2)


def _best(keys: Sequence[int], scores: np.ndarray) -> list[int]:
    top = scores.max()
    return [k for k, s in zip(keys, scores) if s >= top - 1e-9]


def _evaluate(worlds: Sequence[_World], cards: Sequence[int], sign: float) -> list[int]:
    """Positions in ``cards`` of the best choices, in three stages, each
    asking only the choices still tied:

    1. the win boundary in every world: most worlds won (declaring side)
       or fewest (the others);
    2. the rest of the level ladder (Schneider, Schneider free; in
       Scharwenzel Bock, Tout and "für die ersten") in the first quarter
       of the worlds: best mean payout;
    3. from the second trick on, one threshold in the middle of each
       card's rung in the first eighth of the worlds (tie-break for
       points).

    The later stages ask fewer worlds because their boundaries cost more
    (on full hands a Schneider query took 2x the nodes of a win query, a
    mid-rung one 4x) and matter less to the payout: with all worlds in
    every stage a Farbgeier play-out searched 2.2x the nodes; the
    first trick's tie-break was a fifth of the rest.

    Jass and Ramsch: the best mean exact value."""
    keys = list(range(len(cards)))
    if worlds[0].obj.exact:
        return _best(keys, sign * np.array([sum(w.exact(cards[k]) for w in worlds) for k in keys]))
    p = _primary(worlds[0].obj)
    keys = _stage(keys, worlds, sign, lambda w, k: float(w.reaches(cards[k], w.obj.thresholds[p])),
                  lambda w: (0.0, 1.0))
    if len(keys) == 1:
        return keys
    second = worlds[:max(1, (len(worlds) + 3) // 4)]
    rungs: dict[tuple[int, int], int] = {}

    def rung(j: int, k: int) -> int:
        if (j, k) not in rungs:
            rungs[j, k] = second[j].rung(cards[k], p)
        return rungs[j, k]

    keys = _stage(keys, second, sign, lambda w, k: w.payout(cards[k], rung(second.index(w), k)),
                  lambda w: w.obj.span())
    if len(keys) == 1 or all(m is None for m in worlds[0].obj.mids) or worlds[0].first_trick:
        return keys
    third = second[:max(1, (len(worlds) + 7) // 8)]
    top = 2.0 * len(worlds[0].obj.thresholds) + 1

    def half(w: _World, k: int) -> float:
        r = rung(third.index(w), k)
        mid = w.obj.mids[r]
        return 2.0 * r + (1.0 if mid is not None and w.reaches(cards[k], mid) else 0.0)

    return _stage(keys, third, sign, half, lambda w: (0.0, top))


def _stage(keys: Sequence[int], worlds: Sequence[_World], sign: float,
           score: Callable[[_World, int], float],
           bounds: Callable[[_World], tuple[float, float]]) -> list[int]:
    """The keys with the best total of ``sign * score(world, key)`` over
    ``worlds``.  Worlds are scored one after the other; a key whose total
    cannot reach the leader's even with the best scores in the worlds left
    (``bounds(world)``: the lowest and highest score there) is dropped, and
    a lone key is returned at once: the same answer as scoring everything."""
    totals = dict.fromkeys(keys, 0.0)
    alive = list(keys)
    spans = [sorted((sign * lo, sign * hi)) for lo, hi in (bounds(w) for w in worlds)]
    for j, w in enumerate(worlds):
        for k in alive:
            totals[k] += sign * score(w, k)
        rest_lo = sum(lo for lo, _ in spans[j + 1:])
        rest_hi = sum(hi for _, hi in spans[j + 1:])
        floor = max(totals[k] for k in alive) + rest_lo
        alive = [k for k in alive if totals[k] + rest_hi >= floor - 1e-9]
        if len(alive) == 1:
            return alive
    best = max(totals[k] for k in alive)
    return [k for k in alive if totals[k] >= best - 1e-9]


def _view(position: Position, seat: int, play: tuple[Card, ...]) -> Position:
    """What ``seat`` knows: its own dealt hand and the play; the rest hidden."""
    deal = tuple(h if s == seat else None for s, h in enumerate(position.deal))
    return replace(position, deal=deal, play=play)


def choose(position: Position, st: GameState, play: tuple[Card, ...], reps: Sequence[int], *,
           worlds: int, seed: int, index: Any, solver: Solver, tariff: Tariff,
           double_dummy: bool, knowledge: Mapping[int, HandPredicate] | None = None) -> int:
    """The card the player to move picks among ``reps`` (see the module docstring);
    ``knowledge``: what every player knows of other seats' dealt hands (the
    seats that passed), by seat."""
    seat = st.to_move
    if double_dummy:
        loaded = [_World(solver, position.with_play(play), tariff)]
    else:
        view = _view(position, seat, play)
        others = {s: test for s, test in (knowledge or {}).items() if s != seat}  # his own hand he sees
        sampler = DealSampler.for_position(view, Constraints(predicates=others) if others else None)
        dseed = _decision_seed(seed, index, len(play))
        loaded = [_World(s, view.with_deal(sampler.sample(dseed, w)), tariff)
                  for w, s in enumerate(world_solvers(worlds))]
    sign = 1.0 if seat in position.maximizing_seats else -1.0
    cards = list(reps)
    tied = [cards[k] for k in _evaluate(loaded, cards, sign)]
    table = st.table
    return min(tied, key=lambda c: (table.points[c], table.strength[c], c))


def play_out(position: Position, *, worlds: int = WORLDS, seed: int = 0, index: Any = 0,
             solver: Solver | None = None, defenders: str = "single-dummy",
             declarers: str = "single-dummy", tariff: Tariff | None = None,
             knowledge: Mapping[int, HandPredicate] | None = None) -> PlayOut:
    """Play ``position`` (every hand known: the true deal) to the end, each
    player choosing from what he has seen (see the module docstring).

    ``defenders``/``declarers``: ``"single-dummy"`` (sample ``worlds`` deals
    per decision) or ``"double-dummy"`` (see every card).  The declaring
    side is ``position.maximizing_seats``.  ``index`` names the sample in
    the random streams (``(seed, index, ply)``).  ``knowledge``: what the
    bidding told every player (seat -> test of its dealt hand, e.g. a seat
    that passed: :class:`announce.PassedHand`); each player's worlds obey it."""
    for name, model in (("defenders", defenders), ("declarers", declarers)):
        if model not in MODELS:
            raise InputError(f"{name} must be one of {', '.join(MODELS)}, got {model!r}", param=name)
    check_worlds(worlds)
    if None in position.deal:
        raise InputError("a play-out needs every hand (the true deal)")
    solver = solver or default_solver()
    tariff = tariff or Tariff()
    st = position.state()
    play = tuple(position.play)
    played: list[Card] = []
    decisions = 0
    deck = position.deck
    maxi = position.maximizing_seats
    while not st.finished:
        seat = st.to_move
        dealt = position.deal[seat]
        assert dealt is not None  # the play-out runs on a full deal
        reps = choices(position, st, dealt)
        if len(reps) == 1:
            c = reps[0]
        else:
            decisions += 1
            dd = (declarers if seat in maxi else defenders) == "double-dummy"
            c = choose(position, st, play, reps, worlds=worlds, seed=seed, index=index, solver=solver,
                       tariff=tariff, double_dummy=dd, knowledge=knowledge)
        st.play(c)
        card_ = Card(c, deck)
        play += (card_,)
        played.append(card_)
    value = final_value(position, st)
    level = final_level(position, st, value)
    payout = None if level is None else float(final_payout(tariff, position, level, value))
    return PlayOut(position, tuple(played), value, level, payout, decisions)


# ---------------------------------------------------------------------------
# Scoring a finished hand
def final_value(pos: Position, st: GameState) -> int:
    """``value`` of a finished hand, as a solve reports it (Jass: with the match)."""
    value = int(pos.value_so_far(st))
    party = pos.declaring_party
    if pos.match_bonus and all(w in party for _, _, w in st.history):
        value += pos.match_bonus
    return value


def final_level(pos: Position, st: GameState, value: int) -> Level | None:
    """The level of a finished hand (None in Ramsch)."""
    if pos.kind.against_all:
        return None
    party = pos.declaring_party
    if pos.game == "jass":
        return jass_level(value, their_match=not any(w in party for _, _, w in st.history))
    tricks = sum(1 for _, _, w in st.history if w in party)
    n = pos.n_tricks
    if pos.game == "scharwenzel":
        return scharwenzel_level(pos, tricks, first_tricks_side(pos, [w for _, _, w in st.history]))
    if pos.tout:
        return Level.WON_SCHWARZ if tricks == n else Level.LOST
    return points_level(value, every_trick=tricks == n, no_trick=tricks == 0)


def final_payout(tariff: Tariff, pos: Position, level: Level, value: int) -> int:
    if pos.game == "jass":
        from stichfest.weis import jass_weis
        weis, stoeck = jass_weis(pos, multiplied=False)  # the payout multiplies everything once
        return jass_payout(tariff, pos, value, weis, stoeck, their_match=level == Level.LOST_SCHWARZ)
    if pos.game == "scharwenzel":
        return scharwenzel_payout(tariff, pos, level)
    return schafkopf_payout(tariff, pos, level)


# ---------------------------------------------------------------------------
# A contract over sampled deals
@dataclass
class SingleDummyResult:
    """Per-sample results of play-outs of one contract, in sample order
    (sample ``i`` is deal ``sampler.sample(seed, i)``: the double-dummy
    analysis's deal ``i``)."""

    levels: np.ndarray  # Level per sample (int8)
    payouts: np.ndarray  # declarer's payout per sample
    points: np.ndarray  # final value per sample (card points; tricks for Tout/Scharwenzel)
    worlds: int
    defenders: str

    @property
    def samples(self) -> int:
        return len(self.levels)


@dataclass(frozen=True)
class _PlayOutJob:
    sampler: DealSampler
    seed: int
    template: Position  # deal replaced per sample
    worlds: int
    defenders: str
    tariff: Tariff
    knowledge: Mapping[int, HandPredicate] = field(default_factory=dict)  # what the bidding told everyone


def _playout_chunk(job: _PlayOutJob, indices: Sequence[int]) -> list[tuple[int, float, int]]:
    solver = worker_solver()
    out = []
    for i in indices:
        pos = job.template.with_deal(job.sampler.sample(job.seed, i))
        p = play_out(pos, worlds=job.worlds, seed=job.seed, index=i, solver=solver,
                     defenders=job.defenders, tariff=job.tariff, knowledge=job.knowledge)
        out.append((int(p.level if p.level is not None else -1), float(p.payout or 0.0), p.value))
    return out


def playout_tasks(sampler: DealSampler, seed: int, template: Position, indices: Sequence[int], *,
                  worlds: int = WORLDS, defenders: str = "single-dummy", tariff: Tariff | None = None,
                  chunk: int = CHUNK,
                  knowledge: Mapping[int, HandPredicate] | None = None) -> list[tuple[Any, ...]]:
    """Tasks ``(_playout_chunk, (job, indices))`` for a mixed batch (evaluate._run)."""
    job = _PlayOutJob(sampler, seed, template, worlds, defenders, tariff or Tariff(), dict(knowledge or {}))
    idx = list(indices)
    return [(_playout_chunk, (job, idx[a:a + chunk])) for a in range(0, len(idx), chunk)]


def evaluate_single_dummy(sampler: DealSampler, seed: int, template: Position, samples: int | Sequence[int],
                          *, worlds: int = WORLDS, defenders: str = "single-dummy",
                          tariff: Tariff | None = None, executor: Executor | None = None,
                          progress: ProgressBar | None = None) -> SingleDummyResult:
    """Play ``template``'s contract out on the sampled deals ``samples``
    (a count: ``0..samples-1``; or the indices) of ``sampler`` with
    ``seed`` -- the deals the double-dummy analysis of the same sampler and
    seed uses, so the two pair deal by deal.  Results depend on the seed
    only, not on the executor."""
    if defenders not in MODELS:
        raise InputError(f"defenders must be one of {', '.join(MODELS)}, got {defenders!r}",
                         param="defenders")
    indices = list(range(samples)) if isinstance(samples, int) else list(samples)
    tasks = playout_tasks(sampler, seed, template, indices, worlds=worlds, defenders=defenders, tariff=tariff)
    step = (lambda rows: progress.advance(len(rows))) if progress else None
    rows = [r for chunk in run_tasks(_run, tasks, executor, step) for r in chunk]
    return SingleDummyResult(np.array([r[0] for r in rows], dtype=np.int8),
                             np.array([r[1] for r in rows], dtype=np.float64),
                             np.array([r[2] for r in rows], dtype=np.float64), worlds, defenders)


def _run(fn: Callable[..., Any], args: tuple[Any, ...]) -> Any:
    return fn(*args)


def evaluate_contract(game: str, hand: str | Sequence[Card], seat: int, leader: int, contract: str, *,
                      samples: int = 200, seed: int = 0, worlds: int = WORLDS,
                      defenders: str = "single-dummy", tariff: Tariff | None = None,
                      constraints: Constraints | None = None, rules: Mapping[str, Any] | None = None,
                      executor: Executor | None = None, players: int | None = None) -> SingleDummyResult:
    """One contract (an id such as ``geier`` or ``solo-H``) of ``hand`` played
    out single dummy on the deals :func:`evaluate.evaluate_hand` samples
    with the same ``seed`` and constraints."""
    from .evaluate import _checked_hand, contracts_for_hand, select_contracts
    cards, n_seats = _checked_hand(game, hand, seat, leader, rules, players)
    specs = select_contracts(contracts_for_hand(game, cards, n_seats), [contract], n_seats)
    spec = next((s for s in specs if s.id.lower() == contract.lower()), specs[0])
    sampler = DealSampler.for_hand(game, seat, cards, constraints, n_seats)
    template = Position.build(spec, sampler.sample(seed, 0), declarer=seat, leader=leader, rules=rules)
    return evaluate_single_dummy(sampler, seed, template, samples, worlds=worlds, defenders=defenders,
                                 tariff=tariff, executor=executor)


# ---------------------------------------------------------------------------
# During play: each card's value when the rest is played single dummy
@dataclass(frozen=True)
class _MidgameJob:
    sampler: DealSampler
    seed: int
    position: Position
    cards: tuple[Card, ...]  # the mover's choices (empty when his hand is hidden)
    worlds: int
    defenders: str


def _finish(job: _MidgameJob, pos: Position, index: int, solver: Solver) -> int:
    """The value of ``pos`` when the rest of the hand is played out single dummy."""
    return play_out(pos, worlds=job.worlds, seed=job.seed, index=index, solver=solver,
                    defenders=job.defenders).value


def _midgame_chunk(job: _MidgameJob, start: int, stop: int) -> list[tuple[int, list[int]]]:
    """Per sample: the play-out's value from the position (the mover choosing
    too), and the value after each of the mover's choices."""
    solver = worker_solver()
    out = []
    for i in range(start, stop):
        pos = job.position.with_deal(job.sampler.sample(job.seed, i))
        value = _finish(job, pos, i, solver)
        after = [_finish(job, pos.with_play(pos.play + (c,)), i, solver) for c in job.cards]
        out.append((value, after))
    return out


def analyze_position_single_dummy(pos: Position, *, samples: int = 100, seed: int = 0, worlds: int = WORLDS,
                                  defenders: str = "single-dummy", constraints: Constraints | None = None,
                                  executor: Executor | None = None,
                                  progress: ProgressBar | None = None) -> PositionAnalysis:
    """Like :func:`midgame.analyze_position`, but each sampled deal is played
    out single dummy from the position (and after each legal card of the
    player to move) instead of solved open-handed.  Equivalent cards (see
    :func:`choices`) share one play-out.  Returns a
    :class:`midgame.PositionAnalysis`."""
    from .midgame import PositionAnalysis, win_target
    if samples < 1:
        raise InputError("samples must be at least 1", param="samples")
    if defenders not in MODELS:
        raise InputError(f"defenders must be one of {', '.join(MODELS)}, got {defenders!r}",
                         param="defenders")
    sampler = DealSampler.for_position(pos, constraints)
    probe = pos.with_deal(sampler.sample(seed, 0))
    st = probe.state()
    to_move = None if st.finished else st.to_move
    heads: dict[Card, Card] = {}
    reps: list[Card] = []
    if to_move is not None and pos.deal[to_move] is not None:
        deck = pos.deck
        rep_idx = choices(probe, st, pos.deal[to_move] or ())
        reps = [Card(c, deck) for c in rep_idx]
        # every legal card maps to the representative of its run
        for c in sorted(st.legal_cards(), key=lambda c: pos.table.display_key(c.index)):
            same = [r for r in reps if _same_run(st, r.index, c.index)]
            heads[c] = same[0] if same else c
    job = _MidgameJob(sampler, seed, pos, tuple(reps), worlds, defenders)
    tasks = [(job, a, min(a + CHUNK, samples)) for a in range(0, samples, CHUNK)]
    if progress:
        progress.relabel("playing out sampled deals", samples, done=0)
    step = (lambda rows: progress.advance(len(rows))) if progress else None
    chunks: dict[int, list[tuple[int, list[int]]]] = {}

    def analysis(rows: list[tuple[int, list[int]]], interrupted: bool = False) -> PositionAnalysis:
        values = np.array([v for v, _ in rows], dtype=np.float64)
        per_rep = {r: np.array([after[k] for _, after in rows], dtype=np.float64) for k, r in enumerate(reps)}
        moves = {name: per_rep[rep] for name, rep in heads.items()}
        return PositionAnalysis(pos, seed, win_target(pos), to_move, values, moves, interrupted,
                                play="single-dummy")

    try:
        run_tasks(_midgame_chunk, tasks, executor, step, on_task=chunks.__setitem__)
    except (KeyboardInterrupt, Stopped) as e:
        rows = first_rows(chunks)  # the deals from the first on, as --samples that many would play them
        raise stopped(e, analysis(rows, interrupted=True) if rows else None, len(rows), samples) from None
    return analysis(first_rows(chunks))


def _same_run(st: GameState, a: int, b: int) -> bool:
    """Whether ``b`` is ``a`` or in ``a``'s run of equivalent cards (as :func:`choices`)."""
    if a == b:
        return True
    table = st.table
    if table.follow_class[a] != table.follow_class[b] or table.points[a] != table.points[b]:
        return False
    if a == table.special_card or b == table.special_card:
        return False
    mine = st.hands[st.to_move]
    breakers = _run_breakers(st)
    order = table.ordered(table.follow_class[a])
    i, j = sorted((order.index(a), order.index(b)))
    return not any(breakers >> c & 1 or (mine >> c & 1 and table.points[c] != table.points[a])
                   for c in order[i + 1:j])


# ---------------------------------------------------------------------------
# Beside the double-dummy hand analysis
#: ``--play both`` (the default): the top contracts after the race are
#: played out single dummy on their first :data:`BUDGET_SAMPLES` deals --
#: what fits the issue-12 budget (about a minute on 2 cores at the
#: reference speed; bench/bench_single_dummy.py).
TOP_CONTRACTS = 3
BUDGET_SAMPLES = 200
PLAY_MODES = ("double-dummy", "single-dummy", "both")
#: Games whose hand analysis is double dummy unless ``--play`` asks for
#: more.  A Jass decision has no level ladder to ask thresholds of: each
#: world's choices get exact 36-card values: ``stichfest analyze --game jass
#: --hand "HJ H9 HA HK S10 SA CA D6 D7" --seat 0 --leader 0 --samples 200
#: --play both`` took 31 minutes on 2 cores (3,598 CPU s for 260 play-outs,
#: 14 CPU s each) against 25 s for its double-dummy table.
DOUBLE_DUMMY_BY_DEFAULT = frozenset({"jass"})


def default_play(game: str) -> str:
    """What ``--play`` is before play when not given: ``both`` where the
    play-outs fit the budget, double dummy alone in Jass."""
    return "double-dummy" if game in DOUBLE_DUMMY_BY_DEFAULT else "both"


def check_worlds(worlds: int) -> None:
    """``InputError`` naming ``worlds`` unless 1 <= worlds <= :data:`MAX_WORLDS`."""
    if worlds < 1:
        raise InputError("worlds must be at least 1", param="worlds")
    if worlds > MAX_WORLDS:
        raise InputError(f"worlds must be at most {MAX_WORLDS} (got {worlds:,}): each world keeps a solver "
                         f"of {1 << (WORLD_TT_BITS + 6 - 20)} MiB for the whole play-out", param="worlds")


def check_play_options(play: str, worlds: int | None, defenders: str) -> None:
    """One-line errors for bad ``--play``, ``--worlds`` and ``--defenders``, before any work."""
    if play not in PLAY_MODES:
        raise InputError(f"play must be one of {', '.join(PLAY_MODES)}, got {play!r}", param="play")
    if worlds is not None:
        check_worlds(worlds)
    if defenders not in MODELS:
        raise InputError(f"defenders must be one of {', '.join(MODELS)}, got {defenders!r}",
                         param="defenders")


def play_out_contracts(rows: Sequence[Any], sampler: DealSampler, seed: int,
                       templates: Mapping[str, Position], *, samples: int, worlds: int = WORLDS,
                       defenders: str = "single-dummy", tariff: Tariff | None = None,
                       executor: Executor | None = None, progress: ProgressBar | None = None,
                       knowledge: Mapping[int, HandPredicate] | None = None) -> dict[str, SingleDummyResult]:
    """Play-outs of each contract row (``row.spec.id``) on its first
    ``min(samples, row.samples)`` deals, all in one pool of tasks; by id.
    ``knowledge``: what the bidding told every player (see :func:`play_out`)."""
    if defenders not in MODELS:
        raise InputError(f"defenders must be one of {', '.join(MODELS)}, got {defenders!r}",
                         param="defenders")
    check_worlds(worlds)
    tasks: list[tuple[Any, ...]] = []
    owners: list[str] = []
    for r in rows:
        cid = r.spec.id
        n = min(samples, r.samples)
        new = playout_tasks(sampler, seed, templates[cid], range(n), worlds=worlds, defenders=defenders,
                            tariff=tariff, knowledge=knowledge)
        tasks += new
        owners += [cid] * len(new)
    total = sum(len(t[1][1]) for t in tasks)
    if progress:
        progress.relabel("single-dummy play-outs", total, done=0)
    step = (lambda rows_: progress.advance(len(rows_))) if progress else None
    chunks: dict[int, list[tuple[int, float, int]]] = {}

    def by_contract() -> dict[str, SingleDummyResult]:
        # each contract's play-outs from its first deal on, up to its first task not finished
        out: dict[str, SingleDummyResult] = {}
        for cid in dict.fromkeys(owners):
            own = [i for i, o in enumerate(owners) if o == cid]
            rows = first_rows({j: chunks[i] for j, i in enumerate(own) if i in chunks})
            if rows:
                out[cid] = SingleDummyResult(np.array([x[0] for x in rows], dtype=np.int8),
                                             np.array([x[1] for x in rows], dtype=np.float64),
                                             np.array([x[2] for x in rows], dtype=np.float64), worlds, defenders)
        return out

    try:
        run_tasks(_run, tasks, executor, step, on_task=chunks.__setitem__)
    except (KeyboardInterrupt, Stopped) as e:
        partial = by_contract()
        raise stopped(e, partial, sum(r.samples for r in partial.values()), total,
                      unit="single-dummy play-outs") from None
    return by_contract()


@dataclass
class SingleDummyRow:
    """A contract row's single-dummy figures, beside its double-dummy ones:
    ``result`` holds the play-outs' levels, payouts and points in a
    :class:`evaluate.ContractResult` (so the figures are computed alike);
    ``dd_payouts`` the double-dummy payouts of the same deals."""

    result: Any  # evaluate.ContractResult
    dd_payouts: np.ndarray
    worlds: int
    defenders: str

    @property
    def samples(self) -> int:
        return int(self.result.samples)

    def figures(self) -> dict[str, Any]:
        out: dict[str, Any] = self.result.figures()
        return out

    def paired(self) -> tuple[float, float]:
        """Mean payout difference single minus double dummy on the same deals, and its standard error."""
        diff, se, _ = paired_difference(self.result.payouts, self.dd_payouts)
        return diff, se

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"samples": self.samples, "worlds": self.worlds, "defenders": self.defenders}
        out.update({k: (v.to_json() if v is not None else None) for k, v in self.figures().items()})
        diff, se = self.paired()
        out["payout_minus_double_dummy"] = {"mean_difference": round(diff, 6),
                                            "standard_error": json_float(se)}
        return out


def attach_single_dummy(results: Sequence[Any], sampler: DealSampler, seed: int,
                        templates: Mapping[str, Position], *, play: str, worlds: int = WORLDS,
                        defenders: str = "single-dummy", tariff: Tariff | None = None,
                        executor: Executor | None = None, progress: ProgressBar | None = None,
                        top: int = TOP_CONTRACTS, budget: int = BUDGET_SAMPLES,
                        knowledge: Mapping[int, HandPredicate] | None = None) -> list[Any]:
    """Play out the first ``top`` rows of ``results`` (ranked by double-dummy
    payout after the race) and set each one's ``single_dummy``
    (:class:`SingleDummyRow`).  ``play="both"``: on the first ``budget``
    deals of each; ``"single-dummy"``: on all of its deals.  Returns
    ``results`` re-ranked for ``"single-dummy"`` (the played-out rows by
    single-dummy payout first), else as they were.  ``knowledge``: what the
    bidding told every player (the seats that passed; see :func:`play_out`)."""
    from .evaluate import ContractResult
    if play not in PLAY_MODES:
        raise InputError(f"play must be one of {', '.join(PLAY_MODES)}, got {play!r}", param="play")
    if play == "double-dummy":
        return list(results)
    rows = list(results)[:top]
    samples = budget if play == "both" else max(r.samples for r in rows)

    def attached(played: Mapping[str, SingleDummyResult]) -> list[Any]:
        for r in rows:
            sd = played.get(r.spec.id)
            if sd is None:  # stopped before its first play-out
                continue
            n = sd.samples
            points = None if r.spec.tout else sd.points  # as double dummy: a Tout has no points figure
            r.single_dummy = SingleDummyRow(ContractResult(r.spec, r.name, sd.levels, sd.payouts, points),
                                            r.payouts[:n].copy(), worlds, defenders)
        if play == "single-dummy":
            order = {id(r): i for i, r in enumerate(results)}
            return sorted(results, key=lambda r: (r.single_dummy is None,
                                                  -(r.single_dummy.result.payout.mean if r.single_dummy else 0.0),
                                                  order[id(r)]))
        return list(results)

    try:
        played = play_out_contracts(rows, sampler, seed, templates, samples=samples, worlds=worlds,
                                    defenders=defenders, tariff=tariff, executor=executor, progress=progress,
                                    knowledge=knowledge)
    except Stopped as e:  # the rows with the play-outs finished so far (play_out_contracts)
        raise stopped(e, attached(e.partial or {}), e.done, e.total, e.unit) from None
    return attached(played)
