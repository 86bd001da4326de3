"""Solve one bench deal set and nothing else: the run the speed work counts.

::

    python bench/solve_set.py jass-trump [--deals 10] [--seed 1] [--moves] [--cpu]

prints the set, its search nodes and (``--cpu``) the CPU seconds of the
solving alone.  Each deal gets a fresh ``Solver``, as in the "whole runs"
of bench/README.md; ``--moves`` asks every card's value beside the value
(``solve --no-pv``).  Its uses:

- instruction counts, which are the same on a noisy machine (callgrind
  counts the whole process; the set's own share is nearly all of it)::

      valgrind --tool=callgrind --callgrind-out-file=cg.out \\
          "$(python -c 'import os,sys; print(os.path.realpath(sys.executable))')" \\
          bench/solve_set.py jass-trump
      python bench/callgrind_lines.py cg.out --nodes NODES

- node counts of two builds (the same on every machine);
- CPU time of two builds in alternating runs pinned to one core
  (``taskset -c 1 python bench/solve_set.py ... --cpu``, each build in
  turn, the medians compared: single runs here spread by a tenth or more).

The sets are bench/deal_sets.py's: ``jass-trump``, ``jass-obenabe``,
``jass-undeufe``, ``schieber`` (the declarer's mode, he leads), a
Schafkopf contract (``sauspiel`` ... ``ramsch``, the announced deals) and
``scharwenzel-4`` / ``-6`` / ``-8``.
"""
from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable

from deal_sets import SCHAFKOPF_CONTRACTS, jass_deals, schafkopf_deals, scharwenzel_deals, schieber_deals
from run import QUERIES

from stichfest import Position, Solver

SETS: dict[str, Callable[[int, int], list[Position]]] = {
    "jass-trump": lambda n, seed: jass_deals(n, seed),
    "jass-obenabe": lambda n, seed: jass_deals(n, seed, "obenabe"),
    "jass-undeufe": lambda n, seed: jass_deals(n, seed, "undeufe"),
    "schieber": schieber_deals,
    **{c: (lambda n, seed, c=c: schafkopf_deals(c, n, seed)) for c in SCHAFKOPF_CONTRACTS},
    **{f"scharwenzel-{k}": (lambda n, seed, k=k: scharwenzel_deals(n, seed, k)) for k in (4, 6, 8)},
}


def solve_set(deals: list[Position], moves: bool) -> tuple[int, float]:
    """The search nodes and the CPU seconds of solving ``deals``, a fresh
    solver each (the query as bench/run.py asks it)."""
    query = QUERIES["value+moves" if moves else "value"]
    nodes = 0
    cpu = 0.0
    for deal in deals:
        solver = Solver()
        start = time.process_time()
        query(solver, deal)
        cpu += time.process_time() - start
        nodes += solver.engine.nodes
    return nodes, cpu


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("set", choices=sorted(SETS), metavar="SET", help="the deal set: " + ", ".join(sorted(SETS)))
    ap.add_argument("--deals", type=int, default=10, help="deals of the set (default 10)")
    ap.add_argument("--seed", type=int, default=1, help="the set's seed (default 1)")
    ap.add_argument("--moves", action="store_true", help="every card's value beside the value")
    ap.add_argument("--cpu", action="store_true", help="print the CPU seconds of the solving")
    args = ap.parse_args(argv)
    if args.deals < 1:
        ap.error("--deals must be at least 1")
    deals = SETS[args.set](args.deals, args.seed)
    nodes, cpu = solve_set(deals, args.moves)
    query = "value and every card's value" if args.moves else "value"
    line = f"{args.set} seed {args.seed}, {len(deals)} deals, {query}: {nodes} nodes"
    print(line + (f", {cpu:.3f} CPU s" if args.cpu else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
