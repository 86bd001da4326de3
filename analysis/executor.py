"""Running analysis work: in this process, on local worker processes, or on
any :class:`concurrent.futures.Executor` (a Dask cluster with ``--scheduler``).

Work is cut into tasks by the caller in a way that does not depend on the
number of workers; results come back in task order, so the numbers are the
same whoever computed them.  Each worker thread keeps one
:class:`~stichfest.Solver` (it owns a transposition table and is not
thread-safe).

Stopping early
--------------
A run can stop before its end: Ctrl-C (SIGINT), SIGTERM, or a worker
process that dies (killed, out of memory).  Every function here that runs
tasks then raises a :class:`Stopped`: :class:`Interrupted` (a
``KeyboardInterrupt``) for a signal, :class:`WorkerDied` (a
``RuntimeError``) for a lost worker.  The analysis functions built on them
(``evaluate_hand``, ``analyze_position``, ``dd_share``, puzzle
``generate``) catch it, put what they finished into
:attr:`Stopped.partial` (a result of their usual type, marked
``interrupted``) and raise it on; :func:`stopped` does that in one call.
Local workers (:class:`WorkerPool`) ignore SIGINT, are terminated by the
parent when the run stops, and end themselves when the parent dies.
Front ends call :func:`stop_signals` once (the command line does), so that
SIGTERM stops a run the way Ctrl-C does.
"""
from __future__ import annotations

import os
import queue
import signal
import sys
import threading
import time
import weakref
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import (
    FIRST_COMPLETED,
    Executor,
    Future,
    InvalidStateError,
    ProcessPoolExecutor,
    wait,
)
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from types import FrameType
from typing import Any, TextIO

from stichfest.search import default_solver

from .errors import InputError

#: This thread's solver, created on first use and kept for later tasks.
worker_solver = default_solver


def available_cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


# ---------------------------------------------------------------------------
# Runs that stop early
class Stopped(BaseException):
    """A run stopped before its end (see the module docstring).

    ``partial`` is the result of what was finished (of the type the stopped
    function returns, marked ``interrupted``), or None when nothing was;
    ``done`` of ``total`` ``unit`` were finished when known.  ``results``
    holds the finished tasks' results by task index (:func:`run_tasks`).
    ``exit_status`` is the command line's."""

    exit_status = 2

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason
        self.partial: Any = None
        self.done: int | None = None
        self.total: int | None = None
        self.unit = "samples"
        self.results: dict[int, Any] = {}

    def _count(self) -> str:
        return "" if self.done is None or self.total is None else f"{self.done} of {self.total} {self.unit}"

    def __str__(self) -> str:
        count = self._count()
        return f"{self.reason}; {count} done" if count else self.reason


class Interrupted(Stopped, KeyboardInterrupt):
    """Stopped by a signal: Ctrl-C (SIGINT) or SIGTERM (``signum``); exit status 128 + signum."""

    def __init__(self, signum: int = signal.SIGINT) -> None:
        super().__init__("terminated" if signum == signal.SIGTERM else "interrupted")
        self.signum = signum
        self.exit_status = 128 + signum

    def __str__(self) -> str:
        count = self._count()
        return f"{self.reason} after {count}" if count else self.reason


class WorkerDied(Stopped, RuntimeError):
    """A worker process died (killed, out of memory) and its task was lost."""


def stopped(e: BaseException, partial: Any = None, done: int | None = None, total: int | None = None,
            unit: str = "samples") -> Stopped:
    """``e`` (a :class:`Stopped`, or a plain ``KeyboardInterrupt`` made an
    :class:`Interrupted`) carrying ``partial`` and the count of what was done::

        except (KeyboardInterrupt, Stopped) as e:
            raise stopped(e, partial_result, done, total) from None
    """
    stop = e if isinstance(e, Stopped) else Interrupted(signal.SIGINT)
    stop.partial = partial
    stop.done, stop.total, stop.unit = done, total, unit
    return stop


