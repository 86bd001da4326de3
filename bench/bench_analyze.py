"""Print issue 4's speed figure: ``stichfest analyze`` of one Schafkopf hand over
all its contracts, 1000 samples for every contract in contention, on all cores.

    python bench/bench_analyze.py [--samples N] [--seed S] [--workers W] [--no-points]

The run is the one of

    stichfest analyze --game schafkopf --hand "EO GO EU GU HA H10 EA G7" --seat 0 --leader 0 \\
        --samples 1000 --seed 1

(through the Python API, so interpreter start-up is not counted).  CPU
seconds add up every worker's time: on a machine shared with other work,
CPU / workers is what the wall time would be with the cores to itself.
"""
from __future__ import annotations

import argparse
import resource
import time

from stichfest.analysis.evaluate import evaluate_hand
from stichfest.analysis.executor import available_cores, open_executor

HAND = "EO GO EU GU HA H10 EA G7"
TARGET_SECONDS = 10.0


def _cpu_seconds() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def analyze_figure(samples: int = 1000, seed: int = 1, workers: int | None = None,
                   points: bool = True, hand: str = HAND) -> dict:
    """Time one full hand analysis; the keys are what the bench table prints."""
    workers = workers or available_cores()
    cpu0, t0 = _cpu_seconds(), time.perf_counter()
    with open_executor(workers) as executor:  # the pool is shut down (and its CPU counted) on exit
        result = evaluate_hand("schafkopf", hand, 0, 0, samples=samples, seed=seed, points=points,
                               executor=executor)
    wall = time.perf_counter() - t0
    cpu = _cpu_seconds() - cpu0
    return {"seconds": wall, "cpu_seconds": cpu, "workers": workers, "samples": samples,
            "contracts": len(result.results), "contenders": len(result.results) - len(result.stopped),
            "points": points, "target_seconds": TARGET_SECONDS, "best": result.results[0].name}


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--samples", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=None, help="default: all cores")
    ap.add_argument("--no-points", action="store_true", help="skip the exact card points")
    args = ap.parse_args(argv)
    r = analyze_figure(args.samples, args.seed, args.workers, not args.no_points)
    verdict = "ok" if r["seconds"] <= TARGET_SECONDS else "MISS"
    what = "with card points" if r["points"] else "without card points (--no-points)"
    print(f"analyze one Schafkopf hand ({HAND}), {r['contracts']} contracts, {r['samples']} samples "
          f"for each of {r['contenders']} in contention, {what}, {r['workers']} workers:")
    print(f"  {r['seconds']:.1f} s wall (target {TARGET_SECONDS:.0f} s: {verdict}); "
          f"{r['cpu_seconds']:.1f} CPU s = {r['cpu_seconds'] / r['workers']:.1f} s per worker; "
          f"best: {r['best']}")


if __name__ == "__main__":
    main()
