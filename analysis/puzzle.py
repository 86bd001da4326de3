"""Single-solution card-play puzzles, generated and verified by the solver.

A puzzle is a position -- a full deal or an ending of a few tricks, possibly
with a trick on the table -- where the player to move is on the declaring
side and exactly one of his legal cards reaches the goal under best play
by everyone (double dummy), every other legal card failing.

Goals (all in the solver's ``value`` terms, completed tricks included):

=============  =========================================================
schafkopf      ``61`` / ``91`` card points of the declaring party;
               ``tout``: every trick (a Tout contract)
scharwenzel    ``majority`` of the tricks for the declaring party;
               ``tout``: every trick
jass           ``points``: a points target for the declaring team, the
               lowest multiple of 10 above the second-best card's value
               (or the best value itself); ``match``: all nine tricks
=============  =========================================================

Difficulty is measured, not guessed (:class:`Difficulty`)::

    score = min(failing, 5)              legal cards that fail
          + 1.5 * len(looks_wrong)       ways the solution looks wrong
          + refutation_depth             tricks before a failing card is
                                         beaten on the count
          + log10(nodes)                 search effort of the solve

``looks_wrong`` lists what makes the solution unnatural: it is not the
highest legal card; it is not a trump although a trump may be played; it
does not take a trick an opponent is winning although another card would;
it gives card points to a trick the opponents take (on the solution's
line).  ``refutation_depth`` is, over the failing cards, the largest
number of tricks (from the puzzle on, the current one included) after
which the declaring side can no longer reach the goal even if it took
every remaining trick -- how long the refutation stays hidden.  The
levels are ``easy`` below 8, ``medium`` below 11, ``hard`` from 11 on:
the thirds of 180 puzzles generated with the defaults (four tricks left)
over the three games.
"""
from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from stichfest import Position, Solver
from stichfest.cards import DEALINGS, Card, bits, either, players_of
from stichfest.contracts import (
    CONTRACTS,
    GAMES,
    NEEDS_TRUMP,
    TOUT_CONTRACTS,
    TRUMP,
    ContractTable,
    contract_kind,
    contract_table,
)
from stichfest.deals import callable_suits, position_json, random_deal
from stichfest.play import GameState, party_total

from .errors import InputError
from .executor import Stopped, stopped

LEVELS = ("easy", "medium", "hard")
LEVEL_BOUNDS = (8.0, 11.0)  # easy < 8 <= medium < 11 <= hard: thirds of generated puzzles
GOALS = {"schafkopf": ("61", "91", "tout"), "jass": ("points", "match"),
         "scharwenzel": ("majority", "tout")}
#: Contracts a puzzle can be set in (the announced ones: Ramsch has no target to reach).
PUZZLE_CONTRACTS = {g: tuple(c for c in CONTRACTS[g] if contract_kind(g, c).announced) for g in GAMES}
DEFAULT_TRICKS = 4
#: Candidate positions tried per puzzle asked for before giving up.
TRIES_PER_PUZZLE = 5000  # one is about a millisecond; single solutions are rare


class PuzzleError(RuntimeError):
    """A generated puzzle failed its re-verification (a bug, never bad input)."""


@dataclass(frozen=True)
class Difficulty:
    """How hard a puzzle is, from measured features (see the module docstring)."""

    level: str
    score: float
    failing: int
    looks_wrong: tuple[str, ...]
    refutation_depth: int
    nodes: int

    def to_json(self) -> dict[str, Any]:
        return {"level": self.level, "score": round(self.score, 2), "failing": self.failing,
                "looks_wrong": list(self.looks_wrong), "refutation_depth": self.refutation_depth,
                "nodes": self.nodes}


@dataclass(frozen=True)
class Puzzle:
    """One verified puzzle: ``solution`` is the only card of ``moves``
    (every legal card -> value after it) reaching ``target``; ``line`` is
    best play from the position, starting with the solution."""

    position: Position
    goal: str
    target: int
    solution: Card
    moves: dict[Card, int]
    line: tuple[Card, ...]
    difficulty: Difficulty
    extra: dict[str, Any] = field(default_factory=dict)

    def question(self) -> str:
        """E.g. "Wenz, declarer on lead, 61 needed: which card?"; the contract
        with its suit ("Herz-Solo", "Trumpf Kreuz")."""
        pos = self.position
        st = pos.state()
        name = pos.spec.title
        seat = st.to_move
        role = "declarer" if seat == pos.declarer else "declarer's partner"
        where = "on lead" if not st.trick else "to play"
        return f"{name}, {role} (seat {seat}) {where}, {goal_text(pos, self.goal, self.target)} needed: which card?"

    def to_json(self) -> dict[str, Any]:
        return {"position": self.position.to_json(), "goal": self.goal, "target": self.target,
                "question": self.question(), "solution": str(self.solution),
                "moves": {str(c): v for c, v in self.moves.items()},
                "line": [str(c) for c in self.line], "difficulty": self.difficulty.to_json()}


