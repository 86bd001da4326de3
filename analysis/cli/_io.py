"""The command line's input and output glue: reading files, ``KEY=VALUE``
options, and reporting bad input on one line with exit status 2."""
from __future__ import annotations

import functools
import re
import sys
from collections.abc import Callable, Iterable, Mapping
from typing import Any, NoReturn, TypeVar, overload

import click

from stichfest.analysis.errors import USER_ERRORS, InputError

F = TypeVar("F", bound=Callable[..., Any])

_INTEGER = re.compile(r"-?[0-9]+")


def fail(message: str) -> NoReturn:
    """Print ``stichfest: error: message`` on one line and exit with status 2."""
    click.echo(f"stichfest: error: {' '.join(str(message).split())}", err=True)
    sys.exit(2)


def _flag_words(e: Exception, aliases: Mapping[str, str]) -> str:
    """The message of ``e``, its parameter (the first mention) named by the flag."""
    message = str(e)
    param = getattr(e, "param", None)
    if not param:
        return message
    flag = aliases.get(param)
    ctx = click.get_current_context(silent=True)
    if flag is None and ctx is not None:
        flag = next((p.opts[0] for p in ctx.command.params
                     if isinstance(p, click.Option) and p.name == param), None)
    if flag is None:
        return message
    return re.sub(rf"(?<![\w-]){re.escape(param)}(?![\w-])", lambda _: flag, message, count=1)


@overload
def user_errors(func: F, *, flags: Mapping[str, str] | None = None) -> F: ...
@overload
def user_errors(func: None = None, *, flags: Mapping[str, str] | None = None) -> Callable[[F], F]: ...
def user_errors(func: F | None = None, *, flags: Mapping[str, str] | None = None) -> F | Callable[[F], F]:
    """Turn the user-error exceptions raised by ``func`` into :func:`fail`.

    A library message naming a parameter (:attr:`InputError.param`) names
    the command's option of that name instead, or ``flags[param]``."""

    def decorate(f: F) -> F:
        @functools.wraps(f)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            try:
                return f(*args, **kwargs)
            except USER_ERRORS as e:
                fail(_flag_words(e, flags or {}))

        return wrapper  # type: ignore[return-value]

    return decorate if func is None else decorate(func)


def read_text(source: str) -> str:
    """The text of file ``source`` (``-``: stdin); an unreadable file fails on one line."""
    if source == "-":
        return sys.stdin.read()
    try:
        with open(source, encoding="utf-8") as f:
            return f.read()
    except OSError as e:
        fail(f"cannot read {source}: {e.strerror}")


def parse_settings(items: Iterable[str], option: str, example: str, *,
                   booleans: bool = True) -> dict[str, int | bool]:
    """``KEY=VALUE`` option values (``--rule``, ``--tariff-set``) as a dict.

    A value is a whole number, or with ``booleans`` also ``true``/``false``.
    Only the syntax is checked here; the library checks keys and ranges."""
    shape = "KEY=VALUE" if booleans else "KEY=NUMBER"
    out: dict[str, int | bool] = {}
    for text in items:
        key, sep, raw = text.partition("=")
        value = raw.strip().lower()
        if not sep or not value:
            raise InputError(f"{option} {text!r}: expected {shape}, e.g. {example}")
        if booleans and value in ("true", "false"):
            out[key.strip()] = value == "true"
        elif _INTEGER.fullmatch(value):
            out[key.strip()] = int(value)
        elif booleans:
            raise InputError(f"{option} {text!r}: the value must be a number, true or false")
        else:
            raise InputError(f"{option} {text!r}: expected {shape}, e.g. {example}")
    return out
