"""Issue 17: what a new user reported about the command line and its output
(each test failed before its fix).

Rules cited from docs/rules.md.
"""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from stichfest import Position

#: The README's example deal (README top: ``stichfest solve wenz.json``).
README_WENZ = {"game": "schafkopf", "contract": "wenz", "declarer": 0, "leader": 0,
               "deal": ["EU GU HU EA E10 EK GA G10", "SU EO E9 E8 E7 GO S8 S7",
                        "G9 G8 G7 GK SO HA H10 HK", "HO H9 H8 H7 SA S10 SK S9"],
               "play": []}


def stichfest(*args: str, stdin: str = "", timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "stichfest.analysis.cli", *args], input=stdin,
                          capture_output=True, text=True, timeout=timeout)


# --- item 4: solve --jsonl --no-pv --------------------------------------------
def test_jsonl_batch_honours_no_pv():
    lines = "\n".join(json.dumps(README_WENZ) for _ in range(2)) + "\n"
    for workers in ("1", "2"):
        out = stichfest("solve", "-", "--jsonl", "--no-pv", "--workers", workers, stdin=lines)
        assert out.returncode == 0, out.stderr
        results = [json.loads(ln) for ln in out.stdout.splitlines()]
        assert len(results) == 2
        assert all(r["pv"] == [] and r["value"] == 120 for r in results)
    out = stichfest("solve", "-", "--jsonl", stdin=lines)
    assert all(len(json.loads(ln)["pv"]) == 32 for ln in out.stdout.splitlines())


# --- item 9: install hints name a command that works from a clone -----------
def test_missing_extras_name_the_install_command_that_works_from_a_clone(monkeypatch):
    from stichfest.analysis.errors import InputError
    from stichfest.analysis.executor import open_executor
    from stichfest.analysis.plot import require_matplotlib

    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import fails
    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(InputError) as e:
        require_matplotlib()
    assert 'pip install -e ".[plot]"' in str(e.value) and "stichfest[" not in str(e.value)
    with pytest.raises(InputError) as e, open_executor(1, "tcp://127.0.0.1:1"):
        pass
    assert 'pip install -e ".[dask]"' in str(e.value) and "stichfest[" not in str(e.value)


# --- item 2: Schwarz, not Schneider, when a party takes no trick --------------
#: 7 tricks played, every point with the declarer; the last trick (S7 S9 S8 H7)
#: holds no points and goes to seat 1: 120 card points, yet not Schwarz.
WENZ_120_NOT_SCHWARZ = {
    "game": "schafkopf", "contract": "wenz", "declarer": 0, "leader": 0,
    "deal": ["EU GU HU SU EA E10 EK S7", "EO E9 GA G10 GK GO SA S9", "E8 E7 HA H10 HK HO S10 S8",
             "G9 G8 G7 H9 H8 SK SO H7"],
    "play": "EU GA HA G9 GU G10 H10 G8 HU GK HK G7 SU GO HO H9 EA EO E8 H8 E10 E9 E7 SK EK SA S10 SO".split()}
#: The declarer holds only 9s, 8s and 7s: the defenders take every trick.
WENZ_DECLARER_SCHWARZ = {
    "game": "schafkopf", "contract": "wenz", "declarer": 0, "leader": 0,
    "deal": ["S9 S7 G9 G8 H8 H9 H7 E7", "GK EK HU HK SU S8 EO E8", "GO GA SK SO EA EU G10 H10",
             "GU HO G7 HA E9 SA E10 S10"], "play": []}


def _value_line(data: dict, *flags: str) -> str:
    out = stichfest("solve", "-", *flags, stdin=json.dumps(data))
    assert out.returncode == 0, out.stderr
    return next(ln for ln in out.stdout.splitlines() if ln.startswith("Value:"))


def test_solve_says_schwarz_when_the_defenders_take_no_trick():
    """[SK] Scoring: Schwarz when a party takes no trick (README example: the declarer takes all 8)."""
    for flags in ((), ("--no-pv",)):
        line = _value_line(README_WENZ, *flags)
        assert "defenders Schwarz" in line and "Schneider" not in line, line


def test_solve_does_not_say_schwarz_for_120_with_a_zero_point_trick_lost():
    line = _value_line(WENZ_120_NOT_SCHWARZ)
    assert "120" in line and "not Schwarz" in line and "0-point trick" in line, line


def test_solve_says_schwarz_when_the_declarers_take_no_trick():
    line = _value_line(WENZ_DECLARER_SCHWARZ)
    assert "declarers 0" in line and "Schwarz" in line and "not Schwarz" not in line, line


# --- item 3: what a Jass value holds -------------------------------------------
JASS_MATCH = {"game": "jass", "contract": "obenabe", "declarer": 0, "leader": 0,
              "deal": ["CA CK CQ CJ C10 SA SK SQ SJ", "C9 C8 C7 C6 S10 S9 S8 S7 S6",
                       "HA HK HQ HJ H10 H9 H8 H7 H6", "DA DK DQ DJ D10 D9 D8 D7 D6"], "play": []}
