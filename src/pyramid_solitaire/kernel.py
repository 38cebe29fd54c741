"""The solver's compiled hot loop: depth-first search over packed positions (numba).

A position packs into one int64 key: removed (52 bits, deck positions as in `deal.py`)
| drawn << 52 | recycles << 57. `drawn` is canonical: trailing removed waste positions are
dropped, so two ways of writing the same physical position give one key.

Two searches share the move generator:
- `decide`: does a winning line exist? Depth-first with a table of every expanded position.
  The position graph is acyclic (cards only leave, `drawn` only grows within a pass, `recycles`
  only grows), so a position met again was either lost or is still being searched above us,
  which acyclicity rules out: the table of expanded positions is a table of lost positions.
- `deepen`: one iteration of IDA* for the shortest line. The table keeps, per position, a proven
  lower bound on the steps still needed; it only ever rises, and every pruning uses it.

Both run in slices of a node budget and keep their whole state (explicit stack, table) in
arrays owned by the caller, so Python can read the clock between slices, grow the table, and
resume. No recursion: recursive njit functions crash when loaded from numba's cache.
"""

import numpy as np
from numba import njit

PYRAMID = 28
DECK = 52
REMOVED_BITS = (1 << DECK) - 1
PYRAMID_BITS = (1 << PYRAMID) - 1
DRAWN_SHIFT = 52
RECYCLES_SHIFT = 57

MAX_DEPTH = 200  # a line removes at most 52 cards in <= 52 moves, draws <= 3 * 24, recycles <= 2
MAX_MOVES = 80  # at most 7 free pyramid cards + 8 piles or 3 wastes + 1 stock card available

# Move codes: kind | a << 2 | b << 8 (a, b deck positions; a draw keeps its new `drawn` in a).
KING, PAIR, DRAW, RECYCLE = 0, 1, 2, 3

# Results of a slice.
WIN, LOST, BUDGET, GROW = 0, 1, 2, 3

# Parameters array: the variant's rules and the search mode.
P_WASTES, P_PILES, P_OPEN, P_RECYCLES, P_SHORTEST = range(5)
# Control array: where the search stands between slices.
C_DEPTH, C_NODES, C_COUNT, C_BOUND = range(4)

INFINITE = 255  # a lower bound meaning "cannot be won"


def _masks():
    """COVER[s]: the two slots covering slot s. CONE[s]: every slot above s (that s covers,
    directly or not) or below it (covering it): a partner there can never be free with s."""
    slot_of = {}
    for row in range(7):
        for i in range(row + 1):
            slot_of[row, i] = len(slot_of)
    cover = np.zeros(PYRAMID, np.int64)
    below = [0] * PYRAMID  # slots covering s, transitively
    for (row, i), s in slot_of.items():
        if row < 6:
            cover[s] = (1 << slot_of[row + 1, i]) | (1 << slot_of[row + 1, i + 1])
    for (row, i), s in sorted(slot_of.items(), reverse=True):
        if row < 6:
            a, b = slot_of[row + 1, i], slot_of[row + 1, i + 1]
            below[s] = (1 << a) | (1 << b) | below[a] | below[b]
    cone = np.zeros(PYRAMID, np.int64)
    for s in range(PYRAMID):
        above = 0
        for t in range(PYRAMID):
            if below[t] >> s & 1:
                above |= 1 << t
        cone[s] = below[s] | above
    return cover, cone


COVER, CONE = _masks()


def deal_arrays(cards) -> tuple[np.ndarray, np.ndarray]:
    """Per deck position: the card's value, and the mask of positions holding its partners."""
    values = [c % 13 + 1 for c in cards]
    holding = [0] * 14  # holding[v]: positions of the cards worth v
    for p, v in enumerate(values):
        holding[v] |= 1 << p
    partners = [holding[13 - v] if v < 13 else 0 for v in values]
    return np.array(values, np.int64), np.array(partners, np.int64)


def pack(removed: int, drawn: int, recycles: int) -> int:
    return int(canonical(np.int64(removed), np.int64(drawn), np.int64(recycles)))


