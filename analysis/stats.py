"""Estimates with 95% intervals, for every figure the analysis reports.

One Wilson score interval (:func:`wilson_interval`) serves both the
sampled shares of :mod:`stichfest.analysis.evaluate` / ``midgame``
(:func:`proportion`) and the double-dummy share of ``tout``.
"""
from __future__ import annotations

from dataclasses import dataclass
from math import sqrt

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
    return (max(0.0, centre - half), min(1.0, centre + half))


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
