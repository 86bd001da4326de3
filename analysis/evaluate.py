"""Contracts before play: which contract should this hand announce, and how
likely will it win?

Every contract the hand may announce is played open-handed on the same N
sampled deals (:mod:`stichfest.analysis.sampling`), so differences between
contracts are measured on equal cards (a paired comparison).  Each figure
asks the solver only what it needs:

* Schafkopf: the outcome level of a game (lost Schwarz, lost Schneider,
  lost, won, won Schneider, won Schwarz) is found with threshold queries
  (``reaches`` 61, then 91 or 31) and trick-count queries for Schwarz and
  Tout.  A trick-count query asks the same contract with Tout scoring
  (value = tricks of the declaring party, ``tout=True``), also for the
  Sauspiel, whose JSON form has no Tout: a party takes every trick exactly
  when it can force ``n_tricks`` tricks, which 120 card points would not
  prove (a trick may hold 0 points).  The payout depends only on the level
  and the Laufende, so it needs no exact value; because the levels are
  nested "can force at least" sets, the level found is the one of optimal
  play for the payout itself.
* The exact card points (the mean shown in the table, the ``--plot``) are
  asked only of the contracts in contention, and only on the first
  :data:`POINTS_SAMPLES` = K deals (``points_samples``): the levels and
  payouts use every deal.  (An exact value costs about four times a
  level's threshold queries: on a hand whose contenders all run to the
  end, exact points on every deal were three quarters of the time.)  The
  mean still uses every deal, through its level: each deal's level bounds
  its value from below (61 for a won game), so the mean is the mean of
  those floors over all N deals plus the mean excess of the exact value
  over its floor on the first K (:func:`stats.two_phase_mean`, with the
  interval of that sum).  The excess stays inside one level's range, so it
  varies far less than the value: on the middling hand of
  ``bench/bench_analyze.py`` K = 50 gives intervals of +-2.5 to 2.8
  points (K = 100: +-1.9 to 2.3) where 1000 exact values gave +-1.0 to
  1.6 (and the plain mean of the first 50, +-4.6 to 6.6).

  Which of the first K deals get their exact value when: in the race's
  last batch every active contract is a contender, so its deals among
  the first K are solved exactly *instead of* by threshold queries (the
  bisection asks 61 and then 91 or 30 first, much as the level's queries
  do: the level comes with the value).  The earlier ones get their exact
  value in the same batch (one pool of tasks, so no worker waits for the
  other between the two), by bisection inside the level's known point
  range.  Where K reaches past the first checkpoint (not with the default
  K = 50), the leader and the contracts close to it
  (:data:`EARLY_EXACT_Z`) are solved exactly from there on, as they will
  most likely be contenders.  (Solving every
  contract exactly from the first checkpoint on was measured slower: the
  exact work spent on contracts the race stops later outweighs the
  threshold queries saved.)
* Jass payouts depend on the exact points, so Jass asks for the value
  (on every deal, so its mean points are over every deal too).
  Scharwenzel levels are trick thresholds (majority, equal, every trick).

Racing: after 50 samples and then at 100, 200, 400, 800 (Jass: from 5,
10 and 20 on, :data:`JASS_RACE_CHECKPOINTS`), a contract whose
payout is below the leader's on the same deals by more than
:data:`RACE_Z` standard errors (at 5 deals :data:`EARLY_RACE_Z`) stops sampling (the output names it and its
sample count).  Every contract in contention gets all N samples.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field, replace
from math import sqrt
from typing import Any

import numpy as np

from stichfest import Position, Solver
from stichfest.cards import GAME_DECK, SUIT_LETTERS, Card, deck_cards, either, parse_cards
from stichfest.contracts import CLUBS, CONTRACTS, REGISTRY, Contract, callable_suits, every_contract
from stichfest.position import RULE_DEFAULTS, PositionError, checked_rules, deck_description
from stichfest.streak import takes_first_tricks
from stichfest.weis import jass_weis

from . import stats
from .announce import DEFAULT_RULE, AllOf, AnnouncedHand, AnnounceRule, bidding_predicates, with_predicates
from .errors import InputError
from .executor import ProgressBar, Stopped, run_tasks, stopped, worker_solver
from .ranking import DEFAULT_RANKING, Ranking, check_outbid, outbidding
from .render import contract_title
from .sampling import Constraints, DealSampler, check_samples, deal_shape
from .scoring import (
    FREE_POINTS,
    JASS_MATCH,
    JASS_TOTAL,
    SCHNEIDER_POINTS,
    WIN_POINTS,
    Level,
    Tariff,
    jass_level,
    jass_payout,
    jass_weis_net,
    points_level,
    schafkopf_payout,
    scharwenzel_level,
    scharwenzel_majority,
    scharwenzel_payout,
)
from .single_dummy import WORLDS, SingleDummyRow, attach_single_dummy, check_play_options
from .stats import Estimate, proportion, sample_mean, two_phase_mean

#: Standard errors by which a contract must trail the leader to stop early.
#: Above 1.96 because the race looks several times.
RACE_Z = 3.0
#: From the first checkpoint on, the leader and the contracts within this
#: many standard errors of it are solved exactly in place of the threshold
#: queries: they will most likely be contenders, whose exact values are
#: needed anyway, and one exact search costs less than the threshold
#: queries plus a later one (measured: 2-3 % less time in all).
EARLY_EXACT_Z = 1.0
#: Cumulative sample counts after which the race is checked (then N).
RACE_CHECKPOINTS = (50, 100, 200, 400, 800)
#: Jass checks after 5, 10 and 20 deals too: a deal costs a hundred
#: Schafkopf ones, every mode is solved exactly, and the modes it can stop
#: there cost most of the run before deal 50 (``bench_analyze.py --hand
#: jass``: the three weak trump modes were 28 of its 44 CPU s, at 0.8 to
#: 1.2 CPU s a deal, the mode it plays 14).  At 10 paired deals RACE_Z = 3
#: is still a rare false stop (a t-distribution with 9 degrees of freedom
#: passes 3 with probability 0.008); at 5 the same rarity asks for more
#: standard errors (:data:`EARLY_RACE_Z`).
JASS_RACE_CHECKPOINTS = (5, 10, 20, *RACE_CHECKPOINTS)
#: Standard errors for a stop at fewer than 10 paired deals, by deals: a
#: t-distribution with 4 degrees of freedom passes 4.0 with probability
#: 0.008, as one with 9 passes RACE_Z (the standard error itself is
#: uncertain from so few deals).
EARLY_RACE_Z = {5: 4.0}
#: Deals whose exact card points are found for the mean (each contract in
#: contention, the first this many deals; ``--points-samples``): with every
#: deal's level (see the module docstring) 50 give the mean within about
#: +-2.5 points (95 %), for an eighth more search than no points at all on
#: the middling hand (100: +-2 points, a third more).  The other figures
#: use every deal.
POINTS_SAMPLES = 50
#: Samples per task: small enough to balance two workers in a 50-sample
#: batch, large enough that task overhead stays negligible.
CHUNK = 10
#: Jass deals per task: a Jass deal costs a hundred Schafkopf ones (36
#: cards, every deal solved exactly: 0.15 to 6 CPU s a mode here), so five
#: or ten deals made tasks of up to a minute, and a worker could wait most
#: of one at every checkpoint.  A Jass task is one mode on one deal, not
#: every mode: the first batches are five deals, and five tasks of six
#: modes each left one of two workers idle for a whole deal's six solves
#: at each checkpoint.
JASS_CHUNK = 1


# ---------------------------------------------------------------------------
# Contracts
def contracts_for_hand(game: str, hand: Sequence[Card], players: int | None = None) -> list[Contract]:
    """Every contract ``hand`` may announce, in the registry's order: a Sauspiel
    on each callable Sau, each other announced contract on each trump suit it
    may name; then each contract's Tout (Schafkopf's solo games, Scharwenzel).  Only the contracts
    played by ``players`` (default: as :func:`deal_shape` infers from the
    hand; in Schafkopf for three no Sauspiel).  A contract won without play
    (Sie) is listed where the hand holds its cards."""
    n_seats = players if players is not None else deal_shape(game, len(hand))[0]
    kinds = [k for k in REGISTRY if k.game == game and k.announced
             and (k.players is None or n_seats in k.players)]
    out: list[Contract] = []
    for tout in (False, True):
        for k in kinds:
            if tout and not k.tout_allowed:
                continue
            if not k.played:
                out += [Contract(game, k.name)] if not tout and k.claimed_by(hand) else []
                continue
            if k.calls_sau:
                if not tout:
                    out += [Contract(game, k.name, called=s) for s in callable_suits(hand)]
                continue
            suits: Sequence[int | None] = range(4) if k.needs_trump else (None,)
            out += [Contract(game, k.name, trump=s, tout=tout) for s in suits]
    return out



def passed_game(specs: Sequence[Contract], rules: Mapping[str, Any] | None,
                wanted: Sequence[str] | None = None) -> list[Contract]:
    """``specs`` less what a rule variant rules out: with ``scharwenzel_passed``
    everyone passed, so clubs is trump and no Tout was announced (the clubs
    game alone).  A contract named outright in ``wanted`` that the rule
    rules out, or a choice that leaves no contract, is an
    :class:`InputError` naming the rule."""
    if not (rules or {}).get("scharwenzel_passed"):
        return list(specs)
    kept = [s for s in specs if s.trump == CLUBS and not s.tout]
    named = {w.strip().lower() for w in wanted or ()}
    # a contract named outright, or a choice that leaves none: refused (a prefix may take its clubs game)
    out = [s for s in specs if s not in kept and (s.id.lower() in named or not kept)]
    if wanted and out:
        raise InputError(f"with scharwenzel_passed everyone passed, so only the clubs game is played, not "
                         f"{out[0].id}", param="contracts")
    return kept


def select_contracts(specs: Sequence[Contract], wanted: Sequence[str],
                     players: int | None = None) -> list[Contract]:
    """The specs named by ``wanted``: an id (``solo-H``, ``solo-H-tout``) or a
    prefix of ids (``solo``: every solo and its Tout; ``tout``: every Tout).
    ``players``: the seats dealt, to name the rule when a contract is not
    played by that many."""
    out = []
    for given_name in wanted:
        name = given_name.strip().lower()
        hits = [s for s in specs if s.id.lower() == name or s.id.lower().startswith(name + "-")
                or (name == "tout" and s.tout)]
        kind = next((k for k in REGISTRY if specs and k.game == specs[0].game
                     and k.name == name.split("-")[0]), None)
        if not hits and kind is not None and kind.players is not None and players not in (None, *kind.players):
            raise InputError(f"a {kind.game} {kind.name} is played by {either(kind.players)} "
                             f"players, not {players} (Schafkopf for three has only the one-against-two "
                             "contracts)")
        if not hits:
            raise InputError(f"no contract {given_name.strip()!r} for this hand (contracts: {' '.join(s.id for s in specs)})")
        out += [s for s in hits if s not in out]
    return [s for s in specs if s in out]


# ---------------------------------------------------------------------------
# Results
@dataclass
class ContractResult:
    """One contract's figures over the samples it received."""

    spec: Contract
    name: str
    levels: np.ndarray  # Level per sample
    payouts: np.ndarray  # declarer's net payout per sample
    points: np.ndarray | None = None  # exact value per sample of the first POINTS_SAMPLES (contenders)
    stopped_after: int | None = None  # samples when stopped early by the race
    single_dummy: SingleDummyRow | None = None  # play-outs of the same deals (--play)
    #: per sample (all of them), the least value its level allows, where ``points`` are fewer
    points_floor: np.ndarray | None = None
    #: Jass, per sample: the declaring team's Weis and Stöck minus the other
    #: team's, unmultiplied (in the payout beside the points; None elsewhere)
    weis: np.ndarray | None = None

    @property
    def samples(self) -> int:
        return len(self.levels)

    @property
    def payout(self) -> Estimate:
        return sample_mean(self.payouts)

    @property
    def p_win(self) -> Estimate:
        return proportion(self.levels >= Level.WON)

    @property
    def mean_points(self) -> Estimate | None:
        """The mean exact value over every sample, where ``points`` cover only the
        first ones estimated with every sample's level (see the module docstring)."""
        if self.points is None:
            return None
        if self.points_floor is None or len(self.points) >= self.samples:
            return sample_mean(self.points)
        return two_phase_mean(self.points_floor, self.points)

    def figures(self) -> dict[str, Estimate | None]:
        """Every figure of the row; None where the contract has no such thing."""
        spec, lv = self.spec, self.levels
        schafkopf_game = spec.game == "schafkopf" and not spec.tout
        scharwenzel_game = spec.game == "scharwenzel" and not spec.tout
        out: dict[str, Estimate | None] = {
            "p_win": self.p_win,
            "p_schneider": proportion(lv >= Level.WON_SCHNEIDER) if schafkopf_game else None,
            "p_schwarz": None if spec.tout else proportion(lv == Level.WON_SCHWARZ),
            "p_tout": proportion(lv == Level.WON_SCHWARZ) if spec.tout else None,
            "p_lose_schneider": proportion(lv <= Level.LOST_SCHNEIDER) if schafkopf_game else None,
            "p_lose_schwarz": proportion(lv == Level.LOST_SCHWARZ) if not spec.tout else None,
            "p_draw": proportion(lv == Level.DRAW) if scharwenzel_game else None,
            # Scharwenzel "für die ersten": the declaring party took the first tricks (not every trick)
            "p_first_tricks": proportion(lv == Level.WON_SCHNEIDER) if scharwenzel_game else None,
            "mean_points": self.mean_points,
            "mean_weis": None if self.weis is None else sample_mean(self.weis),
            "payout": self.payout,
        }
        return out

    def to_json(self) -> dict[str, Any]:
        letters = SUIT_LETTERS[GAME_DECK[self.spec.game]]
        s = self.spec
        row: dict[str, Any] = {
            "id": s.id, "name": self.name, "contract": s.name,
            "trump": None if s.trump is None else letters[s.trump],
            "called": None if s.called is None else letters[s.called], "tout": s.tout,
            "samples": self.samples, "stopped_after": self.stopped_after,
            "points_samples": None if self.points is None else len(self.points),
        }
        row.update({k: (v.to_json() if v is not None else None) for k, v in self.figures().items()})
        row["single_dummy"] = None if self.single_dummy is None else self.single_dummy.to_json()
        return row


