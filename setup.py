"""The solver's C kernel as a CPython extension, built with the machine's C compiler by the project's
own install (`pip install -e .`, `make install`, `make dist`, cibuildwheel). Everything else is in
pyproject.toml."""

import platform
import shlex
import shutil
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

SOLVER = Path("src/pyramid_solitaire/solver")
KERNEL = sorted(str(p) for p in (SOLVER / "c").glob("*.c"))  # moves, tables, proofs, estimate, search

# The kernel counts bits at every node: let x86-64 use its popcount instruction (every x86-64 CPU
# since 2008 has it) instead of libgcc's table lookup. c/bits.h maps the builtins for MSVC.
POPCOUNT = ["-mpopcnt"] if platform.machine().lower() in ("x86_64", "amd64") else []
FLAGS = {"msvc": ["/std:c11", "/O2"], "unix": ["-std=c11", "-O2", *POPCOUNT]}


class BuildKernel(build_ext):
    """build_ext with the compiler's own flags, and one line naming the compiler when there is none
    (setuptools alone ends in a bare "No such file or directory")."""

    def build_extensions(self) -> None:
        kind = self.compiler.compiler_type
        if kind == "unix":
            compiler = self.compiler.compiler_so[0]
            if shutil.which(compiler) is None:
                raise SystemExit(
                    f"error: pyramid-solitaire needs a C compiler to build its solver kernel, and "
                    f"{shlex.quote(compiler)} is not found (install gcc or clang, or set CC)"
                )
        for extension in self.extensions:
            extension.extra_compile_args = FLAGS.get(kind, FLAGS["unix"])
        super().build_extensions()


setup(
    cmdclass={"build_ext": BuildKernel},
    ext_modules=[
        Extension(
            "pyramid_solitaire.solver._kernel",
            sources=[str(SOLVER / "_kernel.c"), *KERNEL],
            depends=sorted(str(p) for p in (SOLVER / "c").glob("*.h")),
        )
    ],
)
