"""The solver's C kernel (c/kernel.h) as the extension `_kernel.c` exposes it. Buffers are
bytearrays (or any writable buffer) of the sizes given; see c/kernel.h for what they hold."""

from array import array

Buffer = bytearray | memoryview | array[int]  # writable; `deck` is bytes

CARDS_BYTES: int
MAX_DEPTH: int
MAX_MOVES: int
KING: int
PAIR: int
DRAW: int
RECYCLE: int
WIN: int
LOST: int
BUDGET: int
GROW: int
DEPTH: int
NODES: int
COUNT: int
BOUND: int
RELAXED: int
PROBE_AFTER: int
PROBE_SLACK: int
LOST_KEY: int
FULL_KEY: int
LOST_PAIRS: int
FULL_PAIRS: int
GATHERED: int
INFINITE: int
VALUES: int
PARTNERS: int
HOLDING: int
COVER: int
ALONE: int
MAX_RECYCLES: int
UNLIMITED: int

def cards_init(
    cards: Buffer, deck: bytes, wastes: int, piles: int, open_stock: int, recycles: int, shortest: int
) -> None: ...
def cards_layout(
    cards: Buffer, covered_by: bytes, tableau: int, pairs: bytes, alone: int, draw: int
) -> None: ...
def cards_goal(cards: Buffer, goal: int, overlap: int) -> None: ...
def cards_gather(cards: Buffer) -> None: ...
def key_bits(cards: Buffer) -> int: ...
def gathered(order: bytes, recycles: int) -> int: ...
def work_bytes(depth: int) -> int: ...
def depth(cards: Buffer) -> int: ...
def work_init(work: Buffer) -> None: ...
def pack(removed: int, drawn: int, recycles: int) -> int: ...
def start(cards: Buffer, work: Buffer, key: int) -> int: ...
def search(cards: Buffer, work: Buffer, entries: Buffer, bounds: Buffer, budget: int, limit: int) -> int: ...
def rehash(
    old_entries: Buffer, old_bounds: Buffer, new_entries: Buffer, new_bounds: Buffer, key_bits: int
) -> None: ...
def estimate(cards: Buffer, work: Buffer, key: int) -> int: ...
def control(work: Buffer, which: int) -> int: ...
def set_control(work: Buffer, which: int, value: int) -> None: ...
def line(work: Buffer) -> list[int]: ...
def table_value(cards: Buffer, table: int, index: int) -> int: ...
def blocker(cards: Buffer, removed: int, first: int, last: int, step: int, partners_from: int) -> int: ...
