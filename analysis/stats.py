"""Estimates with 95% intervals, for every figure the analysis reports.

One Wilson score interval (:func:`wilson_interval`) serves both the
sampled shares of :mod:`stichfest.analysis.evaluate` / ``midgame``
(:func:`proportion`) and the double-dummy share of ``tout``.
"""
from __future__ import annotations

from dataclasses import dataclass
from math import isfinite, sqrt

import numpy as np

#: Two-sided 95% normal quantile, for every interval shown.
Z95 = 1.959963984540054


@dataclass(frozen=True)
class Estimate:
    """A sample mean with its 95% interval over ``n`` samples."""

    mean: float
    low: float
    high: float
    n: int

    def to_json(self) -> dict[str, float]:
        return {"mean": round(self.mean, 6), "low": round(self.low, 6), "high": round(self.high, 6)}


def wilson_interval(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a binomial share (sound at 0 and 1); (0, 1) for n = 0."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    # at 0 or n the exact ends are 0 or 1; rounding leaves 1e-17 or 1 - 1e-16,
    # an interval that would not hold its own estimate
    return (min(p, max(0.0, centre - half)), max(p, min(1.0, centre + half)))


def proportion(hits: np.ndarray) -> Estimate:
    """Share of true values with its Wilson 95% interval."""
    n = len(hits)
    if n == 0:
        return Estimate(float("nan"), 0.0, 1.0, 0)
    made = int(np.count_nonzero(hits))
    low, high = wilson_interval(made, n)
    return Estimate(made / n, low, high, n)


def sample_mean(values: np.ndarray) -> Estimate:
    """Mean with a normal 95% interval (degenerate for a single sample)."""
    n = len(values)
    mean = float(np.mean(values))
    half = Z95 * float(np.std(values, ddof=1)) / sqrt(n) if n > 1 else 0.0
    return Estimate(mean, mean - half, mean + half, n)


def two_phase_mean(floors: np.ndarray, values: np.ndarray) -> Estimate:
    """The mean of a quantity known on every sample to be at least ``floors``
    and known exactly on the first ``len(values)`` samples only (``values``):
    the mean of the floors over every sample plus the mean excess over them
    (``values`` minus their floors) over the first samples.  Unbiased when
    the first samples are a random part of all (sampled deals are
    independent); its variance is the floors' over N, the excess's over K
    and twice their covariance over N (the first K are among the N).  The
    excess varies far less than the value (it stays inside one level's
    range), so K exact values give nearly the interval of N.  With every
    sample known (K = N) it is :func:`sample_mean`."""
    n, k = len(floors), len(values)
    if k >= n:
        return sample_mean(values)
    excess = values - floors[:k]
    mean = float(np.mean(floors)) + float(np.mean(excess))
    variance = (float(np.var(floors, ddof=1)) / n + float(np.var(excess, ddof=1)) / k
                + 2 * float(np.cov(floors[:k], excess, ddof=1)[0, 1]) / n)
    half = Z95 * sqrt(max(variance, 0.0))
    return Estimate(mean, mean - half, mean + half, k)


def json_float(x: float) -> float | None:
    """``x`` for JSON, to 6 places; None (null) where it is not a number, as
    the standard error of a single pair (JSON has no NaN)."""
    return round(x, 6) if isfinite(x) else None


def paired_difference(first: np.ndarray, second: np.ndarray) -> tuple[float, float, int]:
    """``first`` minus ``second`` sample by sample over the samples both have
    (their common first ones): the mean difference, its standard error (NaN
    with one sample) and the number of pairs."""
    n = min(len(first), len(second))
    d = first[:n] - second[:n]
    se = float(np.std(d, ddof=1)) / sqrt(n) if n > 1 else float("nan")
    return float(np.mean(d)), se, n
