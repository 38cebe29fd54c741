/* The solver's kernel: depth-first search over packed positions, in C11.
 *
 * One source for every place the solver runs: the CPython extension (solver/_kernel.c) and,
 * compiled with `clang --target=wasm32 -nostdlib`, the page. So the kernel needs nothing from a
 * C library: no allocation, no stdio; only <stdint.h>, <stddef.h> and <stdbool.h>. The caller
 * owns every buffer the search works in (the deal's tables, the work area, the hash table) and
 * runs the search in slices of a node budget, reading its clock and growing the table between
 * slices. The functions are reentrant: two searches on different buffers may run at once.
 *
 * A position packs into one int64 key: removed (52 bits, deck positions: 0..27 the pyramid row
 * by row, 28..51 the stock from its top) | drawn << 52 | recycles << 57. `drawn` is canonical:
 * trailing removed waste positions are dropped (pk_pack), so two ways of writing the same
 * physical position give one key. With a gathering recycle (Apophis) a second word, `gathered`,
 * gives the stock's order after a gather, and `drawn` counts in that order (gather.c).
 *
 * Two modes share the move generator, a quick proof of loss and the node count:
 * - the decision search: does a winning line exist? The table keeps, per set of cards left, the
 *   earliest point in the stock at which it was found lost.
 * - the shortest search: one iteration of IDA* per run with a `limit`. The table keeps, per
 *   position, a proven lower bound on the steps still needed; it only ever rises.
 *
 * Buffers (all caller-owned, 8-byte aligned, sizes in bytes):
 *   cards    pk_cards_bytes()   the deal as the search sees it; filled by pk_cards_init.
 *   work     pk_work_bytes(pk_depth(cards))  memos, scratch, the control words and a stack
 *                               as deep as the deal's rules go; pk_work_init.
 *   entries  8 << bits          the hash table's int64 entries, zeroed (0 = empty slot).
 *   bounds   1 << bits          its uint8 bounds (shortest search; the decision search ignores
 *                               them but rehash copies them), zeroed. bits: 1..30.
 * The layouts of cards and work are the kernel's own (internal.h: Cards, Work); a caller only
 * needs their sizes. 64-bit integers cross the API as int64_t (BigInt in JavaScript).
 * Building freestanding: the C uses no library function, but a compiler may still turn the
 * zeroing loops of pk_work_init and the relaxed memo into a call of memset (C compilers may emit
 * memset/memcpy even with -ffreestanding); give wasm32 `-mbulk-memory` (memory.fill) or a memset.
 * Usage: pk_cards_init, pk_work_init, a zeroed table; pk_start(key); then pk_search until it
 * returns PK_WIN or PK_LOST; on PK_GROW make a table twice as big (pk_rehash into it) or, at
 * the memory cap, a zeroed one of the same size with control PK_COUNT set to 0; then call
 * pk_search again. On PK_WIN, pk_line gives the moves.
 */
#ifndef PYRAMID_KERNEL_H
#define PYRAMID_KERNEL_H

#include <stdint.h>

#define PK_PYRAMID 28
#define PK_DECK 52
/* The most recycles a variant may have (its passes - 1), or PK_UNLIMITED: recycles live in bits
 * 57.. of a key and the decision table keeps recycles * 25 + drawn in 10 bits. */
#define PK_MAX_RECYCLES 31
#define PK_UNLIMITED (-1)
/* The deepest a search goes (pk_depth gives a deal's): at most 52 removals; between two removals
 * at most 24 draws, and with unlimited passes one recycle and 24 draws more (a second recycle
 * would come back to the position after the first: the kernel keeps, instead of a count, whether
 * a recycle was made since the last removal, see moves.c), so 52 + 53 * 49 = 2649; with
 * `recycles` recycles 52 + (recycles + 1) * 24 + recycles (pyramid: 126; PK_MAX_RECYCLES: 851);
 * Giza 52. */
#define PK_MAX_DEPTH 2649
#define PK_MAX_MOVES 80  /* at most 7 free pyramid cards + 8 piles or 3 wastes + 1 stock card */

