"""Runs that stop early keep what they computed (issue 16) and show progress in
samples (issue 17).

In-process tests stop the library functions with a ``KeyboardInterrupt``
raised from a progress callback or a solver wrapper; the command-line tests
start ``python -m stichfest.analysis`` in its own session and send it SIGINT
(to its process group, as a terminal's Ctrl-C does), SIGTERM (to the main
process) or SIGKILL (to one worker, or to the main process), then check the
exit status, the one line on stderr, the partial output and that no process
of the command is left.
"""
from __future__ import annotations

import io
import json
import os
import random
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from stichfest import Position, Solver
from stichfest.analysis import executor as executor_module
from stichfest.analysis import puzzle as puzzle_module
from stichfest.analysis.evaluate import evaluate_hand
from stichfest.analysis.executor import (
    Interrupted,
    ProgressBar,
    Stopped,
    WorkerDied,
    WorkerPool,
    interruptible,
    open_executor,
    run_tasks,
    stop_signals,
    stream_tasks,
)
from stichfest.analysis.midgame import analyze_position
from stichfest.analysis.tout import dd_share, hand_position
from stichfest.cards import deck_cards
from stichfest.deals import random_position

ROOT = Path(__file__).resolve().parent.parent
SHORT_HAND = "EO GO HA HK S10 S9"  # short deck (24 cards, 6 each)
HAND = ["--hand", "EO HO GU EA E10 GA G10 S7", "--seat", "1", "--leader", "0"]
#: A before-play analysis that runs far longer than any test: one contract,
#: about 20 samples a second on two workers.
LONG_ANALYZE = ["analyze", *HAND, "--contracts", "sauspiel", "--samples", "100000", "--no-race",
                "--workers", "2"]


# ---------------------------------------------------------------------------
# Progress (issue 17)
class _Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_off_a_terminal_is_a_plain_line_every_few_seconds(monkeypatch):
    clock = _Clock()
    monkeypatch.setattr(executor_module.time, "monotonic", clock)
    out = io.StringIO()
    bar = ProgressBar("analyze", 1000, stream=out, every=10)
    bar.update(done=100)
    clock.now += 5
    bar.update(done=200)
    assert out.getvalue() == ""  # a short run writes nothing
    clock.now += 7
    bar.update(done=340)
    clock.now += 1
    bar.update(done=360)  # not yet ten seconds since the last line
    clock.now += 9
    bar.update(done=500, note="exact card points 3/40")
    bar.close()
    assert out.getvalue() == ("analyze: 340/1000 samples, 12 s\n"
                              "analyze: 500/1000 samples, exact card points 3/40, 22 s\n")


def test_progress_interval_from_the_environment(monkeypatch):
    monkeypatch.setenv("STICHFEST_PROGRESS_EVERY", "0.5")
    assert ProgressBar("analyze", 10, stream=io.StringIO()).every == 0.5
    monkeypatch.setenv("STICHFEST_PROGRESS_EVERY", "soon")
    assert ProgressBar("analyze", 10, stream=io.StringIO()).every == 10


def test_progress_on_a_terminal_is_a_bar_counting_samples(monkeypatch):
    clock = _Clock()
    monkeypatch.setattr(executor_module.time, "monotonic", clock)
    out = _Terminal()
    bar = ProgressBar("analyze", 1000, stream=out)
    clock.now += 1
    bar.update(done=340)
    bar.close()
    text = out.getvalue()
    assert text.startswith("\ranalyze [##########") and "340/1000 samples" in text and text.endswith("\n")


def test_a_ticking_bar_moves_on_during_a_long_step_and_stops_when_closed():
    out = _Terminal()
    bar = ProgressBar("solve", 10, stream=out, delay=0.0, unit="steps")
    bar.update(done=1, note="the value")
    bar.start_ticking(every=0.02)
    deadline = time.monotonic() + 5
    while out.getvalue().count("\r") < 3 and time.monotonic() < deadline:  # no update: the ticker draws
        time.sleep(0.02)
    assert out.getvalue().count("\r") >= 3 and "1/10 steps, the value" in out.getvalue()
    bar.close()
    closed = out.getvalue()
    time.sleep(0.1)
    bar.update(done=5)  # a step reported after the close (an abandoned solve) draws nothing
    assert out.getvalue() == closed and closed.endswith("\n")


