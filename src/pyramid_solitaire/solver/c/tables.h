/* The hash tables: open addressing, linear probing, sizes powers of two. Inline: the search
 * looks a position up in them at every node. */
#ifndef PYRAMID_KERNEL_TABLES_H
#define PYRAMID_KERNEL_TABLES_H

#include "internal.h"

/* Index of `key` in the table, or of the empty slot where it would go. An entry holds key + 1
 * in its `key_bits` (0 marks an empty slot) and maybe a small figure above them. */
static inline size_t find(const int64_t *entries, int64_t key, int bits, int64_t key_bits) {
    size_t mask = ((size_t)1 << bits) - 1;
    size_t i = (size_t)(((uint64_t)key * GOLDEN) >> (64 - bits));
    while (entries[i] != 0 && (entries[i] & key_bits) != key + 1) i = (i + 1) & mask;
    return i;
}

/* Ask the memory for the table slot where `key` is looked up first (see search.c's prefetch_moves). */
static inline void prefetch_slot(const int64_t *entries, const uint8_t *bounds, int64_t key, int bits) {
    size_t i = (size_t)(((uint64_t)key * GOLDEN) >> (64 - bits));
    pk_prefetch(entries + i);
    pk_prefetch(bounds + i);
}

/* How far play has gone through the stock: recycles, then drawn. From a position, draws and
 * recycles alone reach the same cards at every later time, so if it is lost, so are those. */
static inline int64_t stock_time(int64_t key) {
    return (key >> RECYCLES_SHIFT) * 25 + ((key >> DRAWN_SHIFT) & 31);
}

/* With three waste piles a draw takes the next three stock cards left, so from `from` cards drawn
 * the draws reach `drawn` only if the cards left between them come in whole threes (or none is
 * left after it); a recycle starts the next pass at 0. */
static inline bool drawn_reaches(int64_t removed, int from, int drawn) {
    int64_t outside = ~removed & REMOVED_BITS & ~PYRAMID_BITS;
    int64_t between = outside & below_bits(PYRAMID + drawn) & ~below_bits(PYRAMID + from);
    return popcount((uint64_t)between) % 3 == 0 || (outside & ~below_bits(PYRAMID + drawn)) == 0;
}

/* The decision table: the cards left in `key` were found lost at its time or at an earlier one
 * from which draws and recycles alone lead to it. `regrouped` (three waste piles and a recycle
 * to come): not every later time is reached, since a pass deals three cards a draw around the
 * cards gone (three-wastes:passes=2 once lost a won position so); then the earlier time must
 * reach it: in the same pass by whole draws, or from an earlier pass by whole draws from 0.
 * `unlimited` passes: a loss found with no recycle made since the last removal (time below 25)
 * holds for these cards at every time a pass from 0 reaches, whichever came first: from there
 * the stock can be drawn out, turned over and drawn to that time; and a line that wins from
 * such a time with no recycle made wins the same way with one made (until its first removal
 * nothing differs) unless it recycles before removing, which passes through the same times. */
static inline bool known_lost(const int64_t *entries, int64_t key, int bits, bool regrouped, bool unlimited) {
    int64_t entry = entries[find(entries, key & REMOVED_BITS, bits, PK_LOST_KEY)];
    int64_t at = entry >> 53, now = stock_time(key);
    if (entry == 0) return false;
    if (unlimited && at < 25 && (!regrouped || drawn_reaches(key & REMOVED_BITS, 0, (int)(now % 25)))) return true;
    if (at > now) return false;
    if (!regrouped || at == now) return true;
    /* from an earlier pass, whole draws reach it in that pass (the same piles, more passes to
     * come), or after a recycle from 0 */
    int64_t removed = key & REMOVED_BITS;
    if (at % 25 <= now % 25 && drawn_reaches(removed, (int)(at % 25), (int)(now % 25))) return true;
    return at / 25 != now / 25 && drawn_reaches(removed, 0, (int)(now % 25));
}

