"""The defenders' question: another seat announced; what is it worth to me,
and does Kontra pay?

The viewer holds ``hand`` at ``seat`` and does not announce: seat
``declarer`` plays ``contract``.  The deals are sampled from the viewer's
knowledge: his hand, and what the bidding told (:mod:`announce`): the
declarer holds a hand he would announce that contract with (the announce
rule's clauses for it, in its trump suit; a Sauspiel's caller may call
that Sau) and the seats that passed before him hold none they would have
announced.  Every player's worlds in the single-dummy play-outs obey the
same.  The contract is evaluated as :func:`evaluate.evaluate_hand`
evaluates the viewer's own (double dummy, and single dummy with
``play``), giving the declaring party's figures.  Then, per deal:

* the viewer's payout is a fixed share of the declarer's (docs/rules.md, "Schafkopf tariff": a
  soloist is paid by, or pays, each of the others; in a Sauspiel each
  defender pays one winner): :func:`scoring.seat_share`.  A viewer holding
  the called Sau is the declarer's partner and gets what he gets;
* Kontra multiplies the game's value by ``kontra_factor`` (2), so his
  payout with Kontra is that multiple of his payout without, deal by deal,
  and the gain of giving Kontra is their paired difference, whose mean and
  interval say whether Kontra is worth giving.  Re, the declarer's answer,
  is not modelled (it is his decision, made on his hand).

Schafkopf only: Jass and Scharwenzel have no Kontra (the one-line error
names it).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from stichfest.cards import GAME_DECK, GERMAN, SUIT_LETTERS, Card, card
from stichfest.contracts import Contract, every_contract

from .announce import AnnounceRule
from .errors import InputError
from .evaluate import POINTS_SAMPLES, ContractResult, HandAnalysis, _checked_hand, evaluate_hand
from .executor import ProgressBar, Stopped, stopped
from .sampling import Constraints
from .scoring import Tariff, seat_share
from .stats import Estimate, json_float, paired_difference, sample_mean

#: What the paired Kontra gain says, by where its 95% interval lies.
WORTH = "worth giving"  # the interval is above 0
NOT_WORTH = "not worth giving"  # below 0
UNCLEAR = "unclear"  # it contains 0: more samples, or a coin toss


def contract_of(game: str, cid: str, n_seats: int) -> Contract:
    """The contract of id ``cid`` (as ``--contracts`` spells it: ``solo-E``,
    ``sauspiel-G``, ``wenz-tout``) announced by any hand, for ``n_seats``."""
    specs = every_contract(game, n_seats)
    found = next((s for s in specs if s.id.lower() == cid.strip().lower()), None)
    if found is None:
        raise InputError(f"no contract {cid!r} for {game} with {n_seats} players (contracts: "
                         f"{' '.join(s.id for s in specs)})", param="contract")
    return found


@dataclass(frozen=True)
class ViewerFigures:
    """The viewer's payouts of one model (``double-dummy`` or
    ``single-dummy``), deal by deal, and what Kontra makes of them."""

    model: str
    payouts: np.ndarray  # the viewer's payout per deal, no Kontra
    kontra_factor: int
    may_kontra: bool  # he is a defender (Kontra is the defenders' call)

    @property
    def samples(self) -> int:
        return len(self.payouts)

    @property
    def payout(self) -> Estimate:
        return sample_mean(self.payouts)

    @property
    def payout_kontra(self) -> Estimate:
        return sample_mean(self.payouts * self.kontra_factor)

    @property
    def kontra_gain(self) -> Estimate:
        """With Kontra minus without, paired on the same deals."""
        return sample_mean(self.payouts * self.kontra_factor - self.payouts)

    @property
    def kontra(self) -> str | None:
        """:data:`WORTH`, :data:`NOT_WORTH` or :data:`UNCLEAR` (None: not his call)."""
        if not self.may_kontra:
            return None
        gain = self.kontra_gain
        return WORTH if gain.low > 0 else NOT_WORTH if gain.high < 0 else UNCLEAR

    def to_json(self) -> dict[str, Any]:
        return {"samples": self.samples, "payout": self.payout.to_json(),
                "payout_kontra": self.payout_kontra.to_json(), "kontra_gain": self.kontra_gain.to_json(),
                "kontra": self.kontra}


@dataclass
class DefenceAnalysis:
    """A contract seen from a seat that did not announce it."""

    analysis: HandAnalysis  # the declaring party's figures (one row), as evaluate_hand gives them
    declarer: int
    contract: Contract
    share: Fraction  # the viewer's payout per unit of the declarer's
    double_dummy: ViewerFigures
    single_dummy: ViewerFigures | None

    @property
    def seat(self) -> int:
        return self.analysis.seat

    @property
    def row(self) -> ContractResult:
        return self.analysis.results[0]

    @property
    def role(self) -> str:
        """``defender``, or ``partner`` (he holds the called Sau)."""
        return "partner" if self.share > 0 else "defender"

    @property
    def interrupted(self) -> bool:
        return self.analysis.interrupted

    def single_minus_double(self) -> tuple[float, float, int] | None:
        """The viewer's payout single minus double dummy on the same deals:
        mean, standard error, deals (None without play-outs)."""
        if self.single_dummy is None:
            return None
        return paired_difference(self.single_dummy.payouts, self.double_dummy.payouts)

    def to_json(self) -> dict[str, Any]:
        a = self.analysis
        out: dict[str, Any] = {
            "view": "defence", "game": a.game, "players": a.players, "seat": a.seat, "declarer": self.declarer,
            "leader": a.leader, "hand": " ".join(map(str, a.hand)), "role": self.role,
            "samples": a.samples, "seed": a.seed, "contract": self.row.to_json(),
            "viewer": {"share": str(self.share), "double_dummy": self.double_dummy.to_json(),
                       "single_dummy": None if self.single_dummy is None else self.single_dummy.to_json(),
                       "single_minus_double": None},
            "passed": list(a.passed),
            "announce_rule": None if a.announce_rule is None else a.announce_rule.to_json(),
            "tariff": a.tariff.to_json(), "interrupted": a.interrupted, "play": a.play,
        }
        diff = self.single_minus_double()
        if diff is not None:
            out["viewer"]["single_minus_double"] = {"mean_difference": round(diff[0], 6),
                                                    "standard_error": json_float(diff[1]), "samples": diff[2]}
        return out


def check_defence(game: str, hand: str | Sequence[Card], seat: int, leader: int = 0, *, contract: str,
                  declarer: int, rules: Mapping[str, Any] | None = None, players: int | None = None
                  ) -> tuple[tuple[Card, ...], int, Contract]:
    """The checks of :func:`evaluate_defence` that need no sampling (a front
    end makes them before starting the work): the hand as cards, the number
    of players and the declarer's contract.  Bad input raises an
    :class:`InputError` of one line."""
    if game != "schafkopf":
        why = (" (a Jass partner's choice after Schieben is not modelled)" if game == "jass" else "")
        raise InputError(f"declarer (another seat's contract seen from the viewer's, with Kontra) is "
                         f"Schafkopf only: {game} has no such view here{why}; analyse the viewer's own "
                         "contracts", param="declarer")
    cards, n_seats = _checked_hand(game, hand, seat, leader, rules, players)
    if not 0 <= declarer < n_seats:
        raise InputError(f"declarer must be a seat 0..{n_seats - 1}, got {declarer}", param="declarer")
    if declarer == seat:
        raise InputError(f"declarer {declarer} is the viewer's own seat: without a declarer the analysis is "
                         "of the contracts he may announce", param="declarer")
    return cards, n_seats, contract_of(game, contract, n_seats)


def evaluate_defence(game: str, hand: str | Sequence[Card], seat: int, leader: int = 0, *, contract: str,
                     declarer: int, samples: int = 1000, seed: int = 0, constraints: Constraints | None = None,
                     tariff: Tariff | None = None, rules: Mapping[str, Any] | None = None, points: bool = True,
                     points_samples: int = POINTS_SAMPLES,
                     executor: Executor | None = None, progress: ProgressBar | None = None,
                     players: int | None = None, play: str = "double-dummy", worlds: int | None = None,
                     defenders: str = "single-dummy", passed: Sequence[int] = (),
                     announce_rule: AnnounceRule | None = None) -> DefenceAnalysis:
    """``contract`` (an id: ``solo-E``, ``sauspiel-G``, ``wenz-tout``)
    announced by ``declarer``, seen from ``seat`` holding ``hand``.  The
    other arguments are :func:`evaluate.evaluate_hand`'s; ``passed`` are the
    seats that passed before the declarer announced.  A run stopped early
    raises a :class:`~stichfest.analysis.executor.Stopped` whose
    ``partial`` is a :class:`DefenceAnalysis` of the deals finished."""
    cards, n_seats, spec = check_defence(game, hand, seat, leader, contract=contract, declarer=declarer,
                                         rules=rules, players=players)
    in_party = spec.called is not None and card(spec.called, "A", GERMAN) in cards
    share = seat_share(spec.kind, n_seats, in_party)
    tariff = tariff or Tariff()
    try:
        analysis = evaluate_hand(game, cards, seat, leader, samples=samples, seed=seed, constraints=constraints,
                                 tariff=tariff, contracts=[spec.id], rules=rules, race=False, points=points,
                                 points_samples=points_samples, executor=executor, progress=progress,
                                 players=n_seats, play=play,
                                 worlds=worlds, defenders=defenders, passed=passed, announce_rule=announce_rule,
                                 declarer=declarer)
    except Stopped as e:
        partial = e.partial
        view = _defence(partial, declarer, spec, share, tariff, in_party) if partial is not None else None
        raise stopped(e, view, e.done, e.total) from None
    return _defence(analysis, declarer, spec, share, tariff, in_party)


def _defence(analysis: HandAnalysis, declarer: int, spec: Contract, share: Fraction, tariff: Tariff,
             in_party: bool) -> DefenceAnalysis:
    row = analysis.results[0]
    factor = float(share)
    dd = ViewerFigures("double-dummy", row.payouts * factor, tariff.kontra_factor, not in_party)
    sd = None
    if row.single_dummy is not None:
        sd = ViewerFigures("single-dummy", row.single_dummy.result.payouts * factor, tariff.kontra_factor,
                           not in_party)
    return DefenceAnalysis(analysis, declarer, spec, share, dd, sd)


def describe_share(d: DefenceAnalysis) -> str:
    """Who pays whom, for the viewer, in words."""
    letters = SUIT_LETTERS[GAME_DECK[d.contract.game]]
    if d.role == "partner":
        assert d.contract.called is not None  # only a Sauspiel has a partner
        return (f"seat {d.seat} holds the called {letters[d.contract.called]}-Sau: he is the declarer's "
                f"partner and wins or loses what the declarer does; Kontra is the defenders' call, not his")
    if d.contract.kind.paid_by_one:
        return f"seat {d.seat} defends: he pays one winner the game's value, or is paid it by one"
    return (f"seat {d.seat} defends: he pays the soloist the game's value, or is paid it by him "
            f"(the soloist's payout is {d.analysis.players - 1} times that)")
