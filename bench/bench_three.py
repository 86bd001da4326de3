"""Print the solver's speed on Schafkopf for three (issue 15):
``python bench/bench_three.py [--deals N] [--seed S]``.

Three hands of 8 from the 24-card deck (no 7s and 8s), every query from
the opening lead, seat 0 declaring and leading.  Deals are redrawn until
seat 0 holds a hand a player would announce for the contract (the filters
of bench/deal_sets.py, "announced"; trump: his longest plain suit), as in
bench/run.py's Schafkopf rows.  One core, one thread; times are per solve.
With the ``bench`` extra (endplay, which bundles DDS) the same run times
DDS's ``solve_board`` on 32-card bridge deals and gives each row as a
multiple of it ("vs DDS"), which stays comparable across machines.

Run it as a script (``python bench/bench_three.py``): Python puts bench/
first on sys.path, so the sibling modules import without path set-up.
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

from deal_sets import _announced, _longest_suit
from run import QUERIES, dds_row

from stichfest import Position, Solver
from stichfest.deals import position_json, random_deal

CONTRACTS = ("solo", "wenz", "geier", "farbwenz", "farbgeier")


def three_deals(contract: str, count: int, seed: int) -> list[Position]:
    """``count`` fixed-seed three-hand deals of ``contract`` (seat 0 declares and leads)."""
    rng = random.Random(f"schafkopf3-{contract}-{seed}")
    out = []
    while len(out) < count:
        deal = random_deal(rng, "schafkopf", 3)
        trump = _longest_suit(deal[0]) if contract in ("solo", "farbwenz", "farbgeier") else None
        if _announced(contract, deal[0], trump):
            out.append(Position.from_json(position_json("schafkopf", contract, deal, trump=trump)))
    return out


def timed(solver: Solver, positions, query) -> tuple[list[float], float]:
    """Milliseconds per solve and mean search nodes (as bench/run.py's ``measure``)."""
    times, nodes = [], 0
    for pos in positions:
        n0 = solver.nodes
        t0 = time.perf_counter()
        query(solver, pos)
        times.append(1e3 * (time.perf_counter() - t0))
        nodes += solver.nodes - n0
    return times, nodes / len(positions)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=100, help="deals per contract (default 100)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    dds = dds_row(args.deals, args.seed)
    head = (f"{'deal set (3 players, 24 cards)':32} {'query':12} {'mean ms':>8} {'median':>8} {'max':>8} "
            f"{'nodes':>10}" + ("  vs DDS" if dds else ""))
    print(head)
    print("-" * len(head))

    def row(name: str, q: str, times: list[float], nodes: float) -> None:
        mean = statistics.fmean(times)
        line = (f"{name:32} {q:12} {mean:8.2f} {statistics.median(times):8.2f} {max(times):8.1f} "
                f"{nodes:10.0f}")
        print(line + (f"  {mean / dds:6.1f}x" if dds else ""), flush=True)

    solver = Solver()
    every: dict[str, tuple[list[float], list[float]]] = {q: ([], []) for q in ("value", "value+moves")}
    for contract in CONTRACTS:
        deals = three_deals(contract, args.deals, args.seed)
        for q, (all_times, all_nodes) in every.items():  # value first, then value+moves, as run.py
            times, nodes = timed(solver, deals, QUERIES[q])
            all_times += times
            all_nodes.append(nodes)
            row(f"schafkopf3 {contract}", q, times, nodes)
    for q, (all_times, all_nodes) in every.items():
        row("schafkopf3, all five contracts", q, all_times, statistics.fmean(all_nodes))
    print("\n" + (f"DDS mean {dds:.3f} ms on 32-card bridge deals (same run)" if dds
                  else "DDS not timed (pip install -e '.[bench]' for endplay)"))


if __name__ == "__main__":
    main()
