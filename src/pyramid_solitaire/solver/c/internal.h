/* The kernel's own layout of the caller's buffers, and the helpers every section shares. */
#ifndef PYRAMID_KERNEL_INTERNAL_H
#define PYRAMID_KERNEL_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bits.h"
#include "kernel.h"

#define PYRAMID PK_PYRAMID
#define DECK PK_DECK
#define MAX_MOVES PK_MAX_MOVES
#define STOCK (DECK - PYRAMID)
/* The longest line with unlimited passes (kernel.h's PK_MAX_DEPTH): 52 removals, and between two
 * of them (53 gaps) at most a pass of draws, one recycle and a pass more. */
#define UNLIMITED_DEPTH (DECK + (DECK + 1) * (2 * STOCK + 1))
#define REMOVED_BITS ((INT64_C(1) << DECK) - 1)
#define PYRAMID_BITS ((INT64_C(1) << PYRAMID) - 1)
#define DRAWN_SHIFT 52
#define RECYCLES_SHIFT 57
#define GOLDEN UINT64_C(0x9E3779B97F4A7C15) /* Fibonacci hashing: the top bits of key * this */

/* The relaxed game's memo (proofs.c) and its explicit stack. */
#define RELAXED_MEMO_BITS 16
#define RELAXED_DEPTH 32 /* each relaxed move takes a pyramid card: depth <= 28 */
#define RELAXED_MOVES 48
/* The estimate's direct-mapped memo of pyramid figures (estimate.c). */
#define PYRAMID_MEMO_BITS 12
#define PYRAMID_MEMO_WIDTH 32
#define CLASS_CARDS 8 /* a class {v, 13-v} has at most 8 cards in the pyramid */
/* The shortest search's probes (search.c): the most positions one probe searches, and (the work
 * area's controls PK_PROBE_SLACK and PK_PROBE_AFTER, which pk_work_init sets to these) the least
 * slack under the limit of a position probed and from how many positions searched on. Probes
 * pay far under the limit, where most positions are lost; nearer it most are won and a probe is
 * waste (docs/solver.md, "The probes' slack": 20 serves each of the five slow lines). */
#define PROBE_NODES 2000
#define PROBE_SLACK 20
#define PROBE_AFTER 1000000
/* The decision search's restarts (search.c, Cheops): the positions of its first run, the unit of
 * the Luby sequence that gives each run's length after it, and after how many restarts the run
 * goes on to the end (docs/solver.md, "SOLVER_VERSION 13"). */
#define RESTART_BASE 1000
#define RESTART_MOST 1000

/* Rules, as pk_cards_init and pk_cards_goal take them. RULE_RECYCLES: the recycles a key may
 * count (1 with unlimited passes: whether one was made since the last removal); RULE_LAST: the
 * count from which the pass is the last (never, with unlimited passes); RULE_FULL_GOAL: the goal
 * holds the whole pyramid (the shortest search's estimate assumes it); RULE_DEPTH: the longest
 * line (pk_depth). */
enum {
    RULE_WASTES,
    RULE_PILES,
    RULE_OPEN,
    RULE_RECYCLES,
    RULE_SHORTEST,
    RULE_LAST,
    RULE_UNLIMITED,
    RULE_OVERLAP,
    RULE_FULL_GOAL,
    RULE_DEPTH,
    RULE_GENERAL,  /* the rules as data (pk_cards_layout): any cover relation and pairing */
    RULE_PER_DRAW, /* cards a draw takes from the stock: 1, or 3 (three wastes, or Tut's Tomb) */
    RULE_GROUPED,  /* a draw takes three cards: after a recycle they come up in other groups */
    RULE_THIRTEEN, /* general rules that pair sums of 13, kings alone: one partner value each */
    RULE_PARTNERS, /* the partner proof (short_of_partners) runs */
    RULE_RELAXED,  /* rules as data, sums of 13 with kings alone and a stock: the relaxed game runs */
    RULE_ALL_GO,   /* rules as data, the goal all 52 cards: the count proof (proofs.c's uneven) runs */
    RULE_GATHER,   /* a recycle gathers the three wastes one after another (Apophis: gather.c) */
    RULES
};

