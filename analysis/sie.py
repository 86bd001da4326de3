"""Sie: a hand that wins without play (docs/rules.md, "Sie").

A Schafkopf hand of the four Ober and the four Unter announces Sie and is
paid at once: nothing is played, so nothing is sampled or solved.  The
contract is a registry entry whose ``claim`` lists its cards
(:data:`stichfest.contracts.CLAIMS`); this module turns it into a row of
the hand analysis, beside the contracts that are played, with exact
figures: it is won on every deal, and its payout is the tariff's
(:func:`stichfest.analysis.scoring.sie_payout`).
"""
from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from stichfest.contracts import Contract

from .evaluate import ContractResult, HandAnalysis
from .scoring import Level, Tariff, sie_laufende, sie_payout
from .stats import Estimate


class ClaimResult(ContractResult):
    """The row of a contract won without play: every figure is exact (an
    interval of width 0), no deal is sampled (``samples`` is 0)."""

    @classmethod
    def of(cls, spec: Contract, tariff: Tariff, players: int) -> ClaimResult:
        payout = sie_payout(tariff, spec.kind, players)
        return cls(spec, spec.title, np.array([Level.WON_SCHWARZ], dtype=np.int8),
                   np.array([payout], dtype=np.float64))

    @property
    def samples(self) -> int:
        return 0

    @property
    def payout(self) -> Estimate:
        value = float(self.payouts[0])
        return Estimate(value, value, value, 0)

    @property
    def p_win(self) -> Estimate:
        return Estimate(1.0, 1.0, 1.0, 0)

    def figures(self) -> dict[str, Estimate | None]:
        """Won for certain, without play: no Schneider, Schwarz or card points."""
        out: dict[str, Estimate | None] = dict.fromkeys(
            ("p_win", "p_schneider", "p_schwarz", "p_tout", "p_lose_schneider", "p_lose_schwarz", "p_draw",
             "p_first_tricks", "mean_points", "mean_weis", "payout"))
        out.update(p_win=self.p_win, payout=self.payout)
        return out

    def to_json(self) -> dict[str, object]:
        row = super().to_json()
        row["without_play"] = True
        return row

    def describe(self, tariff: Tariff, players: int) -> str:
        """How the payout is made up, in the tariff's terms."""
        kind = self.spec.kind
        run = sie_laufende(kind)
        return (f"{self.name}: the four Ober and the four Unter win without play: {tariff.sie_factor} × "
                f"({tariff.base(kind.tariff_key(None))} + {run} Laufende × {tariff.laufender}) from each of "
                f"the {players - 1} others = {self.payout.mean:+.0f}")


def with_claims(analysis: HandAnalysis, claims: Sequence[Contract]) -> HandAnalysis:
    """``analysis`` with a row for each contract of ``claims`` (won without
    play), put before the first played row of lower payout; the played rows
    keep their order."""
    rows = list(analysis.results)
    for spec in claims:
        claim = ClaimResult.of(spec, analysis.tariff, analysis.players)
        at = next((i for i, r in enumerate(rows) if r.payout.mean < claim.payout.mean), len(rows))
        rows.insert(at, claim)
    analysis.results = rows
    return analysis
