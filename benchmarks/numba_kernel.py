"""The numba kernel the C kernel (src/pyramid_solitaire/solver/c/) replaced, kept to compare them.

benchmarks/kernel_agreement.py runs both on the same positions; they must agree exactly (the C
kernel is a port of this one). Needs numba and numpy: `pip install -e '.[numba]'`.

Its own description, as it was: the solver's compiled hot loop: depth-first search over packed
positions.

A position packs into one int64 key: removed (52 bits, deck positions as in `deal.py`)
| drawn << 52 | recycles << 57. `drawn` is canonical: trailing removed waste positions are
dropped, so two ways of writing the same physical position give one key.

One loop, `search`, serves two modes that share the move generator, a quick proof of loss
(`_lost`) and the node count:
- the decision search: does a winning line exist? Depth first; the table keeps, per set of cards
  left, the earliest point in the stock at which it was found lost.
- the shortest search: one iteration of IDA* per call. The table keeps, per position, a proven
  lower bound on the steps still needed; it only ever rises, and every pruning uses it.

Both run in slices of a node budget and keep their whole state (explicit stack, table) in
arrays owned by the caller (named tuples: `Cards`, `Work`, `Table`), so Python can read the
clock between slices, grow the table, and resume. No recursion: recursive njit functions crash
when loaded from numba's cache.
"""

from collections import namedtuple
from typing import Any

import numpy as np
from numba import njit, types
from numba.extending import intrinsic

from pyramid_solitaire.engine.deal import Deal
from pyramid_solitaire.solver.search import FIRST_TABLE_BITS, MAX_TABLE_BITS, _Budget, _Search

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

# The rules array: the variant's rules and the search mode.
RULE_WASTES, RULE_PILES, RULE_OPEN, RULE_RECYCLES, RULE_SHORTEST = range(5)
# Control array: where the search stands between slices.
C_DEPTH, C_NODES, C_COUNT, C_BOUND, C_RELAXED = range(5)

LOST_KEY = (1 << 53) - 1  # decision table entries: removed + 1 in these bits, a time above
FULL_KEY = -1  # shortest table entries: the whole key + 1
INFINITE = 255  # a lower bound meaning "cannot be won"

# The arrays the searches work in, by name (numba takes named tuples of arrays as arguments).
# A deal as the search sees it. Per deck position: the card's value and the mask of positions
# holding its partners; per value v: the mask of positions holding a card worth v. The rules
# array (RULE_*). The shortest search's pair tables (see `pair_tables`; empty for the other).
Cards = namedtuple("Cards", "values partners holding rules class_slots class_pairs")
# The explicit search stack, one entry per depth: the position, its moves (MAX_MOVES each), how
# many, how many were tried, and (shortest search) the least bound found below it.
Stack = namedtuple("Stack", "keys moves counts tried below")
# Scratch space of the move generator and the estimate, and the estimate's memo of pyramids.
Scratch = namedtuple("Scratch", "available need above pyramids figures")
# The relaxed game's memo (positions and verdicts) and its own explicit stack.
Relaxed = namedtuple("Relaxed", "memo verdicts keys moves counts tried")
# Everything one search works in besides its table; `control` is where it stands (C_*).
Work = namedtuple("Work", "stack scratch relaxed control")
# The hash table: entries (a key + 1, see `_find`) and, for the shortest search, bounds.
Table = namedtuple("Table", "entries bounds")

# The search functions never allocate, so they run without numba's reference counting: its
# atomic counts on every array passed to a helper cost more than the helper's own work.
# `_nrt` is a private numba option: where a numba lacks it, the kernel runs with counting (slower).
try:
    from numba.core.cpu import CPUTargetOptions

    _NO_REFCOUNT = {"_nrt": False} if hasattr(CPUTargetOptions, "_nrt") else {}
except ImportError:
    _NO_REFCOUNT = {}
hot = njit(cache=True, nogil=True, **_NO_REFCOUNT)  # type: ignore[call-overload]

SEARCH_RELAXED_MEMO_BITS = 16  # the relaxed game's memo, as the C kernel's
# The relaxed game (see `_relaxed_lost`): its moves and its memo's verdicts.
RELAXED_DEPTH = 32
RELAXED_MOVES = 48
OUTSIDE = 31
RELAXED_LOST, RELAXED_WON = 1, 2


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


