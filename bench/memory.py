"""Memory over many solves: ``python bench/memory.py [--solves 100000]``.

Solves random 3-trick Schafkopf endings in one process with one Solver and
prints the resident set size every 10 % of the way.  The transposition
table is allocated once (zeroed pages arrive as the search first touches
them) and retired by generation, so RSS rises at most by the table size and
then stays flat.
"""
from __future__ import annotations

import argparse
import random
import resource

from stichfest import Solver
from stichfest.deals import random_position


def rss_mib() -> float:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS"):
                return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--solves", type=int, default=100_000)
    args = ap.parse_args()
    rng = random.Random(7)
    positions = [random_position(rng, "schafkopf", "solo", played=20) for _ in range(200)]
    solver = Solver()
    step = max(1, args.solves // 10)
    first = None
    print(f"transposition table {solver.tt_bytes / 2**20:.0f} MiB")
    for i in range(args.solves):
        solver.value(positions[i % len(positions)].with_play(positions[i % len(positions)].play))
        solver._loaded = None  # force a reload, as a new deal would
        if (i + 1) % step == 0:
            r = rss_mib()
            first = first or r
            print(f"{i + 1:>8} solves  RSS {r:7.1f} MiB  (+{r - first:.1f})", flush=True)


if __name__ == "__main__":
    main()
