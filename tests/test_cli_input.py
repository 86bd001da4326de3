"""Input the command line cannot use, read as a person might hand it over: bytes
that are not UTF-8, JSON Python's decoder refuses, closed or endless stdin, an
output file that cannot be written.  Each is one line on stderr with exit
status 2 (README, "Bad input"), and a --jsonl batch keeps its good lines."""
from __future__ import annotations

import json
import os
import socket
import subprocess
import sys

import pytest
from click.testing import CliRunner

from stichfest import Position, PositionError
from stichfest.analysis.cli import _io, main
from stichfest.analysis.cli.serve import listening_socket

#: A Wenz after three tricks (the declarer holds the rest); solves in a moment.
GAME = {"game": "schafkopf", "contract": "wenz", "declarer": 0, "leader": 0,
        "deal": ["EU GU EA E10 GA G10 HA SA", "EK EO E9 E8 GK GO G9 G8",
                 "HK HO H9 H8 SK SO S9 S8", "HU SU E7 G7 H10 H7 S10 S7"],
        "play": ["EU", "EK", "HK", "HU", "GU", "EO", "HO", "SU", "EA", "E9", "H9", "E7"]}
GOOD = json.dumps(GAME).encode()
NOT_UTF8 = b'{"game": "schafkopf\xff"}'
DEEP = b"[" * 100_000
HUGE_INT = b'{"game": ' + b"1" * 5000 + b"}"


def run(args, stdin: bytes = b""):
    result = CliRunner().invoke(main, args, input=stdin)
    return result.exit_code, result.stdout, result.stderr


def one_error_line(err: str, message: str) -> bool:
    return err.count("\n") == 1 and err.startswith("stichfest: error: ") and message in err


@pytest.mark.parametrize("data, message", [
    (NOT_UTF8, "is not UTF-8 text (byte 20 is 0xff)"),
    (DEEP, "invalid JSON: nested too deeply"),
    (HUGE_INT, "invalid JSON: a number with too many digits"),
    (GOOD.replace(b'"declarer": 0', b'"declarer": 0, "declarer": 1'),
     "invalid JSON: the key 'declarer' is given twice in one object"),
    (b'{"game": "skat"}', "unknown game 'skat'"),  # the game before its contract
    (GOOD.replace(b'"leader": 0', b'"leader": 0, "rules": []'), "'rules' must be an object of rule variants"),
])
@pytest.mark.parametrize("command", ["solve", "review"])
def test_undecodable_input_is_one_line(tmp_path, command, data, message):
    f = tmp_path / "game.json"
    f.write_bytes(data)
    code, out, err = run([command, str(f)])
    assert code == 2 and out == "" and one_error_line(err, message), err


@pytest.mark.parametrize("args", [["solve", "--json"], ["solve", "--jsonl"], ["review", "--json"]])
def test_a_byte_order_mark_is_dropped(tmp_path, args):
    """Windows editors may start a UTF-8 file with a byte-order mark; it is no error."""
    f = tmp_path / "game.json"
    f.write_bytes(b"\xef\xbb\xbf" + GOOD + b"\n")
    code, out, err = run([*args, str(f)])
    assert code == 0 and json.loads(out)["value"] == 120, err


def test_undecodable_position_file_for_analyze(tmp_path):
    f = tmp_path / "p.json"
    f.write_bytes(NOT_UTF8)
    code, _, err = run(["analyze", str(f), "--samples", "2"])
    assert code == 2 and one_error_line(err, f"{f} is not UTF-8 text"), err


@pytest.mark.parametrize("option", ["--tariff", "--announce-rule"])
def test_undecodable_toml_file(tmp_path, option):
    f = tmp_path / "t.toml"
    f.write_bytes(b"solo = 5\xff0\n")
    args = ["analyze", "--hand", "EO GO HO SO EU GU HU SU", "--samples", "2", option, str(f)]
    if option == "--announce-rule":
        args += ["--passed", "1"]
    code, _, err = run(args)
    assert code == 2 and one_error_line(err, "not UTF-8 text"), err


def test_toml_file_with_a_byte_order_mark(tmp_path):
    f = tmp_path / "t.toml"
    f.write_bytes(b"\xef\xbb\xbfsolo = 70\n")
    code, out, err = run(["analyze", "--hand", "EO GO HO SO EU GU HU SU", "--samples", "2", "--json",
                          "--tariff", str(f)])
    assert code == 0 and json.loads(out)["tariff"]["solo"] == 70, err


