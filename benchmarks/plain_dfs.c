/* A plain depth-first search: the baseline the kernel's loss proofs are measured against
 * (benchmarks/plain_dfs.py builds this file with the kernel's compiler flags and loads it).
 *
 * Does a winning line exist? It searches every legal move, depth first, and remembers the
 * positions it found lost in a hash set; nothing else prunes: no quick proof of loss, no
 * relaxed game, no buried cards, no "lost from this point of the stock on". Two rules of plain
 * sense it shares with the kernel, so that only the loss proofs make the difference: an
 * available king is removed without branching (removing it only uncovers cards), and a
 * position's key drops waste cards that are gone from the end of the drawn cards (one key per
 * physical position). The moves are tried in the kernel's order: pyramid pairs, draw, other
 * pairs, recycle. Positions are packed as the kernel packs them: removed (52 bits, 0..27 the
 * pyramid, 28..51 the stock from its top) | drawn << 52 | recycles << 57.
 *
 * This is a benchmark, not the solver: it may allocate (the memo grows with malloc). */
#include <stdint.h>
#include <stdlib.h>

#define PYRAMID 28
#define DECK 52
#define REMOVED ((INT64_C(1) << DECK) - 1)
#define PYRAMID_BITS ((INT64_C(1) << PYRAMID) - 1)

typedef struct {
    int value[DECK];
    int64_t cover[PYRAMID];
    int wastes, piles, open_stock, recycles;
    int64_t *memo; /* see find */
    int64_t memo_size, memo_count;
    int64_t nodes, node_limit;
} Plain;

static int64_t canonical(int64_t removed, int drawn, int recycles) {
    while (drawn > 0 && ((removed >> (PYRAMID - 1 + drawn)) & 1)) drawn--;
    return removed | ((int64_t)drawn << 52) | ((int64_t)recycles << 57);
}

/* The memo. An entry holds a memo key + 1 (0 marks an empty slot). With TIME_MEMO (the kernel's
 * own memo) the memo key is the set of cards left, and the entry keeps above bit 53 the earliest
 * point in the stock at which that set was found lost: at a later point the same cards are lost
 * too (draws and recycles alone lead there). Without it, the memo key is the whole position. */
#ifdef TIME_MEMO
#define KEY_BITS ((INT64_C(1) << 53) - 1)
#define MEMO_KEY(key) ((key) & REMOVED)
static int64_t stock_time(int64_t key) { return (key >> 57) * 25 + ((key >> 52) & 31); }
#else
#define KEY_BITS INT64_C(-1)
#define MEMO_KEY(key) (key)
#endif

static size_t find(const int64_t *memo, int64_t size, int64_t memo_key) {
    size_t mask = (size_t)(size - 1);
    size_t i = (size_t)(((uint64_t)memo_key * UINT64_C(0x9E3779B97F4A7C15)) >> 20) & mask;
    while (memo[i] != 0 && (memo[i] & KEY_BITS) != memo_key + 1) i = (i + 1) & mask;
    return i;
}

static int is_lost(const Plain *p, int64_t key) {
    int64_t entry = p->memo[find(p->memo, p->memo_size, MEMO_KEY(key))];
#ifdef TIME_MEMO
    return entry != 0 && (entry >> 53) <= stock_time(key);
#else
    return entry != 0;
#endif
}

static int remember_lost(Plain *p, int64_t key) {
    if (2 * (p->memo_count + 1) > p->memo_size) {
        int64_t old_size = p->memo_size, *old = p->memo;
        p->memo_size *= 2;
        p->memo = calloc((size_t)p->memo_size, sizeof(int64_t));
        if (p->memo == NULL) return -1;
        for (int64_t i = 0; i < old_size; i++)
            if (old[i] != 0) p->memo[find(p->memo, p->memo_size, (old[i] & KEY_BITS) - 1)] = old[i];
        free(old);
    }
    size_t i = find(p->memo, p->memo_size, MEMO_KEY(key));
    p->memo_count += p->memo[i] == 0;
#ifdef TIME_MEMO
    if (p->memo[i] != 0 && (p->memo[i] >> 53) <= stock_time(key)) return 0;
    p->memo[i] = (MEMO_KEY(key) + 1) | (stock_time(key) << 53);
#else
    p->memo[i] = key + 1;
#endif
    return 0;
}

