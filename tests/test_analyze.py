"""The Monte Carlo estimators: exact cases, exact enumeration, scoring, determinism."""
from __future__ import annotations

import itertools
import json
import random
import subprocess
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np
import pytest

from stichfest import Position, Solver
from stichfest.analysis.errors import InputError
from stichfest.analysis.evaluate import (
    _HandJob,
    _outcome,
    _value_range,
    contracts_for_hand,
    evaluate_hand,
    select_contracts,
    tricks_position,
    value_between,
)
from stichfest.analysis.midgame import PositionAnalysis, analyze_position
from stichfest.analysis.sampling import Constraints, DealSampler
from stichfest.analysis.scoring import (
    Level,
    Tariff,
    laufende,
    load_tariff,
    matadoren,
    schafkopf_payout,
    scharwenzel_payout,
)
from stichfest.analysis.stats import sample_mean, two_phase_mean
from stichfest.cards import GAME_DECK, parse_cards
from stichfest.deals import random_position
from stichfest.weis import jass_weis

SIE = "EO GO HO SO EU GU HU SU"
SHORT_HAND = "EO GO HA HK S10 S9"  # short deck (24 cards, 6 each)


def sk(deal, contract="solo", **kw):
    data = {"game": "schafkopf", "contract": contract, "declarer": 0, "leader": 0, "deal": deal}
    data.update(kw)
    return Position.from_json(data)


# ---------------------------------------------------------------------------
# Contracts and exact cases
def test_contracts_of_a_schafkopf_hand():
    specs = contracts_for_hand("schafkopf", parse_cards("EO GO EU GU HA H10 EA G7"))
    ids = [s.id for s in specs]
    assert ids[:1] == ["sauspiel-G"]  # Eichel Sau held, no Schellen: only Gras may be called
    assert {"solo-E", "solo-H", "wenz", "geier", "farbwenz-S", "farbgeier-G"} <= set(ids)
    assert sum(s.tout for s in specs) == 14 and len(specs) == 1 + 14 + 14
    assert [s.id for s in select_contracts(specs, ["solo-H", "wenz"])] == ["solo-H", "wenz", "solo-H-tout",
                                                                        "wenz-tout"]
    with pytest.raises(InputError, match="no contract 'ramsch'"):
        select_contracts(specs, ["ramsch"])


def test_eight_highest_trumps_win_the_solo_and_make_the_tout():
    a = evaluate_hand("schafkopf", SIE, 0, 1, samples=12, seed=3, contracts=["solo-H"], points=False)
    rows = {r.spec.id: r for r in a.results}
    solo, tout = rows["solo-H"], rows["solo-H-tout"]
    assert solo.p_win.mean == 1.0 and solo.figures()["p_schwarz"].mean == 1.0
    assert tout.p_win.mean == 1.0 and tout.figures()["p_tout"].mean == 1.0
    # 8 Laufende: Tout 3 x 2 x (50 + 80); Solo Schwarz 3 x (50 + 10 + 10 + 80)
    assert set(tout.payouts) == {780} and set(solo.payouts) == {450}
    assert a.results[0].spec.id == "solo-H-tout"


# ---------------------------------------------------------------------------
# Exact enumeration of every consistent deal of small endgames
def consistent_deals(full: Position, viewer: int):
    """Every deal the viewer cannot tell from the true one, by brute force:
    assign the unseen cards to the other seats, keep what the solver accepts."""
    history = full.state().history
    seat_of = {}
    for leader, trick, _ in history:
        for k, c in enumerate(trick):
            seat_of[c] = (leader + k) % full.n_seats
    st = full.state()
    for k, c in enumerate(st.trick):
        seat_of[c] = (st.leader + k) % full.n_seats
    hidden = [s for s in range(full.n_seats) if s != viewer]
    played = {s: [c for c in full.deal[s] if c.index in seat_of and seat_of[c.index] == s] for s in hidden}
    unseen = sorted(c for s in hidden for c in full.deal[s] if c not in played[s])
    sizes = [full.hand_size - len(played[s]) for s in hidden]
    out = []

    def go(i, left, hands):
        if i == len(hidden):
            deal = list(full.deal)
            for s, h in zip(hidden, hands):
                deal[s] = tuple(sorted(played[s] + list(h)))
            try:
                out.append(Position.from_json(full.with_deal(deal).to_json()))
            except ValueError:
                pass  # the play would have been illegal with these hands
            return
        for pick in itertools.combinations(left, sizes[i]):
            go(i + 1, [c for c in left if c not in pick], hands + [pick])

    go(0, unseen, [])
    return out


