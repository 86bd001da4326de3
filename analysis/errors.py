"""The library's input errors (the command line's one-line reporting is in
:mod:`stichfest.analysis.cli._io`)."""
from __future__ import annotations

import tomllib
from typing import Any

from stichfest.cards import CardError
from stichfest.play import IllegalPlay
from stichfest.position import PositionError


class InputError(ValueError):
    """Bad input outside a position (arguments, hands, constraints).

    Messages speak in the API's words.  ``param`` is the parameter the
    message is about, if any, as it is spelled in the message (its first
    mention), so a front end can say it in its own words: the command line
    puts the option's flag there."""

    def __init__(self, message: str, *, param: str | None = None) -> None:
        super().__init__(message)
        self.param = param


#: Exceptions that mean "the user's input is wrong", never a bug.
USER_ERRORS = (InputError, PositionError, CardError, IllegalPlay)


#: The largest TOML file read (a tariff is a few hundred bytes).
MAX_TOML_BYTES = 2**20


def read_toml(path: str, what: str) -> dict[str, Any]:
    """The TOML file ``path`` (a ``what``: "tariff file", "announce rule"),
    its unreadable or malformed content an :class:`InputError` of one line."""
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_TOML_BYTES + 1)
    except OSError as e:
        raise InputError(f"cannot read {what} {path}: {e.strerror}") from None
    if len(data) > MAX_TOML_BYTES:
        raise InputError(f"{what} {path} is larger than {MAX_TOML_BYTES // 2**20} MiB; is it the right file?")
    body = data.removeprefix(b"\xef\xbb\xbf")  # a Windows editor's byte-order mark is no error
    try:
        return tomllib.loads(body.decode("utf-8"))
    except tomllib.TOMLDecodeError as e:
        raise InputError(f"{what} {path}: {e}") from None
    except UnicodeDecodeError as e:
        raise InputError(f"{what} {path}: not UTF-8 text (byte {len(data) - len(body) + e.start + 1})") from None
    except RecursionError:
        raise InputError(f"{what} {path}: nested too deeply") from None
    except ValueError:  # an integer of more than 4,300 digits
        raise InputError(f"{what} {path}: a number with too many digits") from None