def first_rows(chunks: Mapping[int, list[Any]]) -> list[Any]:
    """The rows of tasks 0, 1, ... up to the first task not finished (all of
    them when every task finished; ``chunks``: task index -> its rows, as
    :func:`run_tasks`'s ``on_task`` collects them): a stopped run's figures
    are those of the deals from the first on, the same as a shorter run
    would give."""
    rows: list[Any] = []
    i = 0
    while i in chunks:
        rows += chunks[i]
        i += 1
    return rows


def _as_stop(e: BaseException, executor: Executor | None) -> Stopped | None:
    """The :class:`Stopped` that exception ``e`` of a run means, if any."""
    if isinstance(e, Stopped):
        return e
    if isinstance(e, KeyboardInterrupt):
        return Interrupted(signal.SIGINT)
    if isinstance(e, BrokenProcessPool):
        return WorkerDied(executor.lost_worker() if isinstance(executor, WorkerPool)
                          else "a worker process died")
    if type(e).__name__ == "KilledWorker":  # Dask gave up on a task after its workers died
        return WorkerDied("a Dask worker died (the task was retried and lost again)")
    return None


# ---------------------------------------------------------------------------
# Signals
class _SignalState:
    installed = False  # inside stop_signals
    deferring = 0  # depth of signals_deferred
    pending = 0  # a signal deferred
    stopping = False  # a signal was raised: the next one ends the process


_state = _SignalState()


def _on_signal(signum: int, frame: FrameType | None) -> None:
    if _state.deferring:  # inside signals_deferred: deliver at its end
        _state.pending = _state.pending or signum
        return
    if _state.stopping:  # asked again while stopping: stop at once
        for pool in list(_pools):
            pool.kill()
        try:
            os.write(2, (b"\n" if os.isatty(2) else b"") + b"stichfest: stopped at once (signalled twice)\n")
        except OSError:
            pass
        os._exit(128 + signum)
    _state.stopping = True
    raise Interrupted(signum)


@contextmanager
def stop_signals() -> Iterator[None]:
    """While inside, SIGINT and SIGTERM raise :class:`Interrupted` (with
    the signal's number) in the main thread; a second one while the first
    is being handled ends the process at once (exit status 128 + signum),
    killing the local workers.  Only from the main thread; elsewhere a no-op."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old = {s: signal.signal(s, _on_signal) for s in (signal.SIGINT, signal.SIGTERM)}
    was_installed, _state.installed = _state.installed, True
    try:
        yield
    finally:
        for s, handler in old.items():
            signal.signal(s, handler)
        _state.installed = was_installed
        _state.deferring, _state.pending, _state.stopping = 0, 0, False


@contextmanager
def signals_deferred() -> Iterator[None]:
    """A signal of :func:`stop_signals` arriving inside is raised at its end
    (when the block ends normally): output written inside is written whole."""
    _state.deferring += 1
    try:
        yield
    finally:
        _state.deferring -= 1
    if not _state.deferring and _state.pending:
        signum, _state.pending = _state.pending, 0
        _state.stopping = True
        raise Interrupted(signum)


class _Helper:
    """One daemon thread that runs work for the main thread while the main
    thread waits for it: a signal is then handled at once, even during a
    long solve (the solver releases the GIL), and the work is abandoned."""

    def __init__(self) -> None:
        self.jobs: queue.SimpleQueue[tuple[Future[Any], Callable[..., Any], tuple[Any, ...], dict[str, Any]]] \
            | None = None

    def call(self, fn: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        if self.jobs is None:
            self.jobs = queue.SimpleQueue()
            threading.Thread(target=self._run, args=(self.jobs,), name="stichfest-work", daemon=True).start()
        future: Future[Any] = Future()
        self.jobs.put((future, fn, args, kwargs))
        try:
            return future.result()
        except BaseException:
            if not future.done():  # abandoned: a later call gets a thread of its own
                self.jobs = None
            raise

    @staticmethod
    def _run(jobs: queue.SimpleQueue[tuple[Future[Any], Callable[..., Any], tuple[Any, ...], dict[str, Any]]]
             ) -> None:
        while True:
            future, fn, args, kwargs = jobs.get()
            try:
                future.set_result(fn(*args, **kwargs))
            except BaseException as e:
                future.set_exception(e)


_helper = _Helper()


def interruptible(fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Any:
    """``fn(*args, **kwargs)``; inside :func:`stop_signals`, on a helper
    thread while the main thread waits, so that Ctrl-C or SIGTERM stops the
    run at once even during a long solve (the call is abandoned: it must
    not share state the caller goes on using).  Elsewhere a plain call."""
    if not _state.installed or threading.current_thread() is not threading.main_thread():
        return fn(*args, **kwargs)
    return _helper.call(fn, args, kwargs)


# ---------------------------------------------------------------------------
# Local worker processes
_pools: weakref.WeakSet[WorkerPool] = weakref.WeakSet()


def _worker_init() -> None:
    """In each worker: Ctrl-C is the parent's business (it terminates the
    workers), SIGTERM ends the worker, and the worker ends itself when the
    parent dies (even by SIGKILL)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    parent = os.getppid()
    if parent == 1:  # the parent is gone already
        os._exit(1)
    threading.Thread(target=_watch_parent, args=(parent,), name="stichfest-parent-watch", daemon=True).start()


