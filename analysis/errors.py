"""The library's input errors (the command line's one-line reporting is in
:mod:`stichfest.analysis.cli._io`)."""
from __future__ import annotations

import os
import re
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


#: The longest run of non-blank characters a message shows whole: messages
#: quote the input they refuse, and a 100 kB card or contract name quoted
#: whole buries the message (and the terminal) under it.
LONGEST_WORD = 80
#: The longest message shown whole (many long words).
LONGEST_MESSAGE = 1000


def _shorten_word(match: re.Match[str]) -> str:
    word = match.group(0)
    return f"{word[:48]}…{word[-16:]} [{len(word):,} characters]"


def one_line(message: object) -> str:
    """``message`` as a front end shows it: on one line, each word of more
    than :data:`LONGEST_WORD` characters cut to its start and end (with its
    length), and the whole cut in the middle past :data:`LONGEST_MESSAGE`."""
    text = " ".join(str(message).split())
    text = re.sub(rf"\S{{{LONGEST_WORD + 1},}}", _shorten_word, text)
    if len(text) > LONGEST_MESSAGE:
        left_out = len(text) - LONGEST_MESSAGE
        text = f"{text[:LONGEST_MESSAGE - 200]} … [{left_out:,} characters left out] … {text[-200:]}"
    return text


#: The UTF-8 byte-order mark some Windows editors put at the start of a file.
BOM = b"\xef\xbb\xbf"


def decode_utf8(data: bytes, where: str) -> str:
    """``data`` as UTF-8 text, a leading byte-order mark dropped, or an
    :class:`InputError` naming ``where`` and the first bad byte (counted in
    ``data``, the mark included)."""
    body = data.removeprefix(BOM)
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError as e:
        at = len(data) - len(body) + e.start
        raise InputError(f"{where} is not UTF-8 text (byte {at + 1} is 0x{data[at]:02x})") from None


def require_folder(path: str) -> None:
    """An :class:`InputError` before a long run if the folder ``path`` is to be written in is missing."""
    folder = os.path.dirname(path) or "."
    if not os.path.isdir(folder):
        raise InputError(f"cannot write {path}: there is no folder {folder}")


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
    text = decode_utf8(data, f"{what} {path}")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise InputError(f"{what} {path}: {e}") from None
    except RecursionError:
        raise InputError(f"{what} {path}: nested too deeply") from None
    except ValueError:  # an integer of more than 4,300 digits
        raise InputError(f"{what} {path}: a number with too many digits") from None