def test_a_bar_whose_stream_fails_stops_drawing():
    class Closed(_Terminal):
        def write(self, text):
            raise OSError(9, "Bad file descriptor")

    bar = ProgressBar("solve", 10, stream=Closed(), delay=0.0)
    bar.update(done=1)
    bar.update(done=2)
    bar.close()
    assert bar.stream is None


class _Recorder(ProgressBar):
    """Every (done, total) shown, and optionally a Ctrl-C once ``stop_at`` samples are done."""

    def __init__(self, total: int, stop_at: int | None = None) -> None:
        super().__init__("analyze", total, stream=io.StringIO())
        self.seen: list[tuple[int, int]] = []
        self.stop_at = stop_at

    def update(self, done=None, total=None, note=None):
        super().update(done, total, note)
        self.seen.append((self.done, self.total))
        if self.stop_at is not None and self.done >= self.stop_at:
            self.stop_at = None
            raise KeyboardInterrupt


def test_progress_counts_samples_not_tasks_across_contracts():
    progress = _Recorder(60)
    a = evaluate_hand("schafkopf", SHORT_HAND, 0, 0, samples=60, seed=2, progress=progress,
                      contracts=["solo-H", "wenz", "geier", "solo-H-tout"])
    assert any(r.stopped_after == 50 for r in a.results)  # the race stopped some: the total stays
    assert {total for _, total in progress.seen} == {60}
    done = [d for d, _ in progress.seen]
    assert done == sorted(done) and done[-1] == 60


# ---------------------------------------------------------------------------
# The library: a stopped run raises Stopped with the partial result
def test_evaluate_hand_stopped_keeps_the_deals_finished():
    kwargs = dict(samples=200, seed=2, contracts=["solo-H", "wenz"], race=False, points=False)
    with pytest.raises(Interrupted) as info:
        evaluate_hand("schafkopf", SHORT_HAND, 0, 0, progress=_Recorder(200, stop_at=30), **kwargs)
    stop = info.value
    assert isinstance(stop, KeyboardInterrupt) and stop.exit_status == 130
    assert stop.done is not None and 30 <= stop.done < 200 and stop.total == 200
    assert str(stop) == f"interrupted after {stop.done} of 200 samples"
    partial = stop.partial
    assert partial.interrupted and partial.to_json()["interrupted"] is True
    assert {r.samples for r in partial.results} == {stop.done}
    # the first deals, exactly as a run of that many samples sees them
    full = evaluate_hand("schafkopf", SHORT_HAND, 0, 0, **dict(kwargs, samples=stop.done))
    assert not full.interrupted and full.to_json()["interrupted"] is False
    for a, b in zip(sorted(partial.results, key=lambda r: r.spec.id), sorted(full.results, key=lambda r: r.spec.id)):
        assert list(a.payouts) == list(b.payouts) and list(a.levels) == list(b.levels)


def test_evaluate_hand_stopped_before_any_deal_has_no_partial():
    with pytest.raises(Interrupted) as info:
        evaluate_hand("schafkopf", SHORT_HAND, 0, 0, samples=50, seed=2, contracts=["solo-H"],
                      progress=_Recorder(50, stop_at=0))
    assert info.value.partial is None and info.value.done == 0


def _midgame_position() -> Position:
    full = random_position(random.Random(8), "schafkopf", "sauspiel", played=18)
    return full.with_deal(tuple(h if s in (0, full.state().to_move) else None for s, h in enumerate(full.deal)))


def test_analyze_position_stopped_keeps_the_deals_finished():
    pos = _midgame_position()
    with pytest.raises(Interrupted) as info:
        analyze_position(pos, samples=100, seed=4, progress=_Recorder(100, stop_at=20))
    stop = info.value
    assert stop.done == 20 and stop.partial.samples == 20 and stop.partial.to_json()["interrupted"] is True
    assert stop.partial.to_json()["value"] == analyze_position(pos, samples=20, seed=4).to_json()["value"]


