"""The solver's C kernel as a CPython extension, built with the machine's C compiler by the project's
own install (`pip install -e .`, `make install`, `make dist`, cibuildwheel). Everything else is in
pyproject.toml."""

import re
import shlex
import shutil
import sys
import tomllib
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

SOLVER = Path("src/pyramid_solitaire/solver")
KERNEL = sorted(str(p) for p in (SOLVER / "c").glob("*.c"))  # moves, tables, proofs, estimate, search

# Baseline flags: no -mpopcnt, the wheel's tag promises every x86-64; c/bits.h picks the popcount
# instruction at run time (and maps the builtins for MSVC). Reproducible builds: the build folder's
# path is not written into the kernel (-ffile-prefix-map), and it ships stripped on Linux (171,672 B
# with its symbols and debug info, 52,072 B without: issue 52).
HERE = str(Path(__file__).resolve().parent)
FLAGS = {"msvc": ["/std:c11", "/O2"], "unix": ["-std=c11", "-O2", f"-ffile-prefix-map={HERE}=."]}
LINK = {"unix": ["-s"]} if sys.platform.startswith("linux") else {}


def readme() -> str:
    """README.md with its relative links made absolute (the package index shows the text alone,
    where docs/hosting.md or the screenshot lead nowhere); the wording is README's own."""
    source = tomllib.loads(Path(HERE, "pyproject.toml").read_text())["project"]["urls"]["Source"]
    text = Path(HERE, "README.md").read_text(encoding="utf-8")
    # [text](path) or ![image](path), not (https://...) or (#anchor); an image's bytes come from raw/
    link = re.compile(r"(!?)(\[[^\]]*\])\((?![a-z]+:|#)([^)\s]+)\)")
    return link.sub(lambda m: f"{m[1]}{m[2]}({source}/{'raw' if m[1] else 'blob'}/main/{m[3]})", text)


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
            extension.extra_link_args = LINK.get(kind, [])
        super().build_extensions()


setup(
    long_description=readme(),
    long_description_content_type="text/markdown",
    cmdclass={"build_ext": BuildKernel},
    ext_modules=[
        Extension(
            "pyramid_solitaire.solver._kernel",
            sources=[str(SOLVER / "_kernel.c"), *KERNEL],
            depends=sorted(str(p) for p in (SOLVER / "c").glob("*.h")),
        )
    ],
)