@dataclass(frozen=True)
class Comparison:
    """``first`` minus ``second`` in payout on the same deals."""

    first: str
    second: str
    mean_difference: float
    standard_error: float
    samples: int

    def to_json(self) -> dict[str, Any]:
        return {"first": self.first, "second": self.second,
                "mean_difference": round(self.mean_difference, 6),
                "standard_error": stats.json_float(self.standard_error), "samples": self.samples}


def paired_difference(a: ContractResult, b: ContractResult) -> Comparison:
    return Comparison(a.spec.id, b.spec.id, *stats.paired_difference(a.payouts, b.payouts))


@dataclass
class HandAnalysis:
    """The analysis of one hand: rows ranked by expected payout, best first."""

    game: str
    seat: int
    leader: int
    hand: tuple[Card, ...]
    samples: int
    seed: int
    tariff: Tariff
    results: list[ContractResult]
    comparisons: list[Comparison] = field(default_factory=list)
    players: int = 4  # seats dealt (3: Schafkopf for three)
    #: The run was stopped early: the figures are over the deals finished (see evaluate_hand).
    interrupted: bool = False
    play: str = "double-dummy"  # which models were played (--play)
    passed: tuple[int, ...] = ()  # seats that passed before the viewer announced (--passed)
    announce_rule: AnnounceRule | None = None  # what they (and another declarer) would announce; None: unused
    #: (seat, contract, ranking): another seat announced that contract, and the
    #: rows are the viewer's contracts that win the auction against it (--outbid)
    outbid: tuple[int, Contract, Ranking] | None = None
    #: The rule variants given that differ from the defaults (``rules``), as the output says them.
    rules: dict[str, Any] = field(default_factory=dict)

    @property
    def ranked_by(self) -> str:
        """The model whose payout orders the rows."""
        return "single-dummy" if self.play == "single-dummy" else "double-dummy"

    @property
    def stopped(self) -> list[ContractResult]:
        return [r for r in self.results if r.stopped_after is not None]

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game, "players": self.players, "seat": self.seat, "leader": self.leader,
            "hand": " ".join(map(str, self.hand)), "samples": self.samples, "seed": self.seed,
            "contracts": [r.to_json() for r in self.results],
            "stopped": [{"id": r.spec.id, "after": r.stopped_after} for r in self.stopped],
            "comparisons": [c.to_json() for c in self.comparisons],
            "tariff": self.tariff.to_json(), "interrupted": self.interrupted, "play": self.play,
            "ranked_by": self.ranked_by, "passed": list(self.passed), "rules": dict(self.rules),
            "announce_rule": None if self.announce_rule is None else self.announce_rule.to_json(),
            "outbid": None if self.outbid is None else {
                "seat": self.outbid[0], "contract": self.outbid[1].id, "title": self.outbid[1].title,
                "ranking": self.outbid[2].to_json()},
        }


