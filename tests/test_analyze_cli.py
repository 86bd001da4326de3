"""``stichfest analyze`` on the command line: output forms and bad input."""
from __future__ import annotations

import json
import random
import re
import subprocess
import sys

import pytest
from click.testing import CliRunner

from stichfest.analysis.cli import main
from stichfest.deals import random_position

SHORT = ["--hand", "EO GO HA HK S10 S9", "--seat", "0", "--leader", "1", "--workers", "1"]


def run(*args):
    result = CliRunner().invoke(main, ["analyze", *args])
    return result.exit_code, result.stdout, result.stderr


def test_json_has_a_row_per_contract():
    code, out, err = run(*SHORT, "--samples", "12", "--seed", "1", "--contracts", "sauspiel,solo-H", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["samples"] == 12 and data["seed"] == 1 and data["hand"] == "EO GO HA HK S10 S9"
    rows = {r["id"]: r for r in data["contracts"]}
    assert set(rows) == {"sauspiel-S", "solo-H", "solo-H-tout"}
    solo = rows["solo-H"]
    for key in ("p_win", "p_schneider", "p_schwarz", "mean_points", "payout"):
        assert solo[key]["low"] <= solo[key]["mean"] <= solo[key]["high"]
    assert rows["solo-H-tout"]["p_tout"] is not None and rows["solo-H-tout"]["mean_points"] is None
    payouts = [r["payout"]["mean"] for r in data["contracts"]]
    assert payouts == sorted(payouts, reverse=True)
    assert data["tariff"]["solo"] == 50


def test_readable_table_names_contracts_and_comparisons():
    code, out, _ = run(*SHORT, "--samples", "12", "--contracts", "solo-H,solo-S,wenz")
    assert code == 0
    assert "Herz-Solo" in out and "Schellen-Solo Tout" in out and "Wenz" in out
    assert "P(Schneider) %" in out and "payout" in out
    assert "Paired on the same deals" in out


def _strict_json(text):
    """JSON as the standard has it: NaN and Infinity are not JSON (a browser's
    JSON.parse refuses them)."""
    def refuse(constant):
        raise ValueError(f"{constant} is not JSON")
    return json.loads(text, parse_constant=refuse)


def test_one_sample_gives_strict_json_and_no_nan_in_the_table():
    """One deal has no standard error: JSON null and "± ?", not NaN."""
    args = (*SHORT, "--samples", "1", "--seed", "1", "--contracts", "solo-H,solo-S")
    code, out, err = run(*args, "--json")
    assert code == 0, err
    comparisons = _strict_json(out)["comparisons"]
    assert comparisons and all(c["standard_error"] is None and c["samples"] == 1 for c in comparisons)
    code, out, err = run(*args)
    assert code == 0, err
    assert "nan" not in out.lower() and "± ?  (1 deals)" in out


def test_points_over_fewer_deals_are_said():
    args = [*SHORT, "--samples", "30", "--seed", "2", "--contracts", "solo-H,geier", "--no-race"]
    code, out, err = run(*args, "--points-samples", "12")
    assert code == 0, err
    assert "card points solved exactly on the first 12 deals" in " ".join(out.split())
    code, out, _ = run(*args, "--points-samples", "12", "--json")
    rows = {r["id"]: r for r in json.loads(out)["contracts"]}
    assert rows["solo-H"]["points_samples"] == 12 and rows["solo-H"]["samples"] == 30
    assert rows["solo-H-tout"]["points_samples"] is None
    code, out, _ = run(*args)  # the default covers these 30 deals: nothing to say
    assert code == 0 and "solved exactly on the first" not in out


def test_same_seed_same_output_with_one_and_two_workers():
    args = ["--hand", "EO GO HA HK S10 S9", "--samples", "20", "--seed", "5", "--json",
            "--contracts", "solo,sauspiel", "--no-race"]
    one = run(*args, "--workers", "1")
    two = run(*args, "--workers", "2")
    assert one[0] == two[0] == 0 and one[1] == two[1]


def test_tariff_options_change_the_payout(tmp_path):
    f = tmp_path / "t.toml"
    f.write_text("solo = 100\n")
    args = [*SHORT, "--samples", "5", "--contracts", "solo-H", "--no-race", "--no-points", "--json"]
    base = json.loads(run(*args)[1])["contracts"]
    dear = json.loads(run(*args, "--tariff", str(f), "--tariff-set", "laufender=0")[1])
    assert dear["tariff"]["solo"] == 100 and dear["tariff"]["laufender"] == 0
    assert {r["id"]: r["payout"]["mean"] for r in base} != {r["id"]: r["payout"]["mean"] for r in dear["contracts"]}


def hidden_position(tmp_path, seed=3, played=22):
    full = random_position(random.Random(seed), "schafkopf", "sauspiel", played=played)
    data = full.to_json()
    mover = full.state().to_move
    data["deal"] = [h if s == mover else "?" for s, h in enumerate(data["deal"])]
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(data))
    return path, data


