"""The page's kernel.wasm is the solver's C kernel (solver/c/) as it is now.

kernel.json records the SHA-256 of the C source the shipped .wasm was built from: a change to the C
without `make wasm` fails here. With clang installed (`make test` installs it), the .wasm is also
rebuilt and compared byte for byte: the build is deterministic."""

import hashlib
import json
import shutil

import pytest
from tools.wasm import LINKERS, RECORD, WASM, build, exports, source_digest

recorded = json.loads(RECORD.read_text(encoding="utf-8"))
REBUILD = "the C kernel changed since kernel.wasm was built: run `make wasm`"


def test_shipped_wasm_was_built_from_the_current_c_source():
    assert recorded["source_sha256"] == source_digest(), REBUILD


def test_shipped_wasm_is_the_recorded_build():
    assert hashlib.sha256(WASM.read_bytes()).hexdigest() == recorded["wasm_sha256"], REBUILD


def test_wasm_exports_the_kernel_api_and_imports_nothing():
    wasm = WASM.read_bytes()
    assert wasm[:4] == b"\0asm"
    kinds = [kind for kind, _ in sections(wasm)]
    assert IMPORT not in kinds, "the module imports: the kernel must need nothing from its host"
    export = next(body for kind, body in sections(wasm) if kind == EXPORT)
    for name in exports():
        assert name.encode() in export, f"{name} is not exported: {REBUILD}"


IMPORT, EXPORT = 2, 7


def leb128(data: bytes, at: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, at


def sections(wasm: bytes) -> list[tuple[int, bytes]]:
    """The module's sections as (id, body), after the 8-byte header."""
    found, at = [], 8
    while at < len(wasm):
        kind = wasm[at]
        size, at = leb128(wasm, at + 1)
        found.append((kind, wasm[at : at + size]))
        at += size
    return found


@pytest.mark.skipif(
    not any(shutil.which(n) for n in LINKERS), reason="no wasm-ld: `make wasm-tools` installs it"
)
@pytest.mark.slow  # 6 s at load 26 (pytest --durations, 1 Dec 2026)
def test_rebuilding_gives_the_same_bytes(tmp_path):
    assert build(tmp_path / "kernel.wasm") == WASM.read_bytes(), REBUILD