/* Deck positions of the available cards, pyramid first. */
static int available(const Plain *p, int64_t removed, int drawn, int *out) {
    int n = 0;
    for (int s = 0; s < PYRAMID; s++)
        if (!((removed >> s) & 1) && (removed & p->cover[s]) == p->cover[s]) out[n++] = s;
    if (p->piles) {
        for (int j = 0; j < p->piles; j++)
            for (int q = PYRAMID + 3 * j + 2; q >= PYRAMID + 3 * j; q--)
                if (!((removed >> q) & 1)) {
                    out[n++] = q;
                    break;
                }
        return n;
    }
    for (int k = 0; k < p->wastes; k++) /* each waste pile's top: the last drawn card of it left */
        for (int q = PYRAMID + drawn - 1; q >= PYRAMID; q--)
            if ((q - PYRAMID) % p->wastes == k && !((removed >> q) & 1)) {
                out[n++] = q;
                break;
            }
    if (p->open_stock)
        for (int q = PYRAMID + drawn; q < DECK; q++)
            if (!((removed >> q) & 1)) {
                out[n++] = q;
                break;
            }
    return n;
}

/* 1: won, 0: lost, -1: node limit or out of memory. */
static int search(Plain *p, int64_t key) {
    int64_t removed = key & REMOVED;
    if ((removed & PYRAMID_BITS) == PYRAMID_BITS) return 1;
    if (is_lost(p, key)) return 0;
    if (p->nodes++ >= p->node_limit) return -1;
    int drawn = (int)((key >> 52) & 31), recycles = (int)(key >> 57);
    int avail[16];
    int n = available(p, removed, drawn, avail);
    for (int i = 0; i < n; i++)
        if (p->value[avail[i]] == 13) {
            int found = search(p, canonical(removed | (INT64_C(1) << avail[i]), drawn, recycles));
            if (found == 0 && remember_lost(p, key) < 0) return -1;
            return found;
        }
    int found;
    for (int i = 0; i < n && avail[i] < PYRAMID; i++)
        for (int j = i + 1; j < n; j++)
            if (p->value[avail[i]] + p->value[avail[j]] == 13 &&
                (found = search(p, canonical(removed | (INT64_C(1) << avail[i]) | (INT64_C(1) << avail[j]), drawn,
                                             recycles))) != 0)
                return found;
    if (!p->piles) {
        int taken = 0, last = -1;
        for (int q = PYRAMID + drawn; q < DECK && taken < p->wastes; q++)
            if (!((removed >> q) & 1)) {
                last = q;
                taken++;
            }
        if (last >= 0 && (found = search(p, canonical(removed, last + 1 - PYRAMID, recycles))) != 0) return found;
        if (last < 0 && drawn > 0 && recycles < p->recycles &&
            (found = search(p, canonical(removed, 0, recycles + 1))) != 0)
            return found;
    }
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (avail[i] >= PYRAMID && p->value[avail[i]] + p->value[avail[j]] == 13 &&
                (found = search(p, canonical(removed | (INT64_C(1) << avail[i]) | (INT64_C(1) << avail[j]), drawn,
                                             recycles))) != 0)
                return found;
    return remember_lost(p, key) < 0 ? -1 : 0;
}

/* Decide a deal (deck[p]: the card at deck position p, value card % 13 + 1) under a variant's
 * rules; *nodes gets the positions expanded. Returns 1 (winnable), 0 (lost) or -1 (node limit
 * reached, or no memory). */
int plain_solve(const uint8_t *deck, int wastes, int piles, int open_stock, int recycles, int64_t node_limit,
                int64_t *nodes) {
    Plain p = {.wastes = wastes, .piles = piles, .open_stock = open_stock, .recycles = recycles};
    for (int q = 0; q < DECK; q++) p.value[q] = deck[q] % 13 + 1;
    for (int row = 0; row < 7; row++)
        for (int i = 0; i <= row; i++) {
            int s = row * (row + 1) / 2 + i, a = (row + 1) * (row + 2) / 2 + i;
            p.cover[s] = row < 6 ? (INT64_C(1) << a) | (INT64_C(1) << (a + 1)) : 0;
        }
    p.memo_size = 1 << 14;
    p.memo = calloc((size_t)p.memo_size, sizeof(int64_t));
    p.node_limit = node_limit;
    int found = p.memo ? search(&p, canonical(0, 0, 0)) : -1;
    free(p.memo);
    *nodes = p.nodes;
    return found;
}