def test_toml_file_larger_than_its_cap(tmp_path, monkeypatch):
    from stichfest.analysis import errors
    monkeypatch.setattr(errors, "MAX_TOML_BYTES", 2**20)
    f = tmp_path / "t.toml"
    f.write_bytes(b"solo = 70\n" + b"#" * 2**20)
    code, _, err = run(["analyze", "--hand", "EO GO HO SO EU GU HU SU", "--samples", "2", "--tariff", str(f)])
    assert code == 2 and one_error_line(err, "is larger than 1 MiB"), err


def test_a_bad_byte_is_counted_from_the_start_of_the_file(tmp_path):
    f = tmp_path / "game.json"
    f.write_bytes(b"\xef\xbb\xbf" + NOT_UTF8)
    code, _, err = run(["solve", str(f)])
    assert code == 2 and one_error_line(err, "is not UTF-8 text (byte 23 is 0xff)"), err
    t = tmp_path / "t.toml"
    t.write_bytes(b"\xef\xbb\xbfsolo = 5\xff0\n")
    code, _, err = run(["analyze", "--hand", "EO GO HO SO EU GU HU SU", "--samples", "2", "--tariff", str(t)])
    assert code == 2 and one_error_line(err, "is not UTF-8 text (byte 12 is 0xff)"), err


def test_blank_lines_of_a_batch_are_skipped_after_decoding():
    """A byte-order mark before a blank first line, a line of a no-break space: no lines."""
    batch = b"\xef\xbb\xbf\n" + GOOD + b"\n\xc2\xa0\n\r\n" + GOOD + b"\n"
    code, out, err = run(["solve", "--jsonl", "--no-pv", "-"], batch)
    assert code == 0 and [json.loads(x)["value"] for x in out.splitlines()] == [120, 120], err


@pytest.mark.parametrize("value, message", [(0, "must be 1..16, got 0"), (10**5000, "must be 1..16$"),
                                            (True, "must be a whole number, got true")], ids=["zero", "huge", "bool"])
def test_jass_multiplier_is_checked(value, message):
    jass = {"game": "jass", "contract": "obenabe", "declarer": 0, "leader": 0,
            "deal": ["CA CK CQ CJ C10 C9 C8 C7 D6", "C6 DA DK DQ DJ D10 D9 D8 D7",
                     "SA SK SQ SJ S10 S9 S8 S7 S6", "HA HK HQ HJ H10 H9 H8 H7 H6"],
            "rules": {"jass_multiplier": value}}
    with pytest.raises(PositionError, match=message):
        Position.from_json(jass)


def test_position_parser_turns_every_json_failure_into_a_position_error():
    for data in (DEEP, HUGE_INT):
        with pytest.raises(PositionError, match="^invalid JSON: "):
            Position.from_json(data.decode())


def test_the_shorthands_for_play_and_hands_read_as_the_lists_do():
    """README, "Positions": ``play`` as one string and a seat's cards as a
    list are read as the canonical forms, and printed in those forms."""
    short = dict(GAME, play=" ".join(GAME["play"]), deal=[h.split() for h in GAME["deal"]])
    assert Position.from_json(short) == Position.from_json(GAME)
    assert Position.from_json(short).to_json()["play"] == GAME["play"]
    assert Position.from_json(short).to_json()["deal"] == GAME["deal"]
    answers = [CliRunner().invoke(main, ["solve", "--json", "-"], input=json.dumps(p)) for p in (short, GAME)]
    assert [a.exit_code for a in answers] == [0, 0] and answers[0].output == answers[1].output


@pytest.mark.parametrize("workers", ["1", "2"])
@pytest.mark.parametrize("command", ["solve", "review"])
def test_jsonl_batch_keeps_the_good_lines(command, workers):
    batch = b"\n".join([GOOD, NOT_UTF8, GOOD, DEEP, HUGE_INT, b"", GOOD]) + b"\n"
    code, out, err = run([command, "--jsonl", "--workers", workers, "-"], batch)
    rows = [json.loads(line) for line in out.splitlines()]
    assert [("error" in r) for r in rows] == [False, True, False, True, True, False]
    assert rows[1]["error"] == "the line is not UTF-8 text (byte 20 is 0xff)"
    assert rows[3]["error"] == "invalid JSON: nested too deeply"
    assert rows[0] == rows[2] == rows[5] and rows[0]["value"] == 120
    assert code == 2 and one_error_line(err, "3 of 6 lines had errors"), err


