"""Print the solver's speed table: ``python bench/run.py [--deals N] [--seed S]``.

One core, one thread, fixed-seed deal sets (bench/deal_sets.py), every
query from the opening lead.  Times are per solve; nodes are search nodes
(card plays) per solve.  With the optional ``bench`` extra (endplay, which
bundles DDS) the same run times DDS's ``solve_board`` on 32-card bridge
deals, and every row is also given as a multiple of that time ("vs DDS":
the ratio stays comparable across machines and machine load, which the
milliseconds do not; DDS is timed just before and just after each row,
and the row is set against the mean of the two) and in ms at the
reference speed ("ref ms", a
machine where DDS needs 0.49 ms a deal, the speed the issues' targets are
set at).  The last column is the row's target there (mean, and for Jass
values the slowest deal's too) and whether the row meets it, judged by
the ratio to DDS (by the milliseconds here when endplay is missing).

Options:

- ``--only TEXT``: only the rows whose deal set or query contains TEXT
  (repeatable), e.g. ``--only jass --only ramsch``.
- ``--counters``: after each row, the search counters per solve (table
  probes and the share that ended the node, cutoffs and the share the first
  move tried made -- the ordering's quality --, moves skipped by the
  touching-card bound, the null-window tests of the value's bisection and
  of each card's value).
- ``--slowest N``: after each row, its N slowest deals (index in the deal
  set, nodes, ms, value or answer): the deals where the mean is, to
  profile first (``--only jass --slowest 3``).
- ``--cpu-clock``: time DDS and the rows by the process's CPU time (a
  machine shared with other work then slows both alike, rather than only
  whichever ran while it was busy).
- ``--repeat N``: measure every row N times, each time between two DDS
  runs, and print (and judge) the run whose ratio to DDS is the median
  one (with an even N the slower of the two middle ones), followed by the
  range of the N ratios: on these machines the ratio of one row swings by
  a sixth from run to run, so a verdict near a target needs several runs
  (``--only ramsch --repeat 5``).  Nodes are the same in every run.
- ``--signature``: print ``nodes: N``, the sum of search nodes over a
  small fixed deal set covering every game, contract and seat count
  (``deal_sets.signature_positions``, each solved with value, every card's
  value and a line of play, on one table of fixed size), as chess engines
  do (Stockfish's ``bench``).  Any change to the search's bounds, ordering
  or table changes it; a pure refactoring does not.  About 10 s.
- ``--check-signature``: the same, compared with bench/signature.txt; exits
  1 with a one-line message on a mismatch.  Update the file (and say so,
  old -> new, in the commit message) with every change of the search.

Run it as a script from anywhere (``python bench/run.py``): Python puts
bench/ first on sys.path, so the sibling module ``deal_sets`` imports
without path set-up.  ``stichfest`` must be installed (``pip install -e .``).
"""
from __future__ import annotations

import argparse
import os
import resource
import statistics
import sys
import time

from deal_sets import (
    SCHAFKOPF_CONTRACTS,
    jass_deals,
    schafkopf_deals,
    scharwenzel_deals,
    schieber_deals,
    signature_positions,
)

from stichfest import Solver
from stichfest.search import TT_BITS

#: The issues' targets, in ms at the *reference speed* (a machine where DDS
#: needs REFERENCE_DDS_MS a deal): per query label, the mean and, where an
#: issue sets one, the slowest deal's (issue 11: a Jass value within 2 s).
TARGET_MS: dict[str, tuple[float, float | None]] = {
    "value": (10.0, None), "reaches 61": (1.0, None), "value+moves": (20.0, None), "tout": (0.5, None),
    "scharwenzel value": (0.5, None), "jass value": (100.0, 2000.0), "jass value+moves": (300.0, None)}
#: Deal sets whose target differs from their query's (issue 11: Ramsch value + moves).
SET_TARGET_MS: dict[tuple[str, str], tuple[float, float | None]] = {
    ("schafkopf ramsch", "value+moves"): (100.0, None)}
REFERENCE_DDS_MS = 0.49
#: Bridge deals DDS solves before and after every row (about 25 ms each time).
DDS_DEALS = 40

