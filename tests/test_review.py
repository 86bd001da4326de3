"""``review_game`` (issue 13): where a played game was lost, card by card.

The game records below are frozen: a seeded random deal, a random play
down to the last 3 or 4 tricks (the history, not reviewed: ``start``), then
an ending played double-dummy optimally except for one card.  Every value
and cost of the ending is checked against ``tests/reference.py`` (plain
minimax, independent of the solver), and the one bad card must be the only
one marked.
"""
from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import pytest
from reference import Game, reference_solve

from stichfest import Position, Solver
from stichfest.analysis.errors import InputError
from stichfest.analysis.review import (
    MARK_GAME,
    MARK_POINTS,
    level_name,
    load_record,
    points_level,
    review_game,
)
from stichfest.analysis.scoring import Level
from stichfest.deals import random_position

# name -> (record, start, index of the bad card, its mark, its cost, levels (best, played) or None)
RECORDS = {
    # Seat 3 declares (partner seat 1 holds the GA).  Trick 7, G7 led: seat 3,
    # void in Gras, throws SK instead of trumping with H10 (10 points):
    # 35 -> 25, the declarers lose Schneider.
    "sauspiel-schneider": ({
        "game": "schafkopf", "contract": "sauspiel", "called": "G", "declarer": 3, "leader": 1,
        "deal": ["EA EK EO E7 GU HK HO S10", "EU E8 GA G7 H9 H8 SO S9",
                 "E10 E9 GO G9 G8 SA SU S8", "G10 GK HA H10 HU H7 SK S7"],
        "play": ["H9", "SU", "H7", "GU", "EK", "E8", "E10", "G10", "G8", "GK", "EO", "GA", "S10", "S9",
                 "S8", "S7", "HK", "EU", "GO", "HU", "E9", "HA", "EA", "SO", "G7", "G9", "SK", "E7",
                 "SA", "H10", "HO", "H8"]}, 16, 26, MARK_GAME, 10, ("lost", "lost_schneider")),
    # Seat 3 declares with seat 1 (SA).  Seat 3 leads S9 where SK makes 4 more points; lost anyway.
    "sauspiel-points": ({
        "game": "schafkopf", "contract": "sauspiel", "called": "S", "declarer": 3, "leader": 1,
        "deal": ["EK EO E9 H10 HU SO SU S8", "E8 GA G10 GU G7 HA H9 SA",
                 "E10 E7 GK GO G9 G8 H8 H7", "EA EU HK HO S10 SK S9 S7"],
        "play": ["GU", "H7", "HO", "H10", "HK", "SU", "HA", "GO", "G9", "S10", "SO", "GA", "EO", "H9",
                 "H8", "EU", "E9", "E8", "E10", "EA", "S9", "S8", "SA", "E7", "G10", "GK", "SK", "HU",
                 "EK", "G7", "G8", "S7"]}, 20, 20, MARK_POINTS, 4, ("lost", "lost")),
    # Eichel-Solo of seat 2; defender seat 0, last to a trick the soloist's GO wins,
    # adds E10 where EU gives 8 points fewer (33 instead of 41); the Solo is lost anyway.
    "solo": ({
        "game": "schafkopf", "contract": "solo", "trump": "E", "declarer": 2, "leader": 2,
        "deal": ["EA E10 EO EU HA H7 SK S7", "E9 E8 E7 GA G8 HO SA S9",
                 "G10 GO GU H9 H8 S10 SO S8", "EK GK G9 G7 H10 HK HU SU"],
        "play": ["GU", "SU", "EA", "E7", "G10", "G9", "S7", "G8", "S10", "HU", "SK", "SA", "EK", "EO",
                 "E9", "SO", "H7", "E8", "H8", "HK", "HO", "GO", "G7", "E10", "H9", "H10", "HA", "GA",
                 "EU", "S9", "S8", "GK"]}, 20, 23, MARK_POINTS, 8, ("lost", "lost")),
    # Wenz Tout of seat 0, lost with correct defence (6 tricks); defender seat 1 discards SA
    # on the declarer's G8 and the declarer takes every trick.
    "wenz-tout": ({
        "game": "schafkopf", "contract": "wenz", "tout": True, "declarer": 0, "leader": 1,
        "deal": ["EU GA GU G8 H9 SK SU S7", "EA EK E9 G9 HK H7 SA SO",
                 "EO G10 GO G7 HO S10 S9 S8", "E10 E8 E7 GK HA H10 HU H8"],
        "play": ["G9", "G10", "GK", "GA", "GU", "HK", "HO", "HU", "H9", "H7", "S10", "H8", "SU", "E9",
                 "S8", "E10", "EU", "SO", "GO", "H10", "G8", "SA", "G7", "E8", "SK", "EA", "S9", "E7",
                 "S7", "EK", "EO", "HA"]}, 20, 21, MARK_GAME, 2, ("lost", "won_schwarz")),
    # Ramsch, seat 1 studied; seat 0 (one of the three against it) plays EO and takes
    # the trick himself: seat 1 ends with 17 points fewer.  No level in Ramsch.
    "ramsch": ({
        "game": "schafkopf", "contract": "ramsch", "declarer": 1, "leader": 2,
        "deal": ["EO E8 GA GU HA HK SO S7", "E10 EK EU G8 G7 HO H7 SA",
                 "E9 E7 G10 GK G9 H10 H9 S8", "EA GO HU H8 S10 SK SU S9"],
        "play": ["GK", "HU", "GA", "G7", "SU", "SO", "EU", "H10", "HA", "H7", "H9", "GO", "SK", "S7",
                 "SA", "S8", "EK", "E9", "EA", "E8", "H8", "EO", "HO", "E7", "GU", "E10", "G10", "S10",
                 "HK", "G8", "G9", "S9"]}, 20, 21, MARK_POINTS, 17, None),
    # Jass, Schaufel trump, seats 1+3 declare.  Defender seat 0 leads H6 instead of HA:
    # 73 -> 109, the declarers win.
    "jass": ({
        "game": "jass", "contract": "trump", "trump": "S", "declarer": 1, "leader": 3,
        "deal": ["CQ C9 SK S7 HA HQ H9 H6 D9", "CA CK SJ S10 S8 HJ H7 DJ D7",
                 "C8 C6 SQ S9 S6 HK D10 D8 D6", "CJ C10 C7 SA H10 H8 DA DK DQ"],
        "play": ["DK", "S7", "SJ", "D10", "DJ", "SQ", "SA", "D9", "C10", "CQ", "S10", "C8", "CA", "S9",
                 "CJ", "C9", "HK", "H10", "H9", "H7", "S6", "DQ", "SK", "S8", "H6", "HJ", "C6", "H8",
                 "CK", "D8", "C7", "HA", "D7", "D6", "DA", "HQ"]}, 24, 24, MARK_GAME, 36, ("lost", "won")),
    # Scharwenzel, Herz trump, seats 1+3 declare.  Defender seat 0 plays H8 and the
    # declarers take 5 of 8 tricks instead of 4: Bock becomes their majority.
    "scharwenzel": ({
        "game": "scharwenzel", "contract": "trump", "trump": "H", "declarer": 1, "leader": 2,
        "deal": ["CQ C9 SQ S8 HK H8 DK D10", "C10 C8 C7 SA S9 S7 H9 DA",
                 "CJ SK SJ HQ DQ D9 D8 D7", "CA CK S10 HA HJ H10 H7 DJ"],
        "play": ["CJ", "H7", "CQ", "H9", "SQ", "S7", "SJ", "HJ", "C9", "C7", "HQ", "CA", "DQ", "CK", "DK",
                 "DA", "C10", "SK", "DJ", "H8", "HA", "HK", "C8", "D9", "H10", "S8", "SA", "D8", "S10",
                 "D10", "S9", "D7"]}, 16, 19, MARK_GAME, 1, ("draw", "won")),
}


