"""The defenders' view (``analyze --declarer``): the viewer's payout as a
share of the declarer's, Kontra's doubling, what the declarer's call tells
([SK] Kontra, [SK] Schafkopf tariff and [SK] Announce rule of docs/rules.md)."""
from __future__ import annotations

import json
from concurrent.futures import ProcessPoolExecutor
from fractions import Fraction

import numpy as np
import pytest
from click.testing import CliRunner

from stichfest import Position
from stichfest.analysis.announce import (
    DEFAULT_RULE,
    AnnouncedHand,
    PassedHand,
    bidding_predicates,
    with_predicates,
)
from stichfest.analysis.cli import main
from stichfest.analysis.defence import NOT_WORTH, UNCLEAR, WORTH, contract_of, evaluate_defence
from stichfest.analysis.errors import InputError
from stichfest.analysis.sampling import DealSampler
from stichfest.analysis.scoring import Level, Tariff, schafkopf_payout, seat_share, with_kontra
from stichfest.cards import parse_cards
from stichfest.contracts import contract_kind

HAND = "EA E10 GK G9 HA H9 S10 S8"  # seat 0, no trump: a defender's hand
FULL = ["EO GO HO SO EU GU EK E9", HAND, "HU SU HK H10 H8 H7 E8 E7", "GA G10 G8 G7 SA SK S9 S7"]


def defence(contract="solo-E", declarer=2, **kw):
    kw.setdefault("samples", 40)
    kw.setdefault("seed", 3)
    kw.setdefault("points", False)
    return evaluate_defence("schafkopf", kw.pop("hand", HAND), kw.pop("seat", 0), 0, contract=contract,
                            declarer=declarer, **kw)


# ---------------------------------------------------------------------------
# Who pays whom
def test_seat_share_follows_the_payment_rule():
    """[SK] Schafkopf tariff: a soloist is paid by (or pays) each of the
    others; in a Sauspiel each defender pays one winner."""
    solo, sauspiel = contract_kind("schafkopf", "solo"), contract_kind("schafkopf", "sauspiel")
    assert seat_share(solo, 4, False) == Fraction(-1, 3) and seat_share(solo, 3, False) == Fraction(-1, 2)
    assert seat_share(sauspiel, 4, False) == -1 and seat_share(sauspiel, 4, True) == 1
    # on a position: the declarer's payout is the game's value times the payers; a defender's is minus one game
    pos = Position.from_json({"game": "schafkopf", "contract": "solo", "trump": "E", "declarer": 0,
                              "leader": 0, "deal": FULL})
    game = 50 + 10 + 6 * 10  # won Schneider with 6 Laufende (EO GO HO SO EU GU)
    assert schafkopf_payout(Tariff(), pos, Level.WON_SCHNEIDER) == 3 * game
    assert schafkopf_payout(Tariff(), pos, Level.WON_SCHNEIDER) * seat_share(solo, 4, False) == -game


def test_viewer_payout_is_the_declarers_share_deal_by_deal():
    for contract, players, share in (("solo-E", 4, Fraction(-1, 3)), ("sauspiel-S", 4, Fraction(-1)),
                                     ("wenz", 3, Fraction(-1, 2))):
        hand = HAND if players == 4 else "EA E10 GK G9 HA H9 S10 SK"
        d = defence(contract, declarer=1 if players == 3 else 2, hand=hand, players=players)
        assert d.share == share and d.role == "defender"
        assert np.array_equal(d.double_dummy.payouts, d.row.payouts * float(share))
        assert d.double_dummy.payout.mean == pytest.approx(float(share) * d.row.payout.mean)


def test_holder_of_the_called_sau_is_the_partner():
    """[SK] Sauspiel: the holder of the called Sau plays with the declarer."""
    d = defence("sauspiel-E")
    assert d.role == "partner" and d.share == 1
    assert np.array_equal(d.double_dummy.payouts, d.row.payouts)
    assert d.double_dummy.kontra is None and d.to_json()["viewer"]["double_dummy"]["kontra"] is None


# ---------------------------------------------------------------------------
# Kontra
def test_kontra_doubles_every_payout():
    """[SK] Kontra: each Kontra (and Re) doubles the game's value."""
    t = Tariff()
    assert with_kontra(t, 30.0) == 60.0 and with_kontra(t, -40.0, calls=2) == -160.0
    assert with_kontra(t.with_settings({"kontra_factor": 3}), 10.0) == 30.0


def test_kontra_doubles_the_viewers_payout_deal_by_deal_in_both_models():
    d = defence(samples=12, play="both", worlds=2)
    for v in (d.double_dummy, d.single_dummy):
        assert v is not None
        assert np.array_equal(v.payouts * 2, v.payouts * v.kontra_factor)
        assert v.payout_kontra.mean == pytest.approx(2 * v.payout.mean)
        assert v.kontra_gain.mean == pytest.approx(v.payout.mean)
        assert v.kontra_gain.high - v.kontra_gain.low == pytest.approx(v.payout.high - v.payout.low)
        assert v.kontra == (WORTH if v.kontra_gain.low > 0 else NOT_WORTH if v.kontra_gain.high < 0 else UNCLEAR)
    assert d.single_dummy is not None and d.single_dummy.samples == 12
    # the single-dummy figures pair with double dummy on the same deals
    assert np.array_equal(d.row.single_dummy.dd_payouts, d.row.payouts[:12])
    three = defence(samples=12, tariff=Tariff().with_settings({"kontra_factor": 3}))
    assert three.double_dummy.payout_kontra.mean == pytest.approx(3 * three.double_dummy.payout.mean)