def card_arrays(cards) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The values, partners and holding arrays of `Cards` for a deck in deal order."""
    values = [c % 13 + 1 for c in cards]
    holding = [0] * 14
    for p, v in enumerate(values):
        holding[v] |= 1 << p
    partners = [holding[13 - v] if v < 13 else 0 for v in values]
    return np.array(values, np.int64), np.array(partners, np.int64), np.array(holding, np.int64)


def pack(removed: int, drawn: int, recycles: int) -> int:
    return int(canonical(np.int64(removed), np.int64(drawn), np.int64(recycles)))


@hot
def canonical(removed, drawn, recycles):
    """The key of a position; waste positions at the end that are gone do not count as drawn."""
    while drawn > 0 and (removed >> (PYRAMID - 1 + drawn)) & 1:
        drawn -= 1
    return removed | (drawn << DRAWN_SHIFT) | (recycles << RECYCLES_SHIFT)


@intrinsic
def _popcount(typingctx, x):
    """Set bits of an int64, as the CPU's popcount instruction."""

    def codegen(context, builder, signature, args):
        return builder.ctpop(args[0])

    return types.int64(types.int64), codegen


@hot
def _free(removed, s):
    return not (removed >> s) & 1 and (removed & COVER[s]) == COVER[s]


@hot
def _available(removed, drawn, rules, out):
    """Deck positions of the available cards, pyramid first; returns how many."""
    n = 0
    for s in range(PYRAMID):
        if _free(removed, s):
            out[n] = s
            n += 1
    piles = rules[RULE_PILES]
    if piles > 0:
        for j in range(piles):
            for q in range(PYRAMID + 3 * j + 2, PYRAMID + 3 * j - 1, -1):
                if not (removed >> q) & 1:
                    out[n] = q
                    n += 1
                    break
        return n
    wastes = rules[RULE_WASTES]
    found = 0  # bit k: the top of waste pile k is known
    q = PYRAMID + drawn - 1
    while q >= PYRAMID and found != (1 << wastes) - 1:
        k = (q - PYRAMID) % wastes
        if not (removed >> q) & 1 and not (found >> k) & 1:
            found |= 1 << k
            out[n] = q
            n += 1
        q -= 1
    if rules[RULE_OPEN]:
        for q in range(PYRAMID + drawn, DECK):
            if not (removed >> q) & 1:
                out[n] = q
                n += 1
                break
    return n


@hot
def _hopeless(removed, values, partners):
    """True when some pyramid card can never be paired: every partner left lies above or below
    it in the pyramid, so the two are never free at the same time."""
    for s in range(PYRAMID):
        if not (removed >> s) & 1 and values[s] != 13:
            if partners[s] & ~removed & ~CONE[s] == 0:
                return True
    return False


@hot
def _moves(key, cards, avail, out, start):
    """Write the moves of a position into out[start:], best first; returns how many.
    An available pyramid king is removed without branching: it pairs with nothing, so removing
    it only frees cards. In the decision search a waste or stock king is removed the same way
    (a king there only hides the card under it); the shortest search must weigh that step."""
    removed = key & REMOVED_BITS
    drawn = (key >> DRAWN_SHIFT) & 31
    recycles = key >> RECYCLES_SHIFT
    values, rules = cards.values, cards.rules
    n = _available(removed, drawn, rules, avail)
    shortest = rules[RULE_SHORTEST]
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
    if rules[RULE_PILES] == 0:
        # Draw: the next card (or three, one per waste pile) leaves the stock.
        taken = 0
        last = -1
        for q in range(PYRAMID + drawn, DECK):
            if not (removed >> q) & 1:
                last = q
                taken += 1
                if taken == rules[RULE_WASTES]:
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
    if rules[RULE_PILES] == 0 and recycles < rules[RULE_RECYCLES]:
        stock_empty = True
        for q in range(PYRAMID + drawn, DECK):
            if not (removed >> q) & 1:
                stock_empty = False
                break
        if stock_empty and drawn > 0:  # canonical: drawn > 0 means a card lies on the waste
            out[m] = RECYCLE
            m += 1
    return m - start


@hot
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


# --- hash tables: open addressing, linear probing, sizes powers of two -------------------------


@hot
def _bits(table):
    bits = 0
    while (1 << bits) < table.size:
        bits += 1
    return bits


@hot
def _find(table, key, bits, key_bits):
    """Index of `key` in the table, or of the empty slot where it would go. An entry holds
    key + 1 in its `key_bits` (0 marks an empty slot) and maybe a small figure above them."""
    mask = table.size - 1
    i = np.int64((np.uint64(key) * np.uint64(0x9E3779B97F4A7C15)) >> np.uint64(64 - bits))
    while table[i] != 0 and table[i] & key_bits != key + 1:
        i = (i + 1) & mask
    return i


@hot
def rehash(old, new, key_bits):
    """Move every entry of a full `Table` into a bigger one."""
    bits = _bits(new.entries)
    for i in range(old.entries.size):
        if old.entries[i] != 0:
            j = _find(new.entries, (old.entries[i] & key_bits) - 1, bits, key_bits)
            new.entries[j] = old.entries[i]
            new.bounds[j] = old.bounds[i]