/* Move codes: kind | a << 2 | b << 8 (a, b deck positions; a draw keeps its new `drawn` in a). */
enum { PK_KING = 0, PK_PAIR = 1, PK_DRAW = 2, PK_RECYCLE = 3 };
/* Results of pk_start and pk_search. */
enum { PK_WIN = 0, PK_LOST = 1, PK_BUDGET = 2, PK_GROW = 3 };
/* Control words in the work area (pk_control): where the search stands between slices. */
enum {
    PK_DEPTH = 0,   /* depth of the stack's top; on PK_WIN the length of the line */
    PK_NODES = 1,   /* positions searched so far (counted past the table and the bound) */
    PK_COUNT = 2,   /* entries in the hash table */
    PK_BOUND = 3,   /* after a failed IDA* iteration: the root's bound, the next limit */
    PK_RELAXED = 4, /* entries in the relaxed game's memo */
    PK_PROBE_AFTER = 5, /* shortest search: the positions searched from which it probes (search.c) */
    PK_PROBE_SLACK = 6, /* and the least slack under the limit of a position it probes */
    PK_GATHERED = 7,    /* a gathering recycle: the root's gathered word (gather.c), read by pk_start */
    PK_RESTARTS = 8,    /* the decision search's restarts so far (Cheops: search.c) */
    PK_RESTART_AT = 9,  /* and the positions searched at which the next one comes */
    PK_CONTROLS = 10
};
/* Key bits of a table entry (pk_rehash): decision entries hold removed + 1 in the low 53 bits
 * and the time found lost above; shortest entries hold the whole key + 1. */
#define PK_LOST_KEY ((INT64_C(1) << 53) - 1)
#define PK_FULL_KEY INT64_C(-1)
/* A gathering recycle (Apophis, pk_cards_gather) keys a position with two words: its table's slot
 * is two int64 (the entry as above, then the gathered word with the round), 1 << (bits - 1) of
 * them in the same buffers; its key_bits (pk_key_bits) carry PK_PAIRED. */
#define PK_PAIRED (INT64_C(1) << 62)
#define PK_LOST_PAIRS (PK_LOST_KEY | PK_PAIRED)
#define PK_FULL_PAIRS (PK_PAIRED | (PK_PAIRED - 1))
#define PK_INFINITE 255 /* a lower bound meaning "cannot be won" */

/* Sizes of the cards and work buffers in bytes: a work area whose stack holds lines of `depth`
 * moves (0..PK_MAX_DEPTH; out of range: PK_MAX_DEPTH). A search of cards needs
 * pk_work_bytes(pk_depth(cards)) at least; one area of pk_work_bytes(PK_MAX_DEPTH) fits any. */
int32_t pk_cards_bytes(void);
int32_t pk_work_bytes(int32_t depth);

/* Fill `cards` for a deck in deal order (deck[p]: the card at deck position p, 0..51, value
 * card % 13 + 1) and a variant's rules: wastes 1 or 3 and piles 0, or wastes 0 and piles 8 (Giza),
 * or wastes 0 and piles 0 (no stock: then pk_cards_layout gives the tableau); open_stock 0/1,
 * recycles 0..PK_MAX_RECYCLES or PK_UNLIMITED, shortest 0 (decision search) or 1 (shortest
 * search). The goal is the pyramid, without overlap discards (pk_cards_goal changes both).
 * Returns 0, or -1 if the deck or the rules are not valid. */
int32_t pk_cards_init(void *cards, const uint8_t *deck, int32_t wastes, int32_t piles, int32_t open_stock,
                      int32_t recycles, int32_t shortest);
/* After pk_cards_init, the rules as data (the family's games, docs/rules-decisions.md), before
 * pk_cards_goal: covered_by[p] the mask of positions covering deck position p (DECK masks; only
 * later tableau positions); `tableau` the positions of the layout and its reserve piles: the
 * first 28 before a stock (wastes 1 or 3), all 52 with no stock (wastes 0, piles 0); pairs[13 *
 * (a - 1) + (b - 1)] 1 when values a and b pair (symmetric; two cards of one value pair when
 * pairs says so for it), `alone` bit v - 1 for a value removed alone; draw 1, or 3 cards onto
 * one waste pile. The goal becomes the tableau. Returns 0, or -1 for rules it cannot play. */
