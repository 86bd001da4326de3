"""The ``stichfest`` command line.  Each command mirrors a Python API call.

One module per command (:mod:`.solve`, :mod:`.analyze`, :mod:`.tout`,
:mod:`.puzzle`), each a thin shell over the library; the text for people
is in :mod:`.text`, file reading, ``KEY=VALUE`` options and the one-line
errors in :mod:`._io`.  The commands are registered below by name.
"""
from __future__ import annotations

from typing import Any

import click

from . import analyze, puzzle, solve, tout
from ._io import fail


class _OneLineErrors(click.Group):
    """Usage errors on one line with exit status 2, like every other bad input."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        kwargs["standalone_mode"] = False
        no_args = getattr(click.exceptions, "NoArgsIsHelpError", ())
        try:
            rv = super().main(*args, **kwargs)
        except no_args as e:  # bare ``stichfest``: the help, as a request, not an error
            click.echo(e.ctx.get_help() if e.ctx else "")
            raise SystemExit(0) from None
        except click.UsageError as e:
            fail(e.format_message())
        except click.Abort:
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
