"""Build the Cython search extension (compiled at install time, never committed)."""
from Cython.Build import cythonize
from setuptools import Extension, setup

extensions = [
    Extension(
        "solver._search",
        ["solver/_search.pyx"],
        extra_compile_args=["-O3"],
    )
]

setup(
    ext_modules=cythonize(
        extensions,
        compiler_directives={"language_level": "3", "boundscheck": False, "wraparound": False,
                             "cdivision": True, "initializedcheck": False},
        annotate=False,
    )
)