# ---------------------------------------------------------------------------
# What the declarer's call tells
def test_declarer_holds_a_hand_he_would_announce_his_contract_with():
    """[SK] Announce rule: the declarer of an Eichel-Solo holds 6 Eichel-Solo trumps;
    a Sauspiel caller may call his Sau; seats that passed hold no announcing hand."""
    cards = parse_cards(HAND)
    for cid, test in (("solo-E", lambda h: sum(c.rank in "OU" or c.suit == 0 for c in h) >= 6),
                      ("sauspiel-G", lambda h: not any(str(c) == "GA" for c in h)
                       and any(c.suit == 1 and c.rank not in ("O", "U") for c in h))):
        spec = contract_of("schafkopf", cid, 4)
        known = bidding_predicates("schafkopf", 4, (1,), None, declarer=2, viewer=0, contract=spec)
        assert isinstance(known[2], AnnouncedHand) and isinstance(known[1], PassedHand)
        sampler = DealSampler.for_hand("schafkopf", 0, cards, with_predicates(None, known))
        deals = [sampler.sample(9, i) for i in range(150)]
        assert all(test(d[2]) for d in deals)
        assert not any(DEFAULT_RULE.announces(d[1], 4) for d in deals)
    free = DealSampler.for_hand("schafkopf", 0, cards)
    assert sum(sum(c.rank in "OU" or c.suit == 0 for c in free.sample(9, i)[2]) >= 6 for i in range(150)) < 40


@pytest.mark.slow
def test_same_seed_same_numbers_for_one_and_two_workers():
    kw = dict(samples=16, play="both", worlds=2, passed=(1,))
    one = defence(**kw).to_json()
    with ProcessPoolExecutor(2) as ex:
        two = defence(executor=ex, **kw).to_json()
    assert one == two and one["viewer"]["single_dummy"] is not None


def test_defence_input_errors():
    with pytest.raises(InputError, match="Schafkopf only: jass has no such view"):
        evaluate_defence("jass", "CA CK CQ CJ C10 C9 C8 C7 C6", 0, contract="trump-C", declarer=1)
    with pytest.raises(InputError, match="viewer's own seat"):
        defence(declarer=0)
    with pytest.raises(InputError, match="no contract 'ramsch'"):
        defence("ramsch")
    with pytest.raises(InputError, match="no contract 'sauspiel-e'"):
        defence("sauspiel-e", hand="EA E10 GK G9 HA H9 S10 SK", players=3, declarer=1)


# ---------------------------------------------------------------------------
# The command line
def run(*args):
    r = CliRunner().invoke(main, ["analyze", "--hand", HAND, "--seat", "0", "--workers", "1", *args])
    return r.exit_code, r.stdout, r.stderr


def test_cli_json_keys():
    code, out, err = run("--declarer", "2", "--contract", "solo-E", "--samples", "10", "--play", "both",
                         "--worlds", "2", "--no-points", "--json", "--passed", "1")
    assert code == 0, err
    data = json.loads(out)
    assert data["view"] == "defence" and data["declarer"] == 2 and data["role"] == "defender"
    assert data["contract"]["id"] == "solo-E" and data["passed"] == [1]
    viewer = data["viewer"]
    assert viewer["share"] == "-1/3"
    for model in ("double_dummy", "single_dummy"):
        fig = viewer[model]
        assert set(fig) == {"samples", "payout", "payout_kontra", "kontra_gain", "kontra"}
        assert fig["payout_kontra"]["mean"] == pytest.approx(2 * fig["payout"]["mean"])
    assert set(viewer["single_minus_double"]) == {"mean_difference", "standard_error", "samples"}
    code, out, err = run("--declarer", "2", "--contract", "solo-E", "--samples", "10", "--play", "double-dummy")
    assert code == 0, err
    assert "seat 0's payout" in out and "with Kontra" in out and "Kontra is" in out


@pytest.mark.parametrize("args, message", [
    (("--declarer", "2"), "--declarer and --contract go together"),
    (("--declarer", "2", "--contract", "solo-E", "--contracts", "solo"), "with --declarer give --contract"),
    (("--declarer", "7", "--contract", "solo-E"), "--declarer must be a seat 0..3"),
    (("--declarer", "2", "--contract", "solo-E", "--passed", "2"), "seat 2 is the declarer"),
    (("--game", "jass", "--declarer", "1", "--contract", "trump-C"), "Schafkopf only"),
])
def test_cli_bad_defence_input_is_one_line_exit_2(args, message):
    if "jass" in args:
        r = CliRunner().invoke(main, ["analyze", "--hand", "CA CK CQ CJ C10 C9 C8 C7 C6", "--workers", "1", *args])
        code, err = r.exit_code, r.stderr
    else:
        code, _, err = run(*args, "--samples", "4")
    assert code == 2 and err.startswith("stichfest: error: ") and err.count("\n") == 1
    assert message in err


def test_a_stopped_run_gives_the_defenders_view_of_the_deals_finished(monkeypatch):
    from stichfest.analysis import defence as module
    from stichfest.analysis.executor import Interrupted, Stopped, stopped

    real = module.evaluate_hand

    def stop_after(*args, **kw):
        partial = real(*args, **dict(kw, samples=6))
        partial.interrupted = True
        raise stopped(Interrupted(), partial, 6, kw["samples"])

    monkeypatch.setattr(module, "evaluate_hand", stop_after)
    with pytest.raises(Stopped) as e:
        defence(samples=30)
    view = e.value.partial
    assert isinstance(view, module.DefenceAnalysis) and view.interrupted
    assert view.double_dummy.samples == 6 and (e.value.done, e.value.total) == (6, 30)
    assert view.to_json()["interrupted"] is True
