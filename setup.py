"""Build the Cython extensions (compiled at install time, never committed)."""
import atexit
import os
import platform
import shutil
import tempfile

from Cython.Build import cythonize
from setuptools import Extension, setup

# Every x86-64 CPU since about 2008 counts bits in one instruction; without
# the flag GCC calls a library routine for __builtin_popcountll (measured:
# 4.6 % of search time in perf).
CPU_FLAGS = ["-mpopcnt"] if platform.machine().lower() in ("x86_64", "amd64") else []

# The folder solver/ is installed as the package `stichfest` (pyproject's
# package-dir).  Cython finds a module's .pxd files by package path, so it is
# shown solver/ under its package name through a link in a scratch folder.
_include = tempfile.mkdtemp(prefix="stichfest-cython-")
os.symlink(os.path.abspath("solver"), os.path.join(_include, "stichfest"))
atexit.register(shutil.rmtree, _include, ignore_errors=True)

extensions = [
    Extension(
        "stichfest._search",
        ["solver/_search.pyx"],
        extra_compile_args=["-O3", *CPU_FLAGS],
    ),
    Extension(  # streak.takes_first_tricks: Scharwenzel "für die ersten"
        "stichfest._streak",
        ["solver/_streak.pyx"],
        extra_compile_args=["-O3", *CPU_FLAGS],
    ),
]

setup(
    ext_modules=cythonize(
        extensions,
        compiler_directives={"language_level": "3", "boundscheck": False, "wraparound": False,
                             "cdivision": True, "initializedcheck": False},
        include_path=[_include],
        annotate=False,
    )
)
