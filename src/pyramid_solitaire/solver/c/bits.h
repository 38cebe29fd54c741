/* The few compiler builtins the kernel uses, for GCC and Clang (and clang's wasm32 target) and
 * for MSVC, which has none of them under these names. Each is one instruction on current CPUs. */
#ifndef PYRAMID_KERNEL_BITS_H
#define PYRAMID_KERNEL_BITS_H

#include <stdint.h>

/* The count without the instruction: a few shifts and one multiply (libgcc's __popcountdi2, which
 * __builtin_popcountll calls when the target lacks POPCNT, looks a table up byte by byte). */
static inline int pk_popcount64_portable(uint64_t x) {
    x = x - ((x >> 1) & UINT64_C(0x5555555555555555));
    x = (x & UINT64_C(0x3333333333333333)) + ((x >> 2) & UINT64_C(0x3333333333333333));
    x = (x + (x >> 4)) & UINT64_C(0x0F0F0F0F0F0F0F0F);
    return (int)((x * UINT64_C(0x0101010101010101)) >> 56);
}

/* PK_MSVC_INTRINSICS: MSVC's branch elsewhere too (tests/test_dist.py compiles it with mingw's intrin.h) */
#if (defined(_MSC_VER) && !defined(__clang__)) || defined(PK_MSVC_INTRINSICS)
#include <intrin.h>
#if defined(_M_X64)
#include <xmmintrin.h>
#define pk_prefetch(address) _mm_prefetch((const char *)(address), _MM_HINT_T0)
#else
#define pk_prefetch(address) ((void)(address)) /* a hint only: without it the search is the same */
#endif
/* __popcnt64 needs a CPU with POPCNT and is missing on ARM64 */
static inline int pk_popcount64(uint64_t x) { return pk_popcount64_portable(x); }
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
#if defined(__x86_64__) && !defined(__POPCNT__) && !defined(PK_PORTABLE_POPCOUNT)
/* Baseline x86-64 (the wheel's tag promises it: CPUs before 2008 and qemu64 lack POPCNT): the
 * instruction where the CPU has it, chosen at run time. The check is one load and a well predicted
 * branch, kept inline (an ifunc or target_clones would make each count a call); the instruction is
 * written as asm because GCC refuses to inline a target("popcnt") function into baseline code.
 * __builtin_cpu_supports reads what libgcc's (or compiler-rt's) constructor found with cpuid. */
static inline int pk_popcount64(uint64_t x) {
    if (__builtin_expect(__builtin_cpu_supports("popcnt"), 1)) {
        uint64_t count;
        __asm__("popcntq %1, %0" : "=r"(count) : "rm"(x) : "cc");
        return (int)count;
    }
    return pk_popcount64_portable(x);
}
#elif defined(PK_PORTABLE_POPCOUNT) /* benchmarks/popcount.py: the fallback alone */
static inline int pk_popcount64(uint64_t x) { return pk_popcount64_portable(x); }
#else /* built with -mpopcnt (or wasm32, ARM64): the compiler's own instruction */
static inline int pk_popcount64(uint64_t x) { return __builtin_popcountll(x); }
#endif
static inline int pk_ctz64(uint64_t x) { return __builtin_ctzll(x); } /* x != 0 */
static inline int pk_clz64(uint64_t x) { return __builtin_clzll(x); } /* x != 0 */
#endif

#endif
