"""How the command line reports bad input: one line, exit status 2."""
from __future__ import annotations

import functools
import sys

import click

from stichfest.cards import CardError
from stichfest.play import IllegalPlay
from stichfest.position import PositionError


class InputError(ValueError):
    """Bad user input outside a position (options, hands, constraints)."""


#: Exceptions that mean "the user's input is wrong", never a bug.
USER_ERRORS = (InputError, PositionError, CardError, IllegalPlay)


def fail(message: str) -> NoReturn:  # noqa: F821
    """Print ``stichfest: error: message`` on one line and exit with status 2."""
    click.echo(f"stichfest: error: {' '.join(str(message).split())}", err=True)
    sys.exit(2)


def user_errors(func):
    """Turn the user-error exceptions raised by ``func`` into :func:`fail`."""

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        try:
            return func(*args, **kwargs)
        except USER_ERRORS as e:
            fail(str(e))

    return wrapper