def _watch_parent(parent: int, every: float = 0.5) -> None:
    """End this process when its parent has died (it is re-parented).  The
    solver releases the GIL while searching, so this thread runs on time."""
    while os.getppid() == parent:
        time.sleep(every)
    os._exit(1)


class WorkerPool(ProcessPoolExecutor):
    """Local worker processes that stop with the run.

    Workers ignore SIGINT and end when the parent dies (see
    :func:`_worker_init`); :meth:`terminate` ends them at once, without
    waiting for their tasks.  A dead worker makes the pool unusable (its
    futures raise ``BrokenProcessPool``; :meth:`lost_worker` says what
    happened).  Futures may be cancelled safely even when the pool breaks
    later (Python 3.11's pool would fail on them)."""

    def __init__(self, workers: int) -> None:
        super().__init__(max_workers=workers, initializer=_worker_init)
        self.workers = workers
        self._seen: dict[int, Any] = {}  # pid -> multiprocessing.Process, every worker started
        _pools.add(self)

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future = super().submit(fn, *args, **kwargs)
        self._seen.update(self._processes or {})
        set_exception = future.set_exception

        def guarded(exception: BaseException | None) -> None:
            try:
                set_exception(exception)
            except InvalidStateError:  # cancelled: the pool broke after the cancel
                pass

        future.set_exception = guarded  # type: ignore[method-assign]
        return future

    def _processes_now(self) -> list[Any]:
        self._seen.update(self._processes or {})
        return list(self._seen.values())

    def terminate(self) -> None:
        """End every worker now (SIGTERM, then SIGKILL after a moment); pending
        tasks fail with ``BrokenProcessPool``."""
        processes = self._processes_now()
        for p in processes:
            if p.exitcode is None:
                p.terminate()
        manager: threading.Thread | None = getattr(self, "_executor_manager_thread", None)
        self.shutdown(wait=False, cancel_futures=True)
        if manager is not None:
            manager.join(timeout=5)
        for p in processes:
            p.join(timeout=2)
            if p.exitcode is None:
                p.kill()
                p.join(timeout=1)

    def kill(self) -> None:
        """SIGKILL every worker (for a hurried exit; no cleanup)."""
        for p in self._processes_now():
            if p.exitcode is None:
                p.kill()

    def lost_worker(self) -> str:
        """What happened to the worker that died, in one phrase."""
        processes = self._processes_now()
        deadline = time.monotonic() + 1.0
        while True:
            codes = [p.exitcode for p in processes]
            died = [c for c in codes if c not in (None, 0, -signal.SIGTERM)]
            if died or time.monotonic() > deadline:
                break
            time.sleep(0.02)
        code = died[0] if died else (-signal.SIGTERM if -signal.SIGTERM in codes else None)
        if code is None:
            return "a worker process died"
        if code < 0:
            try:
                name = f", {signal.Signals(-code).name}"
            except ValueError:
                name = ""
            return f"a worker process died (signal {-code}{name})"
        return f"a worker process died (exit status {code})"


