"""After a game: where was it lost, card by card (``stichfest review``).

A *game record* is a position whose ``play`` holds the cards as they were
played (the whole hand, or a prefix of it).  For every card of the play the
review gives:

* the double-dummy ``value`` after every legal card of that moment, in the
  units and party of :meth:`~stichfest.Solver.solve` (card points of the
  declaring party, tricks for Tout and Scharwenzel, Jass points with the
  last trick and the match bonus, in Ramsch the studied seat's points);
* the card's **cost** for the player's own side: how much worse its value
  is than the best card's, sign-corrected for the seats that play to lower
  ``value`` (0 for an optimal card);
* the **outcome level** after the best card and after the card played (the
  :class:`~stichfest.analysis.scoring.Level` of the declaring party, with
  the boundaries of :mod:`stichfest.analysis.evaluate`: Schafkopf 91 / 61 /
  31 card points and Schwarz by a trick-count query, a Tout every trick,
  Scharwenzel majority / Bock / every trick, Jass 79 points and the match;
  Ramsch has no level);
* a **mark**: ``"?"`` for a card that costs points, ``"??"`` for one that
  changes the level for the player's side (costs the game, the Schneider,
  the Tout...).  Where the value counts tricks (Scharwenzel, a Tout) only
  the level pays, so only ``"??"`` marks a card, and the best cards are
  those of the best level (a card of fewer tricks may keep "für die
  ersten" that a card of more gives away).

With ``information=True`` each choice is also judged from what the player
could see: the other hands are hidden and :func:`analyze_position`
estimates each legal card's mean value over deals consistent with the
player's hand and the play so far.  A card that is the best by that
estimate, or statistically indistinguishable from the best, gets no mark
even if double dummy says it cost: the rule is a paired comparison on the
same sampled deals, the played card against the card with the best mean,
indistinguishable when the mean difference is at most
:data:`INDISTINGUISHABLE_Z` standard errors (:class:`InformationReview`).

One :class:`~stichfest.Solver` is reused along the game, so its
transposition table carries over from one card to the next (the deal and
the rules do not change, only the play).  Everything is deterministic: the
double-dummy values are exact and the information estimate of play ``i``
uses the sampling seed ``seed + i``.
"""
from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from concurrent.futures import Executor
from dataclasses import dataclass, field, replace
from functools import cache
from math import sqrt
from typing import Any

import numpy as np

from stichfest import Position, Solver
from stichfest.cards import Card, parse_card
from stichfest.position import parse_json

from .errors import InputError
from .evaluate import other_team_takes_every_trick, scharwenzel_optimal_level
from .executor import ProgressBar, run_tasks
from .midgame import analyze_position
from .sampling import DealSampler, check_samples
from .scoring import Level, jass_level, level_key, scharwenzel_level
from .scoring import points_level as schafkopf_points_level
from .stats import Z95

#: The marks: a card that costs points, a card that costs the game (changes the level).
MARK_POINTS = "?"
MARK_GAME = "??"
#: With ``information``: the played card is indistinguishable from the best
#: card by the estimate when their paired mean difference is at most this
#: many standard errors (1.96: a two-sided 95 % test of "no difference").
INDISTINGUISHABLE_Z = Z95
#: Default sampled deals per card choice of the information estimate.
DEFAULT_SAMPLES = 100
#: Total card points of a Schafkopf hand (every deck size).
SCHAFKOPF_TOTAL = 120


# ---------------------------------------------------------------------------
# Outcome levels
def has_levels(pos: Position) -> bool:
    """Whether the game has outcome levels (Ramsch has none: points only)."""
    return not (pos.game == "schafkopf" and pos.contract == "ramsch")


def points_level(pos: Position, value: int) -> Level | None:
    """The declaring party's level for a final ``value``, from the value alone.

    The boundaries are those of :mod:`stichfest.analysis.evaluate`
    (``_outcome``) and :mod:`stichfest.analysis.scoring`.  A Schafkopf
    point game's Schwarz needs a trick count (:meth:`Reviewer.level`
    asks it); here 120 points are ``WON_SCHNEIDER`` and 0 ``LOST_SCHNEIDER``."""
    if pos.game == "schafkopf":
        if pos.contract == "ramsch":
            return None
        if pos.tout:
            return Level.WON_SCHWARZ if value == pos.n_tricks else Level.LOST
        return schafkopf_points_level(value)
    if pos.game == "jass":
        return jass_level(value, their_match=value == 0)  # 0 points: taken as no trick (Reviewer.level asks)
    return scharwenzel_level(pos, value)  # "für die ersten" needs the play: Reviewer.level


