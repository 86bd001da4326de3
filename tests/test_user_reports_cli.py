"""Issue 17: what a new user reported about the command line and its output
(each test failed before its fix).

Rules cited from docs/rules.md.
"""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

#: The README's example deal (README top: ``stichfest solve wenz.json``).
README_WENZ = {"game": "schafkopf", "contract": "wenz", "declarer": 0, "leader": 0,
               "deal": ["EU GU HU EA E10 EK GA G10", "SU EO E9 E8 E7 GO S8 S7",
                        "G9 G8 G7 GK SO HA H10 HK", "HO H9 H8 H7 SA S10 SK S9"],
               "play": []}


def stichfest(*args: str, stdin: str = "", timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "stichfest.analysis.cli", *args], input=stdin,
                          capture_output=True, text=True, timeout=timeout)


# --- item 4: solve --jsonl --no-pv --------------------------------------------
def test_jsonl_batch_honours_no_pv():
    lines = "\n".join(json.dumps(README_WENZ) for _ in range(2)) + "\n"
    for workers in ("1", "2"):
        out = stichfest("solve", "-", "--jsonl", "--no-pv", "--workers", workers, stdin=lines)
        assert out.returncode == 0, out.stderr
        results = [json.loads(ln) for ln in out.stdout.splitlines()]
        assert len(results) == 2
        assert all(r["pv"] == [] and r["value"] == 120 for r in results)
    out = stichfest("solve", "-", "--jsonl", stdin=lines)
    assert all(len(json.loads(ln)["pv"]) == 32 for ln in out.stdout.splitlines())


# --- item 9: install hints name a command that works from a clone -----------
def test_missing_extras_name_the_install_command_that_works_from_a_clone(monkeypatch):
    from stichfest.analysis.errors import InputError
    from stichfest.analysis.executor import open_executor
    from stichfest.analysis.plot import require_matplotlib

    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import fails
    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(InputError) as e:
        require_matplotlib()
    assert 'pip install -e ".[plot]"' in str(e.value) and "stichfest[" not in str(e.value)
    with pytest.raises(InputError) as e, open_executor(1, "tcp://127.0.0.1:1"):
        pass
    assert 'pip install -e ".[dask]"' in str(e.value) and "stichfest[" not in str(e.value)