def _abandon(executor: Executor, futures: Iterable[Future[Any]], stop: bool) -> None:
    """Leave the tasks not finished: a stopped run ends a :class:`WorkerPool`'s
    workers, otherwise the pending tasks are cancelled."""
    if stop and isinstance(executor, WorkerPool):
        executor.terminate()
        return
    for f in futures:
        f.cancel()


# ---------------------------------------------------------------------------
# Running tasks
#: How often run_tasks() asks its ``poll`` while tasks run elsewhere.
POLL_SECONDS = 0.25

def run_tasks(fn: Callable[..., Any], tasks: Sequence[tuple[Any, ...]], executor: Executor | None,
              on_result: Callable[[Any], None] | None = None, *,
              on_task: Callable[[int, Any], None] | None = None,
              poll: Callable[[], None] | None = None) -> list[Any]:
    """``[fn(*task) for task in tasks]``, on ``executor`` if given.

    ``on_result`` sees each result as it arrives (for progress), ``on_task``
    the task's index and its result; the list returned is in task order.
    ``poll`` is called every :data:`POLL_SECONDS` while the tasks run on an
    executor (a page's job raises there once cancelled: a task may run for
    minutes); what it raises ends the run as any error does.
    Without an executor the tasks run :func:`interruptible`.
    A :class:`WorkerPool` gets a few tasks per worker at a time (so that a
    stop is quick however many tasks there are), another executor all at
    once.  A stop (Ctrl-C, SIGTERM, a dead worker) raises :class:`Stopped`
    with the finished tasks' results in :attr:`Stopped.results`
    (``on_task`` has seen them too); a :class:`WorkerPool`'s workers are
    ended first."""
    results: dict[int, Any] = {}

    def take(i: int, result: Any) -> None:
        results[i] = result
        if on_task:
            on_task(i, result)
        if on_result:
            on_result(result)

    order: dict[Future[Any], int] = {}  # every future submitted -> its task
    pending: set[Future[Any]] = set()
    try:
        if executor is None:
            for i, task in enumerate(tasks):
                take(i, interruptible(fn, *task))
        else:
            todo = iter(enumerate(tasks))

            def submit_next() -> None:
                for i, task in todo:
                    f = executor.submit(fn, *task)
                    order[f] = i
                    pending.add(f)
                    return

            for _ in range(4 * executor.workers if isinstance(executor, WorkerPool) else len(tasks)):
                submit_next()
            while pending:
                finished, _ = wait(pending, timeout=POLL_SECONDS if poll else None, return_when=FIRST_COMPLETED)
                if poll:
                    poll()
                for f in sorted(finished, key=order.__getitem__):
                    pending.discard(f)
                    take(order[f], f.result())
                    submit_next()
    except BaseException as e:
        stop = _as_stop(e, executor)
        if executor is not None:
            _abandon(executor, pending, stop is not None)
        if stop is None:
            raise
        for f, i in order.items():  # finished, but not yet seen
            if i not in results and f.done() and not f.cancelled() and f.exception() is None:
                take(i, f.result())
        stop.results = results
        raise stop from None
    return [results[i] for i in range(len(tasks))]