@pytest.mark.slow
@pytest.mark.parametrize("game, contract, played, seed, n_seats", [
    ("schafkopf", "sauspiel", 20, 11, 4), ("schafkopf", "solo", 22, 8, 4),
    ("scharwenzel", "trump", 21, 2, 4), ("jass", "trump", 27, 5, 4),
    ("schafkopf", "wenz", 12, 3, 3),  # Schafkopf for three: two hidden hands
])
def test_endgame_estimate_agrees_with_exact_enumeration(game, contract, played, seed, n_seats):
    full = random_position(random.Random(seed), game, contract, played=played, n_seats=n_seats)
    viewer = full.state().to_move
    pos = full.with_deal(tuple(h if s == viewer else None for s, h in enumerate(full.deal)))
    deals = consistent_deals(full, viewer)
    assert len(deals) > 20
    every = {p.deal for p in deals}
    sampler = DealSampler.for_position(pos)
    draws = 20 * len(every)
    freq = Counter(sampler.sample(0, i) for i in range(draws))
    assert set(freq) == every  # sampled deals are exactly the consistent ones ...
    chi2 = sum((freq[d] - 20) ** 2 / 20 for d in every)
    df = len(every) - 1
    assert chi2 < df + 6 * (2 * df) ** 0.5  # ... and uniformly so
    solver = Solver()
    exact = [solver.solve(p, pv=False) for p in deals]
    a = analyze_position(pos, samples=400, seed=1)
    assert set(a.moves) == set(exact[0].moves)
    figures = {"(position)": (a.value(), [r.value for r in exact])}
    figures.update({c: (f, [r.moves[c] for r in exact]) for c, f in a.move_figures().items()})
    checks = []
    for name, (f, values) in figures.items():
        checks.append((name, "mean", f["mean"], f["mean_low"], f["mean_high"], float(np.mean(values))))
        if a.target is not None:
            win = float(np.mean([v >= a.target for v in values]))
            checks.append((name, "win", f["win"], f["win_low"], f["win_high"], win))
    assert_intervals_cover(checks)


def assert_intervals_cover(checks):
    """Each 95% interval should cover the exact figure.  The figures of one
    position come from the same deals and miss together, so allow two narrow
    misses (1 in 20 is expected), and none by more than a 99.9% margin."""
    checks = list({c[1:]: c for c in checks}.values())  # cards of equal value: one figure
    misses = [c for c in checks if not c[3] <= c[5] <= c[4]]
    assert len(misses) <= 2, misses
    for name, kind, est, low, high, true in checks:
        widen = (3.29 / 1.96 - 1) * max(high - low, 1e-9) / 2
        assert low - widen <= true <= high + widen, (name, kind, est, low, high, true)


# ---------------------------------------------------------------------------
# Trick counts (Schwarz, Tout) and levels
def party_tricks(st, party, maximizing):
    """Brute-force minimax of the tricks the party ends with (plain Python rules)."""
    if st.finished:
        return sum(st.tricks[s] for s in party)
    results = []
    for c in st.legal_cards():
        child = st.copy()
        child.play(c.index)
        results.append(party_tricks(child, party, maximizing))
    return max(results) if st.to_move in maximizing else min(results)


@pytest.mark.parametrize("contract", ["sauspiel", "solo", "wenz"])
def test_trick_count_position_is_exact(contract):
    rng = random.Random(contract)
    solver = Solver()
    for _ in range(12):
        pos = random_position(rng, "schafkopf", contract, played=4 * rng.randrange(5, 7))
        brute = party_tricks(pos.state(), pos.declaring_party, pos.maximizing_seats)
        assert solver.value(tricks_position(pos)) == brute


def test_levels_agree_with_exact_values():
    sampler = DealSampler.for_hand("schafkopf", 0, parse_cards(SHORT_HAND))
    specs = contracts_for_hand("schafkopf", parse_cards(SHORT_HAND))
    job = _HandJob(sampler, 0, {}, Tariff())
    solver = Solver()
    seen = set()
    for i in range(12):
        deal = sampler.sample(0, i)
        for spec in specs:
            pos = Position.build(spec, deal, declarer=0, leader=0)
            level, payout, _ = _outcome(solver, job, pos, {})
            seen.add(Level(level))
            tricks = solver.value(tricks_position(pos))
            if pos.tout:
                assert (level == Level.WON_SCHWARZ) == (tricks == pos.n_tricks)
                continue
            v = solver.value(pos)
            # solving exactly instead gives the same level and payout
            assert _outcome(solver, job, pos, {}, exact=True) == (level, payout, v)
            lo, hi = _value_range(pos, Level(level))
            assert lo <= v <= hi and value_between(solver, pos, lo, hi) == v
            assert (level == Level.WON_SCHWARZ) == (tricks == pos.n_tricks)
            assert (level == Level.LOST_SCHWARZ) == (tricks == 0)
            assert payout == schafkopf_payout(Tariff(), pos, Level(level))
    assert {Level.WON, Level.LOST, Level.WON_SCHWARZ} <= seen


@pytest.mark.parametrize("game,contract,n_seats,played", [
    ("schafkopf", "announced", 4, 16), ("scharwenzel", "trump", 4, 12), ("scharwenzel", "trump", 6, 12),
    ("scharwenzel", "trump", 8, 8)])
def test_exact_outcome_gives_the_threshold_level(game, contract, n_seats, played):
    """The race solves active contracts exactly and reads the level off the value:
    that must be the level the threshold queries find (and the value the solver's)."""
    rng = random.Random(f"exact-level-{game}-{n_seats}")
    solver = Solver(tt_bits=16)
    job = _HandJob(None, 0, {}, Tariff())
    levels = set()
    for _ in range(40):
        c = rng.choice(["sauspiel", "solo", "wenz", "geier", "farbwenz", "farbgeier"]) \
            if contract == "announced" else contract
        pos = random_position(rng, game, c, n_seats=n_seats, played=played)
        level, payout, _ = _outcome(solver, job, pos, {})
        levels.add(level)
        assert _outcome(solver, job, pos, {}, exact=True) == (level, payout, solver.value(pos)), pos
    assert len(levels) >= 2


# ---------------------------------------------------------------------------
# Scoring
DEAL = ["EO GO HO EA E10 EK E9 E8", "SO EU GU HU SU HA H10 HK", "GA G10 GK G9 G8 G7 H9 H8",
        "SA S10 SK S9 S8 S7 E7 H7"]