# ---------------------------------------------------------------------------
# Work done on the workers
@dataclass(frozen=True)
class _HandJob:
    """Everything a worker needs: pickled with each task (it is small)."""

    sampler: DealSampler
    seed: int
    templates: Mapping[str, Position]  # contract id -> its position (deal replaced per sample)
    tariff: Tariff


def tricks_position(pos: Position) -> Position:
    """``pos`` scored in tricks of the declaring party (see Position.as_trick_count)."""
    return pos if pos.tout else pos.as_trick_count()


def _outcome(solver: Solver, job: _HandJob, pos: Position,
             every_trick: dict[tuple[str, int | None, int | None], bool],
             exact: bool = False) -> tuple[int, int, int | None]:
    """``(level, payout, exact value or None)`` of one contract on one deal;
    ``exact`` asks for the value too (a Tout has none)."""
    if pos.game == "jass":
        value = solver.value(pos)
        their_match = value == 0 and other_team_takes_every_trick(solver, pos)
        weis, stoeck = jass_weis(pos, multiplied=False)  # the payout multiplies everything once
        return (jass_level(value, their_match), jass_payout(job.tariff, pos, value, weis, stoeck, their_match),
                value)
    if pos.game == "scharwenzel":
        if exact and not pos.tout:
            value = solver.value(pos)
            level = scharwenzel_optimal_level(pos, value)
            return level, scharwenzel_payout(job.tariff, pos, level), value
        level = _scharwenzel_level(solver, pos)
        return level, scharwenzel_payout(job.tariff, pos, level), None

    def takes_every_trick() -> bool:
        key = (pos.contract, pos.trump, pos.called)  # shared by a contract and its Tout
        if key not in every_trick:
            every_trick[key] = solver.reaches(tricks_position(pos), pos.n_tricks)
        return every_trick[key]

    if exact and not pos.tout:
        # the bisection asks 61 first, then 91 or 30, much as the level's
        # queries do: the level follows from the value
        value = solver.value(pos)
        level = points_level(value, every_trick=value == 120 and takes_every_trick(),
                             no_trick=value == 0 and not solver.reaches(tricks_position(pos), 1))
        return level, schafkopf_payout(job.tariff, pos, level), value
    if pos.tout:
        level = Level.WON_SCHWARZ if takes_every_trick() else Level.LOST
    elif solver.reaches(pos, WIN_POINTS):
        if not solver.reaches(pos, SCHNEIDER_POINTS):
            level = Level.WON
        else:
            level = Level.WON_SCHWARZ if takes_every_trick() else Level.WON_SCHNEIDER
    elif solver.reaches(pos, FREE_POINTS):
        level = Level.LOST
    else:
        level = Level.LOST_SCHNEIDER if solver.reaches(tricks_position(pos), 1) else Level.LOST_SCHWARZ
    return level, schafkopf_payout(job.tariff, pos, level), None


