/* A C driver of the solver kernel for benchmarks/kernel_instructions.py: the decision search (or,
 * with -s, the shortest search after it) over the decks of a file, as solver/search.py runs it:
 * per deal a cards buffer, a zeroed work area and a zeroed table of 2^14 slots that doubles
 * (pk_rehash) up to 2^25, the search in slices of 2^20 nodes. Prints the deals, the won ones, the
 * states and the shortest steps, so two kernels' runs can be held to the same search.
 * Input records: wastes, piles, open_stock, recycles (int8 each, recycles -1 unlimited), 52 cards. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel.h"

#define FIRST_BITS 14
#define MAX_BITS 25
#define SLICE (INT64_C(1) << 20)

typedef struct {
    int64_t *entries;
    uint8_t *bounds;
    int bits;
} Table;

static void *zeroed(size_t n) { /* bytearray(n): an allocation written with zeros */
    void *p = malloc(n);
    if (!p) exit(3);
    return memset(p, 0, n);
}

static Table table(int bits) { return (Table){zeroed((size_t)8 << bits), zeroed((size_t)1 << bits), bits}; }

static void grow(Table *t, void *work, int64_t key_bits) {
    Table bigger = table(t->bits < MAX_BITS ? t->bits + 1 : MAX_BITS);
    if (t->bits >= MAX_BITS)
        pk_set_control(work, PK_COUNT, 0);
    else
        pk_rehash(t->entries, t->bounds, t->bits, bigger.entries, bigger.bounds, bigger.bits, key_bits);
    free(t->entries);
    free(t->bounds);
    *t = bigger;
}

/* One search of `key` to its end; `limit` for the shortest search. */
static int run(void *cards, void *work, Table *t, int64_t key, int limit, int64_t key_bits) {
    int status = pk_start(cards, work, key);
    while (status == PK_BUDGET) {
        status = pk_search(cards, work, t->entries, t->bounds, t->bits, pk_control(work, PK_NODES) + SLICE, limit);
        if (status == PK_GROW) {
            grow(t, work, key_bits);
            status = PK_BUDGET;
        }
    }
    return status;
}

typedef struct {
    void *cards, *work;
    Table table;
} Search;

static Search begin(const int8_t *rules, const uint8_t *deck, int shortest) {
    Search s = {zeroed((size_t)pk_cards_bytes()), NULL, table(FIRST_BITS)};
    if (pk_cards_init(s.cards, deck, rules[0], rules[1], rules[2], rules[3], shortest) != 0) exit(4);
#if PK_MAX_DEPTH == 200 || PK_MAX_DEPTH == 2700 /* the kernels before the stack took the rules' depth */
    s.work = zeroed((size_t)pk_work_bytes());
#else
    s.work = zeroed((size_t)pk_work_bytes(pk_depth(s.cards)));
#endif
    pk_work_init(s.work);
    return s;
}

static void end(Search *s) {
    free(s->cards);
    free(s->work);
    free(s->table.entries);
    free(s->table.bounds);
}

int main(int argc, char **argv) {
    int shortest = argc > 1 && strcmp(argv[1], "-s") == 0;
    unsigned char record[56];
    long deals = 0, won = 0, steps = 0;
    int64_t states = 0;
    while (fread(record, 1, sizeof record, stdin) == sizeof record) {
        const int8_t *rules = (const int8_t *)record;
        const uint8_t *deck = record + 4;
        Search decision = begin(rules, deck, 0);
        int64_t key = pk_pack(0, 0, 0);
        int status = run(decision.cards, decision.work, &decision.table, key, 0, PK_LOST_KEY);
        int64_t nodes = pk_control(decision.work, PK_NODES);
        int length = (int)pk_control(decision.work, PK_DEPTH);
        end(&decision);
        deals++;
        if (status == PK_WIN) won++;
        if (shortest && status == PK_WIN) { /* search.py's shortest_line: falling limits */
            Search deeper = begin(rules, deck, 1);
            pk_set_control(deeper.work, PK_NODES, nodes);
            int at_least = pk_estimate(deeper.cards, deeper.work, key);
            if (at_least < 1) at_least = 1;
            while (length > at_least) {
                int limit = length - 1 < 200 ? length - 1 : 200;
                if (run(deeper.cards, deeper.work, &deeper.table, key, limit, PK_FULL_KEY) == PK_LOST) break;
                length = (int)pk_control(deeper.work, PK_DEPTH);
            }
            nodes = pk_control(deeper.work, PK_NODES);
            steps += length;
            end(&deeper);
        }
        states += nodes;
    }
    printf("%ld %ld %lld %ld\n", deals, won, (long long)states, steps);
    return 0;
}