def test_laufende_counted_for_either_party():
    assert laufende(sk(DEAL, trump="E")) == 3  # EO GO HO with the soloist
    assert laufende(sk(DEAL, "wenz")) == 4  # every Unter with seat 1, a defender
    partner = ["EO HO EA E10 EK E9 E8 G7", "SO EU GU HU SU HA H10 HK", "GA G10 GK G9 G8 GO H9 H8",
               "SA S10 SK S9 S8 S7 E7 H7"]
    # Seat 2 holds the called Gras Sau and GO: the partners hold EO GO HO together.
    assert laufende(sk(partner, "sauspiel", called="G")) == 3


def test_payouts_follow_the_default_tariff():
    t = Tariff()
    solo = sk(DEAL, trump="E")  # 3 Laufende, paid from 3
    assert schafkopf_payout(t, solo, Level.WON) == 3 * (50 + 30)
    assert schafkopf_payout(t, solo, Level.WON_SCHNEIDER) == 3 * (50 + 10 + 30)
    assert schafkopf_payout(t, solo, Level.LOST_SCHWARZ) == -3 * (50 + 20 + 30)
    tout = sk(DEAL, trump="E", tout=True)
    assert schafkopf_payout(t, tout, Level.WON_SCHWARZ) == 3 * 2 * (50 + 30)
    assert schafkopf_payout(t, tout, Level.LOST) == -3 * 2 * (50 + 30)
    wenz = sk(DEAL, "wenz")  # 4 Laufende held by the defenders still count
    assert schafkopf_payout(t, wenz, Level.LOST) == -3 * (50 + 40)
    geier = sk(DEAL, "geier")  # EO GO HO: 3 Laufende, paid from 2
    assert schafkopf_payout(t, geier, Level.WON) == 3 * (50 + 30)


def test_scharwenzel_scores():
    deal = ["CQ SQ CJ SJ HA HK H9 H8", "C7 HJ DJ CA CK C10 C9 C8", "SA SK S10 S9 S8 S7 HQ H10",
            "DA DK DQ D10 D9 D8 D7 H7"]
    pos = Position.from_json({"game": "scharwenzel", "contract": "trump", "trump": "H", "declarer": 0,
                              "leader": 0, "deal": deal})
    # Trumps: CQ, H7 (Nillje), SQ, CJ SJ HJ DJ: seat 0's party (0, 2) holds CQ only, then H7 is seat 3's.
    assert matadoren(pos, frozenset({0, 2})) == 1 and matadoren(pos, frozenset({1, 3})) == 0
    t = Tariff()
    assert scharwenzel_payout(t, pos, Level.WON) == 2 and scharwenzel_payout(t, pos, Level.DRAW) == 0
    assert scharwenzel_payout(t, pos, Level.WON_SCHWARZ) == 2 + 24
    assert scharwenzel_payout(t, pos, Level.LOST) == -2


def test_tariff_from_toml_and_settings(tmp_path):
    f = tmp_path / "table.toml"
    f.write_text("solo = 60\nlaufender = 20\n")
    t = load_tariff(str(f), {"sauspiel": 30})
    assert (t.solo, t.laufender, t.sauspiel, t.wenz) == (60, 20, 30, 50)
    f.write_text("[tariff]\nwenz = 70\n")
    assert load_tariff(str(f)).wenz == 70
    for text, msg in [("sol = 1\n", "unknown tariff key 'sol'"), ("solo = 'x'\n", "whole number"),
                      ("solo = \n", "tariff file")]:
        f.write_text(text)
        with pytest.raises(InputError, match=msg):
            load_tariff(str(f))
    with pytest.raises(InputError, match="unknown tariff key 'sol'"):
        load_tariff(None, {"sol": 1})
    with pytest.raises(InputError, match="cannot read"):
        load_tariff(str(tmp_path / "missing.toml"))


# ---------------------------------------------------------------------------
# Racing, pairing, determinism
def test_race_stops_hopeless_contracts_and_keeps_contenders():
    a = evaluate_hand("schafkopf", SHORT_HAND, 0, 0, samples=60, seed=2,
                      contracts=["solo-H", "solo-S", "geier", "wenz-tout"])
    rows = {r.spec.id: r for r in a.results}
    assert rows["wenz-tout"].stopped_after == 50 and rows["wenz-tout"].samples == 50
    contenders = [r for r in a.results if r.stopped_after is None]
    assert contenders and all(r.samples == 60 and r.points is not None for r in contenders)
    assert a.results == sorted(a.results, key=lambda r: -r.payout.mean)
    for c in a.comparisons:
        first, second = rows[c.first], rows[c.second]
        assert c.mean_difference == pytest.approx(first.payout.mean - second.payout.mean)


def test_early_exact_values_change_no_figure(monkeypatch):
    """Contracts near the leader are solved exactly from the first
    checkpoint on (EARLY_EXACT_Z); with that switched off, every figure
    of the analysis stays the same."""
    import stichfest.analysis.evaluate as evaluate

    def run():
        # exact points on every deal: the early path solves deals 50..99 exactly
        a = evaluate_hand("schafkopf", SHORT_HAND, 0, 0, samples=110, seed=4, points_samples=110,
                          contracts=["solo-H", "solo-E", "geier", "wenz", "farbwenz-H"])
        return json.dumps(a.to_json(), sort_keys=True)

    calls = []
    real = evaluate._likely_contenders
    monkeypatch.setattr(evaluate, "_likely_contenders", lambda *a: calls.append(1) or real(*a))
    early = run()
    assert calls  # the early path was taken
    monkeypatch.setattr(evaluate, "_likely_contenders", lambda *a: [])
    assert run() == early