def test_position_json_keys(tmp_path):
    path, _ = hidden_position(tmp_path)
    code, out, err = run(str(path), "--samples", "15", "--seed", "2", "--json", "--workers", "1")
    assert code == 0, err
    data = json.loads(out)
    assert data["samples"] == 15
    assert set(data["value"]) >= {"mean", "win"} and data["moves"]
    for card, fig in data["moves"].items():
        assert set(fig) >= {"mean", "win"} and 0 <= fig["win"] <= 1, card


def test_position_table(tmp_path):
    path, data = hidden_position(tmp_path)
    code, out, _ = run(str(path), "--samples", "10", "--workers", "1")
    assert code == 0 and "to move; each card" in out and "P(value >= 61)" in out
    # the position's own figure says what it is: every hand seen, so at least the best card's mean
    assert "Position, the player to move seeing every hand: mean value" in out and "Hands given" not in out
    # a second hand given is taken as known to the player to move, and the table says so
    mover = next(s for s, h in enumerate(data["deal"]) if h != "?")
    other = (mover + 1) % 4
    full = random_position(random.Random(3), "schafkopf", "sauspiel", played=22).to_json()
    two = dict(data, deal=[h if s in (mover, other) else "?" for s, h in enumerate(full["deal"])])
    path.write_text(json.dumps(two))
    code, out, _ = run(str(path), "--samples", "10", "--workers", "1", "--play", "double-dummy")
    seats = ", ".join(map(str, sorted((mover, other))))
    assert code == 0 and f"Hands given: seats {seats}; every one is taken as known" in out


def test_jass_table_shows_the_weis_and_stoeck():
    code, out, err = run("--game", "jass", "--hand", "HJ H9 HA HK HQ H10 SA CA DA", "--seat", "0", "--leader", "0",
                         "--samples", "3", "--contracts", "trump-H", "--workers", "1")
    assert code == 0, err
    head = next(line for line in out.splitlines() if line.startswith("#"))
    row = next(line for line in out.splitlines() if "Trumpf Herz" in line)
    assert "Weis+Stöck" in head
    weis, payout = re.findall(r"([+-]\d+\.\d) ±", row)  # the signed figures; the points are not
    assert float(weis) >= 170  # six in a row and the Stöck


def test_position_with_every_hand_given_is_solved_once(tmp_path):
    full = random_position(random.Random(3), "schafkopf", "sauspiel", played=22)
    path = tmp_path / "open.json"
    path.write_text(json.dumps(full.to_json()))
    code, out, err = run(str(path), "--samples", "30", "--workers", "1", "--play", "double-dummy")
    assert code == 0, err
    assert "Only one deal fits what is known: solved exactly" in out and "sampled deals" not in out
    assert "[" not in out.split("solved exactly")[1]  # no intervals around exact values
    code, out, err = run(str(path), "--samples", "30", "--workers", "1", "--play", "double-dummy", "--json")
    data = json.loads(out)
    assert code == 0 and data["exact"] is True and data["samples"] == 1