def reference_plays(record: dict, start: int) -> list[tuple[dict[str, int], int]]:
    """Per card of ``play[start:]``: the reference's values of every legal card and the
    played card's cost for its side."""
    out = []
    for i in range(start, len(record["play"])):
        before = dict(record, play=record["play"][:i])
        ref = reference_solve(before)
        sign = 1 if Game(before).maximises(ref["to_move"]) else -1
        best = max(sign * v for v in ref["moves"].values())
        out.append((ref["moves"], best - sign * ref["moves"][record["play"][i]]))
    return out


@pytest.mark.parametrize("name", RECORDS)
def test_values_and_costs_match_the_reference(name):
    record, start, *_ = RECORDS[name]
    review = review_game(record, start=start)
    assert [p.index for p in review.plays] == list(range(start, len(record["play"])))
    for play, (values, cost) in zip(review.plays, reference_plays(record, start)):
        assert {str(c): v for c, v in play.values.items()} == values, play.index
        assert play.cost == cost, play.index


@pytest.mark.parametrize("name", RECORDS)
def test_the_costly_card_is_the_only_one_marked(name):
    record, start, bad, mark, cost, levels = RECORDS[name]
    review = review_game(record, start=start)
    marked = review.marked()
    assert [p.index for p in marked] == [bad]
    play = marked[0]
    assert play.mark == mark and play.dd_mark == mark and play.cost == cost
    assert str(play.card) == record["play"][bad] and play.best and play.card not in play.best
    out = play.to_json()
    if levels is None:
        assert play.level is None and out["level"] is None
    else:
        assert (out["level"]["best"], out["level"]["played"]) == levels
    for p in review.plays:
        assert p.cost >= 0
        assert (p.cost == 0) == (p.card in p.best)