/* Remember that the cards left in `key` lose from its time on; returns 1 for a new entry. */
static inline int mark_lost(int64_t *entries, int64_t key, int bits) {
    int64_t removed = key & REMOVED_BITS;
    size_t slot = find(entries, removed, bits, PK_LOST_KEY);
    int64_t t = stock_time(key);
    if (entries[slot] == 0 || t < (entries[slot] >> 53)) {
        int fresh = entries[slot] == 0;
        entries[slot] = (removed + 1) | (t << 53);
        return fresh;
    }
    return 0;
}

/* --- a gathering recycle's tables (Apophis, gather.c) -------------------------------------------
 * A slot is two int64: the entry as in the tables above, then `extra`, the gathered word with the
 * round above it (one word gives round 2 and round 3 different orders). 1 << (bits - 1) slots
 * in the same buffers; the bounds by slot. The decision entries keep the earliest time found lost
 * as above, within the round: the same extra is the same round. */
static inline int64_t pair_extra(int64_t key, int64_t gathered) { return gathered | (key >> RECYCLES_SHIFT) << 48; }

static inline size_t find_pair(const int64_t *entries, int64_t key, int64_t extra, int bits, int64_t key_bits) {
    int slot_bits = bits - 1;
    size_t mask = ((size_t)1 << slot_bits) - 1;
    uint64_t hash = ((uint64_t)key + (uint64_t)extra * UINT64_C(0xC2B2AE3D27D4EB4F)) * GOLDEN;
    size_t i = slot_bits > 0 ? (size_t)(hash >> (64 - slot_bits)) : 0;
    key_bits &= ~PK_PAIRED;
    while (entries[2 * i] != 0 && ((entries[2 * i] & key_bits) != key + 1 || entries[2 * i + 1] != extra))
        i = (i + 1) & mask;
    return i;
}

/* known_lost with two words: an earlier time in the round reaches this one by whole draws of the
 * round's order (drawn_reaches on the view). */
static inline bool known_lost_pair(const int64_t *entries, int64_t key, int64_t gathered, int bits) {
    size_t i = find_pair(entries, key & REMOVED_BITS, pair_extra(key, gathered), bits, PK_LOST_KEY);
    int64_t entry = entries[2 * i], at = entry >> 53, now = stock_time(key);
    if (entry == 0 || at > now) return false;
    if (at == now) return true;
    int8_t order[STOCK];
    int n = round_order(key, gathered, order);
    return drawn_reaches(stock_view(key & REMOVED_BITS, order, n), (int)(at % 25), (int)(now % 25));
}

static inline int mark_lost_pair(int64_t *entries, int64_t key, int64_t gathered, int bits) {
    int64_t removed = key & REMOVED_BITS, extra = pair_extra(key, gathered);
    size_t i = find_pair(entries, removed, extra, bits, PK_LOST_KEY);
    int64_t t = stock_time(key);
    if (entries[2 * i] == 0 || t < (entries[2 * i] >> 53)) {
        int fresh = entries[2 * i] == 0;
        entries[2 * i] = (removed + 1) | (t << 53);
        entries[2 * i + 1] = extra;
        return fresh;
    }
    return 0;
}

static inline int bound_of_pair(const int64_t *entries, const uint8_t *bounds, int64_t key, int64_t gathered, int bits) {
    size_t i = find_pair(entries, key, pair_extra(key, gathered), bits, PK_FULL_KEY);
    return entries[2 * i] != 0 ? bounds[i] : 0;
}

static inline int raise_bound_pair(int64_t *entries, uint8_t *bounds, int64_t key, int64_t gathered, int bound, int bits) {
    int64_t extra = pair_extra(key, gathered);
    size_t i = find_pair(entries, key, extra, bits, PK_FULL_KEY);
    if (entries[2 * i] == 0) {
        entries[2 * i] = key + 1;
        entries[2 * i + 1] = extra;
        bounds[i] = (uint8_t)bound;
        return 1;
    }
    if (bound > bounds[i]) bounds[i] = (uint8_t)bound;
    return 0;
}

