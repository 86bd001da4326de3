"""Running analysis work: in this process, on local worker processes, or on
any :class:`concurrent.futures.Executor` (a Dask cluster with ``--scheduler``).

Work is cut into tasks by the caller in a way that does not depend on the
number of workers; results come back in task order, so the numbers are the
same whoever computed them.  Each worker thread keeps one
:class:`~stichfest.Solver` (it owns a transposition table and is not
thread-safe).
"""
from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from contextlib import contextmanager
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


def run_tasks(fn: Callable[..., Any], tasks: Sequence[tuple[Any, ...]], executor: Executor | None,
              on_result: Callable[[Any], None] | None = None) -> list[Any]:
    """``[fn(*task) for task in tasks]``, on ``executor`` if given.

    ``on_result`` sees each result as it arrives (for progress); the list
    returned is in task order."""
    if executor is None:
        results: list[Any] = []
        for task in tasks:
            results.append(fn(*task))
            if on_result:
                on_result(results[-1])
        return results
    futures = [executor.submit(fn, *task) for task in tasks]
    order = {f: i for i, f in enumerate(futures)}
    results = [None] * len(futures)
    try:
        for f in as_completed(futures):
            results[order[f]] = f.result()
            if on_result:
                on_result(results[order[f]])
    except BaseException:
        for f in futures:
            f.cancel()
        raise
    return results


@contextmanager
def open_executor(workers: int, scheduler: str | None = None) -> Iterator[Executor | None]:
    """An executor for ``workers`` local processes (None: run in this process),
    or for the Dask cluster at ``scheduler`` (needs the ``dask`` extra)."""
    if scheduler:
        try:
            from distributed import Client
        except ImportError:
            raise InputError("scheduler needs the optional Dask extra: pip install 'stichfest[dask]'",
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
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield pool


class ProgressBar:
    """A one-line progress bar on stderr for work that takes more than a moment.

    Nothing is drawn before ``delay`` seconds have passed, nor when the
    stream is not a terminal (pipes and logs stay clean)."""

    def __init__(self, label: str, total: int, stream: TextIO | None = None, delay: float = 0.7) -> None:
        self.label = label
        self.total = max(1, total)
        self.done = 0
        self.stream = stream if stream is not None else sys.stderr
        self.start = time.monotonic()
        self.delay = delay
        self.enabled = bool(getattr(self.stream, "isatty", lambda: False)())
        self.drawn = False
        self.last_draw = 0.0
        self.width = 0  # of the line drawn last, to blank out its tail

    def relabel(self, label: str, total: int | None = None, done: int | None = None) -> None:
        """A new label, and optionally a new total (work planned) and count done."""
        self.label = label
        if total is not None:
            self.total = max(1, total)
        if done is not None:
            self.done = done
        self._draw()

    def advance(self, n: int = 1) -> None:
        self.done = min(self.total, self.done + n)
        self._draw()

    def _draw(self) -> None:
        now = time.monotonic()
        elapsed = now - self.start
        if not self.enabled or elapsed < self.delay or now - self.last_draw < 0.1:
            return
        self.last_draw = now
        width = 30
        filled = width * self.done // self.total
        text = f"{self.label} [{'#' * filled}{'-' * (width - filled)}] {self.done}/{self.total}  {elapsed:5.1f}s"
        self.stream.write("\r" + text.ljust(self.width))
        self.stream.flush()
        self.width = len(text)
        self.drawn = True

    def close(self) -> None:
        if self.drawn:
            self.last_draw = 0.0  # show where the work ended
            self._draw()
            self.stream.write("\n")
            self.stream.flush()