def test_review_json_has_one_object_per_card():
    record, start, *_ = RECORDS["jass"]
    data = review_game(record, start=start).to_json()
    json.dumps(data)  # strings only
    assert data["start"] == start and len(data["plays"]) == len(record["play"]) - start
    first = data["plays"][0]
    assert set(first) >= {"seat", "card", "values", "cost", "mark"}
    assert first["seat"] == 0 and first["card"] == "H6" and first["values"]["HA"] == 73
    assert data["final"] == 109  # the ending as played


def random_record(seed: int, contract: str) -> Position:
    return random_position(random.Random(seed), "schafkopf", contract)


@pytest.mark.parametrize("contract,seed", [("sauspiel", 1), ("solo", 2), ("wenz", 3)])
def test_an_optimal_line_is_never_marked(contract, seed):
    pos = random_record(seed, contract)
    solver = Solver()
    pv = [str(c) for c in solver.solve(pos).pv]
    record = pos.with_play(tuple(Position.from_json(dict(pos.to_json(), play=pv)).play))
    review = review_game(record, solver=solver)
    assert len(review.plays) == 32
    assert review.marked() == [] and all(p.cost == 0 for p in review.plays)
    assert review.value == review.final == solver.value(pos)


@pytest.mark.parametrize("name", RECORDS)
def test_the_solvers_line_in_each_ending_is_never_marked(name):
    record, start, *_ = RECORDS[name]
    ending = load_record(dict(record, play=record["play"][:start]))
    pv = [str(c) for c in Solver().solve(ending).pv]
    review = review_game(dict(record, play=record["play"][:start] + pv), start=start)
    assert review.marked() == [] and len(review.plays) == len(pv)


def test_costs_are_for_the_players_own_side():
    # The minimising defender's bad card raises the declarers' value: a positive cost.
    record, start, bad, *_ = RECORDS["jass"]
    play = review_game(record, start=start).plays[bad - start]
    assert not play.maximizing and play.value > max(play.values[c] for c in play.best)


def test_levels_follow_the_scoring_thresholds():
    sk = load_record(RECORDS["solo"][0])
    assert [points_level(sk, v) for v in (30, 31, 60, 61, 90, 91)] == [
        Level.LOST_SCHNEIDER, Level.LOST, Level.LOST, Level.WON, Level.WON, Level.WON_SCHNEIDER]
    jass = load_record(RECORDS["jass"][0])
    assert [points_level(jass, v) for v in (78, 79, 157, 257)] == [Level.LOST, Level.WON, Level.WON,
                                                                  Level.WON_SCHWARZ]
    tout = load_record(RECORDS["wenz-tout"][0])
    assert level_name(tout, points_level(tout, 7)) == "Tout lost"
    assert level_name(tout, points_level(tout, 8)) == "Tout made"
    sw = load_record(RECORDS["scharwenzel"][0])
    assert [level_name(sw, points_level(sw, v)) for v in (3, 4, 5, 8)] == ["minority", "Bock", "majority",
                                                                          "Tout"]
    assert points_level(load_record(RECORDS["ramsch"][0]), 40) is None


