"""pytest-benchmark suites: ``python -m pytest bench/ --benchmark-only``.

Each benchmark solves a fixed-seed deal set (bench/deal_sets.py) once per
round; the reported time is per set, divide by the set size for a solve.
pytest puts bench/ on sys.path (rootdir-relative, no __init__.py), so the
sibling module deal_sets imports directly.
"""
from __future__ import annotations

import pytest
from deal_sets import SCHAFKOPF_CONTRACTS, jass_deals, schafkopf_deals, scharwenzel_deals

from stichfest import Solver

N = 10


@pytest.fixture(scope="module")
def solver():
    return Solver()


@pytest.mark.parametrize("contract", SCHAFKOPF_CONTRACTS)
def test_schafkopf_value(benchmark, solver, contract):
    deals = schafkopf_deals(contract, N, seed=1)
    benchmark(lambda: [solver.value(p) for p in deals])


@pytest.mark.parametrize("contract", [c for c in SCHAFKOPF_CONTRACTS if c != "ramsch"])
def test_schafkopf_reaches_61(benchmark, solver, contract):
    deals = schafkopf_deals(contract, N, seed=1)
    benchmark(lambda: [solver.reaches(p, 61) for p in deals])


def test_schafkopf_value_and_moves(benchmark, solver):
    deals = schafkopf_deals("solo", N, seed=1)
    benchmark(lambda: [solver.solve(p, pv=False) for p in deals])


def test_wenz_tout(benchmark, solver):
    deals = schafkopf_deals("wenz", N, seed=1, tout=True)
    benchmark(lambda: [solver.reaches(p, p.n_tricks) for p in deals])


def test_scharwenzel_value(benchmark, solver):
    deals = scharwenzel_deals(N, seed=1)
    benchmark(lambda: [solver.value(p) for p in deals])


def test_jass_value(benchmark, solver):
    deals = jass_deals(2, seed=1)
    benchmark.pedantic(lambda: [solver.value(p) for p in deals], rounds=1, iterations=1)