int32_t pk_cards_layout(void *cards, const int64_t *covered_by, int64_t tableau, const uint8_t *pairs,
                        int32_t alone, int32_t draw);
/* After pk_cards_init: the goal, a mask of deck positions whose cards must all be gone to win
 * (the pyramid's 28 by default, all 52 to win with every card, any set for a challenge), and
 * overlap discards 0/1 (a pyramid card pairs with the one card left over it, when that is free).
 * Returns 0, or -1 for an empty goal, one past the 52 positions, or overlap not 0/1. */
int32_t pk_cards_goal(void *cards, int64_t goal, int32_t overlap);
/* After pk_cards_layout (and before pk_cards_goal, or it is made again): a recycle gathers the
 * three waste piles one after another and deals the first three cards of the new stock (Apophis,
 * gather.c). Needs three wastes drawn one card each, a closed stock and at most 2 recycles.
 * The root's stock order then comes in control PK_GATHERED (pk_gathered), and the table's
 * slots are two words: pass pk_key_bits to pk_rehash. Returns 0, or -1 for other rules. */
int32_t pk_cards_gather(void *cards);
/* The key_bits of a search of `cards` (pk_rehash): PK_LOST_KEY or PK_FULL_KEY, *_PAIRS when gathering. */
int64_t pk_key_bits(const void *cards);
/* The gathered word of a round whose stock (deck positions, top first, the cards gone since the
 * gather too) is order[0..n), after `recycles` gathers (0: 0, the deal's order), or -1 if no
 * gathering makes that order. */
int64_t pk_gathered(const uint8_t *order, int32_t n, int32_t recycles);
/* The longest line a search of `cards` can hold on its stack (by their rules, pk_cards_init). */
int32_t pk_depth(const void *cards);
/* Make `work` (pk_work_bytes(depth) bytes for some depth, any content) ready for a new search. */
void pk_work_init(void *work);

/* The canonical key of a position. */
int64_t pk_pack(int64_t removed, int64_t drawn, int64_t recycles);

/* Put the root position on the stack: PK_WIN if already won, PK_LOST if no move can help,
 * else PK_BUDGET (then run pk_search). */
int32_t pk_start(const void *cards, void *work, int64_t key);

/* Search from the stack as pk_start or an earlier call left it, until a result or `budget`
 * nodes in all (PK_NODES counts on across calls). `limit`: the shortest search's most steps
 * (ignored by the decision search). Returns PK_WIN, PK_LOST, PK_BUDGET, or PK_GROW when the
 * table is half full (grow it and call again: nothing is lost). */
int32_t pk_search(const void *cards, void *work, int64_t *entries, uint8_t *bounds, int32_t bits,
                  int64_t budget, int32_t limit);

/* Move every entry of a table of 1 << old_bits slots into a zeroed one of 1 << new_bits;
 * key_bits is pk_key_bits: PK_LOST_KEY (decision search) or PK_FULL_KEY (shortest search), or
 * with a gathering recycle PK_LOST_PAIRS or PK_FULL_PAIRS. */
void pk_rehash(const int64_t *old_entries, const uint8_t *old_bounds, int32_t old_bits, int64_t *new_entries,
               uint8_t *new_bounds, int32_t new_bits, int64_t key_bits);

/* The shortest search's lower bound on the steps still needed from `key` (uses work's memo). */
int32_t pk_estimate(const void *cards, void *work, int64_t key);

/* Read or set a control word (PK_DEPTH ...). */
int64_t pk_control(const void *work, int32_t which);
void pk_set_control(void *work, int32_t which, int64_t value);

/* After PK_WIN: writes the line's move codes to out (room for PK_MAX_DEPTH), returns how many. */
int32_t pk_line(const void *work, int32_t *out);

/* For tests: the kernel's own tables (the deal's card values, partner and holding masks, the
 * pyramid's covering masks) and the waste blocker of the quick proof (see proofs.c). */
int64_t pk_table_value(const void *cards, int32_t table, int32_t index);
enum { PK_VALUES = 0, PK_PARTNERS = 1, PK_HOLDING = 2, PK_COVER = 3, PK_ALONE = 4 };
int32_t pk_blocker(const void *cards, int64_t removed, int32_t first, int32_t last, int32_t step,
                   int64_t partners_from);

#endif
