"""Print issue 12's speed figure: double-dummy analysis of one hand and
single-dummy play-outs of its top three contracts on the same deals.

    python bench/bench_single_dummy.py [--samples 200] [--worlds K] [--workers 2] [--hand ...]
                                       [--game jass] [--nodes]

The run is the one of

    stichfest analyze --game schafkopf --hand "EO HO GU EA E10 GA G10 S7" --seat 1 --leader 0 \\
        --samples 200 --seed 1 --play both --workers 2

through the Python API (``--game jass``: the Jass hand of bench_analyze.py,
``HJ H9 HA HK S10 SA CA D6 D7``, seat 0, who leads; its play-outs cost
far more, so ask few ``--samples``).  ``--nodes`` runs it in this process
(one worker) and prints the search nodes of every solver it used, the
stable figure for comparing two builds.  With endplay installed (the ``bench`` extra), the
same run times DDS's ``solve_board`` on 32-card bridge deals (bench/run.py's
deals) before and after, in CPU time, so the CPU seconds of the run scale
to the reference machine (DDS 0.49 ms a deal): on a shared machine the
wall time is no measure.
CPU seconds add up every worker's time: on a machine shared with other
work, CPU / workers is what the wall time would be with the cores to itself.
"""
from __future__ import annotations

import argparse
import resource
import time

from run import dds_row  # bench/ is sys.path[0] when run as a script

from stichfest.analysis.evaluate import evaluate_hand
from stichfest.analysis.executor import open_executor, worker_solver
from stichfest.analysis.single_dummy import WORLDS, trick_solver, world_solvers

HAND = "EO HO GU EA E10 GA G10 S7"
#: game -> (hand, seat, leader) of the run
RUNS = {"schafkopf": (HAND, 1, 0), "jass": ("HJ H9 HA HK S10 SA CA D6 D7", 0, 0)}
TARGET_SECONDS = 60.0
REFERENCE_DDS_MS = 0.49


def _cpu_seconds() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def dds_ms(deals: int = 200, seed: int = 1) -> float | None:
    """CPU milliseconds of DDS's ``solve_board`` per 32-card bridge deal (the
    deals of bench/run.py).  CPU, not wall time: on a loaded machine the
    wall time counts the waits for a core, which the run's CPU seconds do
    not, so only CPU against CPU scales to the reference machine."""
    return dds_row(deals, seed, clock=time.process_time)


def play_out_parser(description: str, hand: str | None) -> argparse.ArgumentParser:
    """The options the play-out benchmarks share (this one and bench_defence.py)."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--samples", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--worlds", type=int, default=WORLDS)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--hand", default=hand)
    return ap


def print_nodes(args: argparse.Namespace) -> None:
    """The run in this process (no workers), and the search nodes of every
    solver it used: the analysis's, each world's and the Schwarz queries'."""
    def nodes() -> int:
        return worker_solver().nodes + sum(s.nodes for s in world_solvers(args.worlds)) + trick_solver().nodes
    n0, cpu0 = nodes(), _cpu_seconds()
    a = evaluate_hand(args.game, args.hand, args.seat, args.leader, samples=args.samples,
                      seed=args.seed, play="both", worlds=args.worlds)
    played = sum(r.single_dummy.samples for r in a.results if r.single_dummy is not None)
    print(f"{args.game} hand {args.hand}, seat {args.seat}, seat {args.leader} leads; {args.samples} "
          f"samples, seed {args.seed}, {args.worlds} worlds per decision, --play both, in this process: "
          f"{played} play-outs, {nodes() - n0:,} search nodes, {_cpu_seconds() - cpu0:.1f} CPU s")


def main(argv=None) -> None:
    ap = play_out_parser(__doc__.splitlines()[0], None)
    ap.add_argument("--game", choices=sorted(RUNS), default="schafkopf")
    ap.add_argument("--seat", type=int, default=None)
    ap.add_argument("--leader", type=int, default=None)
    ap.add_argument("--nodes", action="store_true",
                    help="run in this process, one worker, and print the search nodes")
    args = ap.parse_args(argv)
    hand, seat, leader = RUNS[args.game]
    args.hand = args.hand or hand
    args.seat = seat if args.seat is None else args.seat
    args.leader = leader if args.leader is None else args.leader
    if args.nodes:
        print_nodes(args)
        return
    dds = dds_ms()
    cpu0, t0 = _cpu_seconds(), time.perf_counter()
    with open_executor(args.workers) as executor:  # the pool is shut down (and its CPU counted) on exit
        a = evaluate_hand(args.game, args.hand, args.seat, args.leader, samples=args.samples,
                          seed=args.seed, executor=executor, play="both", worlds=args.worlds)
    wall = time.perf_counter() - t0
    cpu = _cpu_seconds() - cpu0
    after = dds_ms()
    if dds is not None and after is not None:
        dds = (dds + after) / 2  # the machine's speed before and after the run
    print(f"{args.game} hand {args.hand}, seat {args.seat}, seat {args.leader} leads; {args.samples} samples, "
          f"seed {args.seed}, {args.workers} workers, {args.worlds} worlds per decision, --play both")
    for r in a.results:
        if r.single_dummy is None:
            continue
        sd = r.single_dummy
        n = sd.samples
        dd_win = float((r.levels[:n] >= 4).mean())
        print(f"  {r.name:<30} DD P(win) {dd_win:.3f}  SD P(win) {sd.result.p_win.mean:.3f}  "
              f"DD payout {r.payouts[:n].mean():+7.1f}  SD payout {sd.result.payout.mean:+7.1f}  "
              f"({n} deals)")
    line = f"total {wall:.1f} s wall, {cpu:.1f} s CPU ({cpu / args.workers:.1f} s per worker)"
    judged = wall
    if dds is not None:
        judged = cpu / args.workers * REFERENCE_DDS_MS / dds
        line += (f"; DDS {dds:.3f} ms CPU a deal here (reference {REFERENCE_DDS_MS} ms): "
                 f"{judged:.1f} s per worker at the reference speed")
    if args.game == "schafkopf":  # issue 12's target; a Jass run has none
        line += f"; target {TARGET_SECONDS:.0f} s: {'ok' if judged <= TARGET_SECONDS else 'MISS'}"
    print(line)


if __name__ == "__main__":
    main()