@pytest.mark.parametrize("game, hand, contracts", [
    ("schafkopf", SHORT_HAND, ["solo-H", "geier", "wenz-tout"]),
    ("scharwenzel", "CQ SQ CJ SJ HA HK H9 H8", None)])  # points are tricks there
def test_points_on_the_first_deals_are_their_exact_values(game, hand, contracts):
    """``points_samples``: the contenders' exact points are found on their
    first K deals, each the solver's exact value of that deal, and their
    mean is every deal's floor plus the first deals' excess over it; the
    levels and payouts still use every deal."""
    a = evaluate_hand(game, hand, 0, 0, samples=70, seed=5, points_samples=23, contracts=contracts)
    sampler = DealSampler.for_hand(game, 0, parse_cards(hand, GAME_DECK[game]))
    solver = Solver()
    contenders = [r for r in a.results if r.stopped_after is None and not r.spec.tout]
    assert contenders
    for r in contenders:
        assert r.samples == 70 and r.points is not None and len(r.points) == 23
        exact = [solver.value(Position.build(r.spec, sampler.sample(5, i), declarer=0, leader=0))
                 for i in range(23)]
        assert list(r.points) == exact
        assert r.figures()["mean_points"].n == 23 and r.to_json()["points_samples"] == 23
        # the mean: every deal's floor (its level's least value) plus the first deals' excess over it
        pos = Position.build(r.spec, sampler.sample(5, 0), declarer=0, leader=0)
        floors = np.array([_value_range(pos, Level(int(lv)))[0] for lv in r.levels])
        assert (floors[:23] <= exact).all()
        expected = np.mean(floors) + np.mean(np.array(exact) - floors[:23])
        assert r.figures()["mean_points"].mean == pytest.approx(expected)
    assert all(r.points is None for r in a.results if r.spec.tout or r.stopped_after is not None)


def test_points_subsample_changes_only_the_mean_points():
    """The levels and payouts (and so the race) are the same whether the
    points are found on every deal or on the first few; the mean points of
    the first few are those of the full run's first few."""
    def run(k):
        return evaluate_hand("schafkopf", SHORT_HAND, 1, 0, samples=120, seed=6, points_samples=k,
                             contracts=["solo-H", "solo-E", "geier", "wenz", "sauspiel"])

    full, few = run(120), run(73)  # 73: inside the second batch, where early exact values are asked

    def without_points(a):
        rows = a.to_json()["contracts"]
        for row in rows:
            del row["mean_points"], row["points_samples"]
        return json.dumps(rows, sort_keys=True)

    assert without_points(full) == without_points(few)
    with_points = [(f, s) for f, s in zip(full.results, few.results) if f.points is not None]
    assert with_points
    for f, s in with_points:
        assert len(f.points) == 120 and s.points is not None and list(s.points) == list(f.points[:73])


def test_two_phase_mean_with_every_value_is_the_sample_mean():
    values = np.array([3.0, 40, 61, 75, 99, 120])
    floors = np.array([0.0, 31, 61, 61, 91, 120])
    assert two_phase_mean(floors, values) == sample_mean(values)


def test_two_phase_mean_is_unbiased_and_its_interval_covers_the_mean():
    """Values in four level ranges (floors 0, 31, 61, 91), exact on the
    first K of N samples: over many draws the estimate centres on the true
    mean and its 95 % interval holds it about 95 % of the time."""
    rng = np.random.default_rng(12)
    true_mean = 0.1 * 15 + 0.3 * 45.5 + 0.4 * 75.5 + 0.2 * 105.5
    hits, estimates = 0, []
    for _ in range(3000):
        floors = rng.choice([0.0, 31, 61, 91], p=[0.1, 0.3, 0.4, 0.2], size=400)
        values = floors + rng.integers(0, 30, size=400)
        e = two_phase_mean(floors, values[:40])
        estimates.append(e.mean)
        hits += e.low <= true_mean <= e.high
    assert abs(np.mean(estimates) - true_mean) < 0.1
    assert 0.935 <= hits / 3000 <= 0.965


def test_points_samples_must_be_positive():
    with pytest.raises(InputError, match="points_samples must be at least 2"):
        evaluate_hand("schafkopf", SHORT_HAND, 0, 0, samples=10, points_samples=1)


def test_jass_race_stops_a_hopeless_mode_after_five_deals():
    """Jass checks the race after 5 and 10 deals too (JASS_RACE_CHECKPOINTS):
    a deal costs up to seconds there, every mode being solved exactly.
    Undeufe with this hand trails Trumpf Herz by 13 standard errors after
    5 deals."""
    a = evaluate_hand("jass", "HJ H9 HA HK HQ H10 SA CA DA", 0, 0, samples=12, seed=1,
                      contracts=["trump-H", "undeufe"])
    rows = {r.spec.id: r for r in a.results}
    assert rows["undeufe"].stopped_after == 5 and rows["undeufe"].samples == 5
    assert rows["trump-H"].samples == 12 and rows["trump-H"].points is not None


