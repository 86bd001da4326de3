"""``stichfest solve``: the exact value of a position, each legal card's
value and one optimal line.  Wraps :meth:`stichfest.Solver.solve`."""
from __future__ import annotations

import json
from collections.abc import Iterable

import click

from stichfest import Position, Solver
from stichfest.analysis.errors import USER_ERRORS
from stichfest.analysis.executor import open_executor
from stichfest.search import default_solver

from ._io import fail, read_text, user_errors
from .text import render_solve


def _solve_line(line: str) -> str:
    """Solve one JSONL line; a bad line becomes ``{"error": ...}``, never an exception."""
    try:
        pos = Position.from_json(line)
        return json.dumps(default_solver().solve(pos).to_json(), ensure_ascii=False)
    except USER_ERRORS as e:
        return json.dumps({"error": str(e)}, ensure_ascii=False)


def _solve_batch(lines: list[str], workers: int) -> Iterable[str]:
    """Results in input order, streamed as they come; the pool is shut down after."""
    with open_executor(workers) as executor:
        if executor is None:
            yield from map(_solve_line, lines)
        else:
            yield from executor.map(_solve_line, lines, chunksize=16)


@click.command()
@click.argument("source", default="-", metavar="FILE")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option("--jsonl", is_flag=True, help="Read one position per line, print one result per line.")
@click.option("--workers", type=click.IntRange(1, 256), default=1, show_default=True,
              help="Processes for --jsonl batches (results stay in input order).")
@click.option("--no-pv", is_flag=True, help="Skip the line of play (faster).")
@user_errors
def solve(source: str, as_json: bool, jsonl: bool, workers: int, no_pv: bool) -> None:
    """Solve a position exactly (FILE, or - for stdin).

    Prints the hands, the value under optimal play and what it means, each
    legal card's value and one optimal line of play.
    """
    text = read_text(source)
    if jsonl:
        lines = [ln for ln in text.splitlines() if ln.strip()]
        bad = 0
        for out in _solve_batch(lines, workers):
            bad += out.startswith('{"error"')
            click.echo(out)
        if bad:
            fail(f"{bad} of {len(lines)} lines had errors (see their error objects)")
        return
    pos = Position.from_json(text)
    result = Solver().solve(pos, pv=not no_pv)
    if as_json:
        click.echo(json.dumps(result.to_json(), ensure_ascii=False))
        return
    click.echo(render_solve(pos, result))
