"""``stichfest solve``: the exact value of a position, each legal card's
value and one optimal line.  Wraps :meth:`stichfest.Solver.solve`."""
from __future__ import annotations

import json
from collections.abc import Iterator
from concurrent.futures import Executor

import click

from stichfest import Position, Solver
from stichfest.analysis.errors import USER_ERRORS, InputError, one_line
from stichfest.analysis.executor import (
    ProgressBar,
    Stopped,
    interruptible,
    open_executor,
    stopped,
    stream_tasks,
)
from stichfest.search import default_solver

from ._io import BatchOutput, decode_line, read_lines, read_text, refuse_unused, user_errors
from .text import render_solve


def _solve_line(line: bytes, pv: bool = True) -> str:
    """Solve one JSONL line; a bad line becomes ``{"error": ...}``, never an exception.
    Without ``pv`` the line of play is neither computed nor printed (``"pv": []``)."""
    try:
        pos = Position.from_json(decode_line(line))
        return json.dumps(default_solver().solve(pos, pv=pv).to_json(), ensure_ascii=False)
    except USER_ERRORS as e:
        return json.dumps({"error": one_line(e)}, ensure_ascii=False)


def _solve_lines(lines: list[bytes], pv: bool = True) -> list[str]:
    return [_solve_line(line, pv) for line in lines]


#: Lines per task of a ``--jsonl`` batch on workers (a stopped batch keeps the lines of finished tasks).
BATCH_CHUNK = 8


def _solve_batch(lines: list[bytes], executor: Executor | None, pv: bool = True) -> Iterator[str]:
    """Results in input order, streamed as they come."""
    if executor is None:
        yield from stream_tasks(_solve_line, [(line, pv) for line in lines], None)
        return
    chunks = [(lines[a:a + BATCH_CHUNK], pv) for a in range(0, len(lines), BATCH_CHUNK)]
    for out in stream_tasks(_solve_lines, chunks, executor):
        yield from out


def prove_schwarz(solver: Solver, pos: Position, value: int) -> bool | None:
    """Whether the side that may be Schwarz (takes no trick) is so under best
    play, proved by the solver; None where Schwarz does not arise.

    Schafkopf party contracts only (a Tout counts tricks itself, Ramsch has
    no Schwarz here).  Card points cannot tell: 120 may leave the defenders a
    0-point trick.  So with ``value`` 120 one ``reaches`` query on the
    trick-count form (:meth:`Position.as_trick_count`) asks whether the
    declarers can force every trick; with 0 whether they can force one.
    That is exact: the Schwarz the declarers can force is also optimal for
    points (every trick is every point), and so is the one they suffer."""
    if pos.game != "schafkopf" or pos.tout or pos.kind.against_all or value not in (0, 120):
        return None
    tricks = pos.as_trick_count()
    if value == 120:
        return solver.reaches(tricks, pos.n_tricks)
    return not solver.reaches(tricks, 1)


@click.command()
@click.argument("source", default="-", metavar="FILE")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option("--jsonl", is_flag=True, help="Read one position per line, print one result per line.")
@click.option("--workers", type=click.IntRange(1, 256), default=1, show_default=True,
              help="Processes for --jsonl batches (results stay in input order).")
@click.option("--no-pv", is_flag=True, help="Skip the line of play (faster; also in --jsonl batches, where \"pv\" is []).")
@click.pass_context
@user_errors
def solve(ctx: click.Context, source: str, as_json: bool, jsonl: bool, workers: int, no_pv: bool) -> None:
    """Solve a position exactly (FILE, or - for stdin).

    Prints the hands, the value under optimal play and what it means, each
    legal card's value and one optimal line of play.  Schafkopf: Schwarz
    (a party takes no trick) is said only when the solver proves the
    declarers can take every trick (or the defenders every trick).
    """
    if jsonl and as_json:
        raise InputError("--json prints one object for one position; --jsonl prints one for each line")
    if not jsonl:
        refuse_unused(ctx, {"workers": "--workers"}, "applies to --jsonl batches (one position is one search)")
    if jsonl:
        numbers, lines = read_lines(source)
        batch = BatchOutput(numbers)
        try:
            with open_executor(workers) as executor:
                for out in _solve_batch(lines, executor, pv=not no_pv):
                    batch.echo(out)
        except (KeyboardInterrupt, Stopped) as e:
            raise stopped(e, None, batch.done, len(lines), "lines") from None
        batch.finish()
        return
    pos = Position.from_json(read_text(source))
    solver = Solver()
    progress = ProgressBar("solve", 1, unit="steps")  # a Jass solve may take seconds
    progress.start_ticking()
    try:
        result = interruptible(solver.solve, pos, pv=not no_pv, progress=progress.update)
    finally:
        progress.close()
    if as_json:
        click.echo(json.dumps(result.to_json(), ensure_ascii=False))
        return
    click.echo(render_solve(pos, result, schwarz=prove_schwarz(solver, pos, result.value)))