def test_jass_rows_carry_the_weis_and_stoeck_the_payout_counts():
    """docs/rules.md "Weis", "Stöck", "Jass scoring": the payout is the
    points difference plus the Weis and Stöck difference; the row's Weis
    are the second part, deal by deal.  Six Herz in a row (150) with the
    Herz K and Q: at Herz trumps no other Weis can beat them (seven in a
    row is the only higher sequence, four Jacks and four Nines need HJ and
    H9, an equal sequence loses to the trump suit), so the team writes at
    least 150 + 20 Stöck on every deal."""
    hand = "HJ H9 HA HK HQ H10 SA CA DA"
    a = evaluate_hand("jass", hand, 0, 0, samples=8, seed=4, contracts=["trump-H", "undeufe"], race=False)
    sampler = DealSampler.for_hand("jass", 0, parse_cards(hand, GAME_DECK["jass"]))
    for r in a.results:
        pos = Position.build(r.spec, sampler.sample(4, 0), declarer=0, leader=0)
        factor = a.tariff.base(r.spec.tariff_key)
        for i in range(r.samples):
            deal_pos = pos.with_deal(sampler.sample(4, i))
            weis, stoeck = jass_weis(deal_pos, multiplied=False)
            assert r.weis[i] == weis[0] - weis[1] + stoeck[0] - stoeck[1]
            value = r.points[i]
            card_points = value - (100 if value >= 257 else 0)
            their_match = value == 0 and r.levels[i] == Level.LOST_SCHWARZ
            theirs = 157 - card_points + (100 if their_match else 0)
            assert r.payouts[i] == factor * (value - theirs + r.weis[i])
        assert r.to_json()["mean_weis"]["mean"] == pytest.approx(float(np.mean(r.weis)))
    trump = next(r for r in a.results if r.spec.id == "trump-H")
    assert (trump.weis >= 170).all()
    schafkopf = evaluate_hand("schafkopf", SHORT_HAND, 0, 0, samples=4, seed=1, contracts=["solo-H"])
    assert schafkopf.results[0].to_json()["mean_weis"] is None


def test_race_asks_more_standard_errors_after_five_deals():
    """At 5 paired deals the standard error is itself uncertain: a gap of
    3.5 standard errors stops a contract after 10 deals (RACE_Z = 3), not
    after 5 (EARLY_RACE_Z = 4)."""
    from stichfest.analysis.evaluate import EARLY_RACE_Z, RACE_Z, _trailing

    assert EARLY_RACE_Z[5] > RACE_Z
    rng = np.random.default_rng(3)
    for n in (5, 10):
        noise = rng.standard_normal(n)
        noise = (noise - noise.mean()) / noise.std(ddof=1)  # exactly unit spread
        lead = np.full(n, 100.0)
        # the mean difference is -3.5 standard errors of the paired difference
        behind = lead + noise - 3.5 / np.sqrt(n)
        stopped = _trailing(["lead", "behind"], {"lead": lead, "behind": behind}, n)
        assert stopped == ([] if n == 5 else ["behind"])


def test_no_race_gives_every_contract_all_samples():
    a = evaluate_hand("schafkopf", SHORT_HAND, 0, 0, samples=55, seed=2, contracts=["solo-H", "wenz-tout"],
                      race=False, points=False)
    assert all(r.samples == 55 and r.stopped_after is None for r in a.results)


def _short_run(executor, points_samples=1000):
    a = evaluate_hand("schafkopf", SHORT_HAND, 1, 3, samples=60, seed=9, executor=executor,
                      points_samples=points_samples,
                      contracts=["sauspiel", "solo-H", "solo-E", "wenz", "geier-tout"],
                      constraints=Constraints.parse(["2:SO"], ["3:G"], game="schafkopf"))
    return json.dumps(a.to_json(), sort_keys=True)


@pytest.mark.slow
def test_same_seed_same_result_with_one_and_two_workers():
    with ProcessPoolExecutor(max_workers=2) as pool:
        assert _short_run(None) == _short_run(pool)
        assert _short_run(None, points_samples=17) == _short_run(pool, points_samples=17)


def _jass_run(executor):
    a = evaluate_hand("jass", "HJ H9 HA HK HQ H10 SA CA DA", 0, 0, samples=12, seed=1, executor=executor,
                      contracts=["trump-H", "obenabe", "undeufe"])
    return json.dumps(a.to_json(), sort_keys=True)


@pytest.mark.slow
def test_jass_same_result_with_one_and_two_workers():
    """Jass tasks are one mode on one deal each (JASS_CHUNK): the results are
    put together the same way whichever worker finishes first."""
    with ProcessPoolExecutor(max_workers=2) as pool:
        assert _jass_run(None) == _jass_run(pool)


def test_a_deal_counts_as_finished_once_every_contract_of_its_batch_is_stored():
    """Per-contract tasks (Jass) store a deal's contracts one by one: a run
    stopped in between keeps only the deals whose every contract is in."""
    from stichfest.analysis.evaluate import _outcome_chunk, _SampleTable, _Store

    table = _SampleTable(4, ["a", "b"], 4)
    tasks = [(_outcome_chunk, (None, i, i + 1, (c,), frozenset())) for i in range(4) for c in "ab"]
    store = _Store(table, ("a", "b"), tasks, None, 0)
    for index in (1, 0, 2, 7):  # deal 0: b, a; deal 1: a; deal 3: b
        store(index, [[(3, 10 * index, 70)]])
    assert table.filled.tolist() == [True, False, False, False] and table.finished() == 1
    assert table.payouts["a"][0] == 0 and table.payouts["b"][0] == 10 and table.payouts["b"][3] == 70
    store(3, [[(3, 5, 70)]])  # deal 1: b
    assert table.finished() == 2