def test_a_deal_pinned_by_seat_has_is_solved_once(tmp_path):
    """Two hands hidden, one of them given whole by --seat-has: one deal is
    left, and the header speaks of what is known, not of the hands given."""
    full = random_position(random.Random(3), "schafkopf", "sauspiel", played=22).to_json()
    seat_one = " ".join(full["deal"][1].split())
    hidden = dict(full, deal=[h if seat in (0, 3) else "?" for seat, h in enumerate(full["deal"])])
    path = tmp_path / "hidden.json"
    path.write_text(json.dumps(hidden))
    code, out, err = run(str(path), "--samples", "30", "--workers", "1", "--play", "double-dummy",
                         "--seat-has", "1:" + seat_one.replace(" ", ","))
    assert code == 0, err
    assert "Only one deal fits what is known: solved exactly" in out and "sampled deals" not in out


def test_a_ramsch_position_names_the_seat_under_study_and_a_tout_counts_tricks(tmp_path):
    ramsch = {"game": "schafkopf", "contract": "ramsch", "declarer": 1, "leader": 0,
              "deal": ["?", "EU GU HU EA E10 EK GA G10", "?", "?"], "play": ["SU"]}
    path = tmp_path / "r.json"
    path.write_text(json.dumps(ramsch))
    code, out, err = run(str(path), "--samples", "4", "--workers", "1", "--play", "double-dummy")
    assert code == 0, err
    assert "Schafkopf Ramsch; seat 1 under study, seat 0 leads" in out and "(* the seat under study)" in out
    tout = dict(ramsch, contract="wenz", tout=True)
    path.write_text(json.dumps(tout))
    code, out, err = run(str(path), "--samples", "4", "--workers", "1", "--play", "double-dummy")
    assert code == 0, err
    assert "mean tricks" in out and "mean value" not in out and "(* declarer)" in out


@pytest.mark.slow
def test_plot_writes_a_png(tmp_path):
    pytest.importorskip("matplotlib")
    png = tmp_path / "points.png"
    code, _, err = run(*SHORT, "--samples", "10", "--contracts", "solo-H,wenz", "--plot", str(png))
    assert code == 0, err
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    # no extension: a PNG under the name given (matplotlib alone would add ".png")
    bare = tmp_path / "points"
    code, _, err = run(*SHORT, "--samples", "4", "--contracts", "solo-H", "--plot", str(bare))
    assert code == 0, err
    assert bare.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and not (tmp_path / "points.png.png").exists()


DASK_CLI = """
import sys
import distributed
from click.testing import CliRunner
from stichfest.analysis.cli import main
with distributed.LocalCluster(processes=False, n_workers=1, threads_per_worker=2,
                              dashboard_address=None) as cluster:
    result = CliRunner().invoke(main, ["analyze", *sys.argv[1:], "--scheduler", cluster.scheduler_address])
sys.stdout.write(result.stdout)
sys.stderr.write(result.stderr)
sys.exit(result.exit_code)
"""