def stream_tasks(fn: Callable[..., Any], tasks: Iterable[tuple[Any, ...]], executor: Executor | None,
                 ahead: int | None = None) -> Iterator[Any]:
    """``fn(*task)`` for each task, yielded in task order as soon as it and
    every task before it are done, with at most ``ahead`` tasks in flight
    (default: four per worker).  A stop raises :class:`Stopped` (``done``:
    the results yielded), after ending a :class:`WorkerPool`'s workers."""
    done = 0
    if executor is None:
        try:
            for task in tasks:
                result = interruptible(fn, *task)
                yield result
                done += 1
        except (KeyboardInterrupt, Stopped) as e:
            raise stopped(e, None, done, None, "tasks") from None
        return
    if ahead is None:
        ahead = 4 * executor.workers if isinstance(executor, WorkerPool) else 64
    pending: deque[Future[Any]] = deque()
    todo = iter(tasks)
    try:
        for task in todo:
            pending.append(executor.submit(fn, *task))
            if len(pending) >= ahead:
                break
        while pending:
            result = pending.popleft().result()
            for task in todo:
                pending.append(executor.submit(fn, *task))
                break
            yield result
            done += 1
    except BaseException as e:
        stop = _as_stop(e, executor) if not isinstance(e, GeneratorExit) else None
        _abandon(executor, pending, stop is not None)
        if stop is None:
            raise
        raise stopped(stop, None, done, None, "tasks") from None


@contextmanager
def open_executor(workers: int, scheduler: str | None = None) -> Iterator[Executor | None]:
    """An executor for ``workers`` local processes (a :class:`WorkerPool`;
    None: run in this process), or for the Dask cluster at ``scheduler``
    (needs the ``dask`` extra).  On the way out, an exception (Ctrl-C, a
    stop) ends the local workers at once instead of waiting for them."""
    if scheduler:
        try:
            from distributed import Client
        except ImportError:
            raise InputError("scheduler needs the optional Dask extra: pip install -e \".[dask]\" "
                             "(in the stichfest folder)",
                             param="scheduler") from None
        try:
            client = Client(scheduler, timeout=10)
        except (OSError, TimeoutError, ValueError) as e:
            raise InputError(f"cannot reach the Dask scheduler at {scheduler}: {e}") from None
        try:
            yield client.get_executor()
        finally:
            client.close()
        return
    if workers <= 1:
        yield None
        return
    pool = WorkerPool(workers)
    try:
        yield pool
    except BaseException:
        pool.terminate()
        raise
    pool.shutdown(wait=True)


def _seconds(text: str | None, default: float) -> float:
    """``text`` as a positive number of seconds, else ``default``."""
    try:
        value = float(text) if text else default
    except ValueError:
        return default
    return value if value > 0 else default