# --- the relaxed game: a quick proof that a position is lost ----------------------------------
#
# Let every card outside the pyramid be available at all times. Any real line of play is a line
# of this easier game too, so a position lost in it is lost for real. Which outside card of a
# value is used no longer matters, so its position is: the pyramid cards gone (28 bits), then for
# each value v = 1..12 how many outside cards worth v are left (3 bits each), counted only up to
# the pyramid cards they could pair with. Deals have few such positions (the pyramid cards gone
# always form one of 1430 shapes), so a memo of them makes the proof nearly free.


@hot
def _relaxed_count(rkey, v):
    return (rkey >> (PYRAMID + 3 * (v - 1))) & 7


@hot
def _relaxed_cap(rkey, v, holding):
    """Count outside cards worth v only up to the pyramid cards left that they pair with."""
    shift = PYRAMID + 3 * (v - 1)
    have = (rkey >> shift) & 7
    need = _popcount(holding[13 - v] & ~rkey & PYRAMID_BITS)
    if have > need:
        rkey -= (have - need) << shift
    return rkey


@hot
def relaxed_key(removed, holding):
    rkey = removed & PYRAMID_BITS
    outside = ~removed & REMOVED_BITS & ~PYRAMID_BITS
    for v in range(1, 13):
        rkey |= _popcount(holding[v] & outside) << (PYRAMID + 3 * (v - 1))
        rkey = _relaxed_cap(rkey, v, holding)
    return rkey


@hot
def _relaxed_moves(rkey, values, out, start):
    """Moves of the relaxed game: a free king alone (without branching), a pair of free pyramid
    cards, or a free pyramid card with an outside card of the right value."""
    m = start
    for a in range(PYRAMID):
        if _free(rkey, a) and values[a] == 13:
            out[start] = a | (a << 5)
            return 1
    for a in range(PYRAMID):
        if not _free(rkey, a):
            continue
        for b in range(a + 1, PYRAMID):
            if values[a] + values[b] == 13 and _free(rkey, b):
                out[m] = a | (b << 5)
                m += 1
        if _relaxed_count(rkey, 13 - values[a]) > 0:
            out[m] = a | (OUTSIDE << 5)
            m += 1
    return m - start


@hot
def _relaxed_play(rkey, move, values, holding):
    a = move & 31
    b = move >> 5
    rkey |= 1 << a
    if b == OUTSIDE:
        rkey -= 1 << (PYRAMID + 3 * (12 - values[a]))
    else:
        rkey |= 1 << b
        if values[b] < 13:
            rkey = _relaxed_cap(rkey, 13 - values[b], holding)
    if values[a] < 13:
        rkey = _relaxed_cap(rkey, 13 - values[a], holding)
    return rkey


@hot
def _relaxed_find(memo, rkey):
    mask = memo.size - 1
    i = np.int64((np.uint64(rkey) * np.uint64(0x9E3779B97F4A7C15)) >> np.uint64(64 - _bits(memo)))
    return i, mask


@hot
def _relaxed_lookup(memo, verdicts, rkey):
    i, mask = _relaxed_find(memo, rkey)
    while verdicts[i] != 0:
        if memo[i] == rkey:
            return verdicts[i]
        i = (i + 1) & mask
    return 0


@hot
def _relaxed_store(relaxed, rkey, verdict, control):
    """Remember a verdict; a memo half full is emptied (it only saves work)."""
    memo, verdicts = relaxed.memo, relaxed.verdicts
    if control[C_RELAXED] >= memo.size // 2:
        verdicts[:] = 0
        control[C_RELAXED] = 0
    i, mask = _relaxed_find(memo, rkey)
    while verdicts[i] != 0 and memo[i] != rkey:
        i = (i + 1) & mask
    if verdicts[i] == 0:
        control[C_RELAXED] += 1
    memo[i] = rkey
    verdicts[i] = verdict


@hot
def _relaxed_lost(removed, cards, relaxed, control):
    """True when the relaxed game cannot be won from these cards: then the position is lost.
    Depth first with an explicit stack, every verdict memoised."""
    values, holding = cards.values, cards.holding
    keys, moves, counts, tried = relaxed.keys, relaxed.moves, relaxed.counts, relaxed.tried
    rkey = relaxed_key(removed, holding)
    known = _relaxed_lookup(relaxed.memo, relaxed.verdicts, rkey)
    if known != 0:
        return known == RELAXED_LOST
    depth = 0
    keys[0] = rkey
    counts[0] = _relaxed_moves(rkey, values, moves, 0)
    tried[0] = 0
    while depth >= 0:
        i = tried[depth]
        if i >= counts[depth]:
            _relaxed_store(relaxed, keys[depth], RELAXED_LOST, control)
            depth -= 1
            continue
        tried[depth] = i + 1
        child = _relaxed_play(keys[depth], moves[depth * RELAXED_MOVES + i], values, holding)
        known = _relaxed_lookup(relaxed.memo, relaxed.verdicts, child)
        if child & PYRAMID_BITS == PYRAMID_BITS or known == RELAXED_WON:
            for d in range(depth + 1):
                _relaxed_store(relaxed, keys[d], RELAXED_WON, control)
            return False
        if known == RELAXED_LOST:
            continue
        depth += 1
        keys[depth] = child
        counts[depth] = _relaxed_moves(child, values, moves, depth * RELAXED_MOVES)
        tried[depth] = 0
    return True


