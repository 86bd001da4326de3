"""Background work for the web page: one :class:`Job` per analysis, with an id.

A job runs its function on a worker thread of the :class:`JobManager` (the
search releases the GIL, so the event loop never waits on it); the function
gets a :class:`JobProgress`, a :class:`~stichfest.analysis.executor.ProgressBar`
that draws nothing but records how far the work is and raises
:class:`JobCancelled` at the next step once the job is cancelled.  Work
that takes no progress (a Tout guarantee, a puzzle) is bounded by its own
limits and its result is dropped when it was cancelled.

At most ``max_jobs`` jobs are unfinished at once (:class:`TooBusy` past
that, HTTP 429); finished jobs are kept ``keep_seconds`` for their result,
then dropped.
"""
from __future__ import annotations

import re
import threading
import time
import uuid
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from stichfest.analysis.errors import USER_ERRORS, one_line
from stichfest.analysis.executor import ProgressBar


def page_words(message: str) -> str:
    """A library message as the page says it: on one line, and a command
    line's ``--rule KEY=VALUE`` named by the page's Rules field."""
    return re.sub(r"--rule (\S+)", r"\1 in Rules", one_line(message))


class JobCancelled(Exception):
    """Raised inside a job's work once the job is cancelled."""


class TooBusy(Exception):
    """Too many unfinished jobs; the message is one line."""


class JobProgress(ProgressBar):
    """Progress of one job: counted, never drawn; a cancelled job stops at its next step."""

    def __init__(self, cancelled: threading.Event) -> None:
        super().__init__("", 1, delay=0.0)
        self.enabled = False
        self.cancelled = cancelled

    def update(self, done: int | None = None, total: int | None = None, note: str | None = None) -> None:
        self.check()
        super().update(done, total, note)

    def check(self) -> None:
        if self.cancelled.is_set():
            raise JobCancelled()

    def _draw(self) -> None:
        """The page draws it (from :meth:`Job.status`), not a terminal."""

    def close(self) -> None:
        pass


@dataclass
class Job:
    id: str
    kind: str
    progress: JobProgress
    cancelled: threading.Event
    state: str = "running"  # running, done, error, cancelled
    result: Any = None  # what the work returned (kept for e.g. the plot)
    error: str | None = None
    finished_at: float | None = None
    future: Future[Any] | None = field(default=None, repr=False)

    def status(self) -> dict[str, Any]:
        p = self.progress
        return {"id": self.id, "kind": self.kind, "state": self.state, "done": p.done, "total": p.total,
                "label": p.label, "note": p.note, "error": self.error}


class JobManager:
    """Jobs by id, run on a small thread pool."""

    def __init__(self, max_jobs: int = 2, keep_seconds: float = 600.0) -> None:
        self.max_jobs = max_jobs
        self.keep_seconds = keep_seconds
        self._jobs: dict[str, Job] = {}
        self._lock = threading.Lock()
        self._pool = ThreadPoolExecutor(max_workers=max_jobs, thread_name_prefix="stichfest-job")

    def submit(self, kind: str, work: Callable[[JobProgress], Any]) -> Job:
        """Start ``work(progress)`` as a new job; :class:`TooBusy` when the limit is reached."""
        with self._lock:
            self._sweep()
            running = sum(j.state == "running" for j in self._jobs.values())
            if running >= self.max_jobs:
                raise TooBusy(f"{running} {'analysis is' if running == 1 else 'analyses are'} running "
                              f"(at most {self.max_jobs}); wait for one or cancel it")
            cancelled = threading.Event()
            job = Job(uuid.uuid4().hex[:16], kind, JobProgress(cancelled), cancelled)
            self._jobs[job.id] = job
        job.future = self._pool.submit(self._run, job, work)
        return job

    def _run(self, job: Job, work: Callable[[JobProgress], Any]) -> None:
        try:
            result = work(job.progress)
        except JobCancelled:
            self._finish(job, "cancelled", None, None)
        except USER_ERRORS as e:
            self._finish(job, "error", None, page_words(str(e)))
        except Exception as e:  # a bug: the page says so on one line, the server goes on
            self._finish(job, "error", None, one_line(f"internal error: {type(e).__name__}: {e}"))
        else:
            if job.cancelled.is_set():
                self._finish(job, "cancelled", None, None)
            else:
                self._finish(job, "done", result, None)

    def _finish(self, job: Job, state: str, result: Any, error: str | None) -> None:
        with self._lock:
            job.state, job.result, job.error = state, result, error
            job.finished_at = time.monotonic()

    def get(self, job_id: str) -> Job | None:
        with self._lock:
            self._sweep()
            return self._jobs.get(job_id)

    def cancel(self, job_id: str) -> Job | None:
        """Ask the job to stop; a finished job is dropped."""
        with self._lock:
            job = self._jobs.get(job_id)
            if job is None:
                return None
            job.cancelled.set()
            if job.state != "running":
                del self._jobs[job_id]
            return job

    def running(self) -> int:
        with self._lock:
            return sum(j.state == "running" for j in self._jobs.values())

    def _sweep(self) -> None:
        now = time.monotonic()
        for job_id in [j.id for j in self._jobs.values()
                       if j.finished_at is not None and now - j.finished_at > self.keep_seconds]:
            del self._jobs[job_id]

    def shutdown(self) -> None:
        with self._lock:
            for job in self._jobs.values():
                job.cancelled.set()
        self._pool.shutdown(wait=False, cancel_futures=True)