def test_schwarz_is_a_level_of_its_own():
    # An optimal full Wenz in which the declarer takes every trick: Schwarz by trick count.
    wenz = {"game": "schafkopf", "contract": "wenz", "declarer": 0, "leader": 0,
            "deal": ["EU GU HU EA E10 EK GA G10", "SU EO E9 E8 E7 GO S8 S7",
                     "G9 G8 G7 GK SO HA H10 HK", "HO H9 H8 H7 SA S10 SK S9"]}
    pv = [str(c) for c in Solver().solve(load_record(dict(wenz, play=[]))).pv]
    review = review_game(dict(wenz, play=pv))
    assert review.plays[0].best_level == Level.WON_SCHWARZ and not review.marked()


def test_a_card_of_the_best_points_that_gives_up_the_schwarz_is_not_a_best_card():
    # Found by an independent audit: trick 7 of a Geier the declarers lose
    # Schwarz.  Seat 3 leads; EA and E7 both leave the declarers 0 points,
    # but after E7 they can take a trick of no points (lost Schneider, not
    # Schwarz).  E7 is marked ?? and so must not be named best.
    record = {"game": "schafkopf", "contract": "geier", "declarer": 1, "leader": 1,
              "deal": ["H7 HK HA E10 SO G8 G9 SK", "H10 SU GK S7 GU EK HU E8",
                       "EU G10 GO S9 GA S10 H9 HO", "SA S8 EO H8 E7 EA G7 E9"],
              "play": ["S7", "S10", "SA", "SK", "E9", "E10", "EK", "EU", "G8", "GK", "GA", "G7", "G10", "H8",
                       "G9", "GU", "H9", "S8", "HA", "HU", "SO", "H10", "HO", "EO", "E7", "H7", "E8", "GO",
                       "S9", "EA", "HK", "SU"]}
    e7 = review_game(record, start=24).plays[0]
    assert str(e7.card) == "E7" and e7.values[e7.card] == e7.values[e7.best[0]] == 0
    assert (e7.best_level, e7.level, e7.mark) == (Level.LOST_SCHWARZ, Level.LOST_SCHNEIDER, MARK_GAME)
    assert [str(c) for c in e7.best] == ["EA"]


# ---------------------------------------------------------------------------
# From the player's information
# Eichel-Solo of seat 0.  Trick 7: seat 2 leads EA; seat 3, with no trump left,
# holds HA H9 and must discard one.  Whether to throw the HA into his side's
# trick depends on who holds the one trump above EA (HU): seat 1 (then the
# defenders win this trick and the HA is safe in it, double dummy's choice)
# or the declarer (then the HA is lost).  Seat 3 cannot see it.
GUESS = {"game": "schafkopf", "contract": "solo", "trump": "E", "declarer": 0, "leader": 0,
         "deal": ["EO EU E8 E7 H10 HK SA S7", "EK GA G9 G8 HO HU H8 SU",
                  "EA E9 G10 GO S10 SK SO S8", "E10 GK GU G7 HA H9 H7 S9"],
         "play": ["SA", "SU", "SK", "S9", "H8", "GO", "H7", "HK", "G10", "G7", "H10", "G8", "SO", "GU", "EU",
                  "HO", "EK", "E9", "E10", "EO", "S7", "GA", "S10", "GK", "EA", "H9"]}


def test_information_clears_a_card_no_player_could_know():
    dd = review_game(GUESS, start=25)
    assert dd.plays[0].mark == MARK_POINTS and dd.plays[0].cost == 11
    review = review_game(GUESS, start=25, information=True, samples=100, seed=3)
    play = review.plays[0]
    assert play.dd_mark == MARK_POINTS and play.cost == 11
    assert play.mark is None and play.information.mark is None
    assert play.information.samples == 100 and set(play.information.values) == set(play.values)
    out = play.to_json()
    assert out["mark"] is None and out["dd_mark"] == "?" and out["information"]["mark"] is None


