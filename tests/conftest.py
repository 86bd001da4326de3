"""Test-suite configuration: the ``slow`` marker, the helper modules' path and
the two-implementation fixture of the shared rule cases.

Helper modules (``reference``, ``rulebook``, ``rulecases``, ``implementations``)
live next to the tests and are imported by bare name.  This conftest is the
rootdir conftest of ``tests/``, so pytest imports it before collecting any test
module there; it puts ``tests/`` on ``sys.path`` itself, so the helpers import
the same way under every ``--import-mode`` and whichever file is run first
(``pythonpath = ["tests"]`` in ``[tool.pytest.ini_options]`` would do the same).
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

TESTS = str(Path(__file__).resolve().parent)
if TESTS not in sys.path:
    sys.path.insert(0, TESTS)

from implementations import IMPLEMENTATIONS  # noqa: E402  (needs TESTS on sys.path)


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "slow: more than about a second (cross-checks with thousands of positions, "
                   "Dask, brute-force Tout, puzzle generation); deselect with -m 'not slow'")


@pytest.fixture(params=sorted(IMPLEMENTATIONS), ids=str)
def impl(request):
    """Each implementation of the rules in turn: the stichfest solver and the
    pure-Python reference oracle (tests/reference.py), behind one interface."""
    return IMPLEMENTATIONS[request.param]