def optimal_level(pos: Position, value: int, solver: Solver,
                  party_reaches: Callable[[int], bool] | None = None) -> Level:
    """The declaring party's level when optimal play from ``pos`` gives
    ``value``, with what the value alone does not tell (:func:`_asks_solver`)
    asked of ``solver`` (as :func:`stichfest.analysis.evaluate._outcome`
    does): Schafkopf's Schwarz by a trick-count query
    (``party_reaches(tricks)``, default a fresh query), Scharwenzel's "für
    die ersten", Jass's match of the other team.  Only for games with levels
    (:func:`has_levels`)."""
    level = _level(pos, value)
    if not _asks_solver(pos, level, value):
        return level
    if pos.game == "scharwenzel":
        return scharwenzel_optimal_level(pos, value)
    if pos.game == "jass":
        return jass_level(value, other_team_takes_every_trick(solver, pos))
    reaches = party_reaches or (lambda tricks: solver.reaches(pos.as_trick_count(), tricks))
    if value == SCHAFKOPF_TOTAL:
        return Level.WON_SCHWARZ if reaches(pos.n_tricks) else level
    return level if reaches(1) else Level.LOST_SCHWARZ


def _asks_solver(pos: Position, level: Level, value: int) -> bool:
    """Whether the value alone, which gives ``level``, leaves the level open:
    Schafkopf's Schwarz at 0 or all points, Scharwenzel's first tricks at a
    majority of either party, Jass's match at 0 (never at a Tout)."""
    if pos.tout:
        return False
    if pos.game == "scharwenzel":
        return level in (Level.WON, Level.LOST)
    return value == 0 or (pos.game == "schafkopf" and value == SCHAFKOPF_TOTAL)


def _as_card(card: Card | str, deck: str) -> Card:
    """A move key as a Card (solver results key moves by Card; older ones by text)."""
    return card if isinstance(card, Card) else parse_card(card, deck)


def _level(pos: Position, value: int) -> Level:
    level = points_level(pos, value)
    if level is None:
        raise ValueError(f"{pos.game} {pos.contract} has no outcome levels")
    return level


def level_name(pos: Position, level: Level | None) -> str:
    """A level as players say it, for the declaring party."""
    if level is None:
        return "-"
    if pos.tout:
        return "Tout made" if level == Level.WON_SCHWARZ else "Tout lost"
    if pos.game == "jass":
        return {Level.WON_SCHWARZ: "match", Level.WON: "won", Level.LOST: "lost",
                Level.LOST_SCHWARZ: "lost every trick"}[level]
    if pos.game == "scharwenzel":
        return {Level.WON_SCHWARZ: "Tout", Level.WON_SCHNEIDER: "majority, the first tricks",
                Level.WON: "majority", Level.DRAW: "Bock", Level.LOST: "minority",
                Level.LOST_SCHNEIDER: "minority, not one of the first tricks",
                Level.LOST_SCHWARZ: "no trick"}[level]
    return {Level.WON_SCHWARZ: "won Schwarz", Level.WON_SCHNEIDER: "won Schneider", Level.WON: "won",
            Level.LOST: "lost", Level.LOST_SCHNEIDER: "lost Schneider",
            Level.LOST_SCHWARZ: "lost Schwarz"}[level]