def _pile_masks():
    """Deck positions of each of the three waste piles (a draw deals position p onto pile
    (p - 28) % 3), and of each of Giza's eight piles of three."""
    wastes = np.zeros(3, np.int64)
    for p in range(PYRAMID, DECK):
        wastes[(p - PYRAMID) % 3] |= 1 << p
    piles = np.array([7 << (PYRAMID + 3 * j) for j in range(8)], np.int64)
    return wastes, piles


THREE_WASTES, GIZA_PILES = _pile_masks()


@hot
def _blocker(removed, values, holding, first, last, step, partners_from):
    """A pile that loses cards only from its top (a waste pile, a Giza pile), its cards at
    positions first, first - step, ... down to last. To reach a card, every card above it must
    leave first, alone (a king) or with a partner, a different one each: a pyramid card, or one
    of the outside cards `partners_from` (those that can be available together with the pile's
    top). Scanning down from the top, the first card for which too few partners are left
    (counting those the cards above it take) can never leave, and no card under it can come to
    the top, until the pile is turned over. Returns its position, or -1."""
    left = ~removed & PYRAMID_BITS
    demand = 0  # per partner value u, in bits 4u..4u+3: partners the cards above take
    for q in range(first, last - 1, -step):
        v = values[q]
        if (removed >> q) & 1 or v == 13:
            continue
        u = 13 - v
        wanted = ((demand >> (4 * u)) & 15) + 1
        if wanted > _popcount(holding[u] & (left | partners_from)):
            return q
        demand += 1 << (4 * u)
    return -1


@hot
def buried(key, cards):
    """Outside cards that can never be available again. In the last pass (no recycle left, and
    always in Giza) a waste or Giza pile only loses cards from its top, so everything under a
    card that can never leave (`_blocker`; it counts as gone too) stays covered. Which outside
    cards can be available together with a pile's top: one waste pile: the open stock's cards
    (none with a closed stock); three waste piles or Giza: the other piles' cards."""
    values, holding, rules = cards.values, cards.holding, cards.rules
    removed = key & REMOVED_BITS
    drawn = (key >> DRAWN_SHIFT) & 31
    if rules[RULE_PILES] == 0 and (key >> RECYCLES_SHIFT) < rules[RULE_RECYCLES]:
        return 0
    outside = ~removed & REMOVED_BITS & ~PYRAMID_BITS
    dead = 0
    if rules[RULE_PILES] > 0:
        for j in range(rules[RULE_PILES]):
            base = PYRAMID + 3 * j
            q = _blocker(removed, values, holding, base + 2, base, 1, outside & ~GIZA_PILES[j])
            if q >= 0:
                dead |= outside & ((1 << (q + 1)) - 1) & ~((1 << base) - 1)
        return dead
    top = PYRAMID + drawn  # positions below this are on the waste
    if rules[RULE_WASTES] == 1:
        others = outside & ~((1 << top) - 1) if rules[RULE_OPEN] else 0
        q = _blocker(removed, values, holding, top - 1, PYRAMID, 1, others)
        return outside & ((1 << (q + 1)) - 1) if q >= 0 else 0
    for k in range(3):
        first = top - 1 - (top - 1 - PYRAMID - k) % 3  # the pile's top position (or below its bottom)
        q = _blocker(removed, values, holding, first, PYRAMID + k, 3, outside & ~THREE_WASTES[k])
        if q >= 0:
            dead |= outside & THREE_WASTES[k] & ((1 << (q + 1)) - 1)
    return dead


@hot
def _lost(key, cards, relaxed, control):
    """A quick proof that a position is lost: a pyramid card without a partner that can ever be
    free with it, or the relaxed game lost; buried outside cards count as gone."""
    gone = (key & REMOVED_BITS) | buried(key, cards)
    return _hopeless(gone, cards.values, cards.partners) or _relaxed_lost(gone, cards, relaxed, control)


