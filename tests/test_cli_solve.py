"""`stichfest solve`: readable output, --json, --jsonl batches, bad input."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from stichfest.analysis.cli import main

WENZ = {
    "game": "schafkopf", "contract": "wenz", "declarer": 0, "leader": 0,
    "deal": ["EU GU HU EA E10 EK GA G10", "SU EO E9 E8 E7 GO S8 S7",
             "G9 G8 G7 GK SO HA H10 HK", "HO H9 H8 H7 SA S10 SK S9"],
    "play": [],
}


def run(args, stdin: str = ""):
    result = CliRunner().invoke(main, args, input=stdin)
    return result.exit_code, result.stdout, result.stderr


def test_readable_output_names_value_meaning_moves_and_line():
    code, out, _ = run(["solve", "-"], json.dumps(WENZ))
    assert code == 0
    # Three top Unter and two running Säue: the declarer takes every trick.
    assert "declarers 120 — wins, defenders Schwarz" in out
    assert "Line of play:" in out and "8. seat 0 leads" in out


def test_json_has_value_moves_to_move_pv():
    code, out, _ = run(["solve", "--json", "-"], json.dumps(WENZ))
    assert code == 0
    data = json.loads(out)
    assert data["value"] == 120 and data["to_move"] == 0
    assert set(data["moves"]) == set(WENZ["deal"][0].split())
    assert len(data["pv"]) == 32


def test_file_argument(tmp_path):
    f = tmp_path / "p.json"
    f.write_text(json.dumps(WENZ))
    code, out, _ = run(["solve", "--json", str(f)])
    assert code == 0 and json.loads(out)["value"] == 120


def test_jsonl_keeps_order_and_survives_a_bad_line():
    endgame = dict(WENZ, play=WENZ["deal"][0].split()[:1] + ["SU", "G9", "H9"])
    lines = [json.dumps(WENZ), "{not json", json.dumps(dict(WENZ, game="skat")), json.dumps(endgame)]
    code, out, err = run(["solve", "--jsonl", "-"], "\n".join(lines) + "\n")
    rows = [json.loads(x) for x in out.splitlines()]
    assert len(rows) == 4
    assert rows[0]["value"] == 120
    assert rows[1]["error"].startswith("invalid JSON")
    assert "unknown game 'skat'" in rows[2]["error"]
    assert rows[3]["value"] == 120 and rows[3]["to_move"] == 0
    assert code == 2 and err.count("\n") == 1  # the batch reports its bad lines once


def test_jsonl_error_objects_name_their_input_line():
    """Blank lines are skipped, so an error object says which input line it
    answers, and the closing line names them."""
    lines = [json.dumps(WENZ), "", "   ", json.dumps(dict(WENZ, game="skat")), json.dumps(dict(WENZ, leader=9)),
             json.dumps(WENZ)]
    code, out, err = run(["solve", "--jsonl", "--no-pv", "-"], "\n".join(lines) + "\n")
    rows = [json.loads(x) for x in out.splitlines()]
    assert [r.get("line") for r in rows] == [None, 4, 5, None]
    assert "unknown game 'skat'" in rows[1]["error"] and "leader" in rows[2]["error"]
    assert code == 2 and "2 of 4 lines had errors (input lines 4, 5;" in err


def test_jsonl_with_two_workers_matches_one():
    lines = "\n".join(json.dumps(dict(WENZ, leader=s)) for s in range(4)) + "\n"
    one = run(["solve", "--jsonl", "-"], lines)[1]
    two = run(["solve", "--jsonl", "--workers", "2", "-"], lines)[1]
    assert one == two


def _with(**changes):
    d = json.loads(json.dumps(WENZ))
    d.update(changes)
    return json.dumps(d)


SAUSPIEL = {
    "game": "schafkopf", "contract": "sauspiel", "called": "E", "declarer": 0, "leader": 0,
    "deal": ["EO GO HO SO HA H10 E7 G7", "EA E10 EK E9 E8 G8 G9 S7",
             "EU GU HU SU HK H9 H8 H7", "GA G10 GK SA S10 SK S9 S8"],
    "play": [],
}


# Schafkopf for three: 24 cards (no 7s and 8s), 8 each (docs/rules.md "Schafkopf for three")
THREE = {
    "game": "schafkopf", "contract": "solo", "trump": "H", "declarer": 0, "leader": 0,
    "deal": ["EO GO HO SO HA H10 EA EK", "EU GU HU SU H9 HK E10 G9", "GA G10 GK SK S9 SA S10 E9"],
    "play": [],
}


def _three(**changes):
    return json.dumps(dict(THREE, **changes))


@pytest.mark.parametrize("stdin, message", [
    (_three(deal=[*THREE["deal"][:2], "GA G10 GK SK S9 SA S10 E7"]),
     "card E7 is not in the 24-card deck of Schafkopf for three (no 7s and 8s)"),
    (_three(deal=[*THREE["deal"], ""]), "hands of different sizes"),
    (_three(contract="sauspiel", trump=None, called="G", declarer=1),
     "a schafkopf sauspiel is played by 4 players, the deal has 3 hands"),
    (_three(contract="ramsch", trump=None), "a schafkopf ramsch is played by 4 players"),
    (_three(declarer=3), "'declarer' must be a seat 0..2"),
    (_three(play=THREE["deal"][0].split() * 4), "'play' has 32 cards but the deal only 24"),
    ("{oops", "invalid JSON"),
    (_with(game="skat"), "unknown game 'skat'"),
    (_with(contract="bettel"), "unknown contract 'bettel'"),
    (_with(contract="solo", trump="X"), "unknown trump suit 'X'"),
    (_with(deal=["EU GU HU EA E10 EK GA G1", *WENZ["deal"][1:]]), "unknown rank '1'"),
    (_with(deal=["EU GU HU EA E10 EK GA SU", *WENZ["deal"][1:]]), "card SU dealt twice"),
    (_with(deal=["EU GU HU EA E10 EK GA", *WENZ["deal"][1:]]), "hands of different sizes"),
    (_with(deal=["EU GU HU EA E10 EK GA G10", "SU EO E9 E8 E7 GO S8 S7", "G9 G8 G7 GK SO HA H10 HK", "HO H9 H8 H7 SA S10 SK SU"]), "dealt twice"),
    (json.dumps(dict(SAUSPIEL, called="S")), "no card of the called suit S"),
    (json.dumps(dict(SAUSPIEL, deal=["EA GO HO SO HA H10 E7 G7", "EO E10 EK E9 E8 G8 G9 S7", *SAUSPIEL["deal"][2:]])), "holds the called Sau"),
    (json.dumps(dict(SAUSPIEL, called="H")), "Herz Sau cannot be called"),
    (json.dumps({k: v for k, v in SAUSPIEL.items() if k != "called"}), "needs 'called'"),
    (_with(play=["EU", "EO"]), "illegal card EO by seat 1"),
    (_with(play=[None]), "play: a card is written as text such as 'EA', not null"),
    (_with(deal=[["EU", 7], *WENZ["deal"][1:]]), "seat 0: a card is written as text such as 'EA', not 7"),
    (_with(play=WENZ["deal"][0].split() * 5), "'play' has 40 cards but the deal only 32"),
    (_with(declarer=4), "'declarer' must be a seat 0..3"),
    (json.dumps({k: v for k, v in WENZ.items() if k != "game"}), "missing 'game' in position"),
    (json.dumps({k: v for k, v in WENZ.items() if k != "contract"}), "missing 'contract' in position"),
    (json.dumps(dict(WENZ, rules={"weis_kreuzweis": False})),
     "rule variant 'weis_kreuzweis' is a jass rule, not one of schafkopf"),
    (json.dumps(dict(WENZ, rules={"davonlaufen": 3})),
     "unknown rule variant 'davonlaufen' (schafkopf's: davonlaufen_min)"),
    (json.dumps({"game": "scharwenzel", "contract": "trump", "trump": "C", "declarer": 0, "leader": 0,
                 "deal": ["CQ C7 SQ CJ SJ HJ DJ CA", "CK C10 C9 C8 HA HK HQ H10",
                          "H9 H8 H7 DA DK DQ D10 D9", "D8 D7 SA SK S10 S9 S8 S7"], "rules": {"bock": 1}}),
     "unknown rule variant 'bock' (scharwenzel's: scharwenzel_passed)"),
    (_with(deal=["EU GU HU EA E10 EK GA GA", *WENZ["deal"][1:]]), "card GA dealt twice in seat 0's hand"),
])
def test_bad_input_is_one_line_and_exit_2(stdin, message):
    code, out, err = run(["solve", "-"], stdin)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("stichfest: error: ")
    assert message in err


def test_missing_card_from_deck():
    # 31 distinct cards + one hand short is "different sizes"; a full-size deal
    # with a foreign card names the card that is not in the deck.
    d = json.loads(_with())
    d["deal"][3] = "HO H9 H8 H7 SA S10 SK SK"
    code, _, err = run(["solve", "-"], json.dumps(d))
    assert code == 2 and "SK dealt twice" in err


@pytest.mark.slow
def test_no_traceback_from_the_real_command():
    proc = subprocess.run([sys.executable, "-m", "stichfest.analysis.cli", "solve", "-"], input="[1, 2]",
                          capture_output=True, text=True)
    assert proc.returncode == 2
    assert proc.stderr.strip() == "stichfest: error: a position must be a JSON object"


def test_unknown_option_is_one_line():
    code, _, err = run(["solve", "--bogus"])
    assert code == 2 and err.count("\n") == 1 and "--bogus" in err


def test_three_hand_solve():
    """Schafkopf for three: the soloist plays against two, tricks of three cards."""
    code, out, _ = run(["solve", "--json", "-"], _three())
    assert code == 0
    data = json.loads(out)
    assert data["value"] == 74 and len(data["pv"]) == 24
    code, out, _ = run(["solve", "-"], _three())
    assert code == 0 and "Value: declarers 74" in out and "8. seat 1 leads" in out