#: Five tricks played at random; the rest is quick to solve.
JASS_MIDGAME = {"game": "jass", "contract": "trump", "trump": "H", "declarer": 0, "leader": 0,
                "deal": ["S8 H6 DJ DK S6 D6 CQ HQ H10", "D10 CA C10 S9 C7 DQ SQ S7 SJ",
                         "S10 D8 HA CK H8 C8 HK C6 SA", "DA HJ H7 D9 SK H9 D7 C9 CJ"],
                "play": "CQ CA CK HJ SK HQ S9 S10 DK DQ HK D7 D8 D9 DJ D10 D6 SQ C8 H9".split()}


@pytest.mark.slow
def test_jass_value_says_what_it_holds():
    """[JA] Last trick +5: every mode totals 157; match (all 9 tricks) +100."""
    line = _value_line(JASS_MATCH)
    assert "257: 152 card points + 5 last trick + 100 match" in line and "of 157" not in line, line
    line = _value_line(JASS_MIDGAME)
    assert "102 of 157: 97 card points + 5 last trick" in line, line
    line = _value_line(JASS_MIDGAME, "--no-pv")
    assert "102 of 157" in line and "last trick" in line, line


# --- item 5: tout --target: the node budget bounds the time ---------------------
OBVIOUS_SOLO = "EO GO HO SO EU GU HA GA"  # Herz-Solo: the four Ober, two Unter, Herz- and Gras-Sau


def test_tout_node_budget_bounds_every_card_played(monkeypatch):
    """Before the fix only trick starts of the search counted: max_nodes=1000
    played 128,000 cards (while writing out the plan) before giving up."""
    from stichfest.analysis.tout import SearchLimit, guarantee, hand_position
    from stichfest.analysis.tout.search import _Search

    played = [0]
    play = _Search._play

    def counting(self, *args):
        played[0] += 1
        return play(self, *args)

    monkeypatch.setattr(_Search, "_play", counting)
    pos = hand_position("solo", OBVIOUS_SOLO, 0, 0, trump="H", tout=False)
    with pytest.raises(SearchLimit):
        guarantee(pos, 61, max_nodes=1000)
    assert played[0] <= 1010  # the one over the budget raises, once per phase


@pytest.mark.slow
def test_tout_points_target_on_an_obvious_solo_answers_yes():
    """The search proves 61 in about 12,000 positions; the plan (every defender
    card answered) is far bigger: the answer is yes, the plan left out."""
    from stichfest.analysis.tout import guarantee, hand_position

    pos = hand_position("solo", OBVIOUS_SOLO, 0, 0, trump="H", tout=False)
    result = guarantee(pos, 61, max_nodes=30_000)
    assert result.guaranteed and result.plan is None and result.nodes == 30_000
    out = stichfest("tout", "--contract", "solo", "--trump", "H", "--hand", OBVIOUS_SOLO, "--target", "61",
                    "--max-nodes", "30000")
    assert out.returncode == 0, out.stderr
    assert "  yes (30000 positions searched)" in out.stdout, out.stdout
    assert "Plan: not written out: writing it (every defender card answered, each line checked) takes " \
           "more positions than --max-nodes; raise it to see the plan" in out.stdout, out.stdout


# --- item 6: --samples has an upper bound, checked before any work ----------
def test_sample_count_is_capped_before_anything_is_allocated(monkeypatch):
    from stichfest.analysis import evaluate, midgame
    from stichfest.analysis.errors import InputError
    from stichfest.analysis.tout import dd_share, double_dummy, hand_position

    def no_work(*args, **kwargs):
        raise AssertionError("work started before the sample count was checked")

    monkeypatch.setattr(evaluate, "_SampleTable", no_work)
    monkeypatch.setattr(midgame, "run_tasks", no_work)
    monkeypatch.setattr(double_dummy, "sample_deal", no_work)
    too_many = 1_000_001  # the documented cap (sampling.MAX_SAMPLES) + 1
    with pytest.raises(InputError) as e:
        evaluate.evaluate_hand("schafkopf", "EO GO EU GU HA H10 EA G7", 0, 0, samples=too_many)
    assert e.value.param == "samples" and "1,000,000" in str(e.value)
    hidden = dict(README_WENZ, deal=[README_WENZ["deal"][0], "?", "?", "?"])
    with pytest.raises(InputError) as e:
        midgame.analyze_position(Position.from_json(hidden, allow_hidden=True), samples=too_many)
    assert e.value.param == "samples"
    with pytest.raises(InputError) as e:
        dd_share(hand_position("wenz", README_WENZ["deal"][0], 0, 0), None, too_many, 0)
    assert e.value.param == "samples"


def test_analyze_refuses_a_hundred_million_samples_on_one_line():
    out = stichfest("analyze", "--hand", "EO GO EU GU HA H10 EA G7", "--samples", "100000000", timeout=30)
    assert out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1
    assert "--samples" in out.stderr and "1,000,000" in out.stderr


