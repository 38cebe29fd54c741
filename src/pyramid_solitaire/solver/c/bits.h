/* The few compiler builtins the kernel uses, for GCC and Clang (and clang's wasm32 target) and
 * for MSVC, which has none of them under these names. Each is one instruction on current CPUs. */
#ifndef PYRAMID_KERNEL_BITS_H
#define PYRAMID_KERNEL_BITS_H

#include <stdint.h>

/* PK_MSVC_INTRINSICS: MSVC's branch elsewhere too (tests/test_dist.py compiles it with mingw's intrin.h) */
#if (defined(_MSC_VER) && !defined(__clang__)) || defined(PK_MSVC_INTRINSICS)
#include <intrin.h>
#if defined(_M_X64)
#include <xmmintrin.h>
#define pk_prefetch(address) _mm_prefetch((const char *)(address), _MM_HINT_T0)
#else
#define pk_prefetch(address) ((void)(address)) /* a hint only: without it the search is the same */
#endif
static inline int pk_popcount64(uint64_t x) {
    /* the portable count: __popcnt64 needs a CPU with POPCNT and is missing on ARM64 */
    x = x - ((x >> 1) & UINT64_C(0x5555555555555555));
    x = (x & UINT64_C(0x3333333333333333)) + ((x >> 2) & UINT64_C(0x3333333333333333));
    x = (x + (x >> 4)) & UINT64_C(0x0F0F0F0F0F0F0F0F);
    return (int)((x * UINT64_C(0x0101010101010101)) >> 56);
}
static inline int pk_ctz64(uint64_t x) { /* x != 0 */
    unsigned long index;
    _BitScanForward64(&index, x);
    return (int)index;
}
static inline int pk_clz64(uint64_t x) { /* x != 0 */
    unsigned long index;
    _BitScanReverse64(&index, x);
    return 63 - (int)index;
}
#else
#define pk_prefetch(address) __builtin_prefetch(address)
static inline int pk_popcount64(uint64_t x) { return __builtin_popcountll(x); }
static inline int pk_ctz64(uint64_t x) { return __builtin_ctzll(x); } /* x != 0 */
static inline int pk_clz64(uint64_t x) { return __builtin_clzll(x); } /* x != 0 */
#endif

#endif