/* The deal as the search sees it. Per deck position: the card's value and the mask of positions
 * holding its partners; per value v: the mask of positions holding a card worth v; `alone` the
 * positions of the cards removed alone (the kings). The tableau's masks: COVER[s] the positions
 * covering position s, CONE[s] every position above or below s (a partner there can never be
 * free with s); 0 outside the tableau. The pyramid's 28 slots by default, any cover relation of
 * up to 52 positions with pk_cards_layout (then `general`). Pile masks of three wastes and Giza.
 * The shortest search's pair tables (estimate.c). */
typedef struct {
    int64_t partners[DECK];
    int64_t holding[14];
    int64_t cover[DECK];
    int64_t cone[DECK];
    int64_t wastes[3];
    int64_t piles[8];
    int64_t covers[DECK]; /* the positions that position s lies over: overlap discards */
    int64_t tableau;      /* the tableau's positions: the pyramid's 28, or pk_cards_layout's */
    int64_t alone;        /* positions of the cards removed alone */
    int64_t goal;            /* the positions whose cards must all be gone to win */
    int64_t need;            /* the pyramid slots that must go: the goal's and every slot over them */
    int64_t kings_first;     /* positions whose king the shortest search removes without branching */
    int64_t goal_outside;    /* the goal's positions outside the pyramid (none by default) */
    int64_t removal_keeps;   /* the key's recycles a removal keeps: all, or none with unlimited passes */
    int32_t values[DECK];
    int32_t value_pairs[14]; /* rules as data: per value v, bit u - 1 when values v and u pair */
    int32_t alone_values;    /* and bit v - 1 for a value removed alone */
    int32_t rules[RULES + 3];
    int8_t class_slots[7 * CLASS_CARDS];
    uint8_t class_pairs[7 << CLASS_CARDS];
    /* goals outside the pyramid (proofs.c's partner_tables): per class c, the deck positions of
     * its eight cards, and per subset of them left whether those that must go can all be paired */
    int8_t deck_slots[7 * CLASS_CARDS];
    uint8_t pairable[7 << CLASS_CARDS];
} Cards;

/* One depth of the explicit search stack: the position (its key, and with a gathering recycle
 * the stock's order in `gathered`), how many moves, how many were tried,
 * (shortest search) the least bound found below it, and its moves. */
typedef struct {
    int64_t key;
    int64_t gathered; /* a gathering recycle's word (gather.c); 0 in every other game */
    int32_t count;
    int32_t tried;
    int32_t below;
    uint16_t moves[MAX_MOVES];
} Frame;

/* Everything one search works in besides its table. Narrow types where the figures are small:
 * the stack's moves are 14-bit codes, the pyramid figures at most 28. The stack comes last and
 * holds as many depths as the rules' longest line (pk_depth): the six variants need at most
 * 127 of them, unlimited passes 2650, and a smaller area is less to allocate and zero. */
typedef struct {
    int64_t control[PK_CONTROLS];
    /* scratch of the move generator and the estimate */
    int32_t available[64];
    int32_t need[14];
    int32_t above[8];
    /* the estimate's memo: pyramid cards left, and their figures */
    int64_t pyramids[1 << PYRAMID_MEMO_BITS];
    uint8_t figures[PYRAMID_MEMO_WIDTH << PYRAMID_MEMO_BITS];
    /* the relaxed game: its memo (positions, verdicts) and its own explicit stack */
    uint64_t relaxed_memo[1 << RELAXED_MEMO_BITS];
    uint8_t relaxed_verdicts[1 << RELAXED_MEMO_BITS];
    uint64_t relaxed_keys[RELAXED_DEPTH];
    int32_t relaxed_counts[RELAXED_DEPTH];
    int32_t relaxed_tried[RELAXED_DEPTH];
    uint16_t relaxed_moves[RELAXED_DEPTH * RELAXED_MOVES];
    Frame frames[]; /* depths 0..pk_depth(cards) */
} Work;