class _StoppingSolver:
    """A solver that is interrupted at its ``calls``-th ``reaches``."""

    def __init__(self, calls: int) -> None:
        self.solver = Solver()
        self.calls = calls

    def reaches(self, pos, target):
        self.calls -= 1
        if self.calls < 0:
            raise KeyboardInterrupt
        return self.solver.reaches(pos, target)


def test_dd_share_stopped_keeps_the_deals_solved():
    pos = hand_position("wenz", "EU GU HU EA E10 EK GA G10", 0, 0, tout=True)
    with pytest.raises(Interrupted) as info:
        dd_share(pos, None, 100, seed=3, solver=_StoppingSolver(7))
    share = info.value.partial
    assert share.interrupted and share.samples == 7 and info.value.done == 7
    whole = dd_share(pos, None, 7, seed=3)
    assert (share.made, share.interval) == (whole.made, whole.interval) and not whole.interrupted


def test_puzzles_stopped_keep_the_puzzles_found(monkeypatch):
    verified = []
    verify = puzzle_module.verify

    def stop_at_second(p, solver=None):
        if verified:
            raise KeyboardInterrupt
        verified.append(p)
        verify(p)

    monkeypatch.setattr(puzzle_module, "verify", stop_at_second)
    with pytest.raises(Interrupted) as info:
        puzzle_module.generate("schafkopf", count=5, seed=2, tricks=3)
    assert info.value.partial == verified and str(info.value) == "interrupted after 1 of 5 puzzles"


def _sleep(seconds: float) -> float:
    time.sleep(seconds)
    return seconds


def _die(code: int) -> None:
    if code < 0:
        os.kill(os.getpid(), -code)
    os._exit(code)


def _stop_on_first(result):
    raise KeyboardInterrupt


def test_a_stopped_pool_ends_its_workers_at_once():
    pool = WorkerPool(2)
    start = time.monotonic()
    with pytest.raises(Interrupted) as info:
        run_tasks(_sleep, [(0.0,), (30.0,), (30.0,), (30.0,)], pool, _stop_on_first)
    assert time.monotonic() - start < 5
    assert info.value.results == {0: 0.0}
    processes = pool._processes_now()
    assert processes and all(p.exitcode is not None for p in processes)


def test_a_dead_worker_stops_the_run_with_one_phrase():
    with open_executor(2) as pool:
        with pytest.raises(WorkerDied) as info:
            run_tasks(_die, [(-9,)], pool)
    assert str(info.value) == "a worker process died (signal 9, SIGKILL)"
    assert isinstance(info.value, RuntimeError) and info.value.exit_status == 2
    with open_executor(2) as pool:
        with pytest.raises(WorkerDied, match=r"^a worker process died \(exit status 3\)$"):
            list(stream_tasks(_die, [(3,)], pool))


def test_stream_tasks_keeps_task_order_on_workers():
    with open_executor(2) as pool:
        assert list(stream_tasks(_sleep, [(0.05 * (i % 3),) for i in range(12)], pool, ahead=3)) == \
            [0.05 * (i % 3) for i in range(12)]


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_stops_a_long_call_in_this_process_at_once(signum):
    timer = threading.Timer(0.2, os.kill, (os.getpid(), signum))
    before = signal.getsignal(signum)
    start = time.monotonic()
    with stop_signals():
        timer.start()
        with pytest.raises(Interrupted) as info:
            interruptible(time.sleep, 30)  # a long solve: the main thread waits for it, interruptibly
    assert info.value.signum == signum and time.monotonic() - start < 5
    assert signal.getsignal(signum) is before  # restored


def test_stopped_is_one_exception_for_both_causes():
    assert issubclass(Interrupted, Stopped) and issubclass(WorkerDied, Stopped)
    assert Interrupted(signal.SIGTERM).exit_status == 143 and str(Interrupted(signal.SIGTERM)) == "terminated"


