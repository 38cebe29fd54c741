"""Build the solver's C kernel (solver/c/) as WebAssembly for the page: static/js/solver/kernel.wasm.

    python tools/wasm.py            # rebuild kernel.wasm and kernel.json from the C source
    python tools/wasm.py --check    # exit 1 unless the shipped kernel.wasm is what the C builds to

The kernel allocates nothing and calls no C library, so clang's wasm32 target and lld link it
freestanding: no libc, no emscripten, no imports. The build is deterministic, so the shipped file
can be checked byte for byte against a rebuild. kernel.json records the SHA-256 of the C source
it was built from (and of the .wasm): tests/test_wasm.py fails when the C changed since.
"""

import argparse
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
C_DIR = ROOT / "src" / "pyramid_solitaire" / "solver" / "c"
OUT = ROOT / "src" / "pyramid_solitaire" / "static" / "js" / "solver"
WASM, RECORD = OUT / "kernel.wasm", OUT / "kernel.json"
COMPILERS = ("clang-14", "clang")
LINKERS = ("wasm-ld-14", "wasm-ld")
FLAGS = ["--target=wasm32", "-std=c11", "-O2", "-nostdlib", "-ffreestanding", "-Wl,--no-entry"]


def sources(c_dir: Path = C_DIR) -> list[Path]:
    found = sorted(p for p in c_dir.iterdir() if p.suffix in (".c", ".h"))
    if not found:
        raise SystemExit(f"no C source in {c_dir}")
    return found


def source_digest(c_dir: Path = C_DIR) -> str:
    """SHA-256 over every .c and .h file of the kernel, by name and content."""
    digest = hashlib.sha256()
    for path in sources(c_dir):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def exports(c_dir: Path = C_DIR) -> list[str]:
    """The kernel's API, every pk_ function kernel.h declares (the rest stays internal)."""
    return sorted(set(re.findall(r"\b(pk_\w+)\s*\(", (c_dir / "kernel.h").read_text())))


def tool(names: tuple[str, ...]) -> str:
    for name in names:
        if found := shutil.which(name):
            return found
    raise SystemExit(f"none of {', '.join(names)} found: `make wasm-tools` installs clang-14 and lld-14")


def build(out: Path, c_dir: Path = C_DIR) -> bytes:
    """Compile and link the kernel to `out`; returns its bytes. Run in the C folder with bare file
    names, so no path of this machine ends up in the module."""
    names = [p.name for p in sources(c_dir) if p.suffix == ".c"]
    linker = f"-fuse-ld={tool(LINKERS)}"
    wanted = [f"-Wl,--export={name}" for name in [*exports(c_dir), "__heap_base"]]
    subprocess.run(
        [tool(COMPILERS), *FLAGS, linker, *wanted, "-o", str(out.resolve()), *names], cwd=c_dir, check=True
    )
    return out.read_bytes()


def record(wasm: bytes, c_dir: Path = C_DIR) -> dict:
    return {
        "source_sha256": source_digest(c_dir),
        "wasm_sha256": hashlib.sha256(wasm).hexdigest(),
        "wasm_bytes": len(wasm),
        "built_by": "python tools/wasm.py (clang --target=wasm32, see its FLAGS)",
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="rebuild to a temporary file and compare")
    parser.add_argument("--c-dir", type=Path, default=C_DIR, help="the kernel's C folder")
    args = parser.parse_args()
    if args.check:
        with tempfile.TemporaryDirectory() as tmp:
            fresh = build(Path(tmp) / "kernel.wasm", args.c_dir)
        if fresh != WASM.read_bytes():
            print(f"{WASM} is not what {args.c_dir} builds to: run `make wasm`", file=sys.stderr)
            return 1
        print(f"{WASM.name} matches its C source ({len(fresh)} bytes)")
        return 0
    wasm = build(WASM, args.c_dir)
    RECORD.write_text(json.dumps(record(wasm, args.c_dir), indent=2) + "\n")
    print(f"wrote {WASM.relative_to(ROOT)} ({len(wasm)} bytes) and {RECORD.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