def other_team_takes_every_trick(solver: Solver, pos: Position) -> bool:
    """Jass: whether the other team can force every trick, its match.  Asked
    only where the declaring team's value is 0 (otherwise it cannot): then
    the declaring team takes a 0-point trick if it can, to deny the match,
    and the other team takes every trick if it can, for it.  The question is
    the other team's match as the search counts it: the same position with
    the other team declaring."""
    others = replace(pos, declarer=(pos.declarer + 1) % pos.n_seats)
    return solver.reaches(others, JASS_TOTAL + JASS_MATCH)


def scharwenzel_optimal_level(pos: Position, tricks: int) -> Level:
    """The level of a Scharwenzel result of ``tricks`` tricks under optimal
    play from ``pos``: "für die ersten" asked of the side with the majority."""
    level = scharwenzel_level(pos, tricks)
    return level if pos.tout else scharwenzel_level(pos, tricks, _first_tricks(pos, level))


def _first_tricks(pos: Position, level: Level) -> int:
    """Which party can force the first majority-number of tricks in a row,
    asked only of the party that wins at ``level`` (the other cannot) and not
    at a Tout (paid instead): 1 the declaring party, -1 the other, 0 neither."""
    need = scharwenzel_majority(pos)
    if level == Level.WON:
        return 1 if takes_first_tricks(pos, need) else 0
    if level == Level.LOST:
        return -1 if takes_first_tricks(pos, need, pos.other_party) else 0
    return 0


