"""``stichfest analyze --play``: single-dummy figures beside double dummy."""
from __future__ import annotations

import json

from click.testing import CliRunner

from stichfest.analysis.cli import main

HAND = ["--hand", "EO HO GU EA E10 GA G10 S7", "--seat", "1", "--leader", "0", "--workers", "1",
        "--contracts", "geier,wenz", "--samples", "6", "--seed", "2", "--worlds", "2"]
FIGURES = ("p_win", "p_schneider", "p_schwarz", "p_lose_schneider", "mean_points", "payout")


def run(*args):
    result = CliRunner().invoke(main, ["analyze", *args])
    return result.exit_code, result.stdout, result.stderr


def test_json_keeps_double_dummy_keys_and_adds_single_dummy():
    code, out, err = run(*HAND, "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["play"] == "both" and data["ranked_by"] == "double-dummy"
    rows = {r["id"]: r for r in data["contracts"]}
    double_dummy = HAND[:-2]  # without --worlds, which sets play-outs there are none of
    _, dd_out, _ = run(*double_dummy, "--json", "--play", "double-dummy")
    dd_rows = {r["id"]: r for r in json.loads(dd_out)["contracts"]}
    for cid, row in rows.items():
        # the double-dummy keys are those of --play double-dummy, unchanged
        assert {k: v for k, v in row.items() if k != "single_dummy"} == \
            {k: v for k, v in dd_rows[cid].items() if k != "single_dummy"}
        assert dd_rows[cid]["single_dummy"] is None
    played = [r for r in data["contracts"] if r["single_dummy"] is not None]
    assert len(played) == 3  # the top three after the race
    for row in played:
        sd = row["single_dummy"]
        assert sd["samples"] == 6 and sd["worlds"] == 2 and sd["defenders"] == "single-dummy"
        for key in FIGURES:
            if sd[key] is not None:
                assert sd[key]["low"] <= sd[key]["mean"] <= sd[key]["high"]
        assert set(sd["payout_minus_double_dummy"]) == {"mean_difference", "standard_error"}


def test_single_dummy_ranking_and_defenders():
    code, out, err = run(*HAND, "--json", "--play", "single-dummy", "--defenders", "double-dummy")
    assert code == 0, err
    data = json.loads(out)
    assert data["ranked_by"] == "single-dummy"
    played = [r for r in data["contracts"] if r["single_dummy"] is not None]
    pays = [r["single_dummy"]["payout"]["mean"] for r in played]
    assert pays == sorted(pays, reverse=True)
    assert data["contracts"][:len(played)] == played
    assert all(r["single_dummy"]["defenders"] == "double-dummy" for r in played)


def test_text_table_shows_both_models():
    code, out, err = run(*HAND)
    assert code == 0, err
    assert "Single dummy" in out and "P(win) % DD" in out
    assert "ranked by double-dummy payout" in out


def test_jass_defaults_to_double_dummy():
    # single_dummy.DOUBLE_DUMMY_BY_DEFAULT: a Jass play-out takes seconds a deal
    jass = ["--game", "jass", "--hand", "HJ H9 HA HK S10 SA CA D6 D7", "--seat", "0", "--leader", "0",
            "--contracts", "trump-H", "--samples", "2", "--workers", "1"]
    code, out, err = run(*jass, "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["play"] == "double-dummy"
    assert [r["single_dummy"] for r in data["contracts"]] == [None]
    code, out, err = run(*jass)
    assert code == 0, err
    assert "Not played out single dummy: in Jass only with --play both" in out
    code, out, err = run(*jass, "--json", "--play", "both", "--worlds", "1")
    assert code == 0, err
    data = json.loads(out)
    assert data["play"] == "both" and data["contracts"][0]["single_dummy"]["samples"] == 2


def test_position_single_dummy(tmp_path):
    path = tmp_path / "pos.json"
    path.write_text(json.dumps({
        "game": "schafkopf", "contract": "wenz", "declarer": 0, "leader": 1,
        "deal": ["EU E7 G10 GU G8 HA HU SA", "?", "?", "?"],
        "play": ["SU", "H7", "G9", "EU", "HA", "H9", "HK", "HO", "SA", "SK", "S10", "S9",
                 "GU", "H8", "E9", "S8"]}))
    code, out, err = run(str(path), "--play", "single-dummy", "--samples", "3", "--worlds", "2",
                         "--workers", "1", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["play"] == "single-dummy"
    assert set(data["moves"]) == {"HU", "E7", "G10", "G8"}


def test_bad_play_mode_is_one_line():
    code, _, err = run(*HAND, "--play", "triple-dummy")
    assert code == 2


def test_too_many_worlds_is_one_line_before_any_work():
    # each world keeps a solver table for the whole play-out: a huge count
    # must be refused, not run until the memory runs out
    for worlds in ("65", "100000000000"):
        code, out, err = run(*HAND[:-2], "--worlds", worlds, "--play", "single-dummy")
        assert code == 2 and out == ""
        assert err.startswith("stichfest: error: --worlds must be at most 64") and err.count("\n") == 1
