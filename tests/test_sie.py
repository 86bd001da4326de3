"""Sie: the four Ober and the four Unter win without play ([SK] Sie,
[SK] Schafkopf tariff and [SK] Contract ranking of docs/rules.md)."""
from __future__ import annotations

import itertools
import json
import random
import subprocess
import sys

import pytest

from stichfest import Position
from stichfest.analysis.errors import InputError
from stichfest.analysis.evaluate import contracts_for_hand, evaluate_hand
from stichfest.analysis.scoring import Tariff, sie_laufende, sie_payout
from stichfest.analysis.sie import ClaimResult
from stichfest.cards import parse_cards
from stichfest.contracts import CLAIMS, CONTRACTS, TOUT_CONTRACTS, contract_kind
from stichfest.position import PositionError

OBER = ["EO", "GO", "HO", "SO"]
UNTER = ["EU", "GU", "HU", "SU"]
SIE = OBER + UNTER
SK_DECK = [s + r for s in "EGHS" for r in ("A", "10", "K", "O", "U", "9", "8", "7")]
KIND = contract_kind("schafkopf", "sie")


def ids(hand, players=None):
    return [s.id for s in contracts_for_hand("schafkopf", parse_cards(" ".join(hand)), players)]


def test_sie_for_every_order_of_its_eight_cards():
    """[SK] Sie: the hand of the four Ober and four Unter, however the cards come."""
    for order in itertools.permutations(SIE):
        assert KIND.claimed_by(parse_cards(" ".join(order)))
    for order in random.Random(12).sample(list(itertools.permutations(SIE)), 50):
        assert ids(order).count("sie") == 1
        assert "sie" in ids(order, players=3)  # [SK] Sie: also with three players


def test_no_sie_without_every_ober_and_unter():
    """Four Ober and three Unter and any eighth card is no Sie, nor any 7 of the 8 with another card."""
    others = [c for c in SK_DECK if c not in SIE]
    for missing in SIE:
        for extra in others:
            hand = [c for c in SIE if c != missing] + [extra]
            assert not KIND.claimed_by(parse_cards(" ".join(hand)))
            assert "sie" not in ids(hand)


def test_sie_is_no_contract_to_play():
    """[SK] Sie: not a position's contract; the played contracts are unchanged."""
    assert CLAIMS["schafkopf"] == ("sie",) and "sie" not in CONTRACTS["schafkopf"]
    assert "sie" not in TOUT_CONTRACTS
    with pytest.raises(PositionError, match="unknown contract 'sie'"):
        Position.from_json({"game": "schafkopf", "contract": "sie", "declarer": 0, "leader": 0,
                            "deal": [" ".join(SIE), *(" ".join(SK_DECK[i:i + 8]) for i in (0, 8, 16))]})


def test_sie_payout_is_four_times_base_and_laufende_by_the_tariff():
    """[SK] Sie: sie_factor x (sie + 8 Laufende x laufender) from each other seat."""
    assert sie_laufende(KIND) == 8
    assert sie_payout(Tariff(), KIND, 4) == 4 * (50 + 8 * 10) * 3 == 1560
    assert sie_payout(Tariff(), KIND, 3) == 4 * (50 + 8 * 10) * 2
    for factor in (1, 2, 3, 4, 8):
        t = Tariff().with_settings({"sie_factor": factor})
        assert sie_payout(t, KIND, 4) * 4 == sie_payout(Tariff(), KIND, 4) * factor
    t = Tariff().with_settings({"sie": 100, "laufender": 5})
    assert sie_payout(t, KIND, 4) == 4 * (100 + 40) * 3


def test_sie_ranks_above_every_tout():
    """[SK] Contract ranking: Sie on top.  With the default tariff a Sie is
    worth more than the best Tout the same hand could play (the Solo Tout
    with its 8 Laufende, which it always makes)."""
    a = evaluate_hand("schafkopf", " ".join(SIE), 0, 1, samples=8, seed=1, contracts=["sie", "tout"],
                      points=False, play="double-dummy")
    assert isinstance(a.results[0], ClaimResult) and a.results[0].spec.id == "sie"
    touts = [r for r in a.results if r.spec.tout]
    assert touts and all(r.payout.high < a.results[0].payout.mean for r in touts)
    assert max(r.payout.mean for r in touts) == 780


def test_a_sie_hand_alone_plays_nothing():
    a = evaluate_hand("schafkopf", " ".join(reversed(SIE)), 2, 0, samples=50, seed=0)
    assert [r.spec.id for r in a.results] == ["sie"]
    row = a.to_json()["contracts"][0]
    assert row["without_play"] is True and row["samples"] == 0
    assert row["p_win"] == {"mean": 1.0, "low": 1.0, "high": 1.0}
    assert row["payout"] == {"mean": 1560.0, "low": 1560.0, "high": 1560.0}
    assert row["p_schneider"] is None and row["p_tout"] is None and row["mean_points"] is None


def test_a_sie_hand_is_refused_an_announcement_no_deal_allows():
    """No deal is played for a Sie alone, but the bidding is still checked:
    seat 2 cannot have announced a Geier (the announce rule wants the four
    Ober) or a Wenz (3 Unter) while the viewer holds them all; a Solo it can."""
    hand = " ".join(SIE)
    for game in ("geier", "wenz"):
        with pytest.raises(InputError, match=f"seat 2 announced {game.title()}"):
            evaluate_hand("schafkopf", hand, 1, 0, samples=4, outbid=(2, game))
    a = evaluate_hand("schafkopf", hand, 1, 0, samples=4, outbid=(2, "solo"))
    assert [r.spec.id for r in a.results] == ["sie"]


def _cli(*args):
    return subprocess.run([sys.executable, "-m", "stichfest.analysis.cli", "analyze", *args],
                          capture_output=True, text=True, timeout=120)


def test_cli_reports_sie_with_its_tariff():
    hand = " ".join(SIE)
    out = _cli("--hand", hand, "--seat", "1", "--json", "--tariff-set", "sie_factor=3")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert [c["id"] for c in data["contracts"]] == ["sie"]
    assert data["contracts"][0]["payout"]["mean"] == 3 * 130 * 3
    assert data["tariff"]["sie"] == 50 and data["tariff"]["sie_factor"] == 3
    text = _cli("--hand", hand, "--seat", "1", "--players", "3")
    assert text.returncode == 0, text.stderr
    assert "Sie" in text.stdout and "+1040" in text.stdout and "Tout" not in text.stdout
