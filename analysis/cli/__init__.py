"""The ``stichfest`` command line.  Each command mirrors a Python API call.

One module per command (:mod:`.solve`, :mod:`.analyze`, :mod:`.tout`,
:mod:`.puzzle`, :mod:`.review`, :mod:`.serve`), each a thin shell over the library; the text for people
is in :mod:`.text`, file reading, ``KEY=VALUE`` options and the one-line
errors in :mod:`._io`.  The commands are registered below by name.
"""
from __future__ import annotations

import sys
from typing import Any

import click

from stichfest.analysis.executor import Stopped, stop_signals

from . import analyze, puzzle, review, serve, solve, tout
from ._io import OUTPUT_ERRNOS, exit_stopped, fail, output_failed


class _StoppedRun(Exception):
    """Carries a stopped run past click, which would make a ``KeyboardInterrupt`` an ``Abort``."""

    def __init__(self, stop: BaseException) -> None:
        super().__init__(str(stop))
        self.stop = stop


class _OneLineErrors(click.Group):
    """Usage errors on one line with exit status 2, like every other bad input.

    Ctrl-C and SIGTERM stop a command (see :mod:`stichfest.analysis.executor`):
    no traceback, one line on stderr, exit status 130 or 143."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except (KeyboardInterrupt, Stopped) as e:
            raise _StoppedRun(e) from None

    def main(self, *args: Any, **kwargs: Any) -> Any:
        with stop_signals():
            self._main(*args, **kwargs)

    def _main(self, *args: Any, **kwargs: Any) -> None:
        kwargs["standalone_mode"] = False
        no_args = getattr(click.exceptions, "NoArgsIsHelpError", ())
        try:
            rv = super().main(*args, **kwargs)
            if sys.stdout is not None:  # None: started with stdout closed, nothing was written
                sys.stdout.flush()  # here, so that a failed write is caught below, not at exit
        except OSError as e:
            if e.errno not in OUTPUT_ERRNOS:
                raise
            output_failed(e)
        except _StoppedRun as e:
            exit_stopped(e.stop)
        except no_args as e:  # bare ``stichfest``: the help, as a request, not an error
            click.echo(e.ctx.get_help() if e.ctx else "")
            raise SystemExit(0) from None
        except click.UsageError as e:
            fail(e.format_message())
        except click.Abort as e:
            if isinstance(e.__cause__, KeyboardInterrupt):  # Ctrl-C outside a command (while parsing)
                exit_stopped(e.__cause__)
            fail("aborted")
        except click.exceptions.Exit as e:
            raise SystemExit(e.exit_code) from None
        raise SystemExit(rv if isinstance(rv, int) else 0)


@click.group(cls=_OneLineErrors, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="stichfest")
def main() -> None:
    """stichfest: open-hand solver and hand analysis for Schafkopf, Jass and Scharwenzel."""


main.add_command(solve.solve)
main.add_command(analyze.analyze)
main.add_command(tout.tout)
main.add_command(puzzle.puzzle)
main.add_command(review.review)
main.add_command(serve.serve)