# ---------------------------------------------------------------------------
# Results
@dataclass(frozen=True)
class InformationReview:
    """One card choice judged on the player's information.

    ``values``: each legal card -> its mean double-dummy value over
    ``samples`` deals consistent with what the player saw (sampling seed
    ``seed``).  ``best``: the card with the best mean for the player's side
    ``cost``: the paired mean of ``best``'s value minus the played card's,
    sign-corrected (>= 0), with its standard error ``stderr``;
    ``level_best``: the card of the best mean level (on each sampled deal
    the exact level, :func:`optimal_level`; among equal means the better
    value), None in Ramsch; ``level_cost``: the paired mean of its level
    minus the played card's, with ``level_stderr``.  ``mark``:
    ``"??"`` when the level cost is significant (``level_cost >``
    :data:`INDISTINGUISHABLE_Z` ``* level_stderr``), whatever the value
    cost (the DD review, too, marks a card that keeps the value and loses
    the level); else ``"?"`` when the value cost is (``cost >``
    :data:`INDISTINGUISHABLE_Z` ``* stderr``); else None: the played card is
    ``best`` or indistinguishable from it.  A forced
    card (one legal card) is not sampled: ``samples`` 0, cost 0."""

    values: dict[Card, float]
    best: Card
    cost: float
    stderr: float
    level_cost: float | None
    level_stderr: float | None
    mark: str | None
    samples: int
    seed: int
    level_best: Card | None = None

    def to_json(self) -> dict[str, Any]:
        return {"values": {str(c): round(v, 4) for c, v in self.values.items()}, "best": str(self.best),
                "cost": round(self.cost, 4), "stderr": round(self.stderr, 4),
                "level_best": None if self.level_best is None else str(self.level_best),
                "level_cost": None if self.level_cost is None else round(self.level_cost, 4),
                "mark": self.mark, "samples": self.samples, "seed": self.seed}


@dataclass(frozen=True)
class PlayReview:
    """One card of the record's play.

    ``values``: every legal card of that moment -> the double-dummy value
    after it (display order); ``best``: the cards of the best value for the
    player's side (counted in tricks: of the best level, the most tricks
    among them); ``cost``: best value minus the played card's, for the
    player's side (>= 0); ``best_level`` / ``level``: the declaring
    party's level after the best card / after the card played (None in
    Ramsch); ``dd_mark``: the double-dummy mark.  ``mark`` is the verdict:
    ``dd_mark``, withdrawn when the information estimate finds the card
    best or indistinguishable from best."""

    index: int  # position in the record's play
    trick: int  # 1-based
    seat: int
    card: Card
    maximizing: bool  # the seat plays to raise ``value``
    values: dict[Card, int]
    best: tuple[Card, ...]
    cost: int
    best_level: Level | None
    level: Level | None
    dd_mark: str | None
    information: InformationReview | None = None

    @property
    def forced(self) -> bool:
        return len(self.values) == 1

    @property
    def value(self) -> int:
        """The double-dummy value after the card played."""
        return self.values[self.card]

    @property
    def mark(self) -> str | None:
        if self.information is not None and self.information.mark is None:
            return None
        return self.dd_mark

    def to_json(self, position: Position | None = None) -> dict[str, Any]:
        """The card's review as JSON; with the record's ``position``, the
        levels come with their names as players say them."""
        level: dict[str, Any] | None = None
        if self.level is not None:
            level = {"best": level_key(position, self.best_level), "played": level_key(position, self.level)}
            if position is not None:
                level.update(best_name=level_name(position, self.best_level),
                             played_name=level_name(position, self.level))
        out: dict[str, Any] = {
            "index": self.index, "trick": self.trick, "seat": self.seat, "card": str(self.card),
            "values": {str(c): v for c, v in self.values.items()},
            "best": [str(c) for c in self.best], "cost": self.cost, "level": level, "mark": self.mark,
            "maximizing": self.maximizing}
        if self.information is not None:
            out["dd_mark"] = self.dd_mark
            out["information"] = self.information.to_json()
        return out


