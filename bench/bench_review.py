"""Print issue 13's speed figure: ``stichfest review`` (double dummy) of whole
Schafkopf games, in games reviewed per second.

    python bench/bench_review.py [--games 50] [--seed 1] [--workers 2] [--information --samples N]

The games are random deals from :func:`stichfest.deals.random_position`,
half Sauspiel and half Solo, played out to the last card by a fixed greedy
policy (:func:`greedy_card`), so that they hold the kind of mistakes real
games do.  Every card of every game is reviewed (32 positions a game: each
legal card's value, the level and the mark), the games shared out over
``--workers`` processes as ``stichfest review --jsonl --workers`` does, one
:class:`~stichfest.Solver` per worker reused from card to card.  Deal
generation is not timed.  CPU seconds add up every worker's time.
"""
from __future__ import annotations

import argparse
import random
import resource
import time

from stichfest import Card, Position
from stichfest.analysis.executor import open_executor, run_tasks, worker_solver
from stichfest.analysis.review import review_game
from stichfest.contracts import TRUMP
from stichfest.deals import random_position
from stichfest.play import GameState


def _cpu_seconds() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def greedy_card(pos: Position, st: GameState) -> int:
    """A plain player's card: lead the strongest card (trumps first); take the trick
    with the cheapest card that wins when an opponent is winning it; give points to a
    partner who is winning it; otherwise throw the card with the fewest points.
    (Uses the true parties: a Sauspiel defender "knows" his partner.)"""
    t = pos.table
    legal = [c.index for c in st.legal_cards()]
    if not st.trick:
        return min(legal, key=t.display_key)
    winner = (st.leader + t.winning_offset(st.trick)) % st.n_seats
    best = st.trick[t.winning_offset(st.trick)]
    mine = (st.to_move in pos.declaring_party) == (winner in pos.declaring_party)
    if mine:
        plain = [c for c in legal if t.follow_class[c] != TRUMP] or legal
        return max(plain, key=lambda c: (t.points[c], -t.strength[c]))
    beating = [c for c in legal if t.beats(c, best)]
    if beating:
        return min(beating, key=lambda c: (t.follow_class[c] == TRUMP, t.strength[c]))
    return min(legal, key=lambda c: (t.points[c], t.follow_class[c] == TRUMP, t.strength[c]))


def played_out(pos: Position) -> Position:
    """``pos`` with the whole hand played by :func:`greedy_card`."""
    st = pos.state()
    play = list(pos.play)
    while not st.finished:
        c = greedy_card(pos, st)
        st.play(c)
        play.append(Card(c, pos.deck))
    return pos.with_play(tuple(play))


def games(n: int, seed: int) -> list[Position]:
    rng = random.Random(seed)
    return [played_out(random_position(rng, "schafkopf", "sauspiel" if i % 2 == 0 else "solo"))
            for i in range(n)]


def _review_one(record: dict, information: bool, samples: int) -> tuple[int, int, int]:
    """(cards reviewed, ``?`` marks, ``??`` marks) of one record."""
    review = review_game(Position.from_json(record), information=information, samples=samples,
                         solver=worker_solver())
    marks = [p.mark for p in review.plays]
    return len(review.plays), marks.count("?"), marks.count("??")


def review_figure(n_games: int = 50, seed: int = 1, workers: int = 2, information: bool = False,
                  samples: int = 20) -> dict:
    records = [g.to_json() for g in games(n_games, seed)]
    cpu0, t0 = _cpu_seconds(), time.perf_counter()
    with open_executor(workers) as executor:
        rows = run_tasks(_review_one, [(r, information, samples) for r in records], executor)
    wall = time.perf_counter() - t0
    cpu = _cpu_seconds() - cpu0
    return {"games": n_games, "workers": workers, "seconds": wall, "cpu_seconds": cpu,
            "games_per_second": n_games / wall, "cards": sum(r[0] for r in rows),
            "marks_points": sum(r[1] for r in rows), "marks_game": sum(r[2] for r in rows)}


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--information", action="store_true", help="also the information estimate")
    ap.add_argument("--samples", type=int, default=20, help="with --information: deals per card choice")
    args = ap.parse_args(argv)
    r = review_figure(args.games, args.seed, args.workers, args.information, args.samples)
    what = f"with --information --samples {args.samples}" if args.information else "double dummy"
    print(f"review {r['games']} greedy-played Schafkopf games (Sauspiel/Solo, {r['cards']} cards), {what}, "
          f"{r['workers']} workers:")
    print(f"  {r['seconds']:.2f} s wall, {r['cpu_seconds']:.2f} s CPU: {r['games_per_second']:.1f} games/s; "
          f"marks: {r['marks_points']} '?', {r['marks_game']} '??'")


if __name__ == "__main__":
    main()
