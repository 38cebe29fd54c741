/* Growing a hash table (tables.h has the lookups). */
#include "tables.h"

void pk_rehash(const int64_t *old_entries, const uint8_t *old_bounds, int32_t old_bits, int64_t *new_entries,
               uint8_t *new_bounds, int32_t new_bits, int64_t key_bits) {
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