@dataclass(frozen=True)
class Review:
    """A reviewed game record: ``plays`` from ``play[start]`` on.

    ``value``: the double-dummy value before the first reviewed card;
    ``final``: the value after the last card of the record (the result as
    played when the record is a whole hand)."""

    position: Position
    start: int
    value: int
    final: int
    plays: list[PlayReview] = field(default_factory=list)
    information: bool = False

    @property
    def complete(self) -> bool:
        """Whether the record holds the whole hand (``final`` is then the result as played)."""
        pos = self.position
        return len(pos.play) == pos.n_tricks * pos.n_seats

    def marked(self) -> list[PlayReview]:
        """The reviewed cards that carry a mark (``?`` or ``??``), in play order."""
        return [p for p in self.plays if p.mark is not None]

    def side_costs(self) -> dict[bool, int]:
        """Total double-dummy cost of each side's cards (True: the seats that raise ``value``).

        ``final == value - side_costs()[True] + side_costs()[False]``: every
        change of the double-dummy value along the game is some card's cost."""
        out = {True: 0, False: 0}
        for p in self.plays:
            out[p.maximizing] += p.cost
        return out

    def to_json(self) -> dict[str, Any]:
        # "start" always: a reader should not have to know that a missing key means 0
        out: dict[str, Any] = {"value": self.value, "final": self.final, "start": self.start}
        out["plays"] = [p.to_json(self.position) for p in self.plays]
        return out


# ---------------------------------------------------------------------------
# Reading records
def load_record(data: str | Mapping[str, Any]) -> Position:
    """A game record (position JSON with every hand) -> a validated :class:`Position`."""
    if isinstance(data, str):
        data = parse_json(data)
    if isinstance(data, Mapping):
        deal = data.get("deal")
        if isinstance(deal, list) and any(isinstance(h, str) and h.strip() == "?" for h in deal):
            raise InputError("a game record needs every hand (a hidden hand '?' cannot be reviewed)")
    return Position.from_json(data)


# ---------------------------------------------------------------------------
# The review
_local = threading.local()


def review_solvers() -> tuple[Solver, Solver]:
    """This thread's two review solvers: card values, and trick counts (Schwarz).

    Kept apart from :func:`~stichfest.search.default_solver`, which the
    information estimate's sampled deals use, so that the game's own table
    survives from one card to the next; made once per thread and reused for
    every game (each new deal retires the old entries)."""
    pair = getattr(_local, "solvers", None)
    if pair is None:
        pair = _local.solvers = (Solver(), Solver())
    return pair


class Reviewer:
    """Reviews the plays of one record, reusing its solvers' tables."""

    def __init__(self, position: Position, solver: Solver | None = None) -> None:
        if None in position.deal:
            raise InputError("a game record needs every hand (a hidden hand '?' cannot be reviewed)")
        self.position = position
        own, tricks = review_solvers()
        self.solver = solver or own
        self._tricks = tricks if tricks is not self.solver else Solver()  # trick counts: a table of their own
        self._tricks_cache: dict[tuple[tuple[Card, ...], int], bool] = {}
        self._values: dict[int, int] = {}  # value of the position before play[i], once known

    def _party_reaches_tricks(self, play: tuple[Card, ...], tricks: int) -> bool:
        key = (play, tricks)
        if key not in self._tricks_cache:
            pos = self.position.with_play(play).as_trick_count()
            self._tricks_cache[key] = self._tricks.reaches(pos, tricks)
        return self._tricks_cache[key]

    def level(self, play: tuple[Card, ...], value: int) -> Level:
        """The declaring party's level when optimal play from ``play`` gives
        ``value`` (:func:`optimal_level`).  Only for games with levels
        (:func:`has_levels`)."""
        return optimal_level(self.position.with_play(play), value, self._tricks,
                             lambda tricks: self._party_reaches_tricks(play, tricks))

    def review_play(self, index: int, trick: int) -> PlayReview:
        pos = self.position
        before = pos.play[:index]
        played = pos.play[index]
        here = pos.with_play(before)
        st = here.state()
        seat = st.to_move
        legal = st.legal_cards()
        if len(legal) == 1:
            # A forced card's value is the position's, known from the card before.
            known = self._values.get(index)
            values = {legal[0]: known if known is not None else self.solver.value(here)}
        else:
            result = self.solver.solve(here, pv=False)
            values = {_as_card(c, pos.deck): v for c, v in result.moves.items()}
        self._values[index + 1] = values[played]
        maximizing = seat in pos.maximizing_seats
        sign = 1 if maximizing else -1
        best_value = max(sign * v for v in values.values()) * sign
        best = tuple(c for c, v in values.items() if v == best_value)
        cost = sign * (best_value - values[played])
        best_level = level = None
        mark = MARK_POINTS if cost > 0 else None
        if has_levels(pos):
            if pos.scores_tricks:
                # Counted in tricks (Scharwenzel, a Tout), only the level pays:
                # a trick beyond the majority or in a lost Tout is worth
                # nothing, and "für die ersten" is not in the trick count (a
                # card of fewer tricks may keep the first tricks that a card
                # of more gives away).  So the best cards are those of the
                # best level (the most tricks among them), and only a card
                # that loses the level is marked; ``cost`` stays the tricks
                # given up, so that every change of the value is some card's.
                every = {c: self.level(before + (c,), v) for c, v in values.items()}
                best_level = max(every.values()) if maximizing else min(every.values())
                level = every[played]
                top = max(sign * values[c] for c in values if every[c] == best_level) * sign
                best = tuple(c for c, v in values.items() if every[c] == best_level and v == top)
                mark = None
            else:
                # Cards of equal value reach the same level but for Schwarz (a trick count):
                # the best level is the best of the best cards', and the best
                # cards are those that reach it (one that gives the other side
                # a trick of no points keeps the points, not the Schwarz).
                levels = [self.level(before + (c,), best_value) for c in best]
                best_level = max(levels) if maximizing else min(levels)
                level = levels[best.index(played)] if played in best else self.level(before + (played,),
                                                                                      values[played])
                best = tuple(c for c, lv in zip(best, levels) if lv == best_level)
            if level != best_level:
                mark = MARK_GAME
        return PlayReview(index, trick, seat, played, maximizing, values, best, cost, best_level, level, mark)