# ---------------------------------------------------------------------------
# The command line, as a real process
class Command:
    """``python -m stichfest.analysis ARGS`` in its own session, its output collected as it comes."""

    def __init__(self, args: list[str], env: dict[str, str] | None = None) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "stichfest.analysis", *args], cwd=ROOT,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                     start_new_session=True, env={**os.environ, **(env or {})})
        self.out: list[str] = []
        self.err: list[str] = []
        self.readers = [threading.Thread(target=self._read, args=(pipe, into), daemon=True)
                        for pipe, into in ((self.proc.stdout, self.out), (self.proc.stderr, self.err))]
        for t in self.readers:
            t.start()

    @staticmethod
    def _read(pipe, into: list[str]) -> None:
        for line in pipe:
            into.append(line)

    def wait_for(self, lines: list[str], pattern: str, timeout: float = 30) -> re.Match:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for line in list(lines):
                m = re.search(pattern, line)
                if m:
                    return m
            assert self.proc.poll() is None, f"ended early: {''.join(self.err)}"
            time.sleep(0.05)
        raise AssertionError(f"no {pattern!r} within {timeout} s: {''.join(self.err)}")

    def wait_cpu(self, seconds: float, timeout: float = 60) -> None:
        """Until the main process has used ``seconds`` of CPU (whatever the machine's load)."""
        ticks = os.sysconf("SC_CLK_TCK")
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            assert self.proc.poll() is None, f"ended early: {''.join(self.err)}"
            with open(f"/proc/{self.proc.pid}/stat") as f:
                stat = f.read()
            fields = stat[stat.rindex(")") + 2:].split()
            if (int(fields[11]) + int(fields[12])) / ticks >= seconds:
                return
            time.sleep(0.05)
        raise AssertionError(f"not {seconds} s of CPU within {timeout} s")

    def workers(self) -> list[int]:
        return [pid for pid, (ppid, _, _) in _processes().items() if ppid == self.proc.pid]

    def finish(self, timeout: float = 10) -> tuple[int, str, str, float]:
        """Exit status, stdout, stderr, and the seconds it took to end."""
        start = time.monotonic()
        code = self.proc.wait(timeout=timeout)
        took = time.monotonic() - start
        for t in self.readers:
            t.join(timeout=5)
        return code, "".join(self.out), "".join(self.err), took

    def left_behind(self, timeout: float = 5) -> list[int]:
        """Processes of the command still alive (its group, or its children), after ``timeout`` at most."""
        deadline = time.monotonic() + timeout
        while True:
            left = [pid for pid, (ppid, pgrp, state) in _processes().items()
                    if (pgrp == self.proc.pid or ppid == self.proc.pid) and state != "Z"]
            if not left or time.monotonic() > deadline:
                return left
            time.sleep(0.1)

    def kill(self) -> None:
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def _processes() -> dict[int, tuple[int, int, str]]:
    """pid -> (parent pid, process group, state) of every process, from /proc."""
    out = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        out[int(name)] = (int(fields[1]), int(fields[2]), fields[0])
    return out


def _stderr_lines(err: str) -> list[str]:
    """stderr without the periodic progress lines."""
    return [ln for ln in err.splitlines() if not ln.startswith("analyze: ")]


@pytest.fixture
def command():
    started: list[Command] = []

    def start(args: list[str], **env: str) -> Command:
        c = Command(args, env)
        started.append(c)
        return c

    yield start
    for c in started:
        c.kill()


needs_proc = pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="finds processes in /proc")


@needs_proc
@pytest.mark.slow
def test_ctrl_c_during_analyze_prints_the_partial_json_and_exits_130(command):
    c = command([*LONG_ANALYZE, "--json"], STICHFEST_PROGRESS_EVERY="0.3")
    c.wait_for(c.err, r"^analyze: [1-9]\d*/100000 samples, ")  # the plain progress line, off a terminal
    assert len(c.workers()) == 2
    os.killpg(c.proc.pid, signal.SIGINT)  # what a terminal's Ctrl-C does
    code, out, err, took = c.finish()
    assert code == 130 and took < 5
    assert "Traceback" not in err
    m = re.fullmatch(r"stichfest: interrupted after (\d+) of 100000 samples", "\n".join(_stderr_lines(err)))
    assert m, err
    data = json.loads(out)
    assert data["interrupted"] is True and data["samples"] == 100000
    assert [r["samples"] for r in data["contracts"]] == [int(m.group(1))] and int(m.group(1)) > 0
    assert c.left_behind() == []