@pytest.mark.slow
@pytest.mark.parametrize("args", [["solve", "-"], ["solve", "--jsonl", "-"], ["review", "-"]])
def test_closed_stdin_is_one_line(args):
    """``stichfest solve - <&-``: Python then has no ``sys.stdin`` at all."""
    command = " ".join([sys.executable, "-m", "stichfest.analysis.cli", *args])
    proc = subprocess.run(["bash", "-c", command + " <&-"], capture_output=True, text=True)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr == "stichfest: error: cannot read standard input: it is closed\n"


@pytest.mark.slow
def test_solve_with_stderr_closed_still_answers(tmp_path):
    """The progress bar has nowhere to draw (``2>&-``: no ``sys.stderr``); the answer still comes."""
    f = tmp_path / "game.json"
    f.write_bytes(GOOD)
    command = " ".join([sys.executable, "-m", "stichfest.analysis.cli", "solve", "--json", str(f)])
    proc = subprocess.run(["bash", "-c", command + " 2>&-"], capture_output=True, text=True,
                          env={**os.environ, "STICHFEST_PROGRESS_EVERY": "0.000001"})
    assert proc.returncode == 0 and json.loads(proc.stdout)["value"] == 120


def test_input_larger_than_the_cap_is_refused(tmp_path, monkeypatch):
    monkeypatch.setattr(_io, "MAX_INPUT_BYTES", 2**20)
    f = tmp_path / "big.jsonl"
    f.write_bytes(GOOD + b"\n" + b" " * 2**20)
    code, out, err = run(["solve", "--jsonl", str(f)])
    assert code == 2 and out == "" and one_error_line(err, f"{f} is larger than 1 MiB"), err
    code, _, _ = run(["solve", "-"], GOOD + b" " * 1000)
    assert code == 0


def test_plot_file_is_checked_before_the_run(tmp_path):
    pytest.importorskip("matplotlib")
    hand = ["analyze", "--hand", "EO GO HO SO EU GU HU SU", "--samples", "2"]
    code, out, err = run([*hand, "--plot", str(tmp_path / "out.txt")])
    assert code == 2 and out == "" and one_error_line(err, "no plot is written as .txt"), err
    code, out, err = run([*hand, "--plot", str(tmp_path / "out.pgf")])  # matplotlib may call LaTeX
    assert code == 2 and out == "" and one_error_line(err, "no plot is written as .pgf"), err
    code, out, err = run([*hand, "--plot", str(tmp_path / "out.png ")])  # savefig reads "png "
    assert code == 2 and out == "" and one_error_line(err, "no plot is written as .png "), err
    code, out, err = run([*hand, "--plot", str(tmp_path / "no" / "out.png")])
    assert code == 2 and out == "" and one_error_line(err, "there is no folder"), err


def test_review_html_needs_a_writable_name(tmp_path):
    game = tmp_path / "game.json"
    game.write_bytes(GOOD)
    code, out, err = run(["review", str(game), "--html", ""])
    assert code == 2 and out == "" and one_error_line(err, "--html needs a file name"), err
    code, out, err = run(["review", str(game), "--html", str(tmp_path / "no" / "r.html")])
    assert code == 2 and out == "" and one_error_line(err, "there is no folder"), err


def test_serve_on_a_port_in_use_is_one_line():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        code, out, err = run(["serve", "--port", str(port)])
    assert code == 2 and out == "" and one_error_line(err, f"cannot listen on 127.0.0.1 port {port}"), err


def test_serve_needs_a_host():
    code, out, err = run(["serve", "--host", " "])
    assert code == 2 and out == "" and one_error_line(err, "--host needs an address"), err


def test_listening_socket_on_port_0_takes_a_free_port():
    sock = listening_socket("127.0.0.1", 0)
    try:
        assert sock.getsockname()[1] > 0
    finally:
        sock.close()


