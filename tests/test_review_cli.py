"""``stichfest review`` on the command line: text, --json, --jsonl, --html, bad input."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from test_review import GUESS, RECORDS

from stichfest.analysis.cli import main
from stichfest.analysis.cli.review import render_review, render_review_html
from stichfest.analysis.review import review_game

SCHNEIDER, START, BAD = RECORDS["sauspiel-schneider"][:3]


def run(*args: str, stdin: str = ""):
    result = CliRunner().invoke(main, ["review", *args], input=stdin)
    assert "Traceback" not in result.stderr
    return result.exit_code, result.stdout, result.stderr


def test_text_table_trick_by_trick():
    code, out, err = run("--start", str(START), "-", stdin=json.dumps(SCHNEIDER))
    assert code == 0, err
    assert "Trick 5, seat 0 leads, won by seat 2" in out and "Trick 8" in out
    row = next(line for line in out.splitlines() if line.startswith("  seat 3  SK"))
    assert "??" in row and "lost -> lost Schneider" in row
    assert "Marked cards (1):" in out


def test_json_has_one_object_per_card(tmp_path):
    f = tmp_path / "game.json"
    f.write_text(json.dumps(SCHNEIDER))
    code, out, err = run("--json", str(f))
    assert code == 0, err
    data = json.loads(out)
    plays = data["plays"]
    assert [p["card"] for p in plays] == SCHNEIDER["play"]
    for p in plays:
        assert set(p) >= {"seat", "card", "values", "cost", "mark"}
        assert p["mark"] in (None, "?", "??") and p["card"] in p["values"]
    assert plays[BAD]["mark"] == "??" and plays[BAD]["cost"] == 10 and plays[BAD]["seat"] == 3


def test_jsonl_keeps_order_and_survives_a_bad_line():
    jass = RECORDS["jass"][0]
    hidden = dict(jass, deal=["?"] + jass["deal"][1:])
    lines = [json.dumps(SCHNEIDER), "{not json", json.dumps(hidden), json.dumps(jass)]
    code, out, err = run("--jsonl", "--start", "24", "-", stdin="\n".join(lines) + "\n")
    rows = [json.loads(x) for x in out.splitlines()]
    assert len(rows) == 4
    assert len(rows[0]["plays"]) == 8 and rows[0]["plays"][2]["mark"] == "??"  # play[26]
    assert rows[1]["error"].startswith("invalid JSON")
    assert "every hand" in rows[2]["error"]
    assert rows[3]["plays"][0]["card"] == "H6" and rows[3]["plays"][0]["mark"] == "??"
    assert code == 2 and err.count("\n") == 1 and "1 of 4" not in err and "2 of 4 lines" in err
    assert [r.get("line") for r in rows] == [None, 2, 3, None] and "input lines 2, 3;" in err


@pytest.mark.slow  # a process pool
def test_jsonl_with_two_workers_prints_the_same():
    lines = "\n".join(json.dumps(r) for r, *_ in list(RECORDS.values())[:3]) + "\n"
    one = run("--jsonl", "--start", "20", "-", stdin=lines)
    two = run("--jsonl", "--start", "20", "--workers", "2", "-", stdin=lines)
    assert one[0] == two[0] == 0 and one[1] == two[1]


def test_html_page_is_written_with_card_svgs(tmp_path):
    page = tmp_path / "review.html"
    code, out, err = run("--start", "24", "--html", str(page), "-", stdin=json.dumps(RECORDS["jass"][0]))
    assert code == 0, err and "Trick 7" in out
    html = page.read_text()
    assert html.startswith("<!DOCTYPE html>") and "<svg" in html and "<style>" in html
    assert "<script" not in html and "<link" not in html


def test_information_lifts_the_mark_of_a_guess():
    args = ["--start", "25", "--json", "-"]
    plain = json.loads(run(*args, stdin=json.dumps(GUESS))[1])["plays"][0]
    assert plain["mark"] == "?" and "information" not in plain
    code, out, err = run("--information", "--samples", "60", "--seed", "2", "--workers", "1", *args,
                         stdin=json.dumps(GUESS))
    assert code == 0, err
    play = json.loads(out)["plays"][0]
    assert play["mark"] is None and play["dd_mark"] == "?" and play["cost"] == 11
    info = play["information"]
    assert info["mark"] is None and set(info["values"]) == {"HA", "H9"} and info["samples"] == 60


def test_bad_input_is_one_line_with_exit_status_2(tmp_path):
    illegal = dict(SCHNEIDER, play=["H9", "SU", "H7", "GU", "EK", "GA"])  # seat 1 must follow Eichel
    cases = [
        (["-"], "{not json"),
        (["-"], json.dumps(illegal)),
        (["-"], json.dumps(dict(SCHNEIDER, deal=["?"] + SCHNEIDER["deal"][1:]))),
        ([str(tmp_path / "missing.json")], ""),
        (["--start", "40", "-"], json.dumps(SCHNEIDER)),
        (["--jsonl", "--html", str(tmp_path / "x.html"), "-"], json.dumps(SCHNEIDER)),
        (["--html", str(tmp_path / "no" / "such" / "dir.html"), "-"], json.dumps(SCHNEIDER)),
        # the estimate's options without the estimate would do nothing
        (["--only-marked", "-"], json.dumps(SCHNEIDER)),
        (["--samples", "5", "-"], json.dumps(SCHNEIDER)),
    ]
    for args, stdin in cases:
        code, out, err = run(*args, stdin=stdin)
        assert code == 2, (args, out, err)
        assert err.startswith("stichfest: error: ") and err.count("\n") == 1, (args, err)


def test_text_table_shows_tricks_marks_and_values():
    record, start, *_ = RECORDS["sauspiel-schneider"]
    text = render_review(review_game(record, start=start))
    assert "Trick 7, seat 1 leads, won by seat 2" in text
    row = next(line for line in text.splitlines() if line.startswith("  seat 3  SK"))
    assert "??" in row and " 10 " in row and "lost -> lost Schneider" in row and "H10* 35" in row
    assert "Marked cards (1):" in text and "Cost by side: declarers 10, defenders 0 points" in text


def test_text_table_brackets_a_mark_the_information_withdraws():
    text = render_review(review_game(GUESS, start=25, information=True, samples=60, seed=2))
    row = next(line for line in text.splitlines() if line.startswith("  seat 3  H9"))
    assert "(?)" in row and " 11 " in row
    assert "info: best H9, cost 0.0" in text and "No card marked." in text
    # the page says the same (it showed the cost alone: an independent audit)
    page = render_review_html(review_game(GUESS, start=25, information=True, samples=60, seed=2))
    assert page.count('class="mark withdrawn"') == 2  # H9's cell and the legend's example
    assert "<h2>Marked cards: 0</h2>" in page


def test_html_page_is_self_contained_with_card_svgs():
    record, start, *_ = RECORDS["jass"]
    page = render_review_html(review_game(record, start=start))
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    assert page.count('<svg class="card"') == 36 + len(record["play"]) - start  # hands + reviewed cards
    assert "<style>" in page and 'class="mark m2">??' in page
    for external in ("<script", "<link", "src=", "url(", "@import"):
        assert external not in page
    assert "http" not in page.replace('xmlns="http://www.w3.org/2000/svg"', "")


# Jass, trump hearts, declarer 2: double dummy the other team takes every
# trick (the same deal with seat 1 declaring is worth 157 + 100), while in the
# record seat 0 took the 0-point trick C9 C7 C8 H8 and so denied the match.
JASS_MATCH_RECORD = {
    "game": "jass", "contract": "trump", "trump": "H", "declarer": 2, "leader": 0,
    "deal": ["H8 C10 CA CK S6 H7 S10 DJ SQ", "HQ D10 D9 HA D6 H6 DA C9 H9",
             "C6 CQ S9 SK DK D8 S8 SA C7", "HK C8 S7 HJ CJ DQ H10 D7 SJ"],
    "play": ["S10", "D10", "S8", "H10", "D7", "DJ", "H9", "DK", "C9", "C7", "C8", "H8",
             "CK", "D6", "C6", "CJ", "C10", "D9", "CQ", "DQ", "SA", "S7", "H7", "DA",
             "S6", "H6", "S9", "HJ", "SJ", "SQ", "HA", "SK", "HQ", "D8", "HK", "CA"]}


def test_jass_double_dummy_line_is_told_from_the_start_not_from_the_record():
    """docs/rules.md "Jass scoring": at a value of 0 the other team's match is the
    solver's answer; "a played hand (a record) is read from its tricks" only for
    the result as played.  The double-dummy line said "only 0-point tricks, which
    deny the other team its match", read from the record's tricks."""
    review = review_game(JASS_MATCH_RECORD)
    text = render_review(review)
    dd = next(line for line in text.splitlines() if line.startswith("Double dummy"))
    assert dd.endswith("declaring team 0 of 157 (the other team takes every trick: the match)")
    assert "As played: declaring team 44 of 157: 44 card points, the last trick to the other team" in text
    assert "(the other team takes every trick: the match)" in render_review_html(review)


def test_too_many_samples_are_refused_whatever_the_record():
    """The cap is the option's, not the record's: a record with no choice
    left after --start is refused as one with many."""
    end = len(SCHNEIDER["play"])
    for start in (16, end):
        code, out, err = run("--information", "--samples", "1000000000000", "--start", str(start), "-",
                             stdin=json.dumps(SCHNEIDER))
        assert code == 2 and "--samples must be at most" in err, (start, err)