def _stderr(d: np.ndarray) -> float:
    return float(np.std(d, ddof=1) / sqrt(len(d))) if len(d) > 1 else 0.0


def information_review(position: Position, index: int, *, samples: int = DEFAULT_SAMPLES, seed: int = 0,
                       executor: Executor | None = None,
                       progress: ProgressBar | None = None) -> InformationReview:
    """Judge ``position.play[index]`` from what its player saw (see :class:`InformationReview`)."""
    before = position.with_play(position.play[:index])
    st = before.state()
    seat = st.to_move
    played = position.play[index]
    legal = st.legal_cards()
    sign = 1 if seat in position.maximizing_seats else -1
    if len(legal) == 1:
        zero = 0.0 if has_levels(position) else None
        return InformationReview({}, played, 0.0, 0.0, zero, zero, None, 0, seed,
                                 played if has_levels(position) else None)
    view = before.with_deal([h if s == seat else None for s, h in enumerate(position.deal)])
    analysis = analyze_position(view, samples=samples, seed=seed, executor=executor, progress=progress)
    per_card = {_as_card(c, position.deck): v for c, v in analysis.moves.items()}
    order = sorted(per_card, key=lambda c: position.table.display_key(c.index))
    means = {c: float(np.mean(per_card[c])) for c in order}
    best = max(order, key=lambda c: sign * means[c])  # first in display order on ties
    diff = sign * (per_card[best] - per_card[played])
    cost = float(np.mean(diff))
    stderr = _stderr(diff)
    level_best = None
    level_cost = level_stderr = None
    mark = None
    if has_levels(position):
        # The level is judged apart from the value: in Scharwenzel a card can
        # keep the trick count and give up "für die ersten", so the card of
        # the best mean value need not be the one of the best mean level.
        sampler = DealSampler.for_position(view)  # analyze_position's deals: deal i is sample(seed, i)
        deal = cache(lambda i: view.with_deal(sampler.sample(seed, i)))  # drawn once for every card
        levels = {c: _sample_levels(view, c, per_card[c], deal) for c in order}
        level_means = {c: float(np.mean(levels[c])) for c in order}
        level_best = max(order, key=lambda c: (sign * level_means[c], sign * means[c]))
        ldiff = sign * (levels[level_best] - levels[played])
        level_cost, level_stderr = float(np.mean(ldiff)), _stderr(ldiff)
        if level_cost > INDISTINGUISHABLE_Z * level_stderr:
            mark = MARK_GAME  # whatever the value cost
    if mark is None and cost > INDISTINGUISHABLE_Z * stderr and not position.scores_tricks:
        mark = MARK_POINTS  # (counted in tricks, only the level pays: no mark for tricks)
    return InformationReview(means, best, cost, stderr, level_cost, level_stderr, mark, len(diff), seed,
                             level_best)


