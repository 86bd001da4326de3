"""During play: which card now?

The position's hidden hands (``"?"``) are sampled consistently with
everything seen so far (:class:`~analysis.sampling.DealSampler`), each
sampled deal is solved open-handed, and the results are averaged: the
final ``value`` of the position and, for each legal card of the player to
move, the final ``value`` after that card, with the probability of
reaching the game's target where it has one (61 card points, a Tout's
every trick, a Scharwenzel majority, Jass's 79 points as the hand
analysis counts a win).  This is the usual "perfect
information Monte Carlo" estimate: it assumes every player will see all
cards from the next card on, which flatters the defenders' and the
declarer's later guesses alike.
"""
from __future__ import annotations

from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

import numpy as np

from stichfest import Card, Position
from stichfest.contracts import COUNTS_TRICKS

from .evaluate import CHUNK, JASS_CHUNK, scharwenzel_optimal_level
from .executor import ProgressBar, Stopped, first_rows, run_tasks, stopped, worker_solver
from .sampling import Constraints, DealSampler, check_samples
from .scoring import WIN_POINTS, Level, jass_win_points, level_key, scharwenzel_majority
from .single_dummy import BUDGET_SAMPLES, WORLDS, analyze_position_single_dummy, check_play_options
from .stats import Estimate, proportion, sample_mean


def win_target(pos: Position) -> int | None:
    """The ``value`` at which the declaring party reaches its goal, if the game has one."""
    kind = pos.kind
    if pos.tout:
        return pos.n_tricks
    if kind.game == "schafkopf" and not kind.against_all:
        return WIN_POINTS
    if kind.counts == COUNTS_TRICKS:
        return scharwenzel_majority(pos)
    if kind.game == "jass":
        return jass_win_points()  # as the hand analysis and the review count a win
    return None  # Ramsch: no fixed target


def _figures(values: np.ndarray, target: int | None, exact: bool = False) -> dict[str, Any]:
    if exact:  # one deal, known: no interval around it
        v = round(float(values[0]), 6)
        won = None if target is None else float(values[0] >= target)
        return {"mean": v, "mean_low": v, "mean_high": v, "win": won, "win_low": won, "win_high": won}
    mean: Estimate = sample_mean(values)
    # a value is never below 0 (points or tricks), so neither is its mean's interval
    out: dict[str, Any] = {"mean": round(mean.mean, 6), "mean_low": round(max(mean.low, 0.0), 6),
                           "mean_high": round(mean.high, 6), "win": None, "win_low": None, "win_high": None}
    if target is not None:
        win = proportion(values >= target)
        out.update(win=round(win.mean, 6), win_low=round(win.low, 6), win_high=round(win.high, 6))
    return out


@dataclass
class PositionAnalysis:
    """Per-sample results of one position; figures are derived on demand."""

    position: Position
    seed: int
    target: int | None
    to_move: int | None
    values: np.ndarray  # value of the position per sample
    moves: dict[Card, np.ndarray]  # card -> value after it, per sample (mover known)
    #: The run was stopped early: the figures are over the deals finished (see analyze_position).
    interrupted: bool = False
    play: str = "double-dummy"  # how each sampled deal was finished (--play)
    single_dummy: PositionAnalysis | None = None  # with play "both": the same deals played out
    #: What is given leaves one deal only (every hand given, or the last one
    #: follows from the others): it was solved once, and the figures are exact.
    exact: bool = False
    #: With ``exact`` in Scharwenzel: each card's outcome level on that deal
    #: ("für die ersten" is not in the trick count), which ranks the cards.
    levels: dict[Card, int] | None = None

    @property
    def samples(self) -> int:
        return len(self.values)

    def value(self) -> dict[str, Any]:
        return _figures(self.values, self.target, self.exact)

    def move_figures(self) -> dict[Card, dict[str, Any]]:
        return {card: _figures(v, self.target, self.exact) for card, v in self.moves.items()}

    def best_move(self) -> Card | None:
        """The best card for the player to move (None without moves): the best
        mean value; where the value counts tricks (Scharwenzel, a Tout) only
        the outcome pays, so first the best mean outcome (a Tout made or
        not; in Scharwenzel the majority +1, Bock 0, the minority -1), or on
        a known Scharwenzel deal the best level."""
        if not self.moves:
            return None
        sign = 1 if self.to_move in self.position.maximizing_seats else -1
        levels, target = self.levels, self.target

        def key(c: Card) -> tuple[float, ...]:
            mean = sign * float(np.mean(self.moves[c]))
            if levels is not None:
                return (sign * levels[c], mean)
            if self.position.scores_tricks and target is not None:
                return (sign * float(np.mean(self._outcomes(self.moves[c]))), mean)
            return (mean,)
        return max(self.moves, key=key)

    def _outcomes(self, values: np.ndarray) -> np.ndarray:
        """Per deal, what a trick count decides: the target reached (1) or not;
        in a Scharwenzel game equal tricks (Bock, 0) between the majority (1)
        and the minority (-1)."""
        assert self.target is not None
        if self.position.tout or self.position.game != "scharwenzel":
            return (values >= self.target).astype(np.float64)
        return np.asarray(np.sign(2 * values - self.position.n_tricks), dtype=np.float64)

    def to_json(self) -> dict[str, Any]:
        best = self.best_move()
        return {"samples": self.samples, "seed": self.seed, "to_move": self.to_move,
                "target": self.target, "value": self.value(),
                "moves": {str(c): f for c, f in self.move_figures().items()},
                "best": None if best is None else str(best), "interrupted": self.interrupted, "play": self.play,
                "exact": self.exact,
                **({"levels": {str(c): level_key(self.position, Level(lv)) for c, lv in self.levels.items()}}
                   if self.levels is not None else {}),
                **({"single_dummy": self.single_dummy.to_json()} if self.single_dummy is not None else {})}