@njit(cache=True, nogil=True)
def canonical(removed, drawn, recycles):
    """The key of a position; waste positions at the end that are gone do not count as drawn."""
    while drawn > 0 and (removed >> (PYRAMID - 1 + drawn)) & 1:
        drawn -= 1
    return removed | (drawn << DRAWN_SHIFT) | (recycles << RECYCLES_SHIFT)


@njit(cache=True, nogil=True)
def _available(removed, drawn, params, out):
    """Deck positions of the available cards, pyramid first; returns how many."""
    n = 0
    for s in range(PYRAMID):
        if not (removed >> s) & 1 and (removed & COVER[s]) == COVER[s]:
            out[n] = s
            n += 1
    piles = params[P_PILES]
    if piles > 0:
        for j in range(piles):
            for q in range(PYRAMID + 3 * j + 2, PYRAMID + 3 * j - 1, -1):
                if not (removed >> q) & 1:
                    out[n] = q
                    n += 1
                    break
        return n
    wastes = params[P_WASTES]
    found = 0  # bit k: the top of waste pile k is known
    q = PYRAMID + drawn - 1
    while q >= PYRAMID and found != (1 << wastes) - 1:
        k = (q - PYRAMID) % wastes
        if not (removed >> q) & 1 and not (found >> k) & 1:
            found |= 1 << k
            out[n] = q
            n += 1
        q -= 1
    if params[P_OPEN]:
        for q in range(PYRAMID + drawn, DECK):
            if not (removed >> q) & 1:
                out[n] = q
                n += 1
                break
    return n


@njit(cache=True, nogil=True)
def _hopeless(removed, values, partners):
    """True when some pyramid card can never be paired: every partner left lies above or below
    it in the pyramid, so the two are never free at the same time."""
    for s in range(PYRAMID):
        if not (removed >> s) & 1 and values[s] != 13:
            if partners[s] & ~removed & ~CONE[s] == 0:
                return True
    return False


@njit(cache=True, nogil=True)
def _moves(key, values, params, avail, out, start):
    """Write the moves of a position into out[start:], best first; returns how many.
    An available pyramid king is removed without branching: it pairs with nothing, so removing
    it only frees cards. In the decision search a waste or stock king is removed the same way
    (a king there only hides the card under it); the shortest search must weigh that step."""
    removed = key & REMOVED_BITS
    drawn = (key >> DRAWN_SHIFT) & 31
    recycles = key >> RECYCLES_SHIFT
    n = _available(removed, drawn, params, avail)
    shortest = params[P_SHORTEST]
    for i in range(n):
        p = avail[i]
        if values[p] == 13 and (p < PYRAMID or not shortest):
            out[start] = KING | (p << 2)
            return 1
    m = start
    # Pairs that take two pyramid cards, then one pyramid card: they make progress.
    for i in range(n):
        a = avail[i]
        if a >= PYRAMID:
            break
        for j in range(i + 1, n):
            b = avail[j]
            if values[a] + values[b] == 13:
                out[m] = PAIR | (a << 2) | (b << 8)
                m += 1
    if params[P_PILES] == 0:
        # Draw: the next card (or three, one per waste pile) leaves the stock.
        taken = 0
        last = -1
        for q in range(PYRAMID + drawn, DECK):
            if not (removed >> q) & 1:
                last = q
                taken += 1
                if taken == params[P_WASTES]:
                    break
        if last >= 0:
            out[m] = DRAW | ((last + 1 - PYRAMID) << 2)
            m += 1
    # Pairs of two cards outside the pyramid, and (shortest search) kings there.
    for i in range(n):
        a = avail[i]
        if a < PYRAMID:
            continue
        if values[a] == 13:
            out[m] = KING | (a << 2)
            m += 1
        for j in range(i + 1, n):
            b = avail[j]
            if values[a] + values[b] == 13:
                out[m] = PAIR | (a << 2) | (b << 8)
                m += 1
    if params[P_PILES] == 0 and recycles < params[P_RECYCLES]:
        stock_empty = True
        for q in range(PYRAMID + drawn, DECK):
            if not (removed >> q) & 1:
                stock_empty = False
                break
        if stock_empty and drawn > 0:  # canonical: drawn > 0 means a card lies on the waste
            out[m] = RECYCLE
            m += 1
    return m - start


