"""Defects a new user reported (each test failed before its fix).

Rules cited from docs/rules.md.
"""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from stichfest import Position, PositionError

WENZ = ["EU GU HU SU EA E10 EK GA", "SO S9 S8 S7 EO E9 E8 E7", "GO G10 GK G9 G8 G7 HA H10",
        "HO HK H9 H8 H7 SA S10 SK"]


def wenz(**change):
    data = {"game": "schafkopf", "contract": "wenz", "declarer": 0, "leader": 0, "deal": list(WENZ),
            "play": []}
    data.update(change)
    return data


def stichfest(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "stichfest.analysis.cli", *args], input=stdin,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("game, contract", [("schafkopf", "Wenz"), ("Schafkopf", "WENZ"), (" schafkopf ", "wenz")])
def test_game_and_contract_names_in_any_case(game, contract):
    pos = Position.from_json(wenz(game=game, contract=contract))
    assert (pos.game, pos.contract) == ("schafkopf", "wenz")
    assert pos.to_json()["contract"] == "wenz"


def test_solve_with_a_hidden_hand_says_that_solve_needs_every_hand():
    data = wenz(deal=[WENZ[0], "?", "?", "?"])
    with pytest.raises(PositionError) as e:
        Position.from_json(data)
    msg = str(e.value)
    assert "seat 1" in msg and "hidden" in msg and "analyze" in msg and "unknown card" not in msg
    out = stichfest("solve", "-", stdin=json.dumps(data))
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1 and "analyze" in out.stderr


def test_illegal_card_of_a_known_hand_is_named_before_sampling():
    """[SK] Following suit: seat 1 (known) holds Eichel and must follow the Eichel lead."""
    data = wenz(deal=[WENZ[0], WENZ[1], "?", "?"], play=["EA", "SO"])
    with pytest.raises(PositionError) as e:
        Position.from_json(data, allow_hidden=True)
    msg = str(e.value)
    assert "SO" in msg and "seat 1" in msg and "play[1]" in msg and "must follow" in msg
    out = stichfest("analyze", "-", "--samples", "10", stdin=json.dumps(data))
    assert out.returncode == 2 and "must follow" in out.stderr and "consistent" not in out.stderr


def test_a_hidden_seat_is_not_blamed_for_what_its_unseen_cards_may_allow():
    """[SK] Following suit: a hidden seat may be void; its discard is no error."""
    pos = Position.from_json(wenz(deal=[WENZ[0], "?", "?", "?"], play=["EA", "GO", "HO", "SA"]),
                             allow_hidden=True)
    assert len(pos.play) == 4


def test_called_sau_rule_checked_for_a_known_holder():
    """[SK] Sauspiel rule 2: the holder of the called Sau must play it when its suit is led."""
    deal = ["EO GO HO SO EU E7 GA G10", "EA E10 EK E9 HU SU HA H10", "?", "?"]
    data = {"game": "schafkopf", "contract": "sauspiel", "called": "E", "declarer": 0, "leader": 0,
            "deal": deal, "play": ["E7", "E10"]}
    with pytest.raises(PositionError) as e:
        Position.from_json(data, allow_hidden=True)
    assert "called Sau" in str(e.value) and "seat 1" in str(e.value)


def test_jass_multiplier_multiplies_the_whole_payout_once():
    """[JA] Jass scoring: a multiplier applies to everything (card points, match, Weis, Stöck), once.

    Before the fix, Weis and Stöck were multiplied by ``jass_multiplier`` and then again by the
    tariff factor, while card points were multiplied only by the tariff factor."""
    from stichfest.analysis.scoring import Tariff, jass_payout
    from stichfest.weis import jass_weis

    deal = ["CJ C9 CA CK CQ C10 C8 C7 C6", "SA SK SQ SJ S10 S9 S8 S7 S6",
            "HA HK HQ HJ H10 H9 H8 H7 H6", "DA DK DQ DJ D10 D9 D8 D7 D6"]
    base = {"game": "jass", "contract": "trump", "trump": "C", "declarer": 0, "leader": 0, "deal": deal}
    one = Position.from_json(base)
    three = Position.from_json({**base, "rules": {"jass_multiplier": 3}})
    weis, stoeck = jass_weis(one)
    assert weis[0] > 0 and stoeck[0] == 20          # a sequence of nine and the Stöck
    assert jass_weis(three) == ([3 * w for w in weis], [3 * s for s in stoeck])
    value = 257                                      # every trick: 152 + 5 + the match's 100
    tariff = Tariff(jass_factor_C=2)
    raw = jass_weis(one, multiplied=False)
    assert raw == jass_weis(three, multiplied=False)
    p1 = jass_payout(tariff, one, value, *raw, their_match=False)
    assert p1 == 2 * (257 - 0 + weis[0] - weis[1] + 20)
    assert jass_payout(tariff, three, value, *raw, their_match=False) == 3 * p1