@dataclass(frozen=True)
class _PositionJob:
    sampler: DealSampler
    seed: int
    position: Position
    with_moves: bool


def _position_chunk(job: _PositionJob, start: int, stop: int) -> list[tuple[int, dict[Card, int]]]:
    solver = worker_solver()
    out = []
    for i in range(start, stop):
        pos = job.position.with_deal(job.sampler.sample(job.seed, i))
        if job.with_moves:
            result = solver.solve(pos, pv=False)
            out.append((result.value, result.moves))
        else:
            out.append((solver.value(pos), {}))
    return out


def analyze_position(pos: Position, *, samples: int = 1000, seed: int = 0,
                     constraints: Constraints | None = None, executor: Executor | None = None,
                     progress: ProgressBar | None = None, play: str = "double-dummy",
                     worlds: int = WORLDS, defenders: str = "single-dummy") -> PositionAnalysis:
    """Estimate ``pos`` (hidden hands as None) over ``samples`` sampled deals.

    Card advice needs the hand of the player to move: when it is hidden,
    only the value of the position is estimated.  Results depend on
    ``seed`` only, not on the executor.

    A run stopped early (Ctrl-C, SIGTERM, a dead worker) raises a
    :class:`~stichfest.analysis.executor.Stopped` whose ``partial`` is the
    analysis of the first ``done`` deals, marked ``interrupted`` (None if
    no deal was finished).

    ``play="single-dummy"``: each sampled deal is played out single dummy
    instead (:func:`single_dummy.analyze_position_single_dummy`); ``"both"``
    adds that analysis as ``single_dummy``.
    """
    check_samples(samples)
    check_play_options(play, worlds, defenders)
    if play == "single-dummy":
        return analyze_position_single_dummy(pos, samples=samples, seed=seed, worlds=worlds,
                                             defenders=defenders, constraints=constraints,
                                             executor=executor, progress=progress)
    sampler = DealSampler.for_position(pos, constraints)
    # Only one deal fits what is given: one solve answers exactly, where
    # ``samples`` copies of it would print intervals around a certainty.
    exact = sampler.count() == 1
    wanted = samples  # the single-dummy play-outs of "both" still vary from copy to copy of the deal
    if exact:
        samples = 1
    # Who moves does not depend on the hidden cards: trick winners follow from the cards played.
    probe = pos.with_deal(sampler.sample(seed, 0)).state()
    to_move = None if probe.finished else probe.to_move
    with_moves = to_move is not None and pos.deal[to_move] is not None
    job = _PositionJob(sampler, seed, pos, with_moves)
    chunk = JASS_CHUNK if pos.game == "jass" else CHUNK  # a Jass deal's every card takes a second or more
    tasks = [(job, a, min(a + chunk, samples)) for a in range(0, samples, chunk)]
    if progress:
        progress.update(done=0, total=samples)
    step = (lambda rows: progress.advance(len(rows))) if progress else None
    chunks: dict[int, list[tuple[int, dict[Card, int]]]] = {}
    try:
        run_tasks(_position_chunk, tasks, executor, step, on_task=chunks.__setitem__)
    except (KeyboardInterrupt, Stopped) as e:
        rows = first_rows(chunks)  # the deals from the first on, up to the first not finished
        partial = _position_analysis(pos, seed, to_move, rows, interrupted=True) if rows else None
        raise stopped(e, partial, len(rows), samples) from None
    out = _position_analysis(pos, seed, to_move, first_rows(chunks))
    out.exact = exact
    if exact and pos.game == "scharwenzel" and not pos.tout and out.moves:
        deal = pos.with_deal(sampler.sample(seed, 0))
        out.levels = {c: int(scharwenzel_optimal_level(deal.with_play(deal.play + (c,)), int(v[0])))
                      for c, v in out.moves.items()}
    if play == "both":
        played = min(wanted, BUDGET_SAMPLES)
        try:
            out.single_dummy = analyze_position_single_dummy(
                pos, samples=played, seed=seed, worlds=worlds, defenders=defenders,
                constraints=constraints, executor=executor, progress=progress)
        except (KeyboardInterrupt, Stopped) as e:
            # Every double-dummy figure is in; the play-outs finished so far beside them.
            out.interrupted = True
            out.single_dummy = e.partial if isinstance(e, Stopped) else None
            done = out.single_dummy.samples if out.single_dummy is not None else 0
            raise stopped(e, out, done, played, unit="single-dummy play-outs (double dummy: all done)") from None
    return out


def _position_analysis(pos: Position, seed: int, to_move: int | None, rows: list[tuple[int, dict[Card, int]]],
                       interrupted: bool = False) -> PositionAnalysis:
    values = np.array([v for v, _ in rows], dtype=np.float64)
    cards = list(rows[0][1])
    moves = {c: np.array([m[c] for _, m in rows], dtype=np.float64) for c in cards}
    return PositionAnalysis(pos, seed, win_target(pos), to_move, values, moves, interrupted)