def goal_text(pos: Position, goal: str, target: int) -> str:
    n = pos.n_tricks
    return {"61": "61", "91": "91 (Schneider)", "tout": f"every trick ({n} of {n})",
            "majority": f"a majority ({target} of {n} tricks)", "match": "the match (all tricks)",
            "points": f"{target} points"}[goal]


def goals_for(game: str, contract: str) -> tuple[str, ...]:
    if game == "schafkopf" and contract not in TOUT_CONTRACTS:
        return ("61", "91")
    return GOALS[game]


# ---------------------------------------------------------------------------
def generate(game: str, contract: str | None = None, *, tricks: int | None = None, count: int = 1,
             seed: int = 0, difficulty: str | None = None, goal: str | None = None,
             solver: Solver | None = None, players: int = 4,
             on_puzzle: Callable[[Puzzle], None] | None = None) -> list[Puzzle]:
    """``count`` verified puzzles; the same arguments give the same puzzles.
    ``on_puzzle`` is called with each as soon as it is found and verified.

    ``tricks``: tricks left in the position (default 4; the whole hand is
    ``n_tricks``).  ``contract`` and ``goal`` default to a random one per
    puzzle (among those played by ``players``: 3 is Schafkopf for three);
    ``difficulty`` keeps only puzzles of that level.  Raises
    :class:`InputError` for bad arguments or when too few puzzles are found.
    Stopped early (Ctrl-C, SIGTERM) it raises a
    :class:`~stichfest.analysis.executor.Stopped` whose ``partial`` is the
    list of the puzzles found (None if none was).
    """
    check_arguments(game, contract, tricks, count, difficulty, goal, players)
    left = tricks or DEFAULT_TRICKS
    rng = random.Random(seed)
    solver = solver or Solver()
    out: list[Puzzle] = []
    tries = 0
    try:
        while len(out) < count:
            if tries >= TRIES_PER_PUZZLE * count:
                raise InputError(f"found {len(out)} of {count} puzzles in {tries} positions; "
                                 "try another seed, tricks or difficulty")
            tries += 1
            puzzle = _attempt(rng, game, contract, goal, left, solver, players)
            if puzzle is None or (difficulty is not None and puzzle.difficulty.level != difficulty):
                continue
            verify(puzzle)
            out.append(puzzle)
            if on_puzzle is not None:
                on_puzzle(puzzle)
    except (KeyboardInterrupt, Stopped) as e:
        raise stopped(e, list(out) or None, len(out), count, "puzzles") from None
    return out


def puzzle_contracts(game: str, players: int = 4) -> tuple[str, ...]:
    """The contracts a puzzle for ``players`` can be set in (Schafkopf for three: no Sauspiel)."""
    return tuple(c for c in PUZZLE_CONTRACTS[game]
                 if contract_kind(game, c).players is None or players in (contract_kind(game, c).players or ()))


def check_arguments(game: str, contract: str | None, tricks: int | None, count: int, difficulty: str | None,
                     goal: str | None, players: int = 4) -> None:
    """The :class:`InputError` :func:`generate` raises for these arguments
    before it searches (the page asks it before starting a job)."""
    if game not in GAMES:
        raise InputError(f"unknown game {game!r} (games: {', '.join(GAMES)})")
    if players not in players_of(game):
        raise InputError(f"players must be {either(players_of(game))} for {game}, "
                         f"got {players}",
                         param="players")
    if contract is not None and contract in PUZZLE_CONTRACTS[game] and contract not in puzzle_contracts(
            game, players):
        raise InputError(f"a {game} {contract} is not played by {players} players "
                         f"(contracts: {', '.join(puzzle_contracts(game, players))})")
    if contract is not None and contract not in PUZZLE_CONTRACTS[game]:
        raise InputError(f"no puzzles for {game} {contract!r} "
                         f"(contracts: {', '.join(puzzle_contracts(game, players))})")
    n_tricks = next(iter(DEALINGS[(game, players)]))  # the usual hand size
    if tricks is not None and not 2 <= tricks <= n_tricks:
        raise InputError(f"tricks must be 2..{n_tricks} for {game} (tricks left in the position)",
                         param="tricks")
    if count < 1:
        raise InputError("count must be at least 1", param="count")
    if difficulty is not None and difficulty not in LEVELS:
        raise InputError(f"unknown difficulty {difficulty!r} (levels: {', '.join(LEVELS)})")
    if goal is not None:
        allowed = goals_for(game, contract) if contract else GOALS[game]
        if goal not in allowed:
            raise InputError(f"no goal {goal!r} for {game} {contract or ''} (goals: {', '.join(allowed)})")