def _sample_levels(view: Position, card: Card, values: np.ndarray, deal: Callable[[int], Position]) -> np.ndarray:
    """The declaring party's level after ``card`` on each deal the
    information estimate sampled (``deal(i)``: the position on deal ``i``),
    its value there ``values[i]``: exact, as the double-dummy marks are
    (:func:`optimal_level`).  A deal is asked for only where the value alone
    does not tell the level."""
    tricks = review_solvers()[1]
    after = view.play + (card,)
    out = np.empty(len(values))
    for i, v in enumerate(values):
        level = _level(view, int(v))
        if _asks_solver(view, level, int(v)):
            level = optimal_level(deal(i).with_play(after), int(v), tricks)
        out[i] = float(level)
    return out


def _information_task(position: Position, index: int, samples: int, seed: int,
                      progress: ProgressBar | None = None) -> InformationReview:
    return information_review(position, index, samples=samples, seed=seed, progress=progress)


def review_game(position: Position | Mapping[str, Any] | str, *, information: bool = False,
                samples: int = DEFAULT_SAMPLES, seed: int = 0, solver: Solver | None = None,
                executor: Executor | None = None, start: int = 0, only_marked: bool = False,
                progress: ProgressBar | None = None) -> Review:
    """Review every card of the record's ``play`` (from ``play[start]`` on).

    ``solver``: the solver of the card values (default: this thread's
    :func:`review_solvers`); its table carries over from card to card.
    ``information``: judge each choice also on the player's information,
    with ``samples`` sampled deals per choice (seed ``seed + index``), each
    choice one task on ``executor`` if given.  ``only_marked``: estimate
    only the cards double dummy marks (the information can only withdraw a
    mark, so every verdict is the same, for much less work).
    Deterministic for a given ``seed``, whatever the executor."""
    pos = position if isinstance(position, Position) else load_record(position)
    if not 0 <= start <= len(pos.play):
        raise InputError(f"start {start} is outside the record's play (0..{len(pos.play)})", param="start")
    if information:
        check_samples(samples)  # whether or not the record has a choice left to estimate
    if only_marked and not information:
        raise InputError("only_marked narrows the estimate from the player's information; "
                         "it needs information=True", param="only_marked")
    reviewer = Reviewer(pos, solver)
    n = pos.n_seats
    if progress:
        progress.relabel("reviewing (double dummy)", len(pos.play) - start, done=0)
    plays = []
    for i in range(start, len(pos.play)):
        plays.append(reviewer.review_play(i, i // n + 1))
        if progress:
            progress.advance()
    if information:
        chosen = [k for k, p in enumerate(plays) if p.dd_mark is not None or not only_marked]
        if progress:
            progress.relabel("reviewing (information)", len(chosen), done=0)
        tasks: list[tuple[Any, ...]] = [(pos, plays[k].index, samples, seed + plays[k].index) for k in chosen]
        if progress and executor is None:
            # a card's estimate takes a while (a Jass card a minute): its
            # samples show as the note, and a cancelled page job stops there
            tasks = [(*t, progress.nested(f"card {n + 1} of {len(tasks)}")) for n, t in enumerate(tasks)]
        step = (lambda _: progress.advance()) if progress else None
        infos = run_tasks(_information_task, tasks, executor, step, poll=progress.check if progress else None)
        if progress:
            progress.update(note="")
        for k, info in zip(chosen, infos):
            plays[k] = replace(plays[k], information=info)
    if plays:
        first = plays[0]
        sign = 1 if first.maximizing else -1
        # the best value, not the best card's: in games counted in tricks the
        # best card is the best level's, which may take fewer tricks
        value = sign * max(sign * v for v in first.values.values())
    else:
        value = reviewer.solver.value(pos)
    final = reviewer.solver.value(pos) if plays else value
    return Review(pos, start, value, final, plays, information)