@needs_proc
@pytest.mark.slow
def test_sigterm_during_analyze_prints_the_partial_table_and_exits_143(command):
    # A wide table, so that the deals column (the partial count per contract) is kept.
    c = command(LONG_ANALYZE, STICHFEST_PROGRESS_EVERY="0.3", COLUMNS="200")
    c.wait_for(c.err, r"^analyze: [1-9]\d*/100000 samples, ")
    os.kill(c.proc.pid, signal.SIGTERM)
    code, out, err, took = c.finish()
    assert code == 143 and took < 5 and "Traceback" not in err
    [line] = _stderr_lines(err)
    n = re.fullmatch(r"stichfest: terminated after (\d+) of 100000 samples", line).group(1)
    assert out.startswith(f"Partial result: terminated after {n} of 100000 samples.\n")
    assert f"\n{n} of 100000 sampled deals, seed " in out  # the header counts the deals the figures are over
    assert re.search(rf"Sauspiel (auf die )?Schellen-Sau +{n} ", out)
    assert c.left_behind() == []


@needs_proc
@pytest.mark.slow
def test_a_killed_worker_ends_analyze_with_one_error_line(command):
    c = command([*LONG_ANALYZE, "--json"], STICHFEST_PROGRESS_EVERY="0.3")
    c.wait_for(c.err, r"^analyze: [1-9]\d*/100000 samples, ")
    os.kill(c.workers()[0], signal.SIGKILL)
    code, out, err, took = c.finish()
    assert code == 2 and took < 5 and "Traceback" not in err
    [line] = _stderr_lines(err)
    assert re.fullmatch(r"stichfest: error: a worker process died \(signal 9, SIGKILL\); "
                        r"\d+ of 100000 samples done", line), line
    assert json.loads(out)["interrupted"] is True
    assert c.left_behind() == []


@needs_proc
@pytest.mark.slow
def test_workers_end_when_the_main_process_is_killed(command):
    c = command(LONG_ANALYZE, STICHFEST_PROGRESS_EVERY="0.3")
    c.wait_for(c.err, r"^analyze: [1-9]\d*/100000 samples, ")
    workers = c.workers()
    assert len(workers) == 2
    os.kill(c.proc.pid, signal.SIGKILL)
    assert c.finish()[0] == -signal.SIGKILL
    assert c.left_behind() == []


@needs_proc
@pytest.mark.slow
class _StopInStage(_Recorder):
    """A Ctrl-C once ``stop_at`` are done under the label ``stage`` (a later stage of the run)."""

    def __init__(self, total: int, stage: str, stop_at: int) -> None:
        super().__init__(total)
        self.stage, self.stage_stop = stage, stop_at

    def update(self, done=None, total=None, note=None):
        super().update(done, total, note)
        if self.label == self.stage and self.stage_stop is not None and self.done >= self.stage_stop:
            self.stage_stop = None
            raise KeyboardInterrupt


def test_single_dummy_position_analysis_stopped_keeps_the_play_outs_finished():
    # found by an independent audit: the play-outs finished were dropped
    pos = _midgame_position()
    kwargs = dict(seed=4, play="single-dummy", worlds=2)
    with pytest.raises(Interrupted) as info:
        analyze_position(pos, samples=30, progress=_Recorder(30, stop_at=7), **kwargs)
    stop = info.value
    assert stop.done == stop.partial.samples and 7 <= stop.done < 30 and stop.total == 30
    data = stop.partial.to_json()
    assert data["interrupted"] is True and data["play"] == "single-dummy"
    shorter = analyze_position(pos, samples=stop.done, **kwargs).to_json()
    assert data["value"] == shorter["value"] and data["moves"] == shorter["moves"]