@njit(cache=True, nogil=True)
def _play(key, move):
    removed = key & REMOVED_BITS
    drawn = (key >> DRAWN_SHIFT) & 31
    recycles = key >> RECYCLES_SHIFT
    kind = move & 3
    if kind == KING:
        removed |= 1 << ((move >> 2) & 63)
    elif kind == PAIR:
        removed |= (1 << ((move >> 2) & 63)) | (1 << ((move >> 8) & 63))
    elif kind == DRAW:
        drawn = (move >> 2) & 63
    else:
        drawn = 0
        recycles += 1
    return canonical(removed, drawn, recycles)


@njit(cache=True, nogil=True)
def _slot(key, bits):
    h = (np.uint64(key) * np.uint64(0x9E3779B97F4A7C15)) >> np.uint64(64 - bits)
    return np.int64(h)


@njit(cache=True, nogil=True)
def _find(table, key, bits):
    """Index of `key` in the table, or of the empty slot where it would go (keys stored + 1)."""
    mask = table.size - 1
    i = _slot(key, bits)
    while table[i] != 0 and table[i] != key + 1:
        i = (i + 1) & mask
    return i


@njit(cache=True, nogil=True)
def rehash(old, old_values, new, new_values):
    """Move every entry of a full table into a bigger one."""
    bits = 0
    while (1 << bits) < new.size:
        bits += 1
    for i in range(old.size):
        if old[i] != 0:
            j = _find(new, old[i] - 1, bits)
            new[j] = old[i]
            new_values[j] = old_values[i]


@njit(cache=True, nogil=True)
def start(key, values, partners, params, keys, moves, counts, index, avail):
    """Put the root position on the stack: WIN if already won, LOST if no move can help."""
    if key & PYRAMID_BITS == PYRAMID_BITS:
        return WIN
    if _hopeless(key & REMOVED_BITS, values, partners):
        return LOST
    n = _moves(key, values, params, avail, moves, 0)
    if n == 0:
        return LOST
    keys[0] = key
    counts[0] = n
    index[0] = 0
    return BUDGET


@njit(cache=True, nogil=True)
def decide(values, partners, params, keys, moves, counts, index, avail, control, table, budget):
    """Depth-first search for any winning line, until a result or `budget` nodes in all.
    On WIN the line is moves[d * MAX_MOVES + index[d] - 1] for d < control[C_DEPTH]."""
    depth = control[C_DEPTH]
    nodes = control[C_NODES]
    count = control[C_COUNT]
    bits = 0
    while (1 << bits) < table.size:
        bits += 1
    grow_at = table.size // 2
    result = LOST
    while depth >= 0:
        i = index[depth]
        if i >= counts[depth]:
            depth -= 1  # every move of this position lost
            continue
        if nodes >= budget:
            result = BUDGET
            break
        if count >= grow_at:
            result = GROW
            break
        index[depth] = i + 1
        child = _play(keys[depth], moves[depth * MAX_MOVES + i])
        if child & PYRAMID_BITS == PYRAMID_BITS:
            depth += 1
            keys[depth] = child
            result = WIN
            break
        slot = _find(table, child, bits)
        if table[slot] != 0:
            continue  # searched before: lost
        table[slot] = child + 1
        count += 1
        nodes += 1
        if _hopeless(child & REMOVED_BITS, values, partners):
            continue
        n = _moves(child, values, params, avail, moves, (depth + 1) * MAX_MOVES)
        if n == 0:
            continue
        depth += 1
        keys[depth] = child
        counts[depth] = n
        index[depth] = 0
    control[C_DEPTH] = depth
    control[C_NODES] = nodes
    control[C_COUNT] = count
    return result