@hot
def _may_lose(child, move, cards):
    """Whether a move can make the quick proof succeed where it failed before it: a removal,
    or in the last pass a draw (the card it puts on a waste pile takes a partner from every card
    under it, see `_blocker`)."""
    kind = move & 3
    if kind <= PAIR:
        return True
    return kind == DRAW and (child >> RECYCLES_SHIFT) >= cards.rules[RULE_RECYCLES]


# --- the shortest search's estimate: a lower bound on the steps left ---------------------------


@hot
def _pyramid_pairs(left, v, holding, wpos):
    """The most pairs the pyramid cards left worth v and 13 - v can make among themselves: two
    pyramid cards pair only if neither lies over the other. A maximum matching, found by
    tracking which sets of the (at most four) 13 - v cards the first cards can use up."""
    vs = holding[v] & left
    ws = holding[13 - v] & left
    if vs == 0 or ws == 0:
        return 0
    nw = 0
    while ws:
        low = ws & -ws
        wpos[nw] = _popcount(low - 1)
        nw += 1
        ws ^= low
    reach = 1  # bit m: the 13 - v cards in set m can all be used by pairs so far
    while vs:
        low = vs & -vs
        s = _popcount(low - 1)
        vs ^= low
        fits = 0
        for j in range(nw):
            if not (CONE[s] >> wpos[j]) & 1:
                fits |= 1 << j
        grown = reach
        for m in range(1 << nw):
            if (reach >> m) & 1:
                for j in range(nw):
                    if (fits >> j) & 1 and not (m >> j) & 1:
                        grown |= 1 << (m | (1 << j))
        reach = grown
    most = 0
    for m in range(1 << nw):
        if (reach >> m) & 1:
            most = max(most, _popcount(m))
    return most


CLASS_CARDS = 8  # a class {v, 13-v} has at most 8 cards in the pyramid


@njit(cache=True, nogil=True)
def pair_tables(values, holding):
    """Per class c = {v, 13-v} (v = 1..6): the pyramid slots of its cards (class_slots[8c + i],
    -1 past the last), and for every subset of them still in the pyramid (bit i: slot i is
    left), the most pairs they can make among themselves (pairs[256c + subset])."""
    class_slots = np.full(7 * CLASS_CARDS, -1, np.int64)
    pairs = np.zeros(7 << CLASS_CARDS, np.int64)
    wpos = np.zeros(4, np.int64)
    for c in range(1, 7):
        n = 0
        for s in range(PYRAMID):
            if values[s] == c or values[s] == 13 - c:
                class_slots[c * CLASS_CARDS + n] = s
                n += 1
        for subset in range(1 << n):
            left = 0
            for i in range(n):
                if (subset >> i) & 1:
                    left |= 1 << class_slots[c * CLASS_CARDS + i]
            pairs[(c << CLASS_CARDS) + subset] = _pyramid_pairs(left, c, holding, wpos)
    return class_slots, pairs


@hot
def _class_pairs(left, c, class_slots, pairs):
    subset = 0
    for i in range(CLASS_CARDS):
        s = class_slots[c * CLASS_CARDS + i]
        if s < 0:
            break
        subset |= ((left >> s) & 1) << i
    return pairs[(c << CLASS_CARDS) + subset]


PYRAMID_MEMO_BITS = 12
PYRAMID_MEMO_WIDTH = 32  # per pyramid: kings, steps, steps per class, need per value, count per value


@hot
def _pyramid_figures(left, cards, scratch):
    """The pyramid part of the estimate, which depends only on the pyramid cards left; few sets
    of them occur in a search, so the figures are kept in a small direct-mapped memo. Returns
    the offset of the figures in `memo`: kings, steps, steps of class c at 1 + c, cards needed
    from outside worth w at 7 + w, pyramid cards left worth v at 19 + v."""
    holding, memo_keys, memo = cards.holding, scratch.pyramids, scratch.figures
    slot = np.int64((np.uint64(left) * np.uint64(0x9E3779B97F4A7C15)) >> np.uint64(64 - PYRAMID_MEMO_BITS))
    at = slot * PYRAMID_MEMO_WIDTH
    if memo_keys[slot] == left:
        return at
    memo_keys[slot] = left
    for v in range(1, 13):
        memo[at + 19 + v] = _popcount(holding[v] & left)
    kings = _popcount(holding[13] & left)
    steps = kings
    for c in range(1, 7):
        m = _class_pairs(left, c, cards.class_slots, cards.class_pairs)
        a = memo[at + 19 + c]
        b = memo[at + 32 - c]
        memo[at + 1 + c] = a + b - m
        memo[at + 7 + 13 - c] = a - m
        memo[at + 7 + c] = b - m
        steps += a + b - m
    memo[at] = kings
    memo[at + 1] = steps
    return at