def test_both_models_stopped_in_the_play_outs_keep_every_double_dummy_figure():
    pos = _midgame_position()
    progress = _StopInStage(40, "playing out sampled deals", 6)
    with pytest.raises(Interrupted) as info:
        analyze_position(pos, samples=40, seed=4, play="both", worlds=2, progress=progress)
    stop = info.value
    assert str(stop) == f"interrupted after {stop.done} of 40 single-dummy play-outs (double dummy: all done)"
    partial = stop.partial
    assert partial.interrupted and partial.samples == 40
    assert partial.to_json()["value"] == analyze_position(pos, samples=40, seed=4).to_json()["value"]
    assert partial.single_dummy.samples == stop.done and 6 <= stop.done < 40


def test_hand_analysis_stopped_in_the_play_outs_keeps_the_play_outs_finished():
    kwargs = dict(samples=30, seed=2, contracts=["solo-H", "wenz"], race=False, points=False,
                  play="single-dummy", worlds=2)
    progress = _StopInStage(30, "single-dummy play-outs", 12)
    with pytest.raises(Interrupted) as info:
        evaluate_hand("schafkopf", SHORT_HAND, 0, 0, progress=progress, **kwargs)
    stop = info.value
    partial = stop.partial
    assert stop.total == 30 * min(3, len(partial.results)) and 12 <= stop.done < stop.total
    assert str(stop).endswith("single-dummy play-outs (double dummy: all 30 samples done)")
    assert partial.interrupted and {r.samples for r in partial.results} == {30}
    played = [r.single_dummy for r in partial.results if r.single_dummy is not None]
    assert played and sum(sd.samples for sd in played) == stop.done
    full = evaluate_hand("schafkopf", SHORT_HAND, 0, 0, **kwargs)
    for row in partial.results:
        if row.single_dummy is not None:  # the first deals' play-outs, as the whole run plays them
            whole = next(r for r in full.results if r.spec.id == row.spec.id).single_dummy
            n = row.single_dummy.samples
            assert list(row.single_dummy.result.payouts) == list(whole.result.payouts[:n])


def test_ctrl_c_during_play_analysis_prints_the_partial_json(command, tmp_path):
    path = tmp_path / "position.json"
    path.write_text(json.dumps(_midgame_position().to_json()))
    c = command(["analyze", str(path), "--samples", "1000000", "--workers", "2", "--json"],
                STICHFEST_PROGRESS_EVERY="0.3")
    c.wait_for(c.err, r"^analyze: [1-9]\d*/1000000 samples, ")
    os.killpg(c.proc.pid, signal.SIGINT)
    code, out, err, took = c.finish()
    assert code == 130 and took < 5 and "Traceback" not in err
    n = int(re.fullmatch(r"stichfest: interrupted after (\d+) of 1000000 samples",
                         "\n".join(_stderr_lines(err))).group(1))
    data = json.loads(out)
    assert data["interrupted"] is True and data["samples"] == n > 0
    assert c.left_behind() == []


def _batch(n: int) -> list[str]:
    """``n`` whole Wenz deals, a tenth of a second or so each to solve."""
    cards = [str(x) for x in deck_cards("schafkopf", 4, 8)]
    rng = random.Random(1)
    lines = []
    for _ in range(n):
        rng.shuffle(cards)
        lines.append(json.dumps({"game": "schafkopf", "contract": "wenz", "declarer": 0, "leader": 0,
                                 "deal": [" ".join(cards[8 * k:8 * k + 8]) for k in range(4)], "play": []}))
    return lines


@needs_proc
@pytest.mark.slow
@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_during_a_jsonl_batch_keeps_every_finished_line_whole_and_in_order(command, tmp_path, workers):
    lines = _batch(400)
    path = tmp_path / "batch.jsonl"
    path.write_text("\n".join(lines) + "\n")
    c = command(["solve", "--jsonl", str(path), "--workers", workers])
    c.wait_for(c.out, r"^\{")
    os.killpg(c.proc.pid, signal.SIGINT)
    code, out, err, took = c.finish()
    assert code == 130 and took < 5 and "Traceback" not in err
    n = int(re.fullmatch(r"stichfest: interrupted after (\d+) of 400 lines\n", err).group(1))
    assert out.endswith("\n") and len(out.splitlines()) == n > 0
    results = [json.loads(ln) for ln in out.splitlines()]
    for line, result in list(zip(lines, results))[:3]:  # input order
        assert result["value"] == Solver().value(Position.from_json(line))
    assert c.left_behind() == []