DASK_RUN = """
import sys
sys.path.insert(0, "tests")
import distributed
from test_analyze import _short_run
with distributed.Client(processes=False, n_workers=1, threads_per_worker=2, dashboard_address=None) as client:
    print(_short_run(client.get_executor()))
"""


@pytest.mark.slow
def test_dask_cluster_gives_the_same_result():
    pytest.importorskip("distributed")
    # In a child process, so that no Dask thread outlives the test in this one
    # (later tests fork worker processes).
    proc = subprocess.run([sys.executable, "-c", DASK_RUN], capture_output=True, text=True,
                          cwd=Path(__file__).parent.parent, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == _short_run(None)


def test_midgame_same_with_two_workers():
    full = random_position(random.Random(8), "schafkopf", "sauspiel", played=18)
    pos = full.with_deal(tuple(h if s in (0, full.state().to_move) else None for s, h in enumerate(full.deal)))
    serial = analyze_position(pos, samples=30, seed=4).to_json()
    with ProcessPoolExecutor(max_workers=2) as pool:
        assert analyze_position(pos, samples=30, seed=4, executor=pool).to_json() == serial


def test_midgame_jass_counts_a_win_at_79_as_the_hand_analysis_does():
    """docs/rules.md "Jass scoring": the analysis counts a hand as won with 79
    points or more; during play the position and every card get that chance."""
    full = random_position(random.Random(5), "jass", "trump", played=27)
    viewer = full.state().to_move
    pos = full.with_deal(tuple(h if s == viewer else None for s, h in enumerate(full.deal)))
    a = analyze_position(pos, samples=24, seed=3)
    assert a.target == 79 and a.to_json()["target"] == 79
    assert a.value()["win"] == pytest.approx(float(np.mean(a.values >= 79)), abs=1e-6)
    for card, figures in a.move_figures().items():
        assert figures["win"] == pytest.approx(float(np.mean(a.moves[card] >= 79)), abs=1e-6)


def test_hand_input_errors():
    with pytest.raises(InputError, match="8 cards"):
        evaluate_hand("schafkopf", "EO GO HO", samples=2)
    with pytest.raises(InputError, match="twice"):
        evaluate_hand("schafkopf", "EO EO HO SO EU GU HU SU", samples=2)
    with pytest.raises(ValueError, match="unknown rank"):
        evaluate_hand("schafkopf", "EO GO HO SO EU GU HU SQ", samples=2)
    with pytest.raises(InputError, match="seat must be"):
        evaluate_hand("schafkopf", SIE, 4, 0, samples=2)
    with pytest.raises(InputError, match="no deal"):
        evaluate_hand("schafkopf", SIE, 0, 0, samples=2,
                      constraints=Constraints.parse([], ["1:E", "2:E", "3:E"], game="schafkopf"))


def test_midgame_without_a_target_or_the_movers_hand():
    full = random_position(random.Random(2), "schafkopf", "ramsch", played=21)
    mover = full.state().to_move
    viewer = (mover + 1) % 4
    pos = full.with_deal(tuple(h if s == viewer else None for s, h in enumerate(full.deal)))
    a = analyze_position(pos, samples=8, seed=0)
    data = a.to_json()
    assert data["to_move"] == mover and data["moves"] == {} and data["best"] is None
    assert data["value"]["win"] is None and data["target"] is None
    assert data["value"]["mean_low"] <= data["value"]["mean"] <= data["value"]["mean_high"]


def test_midgame_star_in_a_tout_is_the_best_chance_not_the_most_tricks():
    """A Tout pays only for every trick: the card that makes it more often is
    the better one, though another takes more tricks on average."""
    full = random_position(random.Random(1), "schafkopf", "solo", played=0)
    tout = Position.from_json({**full.to_json(), "tout": True})
    mover = tout.state().to_move
    cards = list(tout.state().legal_cards())[:2]
    often, many = cards
    moves = {often: np.array([8.0, 8.0, 0.0, 0.0]), many: np.array([7.0, 7.0, 7.0, 8.0])}
    a = PositionAnalysis(tout, 0, 8, mover, np.array([8.0, 8.0, 7.0, 8.0]), moves)
    assert a.best_move() == often
    points = PositionAnalysis(full, 0, 61, mover, np.array([80.0] * 4), moves)
    assert points.best_move() == many  # counted in points, the mean decides


def test_midgame_on_a_known_scharwenzel_deal_ranks_by_level():
    """SA takes 6 tricks with the first five (4 + 2 + 3 Matadoren = 9),
    S10 takes 7 without them (4 + 3 = 7): SA is the better card."""
    from test_scharwenzel_scoring import MORE_TRICKS_LESS_SCORE
    deal = ["?"] + MORE_TRICKS_LESS_SCORE[1:]
    pos = Position.from_json({"game": "scharwenzel", "contract": "trump", "trump": "C", "declarer": 1,
                              "leader": 1, "deal": deal, "play": []}, allow_hidden=True)
    a = analyze_position(pos, samples=20, seed=1)
    assert a.exact and a.best_move() == parse_cards("SA", GAME_DECK["scharwenzel"])[0]
    data = a.to_json()
    assert data["best"] == "SA" and data["levels"]["SA"] == "won_first_tricks" and data["levels"]["S10"] == "won"
    assert data["moves"]["S10"]["mean"] == 7 and data["moves"]["SA"]["mean"] == 6


@pytest.mark.parametrize("hidden", [None, 3])
def test_midgame_with_one_possible_deal_is_one_exact_solve(hidden):
    """Every hand given, or all but one (which the unseen cards then fill):
    one deal fits, so the figures are that deal's exact values, not
    intervals over copies of it."""
    full = random_position(random.Random(5), "schafkopf", "sauspiel", played=13)
    deal = tuple(None if s == hidden else h for s, h in enumerate(full.deal))
    a = analyze_position(full.with_deal(deal), samples=40, seed=3)
    exact = Solver().solve(full, pv=False)
    assert a.exact and a.samples == 1
    assert a.value() == {"mean": exact.value, "mean_low": exact.value, "mean_high": exact.value,
                         "win": float(exact.value >= 61), "win_low": float(exact.value >= 61),
                         "win_high": float(exact.value >= 61)}
    assert {c: f["mean"] for c, f in a.move_figures().items()} == exact.moves
    assert a.to_json()["exact"] is True
    two_hidden = analyze_position(full.with_deal(tuple(h if s in (0, 1) else None for s, h in enumerate(full.deal))),
                                  samples=6, seed=3)
    assert not two_hidden.exact and two_hidden.samples == 6


# ---------------------------------------------------------------------------
# Schafkopf for three (docs/rules.md "Schafkopf for three"): 24 cards, 8 each,
# only the one-against-two contracts, the soloist paid by each of the two others
THREE = ["EO GO HO SO HA H10 EA EK", "EU GU HU SU H9 HK E10 G9", "GA G10 GK SK S9 SA S10 E9"]


def test_contracts_for_three_have_no_sauspiel():
    hand = parse_cards("EU GU HA H10 HK E9 G10 S9")  # Sauspiel on E, G or S with four players
    four = [s.id for s in contracts_for_hand("schafkopf", hand)]
    assert four[:3] == ["sauspiel-E", "sauspiel-G", "sauspiel-S"]
    three = [s.id for s in contracts_for_hand("schafkopf", hand, players=3)]
    assert three == [i for i in four if not i.startswith("sauspiel")] and len(three) == 14 + 14
    with pytest.raises(InputError, match="played by 4 players, not 3"):
        evaluate_hand("schafkopf", hand, players=3, samples=2, contracts=["sauspiel"])


def test_three_seat_payouts_are_paid_by_each_of_two():
    t = Tariff()
    solo = sk(THREE, trump="H")  # EO GO HO SO with the soloist, EU with seat 1: 4 Laufende
    assert laufende(solo) == 4
    assert schafkopf_payout(t, solo, Level.WON) == 2 * (50 + 40)
    assert schafkopf_payout(t, solo, Level.WON_SCHNEIDER) == 2 * (50 + 10 + 40)
    assert schafkopf_payout(t, solo, Level.LOST_SCHWARZ) == -2 * (50 + 20 + 40)
    tout = sk(THREE, trump="H", tout=True)
    assert schafkopf_payout(t, tout, Level.WON_SCHWARZ) == 2 * 2 * (50 + 40)
    wenz = sk(THREE, "wenz")  # every Unter with seat 1, a defender: 4 Laufende all the same
    assert laufende(wenz) == 4 and schafkopf_payout(t, wenz, Level.LOST) == -2 * (50 + 40)


def test_eight_highest_trumps_for_three():
    a = evaluate_hand("schafkopf", SIE, 1, 2, samples=10, seed=3, contracts=["solo-H"], points=False,
                      players=3)
    assert a.players == 3 and a.to_json()["players"] == 3
    rows = {r.spec.id: r for r in a.results}
    # 8 Laufende: Tout 2 x 2 x (50 + 80); Solo Schwarz 2 x (50 + 10 + 10 + 80)
    assert set(rows["solo-H-tout"].payouts) == {520} and set(rows["solo-H"].payouts) == {300}


def test_three_seat_samples_deal_the_other_sixteen_cards():
    hand = parse_cards("EO GO HA HK S10 S9 EA GK")
    sampler = DealSampler.for_hand("schafkopf", 1, hand, players=3)
    assert sampler.n_seats == 3 and sampler.count() == 12870  # C(16, 8)
    short = {c for c in parse_cards("EA E10 EK EO EU E9 GA G10 GK GO GU G9 HA H10 HK HO HU H9 "
                                    "SA S10 SK SO SU S9")}
    for i in range(20):
        deal = sampler.sample(0, i)
        assert len(deal) == 3 and deal[1] == tuple(sorted(hand)) and all(len(h) == 8 for h in deal)
        assert {c for h in deal for c in h} == short


def test_three_seat_hand_input_errors():
    with pytest.raises(InputError, match="E7 is not in the 24-card deck of Schafkopf for three"):
        evaluate_hand("schafkopf", "EO GO HO SO EU GU HU E7", samples=2, players=3)
    with pytest.raises(InputError, match="for 3 players has 8 cards, got 6"):
        evaluate_hand("schafkopf", SHORT_HAND, samples=2, players=3)
    with pytest.raises(InputError, match="players must be 3 or 4"):
        evaluate_hand("schafkopf", SIE, samples=2, players=5)
    with pytest.raises(InputError, match="seat must be a seat 0..2"):
        evaluate_hand("schafkopf", SIE, 3, 0, samples=2, players=3)


def test_three_seat_midgame_value_and_cards():
    """During play, two hidden hands: the 16 unseen cards less those played."""
    pos = Position.from_json({"game": "schafkopf", "contract": "solo", "trump": "H", "declarer": 0,
                              "leader": 0, "deal": [THREE[0], "?", "?"],
                              "play": ["EO", "EU", "GA", "GO", "GU", "G10"]}, allow_hidden=True)
    a = analyze_position(pos, samples=20, seed=2)
    assert a.to_move == 0 and {str(c) for c in a.moves} == {"HO", "SO", "HA", "H10", "EA", "EK"}
    sampler = DealSampler.for_position(pos)
    for i in range(10):
        deal = sampler.sample(2, i)
        assert len(deal) == 3 and {"EU", "GU"} <= {str(c) for c in deal[1]}
        assert {"GA", "G10"} <= {str(c) for c in deal[2]}


def test_plot_titles_give_the_tables_mean():
    """``--plot``: where only the first deals were solved exactly, a panel's
    bars are those deals, but its title gives the mean the table shows
    (every deal's floor plus the exact deals' excess), not the bars' mean."""
    from stichfest.analysis.plot import panel_title
    a = evaluate_hand("schafkopf", SHORT_HAND, 0, 0, samples=70, seed=5, points_samples=23,
                      contracts=["solo-H", "geier"])
    contenders = [r for r in a.results if r.stopped_after is None]
    assert contenders
    for r in contenders:
        title = panel_title(r, by_payout=False)
        assert f"mean {r.mean_points.mean:.1f} over 70 deals" in title and "the first 23" in title
        assert panel_title(r, by_payout=True) == f"{r.name}: mean payout {r.payout.mean:.1f} over 70 deals"
    # on this hand the bars' own mean differs from the table's: the title tells them apart
    assert any(f"{np.mean(r.points):.1f}" != f"{r.mean_points.mean:.1f}" for r in contenders)


def test_plot_panels_share_one_scale():
    """``--plot``: every panel's bars are shares of its contract's deals (they
    sum to 1), with or without a single-dummy outline beside them, so that
    panels over different numbers of deals read on one labelled scale."""
    pytest.importorskip("matplotlib")
    import matplotlib.pyplot as plt

    from stichfest.analysis.plot import points_figure
    a = evaluate_hand("schafkopf", SHORT_HAND, 0, 0, samples=30, seed=5, contracts=["solo-H", "wenz"],
                      race=False)
    fig = points_figure(a)
    try:
        panels = [ax for ax in fig.axes if ax.patches]
        assert len(panels) == 2
        for ax in panels:
            heights = [p.get_height() for p in ax.patches]
            assert sum(heights) == pytest.approx(1.0)  # not 30: counts would sum to the deals
            assert ax.yaxis.get_major_formatter()(0.25, 0) == "25%"
        assert fig.get_supylabel() == "share of deals"
    finally:
        plt.close(fig)


def test_scharwenzel_first_tricks_figure():
    """[SW] "für die ersten": the share of deals whose winning party forces
    the first five tricks, each paid game + 2 + Matadoren (RULES: +2)."""
    hand = "CQ C7 SQ CJ CA CK HA DA"  # Olsch, Nillje, Basta, ♣J: 4 Matadoren at least
    a = evaluate_hand("scharwenzel", hand, 0, 0, samples=24, seed=3, contracts=["trump-C"], race=False)
    row = next(r for r in a.results if r.spec.id == "trump-C")  # not its Tout
    first = row.levels == Level.WON_SCHNEIDER
    assert 0 < first.sum() < len(first)  # a strong hand: often, not always
    assert row.figures()["p_first_tricks"].mean == pytest.approx(first.mean())
    for level, payout in zip(row.levels, row.payouts):  # game 4 (clubs), 4 to 7 Matadoren
        if level == Level.WON_SCHNEIDER:
            assert 4 + 2 + 4 <= payout <= 4 + 2 + 7
        elif level == Level.WON:
            assert 4 + 4 <= payout <= 4 + 7


def test_scharwenzel_announced_tout_rows():
    """[SW] "announced Tout: game points plus 2 Haken, failed: opponents get 4":
    each trump suit's Tout is a row of its own, paid 4 + 48 or -4 with clubs."""
    hand = "CQ C7 SQ CA CK HA DA D7"
    a = evaluate_hand("scharwenzel", hand, 0, 1, samples=16, seed=2, contracts=["trump-C"], race=False)
    rows = {r.spec.id: r for r in a.results}
    assert set(rows) == {"trump-C", "trump-C-tout"}
    tout, game = rows["trump-C-tout"], rows["trump-C"]
    assert set(tout.payouts.tolist()) <= {4 + 48, -4} and len(set(tout.payouts.tolist())) == 2
    made = tout.levels == Level.WON_SCHWARZ
    assert tout.figures()["p_tout"].mean == pytest.approx(made.mean())
    assert tout.figures()["p_draw"] is None and tout.figures()["p_first_tricks"] is None
    # the same deals: the Tout is made exactly where the game takes every trick
    assert (made == (game.levels == Level.WON_SCHWARZ)).all()


def test_a_mean_interval_stays_at_or_above_zero():
    # Values are points or tricks, never below 0: a normal interval around a
    # mean near 0 is cut there (an audit saw [-0.99, 15.99]).
    from stichfest.analysis.midgame import _figures
    fig = _figures(np.array([0.0] * 18 + [40.0, 60.0]), 61)
    assert fig["mean"] == 5.0 and fig["mean_low"] == 0.0 and fig["mean_high"] > 10
    assert _figures(np.array([30.0, 40.0, 50.0]), 61)["mean_low"] > 0  # away from 0: the normal interval
