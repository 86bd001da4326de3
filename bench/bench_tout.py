"""Print issue 5's speed figure: the guaranteed-Tout proof (``stichfest tout``)
over a fixed set of strong 8-card Schafkopf hands, each with every seat on lead.

    python bench/bench_tout.py [--repeat N]

Each timing is one :func:`analysis.tout.guarantee` call from a fresh search
-- the exact search and the plan (or the refutation) -- through the Python
API, so interpreter start-up is not counted.  Double-dummy sampling
(``--samples``) is not part of it.  Target: every proof within 1 s.
"""
from __future__ import annotations

import argparse
import statistics
import time

from stichfest.analysis.tout import guarantee, hand_position

TARGET_SECONDS = 1.0

#: (contract, trump, declarer's hand): Tout hands and near misses, then the
#: slowest of 15 600 constructed strong and random hands swept with a random
#: seat on lead (35 ms at most there).
STRONG_HANDS = (
    ("wenz", None, "EU GU HU SU EA E10 EK EO"),
    ("wenz", None, "EU GU HU EA E10 EK GA G10"),
    ("wenz", None, "EU GU EA E10 EK EO GA G10"),
    ("geier", None, "EO GO HO SO EA E10 EK GA"),
    ("solo", "H", "EO GO HO EU GU HU SU HA"),
    ("solo", "H", "EO GO HO SO GU SU H9 EU"),
    ("solo", "H", "EO GO HO SO EU GU HU H10"),
    ("solo", "E", "EO GO HO SO EU EA E10 GA"),
    ("farbwenz", "E", "EU GU HU SU EA EK E10 EO"),
    ("farbwenz", "H", "EU GU SU HA H10 HK HO GA"),
    ("farbgeier", "G", "EO GO HO SO GA GK GU G9"),
    ("farbgeier", "G", "EO GO HO SO GA GK G10 G8"),
    ("geier", None, "EA EO GA GO SA S10 SK S9"),
    ("geier", None, "EA EO E8 GA GO G8 HA SA"),
    ("wenz", None, "EA E10 EU GA GK GU HA SU"),
    ("wenz", None, "EA E10 EU E9 GU G7 HA H10"),
    ("solo", "H", "EO EU GK GO G7 HO SA S10"),
    ("solo", "H", "EO EU G10 GO HA HO SA SK"),
)


def tout_figure(repeat: int = 1, hands=STRONG_HANDS) -> dict:
    """Time every proof; the keys are what the bench table prints."""
    times, guaranteed = [], 0
    for contract, trump, hand in hands:
        for leader in range(4):
            pos = hand_position(contract, hand, 0, leader, trump=trump)
            best = None
            for _ in range(repeat):
                t0 = time.perf_counter()
                result = guarantee(pos)
                elapsed = time.perf_counter() - t0
                best = elapsed if best is None else min(best, elapsed)
            guaranteed += result.guaranteed
            times.append((best, contract, trump, hand, leader))
    seconds = sorted(t for t, *_ in times)
    slowest = max(times)
    return {"proofs": len(times), "guaranteed": guaranteed, "max_seconds": seconds[-1],
            "median_seconds": statistics.median(seconds), "mean_seconds": sum(seconds) / len(seconds),
            "slowest": {"contract": slowest[1], "trump": slowest[2], "hand": slowest[3],
                        "leader": slowest[4]},
            "target_seconds": TARGET_SECONDS}


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=1, help="best of N runs per proof (default 1)")
    args = ap.parse_args(argv)
    r = tout_figure(args.repeat)
    verdict = "ok" if r["max_seconds"] <= TARGET_SECONDS else "MISS"
    s = r["slowest"]
    print(f"guaranteed-Tout proof, {r['proofs']} proofs ({len(STRONG_HANDS)} strong hands x 4 leaders, "
          f"{r['guaranteed']} guaranteed):")
    print(f"  max {r['max_seconds']:.3f} s (target {TARGET_SECONDS:.0f} s: {verdict}), "
          f"median {r['median_seconds'] * 1e3:.1f} ms, mean {r['mean_seconds'] * 1e3:.1f} ms; slowest: "
          f"{s['contract']}{' ' + s['trump'] if s['trump'] else ''} \"{s['hand']}\" seat {s['leader']} leads")


if __name__ == "__main__":
    main()
