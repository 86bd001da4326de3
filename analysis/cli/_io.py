"""The command line's input and output glue: reading files, ``KEY=VALUE``
options, reporting bad input on one line with exit status 2, and runs
that stop early (:func:`run_stoppable`, :func:`exit_stopped`)."""
from __future__ import annotations

import errno
import functools
import json
import os
import re
import sys
from collections.abc import Callable, Iterable, Mapping
from typing import Any, NoReturn, TypeVar, overload

import click

from stichfest.analysis.errors import BOM, USER_ERRORS, InputError, decode_utf8, one_line
from stichfest.analysis.executor import Interrupted, Stopped, signals_deferred, stopped

F = TypeVar("F", bound=Callable[..., Any])
T = TypeVar("T")

_INTEGER = re.compile(r"-?[0-9]+")


def fail(message: str) -> NoReturn:
    """Print ``stichfest: error: message`` on one line (errors.one_line) and exit with status 2."""
    try:
        click.echo(f"stichfest: error: {one_line(message)}", err=True)
    except OSError:  # no stderr to tell (closed, full): the status still says it
        pass
    sys.exit(2)


#: The errors of a write that failed for want of room or of a reader (other
#: errors of the file system are the commands' own to report)
OUTPUT_ERRNOS = frozenset({errno.EPIPE, errno.ENOSPC, errno.EIO, errno.EFBIG, errno.EDQUOT,
                           errno.EBADF})  # EBADF: stdout closed or opened for reading only