/* A function inlined where it is called even when the compiler would call it (moves.c's moves_of:
 * one copy for each search's move generator, as one function was before the probes). */
#if defined(_MSC_VER) && !defined(__clang__)
#define ALWAYS_INLINE __forceinline
#else
#define ALWAYS_INLINE inline __attribute__((always_inline))
#endif

static inline int popcount(uint64_t x) { return pk_popcount64(x); }
static inline int min_int(int a, int b) { return a < b ? a : b; }
static inline int max_int(int a, int b) { return a > b ? a : b; }

static inline int64_t canonical(int64_t removed, int64_t drawn, int64_t recycles) {
    /* waste positions at the end that are gone do not count as drawn */
    while (drawn > 0 && ((removed >> (PYRAMID - 1 + drawn)) & 1)) drawn--;
    return removed | (drawn << DRAWN_SHIFT) | (recycles << RECYCLES_SHIFT);
}

static inline int64_t bit(int p) { return INT64_C(1) << p; }
static inline int64_t below_bits(int p) { return (INT64_C(1) << p) - 1; } /* positions < p */
static inline int lowest(int64_t set) { return pk_ctz64((uint64_t)set); }      /* set != 0 */
static inline int highest(int64_t set) { return 63 - pk_clz64((uint64_t)set); } /* set != 0 */

/* The free pyramid slots among those `left`, row by row in a few bit operations (the move
 * generator and the relaxed game ask at every node): slot (row, i) is free when it is left and
 * neither (row + 1, i) nor (row + 1, i + 1) is, and row r starts at bit r * (r + 1) / 2. */
static inline int64_t free_slots(int64_t left) {
    int64_t free = left & (INT64_C(127) << 21); /* the bottom row */
    for (int row = 0; row < 6; row++) {
        int start = row * (row + 1) / 2, next = start + row + 1;
        int64_t under = (left >> next) & below_bits(row + 2);
        free |= (left >> start & below_bits(row + 1) & ~(under | under >> 1)) << start;
    }
    return free;
}

/* moves.c */
int available(const Cards *cards, int64_t removed, int64_t drawn, int32_t *out);
int moves(const Cards *cards, int64_t key, int32_t *avail, uint16_t *out);
int moves_seeded(const Cards *cards, int64_t key, int32_t *avail, uint16_t *out, int seed);
int decision_moves(const Cards *cards, int64_t key, int32_t *avail, uint16_t *out);
int64_t play(const Cards *cards, int64_t key, int move);
/* gather.c: Apophis */
int round_order(int64_t key, int64_t gathered, int8_t *order);
int64_t stock_view(int64_t removed, const int8_t *order, int n);
int64_t canonical_view(int64_t key, const int8_t *order, int n);
int gathering_moves(const Cards *cards, int64_t key, int64_t gathered, int32_t *avail, uint16_t *out);
int64_t play_gathering(const Cards *cards, int64_t key, int64_t *gathered, int move);
bool stranded_gathered(const Cards *cards, int64_t key, int64_t gathered);
int moves_viewed(const Cards *cards, int64_t key, int64_t view, const int8_t *order, int32_t *avail, uint16_t *out);
/* proofs.c */
int blocker(const Cards *cards, int64_t removed, int first, int last, int step, int64_t partners_from);
bool lost(const Cards *cards, Work *work, int64_t key, int64_t gathered);
bool may_lose(const Cards *cards, int64_t child, int move);
void partner_tables(Cards *cards);
/* estimate.c */
void pair_tables(Cards *cards);
int estimate(const Cards *cards, Work *work, int64_t key);

#endif