def test_a_tout_where_the_game_has_none_is_one_line():
    jass = {"game": "jass", "contract": "trump", "trump": "C", "tout": True, "declarer": 0, "leader": 0,
            "deal": ["C6 C7 C8 C9 C10 CJ CQ CK CA", "S6 S7 S8 S9 S10 SJ SQ SK SA",
                     "H6 H7 H8 H9 H10 HJ HQ HK HA", "D6 D7 D8 D9 D10 DJ DQ DK DA"]}
    with pytest.raises(PositionError, match=r"^no Tout in jass$"):
        Position.from_json(jass)
    sauspiel = {"game": "schafkopf", "contract": "sauspiel", "called": "E", "tout": True,
                "declarer": 0, "leader": 0, "deal": ["?", "?", "?", "?"]}
    with pytest.raises(PositionError, match=r"no Tout in schafkopf sauspiel \(only solo, wenz"):
        Position.from_json(sauspiel, allow_hidden=True)


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full (Linux)")
@pytest.mark.parametrize("args", [["solve", "-"], ["solve", "-", "--json"], ["--help"]])
def test_output_that_cannot_be_written_is_one_line(args):
    """A full disk (here /dev/full) is no traceback: one line, status 2."""
    with open("/dev/full", "wb") as full:
        proc = subprocess.run([sys.executable, "-m", "stichfest.analysis", *args], input=GOOD,
                              stdout=full, stderr=subprocess.PIPE, timeout=120)
    err = proc.stderr.decode()
    assert proc.returncode == 2 and one_error_line(err, "cannot write standard output"), err


@pytest.mark.parametrize("args", [["solve", "-"], ["--help"]])
def test_stdout_open_for_reading_only_is_one_line(args):
    """``stichfest solve POS 1</dev/null``: writing meets EBADF, which is no traceback either."""
    with open(os.devnull, "rb") as read_only:
        proc = subprocess.run([sys.executable, "-m", "stichfest.analysis", *args], input=GOOD,
                              stdout=read_only, stderr=subprocess.PIPE, timeout=120)
    err = proc.stderr.decode()
    assert proc.returncode == 2 and one_error_line(err, "cannot write standard output"), err