@pytest.mark.slow
def test_scheduler_runs_on_a_dask_cluster():
    pytest.importorskip("distributed")
    args = [*SHORT[:6], "--samples", "10", "--seed", "4", "--contracts", "solo-H", "--json"]
    # In a child process, so that no Dask thread outlives the test in this one.
    proc = subprocess.run([sys.executable, "-c", DASK_CLI, *args], capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == run(*args, "--workers", "1")[1]


@pytest.mark.parametrize("args, message", [
    (["--hand", "EO GO HO SO EU GU HU SQ"], "unknown rank 'Q'"),
    (["--hand", "EO GO HO"], "a schafkopf hand has 8 cards"),
    (["--hand", "EO GO HO SO EU GU HU SU", "--seat-has", "2:EO"], "in both seat 0's and seat 2's hand"),
    (["--hand", "EO GO HO SO EU GU HU SU", "--void", "1:E", "--void", "2:E", "--void", "3:E"], "no deal"),
    (["--hand", "EO GO HO SO EU GU HU SU", "--seat", "5"], "seat must be a seat 0..3"),
    (["--hand", "EO GO HO SO EU GU HU SU", "--contracts", "ramsch"], "no contract 'ramsch'"),
    # options that would change nothing are refused, not dropped
    (["--hand", "EO GO EU GU HA H10 EA G7", "--seat", "2", "--passed", "0,1", "--announce-rule", ""],
     "--announce-rule needs a file name"),
    (["--hand", "EO GO EU GU HA H10 EA G7", "--tariff-set", "jass_factor_C=7"],
     "tariff key 'jass_factor_C' is jass's; it changes nothing in a schafkopf analysis"),
    (["--game", "jass", "--hand", "HJ H9 HA HK S10 SA CA D6 D7", "--tariff-set", "solo=60"],
     "tariff key 'solo' is schafkopf's"),
    (["--game", "jass", "--hand", "HJ H9 HA HK S10 SA CA D6 D7", "--tariff-set", "bogus=1"],
     "unknown tariff key 'bogus' (known for jass: jass_factor_C,"),
    (["--hand", "EA E10 GK G9 HA H9 S10 S8", "--declarer", "2", "--contract", "solo-E", "--no-race"],
     "--no-race stops the viewer's own contracts"),
    # the name as the user wrote it, beside the ids he can choose from
    (["--game", "jass", "--hand", "HJ H9 HA HK S10 SA CA D6 D7", "--contracts", "trump-E"],
     "no contract 'trump-E' for this hand (contracts: trump-C trump-S trump-H trump-D"),
    (["--hand", "EO GO HO SO EU GU HU SU", "--tariff-set", "bogus=1"], "unknown tariff key 'bogus'"),
    (["--hand", "EO GO HO SO EU GU HU SU", "--rule", "davonlaufen_min=x"], "--rule"),
    (["--hand", "EO GO HO SO EU GU HU SU", "--void", "1:Q"], "unknown suit"),
    (["--hand", "EO GO HO SO EU GU HU SU", "--rule", "weis_kreuzweis=false"],
     "rule variant 'weis_kreuzweis' is a jass rule, not one of schafkopf"),
    # Schafkopf for three has no Sauspiel: its davonlaufen rule cannot matter (as scharwenzel_passed outside clubs)
    (["--players", "3", "--hand", "EO GO HO EU GU HA H10 EA", "--rule", "davonlaufen_min=3"],
     "rule variant 'davonlaufen_min' does not apply with 3 players"),
    (["--game", "jass", "--hand", "HJ H9 HA HK S10 SA CA D6 D7", "--rule", "davonlaufen_min=3"],
     "rule variant 'davonlaufen_min' is a schafkopf rule, not one of jass"),
    (["--hand", "EO GO HO SO EU GU HU SU", "--seat-has", "1:E10,E10"], "card E10 given twice"),
    # a hand that wins without play is answered without a search: its rules are checked all the same
    (["--hand", "EO GO HO SO EU GU HU SU", "--rule", "davonlaufen_min=99"], "must be 1..8, got 99"),
    (["--hand", "EO GO HO SO EU GU HU SU", "--rule", "davonlaufen_min=true"], "must be a whole number, got true"),
    (["--hand", "EO GO HO SO EU GU HU SU", "--tariff-set", "solo=" + "1" * 400], "the number has 400 digits"),
    (["--hand", "EO GO HO SO EU GU HU SU", "--rule", "davonlaufen_min=-" + "9" * 100], "must be 1..8"),
    (["--hand", "EO GO HO SO EU GU HU SU", "--tariff-set", "solo=" + "1" * 50],
     "must be a whole number 0..1,000,000, got 1111"),
    (["--samples", "3"], "give a hand"),
    (["--players", "3", "--hand", "EO GO HO SO EU GU HU S8"], "S8 is not in the 24-card deck of Schafkopf for three"),
    (["--players", "3", "--hand", "EO GO HA HK S10 S9"], "a schafkopf hand for 3 players has 8 cards"),
    (["--players", "5", "--hand", "EO GO HO SO EU GU HU SU"], "--players must be 3 or 4"),
    (["--players", "3", "--hand", "EU GU HA H10 HK E9 G10 S9", "--contracts", "sauspiel"],
     "sauspiel is played by 4 players, not 3"),
    (["--players", "3", "--hand", "EO GO HO SO EU GU HU SU", "--seat", "3"], "seat must be a seat 0..2"),
    (["--players", "3", "--hand", "EO GO HO SO EU GU HU SU", "--seat-has", "3:EA"], "seats are 0..2"),
    (["--hand", "EO GO HO SO EU GU HU SU", "--samples", "0"], "--samples"),
    (["--hand", "EO GO HO SO EU GU HU SU", "--points-samples", "0"], "--points-samples"),
])
def test_bad_input_is_one_line_and_status_2(args, message):
    code, out, err = run(*args, "--workers", "1")
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("stichfest: error: ") and message in err, err
    assert out == ""


def test_card_in_hand_and_played_is_rejected(tmp_path):
    path = tmp_path / "pos.json"
    path.write_text(json.dumps({"game": "schafkopf", "contract": "solo", "trump": "H", "declarer": 0,
                                "leader": 1, "deal": ["EO GO HO SO EU GU HU SU", "?", "?", "?"],
                                "play": ["SU"]}))
    code, _, err = run(str(path), "--samples", "3", "--workers", "1")
    assert code == 2 and err.count("\n") == 1
    assert "card SU is played by seat 1 but dealt to seat 0" in err


def test_position_file_with_before_play_options_is_rejected(tmp_path):
    path, _ = hidden_position(tmp_path)
    code, _, err = run(str(path), "--hand", "EO GO HO SO EU GU HU SU")
    assert code == 2 and "--hand and a position file are two ways to give the cards" in err


@pytest.mark.slow
def test_real_command_prints_no_traceback():
    proc = subprocess.run([sys.executable, "-m", "stichfest.analysis.cli", "analyze", "--hand", "EO GO XX"],
                          capture_output=True, text=True)
    assert proc.returncode == 2
    assert proc.stderr.startswith("stichfest: error: ") and proc.stderr.count("\n") == 1


def test_three_players_json_and_table():
    """Schafkopf for three: ``--players 3`` deals the other 16 cards to two seats."""
    args = ["--players", "3", "--hand", "EO GO HO EU GU HA H10 EA", "--seat", "1", "--leader", "2",
            "--samples", "12", "--workers", "1", "--contracts", "solo-H,wenz"]
    code, out, err = run(*args, "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["players"] == 3 and data["seat"] == 1
    assert {r["id"] for r in data["contracts"]} == {"solo-H", "wenz", "solo-H-tout", "wenz-tout"}
    code, out, _ = run(*args)
    assert code == 0 and out.startswith("Schafkopf for 3 players: seat 1 announces, seat 2 leads")
    four = json.loads(run(*args[2:], "--json")[1])  # the same hand, four players by default
    assert four["players"] == 4


def test_three_seat_position_file(tmp_path):
    path = tmp_path / "three.json"
    path.write_text(json.dumps({"game": "schafkopf", "contract": "solo", "trump": "H", "declarer": 0,
                                "leader": 0, "deal": ["EO GO HO SO HA H10 EA EK", "?", "?"],
                                "play": ["EO", "EU", "GA"]}))
    code, out, err = run(str(path), "--samples", "10", "--workers", "1", "--json")
    assert code == 0, err
    assert json.loads(out)["to_move"] == 0
    code, _, err = run(str(path), "--players", "3")
    assert code == 2 and "--players applies to a hand before play" in err
