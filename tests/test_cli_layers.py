"""The command line stays on top: the library imports no click, the
``KEY=VALUE`` parser of ``--rule``/``--tariff-set``, ``python -m``."""
import subprocess
import sys

import pytest

from stichfest.analysis.cli._io import parse_settings
from stichfest.analysis.errors import InputError


@pytest.mark.parametrize("module", ["stichfest.analysis.sampling", "stichfest.analysis.evaluate",
                                    "stichfest.analysis.tout", "stichfest.analysis.puzzle"])
def test_library_does_not_import_click(module):
    code = f"import sys, {module}; assert 'click' not in sys.modules, 'click imported'"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


def test_key_value_settings():
    assert parse_settings(["a=3", "b = -2", "c=TRUE", "d=false"], "--rule", "x=1") == \
        {"a": 3, "b": -2, "c": True, "d": False}
    assert parse_settings(["solo=60"], "--tariff-set", "solo=60", booleans=False) == {"solo": 60}
    with pytest.raises(InputError, match="--rule 'a': expected KEY=VALUE, e.g. x=1"):
        parse_settings(["a"], "--rule", "x=1")
    with pytest.raises(InputError, match="the value must be a number, true or false"):
        parse_settings(["a=b"], "--rule", "x=1")
    for bad in ["solo", "solo=", "solo=true", "solo=--5"]:
        with pytest.raises(InputError, match="expected KEY=NUMBER, e.g. solo=60"):
            parse_settings([bad], "--tariff-set", "solo=60", booleans=False)


@pytest.mark.parametrize("module", ["stichfest.analysis", "stichfest.analysis.cli"])
def test_python_dash_m_runs_the_command_line(module):
    proc = subprocess.run([sys.executable, "-m", module, "--help"], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert "solve" in proc.stdout and "analyze" in proc.stdout and "tout" in proc.stdout


def test_library_errors_name_parameters_not_flags():
    from stichfest.analysis.evaluate import evaluate_hand
    from stichfest.analysis.puzzle import generate
    from stichfest.analysis.sampling import Constraints
    with pytest.raises(InputError, match="^samples must be at least 1") as e:
        evaluate_hand("schafkopf", "EO GO EU GU HA H10 EA G7", 0, 0, samples=0)
    assert e.value.param == "samples"
    with pytest.raises(InputError, match="^tricks must be 2..8") as e:
        generate("schafkopf", None, tricks=1)
    assert e.value.param == "tricks"
    with pytest.raises(InputError, match="^voids '1:X': unknown suit") as e:
        Constraints.parse([], ["1:X"], game="schafkopf")
    assert e.value.param == "voids"


def test_every_command_is_registered():
    from stichfest.analysis.cli import main
    assert sorted(main.commands) == ["analyze", "puzzle", "solve", "tout"]
