"""Print the solver's speed table: ``python bench/run.py [--deals N] [--seed S]``.

One core, one thread, fixed-seed deal sets (bench/deals.py), every query
from the opening lead.  Times are per solve; nodes are search nodes (card
plays) per solve.  With the optional ``bench`` extra (endplay, which
bundles DDS) the same run times DDS on 32-card bridge deals.
"""
from __future__ import annotations

import argparse
import os
import resource
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))

from deals import SCHAFKOPF_CONTRACTS, jass_deals, schafkopf_deals, scharwenzel_deals  # noqa: E402

from stichfest import Solver  # noqa: E402
from stichfest.search import TT_BITS  # noqa: E402

TARGET_MS = {"value": 10.0, "reaches 61": 1.0, "value+moves": 20.0, "tout": 0.5,
             "scharwenzel value": 0.5, "jass value": 30.0}


def measure(solver: Solver, positions, query) -> dict:
    times, nodes = [], []
    for pos in positions:
        n0 = solver.nodes
        t0 = time.perf_counter()
        query(solver, pos)
        times.append(time.perf_counter() - t0)
        nodes.append(solver.nodes - n0)
    times.sort()
    total = sum(times)
    return {"n": len(times), "mean": 1e3 * total / len(times), "median": 1e3 * statistics.median(times),
            "p90": 1e3 * times[int(0.9 * (len(times) - 1))], "max": 1e3 * times[-1],
            "nodes": sum(nodes) / len(nodes), "nps": sum(nodes) / total if total else 0.0}


QUERIES = {
    "value": lambda s, p: s.value(p),
    "reaches 61": lambda s, p: s.reaches(p, 61),
    "value+moves": lambda s, p: s.solve(p, pv=False),
    "tout": lambda s, p: s.reaches(p, p.n_tricks),
}


def rows(n_deals: int, seed: int):
    solver = Solver()
    for contract in SCHAFKOPF_CONTRACTS:
        deals = schafkopf_deals(contract, n_deals, seed)
        for q in ("value", "reaches 61", "value+moves"):
            if contract == "ramsch" and q == "reaches 61":
                continue
            yield f"schafkopf {contract}", q, measure(solver, deals, QUERIES[q])
    yield "schafkopf solo (random deals)", "value", measure(
        solver, schafkopf_deals("solo", n_deals, seed, announced=False), QUERIES["value"])
    for contract in ("solo", "wenz"):
        deals = schafkopf_deals(contract, n_deals, seed, tout=True)
        yield f"schafkopf {contract} tout", "tout", measure(solver, deals, QUERIES["tout"])
    yield "scharwenzel 4p", "scharwenzel value", measure(
        solver, scharwenzel_deals(n_deals, seed), QUERIES["value"])
    yield "jass trump", "jass value", measure(solver, jass_deals(max(10, n_deals // 2), seed),
                                              QUERIES["value"])


def dds_row(n_deals: int, seed: int):
    try:
        from endplay.dds import (
            calc_dd_table,  # noqa: F401
            solve_board,
        )
        from endplay.types import Deal
    except ImportError:
        return None
    import random
    rng = random.Random(seed)
    times = []
    ranks = "AKQJT98"
    for _ in range(n_deals):
        cards = [s + r for s in "SHDC" for r in ranks + "7"]
        rng.shuffle(cards)
        hands = [cards[i * 8:(i + 1) * 8] for i in range(4)]
        pbn = "N:" + " ".join(".".join("".join(c[1] for c in h if c[0] == s) for s in "SHDC") for h in hands)
        deal = Deal(pbn)
        t0 = time.perf_counter()
        solve_board(deal)
        times.append(time.perf_counter() - t0)
    return 1e3 * sum(times) / len(times)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=100, help="deals per row (default 100)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    dds = dds_row(args.deals, args.seed)
    head = (f"{'deal set':34} {'query':18} {'mean ms':>8} {'median':>8} {'p90':>8} {'max':>8} "
            f"{'nodes':>10} {'Mnodes/s':>8} {'target':>7}" + ("  vs DDS" if dds else ""))
    print(head)
    print("-" * len(head))
    for name, q, r in rows(args.deals, args.seed):
        target = TARGET_MS.get(q)
        mark = "" if target is None else ("ok" if r["mean"] <= target else "MISS")
        line = (f"{name:34} {q:18} {r['mean']:8.2f} {r['median']:8.2f} {r['p90']:8.2f} {r['max']:8.1f} "
                f"{r['nodes']:10.0f} {r['nps'] / 1e6:8.1f} {str(target) + ' ' + mark:>7}")
        if dds:
            line += f"  {r['mean'] / dds:6.1f}x"
        print(line, flush=True)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    tables = ", ".join(f"{game} {2 ** bits * 64 / 2**20:.0f} MiB" for game, bits in TT_BITS.items())
    print(f"\ntransposition tables: {tables}; peak RSS {rss:.0f} MiB"
          + (f"; DDS mean {dds:.3f} ms on 32-card bridge deals" if dds else ""))


if __name__ == "__main__":
    main()