class ProgressBar:
    """Progress on stderr for work that takes more than a moment, counted in
    ``unit`` (samples): ``done`` of ``total``, with an optional ``note``.

    On a terminal, a one-line bar redrawn in place, from ``delay`` seconds
    on.  Elsewhere (a pipe, a log file) a plain line every ``every``
    seconds (default: ``$STICHFEST_PROGRESS_EVERY``, else 10), e.g.
    ``analyze: 340/1000 samples, 12 s``, when there is progress to show; a
    short run writes nothing."""

    def __init__(self, label: str, total: int, stream: TextIO | None = None, delay: float = 0.7, *,
                 unit: str = "samples", every: float | None = None) -> None:
        if every is None:
            every = _seconds(os.environ.get("STICHFEST_PROGRESS_EVERY"), 10.0)
        self.label = label
        self.total = max(1, total)
        self.done = 0
        self.unit = unit
        self.note = ""
        self.stream: TextIO | None = stream if stream is not None else sys.stderr  # None: stderr closed
        self.start = time.monotonic()
        self.delay = delay
        self.every = every
        self.enabled = bool(getattr(self.stream, "isatty", lambda: False)())  # the bar (a terminal)
        self.drawn = False
        self.closed = False
        self.last_draw = 0.0
        self.next_line = every  # elapsed seconds of the next plain line
        self.width = 0  # of the line drawn last, to blank out its tail
        self._lock = threading.RLock()  # the ticker and the work may draw at once

    def start_ticking(self, every: float = 0.25) -> None:
        """On a terminal, redraw every ``every`` seconds until closed, so that
        the elapsed time moves on during a long step (a Jass value may take
        seconds) rather than only when the count does."""
        if not self.enabled:
            return

        def tick() -> None:
            while not self.closed:
                time.sleep(every)
                self._draw()

        threading.Thread(target=tick, name="stichfest-progress", daemon=True).start()

    def update(self, done: int | None = None, total: int | None = None, note: str | None = None) -> None:
        """Set the count done, the total planned and the note (None: unchanged)."""
        if total is not None:
            self.total = max(1, total)
        if done is not None:
            self.done = done
        self.done = min(self.total, self.done)
        if note is not None:
            self.note = note
        self._draw()

    def relabel(self, label: str, total: int | None = None, done: int | None = None) -> None:
        """A new label, and optionally a new total (work planned) and count done."""
        self.label = label
        self.update(done, total)

    def advance(self, n: int = 1) -> None:
        self.update(self.done + n)

    def check(self) -> None:
        """Called while waiting on work that shows no progress of its own:
        a bar that can be cancelled (the page's jobs) raises there."""

    def nested(self, prefix: str, unit: str = "samples") -> NestedProgress:
        """A bar for one step of this one's work: its counts appear here as
        the note (``prefix: 40/100 samples``), so that a long step shows
        how far it is, and a cancelled bar stops it at its next count."""
        return NestedProgress(self, prefix, unit)

    def _draw(self) -> None:
        with self._lock:
            self._draw_now()

    def _draw_now(self) -> None:
        if self.stream is None or self.closed:  # nowhere to draw, or drawn for the last time
            return
        now = time.monotonic()
        elapsed = now - self.start
        note = f", {self.note}" if self.note else ""
        if not self.enabled:
            if elapsed >= self.next_line:
                self.next_line = (elapsed // self.every + 1) * self.every
                self._write(f"{self.label}: {self.done}/{self.total} {self.unit}{note}, {elapsed:.0f} s\n")
            return
        if elapsed < self.delay or now - self.last_draw < 0.1:
            return
        self.last_draw = now
        width = 30
        filled = width * self.done // self.total
        text = (f"{self.label} [{'#' * filled}{'-' * (width - filled)}] {self.done}/{self.total} "
                f"{self.unit}{note}  {elapsed:5.1f}s")
        self._write("\r" + text.ljust(self.width))
        self.width = len(text)
        self.drawn = True

    def _write(self, text: str) -> None:
        """Write to the stream; one that fails (stderr closed: ``2>&-``) is dropped, not the work."""
        if self.stream is None:
            return
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):
            self.stream = None

    def close(self) -> None:
        """End the bar; later updates (a solve abandoned on Ctrl-C may still send one) draw nothing."""
        with self._lock:
            if self.drawn and not self.closed:
                self.last_draw = 0.0  # show where the work ended
                self._draw_now()
                self._write("\n")
            self.closed = True


class NestedProgress(ProgressBar):
    """The counts of one step of another bar's work, shown as that bar's
    note (:meth:`ProgressBar.nested`); it draws nothing itself."""

    def __init__(self, parent: ProgressBar, prefix: str, unit: str) -> None:
        super().__init__("", 1, stream=parent.stream, delay=0.0, unit=unit)
        self.enabled = False
        self.parent = parent
        self.prefix = prefix

    def _draw(self) -> None:
        """Drawn as the parent's note (the parent draws, and a cancelled page job raises there)."""
        self.parent.update(note=f"{self.prefix}: {self.done}/{self.total} {self.unit}")

    def check(self) -> None:
        self.parent.check()

    def close(self) -> None:
        """The step is over: the parent's note is cleared."""
        self.parent.update(note="")