@needs_proc
@pytest.mark.slow
def test_sigterm_during_tout_samples_prints_the_share_so_far(command):
    c = command(["tout", "--contract", "wenz", "--hand", "EU GU HU EA E10 EK GA G10", "--samples", "1000000",
                 "--json"])
    c.wait_cpu(1.5)  # past the start (half a second of CPU); the guarantee is instant, the samples take minutes
    os.kill(c.proc.pid, signal.SIGTERM)
    code, out, err, took = c.finish()
    assert code == 143 and took < 5 and "Traceback" not in err
    n = int(re.fullmatch(r"stichfest: terminated after (\d+) of 1000000 samples\n", err).group(1))
    data = json.loads(out)
    assert data["interrupted"] is True and data["samples"] == n > 0 and data["guaranteed"] is True
    assert c.left_behind() == []


@needs_proc
@pytest.mark.slow
def test_ctrl_c_during_puzzle_prints_the_puzzles_found(command):
    c = command(["puzzle", "--count", "1000", "--json"])
    c.wait_cpu(2.0)  # past the start (half a second of CPU), a few puzzles found
    os.killpg(c.proc.pid, signal.SIGINT)
    code, out, err, took = c.finish()
    assert code == 130 and took < 5 and "Traceback" not in err
    n = int(re.fullmatch(r"stichfest: interrupted after (\d+) of 1000 puzzles\n", err).group(1))
    assert len([json.loads(ln) for ln in out.splitlines()]) == n > 0


@needs_proc
@pytest.mark.slow
def test_ctrl_c_stops_a_long_solve_in_the_main_process_at_once(command):
    # One Jass deal takes many seconds to solve (in C, without the GIL); with
    # --workers 1 it runs in the command's own process, on a helper thread.
    c = command(["analyze", "--game", "jass", "--hand", "CA CK CJ C9 SA HA H10 D6 D7", "--samples", "1000",
                 "--workers", "1", "--json"])
    c.wait_cpu(1.5)  # past the start (half a second of CPU): solving
    os.killpg(c.proc.pid, signal.SIGINT)
    code, out, err, took = c.finish()
    assert code == 130 and took < 5 and "Traceback" not in err
    assert re.fullmatch(r"stichfest: interrupted after \d+ of 1000 samples\n", err)
    assert c.left_behind() == []


@needs_proc
@pytest.mark.slow
@pytest.mark.parametrize("workers", ["1", "2"])
def test_sigterm_stops_serve_during_a_long_review_job(command, workers):
    """README, "Stopping a run": SIGTERM stops any command within a second or
    so.  A Jass card judged on the player's information runs a minute on the
    page's job thread; the server's end cancels it at its next sample."""
    pytest.importorskip("uvicorn", reason="the web extra is not installed")
    import json as json_module
    import urllib.request

    from test_review import RECORDS
    c = command(["serve", "--port", "0", "--workers", workers, "--max-jobs", "1"])
    address = c.wait_for(c.out, r"serving on (http://\S+/)").group(1)
    body = json_module.dumps({"position": RECORDS["jass"][0], "information": True, "samples": 100}).encode()
    request = urllib.request.Request(address + "api/review", data=body, headers={"content-type": "application/json"})
    job = json_module.load(urllib.request.urlopen(request, timeout=10))["job"]
    deadline = time.monotonic() + 60
    while json_module.load(urllib.request.urlopen(f"{address}api/jobs/{job}", timeout=10))["status"]["label"] \
            != "reviewing (information)":
        assert time.monotonic() < deadline, "the review did not reach its information estimates"
        time.sleep(0.1)
    time.sleep(1.0)  # inside the first card's samples
    c.proc.send_signal(signal.SIGTERM)
    code, _, err, took = c.finish(timeout=20)
    assert took < 8, f"serve took {took:.1f} s to stop: {err}"
    assert not c.left_behind()