@hot
def estimate(key, cards, scratch):
    """A lower bound on the steps still needed.
    Pairs and kings: a pair removes one card of each value of its pair of values {v, 13-v} (a
    "class"). If the pyramid holds a cards worth v and b worth 13-v, of which at most m pairs can
    be made inside the pyramid (a card never pairs with one above or below it), the class needs
    at least a + b - m steps that take a pyramid card; each king in the pyramid one step.
    Draws: a - m cards worth 13-v (and b - m worth v) must come from outside. If those are still
    in the stock, every stock card above the one needed (the "target") must leave the top of the
    stock first. Without an open stock, each is drawn: one step each (a draw deals three with
    three wastes). With an open stock a card may also leave by a pair: a king, or a card with no
    partner left in the pyramid, still costs a step of its own; a card that pairs with a pyramid
    card of class c raises that class's steps to at least (a + b + those cards) / 2, since each
    such pair takes just one pyramid card."""
    values, holding, rules, memo = cards.values, cards.holding, cards.rules, scratch.figures
    removed = key & REMOVED_BITS
    drawn = (key >> DRAWN_SHIFT) & 31
    left = ~removed & PYRAMID_BITS
    at = _pyramid_figures(left, cards, scratch)
    kings = memo[at]
    best = memo[at + 1]
    if rules[RULE_PILES] > 0:
        return best
    base = memo[at + 1 : at + 8]  # steps per class
    count = memo[at + 19 : at + 33]  # pyramid cards left per value
    need = scratch.need  # cards per value that must come from outside
    above = scratch.above  # open stock: stock cards above the target per class
    for w in range(1, 13):
        need[w] = memo[at + 7 + w]
    pairs = best - kings
    wastes = rules[RULE_WASTES]
    waste = ~removed & (((1 << drawn) - 1) << PYRAMID)
    # One waste, closed stock: the cards from the waste's blocker down (see `_blocker`) are
    # "behind": to use one, the whole stock must be drawn, the waste turned over and drawn up to it.
    behind = 0
    if wastes == 1 and not rules[RULE_OPEN]:
        q = _blocker(removed, values, holding, PYRAMID + drawn - 1, PYRAMID, 1, 0)
        if q >= 0:
            behind = waste & ((1 << (q + 1)) - 1)
    targets = 0
    for w in range(1, 13):
        need[w] -= _popcount(holding[w] & waste & ~behind)  # those on the waste cost no draw
        if need[w] > 0:
            targets += 1
    if targets == 0:
        return best
    # One walk down the stock: when the last card needed of a value turns up, the cards passed
    # so far give a bound.
    passed = 0  # stock cards passed that cost a step of their own
    above[:] = 0
    for q in range(PYRAMID + drawn, DECK):
        if (removed >> q) & 1:
            continue
        u = values[q]
        if need[u] > 0:
            need[u] -= 1
            if need[u] == 0:
                if not rules[RULE_OPEN]:
                    steps = kings + pairs + (passed + 1 + wastes - 1) // wastes  # this one drawn too
                else:
                    steps = kings + passed
                    for c in range(1, 7):
                        steps += max(base[c], (count[c] + count[13 - c] + above[c] + 1) // 2)
                best = max(best, steps)
                targets -= 1
                if targets == 0:
                    break
        if not rules[RULE_OPEN] or u == 13 or count[13 - u] == 0:
            passed += 1
        else:
            above[min(u, 13 - u)] += 1
    if targets > 0 and behind and (key >> RECYCLES_SHIFT) < rules[RULE_RECYCLES]:
        # The stock is drawn to the end (passed cards), one recycle, then the cards behind
        # come first in the new stock, in the order they were drawn.
        rank = 0
        for q in range(PYRAMID, PYRAMID + drawn):
            if not (behind >> q) & 1:
                continue
            rank += 1
            u = values[q]
            if need[u] > 0:
                need[u] -= 1
                if need[u] == 0:
                    best = max(best, kings + pairs + passed + 1 + rank)
    return best


# --- the search: one loop for both modes --------------------------------------------------------
#
# The decision search (rules[RULE_SHORTEST] == 0) looks depth first for any winning line. The
# position graph is acyclic (cards only leave, `drawn` only grows within a pass, `recycles` only
# grows), so a position met again was fully searched and lost; the table keeps, per set of cards
# left, the earliest point in the stock at which it was found lost.
# The shortest search runs one iteration of IDA* per call of `search` with a `limit`: a position
# at depth g is cut when g + (lower bound) > limit. When all its moves fail, its bound rises to
# the least of 1 + (bound of a child): a proof that needs fewer steps fails, kept in the table
# (only ever rising) for later meetings and iterations.


@hot
def _time(key):
    """How far play has gone through the stock: recycles, then drawn. From a position, draws and
    recycles alone reach the same cards at every later time, so if it is lost, so are those."""
    return (key >> RECYCLES_SHIFT) * 25 + ((key >> DRAWN_SHIFT) & 31)


@hot
def _known_lost(table, key, bits):
    """The decision table: the cards left in `key` were found lost at its time or an earlier one."""
    entry = table.entries[_find(table.entries, key & REMOVED_BITS, bits, LOST_KEY)]
    return entry != 0 and entry >> 53 <= _time(key)


@hot
def _mark_lost(table, key, bits):
    """Remember that the cards left in `key` lose from its time on; returns 1 for a new entry."""
    entries = table.entries
    removed = key & REMOVED_BITS
    slot = _find(entries, removed, bits, LOST_KEY)
    t = _time(key)
    if entries[slot] == 0 or t < entries[slot] >> 53:
        new = entries[slot] == 0
        entries[slot] = (removed + 1) | (t << 53)
        return 1 if new else 0
    return 0


@hot
def _bound(table, key, bits):
    """The shortest table: the lower bound proven for `key` so far (0 if none)."""
    slot = _find(table.entries, key, bits, FULL_KEY)
    return np.int64(table.bounds[slot]) if table.entries[slot] != 0 else 0


@hot
def _raise_bound(table, key, bound, bits):
    """Store a proven lower bound (never lowering one); returns 1 for a new entry."""
    slot = _find(table.entries, key, bits, FULL_KEY)
    if table.entries[slot] == 0:
        table.entries[slot] = key + 1
        table.bounds[slot] = bound
        return 1
    if bound > table.bounds[slot]:
        table.bounds[slot] = bound
    return 0


@hot
def _record_lost(table, key, shortest, bits):
    """A position proven lost by the quick proof or for want of moves; 1 for a new entry."""
    if shortest:
        return _raise_bound(table, key, INFINITE, bits)
    return _mark_lost(table, key, bits)


@hot
def _push(stack, depth, key, count):
    """Make `key`, whose `count` moves are at moves[depth * MAX_MOVES:], the position at `depth`."""
    stack.keys[depth] = key
    stack.counts[depth] = count
    stack.tried[depth] = 0
    stack.below[depth] = INFINITE


@hot
def start(key, cards, work):
    """Put the root position on the stack: WIN if already won, LOST if no move can help."""
    work.control[C_DEPTH] = 0
    if key & PYRAMID_BITS == PYRAMID_BITS:
        return WIN
    if _lost(key, cards, work.relaxed, work.control):
        return LOST
    n = _moves(key, cards, work.scratch.available, work.stack.moves, 0)
    if n == 0:
        return LOST
    _push(work.stack, 0, key, n)
    return BUDGET


@hot
def search(cards, work, table, budget, limit):
    """Search from the stack as `start` or an earlier call left it, until a result or `budget`
    nodes in all (`limit`: the shortest search's most steps). A node is a position looked at
    past the table and the bound, counted in this one place in both modes. On WIN the line is
    moves[d * MAX_MOVES + tried[d] - 1] for d < control[C_DEPTH]. After a failed IDA* iteration
    the root's bound (control[C_BOUND]) is the next limit."""
    stack, control = work.stack, work.control
    shortest = cards.rules[RULE_SHORTEST] != 0
    depth, nodes, count = control[C_DEPTH], control[C_NODES], control[C_COUNT]
    bits = _bits(table.entries)
    grow_at = table.entries.size // 2
    result = LOST
    while depth >= 0:
        if count >= grow_at:
            result = GROW
            break
        i = stack.tried[depth]
        if i >= stack.counts[depth]:  # every move of this position fails
            if shortest:
                bound = stack.below[depth]
                count += _raise_bound(table, stack.keys[depth], bound, bits)
                if depth > 0:
                    stack.below[depth - 1] = min(stack.below[depth - 1], bound + 1, INFINITE)
                else:
                    control[C_BOUND] = bound
            else:
                count += _mark_lost(table, stack.keys[depth], bits)
            depth -= 1
            continue
        if nodes >= budget:
            result = BUDGET
            break
        stack.tried[depth] = i + 1
        move = stack.moves[depth * MAX_MOVES + i]
        child = _play(stack.keys[depth], move)
        if child & PYRAMID_BITS == PYRAMID_BITS:
            depth += 1
            stack.keys[depth] = child
            result = WIN
            break
        if shortest:
            bound = estimate(child, cards, work.scratch)
            if depth + 1 + bound <= limit:  # only then can the table's bound matter
                bound = max(bound, _bound(table, child, bits))
            if bound >= INFINITE:
                continue
            if depth + 1 + bound > limit:
                stack.below[depth] = min(stack.below[depth], bound + 1)
                continue
        elif _known_lost(table, child, bits):
            continue
        nodes += 1
        if _may_lose(child, move, cards) and _lost(child, cards, work.relaxed, control):
            count += _record_lost(table, child, shortest, bits)
            continue
        n = _moves(child, cards, work.scratch.available, stack.moves, (depth + 1) * MAX_MOVES)
        if n == 0:
            count += _record_lost(table, child, shortest, bits)
            continue
        depth += 1
        _push(stack, depth, child, n)
    control[C_DEPTH] = depth
    control[C_NODES] = nodes
    control[C_COUNT] = count
    return result


# --- its search, with the C kernel's search class's interface --------------------------------


def _cards(deal: Deal, shortest: bool) -> Cards:
    """The deal as the compiled search sees it, with the rules and the search mode."""
    v = deal.variant
    rules = np.array([v.wastes, v.piles, int(v.open_stock), v.recycles, int(shortest)], np.int64)
    values, partners, holding = card_arrays(deal.cards)
    if shortest:
        class_slots, class_pairs = pair_tables(values, holding)
    else:  # only the shortest search's estimate uses them
        class_slots, class_pairs = (
            np.full(7 * CLASS_CARDS, -1, np.int64),
            np.zeros(7 << CLASS_CARDS, np.int64),
        )
    return Cards(values, partners, holding, rules, class_slots, class_pairs)


def _work() -> Work:
    """The explicit stacks, scratch space and memos of one search."""
    depth = np.zeros(MAX_DEPTH, np.int64)
    stack = Stack(
        keys=depth.copy(),
        moves=np.zeros(MAX_DEPTH * MAX_MOVES, np.int64),
        counts=depth.copy(),
        tried=depth.copy(),
        below=depth.copy(),
    )
    scratch = Scratch(
        available=np.zeros(64, np.int64),
        need=np.zeros(14, np.int64),
        above=np.zeros(7, np.int64),
        pyramids=np.full(1 << PYRAMID_MEMO_BITS, -1, np.int64),
        figures=np.zeros(PYRAMID_MEMO_WIDTH << PYRAMID_MEMO_BITS, np.int64),
    )
    relaxed_depth = np.zeros(RELAXED_DEPTH, np.int64)
    relaxed = Relaxed(
        memo=np.zeros(1 << SEARCH_RELAXED_MEMO_BITS, np.int64),
        verdicts=np.zeros(1 << SEARCH_RELAXED_MEMO_BITS, np.uint8),
        keys=relaxed_depth.copy(),
        moves=np.zeros(RELAXED_DEPTH * RELAXED_MOVES, np.int64),
        counts=relaxed_depth.copy(),
        tried=relaxed_depth.copy(),
    )
    return Work(stack, scratch, relaxed, control=np.zeros(5, np.int64))


def numba_table(bits: int) -> Table:
    return Table(entries=np.zeros(1 << bits, np.int64), bounds=np.zeros(1 << bits, np.uint8))


class NumbaSearch(_Search):
    """One search in this kernel, with the C kernel's search class's interface and result codes."""

    cards: Any  # numba's named tuples of numpy arrays, not buffers
    work: Any

    def __init__(self, deal: Deal, shortest: bool):
        self.deal = deal
        self.cards = _cards(deal, shortest)
        self.work = _work()
        self.control = self.work.control
        self.key_bits = FULL_KEY if shortest else LOST_KEY
        self.table = numba_table(FIRST_TABLE_BITS)

    def grow(self) -> None:
        bits = self.table.entries.size.bit_length()  # one more than now
        old = self.table
        self.table = numba_table(min(bits, MAX_TABLE_BITS))
        if bits > MAX_TABLE_BITS:
            self.control[C_COUNT] = 0
        else:
            rehash(old, self.table, self.key_bits)

    @property
    def nodes(self) -> int:
        return int(self.control[C_NODES])

    def carry_nodes(self, nodes: int) -> None:
        self.control[C_NODES] = nodes

    def codes(self) -> list[int]:
        moves, tried = self.work.stack.moves, self.work.stack.tried
        return [int(moves[d * MAX_MOVES + tried[d] - 1]) for d in range(int(self.control[C_DEPTH]))]

    def run(self, key: int, budget: _Budget, limit: int = 0) -> int:
        status = start(key, self.cards, self.work)
        while status == BUDGET:
            status = search(self.cards, self.work, self.table, budget.next_stop(self.nodes), limit)
            if status == GROW:
                self.grow()
                status = BUDGET
            elif status == BUDGET and budget.spent(self.nodes):
                break
        return int(status)

    def estimate(self, key: int) -> int:
        return int(estimate(key, self.cards, self.work.scratch))