def _scharwenzel_level(solver: Solver, pos: Position) -> Level:
    n, need = pos.n_tricks, scharwenzel_majority(pos)
    if pos.tout:
        tricks = n if solver.reaches(pos, n) else 0
    elif solver.reaches(pos, need):
        tricks = n if solver.reaches(pos, n) else need
    elif n % 2 == 0 and solver.reaches(pos, n // 2):
        tricks = n // 2
    else:
        tricks = 1 if solver.reaches(pos, 1) else 0
    return scharwenzel_optimal_level(pos, tricks)  # any count of the level's range: the same level


def _value_range(pos: Position, level: Level) -> tuple[int, int]:
    """The values a result at ``level`` can have (from the queries that found it)."""
    n = pos.n_tricks
    if pos.tout:
        return {Level.WON_SCHWARZ: (n, n), Level.LOST: (0, n - 1)}[level]
    if pos.game == "scharwenzel":
        lost, won = (1, (n - 1) // 2), (scharwenzel_majority(pos), n - 1)
        return {Level.LOST_SCHWARZ: (0, 0), Level.LOST_SCHNEIDER: lost, Level.LOST: lost,
                Level.DRAW: (n // 2, n // 2), Level.WON: won, Level.WON_SCHNEIDER: won,
                Level.WON_SCHWARZ: (n, n)}[level]
    return {Level.LOST_SCHWARZ: (0, 0), Level.LOST_SCHNEIDER: (0, FREE_POINTS - 1),
            Level.LOST: (FREE_POINTS, WIN_POINTS - 1), Level.WON: (WIN_POINTS, SCHNEIDER_POINTS - 1),
            Level.WON_SCHNEIDER: (SCHNEIDER_POINTS, 120), Level.WON_SCHWARZ: (120, 120)}[level]


def value_between(solver: Solver, pos: Position, lo: int, hi: int) -> int:
    """The exact value, known to lie in ``[lo, hi]`` (the level's range): the
    solver's fail-soft bisection, started inside those bounds."""
    return solver.value(pos, lo, hi)


def _outcome_chunk(job: _HandJob, start: int, stop: int, ids: tuple[str, ...],
                   exact: frozenset[str] = frozenset()) -> list[list[tuple[int, int, int | None]]]:
    """Outcomes of contracts ``ids`` on deals ``start..stop``; those in
    ``exact`` come with their exact value."""
    solver = worker_solver()
    out = []
    for i in range(start, stop):
        deal = job.sampler.sample(job.seed, i)
        every_trick: dict[tuple[str, int | None, int | None], bool] = {}
        out.append([_outcome(solver, job, job.templates[cid].with_deal(deal), every_trick, cid in exact)
                    for cid in ids])
    return out


def _points_chunk(job: _HandJob, rows: list[tuple[int, list[tuple[str, int]]]]) -> list[list[int]]:
    """Exact values for ``rows`` of (sample, [(contract id, its level)])."""
    solver = worker_solver()
    out = []
    for i, wanted in rows:
        deal = job.sampler.sample(job.seed, i)
        values = []
        for cid, level in wanted:
            pos = job.templates[cid].with_deal(deal)
            values.append(value_between(solver, pos, *_value_range(pos, Level(level))))
        out.append(values)
    return out


# ---------------------------------------------------------------------------
# The driver
def evaluate_hand(game: str, hand: str | Sequence[Card], seat: int = 0, leader: int = 0, *,
                  samples: int = 1000, seed: int = 0, constraints: Constraints | None = None,
                  tariff: Tariff | None = None, contracts: Sequence[str] | None = None,
                  rules: Mapping[str, Any] | None = None, race: bool = True, points: bool = True,
                  points_samples: int = POINTS_SAMPLES, executor: Executor | None = None,
                  progress: ProgressBar | None = None,
                  players: int | None = None, play: str = "double-dummy", worlds: int | None = None,
                  defenders: str = "single-dummy", passed: Sequence[int] = (),
                  announce_rule: AnnounceRule | None = None, declarer: int | None = None,
                  outbid: tuple[int, Contract | str] | None = None,
                  ranking: Ranking | None = None) -> HandAnalysis:
    """Evaluate every contract ``hand`` may announce from ``seat`` over ``samples`` deals.

    ``players``: the number of players where the hand leaves it open
    (a Schafkopf hand of 8: 4 by default, 3 for Schafkopf for three).

    ``contracts`` restricts the contracts (ids or prefixes, see
    :func:`select_contracts`); ``race=False`` gives every contract all
    samples; ``points=False`` skips the exact card points (the slowest
    figure), ``points_samples`` finds them on the first that many deals
    only (Jass: on every deal, they come with the payout).  ``play``:
    ``"both"`` or ``"single-dummy"`` also plays the top contracts out
    single dummy on the same deals (``worlds`` per
    decision, ``defenders`` single or double dummy; see
    :func:`single_dummy.attach_single_dummy`).  ``passed``: seats that
    passed before the viewer announced; no sampled deal gives one a hand
    ``announce_rule`` (default :data:`announce.DEFAULT_RULE`) says it would
    have announced, in the double-dummy deals and in every player's worlds
    of the play-outs.  ``declarer``: the seat that announces, when it is not
    the viewer's (the defenders' view, :mod:`defence`): ``contracts`` then
    names his contract among every contract (:func:`every_contract`).
    ``outbid``: ``(seat, contract)``, another seat announced that contract
    (an id, or a game without its suit): only the viewer's contracts that
    win the auction against it under ``ranking`` (default
    :data:`ranking.DEFAULT_RANKING`) are analysed, and no sampled deal gives
    that seat a hand ``announce_rule`` says it would not announce so
    (:func:`ranking.outbidding`, :class:`announce.AnnouncedHand`).
    Work runs on ``executor`` (None: this process); results
    depend on ``seed`` only.  Bad input raises an ``InputError`` (or a
    ``PositionError``/``CardError``) with a one-line message.

    A run stopped early (Ctrl-C, SIGTERM, a dead worker) raises a
    :class:`~stichfest.analysis.executor.Stopped` (an ``Interrupted``, a
    ``KeyboardInterrupt``, for a signal) whose ``partial`` is the
    analysis of the first ``done`` deals finished by every contract still
    in the race, marked ``interrupted`` (None if no deal was finished).
    """
    check_samples(samples)
    if isinstance(contracts, str):  # "solo-H,wenz", as on the command line
        contracts = [c for c in contracts.split(",") if c.strip()]
    if points_samples < 2:  # the interval of the mean needs two
        raise InputError(f"points_samples must be at least 2, got {points_samples}", param="points_samples")
    cards, n_seats = _checked_hand(game, hand, seat, leader, rules, players)
    check_play_options(play, worlds, defenders)
    announcer = seat if declarer is None else declarer
    tariff = tariff or Tariff()
    specs = contracts_for_hand(game, cards, n_seats) if announcer == seat else every_contract(game, n_seats)
    if contracts:
        specs = select_contracts(specs, contracts, n_seats)
    specs = passed_game(specs, rules, contracts)
    if announcer != seat:  # another seat's contract: one, named by its id
        specs = [s for s in specs if s.id.lower() in {c.strip().lower() for c in contracts or ()}]
        if len(specs) != 1:
            raise InputError("another seat's contract is one contract, named by its id", param="contracts")
    over = None
    if outbid is not None:
        over = check_outbid(game, n_seats, seat, announcer, passed, outbid)
        specs = outbidding(specs, seat, over[1], over[0], leader, n_seats, ranking or DEFAULT_RANKING)
    known = bidding_predicates(game, n_seats, passed, announce_rule, declarer=announcer, viewer=seat,
                               contract=specs[0] if announcer != seat else None, hand=cards, leader=leader)
    if over is not None:
        their = AnnouncedHand(announce_rule or DEFAULT_RULE, over[1], n_seats, over[0])
        known[over[0]] = AllOf((known[over[0]], their)) if over[0] in known else their
    constraints = with_predicates(constraints, {s: test for s, test in known.items() if s != seat})
    passes = tuple(sorted(set(passed)))
    bidding = (passes, (announce_rule or DEFAULT_RULE) if known or passes else None,
               None if over is None else (over[0], over[1], ranking or DEFAULT_RANKING))
    # A Sie is won without play; the hand then plays nothing else unless asked to.
    claims = [s for s in specs if not s.kind.played]
    specs = [s for s in specs if s.kind.played and (contracts or not claims)]
    sampler = DealSampler.for_hand(game, seat, cards, constraints, n_seats)
    if claims:
        from .sie import with_claims
        if not specs:
            # No deal is played, but the bidding must still be possible: a
            # deal is drawn so that an announcement or passes no hand can
            # make are refused here as for every other hand.
            sampler.sample(seed, 0)
            return with_claims(HandAnalysis(game, seat, leader, cards, samples, seed, tariff, [],
                                            players=n_seats, passed=bidding[0], announce_rule=bidding[1],
                                            outbid=bidding[2], rules=_variants(game, rules)),
                               claims)
    first = sampler.sample(seed, 0)
    try:
        templates = {s.id: Position.build(s, first, declarer=announcer, leader=leader, rules=rules) for s in specs}
    except PositionError as e:
        raise InputError(str(e)) from None
    job = _HandJob(sampler, seed, templates, tariff)
    # Jass asks every deal for its value (the payout needs it): its points cost nothing more
    table = _SampleTable(samples, [s.id for s in specs], samples if game == "jass" else points_samples)
    try:
        if game == "jass":
            _race(job, table, race, False, executor, progress, JASS_CHUNK, JASS_RACE_CHECKPOINTS,
                  per_contract=True)
        else:
            _race(job, table, race, points, executor, progress)
    except (KeyboardInterrupt, Stopped) as e:
        done = table.finished()
        partial = _hand_analysis(game, seat, leader, cards, n_seats, seed, tariff, specs, templates, table,
                                 done, sampler) if done else None
        if partial is not None:
            partial.passed, partial.announce_rule, partial.outbid = bidding
            partial.rules = _variants(game, rules)
        raise stopped(e, partial, done, samples) from None
    analysis = _hand_analysis(game, seat, leader, cards, n_seats, seed, tariff, specs, templates, table, samples,
                              sampler)
    analysis.passed, analysis.announce_rule, analysis.outbid = bidding
    analysis.rules = _variants(game, rules)
    if play != "double-dummy":
        try:
            analysis.results = attach_single_dummy(analysis.results, sampler, seed, templates, play=play,
                                                   worlds=worlds or WORLDS, defenders=defenders, tariff=tariff,
                                                   executor=executor, progress=progress, knowledge=known)
        except (KeyboardInterrupt, Stopped) as e:
            # Stopped during the play-outs: every double-dummy figure is in,
            # and the play-outs finished so far beside them.
            analysis.interrupted = True
            if isinstance(e, Stopped) and e.partial is not None:
                analysis.results = e.partial
                played, total = e.done, e.total
            else:
                played, total = 0, None
            raise stopped(e, analysis, played, total,
                          f"single-dummy play-outs (double dummy: all {samples} samples done)") from None
        analysis.play = play
    if claims:
        analysis = with_claims(analysis, claims)
    return analysis


def _hand_analysis(game: str, seat: int, leader: int, cards: tuple[Card, ...], n_seats: int, seed: int,
                   tariff: Tariff, specs: Sequence[Contract], templates: Mapping[str, Position],
                   table: _SampleTable, done: int, sampler: DealSampler) -> HandAnalysis:
    """The analysis of the first ``done`` deals in ``table`` (all of them, or
    those finished when the run stopped: then marked ``interrupted``)."""
    samples = table.samples
    results = []
    # Jass Weis follow from the deal alone: drawn again here (the same deals,
    # by seed and index) rather than carried back from every worker's task
    deals = [sampler.sample(seed, i) for i in range(done)] if game == "jass" else []
    for s in specs:
        n = min(done, table.stopped.get(s.id, samples))
        levels = table.levels[s.id][:n].copy()
        exact = table.exact[s.id][:min(n, table.points_until)]
        has_points = len(exact) > 0 and not np.isnan(exact).any()
        floors = None
        if has_points and len(exact) < n:
            least = {int(lv): _value_range(templates[s.id], Level(int(lv)))[0] for lv in np.unique(levels)}
            floors = np.array([least[int(lv)] for lv in levels], dtype=np.float64)
        results.append(ContractResult(s, contract_title(templates[s.id])[len(game) + 1:],
                                      levels, table.payouts[s.id][:n].copy(),
                                      exact.copy() if has_points else None,
                                      table.stopped.get(s.id), points_floor=floors,
                                      weis=np.array([jass_weis_net(templates[s.id].with_deal(d)) for d in deals[:n]],
                                                    dtype=np.float64) if deals else None))
    order = {s.id: i for i, s in enumerate(specs)}
    results.sort(key=lambda r: (-r.payout.mean, order[r.spec.id]))
    contenders = [r for r in results if r.stopped_after is None]
    comparisons = [paired_difference(contenders[0], r) for r in contenders[1:4]]
    return HandAnalysis(game, seat, leader, cards, samples, seed, tariff, results, comparisons, n_seats,
                        interrupted=done < samples)


def _variants(game: str, rules: Mapping[str, Any] | None) -> dict[str, Any]:
    """The rule variants given that differ from the defaults (checked before)."""
    return {k: v for k, v in checked_rules(game, rules or {}).items() if RULE_DEFAULTS[k] != v}


def _checked_hand(game: str, hand: str | Sequence[Card], seat: int, leader: int,
                  rules: Mapping[str, Any] | None, players: int | None = None) -> tuple[tuple[Card, ...], int]:
    """The hand as cards and the number of players, after the checks that need no sampling."""
    if game not in CONTRACTS:
        raise InputError(f"unknown game {game!r} (games: {', '.join(CONTRACTS)})")
    cards = tuple(parse_cards(hand, GAME_DECK[game]))  # a string, or a list of cards or of their text
    n_seats, _ = deal_shape(game, len(cards), players)
    dup = next((c for i, c in enumerate(cards) if c in cards[:i]), None)
    if dup is not None:
        raise InputError(f"card {dup} is twice in the hand")
    in_deck = set(deck_cards(game, n_seats, len(cards)))
    foreign = next((c for c in cards if c not in in_deck), None)
    if foreign is not None:
        raise InputError(f"card {foreign} is not in the {deck_description(game, n_seats, len(cards))}")
    for name, v in (("seat", seat), ("leader", leader)):
        if not 0 <= v < n_seats:
            raise InputError(f"{name} must be a seat 0..{n_seats - 1}, got {v}", param=name)
    try:
        checked_rules(game, rules or {}, n_seats)
    except PositionError as e:
        raise InputError(str(e)) from None
    return cards, n_seats


class _SampleTable:
    """Per contract id, per sample: level, payout and exact value (NaN until
    known; asked for on the first ``points_until`` deals only)."""

    def __init__(self, samples: int, ids: Sequence[str], points_until: int) -> None:
        self.samples = samples
        self.points_until = min(points_until, samples)
        self.levels = {c: np.zeros(samples, dtype=np.int8) for c in ids}
        self.payouts = {c: np.zeros(samples, dtype=np.float64) for c in ids}
        self.exact = {c: np.full(samples, np.nan) for c in ids}
        self.stopped: dict[str, int] = {}  # id -> samples it got, for contracts stopped early
        self.filled = np.zeros(samples, dtype=bool)  # outcomes stored for every contract still active

    def finished(self) -> int:
        """The deals finished: the longest run of deals from the first with outcomes stored."""
        return self.samples if self.filled.all() else int(np.argmin(self.filled))


def _race(job: _HandJob, table: _SampleTable, race: bool, points: bool, executor: Executor | None,
          progress: ProgressBar | None, chunk: int = CHUNK,
          checkpoints: Sequence[int] = RACE_CHECKPOINTS, per_contract: bool = False) -> None:
    """Sample outcomes for every contract, stopping the trailing ones at the
    checkpoints (if ``race``); ``per_contract``: one task per contract and
    chunk of deals, not one per chunk for every contract (Jass, JASS_CHUNK).

    With ``points``, the last batch also finds the exact card points of
    the contracts still active (the contenders) on the table's first
    ``points_until`` deals: its own deals among them are solved exactly,
    the contenders' earlier deals by bisection in their level's range (see
    the module docstring).  Results are stored in ``table`` as
    they arrive, so a run stopped early keeps them."""
    samples = table.samples
    active = list(table.levels)
    done = 0
    if progress:
        progress.update(done=0, total=samples)
    for stop in [c for c in checkpoints if c < samples] + [samples]:
        ids = tuple(active)
        last = stop == samples or not race
        step = min(chunk, max(1, (stop - done) // 10))  # small batches: smaller tasks, for balance
        exact: frozenset[str]
        if not points:
            exact = frozenset()
        elif last:
            exact = frozenset(ids)
        else:
            exact = frozenset(_likely_contenders(active, table.payouts, done)) if done else frozenset()
        until = table.points_until  # no task straddles it: exact before, thresholds from there on
        starts = sorted(set(range(done, stop, step)) | ({until} if done < until < stop else set()))
        groups = [(c,) for c in ids] if per_contract else [ids]
        tasks: list[tuple[Callable[..., Any], tuple[Any, ...]]] = [
            (_outcome_chunk, (job, a, b, group, exact if a < until else frozenset()))
            for a, b in zip(starts, starts[1:] + [stop]) for group in groups]
        missing: list[tuple[int, list[tuple[str, int]]]] = []
        if points and last:
            missing = _missing_points(table, [c for c in ids if not job.templates[c].tout], min(done, until))
            # first: they are the batch's longest tasks, and the longest first end the batch soonest
            tasks[:0] = [(_points_chunk, (job, missing[a:a + CHUNK])) for a in range(0, len(missing), CHUNK)]
        run_tasks(_run, tasks, executor, on_task=_Store(table, ids, tasks, progress, len(missing)))
        done = stop
        if race and stop < samples:
            for cid in _trailing(active, table.payouts, stop):
                table.stopped[cid] = stop
            active = [c for c in active if c not in table.stopped]


class _Store:
    """Stores each task's results of one batch in the table as they arrive
    (``on_task`` of :func:`run_tasks`) and shows the samples done."""

    def __init__(self, table: _SampleTable, ids: tuple[str, ...],
                 tasks: Sequence[tuple[Callable[..., Any], tuple[Any, ...]]], progress: ProgressBar | None,
                 points_planned: int) -> None:
        self.table, self.ids, self.tasks, self.progress = table, ids, tasks, progress
        self.points_planned, self.points_done = points_planned, 0
        self.stored = np.zeros(table.samples, dtype=np.int16)  # per deal, contracts stored in this batch

    def __call__(self, index: int, rows: list[Any]) -> None:
        table = self.table
        fn, args = self.tasks[index]
        if fn is _points_chunk:
            for (i, wanted), values in zip(args[1], rows):
                for (cid, _), v in zip(wanted, values):
                    table.exact[cid][i] = v
            self.points_done += len(rows)
        else:
            a, b, group = args[1], args[2], args[3]
            for k, cid in enumerate(group):
                table.levels[cid][a:b] = [r[k][0] for r in rows]
                table.payouts[cid][a:b] = [r[k][1] for r in rows]
                table.exact[cid][a:b] = [np.nan if r[k][2] is None else r[k][2] for r in rows]
            self.stored[a:b] += len(group)
            table.filled[a:b] = self.stored[a:b] == len(self.ids)
        if self.progress:
            note = f"exact card points {self.points_done}/{self.points_planned}" if self.points_planned else ""
            self.progress.update(done=int(np.count_nonzero(table.filled)), note=note)


def _run(fn: Callable[..., Any], args: tuple[Any, ...]) -> Any:
    """One task of a batch that mixes kinds of work (pickled by name)."""
    return fn(*args)


def _missing_points(table: _SampleTable, ids: Sequence[str], n: int) -> list[tuple[int, list[tuple[str, int]]]]:
    """Rows (sample, [(contract id, its level)]) of the first ``n`` deals
    where a contract of ``ids`` still lacks its exact value."""
    rows = [(i, [(c, int(table.levels[c][i])) for c in ids if np.isnan(table.exact[c][i])])
            for i in range(n)]
    return [(i, wanted) for i, wanted in rows if wanted]


def _paired_gaps(active: list[str], payouts: Mapping[str, np.ndarray], n: int
                 ) -> tuple[str, dict[str, tuple[float, float]]]:
    """The leader on the first ``n`` deals, and for every other contract its
    mean payout difference to the leader with the standard error of it."""
    means = {c: float(np.mean(payouts[c][:n])) for c in active}
    leader = max(active, key=lambda c: means[c])  # the first best on ties: ``active`` is in spec order
    gaps = {}
    for c in active:
        if c != leader:
            d = payouts[c][:n] - payouts[leader][:n]
            gaps[c] = (float(np.mean(d)), float(np.std(d, ddof=1)) / sqrt(n) if n > 1 else float("inf"))
    return leader, gaps


def _trailing(active: list[str], payouts: Mapping[str, np.ndarray], n: int) -> list[str]:
    """Contracts whose payout trails the leader's on the first ``n`` deals by
    more than :data:`RACE_Z` paired standard errors (:data:`EARLY_RACE_Z`
    on fewer than 10 deals)."""
    _, gaps = _paired_gaps(active, payouts, n)
    z = EARLY_RACE_Z.get(n, RACE_Z)
    return [c for c, (diff, se) in gaps.items() if diff + z * se < 0]


def _likely_contenders(active: list[str], payouts: Mapping[str, np.ndarray], n: int) -> list[str]:
    """The leader on the first ``n`` deals and the contracts within
    :data:`EARLY_EXACT_Z` paired standard errors of it."""
    leader, gaps = _paired_gaps(active, payouts, n)
    return [leader] + [c for c, (diff, se) in gaps.items() if diff + EARLY_EXACT_Z * se >= 0]
