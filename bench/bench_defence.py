"""Time the defenders' view (``analyze --declarer``) with its play-outs, as a
multiple of DDS measured in the same run.

    python bench/bench_defence.py [--samples 200] [--workers 2] [--passed 1] [--worlds K]

The run is the one of

    stichfest analyze --hand "EA E10 GK G9 HA H9 S10 S8" --seat 0 --leader 0 \\
        --declarer 2 --contract solo-E --passed 1 --samples 200 --seed 1 --play both --workers 2

through the Python API.  DDS is timed before and after in CPU time, as in
bench/bench_single_dummy.py (whose clocks this reuses), so the CPU seconds
scale to the reference machine (DDS 0.49 ms a deal).  It also prints the
sampler's acceptance rate: the share of drawn deals the bidding allows
(the declarer's call and the passes), which the rejection pays for.
"""
from __future__ import annotations

import time

from bench_single_dummy import (  # bench/ is sys.path[0]
    REFERENCE_DDS_MS,
    _cpu_seconds,
    dds_ms,
    play_out_parser,
)

from stichfest.analysis.announce import bidding_predicates, with_predicates
from stichfest.analysis.defence import contract_of, evaluate_defence
from stichfest.analysis.executor import open_executor
from stichfest.analysis.sampling import DealSampler, sample_rng
from stichfest.cards import parse_cards

HAND = "EA E10 GK G9 HA H9 S10 S8"


def acceptance(hand: str, seat: int, declarer: int, contract: str, passed: tuple[int, ...],
               draws: int = 20_000) -> float:
    """Share of unconstrained draws that the bidding's predicates accept."""
    spec = contract_of("schafkopf", contract, 4)
    known = bidding_predicates("schafkopf", 4, passed, None, declarer=declarer, viewer=seat, contract=spec)
    sampler = DealSampler.for_hand("schafkopf", seat, parse_cards(hand), with_predicates(None, known))
    rng = sample_rng(0, 0)
    return sum(sampler._accepted(sampler._draw(rng)) for _ in range(draws)) / draws


def main(argv=None) -> None:
    ap = play_out_parser(__doc__.splitlines()[0], HAND)
    ap.add_argument("--contract", default="solo-E")
    ap.add_argument("--declarer", type=int, default=2)
    ap.add_argument("--passed", default="1")
    args = ap.parse_args(argv)
    passed = tuple(int(s) for s in args.passed.split(",") if s)
    dds = dds_ms()
    cpu0, t0 = _cpu_seconds(), time.perf_counter()
    with open_executor(args.workers) as executor:
        d = evaluate_defence("schafkopf", args.hand, 0, 0, contract=args.contract, declarer=args.declarer,
                             samples=args.samples, seed=args.seed, executor=executor, play="both",
                             worlds=args.worlds, passed=passed)
    wall = time.perf_counter() - t0
    cpu = _cpu_seconds() - cpu0
    after = dds_ms()
    if dds is not None and after is not None:
        dds = (dds + after) / 2
    print(f"hand {args.hand}, seat 0; seat {args.declarer} plays {args.contract}, passed {passed}; "
          f"{args.samples} samples, seed {args.seed}, {args.workers} workers, {args.worlds} worlds, --play both")
    print(f"  sampler acceptance {acceptance(args.hand, 0, args.declarer, args.contract, passed):.3f}")
    for v in (d.double_dummy, d.single_dummy):
        if v is not None:
            print(f"  {v.model:<13} payout {v.payout.mean:+7.1f}  with Kontra {v.payout_kontra.mean:+7.1f}  "
                  f"gain [{v.kontra_gain.low:+.1f}, {v.kontra_gain.high:+.1f}]  Kontra {v.kontra}  "
                  f"({v.samples} deals)")
    line = f"total {wall:.1f} s wall, {cpu:.1f} s CPU ({cpu / args.workers:.1f} s per worker)"
    if dds is not None:
        line += (f"; DDS {dds:.3f} ms CPU a deal here (reference {REFERENCE_DDS_MS} ms): "
                 f"{cpu / args.workers * REFERENCE_DDS_MS / dds:.1f} s per worker at the reference speed, "
                 f"{cpu * 1e3 / dds:,.0f} DDS solves")
    print(line)


if __name__ == "__main__":
    main()
