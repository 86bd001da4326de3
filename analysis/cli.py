"""The ``stichfest`` command line.  Each command mirrors a Python API call.

Commands live beside the API they wrap (``solve`` here; ``analyze``,
``tout`` and ``puzzle`` in their own modules) and are registered below.
"""
from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor

import click

from stichfest import Position, Solver
from stichfest.search import Result, default_solver

from .errors import USER_ERRORS, fail, user_errors
from .render import describe_value, render_position, render_pv


class _OneLineErrors(click.Group):
    """Usage errors on one line with exit status 2, like every other bad input."""

    def main(self, *args, **kwargs):
        kwargs["standalone_mode"] = False
        no_args = getattr(click.exceptions, "NoArgsIsHelpError", ())
        try:
            rv = super().main(*args, **kwargs)
        except no_args as e:  # bare ``stichfest``: the help, as a request, not an error
            click.echo(e.ctx.get_help() if e.ctx else "")
            raise SystemExit(0)
        except click.UsageError as e:
            fail(e.format_message())
        except click.Abort:
            fail("aborted")
        except click.exceptions.Exit as e:
            raise SystemExit(e.exit_code)
        raise SystemExit(rv if isinstance(rv, int) else 0)


@click.group(cls=_OneLineErrors, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="stichfest")
def main() -> None:
    """stichfest: open-hand solver and hand analysis for Schafkopf, Jass and Scharwenzel."""


# ---------------------------------------------------------------------------
# solve
def _read_text(source: str) -> str:
    if source == "-":
        return sys.stdin.read()
    try:
        with open(source, encoding="utf-8") as f:
            return f.read()
    except OSError as e:
        fail(f"cannot read {source}: {e.strerror}")


def _solve_line(line: str) -> str:
    """Solve one JSONL line; a bad line becomes ``{"error": ...}``, never an exception."""
    try:
        pos = Position.from_json(line)
        return json.dumps(default_solver().solve(pos).to_json(), ensure_ascii=False)
    except USER_ERRORS as e:
        return json.dumps({"error": str(e)}, ensure_ascii=False)


def _solve_batch(lines: list[str], workers: int) -> Iterable[str]:
    """Results in input order, streamed as they come; the pool is shut down after."""
    if workers <= 1:
        yield from map(_solve_line, lines)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from pool.map(_solve_line, lines, chunksize=16)


@main.command()
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
    text = _read_text(source)
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


def render_solve(pos: Position, result: Result) -> str:
    lines = [render_position(pos), ""]
    lines.append(f"Value: {describe_value(pos, result.value)}")
    if result.weis is not None:
        lines.append(f"Weis: seats 0+2 {result.weis[0]}, seats 1+3 {result.weis[1]};  "
                     f"Stöck: {result.stoeck[0]} / {result.stoeck[1]}")
    if result.to_move is not None:
        lines.append(f"Seat {result.to_move} to move; value after each card:")
        best = max(result.moves.values()) if result.to_move in pos.maximizing_seats \
            else min(result.moves.values())
        cells = [f"{c}{'*' if v == best else ' '} {v}" for c, v in result.moves.items()]
        lines.append("  " + "   ".join(cells))
        lines.append("  (* best for the player to move)")
    if result.pv:
        lines.append("Line of play:")
        lines.extend("  " + t for t in render_pv(pos, result.pv))
    return "\n".join(lines)


# ---------------------------------------------------------------------------
# Commands defined in their own modules.
_COMMANDS = (("stichfest.analysis.cli_analyze", "analyze"), ("stichfest.analysis.cli_tout", "tout"),
             ("stichfest.analysis.cli_puzzle", "puzzle"))


def _register() -> None:
    for module, name in _COMMANDS:
        try:
            mod = importlib.import_module(module)
        except ModuleNotFoundError as e:
            if e.name == module:
                continue
            raise
        main.add_command(getattr(mod, name))


_register()


if __name__ == "__main__":  # pragma: no cover
    main()
