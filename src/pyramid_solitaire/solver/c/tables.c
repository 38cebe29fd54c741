/* Growing a hash table (tables.h has the lookups). */
#include "tables.h"

/* Two words a slot (a gathering recycle, tables.h) */
static void rehash_pairs(const int64_t *old_entries, const uint8_t *old_bounds, int32_t old_bits, int64_t *new_entries,
                         uint8_t *new_bounds, int32_t new_bits, int64_t key_bits) {
    size_t size = (size_t)1 << (old_bits - 1);
    for (size_t i = 0; i < size; i++) {
        if (old_entries[2 * i] != 0) {
            int64_t key = (old_entries[2 * i] & key_bits & ~PK_PAIRED) - 1;
            size_t j = find_pair(new_entries, key, old_entries[2 * i + 1], new_bits, key_bits);
            new_entries[2 * j] = old_entries[2 * i];
            new_entries[2 * j + 1] = old_entries[2 * i + 1];
            new_bounds[j] = old_bounds[i];
        }
    }
}

void pk_rehash(const int64_t *old_entries, const uint8_t *old_bounds, int32_t old_bits, int64_t *new_entries,
               uint8_t *new_bounds, int32_t new_bits, int64_t key_bits) {
    if (key_bits == PK_LOST_PAIRS || key_bits == PK_FULL_PAIRS) {
        rehash_pairs(old_entries, old_bounds, old_bits, new_entries, new_bounds, new_bits, key_bits);
        return;
    }
    size_t size = (size_t)1 << old_bits;
    for (size_t i = 0; i < size; i++) {
        if (old_entries[i] != 0) {
            size_t j = key_bits == PK_FULL_KEY && (old_entries[i] & PROBE_MARK)
                           ? find_verdict(new_entries, (old_entries[i] & ((INT64_C(1) << 52) - 1)) - 1, new_bits)
                           : find(new_entries, (old_entries[i] & key_bits) - 1, new_bits, key_bits);
            new_entries[j] = old_entries[i];
            new_bounds[j] = old_bounds[i];
        }
    }
}