def _attempt(rng: random.Random, game: str, contract: str | None, goal: str | None, left: int,
             solver: Solver, players: int = 4) -> Puzzle | None:
    """One random candidate position; the puzzle if it has exactly one solution."""
    contract = contract or rng.choice(puzzle_contracts(game, players))
    allowed = goals_for(game, contract)
    if goal is not None and goal not in allowed:
        return None
    goal = goal or rng.choice(allowed)
    pos = _random_position(rng, game, contract, goal, left, solver, players)
    if pos is None:
        return None
    st = pos.state()
    if st.to_move not in pos.maximizing_seats or len(st.legal_cards()) < 2:
        return None
    result = solver.solve(pos)
    target = _target(pos, goal, result.moves)
    if target is None:
        return None
    reaching = [c for c, v in result.moves.items() if v >= target]
    if len(reaching) != 1:
        return None
    difficulty = measure(pos, result.moves, reaching[0], result.pv, target, result.nodes, solver)
    return Puzzle(pos, goal, target, reaching[0], dict(result.moves), tuple(result.pv), difficulty)


def _random_position(rng: random.Random, game: str, contract: str, goal: str, left: int,
                     solver: Solver, players: int = 4) -> Position | None:
    """A random deal played down to ``left`` tricks, sometimes with a few
    cards of the next trick on the table, the player to move on the
    declaring side.  Cards are played at random -- except, where the goal
    needs every trick, the declaring side's: those keep the goal reachable
    (double dummy), so that the position is not lost already."""
    trump = rng.randrange(4) if (game, contract) in NEEDS_TRUMP else None
    declarer, leader = rng.randrange(players), rng.randrange(players)
    everything = goal in ("tout", "match")
    deal = random_deal(rng, game, players)
    if everything:  # a hand that might take every trick
        deal = _strong_deal(rng, deal, contract_table(game, contract, trump), declarer)
    called = None
    if contract == "sauspiel":
        suits = callable_suits(deal[declarer])
        if not suits:
            return None
        called = rng.choice(suits)
    pos = Position.from_json(position_json(game, contract, deal, declarer=declarer, leader=leader,
                                           trump=trump, called=called,
                                           tout=goal == "tout" and game == "schafkopf"))
    target = _target(pos, goal, {}) if everything else None
    st = pos.state()
    play: list[Card] = []

    def pick() -> Card | None:
        legal = st.legal_cards()
        if target is not None and st.to_move in pos.declaring_party:
            legal = [c for c in legal if solver.reaches(pos.with_play(tuple(play) + (c,)), target)]
        return rng.choice(legal) if legal else None

    extra = rng.randrange(pos.n_seats)  # cards of the next trick on the table, at least
    while (len(st.history) < pos.n_tricks - left or len(st.trick) < extra
           or st.to_move not in pos.maximizing_seats):
        if len(st.history) > pos.n_tricks - left:
            break
        card = pick()
        if card is None:
            return None
        st.play(card.index)
        play.append(card)
    if len(st.history) != pos.n_tricks - left:
        # no declaring seat was to move in that trick after ``extra``
        # cards: the position would have fewer tricks left than asked
        return None
    return pos.with_play(tuple(play))


