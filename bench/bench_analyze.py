"""Time the hand analysis: ``stichfest analyze`` of one hand over all its
contracts, 1000 samples (Jass: 200) for every contract in contention, on all cores.

    python bench/bench_analyze.py [--hand strong|middling|jass] [--samples N] [--seed S]
                                  [--workers W] [--no-points] [--points-samples K] [--nodes]

The strong hand's run is the one of

    stichfest analyze --game schafkopf --hand "EO GO EU GU HA H10 EA G7" --seat 0 --leader 0 \\
        --samples 1000 --seed 1

and the middling hand's ``--hand "EO HO GU EA E10 GA G10 S7" --seat 1 --leader 0``,
where several contracts stay close and the race stops few of them, and the
Jass hand's ``--game jass --hand "HJ H9 HA HK S10 SA CA D6 D7" --seat 0
--leader 0 --samples 200`` (through
the Python API, so interpreter start-up is not counted).  With endplay
installed (the ``bench`` extra) the same run times DDS on 32-card bridge
deals and prints the analysis as a multiple of one DDS solve, the figure
that holds from machine to machine.  CPU
seconds add up every worker's time: on a machine shared with other work,
CPU / workers is what the wall time would be with the cores to itself, so
the run's CPU per worker is also scaled by DDS's CPU time (before and after
the run), the steadier figure when the machine is busy.
"""
from __future__ import annotations

import argparse
import resource
import time

from run import dds_row  # bench/ is sys.path[0] when run as a script

from stichfest.analysis.evaluate import POINTS_SAMPLES, evaluate_hand
from stichfest.analysis.executor import available_cores, open_executor, worker_solver

HAND = "EO GO EU GU HA H10 EA G7"
#: name -> (game, hand, seat, leader, samples)
HANDS = {"strong": ("schafkopf", HAND, 0, 0, 1000),
         "middling": ("schafkopf", "EO HO GU EA E10 GA G10 S7", 1, 0, 1000),
         "jass": ("jass", "HJ H9 HA HK S10 SA CA D6 D7", 0, 0, 200)}
#: (game, samples) -> target at the reference speed, where DDS needs 0.49 ms
#: a deal (2 cores): issue 12's for Schafkopf, issue 11's for Jass
TARGET_SECONDS = {("schafkopf", 1000): 10.0, ("jass", 200): 15.0, ("jass", 1000): 60.0}
REFERENCE_DDS_MS = 0.49


def verdict(at_reference: float, target: float | None) -> str:
    """The analysis's seconds at the reference speed judged against its target."""
    if target is None:
        return "no target for this many samples"
    return f"target {target:.0f} s: {'ok' if at_reference <= target else 'MISS'}"


def _cpu_seconds() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def analyze_figure(samples: int = 1000, seed: int = 1, workers: int | None = None,
                   points: bool = True, hand: str = HAND, seat: int = 0, leader: int = 0,
                   points_samples: int = POINTS_SAMPLES, game: str = "schafkopf") -> dict:
    """Time one full hand analysis; the keys are what the bench table prints."""
    workers = workers or available_cores()
    cpu0, t0 = _cpu_seconds(), time.perf_counter()
    with open_executor(workers) as executor:  # the pool is shut down (and its CPU counted) on exit
        result = evaluate_hand(game, hand, seat, leader, samples=samples, seed=seed, points=points,
                               points_samples=points_samples, executor=executor)
    wall = time.perf_counter() - t0
    cpu = _cpu_seconds() - cpu0
    return {"seconds": wall, "cpu_seconds": cpu, "workers": workers, "samples": samples,
            "contracts": len(result.results), "contenders": len(result.results) - len(result.stopped),
            "points": points, "points_samples": min(points_samples, samples),
            "target_seconds": TARGET_SECONDS.get((game, samples)), "best": result.results[0].name}


def _mean_of(before: float | None, after: float | None) -> float | None:
    """DDS's time a deal before and after the run, averaged (None without endplay)."""
    return None if before is None or after is None else (before + after) / 2


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hand", choices=sorted(HANDS), default="strong")
    ap.add_argument("--samples", type=int, default=None, help="default: 1000, Jass 200")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=None, help="default: all cores")
    ap.add_argument("--no-points", action="store_true", help="skip the exact card points")
    ap.add_argument("--points-samples", type=int, default=POINTS_SAMPLES,
                    help="deals with exact card points (default: the analysis's)")
    ap.add_argument("--nodes", action="store_true",
                    help="run in this process, one worker, and print the search nodes of the whole "
                         "analysis (the figure that compares two builds on a noisy machine)")
    args = ap.parse_args(argv)
    game, hand, seat, leader, samples = HANDS[args.hand]
    if args.nodes:
        print_nodes(args, game, hand, seat, leader, args.samples or samples)
        return
    dds_ms = dds_row(20, 1)
    dds_cpu_ms = dds_row(100, 1, clock=time.process_time)
    r = analyze_figure(args.samples or samples, args.seed, args.workers, not args.no_points, hand, seat,
                       leader, args.points_samples, game)
    # the machine's speed before and after the run
    dds_cpu_ms = _mean_of(dds_cpu_ms, dds_row(100, 1, clock=time.process_time))
    dds_ms = _mean_of(dds_ms, dds_row(20, 1))
    what = (f"with card points on the first {r['points_samples']} deals" if r["points"]
            else "without card points (--no-points)")
    if game == "jass":
        what = "every deal solved exactly (the payout needs the value)"
    print(f"analyze the {args.hand} {game.capitalize()} hand ({hand}, seat {seat}, seat {leader} leads), "
          f"{r['contracts']} contracts, {r['samples']} samples for each of {r['contenders']} in contention, "
          f"{what}, {r['workers']} workers:")
    line = (f"  {r['seconds']:.1f} s wall; {r['cpu_seconds']:.1f} CPU s = "
            f"{r['cpu_seconds'] / r['workers']:.1f} s per worker; best: {r['best']}")
    if dds_ms is not None:
        ratio = 1e3 * r["seconds"] / dds_ms
        at_reference = ratio * REFERENCE_DDS_MS / 1e3
        judged = verdict(at_reference, r["target_seconds"])
        line += (f"\n  DDS {dds_ms:.3f} ms a deal in this run: the analysis is {ratio:,.0f} DDS solves, "
                 f"{at_reference:.1f} s at the reference speed ({judged})")
    if dds_cpu_ms is not None:
        per_worker = r["cpu_seconds"] / r["workers"] * REFERENCE_DDS_MS / dds_cpu_ms
        line += (f"\n  DDS {dds_cpu_ms:.3f} ms CPU a deal: {per_worker:.1f} CPU s per worker at the reference "
                 "speed")
    print(line)


def print_nodes(args: argparse.Namespace, game: str, hand: str, seat: int, leader: int, samples: int) -> None:
    """The analysis in this process (no workers), and its search nodes."""
    solver = worker_solver()
    n0, cpu0 = solver.nodes, _cpu_seconds()
    result = evaluate_hand(game, hand, seat, leader, samples=samples, seed=args.seed,
                           points=not args.no_points, points_samples=args.points_samples)
    print(f"analyze the {args.hand} {game.capitalize()} hand, {samples} samples, seed {args.seed}, "
          f"in this process: {solver.nodes - n0:,} search nodes, {_cpu_seconds() - cpu0:.1f} CPU s; "
          f"best: {result.results[0].name}")


if __name__ == "__main__":
    main()
