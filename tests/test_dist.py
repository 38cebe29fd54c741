"""The release files (make dist, tools/dist.py): an sdist and a manylinux wheel that installs into a
fresh venv outside the repository and solves there; the C kernel compiles for the other platforms'
targets (zig cc, compile only; MSVC's branch of c/bits.h with mingw's intrinsics); building the
sdist without a C compiler says so in one line."""

import os
import platform
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # builds and cross compiles: minutes on the 2-core machine

ROOT = Path(__file__).resolve().parents[1]
C_DIR = ROOT / "src" / "pyramid_solitaire" / "solver" / "c"
sys.path.insert(0, str(ROOT / "tools"))
import dist  # noqa: E402

# What cibuildwheel builds for (pyproject.toml [tool.cibuildwheel]), as zig names the targets.
TARGETS = ["aarch64-linux-gnu", "x86_64-macos", "aarch64-macos", "x86_64-windows-gnu", "aarch64-windows-gnu"]


def zig_cc(target: str, out: Path, *flags: str) -> str:
    """Compile each kernel file for `target` into `out` (zig cc takes one file per -c); the errors."""
    command = [
        sys.executable,
        "-m",
        "ziglang",
        "cc",
        "-target",
        target,
        "-std=c11",
        "-O2",
        "-Wall",
        "-Werror",
    ]
    errors = ""
    for source in sorted(C_DIR.glob("*.c")):
        built = subprocess.run(
            [*command, *flags, "-c", str(source), "-o", str(out / f"{source.stem}.o")],
            capture_output=True,
            text=True,
            timeout=300,
        )
        errors += built.stderr
    return errors


@pytest.mark.parametrize("target", TARGETS)
def test_the_kernel_compiles_for_other_platforms(target, tmp_path):
    assert not zig_cc(target, tmp_path)
    assert len(list(tmp_path.glob("*.o"))) == len(list(C_DIR.glob("*.c")))


@pytest.mark.parametrize("target", ["x86_64-windows-gnu", "aarch64-windows-gnu"])
def test_the_msvc_branch_of_the_builtins_compiles(target, tmp_path):
    assert not zig_cc(target, tmp_path, "-DPK_MSVC_INTRINSICS")
    assert len(list(tmp_path.glob("*.o"))) == len(list(C_DIR.glob("*.c")))
    preprocessed = subprocess.run(
        [sys.executable, "-m", "ziglang", "cc", "-target", target, "-DPK_MSVC_INTRINSICS", "-E", "search.c"],
        cwd=C_DIR,
        capture_output=True,
        text=True,
    ).stdout
    assert "_BitScanForward64(&index, x)" in preprocessed and "return __builtin_ctzll(x)" not in preprocessed


def test_no_builtin_is_called_outside_the_portable_header():
    for path in [*C_DIR.iterdir(), C_DIR.parent / "_kernel.c"]:
        if path.name != "bits.h" and path.suffix in (".c", ".h"):
            assert "__builtin" not in path.read_text(), f"{path.name}: use c/bits.h's pk_ helpers"