#: The signature's table: fixed here, not taken from search.TT_BITS, so the
#: number does not move when the default sizes do (2**18 buckets, 16 MiB).
SIGNATURE_TT_BITS = 18
SIGNATURE_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "signature.txt")

COUNTERS = ("tt_probes", "tt_hits", "cutoffs", "first_move_cutoffs", "twin_prunes", "tests")


def _counters(solver: Solver) -> tuple[object, dict[str, int]]:
    return solver.engine, solver.engine.counters()


def _counter_delta(solver: Solver, before: tuple[object, dict[str, int]]) -> dict[str, int]:
    engine, start = before
    now = solver.engine.counters()
    if solver.engine is not engine:  # the solver made a table of another size
        return now
    return {k: now[k] - start[k] for k in now}


def p90(times: list[float]) -> float:
    """The 90th percentile of sorted ``times`` by nearest rank: the smallest
    time with at least 90 % of the deals at or below it (of 2 deals the
    slower; of 10 the ninth; of 20 the eighteenth)."""
    return times[(9 * len(times) + 9) // 10 - 1]  # ceil(0.9 n) in integers: 0.9 * 100 is 90.00000000000001


def measure(solver: Solver, positions, query, clock=time.perf_counter) -> dict:
    times, nodes, answers = [], [], []
    counters = dict.fromkeys(COUNTERS, 0)
    for pos in positions:
        n0 = solver.nodes
        before = _counters(solver)
        t0 = clock()
        answer = query(solver, pos)
        times.append(clock() - t0)
        nodes.append(solver.nodes - n0)
        answers.append(getattr(answer, "value", answer))
        for k, v in _counter_delta(solver, before).items():
            if k in counters:
                counters[k] += v
    per_deal = sorted(((1e3 * t, n, i, a) for i, (t, n, a) in enumerate(zip(times, nodes, answers))),
                      reverse=True)
    times.sort()
    total = sum(times)
    return {"n": len(times), "mean": 1e3 * total / len(times), "median": 1e3 * statistics.median(times),
            "p90": 1e3 * p90(times), "max": 1e3 * times[-1],
            "nodes": sum(nodes) / len(nodes), "nps": sum(nodes) / total if total else 0.0,
            "counters": counters, "per_deal": per_deal}


QUERIES = {
    "value": lambda s, p: s.value(p),
    "reaches 61": lambda s, p: s.reaches(p, 61),
    "value+moves": lambda s, p: s.solve(p, pv=False),
    "tout": lambda s, p: s.reaches(p, p.n_tricks),
}


def median_run(ratios: list[float]) -> int:
    """The index of the median of ``ratios`` (a row's ratio to DDS in each
    of its runs); with an even count the larger of the two middle ones, so
    that a verdict is never the more hopeful of two."""
    order = sorted(range(len(ratios)), key=lambda i: ratios[i])
    return order[len(order) // 2]


def rows(n_deals: int, seed: int, wanted=None, clock=time.perf_counter, between=None, repeat: int = 1):
    """(deal set, query label, measurements) for every row ``wanted`` keeps,
    measured one by one (a long table prints as it goes): ``repeat`` runs of
    the row, ``between()`` called after each (main times DDS there) and its
    answer kept as the run's ``"dds"``."""
    solver = Solver()
    n_jass = max(10, n_deals // 2)
    table = []
    for contract in SCHAFKOPF_CONTRACTS:
        for q in ("value", "reaches 61", "value+moves"):
            if not (contract == "ramsch" and q == "reaches 61"):
                table.append((f"schafkopf {contract}", q, q,
                              lambda c=contract: schafkopf_deals(c, n_deals, seed)))
    table.append(("schafkopf solo (random deals)", "value", "value",
                  lambda: schafkopf_deals("solo", n_deals, seed, announced=False)))
    for contract in ("solo", "wenz"):
        table.append((f"schafkopf {contract} tout", "tout", "tout",
                      lambda c=contract: schafkopf_deals(c, n_deals, seed, tout=True)))
    table.append(("scharwenzel 4p", "scharwenzel value", "value", lambda: scharwenzel_deals(n_deals, seed)))
    table.append(("jass trump", "jass value", "value", lambda: jass_deals(n_jass, seed)))
    for mode in ("obenabe", "undeufe"):
        table.append((f"jass {mode}", "jass value", "value", lambda m=mode: jass_deals(n_jass, seed, m)))
    table.append(("jass schieber (mode chosen)", "jass value", "value", lambda: schieber_deals(n_jass, seed)))
    table.append(("jass schieber (mode chosen)", "jass value+moves", "value+moves",
                  lambda: schieber_deals(n_jass, seed)))
    made: dict = {}  # deal sets are made once and shared by their rows
    for name, label, query, deals in table:
        if wanted is not None and not wanted(name, label):
            continue
        if name not in made:
            made[name] = deals()
        solver.warm_up(made[name][0].game)  # the fresh table's page faults are not the search's time
        runs = []
        for _ in range(repeat):
            runs.append(measure(solver, made[name], QUERIES[query], clock))
            if between is not None:
                runs[-1]["dds"] = between()
        yield name, label, runs


def target_of(name: str, label: str) -> tuple[float, float | None] | None:
    """A row's target (mean ms, slowest deal's ms or None) at the reference
    speed: its deal set's own, else its query's; None where it has none."""
    return SET_TARGET_MS.get((name, label)) or TARGET_MS.get(label)


def judge(name: str, label: str, mean_ms: float, max_ms: float, dds_ms: float | None
          ) -> tuple[str, float | None]:
    """A row against its target: ("ok" / "MISS" / "" where it has none, and
    the row's mean in ms at the reference speed, None without DDS).

    With DDS timed in the same run the row is judged by its ratio to DDS
    (a target of T ms at the reference speed is T / REFERENCE_DDS_MS times
    DDS), as the milliseconds of these machines vary twofold from day to
    day; without DDS, by its milliseconds here."""
    target = target_of(name, label)
    scale = REFERENCE_DDS_MS / dds_ms if dds_ms else 1.0
    at_reference = mean_ms * scale if dds_ms else None
    if target is None:
        return "", at_reference
    mean_target, max_target = target
    ok = mean_ms * scale <= mean_target and (max_target is None or max_ms * scale <= max_target)
    return ("ok" if ok else "MISS"), at_reference


def signature() -> int:
    """Search nodes over the signature set (see the module docstring)."""
    solver = Solver(tt_bits=SIGNATURE_TT_BITS)
    total = 0
    for pos in signature_positions():
        n0 = solver.nodes
        solver.solve(pos)
        total += solver.nodes - n0
    return total


def expected_signature() -> int:
    with open(SIGNATURE_FILE) as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                return int(line.removeprefix("nodes:").strip())
    raise ValueError(f"no number in {SIGNATURE_FILE}")


def dds_row(n_deals: int, seed: int, clock=time.perf_counter):
    try:
        from endplay.dds import solve_board
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
        t0 = clock()
        solve_board(deal)
        times.append(clock() - t0)
    return 1e3 * sum(times) / len(times)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=100, help="deals per row (default 100; Jass rows half, >= 10)")
    ap.add_argument("--seed", type=int, default=1, help="the deal sets' seed (default 1; other seeds check a change on other deals)")
    ap.add_argument("--only", action="append", metavar="TEXT",
                    help="only rows whose deal set or query contains TEXT (repeatable)")
    ap.add_argument("--counters", action="store_true", help="print the search counters of each row")
    ap.add_argument("--slowest", type=int, default=0, metavar="N", help="print each row's N slowest deals")
    ap.add_argument("--cpu-clock", action="store_true",
                    help="time DDS and every row by this process's CPU time, not the wall clock")
    ap.add_argument("--repeat", type=int, default=1, metavar="N",
                    help="measure every row N times; print and judge the run of median ratio to DDS")
    ap.add_argument("--signature", action="store_true", help="print the node signature and exit")
    ap.add_argument("--check-signature", action="store_true",
                    help="compare the node signature with bench/signature.txt, exit 1 on a mismatch")
    args = ap.parse_args(argv)
    if args.repeat < 1:
        ap.error(f"--repeat must be 1 or more, not {args.repeat}")
    if args.signature or args.check_signature:
        got = signature()
        if args.signature:
            print(f"nodes: {got}")
        if args.check_signature:
            want = expected_signature()
            if got != want:
                sys.exit(f"node signature mismatch: {got} nodes, bench/signature.txt expects {want}")
            print(f"node signature ok: {got} nodes")
        return
    wanted = None
    if args.only:
        wanted = lambda name, q: any(t in name or t in q for t in args.only)  # noqa: E731
    clock = time.process_time if args.cpu_clock else time.perf_counter
    dds_row(5, args.seed, clock)  # DDS's first solves set it up: not timed
    dds = dds_row(DDS_DEALS, args.seed, clock)
    dds_seen: list[float] = []

    def dds_between() -> float | None:
        # DDS again after each run of a row: the run's ratio is to the mean
        # of the DDS times just before and after it (the machine's speed
        # drifts within a run as well as from day to day)
        nonlocal dds
        if not dds:
            return None
        after = dds_row(DDS_DEALS, args.seed, clock)
        dds_seen.extend([dds, after])
        dds, mean = after, (dds + after) / 2
        return float(mean)

    head = (f"{'deal set':34} {'query':18} {'mean ms':>8} {'median':>8} {'p90':>8} {'max':>8} "
            f"{'nodes':>10} {'Mnodes/s':>8}" + (f" {'vs DDS':>8} {'ref ms':>8}" if dds else "")
            + f" {'target ms':>15} {'':4}")
    print(head)
    print("-" * len(head))
    for name, q, runs in rows(args.deals, args.seed, wanted, clock, dds_between, args.repeat):
        ratios = [r["mean"] / r["dds"] if r["dds"] else r["mean"] for r in runs]
        r = runs[median_run(ratios)]
        row_dds = r["dds"]
        mark, at_reference = judge(name, q, r["mean"], r["max"], row_dds)
        target = target_of(name, q)
        wanted_ms = "" if target is None else f"{target[0]:g}" + (f" max {target[1]:g}" if target[1] else "")
        line = (f"{name:34} {q:18} {r['mean']:8.2f} {r['median']:8.2f} {r['p90']:8.2f} {r['max']:8.1f} "
                f"{r['nodes']:10.0f} {r['nps'] / 1e6:8.1f}")
        if row_dds:
            line += f" {r['mean'] / row_dds:7.1f}x {at_reference:8.1f}"
        print(line + f" {wanted_ms:>15} {mark:4}".rstrip(), flush=True)
        if len(runs) > 1:
            unit = "x DDS" if row_dds else "ms"
            print(f"{'':34}   {len(runs)} runs: {min(ratios):.1f} to {max(ratios):.1f} {unit}"
                  + (f", {min(ratios) * REFERENCE_DDS_MS:.1f} to {max(ratios) * REFERENCE_DDS_MS:.1f} ms "
                     f"at the reference speed" if row_dds else "")
                  + "; the row above is the median run", flush=True)
        if args.counters:
            c, n = r["counters"], r["n"]
            probes = c["tt_probes"]
            print(f"{'':34}   per solve: {probes / n:.0f} table probes ({100 * c['tt_hits'] / max(probes, 1):.0f} % "
                  f"ended the node), {c['cutoffs'] / n:.0f} cutoffs "
                  f"({100 * c['first_move_cutoffs'] / max(c['cutoffs'], 1):.0f} % by the first move), "
                  f"{c['twin_prunes'] / n:.0f} twin prunes, {c['tests'] / n:.1f} null-window tests", flush=True)
        for ms, nodes, index, answer in r["per_deal"][:args.slowest]:
            print(f"{'':34}   deal {index}: {nodes} nodes, {ms:.1f} ms, answer {answer}", flush=True)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    tables = ", ".join(f"{game} {2 ** bits * 64 / 2**20:.0f} MiB" for game, bits in TT_BITS.items())
    print(f"\ntransposition tables: {tables}; peak RSS {rss:.0f} MiB"
          + (f"; DDS {min(dds_seen):.3f} to {max(dds_seen):.3f} ms a deal beside the rows (mean "
             f"{sum(dds_seen) / len(dds_seen):.3f}) on {DDS_DEALS} 32-card bridge deals" if dds_seen else ""))


if __name__ == "__main__":
    main()