/* The shortest search's verdict entries (its probes, search.c), in the shortest table beside the
 * bounds, marked by bit 62 (no key has it: recycles end at bit 61) and found by the cards left
 * alone: removed + 1 in bits 0..51, and in bits 52..61 the earliest time (stock_time) at which
 * those cards were found lost (NEVER_LOST if none); the bound byte holds the latest time at which
 * they were found won, plus 1 (0 if none). One waste pile: from a time, draws and recycles alone
 * reach every later time with the same cards, so the cards lost at a time are lost at every later
 * one, and won at a time, won at every earlier one (the probed rules' times stay below 255). */
#define PROBE_MARK (INT64_C(1) << 62)
#define PROBE_MATCH (PROBE_MARK | ((INT64_C(1) << 52) - 1))
#define NEVER_LOST INT64_C(1023)
enum { PROBE_LOST, PROBE_WON, PROBE_OPEN };

static inline size_t find_verdict(const int64_t *entries, int64_t removed, int bits) {
    size_t mask = ((size_t)1 << bits) - 1;
    size_t i = (size_t)(((uint64_t)(removed | PROBE_MARK) * GOLDEN) >> (64 - bits));
    while (entries[i] != 0 && (entries[i] & PROBE_MATCH) != ((removed + 1) | PROBE_MARK)) i = (i + 1) & mask;
    return i;
}

/* What the probes know of `key`: PROBE_LOST, PROBE_WON or PROBE_OPEN (nothing). */
static inline int probe_verdict(const int64_t *entries, const uint8_t *bounds, int64_t key, int bits) {
    size_t slot = find_verdict(entries, key & REMOVED_BITS, bits);
    if (entries[slot] == 0) return PROBE_OPEN;
    int64_t t = stock_time(key);
    if (((entries[slot] >> 52) & 1023) <= t) return PROBE_LOST;
    return t < bounds[slot] ? PROBE_WON : PROBE_OPEN;
}

/* Remember a verdict on `key` (PROBE_LOST or PROBE_WON); returns 1 for a new entry. */
static inline int probe_record(int64_t *entries, uint8_t *bounds, int64_t key, int verdict, int bits) {
    int64_t removed = key & REMOVED_BITS;
    size_t slot = find_verdict(entries, removed, bits);
    int64_t t = stock_time(key);
    int fresh = entries[slot] == 0;
    if (fresh) {
        entries[slot] = (removed + 1) | (NEVER_LOST << 52) | PROBE_MARK;
        bounds[slot] = 0;
    }
    if (verdict == PROBE_LOST && t < ((entries[slot] >> 52) & 1023))
        entries[slot] = (entries[slot] & ~(NEVER_LOST << 52)) | (t << 52);
    if (verdict == PROBE_WON && t + 1 > bounds[slot]) bounds[slot] = (uint8_t)(t + 1);
    return fresh;
}

/* The shortest table: the lower bound proven for `key` so far (0 if none). */
static inline int bound_of(const int64_t *entries, const uint8_t *bounds, int64_t key, int bits) {
    size_t slot = find(entries, key, bits, PK_FULL_KEY);
    return entries[slot] != 0 ? bounds[slot] : 0;
}

/* Store a proven lower bound (never lowering one); returns 1 for a new entry. */
static inline int raise_bound(int64_t *entries, uint8_t *bounds, int64_t key, int bound, int bits) {
    size_t slot = find(entries, key, bits, PK_FULL_KEY);
    if (entries[slot] == 0) {
        entries[slot] = key + 1;
        bounds[slot] = (uint8_t)bound;
        return 1;
    }
    if (bound > bounds[slot]) bounds[slot] = (uint8_t)bound;
    return 0;
}

#endif