@pytest.mark.parametrize(
    "platform, wanted",
    [
        ("linux", {"manylinux_x86_64", "manylinux_aarch64"}),
        ("macos", {"macosx_x86_64", "macosx_arm64"}),
        ("windows", {"win_amd64", "win_arm64"}),
    ],
)
def test_cibuildwheel_builds_every_platform_and_python(platform, wanted):
    listed = subprocess.run(
        [sys.executable, "-m", "cibuildwheel", "--print-build-identifiers", "--platform", platform],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert {name.split("-", 1)[1] for name in listed} == wanted
    assert {name.split("-", 1)[0] for name in listed} == {"cp311", "cp312", "cp313"}


QEMU = shutil.which("qemu-x86_64")
SOLVE_ONE = (
    "from pyramid_solitaire.engine.deal import Deal; from pyramid_solitaire.solver.search import solve; "
    "s = solve(Deal.from_number('pyramid', 1)); print(s.verdict, s.searched)"
)


@pytest.mark.skipif(platform.machine() != "x86_64", reason="the x86-64 kernel's baseline only")
@pytest.mark.skipif(QEMU is None, reason="qemu-x86_64 is not installed (Debian's qemu-user)")
def test_the_built_kernel_solves_on_an_x86_64_without_popcnt():
    """The wheel's tag promises every x86-64: qemu64 is one without POPCNT (a -mpopcnt build dies
    there with SIGILL, exit 132). 12-16 s under load, most of it Python's start emulated."""
    native = subprocess.run([sys.executable, "-c", SOLVE_ONE], capture_output=True, text=True, check=True)
    emulated = subprocess.run(
        [QEMU, "-cpu", "qemu64", sys.executable, "-c", SOLVE_ONE], capture_output=True, text=True, timeout=300
    )
    assert emulated.returncode == 0, emulated.stderr[-500:]
    assert emulated.stdout == native.stdout == "winnable 73\n"


@pytest.fixture(scope="module")
def released(tmp_path_factory):
    """make dist's two files, built once for the tests below."""
    return dist.build(tmp_path_factory.mktemp("dist"))


def test_make_dist_gives_an_sdist_and_a_manylinux_wheel(released):
    sdist, wheel = released
    assert sdist.name == "pyramid_solitaire-0.1.0.tar.gz"
    assert "manylinux" in wheel.name and "linux_x86_64" not in wheel.name.replace("manylinux", "")
    with tarfile.open(sdist) as files:
        names = files.getnames()
    assert any(n.endswith("solver/c/bits.h") for n in names) and any(n.endswith("setup.py") for n in names)
    with zipfile.ZipFile(wheel) as files:
        inside = files.namelist()
        metadata = files.read(next(n for n in inside if n.endswith(".dist-info/METADATA"))).decode()
    assert any("_kernel." in n and n.endswith(".so") for n in inside)
    assert "pyramid_solitaire/static/js/solver/kernel.wasm" in inside
    assert "Operating System :: OS Independent" not in metadata
    assert f"Programming Language :: Python :: {sys.version_info.major}.{sys.version_info.minor}" in metadata
    assert "Author: the pyramid-solitaire maintainers" in metadata
    assert "Project-URL: Source, https://" in metadata and "Project-URL: Issues, https://" in metadata
    # README's links, absolute for the package index's page (its text otherwise README's own)
    assert (
        "](docs/" not in metadata
        and "](https://github.com/" in metadata
        and "/raw/main/docs/screenshot.png)" in metadata
    )
    for name in ("deploy/nginx-site.conf", "package.json", "package-lock.json", "tests/test_deploy.py"):
        assert f"pyramid_solitaire-0.1.0/{name}" in names, name


def test_the_shipped_kernel_is_stripped_and_names_no_build_folder(released):
    """171,672 B with its symbols before, 52,072 B stripped. That two builds are equal byte for byte
    is make dist's own check (tools/dist.py --twice: a second build here would cost 80 s)."""
    with zipfile.ZipFile(released[1]) as files:
        kernel = files.read(next(n for n in files.namelist() if "_kernel." in n))
    assert b".symtab" not in kernel and b"/tmp/" not in kernel and len(kernel) < 80_000


def test_the_unpacked_sdist_runs_its_own_tests(released, tmp_path):
    """What `make test` runs is in the sdist: its hosting recipes against Debian's nginx, Caddy and
    systemd, its C kernel against its own kernel.wasm (the installed package runs them)."""
    with tarfile.open(released[0]) as files:
        files.extractall(tmp_path, filter="data")
    unpacked = tmp_path / "pyramid_solitaire-0.1.0"
    ran = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "tests/test_deploy.py",
            "tests/test_wasm.py",
        ],
        cwd=unpacked,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert ran.returncode == 0, ran.stdout[-2000:]
    assert " passed" in ran.stdout and "failed" not in ran.stdout and "error" not in ran.stdout


def test_the_wheel_installs_into_a_fresh_venv_and_solves(released, tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / "bin" / "python"
    # No dependencies: the solver's command needs none of them (issue 24's lean start).
    subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", "--no-deps", str(released[1])], check=True
    )
    solved = subprocess.run(
        [str(venv / "bin" / "pyramid-solitaire"), "solve", "1"], cwd=tmp_path, capture_output=True, text=True
    )
    assert solved.returncode == 0, solved.stderr
    assert solved.stdout.startswith("winnable Kc Kh 5h+8s")
    where = subprocess.run(
        [str(python), "-c", "import pyramid_solitaire; print(pyramid_solitaire.__file__)"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    ).stdout
    assert str(venv) in where  # the installed copy, not the repository's


def test_building_the_sdist_without_a_c_compiler_says_so(released, tmp_path):
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-w", str(tmp_path), str(released[0])],
        env={**os.environ, "CC": "no-such-compiler"},
        capture_output=True,
        text=True,
    )
    assert built.returncode != 0
    said = [line.strip() for line in built.stdout.splitlines() + built.stderr.splitlines()]
    assert (
        "error: pyramid-solitaire needs a C compiler to build its solver kernel, and no-such-compiler is "
        "not found (install gcc or clang, or set CC)" in said
    )


def test_a_checkout_without_the_built_kernel_says_how_to_build_it(tmp_path):
    # A copy of the package without its compiled extension, first on the path.
    copy = tmp_path / "src"
    subprocess.run(["cp", "-r", str(ROOT / "src"), str(copy)], check=True)
    for built in (copy / "pyramid_solitaire" / "solver").glob("_kernel.*.so"):
        built.unlink()
    tried = subprocess.run(
        [sys.executable, "-c", "import pyramid_solitaire.solver"],
        env={**os.environ, "PYTHONPATH": str(copy)},
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    last = tried.stderr.strip().splitlines()[-1]
    assert "circular import" not in last and "is not built" in last and "make install" in last