# --- item 7: the analyze table fits 100 columns ---------------------------------
@pytest.mark.slow
def test_analyze_table_fits_100_columns_when_not_a_terminal():
    out = stichfest("analyze", "--hand", "EO GO EU GU HA H10 EA G7", "--samples", "20", "--no-race",
                    "--workers", "2")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert max(len(ln) for ln in lines) <= 100, max(lines, key=len)
    assert any("Herz-Solo" in ln and "±" in ln for ln in lines)  # the figures that matter stay
    assert any("P(win) %" in ln and "payout" in ln for ln in lines)


def test_analyze_table_keeps_every_column_on_a_wide_terminal():
    from stichfest.analysis.cli.text import render_hand_analysis
    from stichfest.analysis.evaluate import evaluate_hand

    a = evaluate_hand("schafkopf", "EO GO EU GU HA H10 EA G7", 0, 0, samples=10, race=False,
                      contracts=["sauspiel-G", "solo-H"])
    wide = render_hand_analysis(a, width=200)
    assert "deals" in wide and "P(Schwarz) %" in wide and "left out" not in wide
    narrow = render_hand_analysis(a, width=70)
    assert max(len(ln) for ln in narrow.splitlines()) <= 70 and "left out" in narrow


# --- item 1: puzzle diagrams and text show the score so far and the goal --------
def _midgame_puzzle():
    from stichfest.analysis.puzzle import generate

    return generate("schafkopf", None, tricks=5, count=1, seed=3, goal="61")[0]


def test_puzzle_svg_and_text_show_the_score_so_far_and_the_goal():
    from stichfest.analysis.cli.text import render_puzzle
    from stichfest.analysis.svg import puzzle_svg

    # Gras-Farbwenz of seat 2 after 3 tricks: S10 S7 H10 S9 to seat 3's S10
    # (20 points to the others), H7 H9 HK HA to the declarer's HA (15), SU
    # G8 GA GO to his SU, a trump (16): declaring side 31, the others 20
    p = _midgame_puzzle()
    svg, text = puzzle_svg(p, 1), render_puzzle(p)
    assert "Score after 3 of 8 tricks" in svg
    assert "declaring side 31 points, the others 20" in svg
    assert "Goal: 61 points, 30 more" in svg
    assert "declaring side 31 points, the others 20" in text
    assert "Goal: 61 points for the declaring side: 30 more from the 5 tricks left" in text


# --- item 8: puzzles are printed as they are found; --svg never overwrites ------
def test_puzzles_are_printed_as_they_are_found(monkeypatch):
    """The first puzzle is out even when the second is never found."""
    from click.testing import CliRunner

    from stichfest.analysis import puzzle as puzzles
    from stichfest.analysis.cli import main

    attempt, found = puzzles._attempt, []

    def first_only(*args, **kwargs):
        if found:
            return None
        p = attempt(*args, **kwargs)
        if p is not None:
            found.append(p)
        return p

    monkeypatch.setattr(puzzles, "_attempt", first_only)
    result = CliRunner().invoke(main, ["puzzle", "--count", "2", "--seed", "3", "--tricks", "3"])
    assert result.exit_code == 2 and "found 1 of 2" in result.output
    assert "Puzzle 1 of 2" in result.output and "Solution:" in result.output


def test_puzzle_callback_gets_each_puzzle_before_the_next_is_searched(monkeypatch):
    from stichfest.analysis import puzzle as puzzles

    attempt, attempts, seen = puzzles._attempt, [0], []

    def counting(*args, **kwargs):
        attempts[0] += 1
        return attempt(*args, **kwargs)

    monkeypatch.setattr(puzzles, "_attempt", counting)
    out = puzzles.generate("schafkopf", None, tricks=3, count=3, seed=3,
                           on_puzzle=lambda p: seen.append((p, attempts[0])))
    assert [p for p, _ in seen] == out
    assert [n for _, n in seen] == sorted({n for _, n in seen})  # one call per puzzle, in order


@pytest.mark.slow
def test_puzzle_svg_numbers_on_after_an_earlier_run(tmp_path):
    args = ["puzzle", "--count", "2", "--seed", "3", "--tricks", "3", "--svg", str(tmp_path)]
    assert stichfest(*args).returncode == 0
    first = {f.name: f.read_text() for f in tmp_path.iterdir()}
    assert sorted(first) == ["puzzle-001.svg", "puzzle-002.svg"]
    assert stichfest(*args[:4], "4", *args[5:]).returncode == 0  # another seed
    files = sorted(f.name for f in tmp_path.iterdir())
    assert files == ["puzzle-001.svg", "puzzle-002.svg", "puzzle-003.svg", "puzzle-004.svg"]
    assert all((tmp_path / name).read_text() == text for name, text in first.items())
    assert "puzzle 3" in (tmp_path / "puzzle-003.svg").read_text()
    assert "numbering goes on" in " ".join(stichfest("puzzle", "--help").stdout.split())