def _strong_deal(rng: random.Random, deal: Sequence[tuple[Card, ...]], table: ContractTable,
                 declarer: int) -> list[tuple[Card, ...]]:
    """``deal`` redealt so that the declarer might take every trick: a run
    of trumps from the top, then the tops of plain suits, then up to two of
    his cards swapped with random other cards; the rest dealt at random."""
    cards = [c for hand in deal for c in hand]
    size = len(deal[0])
    by_index = {c.index: c for c in cards}
    trumps = [by_index[i] for i in table.ordered(TRUMP) if i in by_index]
    mine = trumps[:rng.randint(min(2, len(trumps)), min(size - 2, (len(trumps) + 1) // 2))]
    suits = [k for k in range(4) if any(i in by_index for i in table.ordered(k))]
    rng.shuffle(suits)
    for k in suits:
        tops = [by_index[i] for i in table.ordered(k) if i in by_index]
        mine += tops[:min(rng.randint(1, len(tops)), size - len(mine))]
        if len(mine) == size:
            break
    rest = [c for c in cards if c not in mine]
    rng.shuffle(rest)
    while len(mine) < size:  # the plain suits ran out: fill at random
        mine.append(rest.pop())
    for _ in range(rng.randrange(3)):
        i = rng.randrange(size)
        mine[i], rest[0] = rest[0], mine[i]
        rng.shuffle(rest)
    others = [tuple(sorted(rest[i * size:(i + 1) * size])) for i in range(len(deal) - 1)]
    others.insert(declarer, tuple(sorted(mine)))
    return others


def _target(pos: Position, goal: str, moves: dict[Card, int]) -> int | None:
    n = pos.n_tricks
    fixed = {"61": 61, "91": 91, "tout": n, "majority": n // 2 + 1, "match": 157 + pos.match_bonus}
    if goal in fixed:
        return fixed[goal]
    values = sorted(moves.values(), reverse=True)
    if len(values) < 2 or values[0] == values[1]:
        return None
    best, second = values[0], values[1]
    return min(best, (second // 10 + 1) * 10)


# ---------------------------------------------------------------------------
def measure(pos: Position, moves: dict[Card, int], solution: Card, line: Sequence[Card], target: int, nodes: int,
            solver: Solver) -> Difficulty:
    """The difficulty of a puzzle (see the module docstring for the measure)."""
    failing = len(moves) - 1
    wrong = looks_wrong(pos, solution, line)
    depth = 0
    for card in moves:
        if card != solution:
            depth = max(depth, _refutation_depth(pos, card, target, solver))
    score = min(failing, 5) + 1.5 * len(wrong) + depth + math.log10(max(nodes, 1))
    level = LEVELS[sum(score >= b for b in LEVEL_BOUNDS)]
    return Difficulty(level, score, failing, tuple(wrong), depth, nodes)


def looks_wrong(pos: Position, card: Card, line: Sequence[Card]) -> list[str]:
    """What makes the solution ``card`` look unnatural (see the module docstring)."""
    st = pos.state()
    t = pos.table
    legal = st.legal_cards()
    key = _strength_key(t)
    out = []
    if max(legal, key=key) != card:
        out.append("not the highest card")
    if t.trump_order and any(t.follow_class[c.index] == TRUMP for c in legal) \
            and t.follow_class[card.index] != TRUMP:
        out.append("not a trump")
    if st.trick:
        winner = (st.leader + st.trick_winner_offset(st.trick)) % st.n_seats
        if winner not in pos.maximizing_seats:
            def takes(c: Card) -> bool:
                return st.trick_winner_offset(st.trick + [c.index]) == len(st.trick)
            if not takes(card) and any(takes(c) for c in legal):
                out.append("does not take the trick")
    if t.points[card.index] and _trick_of_card_goes_to_opponents(pos, line):
        out.append("gives away points")
    return out


def _strength_key(table: ContractTable) -> Callable[[Card], tuple[bool, int]]:
    return lambda c: (table.follow_class[c.index] == TRUMP, table.strength[c.index])


def _trick_of_card_goes_to_opponents(pos: Position, line: Sequence[Card]) -> bool:
    st = pos.state()
    done = len(st.history)
    for c in line:
        st.play(c.index)
        if len(st.history) > done:
            return st.history[-1][2] not in pos.maximizing_seats
    return False


def _refutation_depth(pos: Position, card: Card, target: int, solver: Solver) -> int:
    """Tricks (from the puzzle on) until the goal is out of reach on the count
    along best play after ``card``."""
    st = pos.state()
    st.play(card.index)
    after = pos.with_play(tuple(pos.play) + (card,))
    line = solver.solve(after, moves=False).pv
    start = len(pos.state().history)
    for c in (None, *line):
        if c is not None:
            st.play(c.index)
        if not st.trick and _upper_bound(pos, st) < target:
            return len(st.history) - start
    return len(st.history) - start


def _upper_bound(pos: Position, st: GameState) -> int:
    """The most the declaring side could still end with, taking every trick left."""
    party = pos.declaring_party
    so_far = party_total(st, party)
    if pos.scores_tricks:
        return so_far + st.tricks_left
    rest = sum(pos.table.points[c] for h in st.hands for c in bits(h))
    bonus = pos.table.last_trick_bonus if any(st.hands) else 0
    alive = all(w in party for _, _, w in st.history)
    return so_far + rest + bonus + (pos.match_bonus if alive else 0)


# ---------------------------------------------------------------------------
def verify(puzzle: Puzzle, solver: Solver | None = None) -> None:
    """Re-check a puzzle with a fresh solver, card by card: the solution
    reaches the target, every other legal card does not, and the stored
    values agree.  Raises :class:`PuzzleError` otherwise."""
    solver = solver or Solver()
    pos = puzzle.position
    st = pos.state()
    legal = st.legal_cards()
    if sorted(legal) != sorted(puzzle.moves):
        raise PuzzleError(f"legal cards {' '.join(map(str, legal))} differ from the stored moves")
    for card in legal:
        child = pos.with_play(tuple(pos.play) + (card,))
        reaches = solver.reaches(child, puzzle.target)
        if reaches != (card == puzzle.solution):
            raise PuzzleError(f"card {card} {'reaches' if reaches else 'misses'} {puzzle.target}")
        if solver.value(child) != puzzle.moves[card]:
            raise PuzzleError(f"card {card}: value {solver.value(child)}, stored {puzzle.moves[card]}")