def test_information_keeps_a_card_the_player_could_have_found():
    record, start, bad, *_ = RECORDS["sauspiel-schneider"]
    review = review_game(record, start=bad, information=True, samples=60, seed=1)
    play = review.plays[0]
    assert play.information.best != play.card and play.information.mark is not None
    assert play.mark == MARK_GAME
    assert play.information.cost > 1.96 * play.information.stderr


def test_information_is_deterministic_and_independent_of_the_executor():
    record, start, *_ = RECORDS["sauspiel-points"]
    one = review_game(record, start=start + 4, information=True, samples=30, seed=9).to_json()
    with ThreadPoolExecutor(2) as pool:
        two = review_game(record, start=start + 4, information=True, samples=30, seed=9,
                          executor=pool).to_json()
    assert one == two
    forced = [p for p in one["plays"] if len(p["values"]) == 1]
    assert forced and all(p["information"]["samples"] == 0 for p in forced)


# ---------------------------------------------------------------------------
# Bad input
def test_a_record_with_a_hidden_hand_is_refused():
    record = dict(RECORDS["solo"][0])
    record["deal"] = ["?"] + record["deal"][1:]
    with pytest.raises(InputError, match="every hand"):
        review_game(record)


def test_start_outside_the_play_is_refused():
    with pytest.raises(InputError, match="^start 40 is outside") as e:
        review_game(RECORDS["solo"][0], start=40)
    assert e.value.param == "start"


@pytest.mark.slow  # a subprocess
def test_the_library_does_not_import_click():
    code = "import sys, stichfest.analysis.review; assert 'click' not in sys.modules, 'click imported'"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


def test_an_empty_play_reviews_nothing():
    record = dict(RECORDS["solo"][0], play=[])
    review = review_game(record)
    assert review.plays == [] and review.value == review.final


# ---------------------------------------------------------------------------
# Rendering
def test_every_change_of_value_is_some_cards_cost():
    for record, start, *_ in RECORDS.values():
        review = review_game(record, start=start)
        costs = review.side_costs()
        assert review.final == review.value - costs[True] + costs[False]


def test_only_marked_estimates_the_marked_cards_with_the_same_verdicts():
    record, start, *_ = RECORDS["sauspiel-schneider"]
    every = review_game(record, start=start + 8, information=True, samples=20, seed=4)
    marked = review_game(record, start=start + 8, information=True, samples=20, seed=4, only_marked=True)
    assert [p.mark for p in every.plays] == [p.mark for p in marked.plays]
    assert [p.index for p in marked.plays if p.information is not None] == \
        [p.index for p in every.plays if p.dd_mark is not None] == [26]


@pytest.mark.slow  # subprocesses
def test_progress_counts_cards_reviewed(tmp_path):
    """The progress line counts the cards of the record reviewed (one game)
    and the games of a ``--jsonl`` batch, and says so."""
    record = tmp_path / "game.json"
    record.write_text(json.dumps(RECORDS["solo"][0]))
    batch = tmp_path / "games.jsonl"
    batch.write_text(json.dumps(RECORDS["solo"][0]) + "\n" + json.dumps(RECORDS["jass"][0]) + "\n")
    env = {**os.environ, "STICHFEST_PROGRESS_EVERY": "0.000001"}
    cli = [sys.executable, "-m", "stichfest.analysis.cli", "review"]
    one = subprocess.run([*cli, "--start", "24", str(record)], capture_output=True, text=True, env=env)
    assert one.returncode == 0, one.stderr
    lines = one.stderr.splitlines()
    assert lines and all(" cards, " in line and "samples" not in line for line in lines), lines
    assert any(line.startswith("reviewing (double dummy): ") for line in lines), lines
    many = subprocess.run([*cli, "--jsonl", "--start", "24", str(batch)], capture_output=True, text=True, env=env)
    assert many.returncode == 0, many.stderr
    lines = many.stderr.splitlines()
    assert lines and all(line.startswith("reviewing games: ") and " games, " in line for line in lines), lines