def output_failed(e: OSError) -> NoReturn:
    """Standard output could not take what a command printed.  A reader that
    stopped reading (``stichfest ... | head``: a broken pipe) ends the
    command quietly with status 1, as click ends it where the pipe breaks
    inside a command; anything else (a full disk) is one line and exit
    status 2.  Standard output then points at /dev/null, so that
    Python's own flush at exit does not fail a second time with a traceback."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    if e.errno == errno.EPIPE:
        sys.exit(1)
    fail(f"cannot write standard output: {e.strerror or e}")


def given(ctx: click.Context, name: str) -> bool:
    """Whether the option ``name`` was given on the command line (or by the
    environment), not left at its default."""
    return ctx.get_parameter_source(name) not in (None, click.core.ParameterSource.DEFAULT)


def refuse_unused(ctx: click.Context, flags: Mapping[str, str], why: str) -> None:
    """An :class:`InputError` for the first of ``flags`` (name -> flag) given
    where it would do nothing: ``"{flag} {why}"``.  An option ignored
    silently leaves its user believing it was applied."""
    for name, flag in flags.items():
        if given(ctx, name):
            raise InputError(f"{flag} {why}")


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


#: The most ``read_bytes`` takes (a position is a few hundred bytes; a
#: ``--jsonl`` batch of this size holds some 100,000 of them).  It stops a
#: mistaken ``/dev/zero`` or disk image from filling memory.
MAX_INPUT_BYTES = 64 * 2**20


def _name(source: str) -> str:
    return "standard input" if source == "-" else source


def read_bytes(source: str) -> bytes:
    """The bytes of file ``source`` (``-``: stdin), at most :data:`MAX_INPUT_BYTES`;
    an unreadable, closed or oversized input fails on one line."""
    try:
        if source == "-":
            if sys.stdin is None or sys.stdin.closed:  # started with stdin closed (``<&-``)
                fail("cannot read standard input: it is closed")
            if sys.stdin.isatty():  # no FILE and no pipe: say why nothing happens
                click.echo("stichfest: reading standard input (give a FILE, or end with Ctrl-D)", err=True)
            data = sys.stdin.buffer.read(MAX_INPUT_BYTES + 1)
        else:
            with open(source, "rb") as f:
                data = f.read(MAX_INPUT_BYTES + 1)
    except OSError as e:
        fail(f"cannot read {_name(source)}: {e.strerror}")
    if len(data) > MAX_INPUT_BYTES:
        fail(f"{_name(source)} is larger than {MAX_INPUT_BYTES // 2**20} MiB; is it the right file?")
    return data


def read_text(source: str) -> str:
    """The UTF-8 text of file ``source`` (``-``: stdin); unreadable or
    undecodable input fails on one line."""
    try:
        return decode_utf8(read_bytes(source), _name(source))
    except InputError as e:
        fail(str(e))


def read_lines(source: str) -> tuple[list[int], list[bytes]]:
    """The non-blank lines of a ``--jsonl`` input, undecoded, and their
    numbers in the input (from 1): each line is decoded on its own
    (:func:`decode_line`), so one line that is not UTF-8 becomes that line's
    error object and the good lines are still answered."""
    numbered = [(i, line) for i, line in enumerate(read_bytes(source).removeprefix(BOM).splitlines(), 1)
                if not _blank(line)]
    return [i for i, _ in numbered], [line for _, line in numbered]


class BatchOutput:
    """A ``--jsonl`` batch's results printed in input order as they come,
    each line whole or not at all.  An error object gets its input line's
    number (blank lines are skipped, so the order alone does not say which
    line failed); :meth:`finish` fails, naming the bad lines, if any was."""

    def __init__(self, numbers: list[int]) -> None:
        self.numbers = numbers  # the input line of each result, in order
        self.bad: list[int] = []
        self.done = 0

    def echo(self, out: str) -> None:
        line_no = self.numbers[self.done]
        if out.startswith('{"error"'):
            self.bad.append(line_no)
            out = json.dumps({**json.loads(out), "line": line_no}, ensure_ascii=False)
        with signals_deferred():
            click.echo(out)
            self.done += 1

    def finish(self) -> None:
        if self.bad:
            shown = ", ".join(map(str, self.bad[:10])) + (", ..." if len(self.bad) > 10 else "")
            fail(f"{len(self.bad)} of {len(self.numbers)} lines had errors (input "
                 f"line{'s' if len(self.bad) > 1 else ''} {shown}; see their error objects)")


def _blank(line: bytes) -> bool:
    try:
        return not line.decode("utf-8").strip()
    except UnicodeDecodeError:
        return False  # not text: that line's error, not skipped


def decode_line(line: bytes) -> str:
    """One ``--jsonl`` line as text (an :class:`InputError` if it is not UTF-8)."""
    return decode_utf8(line, "the line")


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
        elif _INTEGER.fullmatch(value) and len(value.lstrip("-")) > 100:  # int() refuses 4,300 digits
            raise InputError(f"{option} {key.strip()}=...: the number has {len(value.lstrip('-'))} digits")
        elif _INTEGER.fullmatch(value):
            out[key.strip()] = int(value)
        elif booleans:
            raise InputError(f"{option} {text!r}: the value must be a number, true or false")
        else:
            raise InputError(f"{option} {text!r}: expected {shape}, e.g. {example}")
    return out


def run_stoppable(compute: Callable[[], T], show: Callable[[T, Stopped | None], None]) -> None:
    """``show(compute(), None)``; if the run stops early (Ctrl-C, SIGTERM,
    a dead worker: a :class:`Stopped`), ``show(partial, stop)`` with what
    the library finished, if anything, and raise the stop on for the one
    line and exit status of :func:`exit_stopped`.

    ``show`` writes whole: a signal arriving while it writes waits for it.
    A command whose output streams (``solve --jsonl``) writes each piece
    inside :func:`~stichfest.analysis.executor.signals_deferred` instead."""
    try:
        result = compute()
    except (KeyboardInterrupt, Stopped) as e:
        stop = stopped(e, None) if not isinstance(e, Stopped) else e
        if stop.partial is not None:
            try:
                with signals_deferred():
                    show(stop.partial, stop)
            except Interrupted:  # signalled again while showing: the run is stopping anyway
                pass
        raise stop from None
    with signals_deferred():
        show(result, None)


def exit_stopped(stop: BaseException) -> NoReturn:
    """Report a stopped run on one line of stderr and exit: a signal with
    ``stichfest: interrupted after 340 of 1000 samples`` and status 130
    (SIGINT) or 143 (SIGTERM); a dead worker as an error (status 2)."""
    if not isinstance(stop, Stopped):
        stop = Interrupted()
    if isinstance(stop, Interrupted):
        click.echo(f"stichfest: {stop}", err=True)
        sys.exit(stop.exit_status)
    fail(str(stop))
