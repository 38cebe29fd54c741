"""The solver's C kernel as a CPython extension, built with the machine's `cc` by the project's own
install (`pip install -e .`, `make install`, a wheel build). Everything else is in pyproject.toml."""

import platform
from pathlib import Path

from setuptools import Extension, setup

SOLVER = Path("src/pyramid_solitaire/solver")
KERNEL = sorted(str(p) for p in (SOLVER / "c").glob("*.c"))  # moves, tables, proofs, estimate, search

# The kernel counts bits at every node: let x86-64 use its popcount instruction (every x86-64 CPU
# since 2008 has it) instead of libgcc's table lookup.
POPCOUNT = ["-mpopcnt"] if platform.machine().lower() in ("x86_64", "amd64") else []

setup(
    ext_modules=[
        Extension(
            "pyramid_solitaire.solver._kernel",
            sources=[str(SOLVER / "_kernel.c"), *KERNEL],
            depends=sorted(str(p) for p in (SOLVER / "c").glob("*.h")),
            extra_compile_args=["-std=c11", "-O2", *POPCOUNT],
        )
    ]
)