def test_a_reader_that_stops_reading_is_no_error():
    """``stichfest ... | head -1``: the rest has nowhere to go; no traceback,
    no message, and click's status for it (1)."""
    proc = subprocess.Popen([sys.executable, "-m", "stichfest.analysis", "solve", "-"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdin.write(GOOD)
    proc.stdin.close()
    proc.stdout.close()  # nothing is read: the first write meets a broken pipe
    err = proc.stderr.read().decode()
    proc.stderr.close()
    assert proc.wait(timeout=120) == 1 and err == ""


def test_bad_input_with_stderr_closed_still_exits_2():
    proc = subprocess.run([sys.executable, "-m", "stichfest.analysis", "solve", "-"], input=b'{"game": "x"}',
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=120,
                          preexec_fn=lambda: os.close(2))
    assert proc.returncode == 2


HAND = ["analyze", "--hand", "EA E10 GK G9 HA H9 S10 S8", "--samples", "2", "--workers", "1"]


@pytest.mark.parametrize("args, message", [
    (["solve", "-", "--json", "--jsonl"], "--json prints one object for one position"),
    (["solve", "-", "--workers", "2"], "--workers applies to --jsonl batches"),
    (["review", "-", "--json", "--jsonl"], "--json prints one object for one game"),
    (["review", "-", "--seed", "3"], "--seed applies to --information's estimate"),
    (["review", "-", "--scheduler", "127.0.0.1:1"], "--scheduler applies to --jsonl batches"),
    ([*HAND, "--play", "double-dummy", "--worlds", "4"], "--worlds sets the single-dummy play-outs"),
    ([*HAND, "--play", "double-dummy", "--defenders", "double-dummy"], "--defenders sets the single-dummy"),
    (["analyze", "--game", "jass", "--hand", "HJ H9 HA HK S10 SA CA D6 D7", "--worlds", "3"],
     "(Jass plays double dummy alone unless asked)"),
    ([*HAND, "--no-points", "--points-samples", "5"], "--points-samples sets the deals"),
    (["analyze", "--game", "jass", "--hand", "HJ H9 HA HK S10 SA CA D6 D7", "--points-samples", "5"],
     "--points-samples does nothing in Jass: the points decide the game"),
    (["analyze", "--game", "jass", "--hand", "HJ H9 HA HK S10 SA CA D6 D7", "--no-points"],
     "--no-points does nothing in Jass"),
    ([*HAND, "--plot", ""], "--plot needs a file name"),
    (["tout", "--contract", "wenz", "--hand", "EU GU HU EA E10 EK GA G10", "--seed", "3"],
     "--seed seeds the sampled deals; give --samples too"),
    ([*HAND, "--scheduler", " "], "--scheduler needs an address"),
    ([*HAND, "--contracts", " , "], "--contracts names no contract"),
    ([*HAND, "--void", "1:EX"], "--void '1:EX': unknown suit 'EX'"),
    ([*HAND, "--void", "1:"], "expected SEAT:SUITS"),
    ([*HAND, "--seat-has", "2:"], "expected SEAT:CARDS"),
    ([*HAND, "--seat-has", "1:" + ",".join(["HO"] * 100)], "...: card HO given twice"),
    ([*HAND, "--seat", "4"], "--seat must be a seat 0..3, got 4"),
    ([*HAND, "--tariff-set", "kontra_factor=0"], "'kontra_factor' must be a whole number 1.."),
    (["puzzle", "--svg", ""], "--svg needs a directory name"),
])
def test_options_that_would_do_nothing_are_refused(args, message):
    """An option left without effect (or empty) is refused, naming it: run
    silently, its user would believe it applied."""
    code, out, err = run(args, GOOD)
    assert code == 2 and one_error_line(err, message), err
    assert len(err) < 200  # a long value is cut short in the message


def test_voids_read_suits_as_cards_do():
    from stichfest.analysis.sampling import Constraints
    symbols = Constraints.parse([], ["1:♥", "2:EG", "3:s,h"], game="schafkopf")
    assert dict(symbols.voids) == {1: {2}, 2: {0, 1}, 3: {3, 2}}
    pasted = Constraints.parse([], ["1:\u2665\ufe0f", "2:\u2667\u2664"], game="schafkopf")  # emoji, white symbols
    assert dict(pasted.voids) == {1: {2}, 2: {0, 1}}


def test_a_tariff_file_with_other_tables_reads_its_tariff_table(tmp_path):
    shared = tmp_path / "table.toml"
    shared.write_text('[tariff]\nsolo = 60\n\n[[announce]]\ncontract = "solo"\n')
    code, out, err = run([*HAND, "--contracts", "solo-H", "--tariff", str(shared), "--json",
                          "--play", "double-dummy"])
    assert code == 0 and json.loads(out)["tariff"]["solo"] == 60, err
    mixed = tmp_path / "mixed.toml"
    mixed.write_text("wenz = 40\n[tariff]\nsolo = 60\n")
    code, out, err = run([*HAND, "--tariff", str(mixed)])
    assert code == 2 and one_error_line(err, "key 'wenz' is outside [tariff]"), err


def test_a_huge_quoted_input_is_shortened_in_the_error():
    # The message quotes the card it refuses; 100 kB of it would bury the line.
    code, out, err = run(["analyze", "--hand", "EA " + "XQ" * 50_000, "--seat", "0"])
    assert code == 2 and one_error_line(err, "unknown suit 'X' in card 'XQXQ")
    assert "[100,002 characters]" in err and len(err) < 300


def test_a_huge_quoted_input_is_shortened_in_a_batch_error_object():
    bad = json.dumps({**GAME, "contract": "w" * 100_000}).encode()
    code, out, err = run(["solve", "--jsonl", "-"], stdin=bad + b"\n" + GOOD + b"\n")
    lines = out.splitlines()
    assert code == 2 and len(lines) == 2
    error = json.loads(lines[0])["error"]
    assert error.startswith("unknown contract 'www") and "[100,002 characters]" in error and len(error) < 300
    assert "value" in json.loads(lines[1])


def test_one_line_shortens_only_long_words_and_long_messages():
    from stichfest.analysis.errors import LONGEST_MESSAGE, LONGEST_WORD, one_line
    word = "x" * LONGEST_WORD
    assert one_line(f"bad  {word}\n here") == f"bad {word} here"  # a word of the limit stays whole
    cut = one_line("y" * (LONGEST_WORD + 1))
    assert cut.startswith("y" * 48 + "…") and cut.endswith(f"[{LONGEST_WORD + 1} characters]")
    many = one_line(" ".join(["card"] * 1000))  # 4,999 characters of short words
    assert len(many) < LONGEST_MESSAGE + 60 and "characters left out" in many
    assert many.startswith("card card") and many.endswith("card card")
